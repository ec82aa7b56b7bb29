// @ts-check
/**
 * The code that runs first inside every backend isolate, before the bundle. It is evaluated as a
 * closure whose arguments are two isolated-vm Callbacks (plain functions inside the isolate that copy
 * their arguments out): `$0` = emit(kind, invocationId, ...strings) towards the worker, `$1` =
 * randomToken(length); and `$2`, the isolate's memory limit in bytes. It returns the worker's only handles into the isolate: `seal`, `run`, `deliver`, `end`, `take`.
 *
 * Events of the synchronous part of `run` (typically the handler's first store call) are not sent
 * through `emit` but returned by `run` as one string (see `queued`): a crossing of the callback
 * costs a call out of the isolate with its arguments copied, once per event. Events of
 * continuations (microtasks, which run after `run` returned) still go through `emit`. `take` hands
 * the worker the queue of a `run` that threw.
 *
 * Everything the handler could tamper with afterwards (JSON, Promise, Map, globals) is captured here
 * first, and the callbacks live only in this closure, so the handler never holds anything that
 * leads out of the isolate. The code is strict so V8 hides these frames' functions and receivers from
 * Error.prepareStackTrace call sites.
 */
export const ISOLATE_RUNTIME = String.raw`
'use strict';
const emitOut = $0;
const token = $1;
const memoryLimitBytes = $2;
const G = globalThis;
const parse = JSON.parse;
const stringify = JSON.stringify;
const P = Promise;
const resolveP = Promise.resolve.bind(Promise);
const rejectP = Promise.reject.bind(Promise);
const then = Promise.prototype.then;
const apply = Reflect.apply;
const freeze = Object.freeze;
const MapC = Map;
const mapGet = Map.prototype.get, mapSet = Map.prototype.set, mapDelete = Map.prototype.delete, mapHas = Map.prototype.has;
const mapForEach = Map.prototype.forEach;
const StringC = String;
const slice = String.prototype.slice;
const ErrorC = Error;
const isError = (e) => e instanceof ErrorC;

// Capabilities a generated backend never needs and that reach outside the isolate's accounting:
// WebAssembly memory is reserved outside the heap limit; shared memory and Atomics.wait block threads.
delete G.WebAssembly;
delete G.SharedArrayBuffer;
delete G.Atomics;

// Resizable ArrayBuffers grow in place outside isolated-vm's allocator, past the heap limit: they
// are refused, and resize/transfer are gone (a buffer made before this ran does not exist).
// A typed array or buffer larger than the whole memory limit is refused with an error the worker
// reports as MEMORY_EXCEEDED; only errors made here are in \`breaches\`, so a handler cannot fake one.
const breaches = new WeakSet();
const weakAdd = WeakSet.prototype.add, weakHas = WeakSet.prototype.has;
const construct = Reflect.construct;
const defineProperty = Object.defineProperty;
const ProxyC = Proxy;
const RangeErrorC = RangeError;
const TypeErrorC = TypeError;
const NumberC = Number;
const isArrayC = Array.isArray;
const ABProto = ArrayBuffer.prototype;
for (const name of ['resize', 'transfer', 'transferToFixedLength']) delete ABProto[name];
function breach(what) {
  const e = new RangeErrorC(what + ' is larger than the memory limit');
  apply(weakAdd, breaches, [e]);
  return e;
}
function bytesAsked(args, bytesPerElement) {
  const first = args[0];
  if (typeof first === 'number') return NumberC(first) * bytesPerElement;
  if (first !== null && typeof first === 'object' && isArrayC(first)) return first.length * bytesPerElement;
  return 0;
}
function guard(name, bytesPerElement) {
  const Original = G[name];
  const guarded = new ProxyC(Original, {
    construct(target, args, newTarget) {
      if (name === 'ArrayBuffer') {
        const options = args[1];
        if (options !== null && typeof options === 'object' && options.maxByteLength !== undefined) {
          throw new TypeErrorC('resizable ArrayBuffers are not available in the sandbox');
        }
      }
      if (bytesAsked(args, bytesPerElement) > memoryLimitBytes) throw breach(name);
      return construct(target, args, newTarget === guarded ? target : newTarget);
    },
  });
  G[name] = guarded;
  defineProperty(Original.prototype, 'constructor', { value: guarded, writable: false, configurable: false, enumerable: false });
}
guard('ArrayBuffer', 1);
for (const [name, size] of [['Int8Array', 1], ['Uint8Array', 1], ['Uint8ClampedArray', 1], ['Int16Array', 2], ['Uint16Array', 2], ['Int32Array', 4], ['Uint32Array', 4], ['Float32Array', 4], ['Float64Array', 8], ['BigInt64Array', 8], ['BigUint64Array', 8]]) {
  guard(name, size);
}
// While \`run\`'s synchronous part runs, the events it emits, as one string: per event a line
// "<kind> <invocation id> <length of a> <length of b> <length of c>" followed by a, b and c.
// Concatenating strings runs no code a handler could have replaced. Null at other times.
let queued = null;
function emit(kind, id, a, b, c) {
  if (queued === null) {
    emitOut(kind, id, a, b, c);
    return;
  }
  const sa = typeof a === 'string' ? a : '';
  const sb = typeof b === 'string' ? b : '';
  const sc = typeof c === 'string' ? c : '';
  queued = queued + kind + ' ' + id + ' ' + sa.length + ' ' + sb.length + ' ' + sc.length + '\n' + sa + sb + sc;
}
const noop = () => undefined;
G.console = freeze({ log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop });

const invocations = new MapC(); // invocation id -> { ops, maxOps, maxArg }
const waiting = new MapC(); // store call id -> [resolve, reject, invocation id]
let handle = null;
let callSeq = 0;

function describe(e) {
  try {
    const text = StringC(isError(e) ? StringC(e.name) + ': ' + StringC(e.message) : StringC(e));
    return text.length > 2000 ? StringC(apply(slice, text, [0, 2000])) + '…' : text;
  } catch {
    return 'an unprintable value was thrown';
  }
}

/** The outcome of an error a handler let escape: a marked breach, or the handler's own failure. */
function failed(id, e) {
  if (e !== null && typeof e === 'object' && apply(weakHas, breaches, [e])) finish(id, 'memory', describe(e));
  else finish(id, 'error', describe(e));
}

function finish(id, kind, payload) {
  if (!apply(mapHas, invocations, [id])) return;
  apply(mapDelete, invocations, [id]);
  emit(kind, id, payload);
}

function storeCall(id, method, args) {
  const inv = apply(mapGet, invocations, [id]);
  if (inv === undefined) return rejectP(new ErrorC('store: this invocation has ended'));
  inv.ops += 1;
  if (inv.ops > inv.maxOps) {
    finish(id, 'fail', 'STORE_LIMIT_EXCEEDED');
    return rejectP(new ErrorC('store: operation limit exceeded'));
  }
  let json;
  try {
    json = stringify(args);
  } catch (e) {
    return rejectP(new TypeError('store: arguments must be JSON (' + describe(e) + ')'));
  }
  if (typeof json !== 'string') return rejectP(new TypeError('store: arguments must be JSON'));
  if (json.length > inv.maxArg) return rejectP(new RangeError('store: arguments too large'));
  callSeq += 1;
  const cid = callSeq;
  return new P((resolve, reject) => {
    apply(mapSet, waiting, [cid, [resolve, reject, id]]);
    emit('store', id, StringC(cid), method, json);
  });
}

/** An invocation's synchronous start: the handler runs up to its first await. */
function start(id, requestJson, now, maxOps, maxOut, maxArg) {
  apply(mapSet, invocations, [id, { ops: 0, maxOps, maxArg }]);
  const store = freeze({
    insert: (collection, data, options) => storeCall(id, 'insert', [collection, data, options]),
    get: (collection, recordId) => storeCall(id, 'get', [collection, recordId]),
    findOne: (collection, where) => storeCall(id, 'findOne', [collection, where]),
    list: (collection, query) => storeCall(id, 'list', [collection, query]),
    count: (collection, where) => storeCall(id, 'count', [collection, where]),
    update: (collection, recordId, data, options) => storeCall(id, 'update', [collection, recordId, data, options]),
    delete: (collection, recordId, options) => storeCall(id, 'delete', [collection, recordId, options]),
  });
  const context = freeze({ store, now: () => now, randomToken: (length) => token(length) });
  let pending;
  try {
    pending = handle(parse(requestJson), context);
  } catch (e) {
    failed(id, e);
    return;
  }
  apply(then, resolveP(pending), [
    (response) => {
      let text;
      try {
        text = stringify(response);
      } catch (e) {
        finish(id, 'invalid', 'the response is not JSON: ' + describe(e));
        return;
      }
      if (typeof text !== 'string') finish(id, 'invalid', 'the handler returned no response');
      else if (text.length > maxOut) finish(id, 'toolarge', StringC(text.length));
      else finish(id, 'ok', text);
    },
    (e) => failed(id, e),
  ]);
}

function endInvocation(id) {
  apply(mapDelete, invocations, [id]);
  const ended = [];
  apply(mapForEach, waiting, [
    (entry, cid) => {
      if (entry[2] === id) ended[ended.length] = [cid, entry[1]];
    },
  ]);
  for (let i = 0; i < ended.length; i++) {
    apply(mapDelete, waiting, [ended[i][0]]);
    ended[i][1](new ErrorC('store: this invocation has ended'));
  }
}

return {
  // Called once after the bundle ran: pins the handler so later global tampering cannot swap it.
  seal(globalName) {
    const mod = G[globalName];
    if (mod === null || (typeof mod !== 'object' && typeof mod !== 'function') || typeof mod.handle !== 'function') {
      return 'the bundle did not define globalThis.' + globalName + '.handle';
    }
    const fn = mod.handle;
    handle = (req, ctx) => apply(fn, mod, [req, ctx]);
    return '';
  },
  run(id, requestJson, now, maxOps, maxOut, maxArg) {
    queued = '';
    start(id, requestJson, now, maxOps, maxOut, maxArg);
    const events = queued;
    queued = null; // continuations emit
    return events;
  },
  deliver(cid, ok, payload) {
    queued = null;
    const entry = apply(mapGet, waiting, [cid]);
    if (entry === undefined) return;
    apply(mapDelete, waiting, [cid]);
    if (!apply(mapHas, invocations, [entry[2]])) {
      entry[1](new ErrorC('store: this invocation has ended'));
    } else if (ok) {
      entry[0](payload === '' ? undefined : parse(payload));
    } else {
      entry[1](new ErrorC('store: ' + payload));
    }
  },
  // The events a \`run\` that threw left queued (and any its microtasks added), once.
  take() {
    const events = queued === null ? '' : queued;
    queued = null;
    return events;
  },
  // Ends an invocation from outside (wall time): its pending store calls reject so it unwinds
  // instead of waiting forever in this isolate's memory.
  end(id) {
    queued = null;
    endInvocation(id);
  },
};
`;
