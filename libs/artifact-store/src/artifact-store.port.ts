import type { Readable } from 'node:stream';
import type { ArtifactKey } from './artifact-key.js';

/** What the store knows about one artifact. */
export interface StoredArtifact {
  agentId: string;
  filename: string;
  /** Bytes. */
  size: number;
  /** Lower-case hex sha256 of the bytes, computed by the store while writing. */
  sha256: string;
  contentType: string;
  storedAt: Date;
}

export interface PutArtifactMeta {
  contentType: string;
  /** When given, the bytes must hash to this (hex, any case) or nothing is stored. */
  sha256?: string;
}

/**
 * Where artifacts (a project's .tar.gz, a compiled bundle) are kept, by agent and file name.
 *
 * Artifacts are immutable: `put` on an existing key succeeds only when the bytes are identical
 * (an idempotent retry) and otherwise throws ArtifactConflictError. Every method validates the
 * key before any I/O (InvalidArtifactKeyError) and is bounded by the adapter's timeout.
 * "Latest" is not stored: see `latestOf`.
 */
export interface ArtifactStore {
  /** Stores atomically: readers see either nothing or all the bytes. */
  put(key: ArtifactKey, body: Buffer | Readable, meta: PutArtifactMeta): Promise<StoredArtifact>;
  /** Throws ArtifactNotFoundError. The caller must consume or destroy the stream. */
  get(key: ArtifactKey): Promise<{ stream: Readable; info: StoredArtifact }>;
  /** Throws ArtifactNotFoundError. */
  stat(key: ArtifactKey): Promise<StoredArtifact>;
  /** The agent's artifacts sorted by filename (code-point order); empty when it has none. */
  list(agentId: string): Promise<StoredArtifact[]>;
  /** Idempotent: deleting an absent artifact is not an error. */
  delete(key: ArtifactKey): Promise<void>;
  /** Readiness: resolves when the store can be read and written, rejects otherwise (bounded). */
  ping(): Promise<void>;
  /** Releases connections; the store is unusable afterwards. */
  close(): Promise<void>;
}
