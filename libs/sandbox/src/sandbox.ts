import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BackendRequest, BackendResponse, BackendStore } from '@backforge/contracts';
import { DEFAULT_SANDBOX_LIMITS, resolveLimits, type SandboxLimits } from './limits.js';
import { checkBackendResponse } from './response.js';
import { isSandboxErrorCode, SandboxError } from './sandbox-error.js';

export interface SandboxOptions {
  /** Worker processes (default 2). */
  workers?: number;
  /** Defaults for every invocation; `memoryMb` applies per backend isolate. */
  limits?: Partial<SandboxLimits>;
  /** Loaded backends a worker keeps before evicting the least recently used one (it reloads on demand). */
  maxBackendsPerWorker?: number;
  /** Time a worker may take to start or to load one backend (default 10 s). */
  controlTimeoutMs?: number;
}

export interface SandboxInvokeContext {
  store: BackendStore;
  /** The invocation's clock, read once when it starts (default: the host clock). */
  now?: () => string;
}

export interface SandboxMemory {
  hostRssBytes: number;
  workerRssBytes: number[];
}

const WORKER_URL = new URL('./worker/sandbox-worker.js', import.meta.url);
const STORE_METHODS: ReadonlySet<string> = new Set(['insert', 'get', 'findOne', 'list', 'count', 'update', 'delete']);
const MAX_RESPAWN_DELAY_MS = 5000;
const STDERR_TAIL_CHARS = 4096;
const MAX_COOL_DOWN_MS = 60_000;

type Reply = { t: 'reply'; rid: number; ok: boolean; code?: string; message?: string; response?: string; ms?: number; rss?: number };
type StoreRequest = { t: 'store'; rid: number; cid: number; method: string; args: string };
type WorkerMessage = Reply | StoreRequest | { t: 'ready' };

interface Pending {
  resolve(reply: Reply): void;
  reject(error: SandboxError): void;
}

interface Invocation {
  rid: number;
  backendId: string;
  worker: Worker;
  store: BackendStore;
  ops: number;
  limits: SandboxLimits;
  timer: NodeJS.Timeout;
  resolve(response: BackendResponse): void;
  reject(error: SandboxError): void;
}

interface Worker {
  index: number;
  child: ChildProcess;
  alive: boolean;
  isReady: boolean;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  invocations: Map<number, Invocation>;
  /** Backends loaded on this process, in least-recently-used order (Map keeps insertion order). */
  loaded: Map<string, string>;
  /** The file (fd 3 in the worker) where it notes the invocation it is running, to blame a fatal crash on. */
  markerFd: number;
  markerDir: string;
  stderrTail: string;
  /** A liveness probe is out (after a wall-time breach): no answer means the process is wedged. */
  probing: boolean;
}

interface BackendEntry {
  id: string;
  code: string;
  hash: string;
  worker: number;
  /** Fatal worker crashes this code caused, and until when it is refused because of them. */
  crashes: number;
  coolUntil: number;
}

function readMarker(worker: Worker): number {
  const buffer = Buffer.alloc(16);
  try {
    readSync(worker.markerFd, buffer, 0, 16, 0);
  } catch {
    return 0;
  }
  return Number.parseInt(buffer.toString('latin1').trim(), 10) || 0;
}

