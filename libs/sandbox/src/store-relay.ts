import type { BackendStore } from '@backforge/contracts';
import { InvocationEnd } from './store/end-signal.js';
import { hasJsonGet, isInvocationScoped, resultTooLarge, StoreInputError, type StoreCallScope } from './store/store-input.js';

const STORE_METHODS: ReadonlySet<string> = new Set(['insert', 'get', 'findOne', 'list', 'count', 'update', 'delete']);
/** What a handler learns when the store itself failed: its error text (SQL, hosts, users) stays here. */
export const STORE_FAILED = 'the store failed; try again later';

export interface StoreAnswer {
  ok: boolean;
  payload: string;
}

/** One invocation's view of its store, made at its first store call and ended with it. */
export class InvocationStore {
  private readonly ending = new InvocationEnd();
  private readonly store: BackendStore;

  constructor(
    store: BackendStore,
    private readonly maxArgBytes: number,
    private readonly maxResultBytes: number,
  ) {
    const scope: StoreCallScope = { signal: this.ending, maxResultBytes };
    this.store = isInvocationScoped(store) ? (store.forInvocation(scope) as BackendStore) : store;
  }

  /** Runs one relayed store call (see `relayStoreCall`); none once the invocation ended. */
  call(method: string, argsJson: unknown): Promise<StoreAnswer> {
    if (this.ending.aborted) return Promise.resolve({ ok: false, payload: 'this invocation has ended' });
    return relayStoreCall(this.store, method, argsJson, this.maxArgBytes, this.maxResultBytes);
  }

  /** Cancels what the invocation still has running in the store (the store decides how). */
  end(): void {
    this.ending.end();
  }
}

/**
 * Runs one store call relayed from an isolate: checks its shape and size, runs it, and bounds its
 * result. The answer's payload is the JSON result or, on failure, a message fit for the handler.
 */
export async function relayStoreCall(store: BackendStore, method: string, argsJson: unknown, maxArgBytes: number, maxResultBytes: number): Promise<StoreAnswer> {
  if (!STORE_METHODS.has(method) || typeof argsJson !== 'string' || Buffer.byteLength(argsJson) > maxArgBytes) return { ok: false, payload: 'malformed store call' };
  let args: unknown;
  try {
    args = JSON.parse(argsJson);
  } catch {
    return { ok: false, payload: 'store arguments are not JSON' };
  }
  if (!Array.isArray(args)) return { ok: false, payload: 'malformed store call' };
  let payload: string;
  try {
    if (method === 'get' && hasJsonGet(store)) {
      // The record's JSON as the store wrote it (PostgreSQL builds it): no object on the host in between.
      payload = await store.getJson(...(args as [string, string]));
    } else {
      const call = (store as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method]!;
      const result = await call.apply(store, args);
      if (result === undefined) return { ok: true, payload: '' };
      payload = JSON.stringify(result);
    }
  } catch (e) {
    return { ok: false, payload: e instanceof StoreInputError ? e.message : STORE_FAILED };
  }
  // Stores that take a scope bound their results before building them; this catches the others.
  if (payload.length > maxResultBytes || Buffer.byteLength(payload) > maxResultBytes) return { ok: false, payload: resultTooLarge(maxResultBytes).message };
  return { ok: true, payload };
}
