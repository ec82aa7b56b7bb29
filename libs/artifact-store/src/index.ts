export type { ArtifactStore, PutArtifactMeta, StoredArtifact } from './artifact-store.port.js';
export { ARTIFACT_NAME_PATTERN, isValidArtifactKey, validateAgentId, validateArtifactKey } from './artifact-key.js';
export type { ArtifactKey } from './artifact-key.js';
export {
  ArtifactConflictError,
  ArtifactIntegrityError,
  ArtifactNotFoundError,
  ArtifactStoreError,
  ArtifactStoreTimeoutError,
  ArtifactStoreUnavailableError,
  InvalidArtifactKeyError,
} from './errors.js';
export { artifactFilename, compareVersions, latestOf, parseArtifactFilename } from './latest.js';
export type { ArtifactFilenameParts } from './latest.js';
export { FileSystemArtifactStore } from './fs-artifact-store.js';
export type { FileSystemArtifactStoreOptions } from './fs-artifact-store.js';
export { S3ArtifactStore } from './s3-artifact-store.js';
export type { S3ArtifactStoreOptions } from './s3-artifact-store.js';
export { artifactStoreConfigFromSettings, createArtifactStore } from './create-artifact-store.js';
export type { ArtifactSettingsLike, ArtifactStoreConfig } from './create-artifact-store.js';
