import { EventStoreUnavailableError } from '../event-store.port.js';
import { asError } from '../internal/timing.js';

const TRANSIENT_SQLSTATES = new Set([
  '57P01', // admin_shutdown (also pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '57014', // query_canceled (statement_timeout): the server did not answer in time
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '40P01', // deadlock_detected: nothing was written, a retry may pass
]);

const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);

const TRANSIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Connection ended',
  'Client was closed',
  'Cannot use a pool after calling end',
];

function codeOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = error.code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** Whether a pg / socket error means "the server could not be reached or did not answer". */
export function isTransientPgError(error: unknown): boolean {
  if (error instanceof EventStoreUnavailableError) return true;
  const code = codeOf(error);
  if (code !== undefined) {
    if (code.startsWith('08')) return true; // connection_exception class
    if (TRANSIENT_SQLSTATES.has(code) || TRANSIENT_NODE_CODES.has(code)) return true;
  }
  const message = asError(error).message;
  return TRANSIENT_MESSAGES.some((m) => message.includes(m));
}

/** Maps a failure of one call to the port's errors: unreachable/slow becomes EventStoreUnavailableError, the rest passes through. */
export function mapPgError(error: unknown, what: string): Error {
  if (error instanceof EventStoreUnavailableError) return error;
  if (isTransientPgError(error)) {
    return new EventStoreUnavailableError(`${what}: PostgreSQL unavailable (${asError(error).message})`, { cause: error });
  }
  return asError(error);
}

export function sqlStateOf(error: unknown): string | undefined {
  return codeOf(error);
}
