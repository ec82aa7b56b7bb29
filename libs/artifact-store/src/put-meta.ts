import { Readable } from 'node:stream';
import type { PutArtifactMeta } from './artifact-store.port.js';
import { ArtifactStoreError } from './errors.js';
import { SHA256_HEX } from './hashing.js';

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Checks the caller's meta before any I/O; the announced sha256 comes back lower-case. */
export function normalizePutMeta(meta: PutArtifactMeta): { contentType: string; expectedSha256: string | undefined } {
  // A content type travels as an HTTP header in S3: refuse control characters rather than mangle them.
  if (typeof meta.contentType !== 'string' || meta.contentType.length === 0 || meta.contentType.length > 255 || /[^\x20-\x7e]/.test(meta.contentType)) {
    throw new ArtifactStoreError(`Invalid contentType ${JSON.stringify(meta.contentType)}: 1-255 printable ASCII characters`);
  }
  if (meta.sha256 === undefined) return { contentType: meta.contentType, expectedSha256: undefined };
  const expectedSha256 = String(meta.sha256).toLowerCase();
  if (!SHA256_HEX.test(expectedSha256)) throw new ArtifactStoreError(`Invalid sha256 ${JSON.stringify(meta.sha256)}: 64 hex characters`);
  return { contentType: meta.contentType, expectedSha256 };
}

/** `Readable.from(buffer)` would emit one chunk per byte: wrap the buffer in an array. */
export function toReadable(body: Buffer | Readable): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

export function isBody(body: unknown): body is Buffer | Readable {
  return Buffer.isBuffer(body) || body instanceof Readable;
}
