export type { SandboxInvokeContext, SandboxMemory, SandboxOptions } from './sandbox-options.js';
import type { BackendRequest, BackendResponse } from '@backforge/contracts';
import { withTimeout } from '@backforge/resilience';
import { Gate } from './gate.js';
import { DEFAULT_SANDBOX_LIMITS, resolveLimits, type SandboxLimits } from './limits.js';
import { outcomeOfReply } from './response.js';
import { SandboxError } from './sandbox-error.js';
import { InvocationStore } from './store-relay.js';
import { releaseMarkerFile, removeStaleMarkerDirs } from './watchdog.js';
import { resolveSettings, type SandboxInvokeContext, type SandboxMemory, type SandboxOptions, type SandboxSettings } from './sandbox-options.js';
import { ATTEMPTS, type BackendEntry, ENDED_KEPT, MAX_COOL_DOWN_MS, MAX_RESPAWN_DELAY_MS, MEMORY_EVERY_TICKS, retryable, sha256, WATCH_INTERVAL_MS } from './sandbox-state.js';
import { blameOnExit, inspectWorker, post, requestWorker, spawnWorker, terminateWorker, tooSlow, type Invocation, type Reply, type StoreRequest, type Worker } from './worker-process.js';

/**
 * Runs generated backends' bundles in isolated-vm isolates inside worker processes that hold no
 * credentials and no environment. The host (this object) holds the stores: a handler reaches data
 * only through store calls relayed here and run against the store passed to `invoke`.
 *
 * Availability: a watchdog reads each worker's marker and main-thread CPU time every 20 ms and
 * kills a worker whose run inside an isolate (handler, bundle load or reload, unwinding after the
 * host ended it) outlives its CPU budget by 50 ms, blaming that run; it also caps each worker's
 * memory. Each backend has its own queue to its worker (`maxConcurrentPerBackend`,
 * `maxQueuedPerBackend`). Store results are bounded (`storeResultBytes`) and a store's own error
 * text never reaches the handler.
 */
export class Sandbox {
  private readonly workers: Worker[] = [];
  private readonly backends = new Map<string, BackendEntry>();
  private readonly gates = new Map<string, Gate>();
  private readonly limits: SandboxLimits;
  private readonly settings: SandboxSettings;
  private readonly watchdog: NodeJS.Timeout;
  private ticks = 0;
  private nextRid = 1;
  private recycled = 0;
  private blamedCrashes = 0;
  /** A started, idle worker process that replaces a dead one at once (index -1 until then). */
  private spare: Worker | null = null;
  private spareScheduled = false;
  private stopped = false;
  private respawnDelayMs = 0;

  private constructor(options: SandboxOptions) {
    this.limits = resolveLimits(DEFAULT_SANDBOX_LIMITS, options.limits);
    this.settings = resolveSettings(options, this.limits);
    this.watchdog = setInterval(() => this.watch(), WATCH_INTERVAL_MS);
    this.watchdog.unref();
  }

  /** Starts the worker processes and waits until each is ready. */
  static async start(options: SandboxOptions = {}): Promise<Sandbox> {
    const count = options.workers ?? 2;
    if (!Number.isInteger(count) || count < 1) throw new RangeError('workers must be a positive integer');
    removeStaleMarkerDirs();
    const sandbox = new Sandbox(options);
    for (let i = 0; i < count; i++) sandbox.workers.push(sandbox.spawn(i));
    try {
      await Promise.all(sandbox.workers.map((w) => withTimeout(w.ready, sandbox.settings.controlTimeoutMs, tooSlow('starting a sandbox worker', sandbox.settings.controlTimeoutMs))));
    } catch (e) {
      await sandbox.stop();
      throw e;
    }
    sandbox.ensureSpare();
    return sandbox;
  }

  private spawn(index: number): Worker {
    return spawnWorker(index, {
      message: (worker, message) => {
        if (message.t === 'reply') this.onReply(worker, message);
        else void this.onStore(worker, message);
      },
      exit: (worker, code, signal) => this.onExit(worker, code, signal),
      expire: (worker, due) => this.expire(worker, due),
    });
  }

