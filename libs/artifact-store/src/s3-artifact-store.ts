import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from 'minio';
import { ARTIFACT_NAME_PATTERN, validateAgentId, validateArtifactKey, type ArtifactKey } from './artifact-key.js';
import type { ArtifactStore, PutArtifactMeta, StoredArtifact } from './artifact-store.port.js';
import { ArtifactConflictError, ArtifactIntegrityError, ArtifactNotFoundError, ArtifactStoreError, ArtifactStoreTimeoutError, ArtifactStoreUnavailableError } from './errors.js';
import { HashingPassThrough, SHA256_HEX, sha256Of } from './hashing.js';
import { DEFAULT_CONTENT_TYPE, isBody, normalizePutMeta } from './put-meta.js';
import { timed } from './timeout.js';

export interface S3ArtifactStoreOptions {
  /** `http(s)://host[:port]` of MinIO or any S3-compatible store (path-style addressing). */
  url: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** Bound of each call, and the idle bound of each socket. Default 30 s. */
  timeoutMs?: number;
  /** Uploads larger than this go multipart in parts of this size (memory per upload). Default 8 MiB, min 5 MiB. */
  partSize?: number;
}

/** User metadata key (sent as x-amz-meta-sha256) holding the hex sha256 the store computed. */
const SHA256_META = 'sha256';
const NOT_FOUND_CODES = new Set(['NoSuchKey', 'NotFound', 'NoSuchBucket']);
const BUCKET_TAKEN_CODES = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};
const isNotFound = (error: unknown): boolean => NOT_FOUND_CODES.has(codeOf(error) ?? '');

