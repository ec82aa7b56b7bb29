import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BackendResponse, BackendStore } from '@backforge/contracts';
import { withTimeout } from '@backforge/resilience';
import { EarliestDeadline } from './earliest-deadline.js';
import type { SandboxLimits } from './limits.js';
import { SandboxError, type SandboxErrorCode } from './sandbox-error.js';
import type { InvocationStore } from './store-relay.js';
import { createMarkerFile, mainThreadCpuMs, readMarker, residentBytes, type MarkerFile } from './watchdog.js';

/** The host's side of one worker process: what it sent, what runs there, what the watchdog saw. */

const WORKER_URL = new URL('./worker/sandbox-worker.js', import.meta.url);
const STDERR_TAIL_CHARS = 4096;
/** A run inside an isolate is killed once its worker's main thread spent this much past its budget. */
const CPU_GRACE_MS = 50;
/** Without /proc, a run is killed this long (wall time) past its budget. */
const WALL_GRACE_MS = 1000;
/** Past this share of its memory cap a worker frees its idle backends' isolates, at most once a second. */
const SHED_RATIO = 0.75;
const SHED_INTERVAL_MS = 1000;

export type Reply = { t: 'reply'; rid: number; ok: boolean; code?: string; message?: string; response?: string; ms?: number; rss?: number };
export type StoreRequest = { t: 'store'; rid: number; cid: number; method: string; args: string };
export type WorkerMessage = Reply | StoreRequest | { t: 'ready' };

/**
 * The messages of every invocation travel as arrays, not objects: their JSON is shorter and parsing
 * an array builds no object shape, on both sides of the channel, several times per invocation
 * (control messages stay objects). The worker reads the same forms (sandbox-worker.js).
 * Host to worker: ['i', rid, backendId, request, now, cpuTimeMs, storeOps, outputBytes, deadline]
 * (invoke), ['s', rid, cid, ok, payload] (store result), ['e', rid] (end). Worker to host:
 * ['S', rid, cid, method, args] (store call), ['R', rid, response] and ['F', rid, code, message]
 * (an invocation's reply, answered or failed).
 */
type WireMessage = ['S', number, number, string, string] | ['R', number, string] | ['F', number, string, string];

function fromWire(message: WireMessage): Reply | StoreRequest {
  switch (message[0]) {
    case 'S':
      return { t: 'store', rid: message[1], cid: message[2], method: message[3], args: message[4] };
    case 'R':
      return { t: 'reply', rid: message[1], ok: true, response: message[2] };
    default:
      return { t: 'reply', rid: message[1], ok: false, code: message[2], message: message[3] };
  }
}

export interface Pending {
  resolve(reply: Reply): void;
  reject(error: SandboxError): void;
  /** The backend a load request instantiates (blamed if the worker dies running it). */
  loading?: string;
}

export interface Invocation {
  rid: number;
  backendId: string;
  worker: Worker;
  store: BackendStore;
  /** Made at the first store call; ended (its calls cancelled) when the invocation settles. */
  scoped: InvocationStore | null;
  ops: number;
  limits: SandboxLimits;
  /** When the host ends it for its wall time (Date.now() ms); the worker's `deadlines` timer watches it. */
  deadline: number;
  resolve(response: BackendResponse): void;
  reject(error: SandboxError): void;
}

/** What the watchdog saw of a worker's current run inside an isolate. */
export interface Watch {
  seq: number;
  cpuMs: number | null;
  wallMs: number;
}

