// @ts-check
/**
 * A sandbox worker process: started by the host with no environment and no credentials, it holds one
 * isolated-vm isolate per loaded backend and talks to the host over the IPC channel only. Store calls
 * from an isolate are forwarded to the host, which owns the store. Plain JavaScript so it runs the
 * same under jest (from source) and from dist, with no compile step.
 *
 * Messages in:  load {rid, backendId, code, memoryMb, loadTimeoutMs} | unload {rid, backendId}
 *               invoke {rid, backendId, request, now, cpuTimeMs, storeOps, outputBytes}
 *               storeResult {rid, cid, ok, payload} | end {rid} | memory {rid}
 * Messages out: reply {rid, ok, code?, message?, response?, ms?, rss?} | store {rid, cid, method, args}
 *
 * Before each synchronous run inside an isolate the worker writes the invocation id at offset 0 of
 * fd 3 (a small file the host opened; 0 after the run), so that if V8 takes the whole process down
 * (some out-of-memory paths are fatal) the host knows which invocation did it. A file, not a pipe:
 * a pwrite costs a syscall and wakes nobody.
 */
import { createHash, randomBytes } from 'node:crypto';
import { writeSync } from 'node:fs';
import ivm from 'isolated-vm';
import { ISOLATE_RUNTIME } from './isolate-runtime.js';

const BUNDLE_GLOBAL = 'BackforgeBackend';
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const MAX_TOKEN_LENGTH = 4096;
const MARKER_FD = 3;
const MARKER_BYTES = 16;
const markerBuffer = Buffer.alloc(MARKER_BYTES);

/**
 * @typedef {{ rid: number, backend: Backend, cpuLeftNs: bigint, outputBytes: number, ended: boolean }} Invocation
 * @typedef {{
 *   id: string, code: string, hash: string, memoryMb: number, loadTimeoutMs: number,
 *   isolate: ivm.Isolate | null, api: { run: ivm.Reference, deliver: ivm.Reference, end: ivm.Reference } | null,
 *   inflight: Map<number, Invocation>
 * }} Backend
 */

/** @type {Map<string, Backend>} */
const backends = new Map();
/** @type {Map<number, Invocation>} */
const invocations = new Map();
let markerBroken = false;

/** @param {object} message */
function send(message) {
  if (process.connected) process.send?.(message);
}

/** @param {number} rid */
function mark(rid) {
  if (markerBroken) return;
  try {
    markerBuffer.fill(32);
    markerBuffer.write(String(rid));
    writeSync(MARKER_FD, markerBuffer, 0, MARKER_BYTES, 0);
  } catch {
    markerBroken = true; // started without the marker pipe (e.g. by hand): attribution only, not safety
  }
}

/** @param {number} length */
function randomToken(length) {
  const n = Math.max(0, Math.min(MAX_TOKEN_LENGTH, Math.floor(Number(length) || 0)));
  let out = '';
  // Rejection sampling keeps every character equally likely: bytes >= 248 (4 * 62) are skipped.
  while (out.length < n) {
    for (const byte of randomBytes(n - out.length + 8)) {
      if (byte < 248 && out.length < n) out += TOKEN_ALPHABET[byte % 62];
    }
  }
  return out;
}

