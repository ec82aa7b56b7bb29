import type { BackendResponse } from '@backforge/contracts';
import { MemoryBackendStore, Sandbox, SandboxError, type SandboxErrorCode } from './index.js';
import { bundle, ECHO_BUNDLE, ok } from './test-support/bundles.js';

/**
 * The escape corpus: hostile handlers, each of which must end with a clean SandboxError (or a
 * response proving it found nothing), while well-behaved backends loaded at the same time keep
 * answering, and the host's memory stays bounded.
 */

const MB = 1024 * 1024;
/**
 * Memory bombs get CPU headroom, so that the memory limit (not the CPU limit) is what stops them,
 * even on a busy machine (isolated-vm's timeout counts wall time).
 */
const ROOM = { cpuTimeMs: 20_000, wallTimeMs: 30_000 };
const HOST_RSS_BOUND = 150 * MB;

async function failure(promise: Promise<unknown>): Promise<SandboxError> {
  try {
    const value = await promise;
    throw new Error(`expected a SandboxError, got ${JSON.stringify(value)}`);
  } catch (e) {
    if (e instanceof SandboxError) return e;
    throw e;
  }
}

function resultOf(res: BackendResponse): unknown {
  if (!res.body.ok) throw new Error(`expected ok, got ${JSON.stringify(res.body)}`);
  return res.body.result;
}

