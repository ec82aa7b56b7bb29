import os from 'node:os';
import path from 'node:path';
import { artifactStoreConfigFromSettings, createArtifactStore } from './create-artifact-store.js';
import { ArtifactStoreError } from './errors.js';
import { FileSystemArtifactStore } from './fs-artifact-store.js';
import { S3ArtifactStore } from './s3-artifact-store.js';
import { validateArtifactKey } from './artifact-key.js';

const settings = { artifactStore: 'fs' as const, artifactsDir: path.join(os.tmpdir(), 'bf-never-used'), s3Bucket: 'backforge-artifacts', s3Region: 'us-east-1' };

describe('createArtifactStore', () => {
  it('builds the adapter the configuration names', async () => {
    const fs = createArtifactStore(artifactStoreConfigFromSettings(settings));
    expect(fs).toBeInstanceOf(FileSystemArtifactStore);
    expect((fs as FileSystemArtifactStore).dir).toBe(path.resolve(settings.artifactsDir));
    const s3 = createArtifactStore(
      artifactStoreConfigFromSettings({ ...settings, artifactStore: 's3', s3Endpoint: 'http://127.0.0.1:9000', s3AccessKey: 'a', s3SecretKey: 'b', s3Bucket: 'my-bucket' }),
    );
    expect(s3).toBeInstanceOf(S3ArtifactStore);
    expect((s3 as S3ArtifactStore).bucket).toBe('my-bucket');
    await s3.close();
  });

  it('refuses s3 without endpoint or keys, and an unknown kind', () => {
    expect(() => artifactStoreConfigFromSettings({ ...settings, artifactStore: 's3', s3Endpoint: 'http://x:9000' })).toThrow(ArtifactStoreError);
    expect(() => createArtifactStore({ kind: 'gcs' } as never)).toThrow('Unknown artifact store kind');
  });
});

describe('validateArtifactKey', () => {
  it('accepts plain names and returns a copy without extra fields', () => {
    const key = { agentId: 'agt_01HZX', filename: 'todo-api-v3.tar.gz', extra: '../../etc' };
    expect(validateArtifactKey(key)).toEqual({ agentId: 'agt_01HZX', filename: 'todo-api-v3.tar.gz' });
    expect(validateArtifactKey({ agentId: 'a', filename: 'x'.repeat(128) }).filename).toHaveLength(128);
  });
});
