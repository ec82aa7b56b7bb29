import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, link, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ARTIFACT_NAME_PATTERN, validateAgentId, validateArtifactKey, type ArtifactKey } from './artifact-key.js';
import type { ArtifactStore, PutArtifactMeta, StoredArtifact } from './artifact-store.port.js';
import { ArtifactConflictError, ArtifactIntegrityError, ArtifactNotFoundError, ArtifactStoreError, ArtifactStoreTimeoutError } from './errors.js';
import { HashingPassThrough, SHA256_HEX } from './hashing.js';
import { DEFAULT_CONTENT_TYPE, isBody, normalizePutMeta, toReadable } from './put-meta.js';
import { timed } from './timeout.js';

export interface FileSystemArtifactStoreOptions {
  /** Root folder; created on first use. Artifacts live at `<dir>/<agentId>/<filename>`. */
  dir: string;
  /** Bound of each call (a stalled body stream or a hung mount). Default 60 s. */
  timeoutMs?: number;
}

/** Sidecar metadata lives in a dot-folder: valid file names never start with a dot, so no key reaches it. */
const META_DIR = '.meta';
const TMP_PREFIX = '.tmp-';

interface Sidecar {
  sha256: string;
  contentType: string;
  size: number;
}

const isErrno = (error: unknown, code: string): boolean => (error as NodeJS.ErrnoException | null)?.code === code;

/**
 * The standalone adapter. A put streams into a temp file in the agent's folder while hashing,
 * fsyncs, then `link`s it to its name: link is atomic and fails if the name exists, which gives
 * create-if-absent without a lock. The sidecar (content type, sha256) is written after the link;
 * a reader that finds none (crash or a put still finishing) hashes the file itself.
 */
export class FileSystemArtifactStore implements ArtifactStore {
  readonly dir: string;
  private readonly timeoutMs: number;

