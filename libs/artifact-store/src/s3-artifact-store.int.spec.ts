import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Client } from 'minio';
import { describeWith, testS3 } from '@backforge/testing';
import { ArtifactNotFoundError, ArtifactStoreUnavailableError } from './errors.js';
import { S3ArtifactStore } from './s3-artifact-store.js';
import { createArtifactStore } from './create-artifact-store.js';
import { runArtifactStoreConformance } from './test-support/artifact-store.conformance.js';

const bucketName = (): string => `bf-artifacts-${randomUUID().slice(0, 8)}`;

function storeFor(bucket: string, partSize?: number): S3ArtifactStore {
  const s3 = testS3();
  return new S3ArtifactStore({ url: s3.url, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket, region: 'us-east-1', timeoutMs: 60_000, partSize });
}

/** The bare client, to look at what the adapter wrote from outside it. */
function rawClient(): { raw: Client } {
  const s3 = testS3();
  const url = new URL(s3.url);
  return { raw: new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: s3.accessKey, secretKey: s3.secretKey, region: 'us-east-1', pathStyle: true }) };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function emptyBucket(store: S3ArtifactStore): Promise<void> {
  const client = rawClient().raw;
  if (!(await client.bucketExists(store.bucket))) return;
  const names: string[] = [];
  for await (const item of client.listObjectsV2(store.bucket, '', true) as AsyncIterable<{ name?: string }>) if (item.name) names.push(item.name);
  // One by one: s3rver does not implement the multi-object delete.
  for (const name of names) await client.removeObject(store.bucket, name);
  await client.removeBucket(store.bucket);
}

describeWith(['s3'])('S3ArtifactStore against the S3-compatible server of the run', () => {
  // 5 MiB parts: the 10 MiB conformance body goes up as a 3-part multipart upload.
  runArtifactStoreConformance('S3ArtifactStore (multipart above 5 MiB)', async () => {
    const store = storeFor(bucketName(), 5 * 1024 * 1024);
    return {
      store,
      cleanup: async () => {
        await emptyBucket(store);
        await store.close();
      },
    };
  });

  runArtifactStoreConformance('S3ArtifactStore via createArtifactStore (single PUT up to 8 MiB)', async () => {
    const s3 = testS3();
    const bucket = bucketName();
    const store = createArtifactStore({ kind: 's3', url: s3.url, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket, region: 'us-east-1' });
    return {
      store,
      cleanup: async () => {
        await emptyBucket(storeFor(bucket));
        await store.close();
      },
    };
  });

  describe('specifics', () => {
    it('creates its bucket on first use, even when many stores race to do it', async () => {
      const bucket = bucketName();
      const stores = Array.from({ length: 6 }, () => storeFor(bucket));
      await Promise.all(stores.map((store) => store.ping()));
      const infos = await Promise.all(stores.map((store, i) => store.put({ agentId: 'racer', filename: `f-v${i}.bin` }, Buffer.from(`x${i}`), { contentType: 'text/plain' })));
      expect(infos).toHaveLength(6);
      expect((await stores[0]!.list('racer')).map((x) => x.filename)).toEqual(['f-v0.bin', 'f-v1.bin', 'f-v2.bin', 'f-v3.bin', 'f-v4.bin', 'f-v5.bin']);
      await emptyBucket(stores[0]!);
      await Promise.all(stores.map((store) => store.close()));
    });

    it('round-trips bodies above partSize (multipart) given as a Buffer or as a stream', async () => {
      const store = storeFor(bucketName(), 5 * 1024 * 1024);
      const bytes = randomBytes(11 * 1024 * 1024);
      await store.put({ agentId: 'mp', filename: 'buffer-v1.tar.gz' }, bytes, { contentType: 'application/gzip' });
      await store.put({ agentId: 'mp', filename: 'stream-v1.tar.gz' }, Readable.from([bytes.subarray(0, 6e6), bytes.subarray(6e6)]), { contentType: 'application/gzip' });
      for (const name of ['buffer-v1.tar.gz', 'stream-v1.tar.gz']) {
        const { stream, info } = await store.get({ agentId: 'mp', filename: name });
        expect(info.size).toBe(bytes.length);
        // Buffer.equals, not toEqual: jest's deep equality walks 11 M elements for tens of seconds.
        expect((await readAll(stream)).equals(bytes)).toBe(true);
      }
      await emptyBucket(store);
      await store.close();
    });

    it('treats a missing bucket as missing artifacts, not as a failure', async () => {
      const store = storeFor(bucketName());
      await expect(store.stat({ agentId: 'a', filename: 'x-v1.tar.gz' })).rejects.toBeInstanceOf(ArtifactNotFoundError);
      await expect(store.get({ agentId: 'a', filename: 'x-v1.tar.gz' })).rejects.toBeInstanceOf(ArtifactNotFoundError);
      expect(await store.list('a')).toEqual([]);
      await expect(store.delete({ agentId: 'a', filename: 'x-v1.tar.gz' })).resolves.toBeUndefined();
      await store.close();
    });

    it('gives a presigned URL that downloads the bytes over plain HTTP', async () => {
      const store = storeFor(bucketName());
      const key = { agentId: 'dl', filename: 'app-v1.tar.gz' };
      await store.put(key, Buffer.from('download me'), { contentType: 'application/gzip' });
      const url = await store.presignedGetUrl(key, 60);
      expect(url).toContain('X-Amz-Signature=');
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) }); // within the 60 s the URL lives
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('download me');
      await expect(store.presignedGetUrl(key, 0)).rejects.toThrow('expirySeconds');
      await emptyBucket(store);
      await store.close();
    });

    it('refuses to describe an object it did not write (no sha256 metadata)', async () => {
      const store = storeFor(bucketName());
      await store.ping();
      const { raw } = rawClient();
      await raw.putObject(store.bucket, 'foreign/x.bin', Buffer.from('x'));
      await expect(store.stat({ agentId: 'foreign', filename: 'x.bin' })).rejects.toBeInstanceOf(ArtifactStoreUnavailableError);
      await emptyBucket(store);
      await store.close();
    });
  });
});
