/**
 * SQLSTATEs that say "the database hiccupped", not "this statement is wrong": a retry may pass.
 * 40001 serialization_failure, 40P01 deadlock_detected (nothing was written), 55P03 lock_not_available,
 * 57014 query_canceled (statement_timeout), 57P01-57P05 admin/crash shutdown, cannot connect now,
 * idle-session timeout, database dropped... the server side of "try again later".
 */
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '55P03', '57014', '57P01', '57P02', '57P03', '57P04', '57P05']);
/** Whole SQLSTATE classes: 08 connection exception, 53 insufficient resources (too many connections, out of memory, disk full). */
const TRANSIENT_SQLSTATE_CLASSES = new Set(['08', '53']);
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** Node socket and DNS failures, and undici's (fetch) connection-level ones. */
const TRANSIENT_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);

/** Codes of our own errors that mean "unavailable now" (kept as codes so this library depends on nothing). */
const TRANSIENT_CODES = new Set(['EVENT_STORE_UNAVAILABLE']);

/** Failures node-postgres (and the EventStoreDB client) report by message only, without a code. */
const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /connection ended/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /client has encountered a connection error/i,
  /client was closed/i,
  /cannot use a pool after calling end/i,
  /connection is not established/i,
  /not queryable/i,
];

/** How deep `cause` / `driverError` / `errors` chains are followed (a cycle cannot loop forever). */
const MAX_DEPTH = 8;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  transient?: unknown;
  cause?: unknown;
  driverError?: unknown;
  errors?: unknown;
}

/**
 * True when trying the same thing again later may succeed: the server was unreachable, timed out,
 * was shutting down or out of resources, or chose this transaction as a victim (deadlock,
 * serialization). False for everything else: a bug, a constraint violation, bad input.
 *
 * - An error may say so itself with `transient: true`, or `transient: false`, which wins over its
 *   causes (a typed error that already decided "do not retry").
 * - Otherwise its `code` (SQLSTATE, Node socket code, EVENT_STORE_UNAVAILABLE) or message decides,
 *   then its `cause`, TypeORM's `driverError` and an AggregateError's `errors` (Node's connect to
 *   every address of a host) are followed.
 * - Not `instanceof Error`: socket errors can come from another realm (jest's vm) and still count.
 */
export function isTransientError(error: unknown): boolean {
  return transient(error, 0);
}

function transient(error: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || error === null || typeof error !== 'object') return false;
  const e = error as ErrorLike;
  if (typeof e.transient === 'boolean') return e.transient;
  if (typeof e.code === 'string' && transientCode(e.code)) return true;
  if (typeof e.message === 'string' && TRANSIENT_MESSAGES.some((re) => re.test(e.message as string))) return true;
  if (transient(e.driverError, depth + 1) || transient(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => transient(inner, depth + 1));
}

function transientCode(code: string): boolean {
  if (TRANSIENT_CODES.has(code) || TRANSIENT_NODE_CODES.has(code)) return true;
  return SQLSTATE.test(code) && (TRANSIENT_SQLSTATES.has(code) || TRANSIENT_SQLSTATE_CLASSES.has(code.slice(0, 2)));
}
