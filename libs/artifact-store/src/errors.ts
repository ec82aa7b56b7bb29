import type { ArtifactKey } from './artifact-key.js';

const describeKey = (key: ArtifactKey): string => `${key.agentId}/${key.filename}`;

/** Base class: lets callers catch every store failure with one `instanceof`. */
export class ArtifactStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The key would escape its agent's folder or is not a plain name; refused before any I/O. */
export class InvalidArtifactKeyError extends ArtifactStoreError {
  constructor(
    readonly part: 'agentId' | 'filename',
    readonly value: unknown,
    reason: string,
  ) {
    super(`Invalid artifact ${part} ${JSON.stringify(value)}: ${reason}`);
  }
}

export class ArtifactNotFoundError extends ArtifactStoreError {
  constructor(readonly key: ArtifactKey) {
    super(`Artifact ${describeKey(key)} not found`);
  }
}

/** The bytes received do not hash to the sha256 the caller announced; nothing was stored. */
export class ArtifactIntegrityError extends ArtifactStoreError {
  constructor(
    readonly key: ArtifactKey,
    readonly expectedSha256: string,
    readonly actualSha256: string,
  ) {
    super(`Artifact ${describeKey(key)}: expected sha256 ${expectedSha256}, received ${actualSha256}; nothing stored`);
  }
}

/** Artifacts are immutable: the key already holds different bytes. */
export class ArtifactConflictError extends ArtifactStoreError {
  constructor(
    readonly key: ArtifactKey,
    readonly existingSha256: string,
    readonly attemptedSha256: string,
  ) {
    super(`Artifact ${describeKey(key)} already exists with sha256 ${existingSha256}; refusing to replace it with ${attemptedSha256}`);
  }
}

/** A call to the backing store did not finish in time (e.g. a peer that accepts TCP and never answers). */
export class ArtifactStoreTimeoutError extends ArtifactStoreError {
  /** A later attempt may pass (isTransientError of @backforge/resilience reads this). */
  readonly transient = true;
  constructor(
    readonly operation: string,
    readonly timeoutMs: number,
  ) {
    super(`Artifact store ${operation} did not finish within ${timeoutMs} ms`);
  }
}

/** The backing store failed for another reason (unreachable, refused, malformed answer). */
export class ArtifactStoreUnavailableError extends ArtifactStoreError {}
