import { Readable } from 'node:stream';
import type { ArtifactKey } from './artifact-key.js';
import { ArtifactStoreTimeoutError, ArtifactStoreUnavailableError, InvalidArtifactKeyError } from './errors.js';
import { S3ArtifactStore } from './s3-artifact-store.js';
import { HOSTILE_KEYS } from './test-support/artifact-store.conformance.js';
import { isTransientError } from '@backforge/resilience';
import { startSilentPeer, waitFor } from '@backforge/testing';

describe('S3ArtifactStore bounds every call', () => {
  let peer: Awaited<ReturnType<typeof startSilentPeer>>;
  let store: S3ArtifactStore;
  const key = { agentId: 'agent', filename: 'app-v1.tar.gz' };

  beforeAll(async () => {
    peer = await startSilentPeer();
    store = new S3ArtifactStore({ url: `http://127.0.0.1:${peer.port}`, accessKey: 'k', secretKey: 's', bucket: 'never-answers', region: 'us-east-1', timeoutMs: 300 });
  });
  afterAll(async () => {
    await store.close();
    await peer.close();
  });

  const calls: Array<[string, () => Promise<unknown>]> = [
    ['ping', () => store.ping()],
    ['stat', () => store.stat(key)],
    ['get', () => store.get(key)],
    ['list', () => store.list('agent')],
    ['delete', () => store.delete(key)],
    ['put (Buffer)', () => store.put(key, Buffer.from('x'), { contentType: 'application/gzip' })],
    ['put (stream)', () => store.put(key, Readable.from([Buffer.from('x')]), { contentType: 'application/gzip' })],
  ];

  it.each(calls)('%s rejects with ArtifactStoreTimeoutError within its bound against a peer that never answers', async (_name, call) => {
    const started = Date.now();
    const error: unknown = await call().then(() => undefined, (e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(ArtifactStoreTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 300 }); // its own bound ended it
    expect(isTransientError(error)).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(30_000); // the peer never answers: bounded is what counts (wide for a loaded machine)
    // The client did reach the silent peer (on a loaded machine the accept may be seen after the timeout).
    await waitFor(() => peer.accepted() > 0, { intervalMs: 20, description: 'the peer saw a connection' });
  });

  it('refuses hostile keys without opening a connection', async () => {
    const quiet = await startSilentPeer();
    // A 120 s call bound, so 'refused at once, not after the timeout' keeps a wide margin on a loaded machine.
    const guarded = new S3ArtifactStore({ url: `http://127.0.0.1:${quiet.port}`, accessKey: 'k', secretKey: 's', bucket: 'never-answers', region: 'us-east-1', timeoutMs: 120_000 });
    const started = Date.now();
    for (const hostile of HOSTILE_KEYS) {
      const k = hostile as ArtifactKey;
      await expect(guarded.put(k, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidArtifactKeyError);
      await expect(guarded.get(k)).rejects.toBeInstanceOf(InvalidArtifactKeyError);
      await expect(guarded.stat(k)).rejects.toBeInstanceOf(InvalidArtifactKeyError);
      await expect(guarded.delete(k)).rejects.toBeInstanceOf(InvalidArtifactKeyError);
      await expect(guarded.presignedGetUrl(k, 60)).rejects.toBeInstanceOf(InvalidArtifactKeyError);
    }
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(quiet.accepted()).toBe(0);
    await guarded.close();
    await quiet.close();
  });

  it('reports a refused connection as ArtifactStoreUnavailableError, fast', async () => {
    const closed = await startSilentPeer();
    const url = `http://127.0.0.1:${closed.port}`;
    await closed.close();
    // A 120 s call bound, so 'fast, not after the timeout' keeps a wide margin on a loaded machine.
    const gone = new S3ArtifactStore({ url, accessKey: 'k', secretKey: 's', bucket: 'nobody-home', region: 'us-east-1', timeoutMs: 120_000 });
    const started = Date.now();
    const error: unknown = await gone.ping().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ArtifactStoreUnavailableError);
    // Retryable through its cause (the socket's ECONNREFUSED).
    expect(isTransientError(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(30_000);
    await gone.close();
  });

  it('refuses a malformed endpoint at construction', () => {
    expect(() => new S3ArtifactStore({ url: 'ftp://example.com', accessKey: 'k', secretKey: 's', bucket: 'b-b-b', region: 'us-east-1' })).toThrow('http(s)');
    expect(() => new S3ArtifactStore({ url: 'not a url', accessKey: 'k', secretKey: 's', bucket: 'b-b-b', region: 'us-east-1' })).toThrow('Invalid S3 url');
  });
});
