import type { BackendResponse } from '@backforge/contracts';
import { MemoryBackendStore, Sandbox, SandboxError } from './index.js';
import { bundle, ECHO_BUNDLE, ok } from './test-support/bundles.js';
import { waitFor } from '@backforge/testing';

/**
 * Availability attacks: one backend tries to knock over the others on its worker. Every test runs
 * the attack while a victim backend on the same (single) worker keeps being called, and every
 * victim call must answer within the victim's own limits.
 */

const MB = 1024 * 1024;
/** Attack invocations get a small CPU limit; the watchdog's bound is measured against it. */
const ATTACK = { cpuTimeMs: 50 };
/**
 * The victim's own limits: its wall time leaves room for a worker replacement on a busy 2-core
 * machine (today's failure mode is a wedge of 12 s or more, or for ever).
 */
const VICTIM = { wallTimeMs: 10_000 };
/** Never finishes by itself, and never reaches V8's interrupt check (the isolate's timeout does not fire). */
const WEDGE = 'Array.prototype.lastIndexOf.call({ length: 2 ** 40 }, 1);';

async function failure(promise: Promise<unknown>): Promise<SandboxError> {
  try {
    const value = await promise;
    throw new Error(`expected a SandboxError, got ${JSON.stringify(value)}`);
  } catch (e) {
    if (e instanceof SandboxError) return e;
    throw e;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until<T>(probe: () => Promise<T | undefined>, what: string, deadlineMs = 60_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('sandbox availability under attack', () => {
  let sandbox: Sandbox;
  const victimStore = new MemoryBackendStore();
  const attackStore = new MemoryBackendStore();
  let n = 0;

  /**
   * Runs `attack` while the victim is called in a loop; every victim call must succeed. Returns the
   * attack's outcome and the number of victim calls that answered during it.
   */
  async function underAttack<T>(attack: () => Promise<T>, victimLimits = VICTIM): Promise<{ outcome: PromiseSettledResult<T>; victimCalls: number }> {
    let done = false;
    const running = attack().finally(() => {
      done = true;
    });
    let victimCalls = 0;
    let victimError: Error | undefined;
    const victim = (async () => {
      while (!done) {
        try {
          const res = await sandbox.invoke('victim', { action: 'ping', input: { i: victimCalls } }, { store: victimStore }, victimLimits);
          expect((res.body as { ok: true; result: { echo: unknown } }).result.echo).toEqual({ i: victimCalls });
          victimCalls += 1;
        } catch (e) {
          victimError = e instanceof Error ? e : new Error(String(e));
          return;
        }
        await sleep(5);
      }
    })();
    const outcome = (await Promise.allSettled([running]))[0] as PromiseSettledResult<T>;
    await victim;
    if (victimError) throw victimError;
    return { outcome, victimCalls };
  }

  async function hostile(body: string, prelude = ''): Promise<string> {
    n += 1;
    const id = `attacker-${n}`;
    await sandbox.load(id, bundle(body, prelude));
    return id;
  }

  function codeOf(outcome: PromiseSettledResult<unknown>): string {
    if (outcome.status === 'fulfilled') return `fulfilled ${JSON.stringify(outcome.value)}`;
    return outcome.reason instanceof SandboxError ? outcome.reason.code : String(outcome.reason);
  }

  let hostRssBefore = 0;

  beforeAll(async () => {
    // A wedged load is killed after 1 s of the worker's CPU time, which is many seconds of wall time on a busy machine.
    sandbox = await Sandbox.start({ workers: 1, controlTimeoutMs: 60_000 });
    await sandbox.load('victim', ECHO_BUNDLE);
    globalThis.gc?.();
    hostRssBefore = process.memoryUsage().rss;
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  describe('CPU', () => {
    it.each([
      ['lastIndexOf on a huge array-like', '', WEDGE],
      ['join on a huge array-like', '', "Array.prototype.join.call({ length: 2 ** 26 }, ''); " + WEDGE],
      // The array is made by an earlier call with CPU to spare; the attack is one sort call.
      ['typed-array sort', 'a = new Float64Array(3_500_000); for (let i = 0; i < a.length; i++) a[i] = (i * 7919) % 1000003;', 'a.sort();'],
    ])('%s ends at a bound close to the CPU limit, blamed on the invocation', async (name, setup, attack) => {
      const id = await hostile(`if (request.action === 'setup') { ${setup} return { status: 200, body: { ok: true, result: 1 } }; } ${attack}`, 'let a;');
      await sandbox.invoke(id, { action: 'setup' }, { store: attackStore }, { cpuTimeMs: 10_000, wallTimeMs: 20_000 });
      const recycled = sandbox.stats().recycledWorkers;
      const started = Date.now();
      const { outcome } = await underAttack(() =>
        sandbox.invoke(id, { action: 'attack' }, { store: attackStore }, { ...ATTACK, wallTimeMs: 30_000 }).finally(() => {
          process.stderr.write(`[sandbox availability] ${name}: ended after ${Date.now() - started} ms of wall time (CPU limit ${ATTACK.cpuTimeMs} ms)\n`);
        }),
      );
      expect(codeOf(outcome)).toBe('CPU_TIME_EXCEEDED');
      // Blamed on this invocation (the backend is refused for a while), killed by the watchdog.
      expect((outcome as PromiseRejectedResult).reason.message).toMatch(/never yields.*while running this invocation/);
      expect(sandbox.stats().recycledWorkers).toBe(recycled + 1);
    });

    it('a bundle that wedges while loading fails its load, and the worker recovers', async () => {
      n += 1;
      // A load may take 1 s of CPU (10 x the CPU limit): the victim's patience covers that on a busy machine.
      const { outcome } = await underAttack(() => sandbox.load(`attacker-${n}`, bundle(ok('1'), WEDGE)), { wallTimeMs: 20_000 });
      expect(codeOf(outcome)).toBe('LOAD_FAILED');
      expect((outcome as PromiseRejectedResult).reason.message).toMatch(/CPU time/);
    });

    it('a lazy reload that wedges is blamed on the invocation that caused it', async () => {
      // The bundle is harmless the first time it runs; every later instantiation wedges.
      await sandbox.invoke('victim', { action: 'ping' }, { store: victimStore }); // the worker is up
      const armAt = Date.now() + 1000;
      const id = await hostile(`if (request.action === 'breach') { for (;;) {} } return { status: 200, body: { ok: true, result: 1 } };`, `if (Date.now() > ${armAt}) { ${WEDGE} }`);
      await sleep(Math.max(0, armAt - Date.now() + 50));
      expect((await failure(sandbox.invoke(id, { action: 'breach' }, { store: attackStore }, ATTACK))).code).toBe('CPU_TIME_EXCEEDED');
      const { outcome } = await underAttack(() => sandbox.invoke(id, { action: 'again' }, { store: attackStore }, { ...ATTACK, wallTimeMs: 30_000 }));
      expect(codeOf(outcome)).toBe('CPU_TIME_EXCEEDED');
    });

    it('reload time after a breach is charged to the invocation that reloads', async () => {
      // Every instantiation after the first burns 300 ms (interruptibly): the reload must stop at the invocation's CPU limit.
      await sandbox.invoke('victim', { action: 'ping' }, { store: victimStore }); // the worker is up
      const armAt = Date.now() + 1000;
      const id = await hostile(
        `if (request.action === 'breach') { for (;;) {} } return { status: 200, body: { ok: true, result: 1 } };`,
        `if (Date.now() > ${armAt}) { const until = Date.now() + 300; while (Date.now() < until) {} }`,
      );
      await sleep(Math.max(0, armAt - Date.now() + 50));
      expect((await failure(sandbox.invoke(id, { action: 'breach' }, { store: attackStore }, ATTACK))).code).toBe('CPU_TIME_EXCEEDED');
      const e = await failure(sandbox.invoke(id, { action: 'again' }, { store: attackStore }, ATTACK));
      expect(e.code).toBe('CPU_TIME_EXCEEDED');
      expect(e.message).toMatch(/reload/);
    });

    it('a wedge in code that runs after the host ended the invocation is blamed on it', async () => {
      const slowStore = new MemoryBackendStore();
      // Never answers: the 200 ms wall time ends the invocation first however late a loaded machine fires it,
      // and the handler's catch (the wedge) runs after the end.
      slowStore.count = () => new Promise<number>(() => undefined);
      const id = await hostile(`try { await context.store.count('x', []); } catch { ${WEDGE} } return { status: 200, body: { ok: true, result: 1 } };`);
      const { recycledWorkers: recycled, blamedCrashes } = sandbox.stats();
      const { outcome } = await underAttack(async () => {
        const e = await failure(sandbox.invoke(id, { action: 'attack' }, { store: slowStore }, { ...ATTACK, wallTimeMs: 200 }));
        // The worker is replaced because of what the ended invocation ran; wait for that.
        await until(async () => (sandbox.stats().recycledWorkers > recycled ? true : undefined), 'the wedged worker to be replaced');
        return e.code;
      });
      expect(outcome).toEqual({ status: 'fulfilled', value: 'WALL_TIME_EXCEEDED' });
      expect(sandbox.stats().blamedCrashes).toBe(blamedCrashes + 1);
    });

    it('invocations the host already timed out are not run by the worker', async () => {
      const id = await hostile(
        `runs += 1; if (request.action === 'count') return { status: 200, body: { ok: true, result: runs } };
         const until = Date.now() + 40; while (Date.now() < until) {} return { status: 200, body: { ok: true, result: runs } };`,
        'let runs = 0;',
      );
      // CPU to spare, so no breach recycles the isolate (and its counter); only the wall time is short.
      const { outcome } = await underAttack(() => Promise.allSettled(Array.from({ length: 30 }, () => sandbox.invoke(id, { action: 'busy' }, { store: attackStore }, { cpuTimeMs: 5000, wallTimeMs: 200 }))));
      expect(outcome.status).toBe('fulfilled');
      await sleep(200);
      const res = await sandbox.invoke(id, { action: 'count' }, { store: attackStore }, { cpuTimeMs: 5000, wallTimeMs: 30_000 });
      const runs = (res.body as { ok: true; result: number }).result;
      expect(runs).toBeLessThan(30);
    });
  });

  describe('error codes come from the limit that fired', () => {
    it.each([
      ["throw new RangeError('Array buffer allocation failed');"],
      ["throw new RangeError('Invalid typed array length: 1e12');"],
      ["throw new Error('Script execution timed out.');"],
      ["throw new Error('Isolate was disposed during execution due to memory limit');"],
    ])('%s is HANDLER_FAILED', async (body) => {
      const id = await hostile(body);
      expect((await failure(sandbox.invoke(id, { action: 'spoof' }, { store: attackStore }))).code).toBe('HANDLER_FAILED');
    });

    it('a real memory breach is still MEMORY_EXCEEDED and a real CPU breach CPU_TIME_EXCEEDED', async () => {
      const room = { cpuTimeMs: 20_000, wallTimeMs: 30_000 };
      expect((await failure(sandbox.invoke(await hostile("const a = []; for (;;) a.push('x'.repeat(100_000) + a.length);"), { action: 'x' }, { store: attackStore }, room))).code).toBe('MEMORY_EXCEEDED');
      expect((await failure(sandbox.invoke(await hostile('const keep = []; for (;;) keep.push(new Float64Array(1 << 17).fill(1));'), { action: 'x' }, { store: attackStore }, room))).code).toBe('MEMORY_EXCEEDED');
      expect((await failure(sandbox.invoke(await hostile('new Uint8Array(1e9);'), { action: 'x' }, { store: attackStore }))).code).toBe('MEMORY_EXCEEDED');
      expect((await failure(sandbox.invoke(await hostile('for (;;) {}'), { action: 'x' }, { store: attackStore }, ATTACK))).code).toBe('CPU_TIME_EXCEEDED');
    });
  });

  describe('memory', () => {
    it('resizable ArrayBuffers cannot hold memory past the limit', async () => {
      const id = await hostile(
        `const b = new ArrayBuffer(0, { maxByteLength: 300 * 1024 * 1024 }); b.resize(300 * 1024 * 1024); new Uint8Array(b).fill(7); keep = b;
         return { status: 200, body: { ok: true, result: b.byteLength } };`,
        'let keep = null;',
      );
      const { outcome } = await underAttack(() => sandbox.invoke(id, { action: 'attack' }, { store: attackStore }, { cpuTimeMs: 20_000, wallTimeMs: 30_000 }));
      expect(outcome.status).toBe('rejected');
      const { workerRssBytes } = await sandbox.memory();
      expect(workerRssBytes[0]).toBeLessThan(250 * MB);
    });

    it("caps a worker's total memory: backends each under their limit cannot add up past it", async () => {
      const local = await Sandbox.start({ workers: 1, maxWorkerMemoryMb: 256 });
      try {
        await local.load('victim', ECHO_BUNDLE);
        const hog = bundle(`if (!keep) { keep = new Uint8Array(24 * 1024 * 1024); keep.fill(1); } return { status: 200, body: { ok: true, result: keep.length } };`, 'let keep = null;');
        let peak = 0;
        for (let i = 0; i < 20; i++) {
          await local.load(`hog-${i}`, hog);
          await local.invoke(`hog-${i}`, { action: 'hold' }, { store: attackStore }, { cpuTimeMs: 2000 }).catch(() => undefined);
          const res = await local.invoke('victim', { action: 'ping', input: { i } }, { store: victimStore });
          expect(res.status).toBe(200);
          peak = Math.max(peak, (await local.memory()).workerRssBytes[0] ?? 0);
          // The cap is enforced by the watchdog (memory read every 100 ms; past 3/4 of the cap idle isolates are shed,
          // at most once a second; past the cap the worker is stopped, blaming the run in it): before the next hog
          // loads, the worker comes back under the point where shedding starts. Waiting on that condition, instead of
          // racing 20 loads against the watchdog, keeps the outcome from depending on how busy the machine is (full CI
          // runs saw a 419 MB peak when the loads outran it, and a load blamed when one started too close to the cap).
          // (The wait paces the loads; it asserts nothing: a worker that has shed every idle isolate may keep
          // its RSS between the shedding point and the cap, freed memory the allocator holds on to, and two
          // full CI runs on a loaded machine waited 20 s and 60 s for it in vain. The peak below is the check.)
          await waitFor(async () => ((await local.memory()).workerRssBytes[0] ?? 0) < 0.75 * 256 * MB, { timeoutMs: 15_000, description: 'worker memory back under the point where shedding starts' }).catch(() => undefined);
        }
        process.stderr.write(`[sandbox availability] worker RSS peak ${(peak / MB).toFixed(0)} MB under a 256 MB cap (20 backends x 24 MB held)\n`);
        // Without a cap the same run climbs to ~550 MB; with it, one hog (24 MB) past the settled level at most.
        expect(peak).toBeLessThan(384 * MB);
      } finally {
        await local.stop();
      }
    });
  });

  describe('store results', () => {
    it('a store result larger than the bound is refused to the handler, and the host stays small', async () => {
      const id = await hostile(
        `if (request.action === 'fill') {
           for (let i = 0; i < 5; i++) await context.store.insert('big', { blob: request.input.blob, i });
           return { status: 200, body: { ok: true, result: 'filled' } };
         }
         try { const r = await context.store.list('big', { limit: 1000, offset: 0 }); return { status: 200, body: { ok: true, result: r.items.length } }; }
         catch (e) { return { status: 400, body: { ok: false, error: { code: 'X', message: e.message } } }; }`,
      );
      // The invoker's own input is what gets stored: anyone with a key can do this.
      const blob = 'b'.repeat(900 * 1024);
      expect((await sandbox.invoke(id, { action: 'fill', input: { blob } }, { store: attackStore }, { cpuTimeMs: 20_000, wallTimeMs: 60_000 })).status).toBe(200);
      const rssBefore = process.memoryUsage().rss;
      const { outcome } = await underAttack(() => sandbox.invoke(id, { action: 'list' }, { store: attackStore }));
      expect(outcome.status).toBe('fulfilled');
      const res = (outcome as PromiseFulfilledResult<BackendResponse>).value;
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/result is larger than \d+ bytes/);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * MB);
    });

    it("store errors that are not the handler's input problems reach it as a generic message", async () => {
      const leaky = new MemoryBackendStore();
      leaky.count = async () => {
        throw new Error('password authentication failed for user "platform" at 10.1.2.3:5432');
      };
      const id = await hostile(`try { await context.store.count('x', []); } catch (e) { return { status: 200, body: { ok: true, result: e.message } }; }`);
      const res = await sandbox.invoke(id, { action: 'x' }, { store: leaky });
      expect(res.body).toEqual({ ok: true, result: 'store: the store failed; try again later' });
    });
  });

  describe('fairness', () => {
    it('a burst of legal slow calls to one backend does not time out another backend on its worker', async () => {
      const id = await hostile(`const until = Date.now() + 90; while (Date.now() < until) {} return { status: 200, body: { ok: true, result: 1 } };`);
      // 60 calls of 90 ms are 5.4 s of the worker's time; the victim keeps its default 2 s wall time.
      const { outcome, victimCalls } = await underAttack(
        () => Promise.allSettled(Array.from({ length: 60 }, () => sandbox.invoke(id, { action: 'busy' }, { store: attackStore }, { cpuTimeMs: 100, wallTimeMs: 30_000 }))),
        { wallTimeMs: 2000 },
      );
      expect(outcome.status).toBe('fulfilled');
      expect(victimCalls).toBeGreaterThan(0);
    });

    it('refuses calls past a full per-backend queue with OVERLOADED', async () => {
      const local = await Sandbox.start({ workers: 1, maxConcurrentPerBackend: 2, maxQueuedPerBackend: 4 });
      try {
        await local.load('slow', bundle(`const until = Date.now() + 20; while (Date.now() < until) {} return { status: 200, body: { ok: true, result: 1 } };`));
        const roomy = { cpuTimeMs: 10_000, wallTimeMs: 30_000 };
        const results = await Promise.allSettled(Array.from({ length: 12 }, () => local.invoke('slow', { action: 'x' }, { store: attackStore }, roomy)));
        const codes = results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as SandboxError).code));
        expect(codes.filter((c) => c === 'ok')).toHaveLength(6);
        expect(codes.filter((c) => c === 'OVERLOADED')).toHaveLength(6);
      } finally {
        await local.stop();
      }
    });
  });

  it("keeps the host's memory bounded through every attack above", async () => {
    globalThis.gc?.();
    const grown = process.memoryUsage().rss - hostRssBefore;
    process.stderr.write(`[sandbox availability] host RSS grew by ${(grown / MB).toFixed(1)} MB through the attacks (bound 150 MB)\n`);
    expect(grown).toBeLessThan(150 * MB);
    expect((await sandbox.invoke('victim', { action: 'ping', input: { last: true } }, { store: victimStore })).status).toBe(200);
  });
});
