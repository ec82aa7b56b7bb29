import type { ArtifactStore } from './artifact-store.port.js';
import { ArtifactStoreError } from './errors.js';
import { FileSystemArtifactStore } from './fs-artifact-store.js';
import { S3ArtifactStore } from './s3-artifact-store.js';

/** Which adapter to build; names follow @backforge/config's artifactSettings. */
export type ArtifactStoreConfig =
  | { kind: 'fs'; dir: string; timeoutMs?: number }
  | { kind: 's3'; url: string; accessKey: string; secretKey: string; bucket: string; region: string; timeoutMs?: number; partSize?: number };

export function createArtifactStore(config: ArtifactStoreConfig): ArtifactStore {
  switch (config.kind) {
    case 'fs':
      return new FileSystemArtifactStore({ dir: config.dir, timeoutMs: config.timeoutMs });
    case 's3':
      return new S3ArtifactStore(config);
    default:
      throw new ArtifactStoreError(`Unknown artifact store kind ${JSON.stringify((config as { kind?: unknown }).kind)}`);
  }
}

/** The artifact fields of a loaded service config (ARTIFACT_STORE, ARTIFACTS_DIR, S3_*). */
export interface ArtifactSettingsLike {
  artifactStore: 'fs' | 's3';
  artifactsDir: string;
  s3Endpoint?: string | undefined;
  s3AccessKey?: string | undefined;
  s3SecretKey?: string | undefined;
  s3Bucket: string;
  s3Region: string;
}

/** Maps a service's loaded settings onto an adapter config; S3 settings missing under `s3` are refused. */
export function artifactStoreConfigFromSettings(settings: ArtifactSettingsLike, timeoutMs?: number): ArtifactStoreConfig {
  if (settings.artifactStore === 'fs') return { kind: 'fs', dir: settings.artifactsDir, timeoutMs };
  const { s3Endpoint, s3AccessKey, s3SecretKey } = settings;
  if (!s3Endpoint || !s3AccessKey || !s3SecretKey) {
    throw new ArtifactStoreError('ARTIFACT_STORE=s3 needs S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY');
  }
  return { kind: 's3', url: s3Endpoint, accessKey: s3AccessKey, secretKey: s3SecretKey, bucket: settings.s3Bucket, region: settings.s3Region, timeoutMs };
}