/** @param {unknown} e */
function messageOf(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Maps an error thrown out of an isolate call to a sandbox error code.
 * @param {unknown} e @param {ivm.Isolate} isolate
 */
function classify(e, isolate) {
  const text = messageOf(e);
  if (isolate.isDisposed && /memory limit/i.test(text)) return 'MEMORY_EXCEEDED';
  if (/memory limit/i.test(text)) return 'MEMORY_EXCEEDED';
  if (/timed out/i.test(text)) return 'CPU_TIME_EXCEEDED';
  if (isolate.isDisposed) return 'SANDBOX_UNAVAILABLE';
  return 'HANDLER_FAILED';
}

/** @param {Backend} backend */
function instantiate(backend) {
  const isolate = new ivm.Isolate({ memoryLimit: backend.memoryMb });
  try {
    const context = isolate.createContextSync();
    const emitCallback = new ivm.Callback(
      /** @param {string} kind @param {number} id @param {string} a @param {string} b @param {string} c */
      (kind, id, a, b, c) => onIsolateEvent(backend, isolate, kind, id, a, b, c),
      { ignored: true },
    );
    const tokenCallback = new ivm.Callback(randomToken);
    /** @type {ivm.Reference} */
    const api = context.evalClosureSync(ISOLATE_RUNTIME, [emitCallback, tokenCallback], {
      result: { reference: true },
      timeout: backend.loadTimeoutMs,
    });
    const script = isolate.compileScriptSync(backend.code, { filename: `backend:///${encodeURIComponent(backend.id)}/handler.js` });
    script.runSync(context, { timeout: backend.loadTimeoutMs });
    script.release();
    const seal = api.getSync('seal', { reference: true });
    const problem = seal.applySync(undefined, [BUNDLE_GLOBAL], { timeout: backend.loadTimeoutMs });
    seal.release();
    if (problem) throw new Error(String(problem));
    backend.isolate = isolate;
    backend.api = {
      run: api.getSync('run', { reference: true }),
      deliver: api.getSync('deliver', { reference: true }),
      end: api.getSync('end', { reference: true }),
    };
    api.release();
  } catch (e) {
    if (!isolate.isDisposed) isolate.dispose();
    throw e;
  }
}

/**
 * Throws the isolate away (after a breach): its in-flight invocations fail, the next call reloads it.
 * @param {Backend} backend @param {Invocation | null} culprit @param {string} code @param {string} message
 */
function recycle(backend, culprit, code, message) {
  const isolate = backend.isolate;
  backend.isolate = null;
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
  send({ t: 'reply', rid: inv.rid, ok: false, code, message });
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
  const backend = inv.backend;
  const isolate = /** @type {ivm.Isolate} */ (backend.isolate);
  const budgetMs = Math.max(1, Math.ceil(Number(inv.cpuLeftNs) / 1e6));
  const before = isolate.cpuTime;
  mark(inv.rid);
  try {
    fn.applySync(undefined, args, { timeout: budgetMs });
    mark(0);
  } catch (e) {
    mark(0);
    const code = classify(e, isolate);
    if (code === 'HANDLER_FAILED') fail(inv, code, messageOf(e));
    else recycle(backend, inv, code, code === 'CPU_TIME_EXCEEDED' ? `the handler used more than its CPU time` : messageOf(e));
    return;
  }
  if (!isolate.isDisposed) {
    inv.cpuLeftNs -= isolate.cpuTime - before;
    if (inv.cpuLeftNs <= 0n && !inv.ended) recycle(backend, inv, 'CPU_TIME_EXCEEDED', 'the handler used more than its CPU time');
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
      send({ t: 'store', rid: id, cid: Number(a), method: b, args: c });
      return;
    case 'ok': {
      if (Buffer.byteLength(a, 'utf8') > inv.outputBytes) {
        fail(inv, 'OUTPUT_TOO_LARGE', `the response is larger than ${inv.outputBytes} bytes`);
        return;
      }
      finishInvocation(inv);
      send({ t: 'reply', rid: id, ok: true, response: a });
      return;
    }
    case 'toolarge':
      fail(inv, 'OUTPUT_TOO_LARGE', `the response is larger than ${inv.outputBytes} bytes`);
      return;
    case 'fail':
      fail(inv, a, a === 'STORE_LIMIT_EXCEEDED' ? 'the handler made more store calls than allowed' : a);
      return;
    case 'invalid':
      fail(inv, 'INVALID_RESPONSE', a);
      return;
    case 'error': {
      const memory = /Array buffer allocation failed|Invalid (string|array) length|Invalid typed array length/i.test(a);
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
    instantiate(candidate);
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

/** @param {{rid: number, backendId: string, request: string, now: string, cpuTimeMs: number, storeOps: number, outputBytes: number}} m */
function onInvoke(m) {
  const backend = backends.get(m.backendId);
  if (!backend) {
    send({ t: 'reply', rid: m.rid, ok: false, code: 'NOT_LOADED', message: `backend ${m.backendId} is not loaded on this worker` });
    return;
  }
  if (!backend.isolate) {
    try {
      instantiate(backend); // lazily, after a breach recycled it
    } catch (e) {
      send({ t: 'reply', rid: m.rid, ok: false, code: 'LOAD_FAILED', message: messageOf(e) });
      return;
    }
  }
  /** @type {Invocation} */
  const inv = { rid: m.rid, backend, cpuLeftNs: BigInt(Math.round(m.cpuTimeMs * 1e6)), outputBytes: m.outputBytes, ended: false };
  invocations.set(m.rid, inv);
  backend.inflight.set(m.rid, inv);
  const api = /** @type {NonNullable<Backend['api']>} */ (backend.api);
  runSegment(inv, api.run, [m.rid, m.request, m.now, m.storeOps, m.outputBytes, m.outputBytes]);
}

/** @param {{rid: number, cid: number, ok: boolean, payload: string}} m */
function onStoreResult(m) {
  const inv = invocations.get(m.rid);
  if (!inv || inv.ended || !inv.backend.api) return;
  runSegment(inv, inv.backend.api.deliver, [m.cid, m.ok, m.payload]);
}

/** @param {{rid: number}} m */
function onEnd(m) {
  const inv = invocations.get(m.rid);
  if (!inv || inv.ended) return;
  finishInvocation(inv);
  const budgetMs = Math.max(1, Math.ceil(Number(inv.cpuLeftNs) / 1e6));
  try {
    // Its pending store calls reject inside the isolate; what the handler then runs stays under its CPU limit.
    inv.backend.api?.end.applySync(undefined, [m.rid], { timeout: budgetMs });
  } catch {
    recycle(inv.backend, null, 'SANDBOX_UNAVAILABLE', 'recycled');
  }
}

process.on('message', (/** @type {any} */ m) => {
  switch (m?.t) {
    case 'load':
      onLoad(m);
      break;
    case 'unload':
      onUnload(m);
      break;
    case 'invoke':
      onInvoke(m);
      break;
    case 'storeResult':
      onStoreResult(m);
      break;
    case 'end':
      onEnd(m);
      break;
    case 'memory':
      send({ t: 'reply', rid: m.rid, ok: true, rss: process.memoryUsage().rss, backends: backends.size });
      break;
    default:
      break;
  }
});
// The host is the only reason to live: no host, no worker.
process.on('disconnect', () => process.exit(0));
send({ t: 'ready' });
