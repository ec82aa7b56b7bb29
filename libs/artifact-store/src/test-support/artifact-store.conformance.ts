import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ArtifactKey } from '../artifact-key.js';
import type { ArtifactStore } from '../artifact-store.port.js';
import { ArtifactConflictError, ArtifactIntegrityError, ArtifactNotFoundError, InvalidArtifactKeyError } from '../errors.js';
import { latestOf } from '../latest.js';

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `total` pseudo-random bytes in 64 KiB chunks (never one big buffer), and their sha256. */
function streamedBody(total: number, seed: string): { stream: () => Readable; sha256: string } {
  const block = createHash('sha512').update(seed).digest();
  const chunk = Buffer.alloc(64 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (block[i % block.length] ?? 0) ^ (i & 0xff) ^ (i >> 8);
  const hash = createHash('sha256');
  for (let sent = 0; sent < total; sent += chunk.length) hash.update(chunk.subarray(0, Math.min(chunk.length, total - sent)));
  return {
    stream: () =>
      Readable.from(
        (function* chunks() {
          for (let sent = 0; sent < total; sent += chunk.length) yield Buffer.from(chunk.subarray(0, Math.min(chunk.length, total - sent)));
        })(),
      ),
    sha256: hash.digest('hex'),
  };
}

/** Keys every adapter must refuse, each an attempt to leave its agent's folder or to be something else than a plain name. */
export const HOSTILE_KEYS: unknown[] = [
  { agentId: '..', filename: 'x.tar.gz' },
  { agentId: 'agent', filename: '..' },
  { agentId: 'agent', filename: '../other/x.tar.gz' },
  { agentId: '../agent', filename: 'x.tar.gz' },
  { agentId: 'agent', filename: 'a/b.tar.gz' },
  { agentId: 'agent', filename: 'a\\b.tar.gz' },
  { agentId: '/etc', filename: 'passwd' },
  { agentId: 'agent', filename: '.meta' },
  { agentId: 'agent', filename: '.hidden' },
  { agentId: 'agent', filename: 'a..b.tar.gz' },
  { agentId: 'agent', filename: '' },
  { agentId: '', filename: 'x' },
  { agentId: 'agent', filename: 'x\u0000.tar.gz' },
  { agentId: 'agent', filename: '%2e%2e' },
  { agentId: 'agent', filename: ' x.tar.gz' },
  { agentId: 'agent', filename: 'x'.repeat(129) },
  { agentId: 'agént', filename: 'x.tar.gz' },
  { agentId: 42, filename: 'x.tar.gz' },
  { agentId: 'agent' },
  null,
];

export interface ConformanceSubject {
  store: ArtifactStore;
  /** Frees what the factory made (temp dir, bucket contents, connections). */
  cleanup(): Promise<void>;
}

/**
 * The behaviour every ArtifactStore adapter must have. Each test uses its own agent id, so the
 * suite shares one store per adapter without order dependence.
 */
export function runArtifactStoreConformance(name: string, factory: () => Promise<ConformanceSubject>): void {
  describe(`ArtifactStore conformance: ${name}`, () => {
    let subject: ConformanceSubject;
    let store: ArtifactStore;
    let counter = 0;
    const agent = (): string => `agent-${process.pid}-${++counter}`;

    beforeAll(async () => {
      subject = await factory();
      store = subject.store;
    });
    afterAll(async () => {
      await subject.cleanup();
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('round-trips a Buffer byte for byte, with size, sha256, content type and time', async () => {
      const key = { agentId: agent(), filename: 'todo-api-v1.tar.gz' };
      const bytes = randomBytes(12_345);
      const before = Date.now();
      const info = await store.put(key, bytes, { contentType: 'application/gzip' });
      expect(info).toMatchObject({ ...key, size: bytes.length, sha256: sha256(bytes), contentType: 'application/gzip' });
      // Stores round times to the second (S3 Last-Modified).
      expect(info.storedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(info.storedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      const { stream, info: got } = await store.get(key);
      expect(await readAll(stream)).toEqual(bytes);
      expect(got).toEqual(info);
      expect(await store.stat(key)).toEqual(info);
    });

    it('round-trips an empty artifact', async () => {
      const key = { agentId: agent(), filename: 'empty.bin' };
      const info = await store.put(key, Buffer.alloc(0), { contentType: 'application/octet-stream' });
      expect(info.size).toBe(0);
      expect(info.sha256).toBe(sha256(Buffer.alloc(0)));
      expect((await readAll((await store.get(key)).stream)).length).toBe(0);
    });

    it('streams a 10 MiB body in and out, verifying the announced sha256', async () => {
      const key = { agentId: agent(), filename: 'big-v1.tar.gz' };
      const body = streamedBody(10 * MiB + 123, key.agentId);
      const info = await store.put(key, body.stream(), { contentType: 'application/gzip', sha256: body.sha256.toUpperCase() });
      expect(info.size).toBe(10 * MiB + 123);
      expect(info.sha256).toBe(body.sha256);
      const { stream } = await store.get(key);
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of stream) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
      expect(size).toBe(10 * MiB + 123);
      expect(hash.digest('hex')).toBe(body.sha256);
    });

    it('stats, lists (sorted, only that agent) and deletes (idempotently)', async () => {
      const a = agent();
      const b = agent();
      for (const filename of ['svc-v2.tar.gz', 'svc-v10.tar.gz', 'bundle.js', 'svc-v1.tar.gz']) {
        await store.put({ agentId: a, filename }, Buffer.from(filename), { contentType: 'text/plain' });
      }
      await store.put({ agentId: b, filename: 'other.tar.gz' }, Buffer.from('b'), { contentType: 'text/plain' });

      const listed = await store.list(a);
      expect(listed.map((x) => x.filename)).toEqual(['bundle.js', 'svc-v1.tar.gz', 'svc-v10.tar.gz', 'svc-v2.tar.gz']);
      expect(listed.every((x) => x.agentId === a && x.contentType === 'text/plain' && x.sha256 === sha256(Buffer.from(x.filename)))).toBe(true);
      expect(latestOf(listed, { extension: 'tar.gz' })?.filename).toBe('svc-v10.tar.gz');
      expect((await store.stat({ agentId: a, filename: 'bundle.js' })).size).toBe('bundle.js'.length);

      await store.delete({ agentId: a, filename: 'svc-v10.tar.gz' });
      await expect(store.stat({ agentId: a, filename: 'svc-v10.tar.gz' })).rejects.toBeInstanceOf(ArtifactNotFoundError);
      await expect(store.delete({ agentId: a, filename: 'svc-v10.tar.gz' })).resolves.toBeUndefined();
      expect((await store.list(a)).map((x) => x.filename)).toEqual(['bundle.js', 'svc-v1.tar.gz', 'svc-v2.tar.gz']);
      expect((await store.list(b)).map((x) => x.filename)).toEqual(['other.tar.gz']);
    });

    it('reports a missing artifact as ArtifactNotFoundError and an unknown agent as an empty list', async () => {
      const key = { agentId: agent(), filename: 'nothing-v1.tar.gz' };
      await expect(store.get(key)).rejects.toBeInstanceOf(ArtifactNotFoundError);
      await expect(store.stat(key)).rejects.toBeInstanceOf(ArtifactNotFoundError);
      await expect(store.get(key)).rejects.toMatchObject({ key });
      expect(await store.list(key.agentId)).toEqual([]);
    });

    it('refuses hostile keys with InvalidArtifactKeyError', async () => {
      for (const key of HOSTILE_KEYS) {
        const k = key as ArtifactKey;
        await expect(store.put(k, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidArtifactKeyError);
        await expect(store.get(k)).rejects.toBeInstanceOf(InvalidArtifactKeyError);
        await expect(store.stat(k)).rejects.toBeInstanceOf(InvalidArtifactKeyError);
        await expect(store.delete(k)).rejects.toBeInstanceOf(InvalidArtifactKeyError);
      }
      for (const agentId of ['..', '../x', 'a/b', '', '.meta']) {
        await expect(store.list(agentId)).rejects.toBeInstanceOf(InvalidArtifactKeyError);
      }
    });

    it('refuses bytes that do not match the announced sha256 and leaves nothing behind', async () => {
      const a = agent();
      const bytes = Buffer.from('the real bytes');
      const wrong = sha256(Buffer.from('other bytes'));
      const bufferKey = { agentId: a, filename: 'buffer-v1.tar.gz' };
      const streamKey = { agentId: a, filename: 'stream-v1.tar.gz' };
      await expect(store.put(bufferKey, bytes, { contentType: 'application/gzip', sha256: wrong })).rejects.toBeInstanceOf(ArtifactIntegrityError);
      const big = streamedBody(3 * MiB, a);
      await expect(store.put(streamKey, big.stream(), { contentType: 'application/gzip', sha256: wrong })).rejects.toMatchObject({
        name: 'ArtifactIntegrityError',
        expectedSha256: wrong,
        actualSha256: big.sha256,
      });
      await expect(store.stat(bufferKey)).rejects.toBeInstanceOf(ArtifactNotFoundError);
      await expect(store.stat(streamKey)).rejects.toBeInstanceOf(ArtifactNotFoundError);
      expect(await store.list(a)).toEqual([]);
      // The key is still free for the right bytes.
      await expect(store.put(bufferKey, bytes, { contentType: 'application/gzip', sha256: sha256(bytes) })).resolves.toMatchObject({ sha256: sha256(bytes) });
    });

    it('keeps artifacts immutable: identical re-put is a no-op, different bytes are refused', async () => {
      const key = { agentId: agent(), filename: 'app-v1.tar.gz' };
      const first = await store.put(key, Buffer.from('version one'), { contentType: 'application/gzip' });
      const again = await store.put(key, Readable.from([Buffer.from('version '), Buffer.from('one')]), { contentType: 'application/gzip' });
      expect(again).toEqual(first);
      await expect(store.put(key, Buffer.from('version two'), { contentType: 'application/gzip' })).rejects.toBeInstanceOf(ArtifactConflictError);
      expect(await readAll((await store.get(key)).stream)).toEqual(Buffer.from('version one'));
      expect((await store.list(key.agentId)).length).toBe(1);
    });

    it('takes concurrent puts of different keys', async () => {
      const a = agent();
      const bodies = Array.from({ length: 16 }, (_, i) => randomBytes(1000 + i * 997));
      const stored = await Promise.all(bodies.map((bytes, i) => store.put({ agentId: a, filename: `part-v${i}.bin` }, i % 2 ? bytes : Readable.from([bytes]), { contentType: 'application/octet-stream' })));
      expect(stored.map((x) => x.sha256)).toEqual(bodies.map(sha256));
      const listed = await store.list(a);
      expect(listed).toHaveLength(16);
      for (const [i, bytes] of bodies.entries()) {
        expect(await readAll((await store.get({ agentId: a, filename: `part-v${i}.bin` })).stream)).toEqual(bytes);
      }
    });

    it('rejects a body stream that fails, storing nothing', async () => {
      const key = { agentId: agent(), filename: 'broken-v1.tar.gz' };
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1024, 1));
          this.destroy(new Error('source broke'));
        },
      });
      await expect(store.put(key, failing, { contentType: 'application/gzip' })).rejects.toThrow('source broke');
      await expect(store.stat(key)).rejects.toBeInstanceOf(ArtifactNotFoundError);
    });
  });
}