  /** The watchdog's tick (see `inspectWorker`): kill a worker whose run overran, shed a worker near its memory cap. */
  private watch(): void {
    this.ticks += 1;
    const memoryTick = this.ticks % MEMORY_EVERY_TICKS === 0;
    for (const worker of this.workers) {
      if (!worker.alive || !worker.isReady || worker.killed) continue;
      const verdict = inspectWorker(worker, memoryTick, this.settings.maxWorkerMemoryBytes);
      if (verdict === 'shed') this.request(worker, { t: 'shed' }, this.settings.controlTimeoutMs).catch(() => undefined);
      else if (verdict) {
        worker.killed = verdict;
        worker.child.kill('SIGKILL');
      }
    }
  }

  /** The backend a run (invocation, ended invocation or load) belongs to. */
  private backendOfRun(worker: Worker, rid: number): string | undefined {
    return worker.invocations.get(rid)?.backendId ?? worker.ended.get(rid) ?? worker.pending.get(rid)?.loading;
  }

  private onExit(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    if (!worker.alive) {
      releaseMarkerFile(worker.marker);
      return;
    }
    worker.alive = false;
    const blame = blameOnExit(worker, code, signal);
    releaseMarkerFile(worker.marker);
    const blamedId = blame && blame.rid !== 0 ? this.backendOfRun(worker, blame.rid) : undefined;
    const blamed = blamedId === undefined ? undefined : this.backends.get(blamedId);
    if (blamed) {
      this.blamedCrashes += 1;
      // A backend that takes its worker down is refused for a while, doubling each time, so it
      // cannot keep the other backends of that worker reloading.
      blamed.crashes += 1;
      blamed.coolUntil = Date.now() + Math.min(MAX_COOL_DOWN_MS, 1000 * 2 ** (blamed.crashes - 1));
    }
    const why = `the sandbox worker stopped (${signal ?? `exit code ${String(code)}`})`;
    for (const inv of [...worker.invocations.values()]) {
      if (blame && inv.rid === blame.rid) {
        this.settle(inv, new SandboxError(blame.code, `the handler ${blame.reason}; ${why} while running this invocation`));
        continue;
      }
      const error = new SandboxError('SANDBOX_UNAVAILABLE', `${why}; retry`);
      if (inv.ops === 0) retryable.add(error); // it touched nothing durable: invoke runs it again
      this.settle(inv, error);
    }
    for (const [rid, pending] of worker.pending) {
      if (blame && rid === blame.rid && pending.loading !== undefined) {
        pending.reject(new SandboxError('LOAD_FAILED', `the bundle ${blame.reason} while loading`));
        continue;
      }
      const error = new SandboxError('SANDBOX_UNAVAILABLE', why);
      if (pending.loading !== undefined) retryable.add(error); // another run took the worker down: load again
      pending.reject(error);
    }
    worker.pending.clear();
    if (this.stopped) return;
    if (worker.index < 0) {
      this.spare = null; // the spare died idle: make another, with backoff
      this.ensureSpare();
      return;
    }
    // Replace the process; its backends reload on their next call (the host keeps their code). A
    // ready spare takes over at once: starting a Node process takes a second on a busy machine,
    // which the invocations retried after a kill would otherwise spend waiting.
    this.recycled += 1;
    const spare = this.spare;
    if (spare?.alive && spare.isReady) {
      this.spare = null;
      spare.index = worker.index;
      this.workers[worker.index] = spare;
      this.ensureSpare();
      return;
    }
    const delay = this.respawnDelayMs;
    this.respawnDelayMs = Math.min(MAX_RESPAWN_DELAY_MS, Math.max(50, delay * 2));
    setTimeout(() => {
      if (this.stopped) return;
      const fresh = this.spawn(worker.index);
      this.workers[worker.index] = fresh;
      void fresh.ready.then(() => {
        this.respawnDelayMs = 0;
        this.ensureSpare();
      });
    }, delay).unref();
  }

  /** Starts a spare worker process (once), after the respawn backoff. */
  private ensureSpare(): void {
    if (this.spare || this.spareScheduled || this.stopped) return;
    this.spareScheduled = true;
    setTimeout(() => {
      this.spareScheduled = false;
      if (this.stopped || this.spare) return;
      this.spare = this.spawn(-1);
      void this.spare.ready.then(() => {
        this.respawnDelayMs = 0;
      });
    }, this.respawnDelayMs).unref();
  }

  private request(worker: Worker, message: Record<string, unknown>, timeoutMs: number, loading?: string): Promise<Reply> {
    return requestWorker(worker, this.nextRid++, message, timeoutMs, loading);
  }