  constructor(options: FileSystemArtifactStoreOptions) {
    if (!options.dir) throw new ArtifactStoreError('FileSystemArtifactStore needs a dir');
    this.dir = path.resolve(options.dir);
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  async put(key: ArtifactKey, body: Buffer | Readable, meta: PutArtifactMeta): Promise<StoredArtifact> {
    const k = validateArtifactKey(key);
    const { contentType, expectedSha256 } = normalizePutMeta(meta);
    if (!isBody(body)) throw new ArtifactStoreError('put needs a Buffer or a Readable body');
    const abort = new AbortController();
    return timed('put', this.timeoutMs, this.write(k, body, contentType, expectedSha256, abort.signal), () => abort.abort());
  }

  private async write(key: ArtifactKey, body: Buffer | Readable, contentType: string, expectedSha256: string | undefined, signal: AbortSignal): Promise<StoredArtifact> {
    const agentDir = path.join(this.dir, key.agentId);
    await mkdir(path.join(agentDir, META_DIR), { recursive: true });
    const tmp = path.join(agentDir, `${TMP_PREFIX}${randomUUID()}`);
    const sidecarTmp = path.join(agentDir, META_DIR, `${TMP_PREFIX}${randomUUID()}`);
    try {
      const hasher = new HashingPassThrough();
      try {
        await pipeline(toReadable(body), hasher, createWriteStream(tmp, { flags: 'wx' }), { signal });
      } catch (error) {
        if (signal.aborted) throw new ArtifactStoreTimeoutError('put', this.timeoutMs);
        throw error;
      }
      const sha256 = hasher.sha256;
      if (expectedSha256 !== undefined && expectedSha256 !== sha256) throw new ArtifactIntegrityError(key, expectedSha256, sha256);
      // Durable before visible: a crash after the link must not leave a named file with holes.
      const handle = await open(tmp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      const sidecar: Sidecar = { sha256, contentType, size: hasher.size };
      await writeFile(sidecarTmp, JSON.stringify(sidecar), { flag: 'wx' });
      try {
        await link(tmp, this.fileOf(key));
      } catch (error) {
        if (!isErrno(error, 'EEXIST')) throw error;
        const existing = await this.read(key);
        if (existing.sha256 === sha256) return existing;
        throw new ArtifactConflictError(key, existing.sha256, sha256);
      }
      await rename(sidecarTmp, this.sidecarOf(key));
      return await this.read(key);
    } finally {
      await rm(tmp, { force: true });
      await rm(sidecarTmp, { force: true });
    }
  }

  async get(key: ArtifactKey): Promise<{ stream: Readable; info: StoredArtifact }> {
    const k = validateArtifactKey(key);
    return timed('get', this.timeoutMs, this.open(k));
  }

  private async open(key: ArtifactKey): Promise<{ stream: Readable; info: StoredArtifact }> {
    // Open first: the stream then reads these bytes even if the artifact is deleted meanwhile.
    let handle;
    try {
      handle = await open(this.fileOf(key), 'r');
    } catch (error) {
      if (isErrno(error, 'ENOENT')) throw new ArtifactNotFoundError(key);
      throw error;
    }
    try {
      const info = await this.read(key, (await handle.stat()).size);
      return { stream: createReadStream('', { fd: handle, autoClose: true }), info };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: ArtifactKey): Promise<StoredArtifact> {
    const k = validateArtifactKey(key);
    return timed('stat', this.timeoutMs, this.read(k));
  }

  async list(agentId: string): Promise<StoredArtifact[]> {
    const id = validateAgentId(agentId);
    return timed('list', this.timeoutMs, this.listAgent(id));
  }

  private async listAgent(agentId: string): Promise<StoredArtifact[]> {
    let names: string[];
    try {
      names = await readdir(path.join(this.dir, agentId));
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return [];
      throw error;
    }
    const artifacts: StoredArtifact[] = [];
    for (const filename of names.filter((name) => ARTIFACT_NAME_PATTERN.test(name) && !name.includes('..')).sort()) {
      try {
        artifacts.push(await this.read({ agentId, filename }));
      } catch (error) {
        // Deleted between readdir and stat: it is simply not there any more.
        if (!(error instanceof ArtifactNotFoundError)) throw error;
      }
    }
    return artifacts;
  }

  async delete(key: ArtifactKey): Promise<void> {
    const k = validateArtifactKey(key);
    await timed('delete', this.timeoutMs, this.remove(k));
  }

  private async remove(key: ArtifactKey): Promise<void> {
    // The data file first: once it is gone the artifact is gone, whatever happens to the sidecar.
    await unlink(this.fileOf(key)).catch((error: unknown) => {
      if (!isErrno(error, 'ENOENT')) throw error;
    });
    await rm(this.sidecarOf(key), { force: true });
  }

  async ping(): Promise<void> {
    await timed('ping', this.timeoutMs, this.probe());
  }

  private async probe(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await access(this.dir, constants.R_OK | constants.W_OK);
    const probe = path.join(this.dir, `${TMP_PREFIX}ping-${randomUUID()}`);
    await writeFile(probe, 'ping', { flag: 'wx' });
    await rm(probe, { force: true });
  }

  async close(): Promise<void> {
    // Nothing pooled: each call opens and closes its own files.
  }

  private fileOf(key: ArtifactKey): string {
    return path.join(this.dir, key.agentId, key.filename);
  }

  private sidecarOf(key: ArtifactKey): string {
    return path.join(this.dir, key.agentId, META_DIR, `${key.filename}.json`);
  }

  private async read(key: ArtifactKey, knownSize?: number): Promise<StoredArtifact> {
    let info;
    try {
      info = await stat(this.fileOf(key));
    } catch (error) {
      if (isErrno(error, 'ENOENT')) throw new ArtifactNotFoundError(key);
      throw error;
    }
    if (!info.isFile()) throw new ArtifactNotFoundError(key);
    const size = knownSize ?? info.size;
    const sidecar = await this.readSidecar(key, size);
    return { agentId: key.agentId, filename: key.filename, size, sha256: sidecar.sha256, contentType: sidecar.contentType, storedAt: info.mtime };
  }

  private async readSidecar(key: ArtifactKey, size: number): Promise<Sidecar> {
    try {
      const parsed = JSON.parse(await readFile(this.sidecarOf(key), 'utf8')) as Partial<Sidecar>;
      if (typeof parsed.sha256 === 'string' && SHA256_HEX.test(parsed.sha256) && typeof parsed.contentType === 'string' && parsed.size === size) {
        return { sha256: parsed.sha256, contentType: parsed.contentType, size };
      }
    } catch (error) {
      if (!isErrno(error, 'ENOENT') && !(error instanceof SyntaxError)) throw error;
    }
    // No trustworthy sidecar: the bytes themselves are the truth.
    const hasher = new HashingPassThrough();
    await pipeline(createReadStream(this.fileOf(key)), hasher, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) void chunk;
    });
    return { sha256: hasher.sha256, contentType: DEFAULT_CONTENT_TYPE, size: hasher.size };
  }
}