describe('sandbox escape corpus', () => {
  let sandbox: Sandbox;
  const goodStores = [new MemoryBackendStore(), new MemoryBackendStore()];
  const hostileStore = new MemoryBackendStore();
  let rssBefore = 0;
  let n = 0;

  /** Both bystanders (one per worker, loaded first) answer; a crashed worker may take a moment to respawn. */
  async function bystandersStillServe(): Promise<void> {
    for (const [i, store] of goodStores.entries()) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          // CPU to spare: whether they still answer is the point, not how fast on a busy machine.
          const res = await sandbox.invoke(`good-${i}`, { action: 'ping', input: { i } }, { store }, ROOM);
          expect((resultOf(res) as { echo: unknown }).echo).toEqual({ i });
          break;
        } catch (e) {
          if (!(e instanceof SandboxError) || e.code !== 'SANDBOX_UNAVAILABLE' || Date.now() > deadline) throw e;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    }
  }

  async function hostile(body: string, prelude = ''): Promise<string> {
    n += 1;
    const id = `hostile-${n}`;
    await sandbox.load(id, bundle(body, prelude));
    return id;
  }

  async function expectBreach(body: string, code: SandboxErrorCode, message: RegExp, limits = {}): Promise<void> {
    const id = await hostile(body);
    const e = await failure(sandbox.invoke(id, { action: 'attack' }, { store: hostileStore }, limits));
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
    await bystandersStillServe();
  }

  beforeAll(async () => {
    // A wide wall-time default: on a loaded machine 100 ms of CPU can take seconds, and the CPU limit (not the
    // wall clock) must be what ends the CPU bombs. The wall-time test sets its own short limit.
    sandbox = await Sandbox.start({ workers: 2, limits: { wallTimeMs: 30_000 } });
    await sandbox.load('good-0', ECHO_BUNDLE);
    await sandbox.load('good-1', ECHO_BUNDLE);
    await bystandersStillServe();
    globalThis.gc?.();
    rssBefore = process.memoryUsage().rss;
  });

  afterAll(async () => {
    await sandbox.stop();
  });

  it('constructor.constructor("return process")() finds the isolate, not Node', async () => {
    const id = await hostile(ok(`(() => {
      const found = {};
      const F = (() => {}).constructor.constructor;
      found.viaFunction = F('return typeof process')();
      found.viaContext = context.constructor.constructor('return typeof process + typeof require + typeof module')();
      found.viaStore = context.store.insert.constructor('return typeof process')();
      try { found.direct = String(this.constructor.constructor('return process')()); } catch (e) { found.direct = String(e); }
      return found;
    })()`));
    const found = resultOf(await sandbox.invoke(id, { action: 'attack' }, { store: hostileStore }));
    expect(found).toEqual({ viaFunction: 'undefined', viaContext: 'undefinedundefinedundefined', viaStore: 'undefined', direct: expect.stringMatching(/process is not defined|Cannot read/) });
    const e = await failure(sandbox.invoke(await hostile(`return { status: 200, body: { ok: true, result: constructor.constructor('return process')().pid } };`), { action: 'attack' }, { store: hostileStore }));
    expect(e.code).toBe('HANDLER_FAILED');
    expect(e.message).toMatch(/process is not defined/);
    await bystandersStillServe();
  });

  it('sees no process, require, module loading, network or timers', async () => {
    const id = await hostile(`
      const names = ['process', 'require', 'module', 'Buffer', 'fetch', 'XMLHttpRequest', 'WebSocket', 'setTimeout', 'setInterval', 'queueMicrotask', 'WebAssembly', 'SharedArrayBuffer', 'Atomics'];
      const types = {};
      for (const name of names) types[name] = typeof globalThis[name];
      let imported;
      try { await import('node:fs'); imported = 'loaded'; } catch (e) { imported = 'refused: ' + e; }
      let importedHttp;
      try { await import('https://example.com/x.js'); importedHttp = 'loaded'; } catch (e) { importedHttp = 'refused'; }
      return { status: 200, body: { ok: true, result: { types, imported, importedHttp } } };`);
    const found = resultOf(await sandbox.invoke(id, { action: 'attack' }, { store: hostileStore })) as { types: Record<string, string>; imported: string; importedHttp: string };
    for (const [name, type] of Object.entries(found.types)) {
      if (name !== 'queueMicrotask') expect([name, type]).toEqual([name, 'undefined']);
    }
    expect(found.imported).toMatch(/^refused/);
    expect(found.importedHttp).toBe('refused');
    await bystandersStillServe();
  });

  it('Error.prepareStackTrace tricks reach no host function or receiver', async () => {
    const id = await hostile(`
      const leaks = [];
      Error.prepareStackTrace = (err, sites) => {
        for (const s of sites) {
          for (const thing of [s.getThis(), s.getFunction()]) {
            if (thing === undefined || thing === null) continue;
            try { const t = thing.constructor.constructor('return typeof process')(); if (t !== 'undefined') leaks.push('process via frame'); } catch {}
            for (const key of ['applySync', 'deref', 'derefInto', 'copySync', 'getSync']) if (thing && typeof thing[key] === 'function') leaks.push(key);
          }
        }
        return 'rewritten';
      };
      const attempts = [];
      try { await context.store.insert('x', { big: 10n }); } catch (e) { attempts.push(String(e.stack)); }
      try { await context.store.get('bad name', 'x'); } catch (e) { attempts.push(String(e.stack)); }
      try { context.randomToken({ valueOf() { throw new Error('from valueOf'); } }); } catch (e) { attempts.push(String(e.stack)); }
      try { null.x; } catch (e) { attempts.push(String(e.stack)); }
      return { status: 200, body: { ok: true, result: { leaks, attempts: attempts.length } } };`);
    const found = resultOf(await sandbox.invoke(id, { action: 'attack' }, { store: hostileStore }, ROOM));
    expect(found).toEqual({ leaks: [], attempts: 4 });
    await bystandersStillServe();
  });

  it('prototype pollution stays inside the polluting backend; bridged data cannot pollute the host', async () => {
    const id = await hostile(`
      Object.prototype.polluted = 'yes';
      Array.prototype.polluted = 'yes';
      try { context.store.insert = async () => 'hijacked'; } catch {}
      try { Object.getPrototypeOf(context.store).polluted = 'yes'; } catch {}
      JSON.parse = () => ({ hijacked: true });
      const evil = JSON.constructor.prototype.constructor;
      const payload = { ...globalThis.__payload };
      const r = await context.store.insert('things', { name: 'x', nested: { a: 1 } });
      const raw = await context.store.insert('things', Object.fromEntries([['__proto__', { polluted: 'yes' }], ['constructor', { prototype: { polluted: 'yes' } }]]));
      return { status: 200, body: { ok: true, result: { first: r.ok, raw: raw.ok, insertIsOurs: context.store.insert.toString().includes('hijacked') } } };`);
    const found = resultOf(await sandbox.invoke(id, { action: 'attack' }, { store: hostileStore }));
    expect(found).toEqual({ first: true, raw: true, insertIsOurs: false });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
    const stored = (await hostileStore.list('things', { limit: 10, offset: 0 })).items;
    expect(stored).toHaveLength(2);
    for (const record of stored) {
      expect((record.data as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getPrototypeOf(Object.getPrototypeOf(record.data))).toBeNull();
    }
    expect(Object.prototype.hasOwnProperty.call(stored[1]!.data, '__proto__')).toBe(true);
    // Another backend's intrinsics are its own.
    const probe = await hostile(ok(`typeof ({}).polluted + '/' + typeof [].polluted`));
    expect(resultOf(await sandbox.invoke(probe, { action: 'probe' }, { store: hostileStore }))).toBe('undefined/undefined');
    await bystandersStillServe();
  });

  it("cannot reach another backend's data through the store", async () => {
    const secretStore = new MemoryBackendStore();
    await secretStore.insert('notes', { text: 'secret of good-1' });
    await sandbox.invoke('good-1', { action: 'note', input: { text: 'another secret' } }, { store: goodStores[1]! });
    const id = await hostile(`
      const seen = [];
      for (const c of ['notes', 'things', 'good_1_notes']) seen.push((await context.store.list(c, { limit: 100, offset: 0 })).total);
      const refused = [];
      for (const c of ['../notes', 'good-1/notes', 'notes;DROP TABLE x', '']) {
        try { await context.store.list(c, { limit: 1, offset: 0 }); } catch (e) { refused.push(c); }
      }
      return { status: 200, body: { ok: true, result: { seen, refused } } };`);
    const own = new MemoryBackendStore();
    const found = resultOf(await sandbox.invoke(id, { action: 'attack' }, { store: own }));
    expect(found).toEqual({ seen: [0, 0, 0], refused: ['../notes', 'good-1/notes', 'notes;DROP TABLE x', ''] });
    expect(await goodStores[1]!.count('notes', [])).toBe(1);
    await bystandersStillServe();
  });

  it('while(1){} ends with CPU_TIME_EXCEEDED, also after an await', async () => {
    await expectBreach('while (1) {}', 'CPU_TIME_EXCEEDED', /CPU time/);
    await expectBreach(`await context.store.count('x', []); for (;;) {}`, 'CPU_TIME_EXCEEDED', /CPU time/);
    await expectBreach(`await Promise.resolve(); let x = 0; while (true) { x++; }`, 'CPU_TIME_EXCEEDED', /CPU time/);
  });

  it('a never-settling promise ends with WALL_TIME_EXCEEDED', async () => {
    const started = Date.now();
    await expectBreach('await new Promise(() => {});', 'WALL_TIME_EXCEEDED', /within 300 ms/, { wallTimeMs: 300 });
    // The message names the 300 ms limit (not the 30 s default); the clock only shows it did not hang.
    expect(Date.now() - started).toBeLessThan(25_000);
  });

  it('string memory bombs end with MEMORY_EXCEEDED, or HANDLER_FAILED at V8 string length cap', async () => {
    // Doubling a rope reaches V8's maximum string length long before the heap fills: no limit of
    // ours fired, so it is the handler's own RangeError (codes never come from error text).
    await expectBreach(`let s = 'x'; for (;;) s += s;`, 'HANDLER_FAILED', /Invalid string length/, ROOM);
    await expectBreach(`const keep = []; for (let i = 0; ; i++) keep.push('y'.repeat(1000) + i);`, 'MEMORY_EXCEEDED', /memory/i, ROOM);
  });

  it('array memory bombs end with MEMORY_EXCEEDED', async () => {
    await expectBreach(`const a = []; for (;;) a.push({ i: a.length, s: 'abc' + a.length });`, 'MEMORY_EXCEEDED', /memory/i, ROOM);
    // This one is fatal to V8 itself (it aborts the worker process): the worker is replaced.
    const recycledBefore = sandbox.stats().recycledWorkers;
    const id = await hostile(`new Array(1e9).fill(1);`);
    const e = await failure(sandbox.invoke(id, { action: 'attack' }, { store: hostileStore }, ROOM));
    expect(e.code).toBe('MEMORY_EXCEEDED');
    expect(e.message).toMatch(/memory|worker stopped/i);
    expect(sandbox.stats().recycledWorkers).toBe(recycledBefore + 1);
    // The backend that took its worker down is refused for a while (1 s the first time, asked at
    // once), so it cannot do it in a loop.
    const again = await failure(sandbox.invoke(id, { action: 'attack' }, { store: hostileStore }, ROOM));
    expect(again.code).toBe('SANDBOX_UNAVAILABLE');
    expect(again.message).toMatch(/crashed its worker 1 time/);
    await bystandersStillServe();
    expect(sandbox.stats().recycledWorkers).toBe(recycledBefore + 1);
  });

  it('typed-array memory bombs end with MEMORY_EXCEEDED', async () => {
    await expectBreach(`new Uint8Array(1e9);`, 'MEMORY_EXCEEDED', /larger than the memory limit/, ROOM);
    await expectBreach(`const keep = []; for (;;) keep.push(new Float64Array(1 << 17).fill(1));`, 'MEMORY_EXCEEDED', /allocation failed|memory/i, ROOM);
  });

  it('deep recursion ends with a clear HANDLER_FAILED', async () => {
    await expectBreach(`function f(n) { return f(n + 1) + 1; } f(0);`, 'HANDLER_FAILED', /Maximum call stack size exceeded/, ROOM);
  });

  it('huge output ends with OUTPUT_TOO_LARGE before it is copied out', async () => {
    // CPU to spare: building 4 MiB takes a while on a busy machine, and the output limit must be what fires.
    await expectBreach(`return { status: 200, body: { ok: true, result: 'z'.repeat(4 * 1024 * 1024) } };`, 'OUTPUT_TOO_LARGE', /larger than 1048576 bytes/, ROOM);
    // Multi-byte characters count in UTF-8 bytes.
    await expectBreach(`return { status: 200, body: { ok: true, result: '€'.repeat(400 * 1024) } };`, 'OUTPUT_TOO_LARGE', /larger than/, ROOM);
  });

  it("keeps the host's memory bounded through the whole corpus", async () => {
    // Run the bombs again back to back on fresh backends to stress recycling.
    for (let i = 0; i < 3; i++) {
      await expectBreach(`const a = []; for (;;) a.push({ i: a.length });`, 'MEMORY_EXCEEDED', /memory/i, ROOM);
      await expectBreach(`const keep = []; for (;;) keep.push('y'.repeat(1000) + keep.length);`, 'MEMORY_EXCEEDED', /memory/i, ROOM);
    }
    globalThis.gc?.();
    const grown = process.memoryUsage().rss - rssBefore;
    process.stderr.write(`[sandbox escape corpus] host RSS grew by ${(grown / MB).toFixed(1)} MB (bound ${HOST_RSS_BOUND / MB} MB)\n`);
    expect(grown).toBeLessThan(HOST_RSS_BOUND);
    const { workerRssBytes } = await sandbox.memory();
    for (const rss of workerRssBytes) expect(rss).toBeLessThan(400 * MB);
  }, 180_000);
});
