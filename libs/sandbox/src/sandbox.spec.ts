import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackendResponse } from '@backforge/contracts';
import { MemoryBackendStore, Sandbox, SandboxError } from './index.js';
import { bundle, ECHO_BUNDLE, ok } from './test-support/bundles.js';

async function failure(promise: Promise<unknown>): Promise<SandboxError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof SandboxError) return e;
    throw e;
  }
  throw new Error('expected a SandboxError');
}

describe('Sandbox', () => {
  let sandbox: Sandbox;
  const store = new MemoryBackendStore();

  beforeAll(async () => {
    sandbox = await Sandbox.start({ workers: 2 });
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('runs a handler with JSON in and JSON out, with the host clock read once per invocation', async () => {
    await sandbox.load('echo', ECHO_BUNDLE);
    const res = await sandbox.invoke('echo', { action: 'x', input: { a: [1, 'two', null] } }, { store, now: () => '2030-01-02T03:04:05.000Z' });
    expect(res).toEqual({ status: 200, body: { ok: true, result: { echo: { a: [1, 'two', null] }, calls: 1, now: '2030-01-02T03:04:05.000Z' } } });
  });

  it('relays store calls to the store the host passes in, and only to it', async () => {
    await sandbox.load('notes', ECHO_BUNDLE);
    const mine = new MemoryBackendStore();
    const other = new MemoryBackendStore();
    const first = await sandbox.invoke('notes', { action: 'note', input: { text: 'hello' } }, { store: mine });
    expect(first.status).toBe(200);
    const dup = await sandbox.invoke('notes', { action: 'note', input: { text: 'hello' } }, { store: mine });
    expect(dup).toEqual({ status: 409, body: { ok: false, error: { code: 'UNIQUE_VIOLATION', message: 'unique_violation' } } });
    expect(await mine.count('notes', [])).toBe(1);
    const seenWithOther = await sandbox.invoke('notes', { action: 'notes' }, { store: other });
    expect(seenWithOther).toEqual({ status: 200, body: { ok: true, result: { items: [], total: 0 } } });
  });

  it('starts workers with an empty environment (no credentials, no configuration)', async () => {
    process.env.BACKFORGE_SANDBOX_CANARY = 'secret';
    const local = await Sandbox.start({ workers: 1 });
    try {
      const [pid] = local.workerPids();
      expect(pid).toBeGreaterThan(0);
      // Only what Node itself sets up for the IPC channel.
      const names = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean).map((entry) => entry.split('=')[0]);
      expect(names.sort()).toEqual(['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE']);
    } finally {
      delete process.env.BACKFORGE_SANDBOX_CANARY;
      await local.stop();
    }
  });

  it('removes marker directories a crashed host left behind, and only those', async () => {
    // A process that has exited: its pid names a host that is gone.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const stale = path.join(tmpdir(), `backforge-sandbox-${dead}-stale1`);
    const live = path.join(tmpdir(), `backforge-sandbox-${process.pid}-live1`);
    for (const dir of [stale, live]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'marker'), '0');
    }
    const local = await Sandbox.start({ workers: 1 });
    try {
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(live)).toBe(true);
    } finally {
      await local.stop();
      rmSync(live, { recursive: true, force: true });
    }
  });

  it('load is a no-op for the same code and replaces different code', async () => {
    await sandbox.load('swap', bundle(ok("'v1'")));
    await sandbox.invoke('swap', { action: 'a' }, { store });
    await sandbox.load('swap', bundle(ok("'v1'")));
    expect((await sandbox.invoke('swap', { action: 'a' }, { store })).body).toEqual({ ok: true, result: 'v1' });
    await sandbox.load('swap', bundle(ok("'v2'")));
    expect((await sandbox.invoke('swap', { action: 'a' }, { store })).body).toEqual({ ok: true, result: 'v2' });
  });

  it('keeps module state within one backend between invocations, never across backends', async () => {
    await sandbox.load('counter-a', ECHO_BUNDLE);
    await sandbox.load('counter-b', ECHO_BUNDLE);
    const calls = async (id: string): Promise<unknown> => ((await sandbox.invoke(id, { action: 'x' }, { store })).body as unknown as { result: { calls: number } }).result.calls;
    expect(await calls('counter-a')).toBe(1);
    expect(await calls('counter-a')).toBe(2);
    expect(await calls('counter-b')).toBe(1);
  });

  it('refuses a bundle that does not define the handler, keeping the old code when replacing', async () => {
    expect((await failure(sandbox.load('bad', 'var x = 1;'))).code).toBe('LOAD_FAILED');
    expect((await failure(sandbox.load('bad2', 'this is not javascript'))).code).toBe('LOAD_FAILED');
    expect((await failure(sandbox.invoke('bad', { action: 'a' }, { store }))).code).toBe('NOT_LOADED');
    await sandbox.load('keep', bundle(ok("'old'")));
    expect((await failure(sandbox.load('keep', 'throw new Error("boom")'))).code).toBe('LOAD_FAILED');
    expect((await sandbox.invoke('keep', { action: 'a' }, { store })).body).toEqual({ ok: true, result: 'old' });
  });

  it('answers NOT_LOADED after unload', async () => {
    await sandbox.load('gone', bundle(ok('1')));
    await sandbox.unload('gone');
    expect((await failure(sandbox.invoke('gone', { action: 'a' }, { store }))).code).toBe('NOT_LOADED');
  });

  it('rejects responses that are not BackendResponses', async () => {
    await sandbox.load('invalid', bundle(`if (request.action === 'a') return { status: 500, body: {} }; if (request.action === 'b') return undefined; return { status: 200, body: { ok: true, result: () => 1 } };`));
    expect((await failure(sandbox.invoke('invalid', { action: 'a' }, { store }))).code).toBe('INVALID_RESPONSE');
    expect((await failure(sandbox.invoke('invalid', { action: 'b' }, { store }))).code).toBe('INVALID_RESPONSE');
    expect((await failure(sandbox.invoke('invalid', { action: 'c' }, { store }))).code).toBe('INVALID_RESPONSE');
  });

  it('turns a thrown error into HANDLER_FAILED with its message', async () => {
    await sandbox.load('thrower', bundle(`throw new TypeError('nope: ' + request.action);`));
    const e = await failure(sandbox.invoke('thrower', { action: 'x' }, { store }));
    expect(e.code).toBe('HANDLER_FAILED');
    expect(e.message).toContain('TypeError: nope: x');
  });

  it('counts store operations per invocation', async () => {
    await sandbox.load('chatty', bundle(`for (let i = 0; i < 50; i++) await context.store.count('x', []); return { status: 200, body: { ok: true, result: 'done' } };`));
    expect((await sandbox.invoke('chatty', { action: 'a' }, { store }, { storeOps: 50 })).body).toEqual({ ok: true, result: 'done' });
    expect((await failure(sandbox.invoke('chatty', { action: 'a' }, { store }, { storeOps: 10 }))).code).toBe('STORE_LIMIT_EXCEEDED');
  });

  it('passes store errors to the handler as rejections it can catch', async () => {
    await sandbox.load('badquery', bundle(`try { await context.store.list('bad name!', { limit: 1, offset: 0 }); } catch (e) { return { status: 400, body: { ok: false, error: { code: 'X', message: e.message } } }; } return { status: 200, body: { ok: true, result: 1 } };`));
    const res = await sandbox.invoke('badquery', { action: 'a' }, { store });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('collection must be an identifier');
  });

  it('ends an invocation at wall time and unwinds its pending store call inside the isolate', async () => {
    const slowStore = new MemoryBackendStore();
    // Never answers: the 150 ms wall time is what ends the call, however late a loaded machine fires it.
    slowStore.count = () => new Promise<number>(() => undefined);
    await sandbox.load(
      'slow',
      bundle(`if (request.action === 'slow') { try { await context.store.count('x', []); } catch (e) { last = e.message; } return { status: 200, body: { ok: true, result: 1 } }; }
              return { status: 200, body: { ok: true, result: last } };`, 'let last = null;'),
    );
    const e = await failure(sandbox.invoke('slow', { action: 'slow' }, { store: slowStore }, { wallTimeMs: 150 }));
    expect(e.code).toBe('WALL_TIME_EXCEEDED');
    expect((await sandbox.invoke('slow', { action: 'read' }, { store })).body).toEqual({ ok: true, result: 'store: this invocation has ended' });
  });

  it('gives tokens of [A-Za-z0-9] from the CSPRNG', async () => {
    await sandbox.load('tokens', bundle(ok('[context.randomToken(32), context.randomToken(32)]')));
    const res = (await sandbox.invoke('tokens', { action: 'a' }, { store })) as BackendResponse & { body: { result: string[] } };
    const [a, b] = res.body.result;
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(b).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(a).not.toBe(b);
  });

  it('runs concurrent invocations of one backend, interleaved at their store calls', async () => {
    await sandbox.load('concurrent', ECHO_BUNDLE);
    const s = new MemoryBackendStore();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => sandbox.invoke('concurrent', { action: 'note', input: { text: `n${i}` } }, { store: s })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await s.count('notes', [])).toBe(20);
  });

  it('queues a burst of 512 concurrent invocations of one backend on the default settings instead of refusing them', async () => {
    // A router with 256-512 connections to one backend refused what its queue could not hold, and the
    // clients' immediate retries took the CPU that served the rest (goodput fell from ~5,000 to ~900
    // req/s in the invoke bench): waiting is bounded by each call's wall time, not by a small count.
    await sandbox.load('burst', ECHO_BUNDLE);
    const s = new MemoryBackendStore();
    const results = await Promise.allSettled(Array.from({ length: 512 }, (_, i) => sandbox.invoke('burst', { action: 'note', input: { text: `n${i}` } }, { store: s }, { cpuTimeMs: 10_000, wallTimeMs: 120_000 })));
    const codes = results.map((r) => (r.status === 'fulfilled' ? r.value.status : (r.reason as SandboxError).code));
    expect(codes.filter((c) => c !== 200)).toEqual([]);
    expect(await s.count('notes', [])).toBe(512);
  });

  it('evicts the least recently used backend past maxBackendsPerWorker and reloads it on demand', async () => {
    const small = await Sandbox.start({ workers: 1, maxBackendsPerWorker: 2 });
    try {
      for (const id of ['e1', 'e2', 'e3']) await small.load(id, bundle(ok(`'${id}'`)));
      expect(small.stats().loadedBackends).toBe(3);
      for (const id of ['e1', 'e2', 'e3', 'e1']) expect((await small.invoke(id, { action: 'a' }, { store })).body).toEqual({ ok: true, result: id });
    } finally {
      await small.stop();
    }
  });

  it('survives a killed worker: in-flight calls fail with SANDBOX_UNAVAILABLE, backends reload on demand', async () => {
    const local = await Sandbox.start({ workers: 1 });
    try {
      const slowStore = new MemoryBackendStore();
      const original = slowStore.count.bind(slowStore);
      let storeCalled: () => void = () => undefined;
      const inStore = new Promise<void>((r) => (storeCalled = r));
      // The store answers only after the kill, so the call is surely in flight when the worker dies.
      let release: () => void = () => undefined;
      const released = new Promise<void>((r) => (release = r));
      slowStore.count = async (c, w) => {
        storeCalled();
        await released;
        return original(c, w);
      };
      await local.load('victim', bundle(`await context.store.count('x', []); return { status: 200, body: { ok: true, result: 'late' } };`));
      await local.load('bystander', bundle(ok("'fine'")));
      // In flight and past a store call (a call that touched nothing yet would be run again elsewhere).
      const inFlight = local.invoke('victim', { action: 'a' }, { store: slowStore }, { wallTimeMs: 30_000 });
      await inStore;
      const [pid] = local.workerPids();
      process.kill(pid!, 'SIGKILL');
      expect((await failure(inFlight)).code).toBe('SANDBOX_UNAVAILABLE');
      release();
      // The replacement may take a while to start on a loaded machine.
      let answer: BackendResponse | undefined;
      const deadline = Date.now() + 120_000;
      while (!answer && Date.now() < deadline) {
        answer = await local.invoke('bystander', { action: 'a' }, { store }).catch(async () => {
          await new Promise((r) => setTimeout(r, 50));
          return undefined;
        });
      }
      expect(answer?.body).toEqual({ ok: true, result: 'fine' });
      expect(local.stats().recycledWorkers).toBe(1);
      expect(local.workerPids()[0]).not.toBe(pid);
    } finally {
      await local.stop();
    }
  });

  it('replaces a wedged worker that stops answering after a wall-time breach', async () => {
    // controlTimeoutMs also bounds the worker's start (and its replacement's), which takes seconds on a loaded
    // machine; it is also how long a stopped worker goes unanswered before it is replaced.
    const local = await Sandbox.start({ workers: 1, controlTimeoutMs: 15_000, limits: { wallTimeMs: 300 } });
    try {
      await local.load('patient', bundle(ok("'awake'")));
      const [pid] = local.workerPids();
      process.kill(pid!, 'SIGSTOP');
      expect((await failure(local.invoke('patient', { action: 'a' }, { store }))).code).toBe('WALL_TIME_EXCEEDED');
      let answer: BackendResponse | undefined;
      const deadline = Date.now() + 120_000;
      while (!answer && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        answer = await local.invoke('patient', { action: 'a' }, { store }).catch(() => undefined);
      }
      expect(answer?.body).toEqual({ ok: true, result: 'awake' });
      expect(local.stats().recycledWorkers).toBe(1);
      expect(local.workerPids()[0]).not.toBe(pid);
    } finally {
      await local.stop();
    }
  });
});
