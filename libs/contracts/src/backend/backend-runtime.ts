import type { JsonObject, JsonValue } from './json.js';

/**
 * The interface every generated backend has, whichever interpreter designed it.
 *
 * A request is `{"action": "<name>", "input": {...}}`; `{"action": "describe"}` answers the contract.
 * The handler never sees the platform: its data lives behind `BackendStore`, which the host scopes
 * to one agent (PostgreSQL in the platform, memory in tests, memory or a file in the generated
 * project's own server).
 */
export interface BackendRequest {
  action: string;
  input?: JsonObject;
}

export interface BackendError {
  /** One of BACKEND_ERROR_CODES for the built-in failures; a rule may name its own code. */
  code: string;
  message: string;
  details?: JsonValue;
}

export type BackendBody = { ok: true; result: JsonValue } | { ok: false; error: BackendError };

export interface BackendResponse {
  /** 200 success; 400 invalid input or unknown action; 404 missing record; 409 broken rule. */
  status: 200 | 400 | 404 | 409;
  body: BackendBody;
}

/** Error codes a generated backend answers with (in `body.error.code`). */
export const BACKEND_ERROR_CODES = {
  INVALID_REQUEST: 'INVALID_REQUEST',
  UNKNOWN_ACTION: 'UNKNOWN_ACTION',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  UNIQUE_VIOLATION: 'UNIQUE_VIOLATION',
  RULE_VIOLATED: 'RULE_VIOLATED',
  CONFLICT: 'CONFLICT',
} as const;
export type BackendErrorCode = (typeof BACKEND_ERROR_CODES)[keyof typeof BACKEND_ERROR_CODES];

/** A record as the store keeps it. `id`, `createdAt`, `updatedAt` and `revision` are set by the store. */
export interface StoredRecord {
  id: string;
  /** Starts at 1, +1 per update: the handle for compare-and-set updates. */
  revision: number;
  createdAt: string;
  updatedAt: string;
  data: JsonObject;
}

/**
 * Comparison on a data field (or on `id`, `createdAt`, `updatedAt`).
 * `contains`: for a list field, the list holds `value`; for a string field, case-insensitive substring.
 * `in`: the field's value is one of `value` (an array).
 */
export type StoreComparison = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'in';

export interface StoreCondition {
  field: string;
  op: StoreComparison;
  value: JsonValue;
}

export interface StoreListQuery {
  where?: StoreCondition[];
  orderBy?: { field: string; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

export interface StoreListResult {
  items: StoredRecord[];
  /** Number of records matching `where`, ignoring limit and offset. */
  total: number;
}

export type StoreWriteResult =
  | { ok: true; record: StoredRecord }
  | { ok: false; reason: 'not_found' | 'revision_conflict' }
  | { ok: false; reason: 'unique_violation'; field: string };

export interface StoreWriteOptions {
  /** Fields whose value must be unique in the collection; checked atomically with the write. */
  unique?: string[];
}

export interface StoreUpdateOptions extends StoreWriteOptions {
  /** Compare-and-set: the write happens only if the record is still at this revision. */
  expectedRevision?: number;
}

/**
 * The store bridge: the only way a generated backend reaches data. All values are JSON; every call
 * is one store operation, counted against the invocation's limit. Collections are created on first
 * use and are namespaced per agent by the host, never by the handler.
 */
export interface BackendStore {
  insert(collection: string, data: JsonObject, options?: StoreWriteOptions): Promise<StoreWriteResult>;
  get(collection: string, id: string): Promise<StoredRecord | null>;
  findOne(collection: string, where: StoreCondition[]): Promise<StoredRecord | null>;
  list(collection: string, query: StoreListQuery): Promise<StoreListResult>;
  count(collection: string, where: StoreCondition[]): Promise<number>;
  /** Replaces `data` whole (the handler merges), bumps `revision` and `updatedAt`. */
  update(collection: string, id: string, data: JsonObject, options?: StoreUpdateOptions): Promise<StoreWriteResult>;
  delete(collection: string, id: string, options?: { expectedRevision?: number }): Promise<boolean>;
}

/** What the host hands the handler besides the request. */
export interface BackendContext {
  store: BackendStore;
  /** Current time as an ISO-8601 string (the host's clock, so tests can fix it). */
  now(): string;
  /** A random string of [A-Za-z0-9] of the given length from the host's CSPRNG (short codes, tokens). */
  randomToken(length: number): string;
}

/** A compiled backend: what `dist/handler.js` exposes. */
export interface BackendModule {
  handle(request: BackendRequest, context: BackendContext): Promise<BackendResponse>;
}

/**
 * `dist/handler.js` is an esbuild bundle in IIFE format with this global name: evaluating it as a
 * script defines `globalThis[BACKEND_BUNDLE_GLOBAL]` as a `BackendModule`. It imports nothing and
 * uses no globals outside the quality check's allow-list.
 */
export const BACKEND_BUNDLE_GLOBAL = 'BackforgeBackend';