export interface Worker {
  index: number;
  child: ChildProcess;
  alive: boolean;
  isReady: boolean;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  invocations: Map<number, Invocation>;
  /** Backends loaded on this process, in least-recently-used order (Map keeps insertion order). */
  loaded: Map<string, string>;
  /** The file (fd 3 in the worker) where it notes the run it is in, for the watchdog and to blame a crash on. */
  marker: MarkerFile;
  stderrTail: string;
  /** A liveness probe is out (after a wall-time breach): no answer means the process is wedged. */
  probing: boolean;
  watch: Watch | null;
  /** Why the host killed it, and whom it blames. */
  killed: { rid: number; code: SandboxErrorCode; reason: string } | null;
  /** Invocations the host ended that the worker may still be unwinding: rid -> backend id. */
  ended: Map<number, string>;
  lastShed: number;
  /** Messages for the worker sent in this turn of the event loop (see `post`). */
  outbox: (object | unknown[])[];
  /**
   * One timer per worker for its invocations' wall time, armed for the earliest deadline among
   * them (`at`) rather than one timer per invocation: most invocations answer long before their
   * deadline, and a timer made and cleared per call was a measurable share of the host's work.
   */
  deadlines: EarliestDeadline;
}

export interface WorkerEvents {
  message(worker: Worker, message: Reply | StoreRequest): void;
  exit(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void;
  /** The worker's wall-time timer fired: `due` is the time the invocations are ended by. */
  expire(worker: Worker, due: number): void;
}

/** The sandbox's own error for a control step that took too long (the bound is the shared `withTimeout`). */
export function tooSlow(what: string, ms: number): () => SandboxError {
  return () => new SandboxError('SANDBOX_UNAVAILABLE', `${what} took longer than ${ms} ms`);
}

export function spawnWorker(index: number, on: WorkerEvents): Worker {
  const marker = createMarkerFile();
  const child = fork(fileURLToPath(WORKER_URL), [], {
    execArgv: ['--no-node-snapshot'],
    env: {}, // no credentials, no configuration: the worker needs nothing from the host's environment
    serialization: 'json',
    // stderr is kept (its tail explains a crash) but not forwarded: V8's fatal out-of-memory report is
    // noise to the host's own log readers. fd 3 is the worker's running-invocation marker file.
    stdio: ['ignore', 'ignore', 'pipe', marker.fd, 'ipc'],
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
    marker,
    probing: false,
    stderrTail: '',
    watch: null,
    killed: null,
    ended: new Map(),
    lastShed: 0,
    outbox: [],
    deadlines: new EarliestDeadline((due) => on.expire(worker, due)),
  };
  const stderr = child.stderr;
  stderr?.setEncoding('utf8');
  stderr?.on('data', (chunk: string) => {
    worker.stderrTail = (worker.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
  });
  const receive = (message: WorkerMessage | WireMessage): void => {
    if (Array.isArray(message)) on.message(worker, fromWire(message));
    else if (message.t === 'ready') {
      worker.isReady = true;
      onReady();
    } else on.message(worker, message);
  };
  // The worker sends a turn's messages as one array (see `post`).
  child.on('message', (batch: (WorkerMessage | WireMessage)[]) => {
    if (Array.isArray(batch)) for (const one of batch) receive(one);
  });
  child.on('error', () => undefined); // 'close' follows and does the bookkeeping
  // 'close' comes after the process exited and its stdio drained: the marker and stderr tail are complete.
  child.once('close', (code, signal) => on.exit(worker, code, signal));
  return worker;
}

/** Whom a worker's exit blames: the run the watchdog killed it for, or the run V8's fatal out-of-memory aborted. */
export function blameOnExit(worker: Worker, code: number | null, signal: NodeJS.Signals | null): Worker['killed'] {
  const fatal = signal === 'SIGABRT' || signal === 'SIGTRAP' || code === 134 || /out of memory|is_heap_oom/i.test(worker.stderrTail);
  return worker.killed ?? (fatal ? { rid: readMarker(worker.marker).rid, code: 'MEMORY_EXCEEDED', reason: 'ran out of memory' } : null);
}

/**
 * What the watchdog does about a worker now: kill it (and whom to blame), ask it to shed idle
 * isolates, or nothing. Memory is read only when `readMemory`.
 */
export function inspectWorker(worker: Worker, readMemory: boolean, maxMemoryBytes: number): Worker['killed'] | 'shed' | null {
  const overrun = cpuOverrun(worker);
  if (overrun) {
    const killedPast = overrun.budgetMs + CPU_GRACE_MS;
    return { rid: overrun.rid, code: 'CPU_TIME_EXCEEDED', reason: `used more than its CPU time (${overrun.budgetMs} ms, killed past ${killedPast} ms) in a call that never yields` };
  }
  if (!readMemory) return null;
  const rss = residentBytes(worker.child.pid ?? 0);
  if (rss === null) return null;
  if (rss > maxMemoryBytes) {
    return { rid: worker.watch ? readMarker(worker.marker).rid : 0, code: 'MEMORY_EXCEEDED', reason: `took its worker past ${Math.round(maxMemoryBytes / 1024 / 1024)} MB` };
  }
  if (rss > SHED_RATIO * maxMemoryBytes && Date.now() - worker.lastShed > SHED_INTERVAL_MS) {
    worker.lastShed = Date.now();
    return 'shed';
  }
  return null;
}

/**
 * The watchdog's look at one worker: the run it is in (from its marker) and, when that run has
 * outlived its budget by CPU_GRACE_MS of the worker's main-thread CPU time, that run's id and budget.
 */
function cpuOverrun(worker: Worker): { rid: number; budgetMs: number } | null {
  const pid = worker.child.pid ?? 0;
  const marker = readMarker(worker.marker);
  if (marker.rid === 0) {
    worker.watch = null;
    return null;
  }
  if (!worker.watch || worker.watch.seq !== marker.seq) {
    // First sight of this run: it started up to one tick ago, so the bound errs on the late side.
    worker.watch = { seq: marker.seq, cpuMs: mainThreadCpuMs(pid), wallMs: Date.now() };
    return null;
  }
  const cpuNow = worker.watch.cpuMs === null ? null : mainThreadCpuMs(pid);
  const over =
    cpuNow === null ? Date.now() - worker.watch.wallMs > marker.budgetMs + WALL_GRACE_MS : cpuNow - (worker.watch.cpuMs ?? 0) > marker.budgetMs + CPU_GRACE_MS;
  return over ? { rid: marker.rid, budgetMs: marker.budgetMs } : null;
}

/**
 * Queues a message for the worker; the messages of one turn of the event loop go in one IPC write
 * at its end (a write that wakes the worker costs more than the JSON in it, and under load several
 * invocations and store results are ready in the same turn). False when the worker is gone.
 */
export function post(worker: Worker, message: object | unknown[]): boolean {
  if (!worker.alive || !worker.child.connected) return false;
  worker.outbox.push(message);
  if (worker.outbox.length === 1) setImmediate(flush, worker);
  return true;
}

function flush(worker: Worker): void {
  const batch = worker.outbox;
  worker.outbox = [];
  if (batch.length === 0 || !worker.child.connected) return; // it died: its exit handler fails what was queued
  try {
    worker.child.send(batch); // always an array of messages, some of them arrays themselves
  } catch {
    // the channel closed under us: likewise
  }
}

/** Sends a control request (load, unload, memory, shed) and waits for its reply, at most `timeoutMs`. */
export function requestWorker(worker: Worker, rid: number, message: Record<string, unknown>, timeoutMs: number, loading?: string): Promise<Reply> {
  const reply = new Promise<Reply>((resolve, reject) => {
    worker.pending.set(rid, { resolve, reject, ...(loading === undefined ? {} : { loading }) });
    if (!post(worker, { ...message, rid })) {
      worker.pending.delete(rid);
      reject(new SandboxError('SANDBOX_UNAVAILABLE', 'the sandbox worker is not reachable'));
    }
  });
  return withTimeout(reply, timeoutMs, tooSlow(`sandbox worker request ${String(message.t)}`, timeoutMs)).finally(() => worker.pending.delete(rid));
}

/** SIGTERM, then SIGKILL after 2 s; resolves when the process is gone. */
export function terminateWorker(w: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
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
  });
}
