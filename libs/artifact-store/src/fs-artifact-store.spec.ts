import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ArtifactConflictError, InvalidArtifactKeyError } from './errors.js';
import { FileSystemArtifactStore } from './fs-artifact-store.js';
import { HOSTILE_KEYS, runArtifactStoreConformance } from './test-support/artifact-store.conformance.js';
import type { ArtifactKey } from './artifact-key.js';

runArtifactStoreConformance('FileSystemArtifactStore', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bf-artifacts-'));
  const store = new FileSystemArtifactStore({ dir: path.join(dir, 'artifacts') });
  return { store, cleanup: () => rm(dir, { recursive: true, force: true }) };
});

describe('FileSystemArtifactStore specifics', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bf-artifacts-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('refuses hostile keys before touching the disk', async () => {
    const dir = path.join(root, 'never-created');
    const store = new FileSystemArtifactStore({ dir });
    for (const key of HOSTILE_KEYS) {
      await expect(store.put(key as ArtifactKey, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidArtifactKeyError);
    }
    expect(existsSync(dir)).toBe(false);
    expect(await readdir(root)).toEqual([]);
  });

  it('lays artifacts out as <dir>/<agentId>/<filename> and leaves no temp file after a refused put', async () => {
    const dir = path.join(root, 'artifacts');
    const store = new FileSystemArtifactStore({ dir });
    await store.put({ agentId: 'a1', filename: 'x-v1.tar.gz' }, Buffer.from('x'), { contentType: 'application/gzip' });
    await expect(store.put({ agentId: 'a1', filename: 'y-v1.tar.gz' }, Buffer.from('y'), { contentType: 'application/gzip', sha256: '0'.repeat(64) })).rejects.toThrow('nothing stored');
    await expect(store.put({ agentId: 'a1', filename: 'x-v1.tar.gz' }, Buffer.from('z'), { contentType: 'application/gzip' })).rejects.toBeInstanceOf(ArtifactConflictError);
    expect((await readdir(path.join(dir, 'a1'))).sort()).toEqual(['.meta', 'x-v1.tar.gz']);
    expect(await readdir(path.join(dir, 'a1', '.meta'))).toEqual(['x-v1.tar.gz.json']);
  });

  it('lets exactly one of many concurrent puts of different bytes under one key win', async () => {
    const store = new FileSystemArtifactStore({ dir: root });
    const key = { agentId: 'race', filename: 'r-v1.tar.gz' };
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => store.put(key, Buffer.from(`writer ${i}`), { contentType: 'text/plain' })));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.every((r) => r.reason instanceof ArtifactConflictError)).toBe(true);
    const stored = await store.stat(key);
    expect(won[0]?.status === 'fulfilled' && won[0].value).toEqual(stored);
  });

  it('recomputes sha256 from the bytes when the sidecar is missing (crash between link and sidecar)', async () => {
    const store = new FileSystemArtifactStore({ dir: root });
    const key = { agentId: 'a2', filename: 'lost-v1.tar.gz' };
    await store.put(key, Buffer.from('bytes'), { contentType: 'application/gzip' });
    await unlink(path.join(root, 'a2', '.meta', 'lost-v1.tar.gz.json'));
    const info = await store.stat(key);
    expect(info.sha256).toBe(createHash('sha256').update('bytes').digest('hex'));
    expect(info.contentType).toBe('application/octet-stream');
    // An identical retry is still recognised as identical.
    await expect(store.put(key, Buffer.from('bytes'), { contentType: 'application/gzip' })).resolves.toMatchObject({ sha256: info.sha256 });
  });

  it('reports storedAt from the file, which list and latestOf can order by', async () => {
    const store = new FileSystemArtifactStore({ dir: root });
    await store.put({ agentId: 'a3', filename: 'old.bin' }, Buffer.from('o'), { contentType: 'text/plain' });
    const when = new Date('2025-01-02T03:04:05Z');
    await utimes(path.join(root, 'a3', 'old.bin'), when, when);
    expect((await store.stat({ agentId: 'a3', filename: 'old.bin' })).storedAt.toISOString()).toBe(when.toISOString());
  });

  it('fails ping when the folder cannot be created', async () => {
    await writeFile(path.join(root, 'a-file'), 'not a folder');
    // A generous bound: the ENOTDIR must come first, not a timeout on a loaded machine.
    const store = new FileSystemArtifactStore({ dir: path.join(root, 'a-file', 'artifacts'), timeoutMs: 60_000 });
    await expect(store.ping()).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});