  private onReply(worker: Worker, reply: Reply): void {
    const pending = worker.pending.get(reply.rid);
    if (pending) {
      worker.pending.delete(reply.rid);
      pending.resolve(reply);
      return;
    }
    const inv = worker.invocations.get(reply.rid);
    if (!inv) return; // already ended by the host (wall time, store limit)
    if (!reply.ok && reply.code === 'NOT_LOADED') worker.loaded.clear(); // the worker lost its backends: reload on demand
    this.settle(inv, outcomeOfReply(reply));
  }

  private settle(inv: Invocation, outcome: BackendResponse | SandboxError): void {
    const { worker } = inv;
    if (!worker.invocations.delete(inv.rid)) return;
    if (worker.invocations.size === 0) worker.deadlines.disarm(); // nothing left to watch
    inv.scoped?.end(); // cancels what it still has running in the store
    if (outcome instanceof SandboxError) inv.reject(outcome);
    else inv.resolve(outcome);
  }

  private async onStore(worker: Worker, message: StoreRequest): Promise<void> {
    const inv = worker.invocations.get(message.rid);
    if (!inv) return;
    const answer = (ok: boolean, payload: string): void => {
      if (!inv.worker.alive || !worker.invocations.has(inv.rid)) return;
      post(worker, ['s', inv.rid, message.cid, ok, payload]); // if it died, its exit handler fails the invocation
    };
    inv.ops += 1;
    if (inv.ops > inv.limits.storeOps) {
      answer(false, 'operation limit exceeded');
      this.end(inv, new SandboxError('STORE_LIMIT_EXCEEDED', `the handler made more than ${inv.limits.storeOps} store calls`));
      return;
    }
    inv.scoped ??= new InvocationStore(inv.store, inv.limits.outputBytes, inv.limits.storeResultBytes);
    const { ok, payload } = await inv.scoped.call(message.method, message.args);
    answer(ok, payload);
  }

  /**
   * The worker's wall-time timer fired: ends every invocation whose deadline has come (the one it
   * was armed for, and any other due by now), as each invocation's own timer did, and arms it for
   * the earliest deadline left.
   */
  private expire(worker: Worker, due: number): void {
    let next = Infinity;
    for (const inv of [...worker.invocations.values()]) {
      if (inv.deadline <= due) {
        this.end(inv, new SandboxError('WALL_TIME_EXCEEDED', `no response within ${inv.limits.wallTimeMs} ms`));
        this.probe(worker);
      } else if (inv.deadline < next) next = inv.deadline;
    }
    if (next !== Infinity && worker.invocations.size > 0) worker.deadlines.arm(next);
  }

  /** Asks a worker for a sign of life; one that cannot answer in controlTimeoutMs is wedged: replace it. */
  private probe(worker: Worker): void {
    if (worker.probing || !worker.alive) return;
    worker.probing = true;
    this.request(worker, { t: 'memory' }, this.settings.controlTimeoutMs)
      .catch(() => worker.alive && worker.child.kill('SIGKILL'))
      .finally(() => (worker.probing = false));
  }

  /** Ends an invocation from the host side and tells the worker to drop it. */
  private end(inv: Invocation, error: SandboxError): void {
    if (!inv.worker.invocations.has(inv.rid)) return;
    this.settle(inv, error);
    const { ended } = inv.worker;
    ended.set(inv.rid, inv.backendId); // its unwinding in the worker is still its own
    if (ended.size > ENDED_KEPT) ended.delete(ended.keys().next().value as number);
    post(inv.worker, ['e', inv.rid]); // a worker that is gone has nothing to end
  }

  private pickWorker(): number {
    const counts = new Array<number>(this.workers.length).fill(0);
    for (const entry of this.backends.values()) counts[entry.worker] = (counts[entry.worker] ?? 0) + 1;
    return counts.indexOf(Math.min(...counts));
  }