/** Turns client/network failures into our errors; ours pass through. */
function mapError(operation: string, error: unknown): Error {
  if (error instanceof ArtifactStoreError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ArtifactStoreUnavailableError(`Artifact store ${operation} failed: ${codeOf(error) ?? 'error'}: ${message}`, { cause: error });
}

const headerOf = (headers: Record<string, unknown>, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
};

/**
 * MinIO / S3 adapter on the `minio` client. The bucket is created on first use (race-safe: "already
 * yours" counts as success). A put knows its sha256 before the first byte leaves: a Buffer is hashed
 * in memory, a stream is spooled to a temp file while hashing; the object then goes up in one PUT or,
 * above `partSize`, one multipart upload, both atomic in S3, with the sha256 as user metadata. Multipart parts are read one at a time (memory: one part).
 * Every call is bounded by `timeoutMs`, and sockets idle that long are destroyed (the client itself
 * has no deadline: a peer that accepts TCP and never answers would otherwise hang it forever).
 */
export class S3ArtifactStore implements ArtifactStore {
  readonly bucket: string;
  private readonly client: Client;
  private readonly agent: http.Agent;
  private readonly timeoutMs: number;
  private readonly partSize: number;
  private bucketReady: Promise<void> | undefined;

  constructor(private readonly options: S3ArtifactStoreOptions) {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      throw new ArtifactStoreError(`Invalid S3 url ${JSON.stringify(options.url)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ArtifactStoreError(`S3 url must be http(s): ${options.url}`);
    this.bucket = options.bucket;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.partSize = options.partSize ?? 8 * 1024 * 1024;
    if (!Number.isInteger(this.partSize) || this.partSize < 5 * 1024 * 1024) throw new ArtifactStoreError('partSize must be at least 5 MiB (the S3 minimum)');
    const useSSL = url.protocol === 'https:';
    const agentOptions = { keepAlive: true, timeout: this.timeoutMs };
    this.agent = useSSL ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
    this.client = new Client({
      endPoint: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region,
      pathStyle: true,
      partSize: this.partSize,
      transportAgent: this.agent,
      // Retries would multiply the deadline and log to the console; the caller decides to retry.
      retryOptions: { disableRetry: true },
    });
  }

  private objectName(key: ArtifactKey): string {
    return `${key.agentId}/${key.filename}`;
  }

  private bounded<T>(operation: string, work: () => Promise<T>): Promise<T> {
    return timed(operation, this.timeoutMs, work().catch((error: unknown) => Promise.reject(mapError(operation, error))));
  }

  /** Memoized; a failure is forgotten so the next call tries again. */
  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (await this.client.bucketExists(this.bucket)) return;
      try {
        await this.client.makeBucket(this.bucket, this.options.region);
      } catch (error) {
        // Another process (or call) made it between our check and our create.
        if (!BUCKET_TAKEN_CODES.has(codeOf(error) ?? '')) throw error;
      }
    })().catch((error: unknown) => {
      this.bucketReady = undefined;
      throw error;
    });
    return this.bucketReady;
  }

  async put(key: ArtifactKey, body: Buffer | Readable, meta: PutArtifactMeta): Promise<StoredArtifact> {
    const k = validateArtifactKey(key);
    const { contentType, expectedSha256 } = normalizePutMeta(meta);
    if (!isBody(body)) throw new ArtifactStoreError('put needs a Buffer or a Readable body');
    const abort = new AbortController();
    return timed(
      'put',
      this.timeoutMs,
      this.upload(k, body, contentType, expectedSha256, abort.signal).catch((error: unknown) => Promise.reject(mapError('put', error))),
      () => abort.abort(),
    );
  }

  private async upload(key: ArtifactKey, body: Buffer | Readable, contentType: string, expectedSha256: string | undefined, signal: AbortSignal): Promise<StoredArtifact> {
    let spoolDir: string | undefined;
    try {
      let spool: string | undefined;
      let sha256: string;
      let size: number;
      if (Buffer.isBuffer(body)) {
        sha256 = sha256Of(body);
        size = body.length;
      } else {
        spoolDir = await mkdtemp(path.join(os.tmpdir(), 'bf-artifact-'));
        spool = path.join(spoolDir, randomUUID());
        const hasher = new HashingPassThrough();
        try {
          await pipeline(body, hasher, createWriteStream(spool, { flags: 'wx' }), { signal });
        } catch (error) {
          if (signal.aborted) throw new ArtifactStoreTimeoutError('put', this.timeoutMs);
          throw error;
        }
        sha256 = hasher.sha256;
        size = hasher.size;
      }
      // Checked before any byte reaches the bucket: a mismatch leaves nothing behind.
      if (expectedSha256 !== undefined && expectedSha256 !== sha256) throw new ArtifactIntegrityError(key, expectedSha256, sha256);
      await this.ensureBucket();
      // Immutability is check-then-put: S3 has no portable create-if-absent for multipart uploads.
      const existing = await this.statObject(key).catch((error: unknown) => {
        if (error instanceof ArtifactNotFoundError) return undefined;
        throw error;
      });
      if (existing) {
        if (existing.sha256 === sha256) return existing;
        throw new ArtifactConflictError(key, existing.sha256, sha256);
      }
      const headers = { 'Content-Type': contentType, [`x-amz-meta-${SHA256_META}`]: sha256 };
      if (size <= this.partSize) {
        const bytes = Buffer.isBuffer(body) ? body : await readFile(spool ?? '');
        await this.client.putObject(this.bucket, this.objectName(key), bytes, size, headers);
      } else if (Buffer.isBuffer(body)) {
        await this.multipartUpload(key, size, headers, async (offset, length) => body.subarray(offset, offset + length));
      } else {
        const file = await open(spool ?? '', 'r');
        try {
          await this.multipartUpload(key, size, headers, async (offset, length) => {
            // A fresh buffer per part: the client may still hold the previous payload.
            const part = Buffer.alloc(length);
            const { bytesRead } = await file.read(part, 0, length, offset);
            if (bytesRead !== length) throw new ArtifactStoreError(`Spool file shrank while uploading ${this.objectName(key)}`);
            return part;
          });
        } finally {
          await file.close();
        }
      }
      return await this.statObject(key);
    } finally {
      if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
    }
  }

  /**
   * Our own multipart loop rather than the client's putObject: that one first lists pending uploads
   * to resume them (ListMultipartUploads, which some S3-compatible servers lack) and never aborts a
   * failed upload. Here parts go up one at a time from the spool (memory: one part), and a failure
   * aborts the upload so no part lingers.
   */
  private async multipartUpload(key: ArtifactKey, size: number, headers: Record<string, string>, readPart: (offset: number, length: number) => Promise<Buffer>): Promise<void> {
    const objectName = this.objectName(key);
    const uploadId = await this.client.initiateNewMultipartUpload(this.bucket, objectName, headers);
    try {
      const etags: Array<{ part: number; etag: string }> = [];
      for (let offset = 0, part = 1; offset < size; offset += this.partSize, part++) {
        const payload = await readPart(offset, Math.min(this.partSize, size - offset));
        const uploaded = await this.client.uploadPart({ bucketName: this.bucket, objectName, uploadID: uploadId, partNumber: part, headers: {} }, payload);
        etags.push({ part, etag: uploaded.etag });
      }
      await this.client.completeMultipartUpload(this.bucket, objectName, uploadId, etags);
    } catch (error) {
      await this.client.abortMultipartUpload(this.bucket, objectName, uploadId).catch(() => undefined);
      throw error;
    }
  }

  async get(key: ArtifactKey): Promise<{ stream: Readable; info: StoredArtifact }> {
    const k = validateArtifactKey(key);
    // The deadline covers the answer's headers; the body is then bounded by the socket idle timeout.
    return this.bounded('get', async () => {
      let stream: Readable;
      try {
        stream = await this.client.getObject(this.bucket, this.objectName(k));
      } catch (error) {
        if (isNotFound(error)) throw new ArtifactNotFoundError(k);
        throw error;
      }
      const headers = (stream as Readable & { headers?: Record<string, unknown> }).headers;
      try {
        const info = headers
          ? this.toStored(k, {
              size: Number(headerOf(headers, 'content-length')),
              lastModified: new Date(headerOf(headers, 'last-modified') ?? 0),
              contentType: headerOf(headers, 'content-type'),
              sha256: headerOf(headers, `x-amz-meta-${SHA256_META}`),
            })
          : await this.statObject(k);
        return { stream, info };
      } catch (error) {
        stream.destroy();
        throw error;
      }
    });
  }

  async stat(key: ArtifactKey): Promise<StoredArtifact> {
    const k = validateArtifactKey(key);
    return this.bounded('stat', () => this.statObject(k));
  }

  private async statObject(key: ArtifactKey): Promise<StoredArtifact> {
    try {
      const stat = await this.client.statObject(this.bucket, this.objectName(key));
      const metaData = stat.metaData as Record<string, unknown>;
      return this.toStored(key, {
        size: stat.size,
        lastModified: stat.lastModified,
        contentType: headerOf(metaData, 'content-type') ?? headerOf(metaData, 'Content-Type'),
        sha256: headerOf(metaData, SHA256_META),
      });
    } catch (error) {
      if (isNotFound(error)) throw new ArtifactNotFoundError(key);
      throw error;
    }
  }

  private toStored(key: ArtifactKey, object: { size: number; lastModified: Date; contentType: string | undefined; sha256: string | undefined }): StoredArtifact {
    const sha256 = object.sha256?.toLowerCase();
    // Every object this adapter writes carries its sha256; one without was put there by something else.
    if (!sha256 || !SHA256_HEX.test(sha256)) throw new ArtifactStoreUnavailableError(`Object ${this.objectName(key)} has no sha256 metadata: not written by this store`);
    return { agentId: key.agentId, filename: key.filename, size: object.size, sha256, contentType: object.contentType ?? DEFAULT_CONTENT_TYPE, storedAt: object.lastModified };
  }

  async list(agentId: string): Promise<StoredArtifact[]> {
    const id = validateAgentId(agentId);
    return this.bounded('list', async () => {
      const prefix = `${id}/`;
      const names: string[] = [];
      try {
        const items = this.client.listObjectsV2(this.bucket, prefix, true);
        for await (const item of items as AsyncIterable<{ name?: string }>) {
          const filename = item.name?.slice(prefix.length);
          if (filename && ARTIFACT_NAME_PATTERN.test(filename) && !filename.includes('..')) names.push(filename);
        }
      } catch (error) {
        if (isNotFound(error)) return [];
        throw error;
      }
      const stored = await Promise.all(
        names.sort().map((filename) =>
          this.statObject({ agentId: id, filename }).catch((error: unknown) => {
            // Deleted between the listing and the stat.
            if (error instanceof ArtifactNotFoundError) return undefined;
            throw error;
          }),
        ),
      );
      return stored.filter((artifact): artifact is StoredArtifact => artifact !== undefined);
    });
  }

  async delete(key: ArtifactKey): Promise<void> {
    const k = validateArtifactKey(key);
    await this.bounded('delete', async () => {
      try {
        await this.client.removeObject(this.bucket, this.objectName(k));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    });
  }

  async ping(): Promise<void> {
    // Always a round trip (not the memoized ensureBucket): readiness must notice a store that went away.
    await this.bounded('ping', async () => {
      if (!(await this.client.bucketExists(this.bucket))) {
        this.bucketReady = undefined;
        await this.ensureBucket();
      }
    });
  }

  /** A URL that downloads the artifact without credentials until it expires (1 s to 7 days). */
  async presignedGetUrl(key: ArtifactKey, expirySeconds: number): Promise<string> {
    const k = validateArtifactKey(key);
    if (!Number.isInteger(expirySeconds) || expirySeconds < 1 || expirySeconds > 604_800) {
      throw new ArtifactStoreError(`expirySeconds must be an integer in 1..604800, got ${expirySeconds}`);
    }
    // Signing is local once the region is known (it is: we pass it), so no round trip happens here.
    return this.bounded('presignedGetUrl', () => this.client.presignedGetObject(this.bucket, this.objectName(k), expirySeconds));
  }

  async close(): Promise<void> {
    this.agent.destroy();
  }
}
