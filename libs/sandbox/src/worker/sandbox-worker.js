// @ts-check
/**
 * A sandbox worker process: started by the host with no environment and no credentials, it holds one
 * isolated-vm isolate per loaded backend and talks to the host over the IPC channel only. Store calls
 * from an isolate are forwarded to the host, which owns the store. Plain JavaScript so it runs the
 * same under jest (from source) and from dist, with no compile step.
 * Its parts: the IPC channel and the marker file (host-channel.js), the round-robin of runs across
 * backends (run-queue.js), which limit fired (limits-fired.js), tokens for isolates (random-token.js).
 *
 * Messages in (an array of them sent in one write):
 *               load {rid, backendId, code, memoryMb, loadTimeoutMs} | unload {rid, backendId}
 *               | memory {rid} | shed {rid}
 *               and, as arrays (see worker-process.ts): invoke
 *               ['i', rid, backendId, request, now, cpuTimeMs, storeOps, outputBytes, deadline],
 *               store result ['s', rid, cid, ok, payload], end ['e', rid]
 * Messages out (likewise): reply {rid, ok, ms?, rss?, ...} to the control messages; as arrays, a
 *               store call ['S', rid, cid, method, args] and an invocation's reply
 *               ['R', rid, response] or ['F', rid, code, message]
 *
 * Before each synchronous run inside an isolate (a handler segment, a bundle instantiation, the
 * unwinding after `end`) the worker writes "<rid> <seq> <budget ms>" at offset 0 of fd 3 (a small
 * file the host opened; "0" after it, or at the end of the turn for handler segments that returned). The host's watchdog reads it with this process's
 * main-thread CPU time: a run that outlives its budget inside a built-in that never reaches V8's
 * interrupt check is killed and blamed on that rid, and if V8 takes the whole process down (some
 * out-of-memory paths are fatal) the host knows which invocation did it. A file, not a pipe: a
 * pwrite costs a syscall and wakes nobody.
 *
 * Error codes come from the limit that fired, never from the text of an error the handler threw:
 * CPU when the isolate's timeout expired (the run lasted its budget), memory when the isolate was
 * disposed for its heap limit, when a typed-array/ArrayBuffer request was larger than the whole
 * limit (the runtime marks such errors), or when an allocation failed with the heap actually full.
 */
import { createHash } from 'node:crypto';
import ivm from 'isolated-vm';
import { ISOLATE_RUNTIME } from './isolate-runtime.js';
import { mark, markFinished, send, unmarkFinished } from './host-channel.js';
import { enqueue } from './run-queue.js';
import { ALLOCATION_FAILURE, classify, heapIsFull, InstantiateError, messageOf } from './limits-fired.js';
import { randomToken } from './random-token.js';

const BUNDLE_GLOBAL = 'BackforgeBackend';

/**
 * @typedef {{ rid: number, backend: Backend, cpuLeftNs: bigint, outputBytes: number, deadline: number, ended: boolean }} Invocation
 * @typedef {{
 *   id: string, code: string, hash: string, memoryMb: number, loadTimeoutMs: number,
 *   isolate: ivm.Isolate | null, api: { run: ivm.Reference, deliver: ivm.Reference, end: ivm.Reference, take: ivm.Reference } | null,
 *   inflight: Map<number, Invocation>, breached?: boolean
 * }} Backend
 */

/** @type {Map<string, Backend>} */
const backends = new Map();
/** @type {Map<number, Invocation>} */
const invocations = new Map();
/**
 * Events the isolates emitted during the current call into one of them (a continuation's store
 * call or outcome), handled in order by `deliverEmitted` once the call returned.
 * @type {Array<{ backend: Backend, isolate: ivm.Isolate, kind: string, id: number, a: string, b: string, c: string }>}
 */
let emitted = [];

/**
 * Creates the backend's isolate and runs its bundle, all of it (runtime, bundle, seal) within
 * `budgetMs` of the worker's time. `rid` is what the marker names meanwhile: the load request, or
 * the invocation whose call reloads the backend lazily (and is charged for it).
 * @param {Backend} backend @param {number} budgetMs @param {number} rid
 */
