import type {
  JsonObject,
  JsonValue,
  StoreComparison,
  StoreCondition,
  StoreListQuery,
  StoreUpdateOptions,
  StoreWriteOptions,
} from '@backforge/contracts';
import type { EndSignal } from './end-signal.js';

/** A store call the bridge refuses: bad names, bad conditions, bad paging. The handler sees the message. */
export class StoreInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreInputError';
  }
}

/**
 * A store call refused for a limit of the bridge (result too large, too slow, too many waiting, the
 * invocation ended). Its message is written for the handler, like StoreInputError's.
 */
export class StoreLimitError extends StoreInputError {
  constructor(message: string) {
    super(message);
    this.name = 'StoreLimitError';
  }
}

/** Bytes a record adds to a result's JSON besides its data (id, revision, timestamps, punctuation). */
export const RECORD_OVERHEAD_BYTES = 200;

export function resultTooLarge(maxBytes: number): StoreLimitError {
  return new StoreLimitError(`the result is larger than ${maxBytes} bytes; ask for fewer records`);
}

/**
 * What one invocation's store calls run under: ended (aborted) with the invocation, and a bound on
 * the size of each result. The sandbox hands it to stores that implement `forInvocation`.
 */
export interface StoreCallScope {
  /** Fires when the invocation ends (an `AbortSignal` fits; the sandbox passes a lighter `InvocationEnd`). */
  signal: EndSignal;
  maxResultBytes: number;
}

/** A store that can give a view of itself bound to one invocation's scope (both stores here can). */
export interface InvocationScopedStore {
  forInvocation(scope: StoreCallScope): unknown;
}

export function isInvocationScoped(store: unknown): store is InvocationScopedStore {
  return typeof (store as Partial<InvocationScopedStore> | null)?.forInvocation === 'function';
}

/**
 * A store that can answer `get` with the record's JSON text (`null` when there is none), as the
 * relay sends it to the isolate, without building the record as an object first.
 */
export interface JsonGetStore {
  getJson(collection: string, id: string): Promise<string>;
}

export function hasJsonGet(store: unknown): store is JsonGetStore {
  return typeof (store as Partial<JsonGetStore> | null)?.getJson === 'function';
}

/** Record fields a condition or an ordering may name besides data fields. */
export const SYSTEM_FIELDS = ['id', 'createdAt', 'updatedAt'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const COMPARISONS: ReadonlySet<string> = new Set<StoreComparison>(['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'contains', 'in']);
export const MAX_LIST_LIMIT = 1000;
const MAX_CONDITIONS = 32;
const MAX_ID_LENGTH = 200;

export function isSystemField(field: string): field is SystemField {
  return (SYSTEM_FIELDS as readonly string[]).includes(field);
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function checkCollection(collection: unknown): string {
  if (typeof collection !== 'string' || !IDENTIFIER.test(collection)) {
    throw new StoreInputError(`collection must be an identifier ([A-Za-z_][A-Za-z0-9_]*, at most 63 characters), got ${JSON.stringify(collection)}`);
  }
  return collection;
}

export function checkField(field: unknown): string {
  if (typeof field !== 'string' || !IDENTIFIER.test(field)) {
    throw new StoreInputError(`field must be an identifier ([A-Za-z_][A-Za-z0-9_]*, at most 63 characters), got ${JSON.stringify(field)}`);
  }
  return field;
}

export function checkId(id: unknown): string {
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) {
    throw new StoreInputError(`id must be a non-empty string of at most ${MAX_ID_LENGTH} characters`);
  }
  return id;
}

/** A JSON object, copied, with every value plain JSON (no undefined, functions, NaN). */
export function checkData(data: unknown): JsonObject {
  if (!isJsonObject(data)) throw new StoreInputError('data must be a JSON object');
  const copy: unknown = JSON.parse(JSON.stringify(data));
  if (!isJsonObject(copy)) throw new StoreInputError('data must be a JSON object');
  return copy;
}

export function checkConditions(where: unknown): StoreCondition[] {
  if (where === undefined || where === null) return [];
  if (!Array.isArray(where)) throw new StoreInputError('where must be an array of conditions');
  if (where.length > MAX_CONDITIONS) throw new StoreInputError(`at most ${MAX_CONDITIONS} conditions`);
  return where.map((c: unknown): StoreCondition => {
    if (!isJsonObject(c)) throw new StoreInputError('a condition must be an object {field, op, value}');
    const field = checkField(c.field);
    const op = c.op;
    if (typeof op !== 'string' || !COMPARISONS.has(op)) throw new StoreInputError(`unknown comparison ${JSON.stringify(op)}`);
    if (!('value' in c) || c.value === undefined) throw new StoreInputError(`condition on ${field} needs a value`);
    const value = c.value;
    switch (op as StoreComparison) {
      case 'lt':
      case 'lte':
      case 'gt':
      case 'gte':
        if (typeof value !== 'number' && typeof value !== 'string') {
          throw new StoreInputError(`${op} on ${field} compares numbers or strings only`);
        }
        break;
      case 'in':
        if (!Array.isArray(value)) throw new StoreInputError(`in on ${field} needs an array value`);
        break;
      case 'eq':
      case 'ne':
      case 'contains':
        break;
    }
    if (isSystemField(field) && op !== 'in' && op !== 'eq' && op !== 'ne' && typeof value !== 'string') {
      throw new StoreInputError(`${field} is a string: compare it with a string`);
    }
    return { field, op: op as StoreComparison, value };
  });
}

export function checkListQuery(query: unknown): StoreListQuery {
  if (!isJsonObject(query)) throw new StoreInputError('list needs a query {where?, orderBy?, limit, offset}');
  const { limit, offset } = query;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > MAX_LIST_LIMIT) {
    throw new StoreInputError(`limit must be an integer from 0 to ${MAX_LIST_LIMIT}`);
  }
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) throw new StoreInputError('offset must be a non-negative integer');
  const out: StoreListQuery = { where: checkConditions(query.where), limit, offset };
  if (query.orderBy !== undefined && query.orderBy !== null) {
    const orderBy = query.orderBy;
    if (!isJsonObject(orderBy)) throw new StoreInputError('orderBy must be {field, direction}');
    const direction = orderBy.direction ?? 'asc';
    if (direction !== 'asc' && direction !== 'desc') throw new StoreInputError('orderBy.direction must be asc or desc');
    out.orderBy = { field: checkField(orderBy.field), direction };
  }
  return out;
}

function checkUnique(unique: unknown): string[] {
  if (unique === undefined || unique === null) return [];
  if (!Array.isArray(unique)) throw new StoreInputError('unique must be an array of field names');
  return [...new Set(unique.map(checkField))];
}

export function checkWriteOptions(options: unknown): Required<Pick<StoreWriteOptions, 'unique'>> {
  if (options === undefined || options === null) return { unique: [] };
  if (!isJsonObject(options)) throw new StoreInputError('options must be an object');
  return { unique: checkUnique(options.unique) };
}

export function checkUpdateOptions(options: unknown): { unique: string[]; expectedRevision: number | undefined } {
  if (options === undefined || options === null) return { unique: [], expectedRevision: undefined };
  if (!isJsonObject(options)) throw new StoreInputError('options must be an object');
  return { unique: checkUnique(options.unique), expectedRevision: checkRevision((options as StoreUpdateOptions).expectedRevision) };
}

export function checkRevision(revision: unknown): number | undefined {
  if (revision === undefined || revision === null) return undefined;
  if (typeof revision !== 'number' || !Number.isInteger(revision) || revision < 1) {
    throw new StoreInputError('expectedRevision must be a positive integer');
  }
  return revision;
}

// ---- semantics shared by the memory store and the tests that pin the PostgreSQL one ----

/** JSON equality: same type, same value; objects compare key-by-key whatever the key order. */
export function jsonEquals(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => jsonEquals(x, b[i]));
  }
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEquals(a[k], b[k]));
}