  /** The worker in a slot, waiting (up to controlTimeoutMs) for a replacement when it is restarting. */
  private async live(index: number): Promise<Worker> {
    const deadline = Date.now() + this.settings.controlTimeoutMs;
    for (;;) {
      if (this.stopped) throw new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox is stopped');
      const worker = this.workers[index];
      if (worker?.alive) {
        const left = Math.max(1, deadline - Date.now());
        await withTimeout(worker.ready, left, tooSlow('starting a sandbox worker', left));
        return worker;
      }
      if (Date.now() >= deadline) throw new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox worker is restarting; retry');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Makes sure the backend's current code is loaded on its worker (cold load when it is not). */
  private async ensureLoaded(entry: BackendEntry): Promise<Worker> {
    const worker = await this.live(entry.worker);
    if (worker.loaded.get(entry.id) === entry.hash) {
      worker.loaded.delete(entry.id); // refresh its place in the LRU order
      worker.loaded.set(entry.id, entry.hash);
      return worker;
    }
    while (worker.loaded.size >= this.settings.maxBackendsPerWorker) {
      const [oldest] = worker.loaded.keys();
      if (oldest === undefined) break;
      worker.loaded.delete(oldest);
      await this.request(worker, { t: 'unload', backendId: oldest }, this.settings.controlTimeoutMs);
    }
    const reply = await this.request(
      worker,
      { t: 'load', backendId: entry.id, code: entry.code, memoryMb: this.limits.memoryMb, loadTimeoutMs: this.settings.loadCpuTimeMs },
      this.settings.controlTimeoutMs,
      entry.id,
    );
    if (!reply.ok) throw new SandboxError('LOAD_FAILED', reply.message ?? 'the bundle did not load');
    worker.loaded.set(entry.id, entry.hash);
    return worker;
  }

  /** Cold-loads a backend's bundle; no-op when the same code is loaded; replaces it when the code differs. */
  async load(backendId: string, bundleCode: string): Promise<void> {
    if (this.stopped) throw new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox is stopped');
    if (typeof backendId !== 'string' || backendId.length === 0) throw new TypeError('backendId must be a non-empty string');
    if (typeof bundleCode !== 'string') throw new TypeError('bundleCode must be a string');
    const hash = sha256(bundleCode);
    const existing = this.backends.get(backendId);
    const same = existing?.hash === hash;
    const entry: BackendEntry = {
      id: backendId,
      code: bundleCode,
      hash,
      worker: existing?.worker ?? this.pickWorker(),
      crashes: same ? existing.crashes : 0,
      coolUntil: same ? existing.coolUntil : 0,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        await this.ensureLoaded(entry);
        break;
      } catch (e) {
        if (!(e instanceof SandboxError && retryable.has(e) && attempt < ATTEMPTS)) throw e;
      }
    }
    this.backends.set(backendId, entry); // only once it loaded: a failed replacement keeps the old code
  }

  /**
   * Runs the backend's handler on `request`; its store calls run against `context.store` (the host
   * scopes that store to the backend's agent; a store with `forInvocation` also gets the
   * invocation's result bound and an abort signal when it ends). `limits` override the sandbox's
   * per-invocation limits (`memoryMb` is the backend's and was fixed when it loaded). Fails with a
   * SandboxError; OVERLOADED when the backend's queue is full.
   */
  async invoke(backendId: string, request: BackendRequest, context: SandboxInvokeContext, limits?: Partial<SandboxLimits>): Promise<BackendResponse> {
    let requestJson: string;
    try {
      requestJson = JSON.stringify(request);
    } catch {
      throw new SandboxError('HANDLER_FAILED', 'the request is not JSON');
    }
    return this.invokeJson(backendId, requestJson, context, limits);
  }

  /**
   * `invoke` with the request as JSON text (the caller checked it is a JSON object, e.g. the HTTP
   * body as it came): no object is built and serialised again on the host. Text that is not JSON
   * fails inside the isolate (HANDLER_FAILED), like a handler that throws.
   */
  async invokeJson(backendId: string, requestJson: string, context: SandboxInvokeContext, limits?: Partial<SandboxLimits>): Promise<BackendResponse> {
    const entry = this.backends.get(backendId);
    if (!entry) throw new SandboxError('NOT_LOADED', `backend ${backendId} is not loaded`);
    const effective = limits ? resolveLimits(this.limits, limits) : this.limits;
    const deadline = Date.now() + effective.wallTimeMs;
    let gate = this.gates.get(backendId);
    if (!gate) {
      gate = new Gate(this.settings.maxConcurrentPerBackend, this.settings.maxQueuedPerBackend);
      this.gates.set(backendId, gate);
    }
    const waiting = gate.enter(effective.wallTimeMs, effective.wallTimeMs);
    if (waiting) await waiting;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.attempt(backendId, requestJson, context, effective, deadline);
        } catch (e) {
          if (!(e instanceof SandboxError && retryable.has(e) && attempt < ATTEMPTS && Date.now() < deadline)) throw e;
        }
      }
    } finally {
      gate.leave();
    }
  }

  private attempt(backendId: string, requestJson: string, context: SandboxInvokeContext, limits: SandboxLimits, deadline: number): Promise<BackendResponse> {
    const entry = this.backends.get(backendId);
    if (!entry) throw new SandboxError('NOT_LOADED', `backend ${backendId} is not loaded`);
    if (entry.coolUntil > Date.now()) {
      throw new SandboxError('SANDBOX_UNAVAILABLE', `backend ${backendId} crashed its worker ${entry.crashes} time(s) and is refused for ${entry.coolUntil - Date.now()} ms more`);
    }
    // Warm path without awaiting anything: the backend is loaded on a ready worker.
    const warm = this.workers[entry.worker];
    if (warm && warm.alive && warm.isReady && !this.stopped && warm.loaded.get(backendId) === entry.hash) {
      warm.loaded.delete(backendId); // refresh its place in the LRU order
      warm.loaded.set(backendId, entry.hash);
      return this.dispatch(warm, backendId, requestJson, context, limits, deadline);
    }
    return this.ensureLoaded(entry).then((worker) => this.dispatch(worker, backendId, requestJson, context, limits, deadline));
  }

  private dispatch(worker: Worker, backendId: string, requestJson: string, context: SandboxInvokeContext, limits: SandboxLimits, deadline: number): Promise<BackendResponse> {
    const now = context.now ? context.now() : new Date().toISOString();
    return new Promise<BackendResponse>((resolve, reject) => {
      const rid = this.nextRid++;
      const inv: Invocation = {
        rid,
        backendId,
        worker,
        store: context.store,
        scoped: null,
        ops: 0,
        limits,
        deadline,
        resolve,
        reject,
      };
      worker.invocations.set(rid, inv);
      worker.deadlines.arm(deadline);
      // The deadline: the worker skips the invocation if it only gets to it after this (the host has given up by then).
      const sent = post(worker, ['i', rid, backendId, requestJson, now, limits.cpuTimeMs, limits.storeOps, limits.outputBytes, deadline]);
      if (!sent) {
        const error = new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox worker is not reachable; retry');
        retryable.add(error); // it never reached the worker: invoke runs it again
        this.settle(inv, error);
      }
    });
  }

  /** Forgets a backend and frees its isolate; its in-flight invocations fail with SANDBOX_UNAVAILABLE. */
  async unload(backendId: string): Promise<void> {
    const entry = this.backends.get(backendId);
    if (!entry) return;
    this.backends.delete(backendId);
    if (this.gates.get(backendId)?.idle) this.gates.delete(backendId);
    const worker = this.workers[entry.worker];
    if (!worker?.alive || !worker.loaded.has(backendId)) return;
    worker.loaded.delete(backendId);
    await this.request(worker, { t: 'unload', backendId }, this.settings.controlTimeoutMs);
  }

  /** `blamedCrashes`: worker deaths (fatal out-of-memory, watchdog kills) pinned on a loaded backend. */
  stats(): { workers: number; loadedBackends: number; recycledWorkers: number; blamedCrashes: number } {
    return { workers: this.workers.filter((w) => w.alive).length, loadedBackends: this.backends.size, recycledWorkers: this.recycled, blamedCrashes: this.blamedCrashes };
  }

  /** Resident memory of the host and of each worker process, for benchmarks and health checks. */
  async memory(): Promise<SandboxMemory> {
    const workerRssBytes = await Promise.all(
      this.workers.map(async (w) => (w.alive ? ((await this.request(w, { t: 'memory' }, this.settings.controlTimeoutMs)).rss ?? 0) : 0)),
    );
    return { hostRssBytes: process.memoryUsage().rss, workerRssBytes };
  }

  /** Process ids of the workers (operations and crash tests). */
  workerPids(): number[] {
    return this.workers.filter((w) => w.alive).map((w) => w.child.pid ?? 0);
  }

  /** Stops every worker (SIGTERM, then SIGKILL after 2 s); pending calls fail with SANDBOX_UNAVAILABLE. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.watchdog);
    const all = this.spare ? [...this.workers, this.spare] : this.workers;
    await Promise.all(all.map(terminateWorker));
    for (const w of all) {
      w.alive = false;
      releaseMarkerFile(w.marker);
      for (const inv of [...w.invocations.values()]) this.settle(inv, new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox stopped'));
      for (const p of w.pending.values()) p.reject(new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox stopped'));
      w.pending.clear();
    }
  }
}