function instantiate(backend, budgetMs, rid) {
  const isolate = new ivm.Isolate({ memoryLimit: backend.memoryMb });
  const started = performance.now();
  const left = () => Math.max(1, Math.ceil(budgetMs - (performance.now() - started)));
  mark(rid, budgetMs);
  try {
    const context = isolate.createContextSync();
    // Synchronous, and it only queues the event: the worker handles it once the isolate's call
    // returned (`deliverEmitted`), and sends it in the same turn. (An 'ignored' callback queued it
    // through isolated-vm's scheduler, waking the event loop, and it was sent a turn later, apart
    // from what that turn's runs returned.)
    const emitCallback = new ivm.Callback(
      /** @param {string} kind @param {number} id @param {string} a @param {string} b @param {string} c */
      (kind, id, a, b, c) => {
        emitted.push({ backend, isolate, kind, id, a, b, c });
      },
    );
    const tokenCallback = new ivm.Callback(randomToken);
    /** @type {ivm.Reference} */
    const api = context.evalClosureSync(ISOLATE_RUNTIME, [emitCallback, tokenCallback, backend.memoryMb * 1024 * 1024], {
      result: { reference: true },
      timeout: left(),
    });
    const script = isolate.compileScriptSync(backend.code, { filename: `backend:///${encodeURIComponent(backend.id)}/handler.js` });
    script.runSync(context, { timeout: left() });
    script.release();
    const seal = api.getSync('seal', { reference: true });
    const problem = seal.applySync(undefined, [BUNDLE_GLOBAL], { timeout: left() });
    seal.release();
    if (problem) throw new InstantiateError('LOAD_FAILED', String(problem));
    backend.isolate = isolate;
    backend.api = {
      run: api.getSync('run', { reference: true }),
      deliver: api.getSync('deliver', { reference: true }),
      end: api.getSync('end', { reference: true }),
      take: api.getSync('take', { reference: true }),
    };
    api.release();
    mark(0);
    return performance.now() - started;
  } catch (e) {
    mark(0);
    const elapsed = performance.now() - started;
    const code = e instanceof InstantiateError ? e.code : classify(isolate, elapsed, budgetMs);
    if (!isolate.isDisposed) isolate.dispose();
    if (code === 'CPU_TIME_EXCEEDED') throw new InstantiateError(code, `the bundle used more than its CPU time (${Math.round(budgetMs)} ms) while loading`);
    if (code === 'MEMORY_EXCEEDED') throw new InstantiateError(code, 'the bundle used more than its memory limit while loading');
    throw new InstantiateError('LOAD_FAILED', messageOf(e));
  }
}

/**
 * Throws the isolate away (after a breach): its in-flight invocations fail, the next call reloads it.
 * @param {Backend} backend @param {Invocation | null} culprit @param {string} code @param {string} message
 */
function recycle(backend, culprit, code, message) {
  const isolate = backend.isolate;
  backend.isolate = null;
  // A backend recycled for its own breach pays for its reload; one shed for the worker's memory does not.
  backend.breached = culprit !== null || code !== 'SANDBOX_UNAVAILABLE' || message === 'recycled';
  backend.api = null;
  if (isolate && !isolate.isDisposed) isolate.dispose();
  for (const inv of [...backend.inflight.values()]) {
    if (inv === culprit) fail(inv, code, message);
    else fail(inv, 'SANDBOX_UNAVAILABLE', `backend ${backend.id} was recycled after another invocation's ${code}`);
  }
}

/** @param {Invocation} inv @param {string} code @param {string} message */
function fail(inv, code, message) {
  if (inv.ended) return;
  finishInvocation(inv);
  send(['F', inv.rid, code, message]);
}

/** @param {Invocation} inv */
function finishInvocation(inv) {
  inv.ended = true;
  invocations.delete(inv.rid);
  inv.backend.inflight.delete(inv.rid);
}

/**
 * Runs one synchronous segment of an invocation inside its isolate under the CPU time it has left.
 * @param {Invocation} inv @param {ivm.Reference} fn @param {unknown[]} args
 */
function runSegment(inv, fn, args) {
  runIsolateSegment(inv, fn, args);
  deliverEmitted();
}

/** Handles the events emitted during the call that just returned (see `emitted`). */
function deliverEmitted() {
  if (emitted.length === 0) return;
  const events = emitted;
  emitted = [];
  for (const e of events) onIsolateEvent(e.backend, e.isolate, e.kind, e.id, e.a, e.b, e.c);
}