/** Code-point order, which is what PostgreSQL's "C" collation gives for UTF-8 text. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done) return y.done ? 0 : -1;
    if (y.done) return 1;
    const cx = x.value.codePointAt(0) ?? 0;
    const cy = y.value.codePointAt(0) ?? 0;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

/** Does `actual` (a field's value, undefined when missing) satisfy the condition? */
export function matchesCondition(actual: JsonValue | undefined, op: StoreComparison, value: JsonValue): boolean {
  switch (op) {
    case 'eq':
      return jsonEquals(actual ?? null, value);
    case 'ne':
      return !jsonEquals(actual ?? null, value);
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      let cmp: number;
      if (typeof value === 'number' && typeof actual === 'number') cmp = actual === value ? 0 : actual < value ? -1 : 1;
      else if (typeof value === 'string' && typeof actual === 'string') cmp = compareStrings(actual, value);
      else return false;
      return op === 'lt' ? cmp < 0 : op === 'lte' ? cmp <= 0 : op === 'gt' ? cmp > 0 : cmp >= 0;
    }
    case 'contains':
      if (Array.isArray(actual)) return actual.some((item) => jsonEquals(item, value));
      if (typeof actual === 'string' && typeof value === 'string') return actual.toLowerCase().includes(value.toLowerCase());
      return false;
    case 'in':
      return Array.isArray(value) && value.some((v) => jsonEquals(actual ?? null, v));
  }
}

/** Ordering rank of a value's type: numbers, strings, booleans, then others; missing/null always last. */
export function typeRank(value: JsonValue | undefined): number {
  if (value === undefined || value === null) return 9;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  if (typeof value === 'boolean') return 3;
  return 4;
}

/** Compares two field values for orderBy (direction applies within a type; ties are left to the caller). */
export function compareForOrder(a: JsonValue | undefined, b: JsonValue | undefined, direction: 'asc' | 'desc'): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  let cmp = 0;
  if (typeof a === 'number' && typeof b === 'number') cmp = a === b ? 0 : a < b ? -1 : 1;
  else if (typeof a === 'string' && typeof b === 'string') cmp = compareStrings(a, b);
  else if (typeof a === 'boolean' && typeof b === 'boolean') cmp = a === b ? 0 : a ? 1 : -1;
  return direction === 'desc' ? -cmp : cmp;
}