function releaseMarker(worker: Worker): void {
  if (worker.markerFd < 0) return;
  try {
    closeSync(worker.markerFd);
  } catch {
    // already closed
  }
  worker.markerFd = -1;
  rmSync(worker.markerDir, { recursive: true, force: true });
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SandboxError('SANDBOX_UNAVAILABLE', `${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs generated backends' bundles in isolated-vm isolates inside worker processes that hold no
 * credentials and no environment. The host (this object) holds the stores: a handler reaches data
 * only through store calls relayed here and run against the store passed to `invoke`.
 */
export class Sandbox {
  private readonly workers: Worker[] = [];
  private readonly backends = new Map<string, BackendEntry>();
  private readonly limits: SandboxLimits;
  private readonly maxBackendsPerWorker: number;
  private readonly controlTimeoutMs: number;
  private nextRid = 1;
  private recycled = 0;
  private stopped = false;
  private respawnDelayMs = 0;

  private constructor(private readonly options: SandboxOptions) {
    this.limits = resolveLimits(DEFAULT_SANDBOX_LIMITS, options.limits);
    this.maxBackendsPerWorker = options.maxBackendsPerWorker ?? 256;
    this.controlTimeoutMs = options.controlTimeoutMs ?? 10_000;
    if (!Number.isInteger(this.maxBackendsPerWorker) || this.maxBackendsPerWorker < 1) throw new RangeError('maxBackendsPerWorker must be a positive integer');
  }

  /** Starts the worker processes and waits until each is ready. */
  static async start(options: SandboxOptions = {}): Promise<Sandbox> {
    const count = options.workers ?? 2;
    if (!Number.isInteger(count) || count < 1) throw new RangeError('workers must be a positive integer');
    const sandbox = new Sandbox(options);
    for (let i = 0; i < count; i++) sandbox.workers.push(sandbox.spawn(i));
    try {
      await Promise.all(sandbox.workers.map((w) => withTimeout(w.ready, sandbox.controlTimeoutMs, 'starting a sandbox worker')));
    } catch (e) {
      await sandbox.stop();
      throw e;
    }
    return sandbox;
  }

  private spawn(index: number): Worker {
    const markerDir = mkdtempSync(path.join(tmpdir(), 'backforge-sandbox-'));
    const markerFd = openSync(path.join(markerDir, 'marker'), 'w+', 0o600);
    const child = fork(fileURLToPath(WORKER_URL), [], {
      execArgv: ['--no-node-snapshot'],
      env: {}, // no credentials, no configuration: the worker needs nothing from the host's environment
      serialization: 'json',
      // stderr is kept (its tail explains a crash) but not forwarded: V8's fatal out-of-memory report is
      // noise to the host's own log readers. fd 3 is the worker's running-invocation marker file.
      stdio: ['ignore', 'ignore', 'pipe', markerFd, 'ipc'],
    });
    let onReady: () => void = () => undefined;
    const worker: Worker = {
      index,
      child,
      alive: true,
      isReady: false,
      ready: new Promise<void>((resolve) => (onReady = resolve)),
      pending: new Map(),
      invocations: new Map(),
      loaded: new Map(),
      markerFd,
      markerDir,
      probing: false,
      stderrTail: '',
    };
    const stderr = child.stderr;
    stderr?.setEncoding('utf8');
    stderr?.on('data', (chunk: string) => {
      worker.stderrTail = (worker.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.on('message', (message: WorkerMessage) => {
      if (message.t === 'ready') {
        worker.isReady = true;
        onReady();
      } else if (message.t === 'reply') this.onReply(worker, message);
      else if (message.t === 'store') void this.onStore(worker, message);
    });
    child.on('error', () => undefined); // 'close' follows and does the bookkeeping
    // 'close' comes after the process exited and its stdio drained: the marker and stderr tail are complete.
    child.once('close', (code, signal) => this.onExit(worker, code, signal));
    return worker;
  }

  private onExit(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    if (!worker.alive) {
      releaseMarker(worker);
      return;
    }
    worker.alive = false;
    // V8's fatal out-of-memory aborts the process; blame the invocation that was running, if any.
    const fatal = signal === 'SIGABRT' || signal === 'SIGTRAP' || code === 134 || /out of memory|is_heap_oom/i.test(worker.stderrTail);
    const culprit = fatal ? worker.invocations.get(readMarker(worker)) : undefined;
    releaseMarker(worker);
    const blamed = culprit ? this.backends.get(culprit.backendId) : undefined;
    if (blamed) {
      // A backend that takes its worker down is refused for a while, doubling each time, so it
      // cannot keep the other backends of that worker reloading.
      blamed.crashes += 1;
      blamed.coolUntil = Date.now() + Math.min(MAX_COOL_DOWN_MS, 1000 * 2 ** (blamed.crashes - 1));
    }
    for (const inv of [...worker.invocations.values()]) {
      const reason = `the sandbox worker stopped (${signal ?? `exit code ${String(code)}`})`;
      if (inv === culprit) this.settle(inv, new SandboxError('MEMORY_EXCEEDED', `${reason} while running this invocation`));
      else this.settle(inv, new SandboxError('SANDBOX_UNAVAILABLE', `${reason}; retry`));
    }
    for (const pending of worker.pending.values()) pending.reject(new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox worker stopped'));
    worker.pending.clear();
    if (this.stopped) return;
    // Replace the process; its backends reload on their next call (the host keeps their code).
    this.recycled += 1;
    const delay = this.respawnDelayMs;
    this.respawnDelayMs = Math.min(MAX_RESPAWN_DELAY_MS, Math.max(50, delay * 2));
    setTimeout(() => {
      if (this.stopped) return;
      const fresh = this.spawn(worker.index);
      this.workers[worker.index] = fresh;
      void fresh.ready.then(() => {
        this.respawnDelayMs = 0;
      });
    }, delay).unref();
  }

  private request(worker: Worker, message: Record<string, unknown>, timeoutMs: number): Promise<Reply> {
    const rid = this.nextRid++;
    const reply = new Promise<Reply>((resolve, reject) => {
      worker.pending.set(rid, { resolve, reject });
      try {
        worker.child.send({ ...message, rid });
      } catch {
        worker.pending.delete(rid);
        reject(new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox worker is not reachable'));
      }
    });
    return withTimeout(reply, timeoutMs, `sandbox worker request ${String(message.t)}`).finally(() => worker.pending.delete(rid));
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
    if (!reply.ok) {
      const code = isSandboxErrorCode(reply.code) ? reply.code : 'HANDLER_FAILED';
      if (code === 'NOT_LOADED') worker.loaded.clear(); // the worker lost its backends: reload on demand
      this.settle(inv, new SandboxError(code, reply.message ?? 'the invocation failed'));
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply.response ?? '');
    } catch {
      this.settle(inv, new SandboxError('INVALID_RESPONSE', 'the response is not JSON'));
      return;
    }
    const checked = checkBackendResponse(parsed);
    if (!checked.ok) this.settle(inv, new SandboxError('INVALID_RESPONSE', checked.reason));
    else this.settle(inv, checked.response);
  }

  private settle(inv: Invocation, outcome: BackendResponse | SandboxError): void {
    if (!inv.worker.invocations.delete(inv.rid)) return;
    clearTimeout(inv.timer);
    if (outcome instanceof SandboxError) inv.reject(outcome);
    else inv.resolve(outcome);
  }

  private async onStore(worker: Worker, message: StoreRequest): Promise<void> {
    const inv = worker.invocations.get(message.rid);
    if (!inv) return;
    const answer = (ok: boolean, payload: string): void => {
      if (!inv.worker.alive || !worker.invocations.has(inv.rid)) return;
      try {
        worker.child.send({ t: 'storeResult', rid: inv.rid, cid: message.cid, ok, payload });
      } catch {
        // the worker died; its exit handler fails the invocation
      }
    };
    inv.ops += 1;
    if (inv.ops > inv.limits.storeOps) {
      answer(false, 'operation limit exceeded');
      this.end(inv, new SandboxError('STORE_LIMIT_EXCEEDED', `the handler made more than ${inv.limits.storeOps} store calls`));
      return;
    }
    if (!STORE_METHODS.has(message.method) || typeof message.args !== 'string' || Buffer.byteLength(message.args) > inv.limits.outputBytes) {
      answer(false, 'malformed store call');
      return;
    }
    let args: unknown;
    try {
      args = JSON.parse(message.args);
    } catch {
      answer(false, 'store arguments are not JSON');
      return;
    }
    if (!Array.isArray(args)) {
      answer(false, 'malformed store call');
      return;
    }
    try {
      const store = inv.store as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      const result = await store[message.method]!.apply(inv.store, args);
      answer(true, result === undefined ? '' : JSON.stringify(result));
    } catch (e) {
      answer(false, e instanceof Error ? e.message : String(e));
    }
  }

  /** Asks a worker for a sign of life; one that cannot answer in controlTimeoutMs is wedged: replace it. */
  private probe(worker: Worker): void {
    if (worker.probing || !worker.alive) return;
    worker.probing = true;
    this.request(worker, { t: 'memory' }, this.controlTimeoutMs).then(
      () => {
        worker.probing = false;
      },
      () => {
        worker.probing = false;
        if (worker.alive) worker.child.kill('SIGKILL');
      },
    );
  }

  /** Ends an invocation from the host side and tells the worker to drop it. */
  private end(inv: Invocation, error: SandboxError): void {
    if (!inv.worker.invocations.has(inv.rid)) return;
    this.settle(inv, error);
    try {
      if (inv.worker.alive) inv.worker.child.send({ t: 'end', rid: inv.rid });
    } catch {
      // gone already
    }
  }

  private pickWorker(): number {
    let best = 0;
    let bestCount = Number.POSITIVE_INFINITY;
    const counts = new Array<number>(this.workers.length).fill(0);
    for (const entry of this.backends.values()) counts[entry.worker] = (counts[entry.worker] ?? 0) + 1;
    counts.forEach((count, i) => {
      if (count < bestCount) {
        best = i;
        bestCount = count;
      }
    });
    return best;
  }

  /** The worker in a slot, waiting (up to controlTimeoutMs) for a replacement when it is restarting. */
  private async live(index: number): Promise<Worker> {
    const deadline = Date.now() + this.controlTimeoutMs;
    for (;;) {
      if (this.stopped) throw new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox is stopped');
      const worker = this.workers[index];
      if (worker?.alive) {
        await withTimeout(worker.ready, Math.max(1, deadline - Date.now()), 'starting a sandbox worker');
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
    while (worker.loaded.size >= this.maxBackendsPerWorker) {
      const [oldest] = worker.loaded.keys();
      if (oldest === undefined) break;
      worker.loaded.delete(oldest);
      await this.request(worker, { t: 'unload', backendId: oldest }, this.controlTimeoutMs);
    }
    const reply = await this.request(
      worker,
      { t: 'load', backendId: entry.id, code: entry.code, memoryMb: this.limits.memoryMb, loadTimeoutMs: Math.max(500, this.limits.cpuTimeMs * 10) },
      this.controlTimeoutMs,
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
    await this.ensureLoaded(entry);
    this.backends.set(backendId, entry); // only once it loaded: a failed replacement keeps the old code
  }

  /**
   * Runs the backend's handler on `request`; its store calls run against `context.store` (the host
   * scopes that store to the backend's agent). `limits` override the sandbox's per-invocation limits
   * (`memoryMb` is the backend's and was fixed when it loaded). Fails with a SandboxError.
   */
  async invoke(backendId: string, request: BackendRequest, context: SandboxInvokeContext, limits?: Partial<SandboxLimits>): Promise<BackendResponse> {
    const entry = this.backends.get(backendId);
    if (!entry) throw new SandboxError('NOT_LOADED', `backend ${backendId} is not loaded`);
    if (entry.coolUntil > Date.now()) {
      throw new SandboxError('SANDBOX_UNAVAILABLE', `backend ${backendId} crashed its worker ${entry.crashes} time(s) and is refused for ${entry.coolUntil - Date.now()} ms more`);
    }
    const effective = limits ? resolveLimits(this.limits, limits) : this.limits;
    let requestJson: string;
    try {
      requestJson = JSON.stringify(request);
    } catch {
      throw new SandboxError('HANDLER_FAILED', 'the request is not JSON');
    }
    const started = Date.now();
    // Warm path without awaiting anything: the backend is loaded on a ready worker.
    const warm = this.workers[entry.worker];
    if (warm && warm.alive && warm.isReady && !this.stopped && warm.loaded.get(backendId) === entry.hash) {
      warm.loaded.delete(backendId); // refresh its place in the LRU order
      warm.loaded.set(backendId, entry.hash);
      return this.dispatch(warm, backendId, requestJson, context, effective, started);
    }
    const worker = await this.ensureLoaded(entry);
    return this.dispatch(worker, backendId, requestJson, context, effective, started);
  }

  private dispatch(worker: Worker, backendId: string, requestJson: string, context: SandboxInvokeContext, limits: SandboxLimits, started: number): Promise<BackendResponse> {
    const now = context.now ? context.now() : new Date().toISOString();
    return new Promise<BackendResponse>((resolve, reject) => {
      const rid = this.nextRid++;
      const remaining = Math.max(1, limits.wallTimeMs - (Date.now() - started));
      const inv: Invocation = {
        rid,
        backendId,
        worker,
        store: context.store,
        ops: 0,
        limits,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.end(inv, new SandboxError('WALL_TIME_EXCEEDED', `no response within ${limits.wallTimeMs} ms`));
          this.probe(worker);
        }, remaining),
      };
      worker.invocations.set(rid, inv);
      try {
        worker.child.send({
          t: 'invoke',
          rid,
          backendId,
          request: requestJson,
          now,
          cpuTimeMs: limits.cpuTimeMs,
          storeOps: limits.storeOps,
          outputBytes: limits.outputBytes,
        });
      } catch {
        this.settle(inv, new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox worker is not reachable; retry'));
      }
    });
  }

  /** Forgets a backend and frees its isolate; its in-flight invocations fail with SANDBOX_UNAVAILABLE. */
  async unload(backendId: string): Promise<void> {
    const entry = this.backends.get(backendId);
    if (!entry) return;
    this.backends.delete(backendId);
    const worker = this.workers[entry.worker];
    if (!worker?.alive || !worker.loaded.has(backendId)) return;
    worker.loaded.delete(backendId);
    await this.request(worker, { t: 'unload', backendId }, this.controlTimeoutMs);
  }

  stats(): { workers: number; loadedBackends: number; recycledWorkers: number } {
    return { workers: this.workers.filter((w) => w.alive).length, loadedBackends: this.backends.size, recycledWorkers: this.recycled };
  }

  /** Resident memory of the host and of each worker process, for benchmarks and health checks. */
  async memory(): Promise<SandboxMemory> {
    const workerRssBytes = await Promise.all(
      this.workers.map(async (w) => (w.alive ? ((await this.request(w, { t: 'memory' }, this.controlTimeoutMs)).rss ?? 0) : 0)),
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
    await Promise.all(
      this.workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (!w.alive || w.child.exitCode !== null) {
              resolve();
              return;
            }
            const kill = setTimeout(() => w.child.kill('SIGKILL'), 2000);
            w.child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            w.child.kill('SIGTERM');
          }),
      ),
    );
    for (const w of this.workers) {
      w.alive = false;
      releaseMarker(w);
      for (const inv of [...w.invocations.values()]) this.settle(inv, new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox stopped'));
      for (const p of w.pending.values()) p.reject(new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox stopped'));
      w.pending.clear();
    }
  }
}