/** @param {Invocation} inv @param {ivm.Reference} fn @param {unknown[]} args */
function runIsolateSegment(inv, fn, args) {
  const backend = inv.backend;
  const isolate = /** @type {ivm.Isolate} */ (backend.isolate);
  const budgetMs = Math.max(1, Math.ceil(Number(inv.cpuLeftNs) / 1e6));
  const before = isolate.cpuTime;
  const started = performance.now();
  mark(inv.rid, budgetMs);
  /** @type {unknown} */
  let queued;
  try {
    queued = fn.applySync(undefined, args, { timeout: budgetMs });
    markFinished();
  } catch (e) {
    mark(0);
    const code = classify(isolate, performance.now() - started, budgetMs);
    if (code === 'HANDLER_FAILED') {
      fail(inv, code, messageOf(e));
      takeQueued(backend, isolate);
    } else recycle(backend, inv, code, code === 'CPU_TIME_EXCEEDED' ? `the handler used more than its CPU time` : 'the handler used more than its memory limit');
    return;
  }
  if (!isolate.isDisposed) {
    inv.cpuLeftNs -= isolate.cpuTime - before;
    if (inv.cpuLeftNs <= 0n && !inv.ended) {
      mark(0); // disposing the isolate is not the handler's run
      recycle(backend, inv, 'CPU_TIME_EXCEEDED', 'the handler used more than its CPU time');
    }
  }
  // After the run's own outcome, as the emitted events come later (a breach recycled the isolate,
  // and then its events are stale).
  if (typeof queued === 'string' && queued.length > 0) onQueuedEvents(backend, isolate, queued);
}

/**
 * The events a `run` that threw left queued in the isolate (see isolate-runtime.js).
 * @param {Backend} backend @param {ivm.Isolate} isolate
 */
function takeQueued(backend, isolate) {
  if (isolate.isDisposed || backend.isolate !== isolate || !backend.api) return;
  let queued;
  try {
    queued = backend.api.take.applySync(undefined, [], { timeout: 1000 });
  } catch {
    return;
  }
  if (typeof queued === 'string' && queued.length > 0) onQueuedEvents(backend, isolate, queued);
}

/**
 * Handles the events `run` returned as one string, in order: per event a line
 * "<kind> <id> <length of a> <length of b> <length of c>", then a, b and c.
 * @param {Backend} backend @param {ivm.Isolate} isolate @param {string} queued
 */
function onQueuedEvents(backend, isolate, queued) {
  let at = 0;
  while (at < queued.length) {
    const eol = queued.indexOf('\n', at);
    if (eol < 0) return;
    const [kind = '', id, la, lb, lc] = queued.slice(at, eol).split(' ');
    const a = eol + 1;
    const b = a + Number(la);
    const c = b + Number(lb);
    at = c + Number(lc);
    if (!Number.isInteger(at) || at > queued.length) return;
    onIsolateEvent(backend, isolate, kind, Number(id), queued.slice(a, b), queued.slice(b, c), queued.slice(c, at));
  }
}

/**
 * @param {Backend} backend @param {ivm.Isolate} isolate @param {string} kind @param {number} id
 * @param {string} a @param {string} b @param {string} c
 */
function onIsolateEvent(backend, isolate, kind, id, a, b, c) {
  if (backend.isolate !== isolate) return; // a late event from an isolate already recycled
  const inv = invocations.get(id);
  if (!inv || inv.ended || inv.backend !== backend) return;
  // The runtime sends strings; anything else means the handler bent an intrinsic it relies on.
  if (typeof a !== 'string') a = 'an unprintable value';
  else if (a.length > 4000 && kind !== 'ok' && kind !== 'store') a = `${a.slice(0, 4000)}…`;
  switch (kind) {
    case 'store':
      send(['S', id, Number(a), b, c]);
      return;
    case 'ok': {
      if (Buffer.byteLength(a, 'utf8') > inv.outputBytes) {
        fail(inv, 'OUTPUT_TOO_LARGE', `the response is larger than ${inv.outputBytes} bytes`);
        return;
      }
      finishInvocation(inv);
      send(['R', id, a]);
      return;
    }
    case 'toolarge':
      fail(inv, 'OUTPUT_TOO_LARGE', `the response is larger than ${inv.outputBytes} bytes`);
      return;
    case 'fail':
      fail(inv, 'STORE_LIMIT_EXCEEDED', 'the handler made more store calls than allowed');
      return;
    case 'memory':
      // The runtime refused a buffer larger than the whole memory limit (it marks only those errors).
      fail(inv, 'MEMORY_EXCEEDED', `the handler asked for more memory than its limit: ${a}`);
      return;
    case 'invalid':
      fail(inv, 'INVALID_RESPONSE', a);
      return;
    case 'error': {
      // Events arrive after the isolate's run returned, so its heap can be read here.
      const memory = ALLOCATION_FAILURE.test(a) && heapIsFull(backend, isolate);
      fail(inv, memory ? 'MEMORY_EXCEEDED' : 'HANDLER_FAILED', a);
      return;
    }
    default:
      fail(inv, 'HANDLER_FAILED', `unexpected isolate event ${kind}`);
  }
}

/** @param {{rid: number, backendId: string, code: string, memoryMb: number, loadTimeoutMs: number}} m */
function onLoad(m) {
  const started = performance.now();
  const hash = createHash('sha256').update(m.code).digest('hex');
  const existing = backends.get(m.backendId);
  if (existing && existing.hash === hash && existing.memoryMb === m.memoryMb && existing.isolate) {
    send({ t: 'reply', rid: m.rid, ok: true, ms: 0 });
    return;
  }
  /** @type {Backend} */
  const candidate = {
    id: m.backendId,
    code: m.code,
    hash,
    memoryMb: m.memoryMb,
    loadTimeoutMs: m.loadTimeoutMs,
    isolate: null,
    api: null,
    inflight: new Map(),
  };
  try {
    instantiate(candidate, m.loadTimeoutMs, m.rid);
  } catch (e) {
    send({ t: 'reply', rid: m.rid, ok: false, code: 'LOAD_FAILED', message: messageOf(e) });
    return;
  }
  // Replace only once the new code loaded: a bad deploy leaves the old one serving.
  if (existing) recycle(existing, null, 'SANDBOX_UNAVAILABLE', 'replaced');
  backends.set(m.backendId, candidate);
  send({ t: 'reply', rid: m.rid, ok: true, ms: performance.now() - started });
}

/** @param {{rid: number, backendId: string}} m */
function onUnload(m) {
  const backend = backends.get(m.backendId);
  if (backend) {
    backends.delete(m.backendId);
    recycle(backend, null, 'SANDBOX_UNAVAILABLE', `backend ${backend.id} was unloaded`);
  }
  send({ t: 'reply', rid: m.rid, ok: true });
}

/** @param {{rid: number, backendId: string, request: string, now: string, cpuTimeMs: number, storeOps: number, outputBytes: number, deadline: number}} m */
function onInvoke(m) {
  // The host already gave up on it (it waited here behind other work): running it would only
  // spend time the other backends need.
  if (Date.now() >= m.deadline) return;
  const backend = backends.get(m.backendId);
  if (!backend) {
    send(['F', m.rid, 'NOT_LOADED', `backend ${m.backendId} is not loaded on this worker`]);
    return;
  }
  let cpuLeftNs = BigInt(Math.round(m.cpuTimeMs * 1e6));
  if (!backend.isolate) {
    // Lazily. After the backend's own breach the reload is charged to this invocation's CPU time
    // (so breaching in a loop cannot buy reloads that starve the worker); after a shed it is not
    // the backend's doing, and it gets a load's time.
    const charged = backend.breached !== false;
    try {
      const spentMs = instantiate(backend, charged ? m.cpuTimeMs : backend.loadTimeoutMs, m.rid);
      if (charged) cpuLeftNs -= BigInt(Math.round(spentMs * 1e6));
    } catch (e) {
      const code = e instanceof InstantiateError ? e.code : 'LOAD_FAILED';
      const message = code === 'CPU_TIME_EXCEEDED' ? 'reloading the backend used more than the invocation\'s CPU time' : messageOf(e);
      send(['F', m.rid, code, message]);
      return;
    }
    if (cpuLeftNs <= 0n) {
      send(['F', m.rid, 'CPU_TIME_EXCEEDED', 'reloading the backend used the invocation\'s CPU time']);
      return;
    }
  }
  /** @type {Invocation} */
  const inv = { rid: m.rid, backend, cpuLeftNs, outputBytes: m.outputBytes, deadline: m.deadline, ended: false };
  invocations.set(m.rid, inv);
  backend.inflight.set(m.rid, inv);
  const api = /** @type {NonNullable<Backend['api']>} */ (backend.api);
  runSegment(inv, api.run, [m.rid, m.request, m.now, m.storeOps, m.outputBytes, m.outputBytes]);
}

/** @param {{rid: number, cid: number, ok: boolean, payload: string}} m */
function onStoreResult(m) {
  const inv = invocations.get(m.rid);
  if (!inv || inv.ended || !inv.backend.api) return;
  if (Date.now() >= inv.deadline) return; // the host has ended it; its `end` follows
  runSegment(inv, inv.backend.api.deliver, [m.cid, m.ok, m.payload]);
}

/** @param {{rid: number}} m */
function onEnd(m) {
  const inv = invocations.get(m.rid);
  if (!inv || inv.ended) return;
  finishInvocation(inv);
  const budgetMs = Math.max(1, Math.ceil(Number(inv.cpuLeftNs) / 1e6));
  // Its pending store calls reject inside the isolate; what the handler then runs stays under its
  // CPU limit, and under the watchdog (the marker names it) if it wedges.
  mark(m.rid, budgetMs);
  try {
    inv.backend.api?.end.applySync(undefined, [m.rid], { timeout: budgetMs });
    mark(0);
  } catch {
    mark(0);
    recycle(inv.backend, null, 'SANDBOX_UNAVAILABLE', 'recycled');
  }
  deliverEmitted();
}

/**
 * Frees the isolates of backends with nothing in flight (the host asks when the worker's memory
 * nears its cap); they reload lazily on their next call, charged to it.
 * @param {{rid: number}} m
 */
function onShed(m) {
  let shed = 0;
  for (const backend of backends.values()) {
    if (backend.isolate && backend.inflight.size === 0) {
      recycle(backend, null, 'SANDBOX_UNAVAILABLE', 'shed');
      shed += 1;
    }
  }
  send({ t: 'reply', rid: m.rid, ok: true, shed, rss: process.memoryUsage().rss });
}

/** The backend a store result or an end belongs to (none: it is stale, and handled at once). @param {number} rid */
function backendOf(rid) {
  return invocations.get(rid)?.backend.id;
}

/**
 * An invocation's message in its array form (see the header), as the object its handler reads.
 * @param {any[]} m
 */
function onWireMessage(m) {
  switch (m[0]) {
    case 'i':
      onMessage({ t: 'invoke', rid: m[1], backendId: m[2], request: m[3], now: m[4], cpuTimeMs: m[5], storeOps: m[6], outputBytes: m[7], deadline: m[8] });
      break;
    case 's':
      onMessage({ t: 'storeResult', rid: m[1], cid: m[2], ok: m[3], payload: m[4] });
      break;
    case 'e':
      onMessage({ t: 'end', rid: m[1] });
      break;
    default:
      break;
  }
}

/** @param {any} m */
function onMessage(m) {
  if (Array.isArray(m)) {
    onWireMessage(m);
    return;
  }
  switch (m?.t) {
    case 'load':
      onLoad(m);
      break;
    case 'unload':
      onUnload(m);
      break;
    case 'invoke':
      enqueue(String(m.backendId), () => onInvoke(m));
      break;
    case 'storeResult':
    case 'end': {
      const run = m.t === 'end' ? () => onEnd(m) : () => onStoreResult(m);
      const backendId = backendOf(m.rid);
      if (backendId === undefined) {
        run();
        unmarkFinished();
      } else enqueue(backendId, run);
      break;
    }
    case 'shed':
      onShed(m);
      break;
    case 'memory':
      send({ t: 'reply', rid: m.rid, ok: true, rss: process.memoryUsage().rss, backends: backends.size });
      break;
    default:
      break;
  }
}

// The host sends a turn's messages as one array (see `flush` in worker-process.ts).
process.on('message', (/** @type {any} */ batch) => {
  if (Array.isArray(batch)) for (const one of batch) onMessage(one);
});
// The host is the only reason to live: no host, no worker.
process.on('disconnect', () => process.exit(0));
send({ t: 'ready' });
