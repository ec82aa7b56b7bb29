import { isTransientError } from '@backforge/resilience';
import { EventStoreUnavailableError } from '../event-store.port.js';
import { asError } from '../internal/timing.js';

/**
 * Whether a pg / socket error means "the server could not be reached, did not answer, or asked us
 * to come back later": @backforge/resilience's classification, shared by every library.
 */
export function isTransientPgError(error: unknown): boolean {
  return isTransientError(error);
}

/** Maps a failure of one call to the port's errors: unreachable/slow becomes EventStoreUnavailableError, the rest passes through. */
export function mapPgError(error: unknown, what: string): Error {
  if (error instanceof EventStoreUnavailableError) return error;
  if (isTransientError(error)) {
    return new EventStoreUnavailableError(`${what}: PostgreSQL unavailable (${asError(error).message})`, { cause: error });
  }
  return asError(error);
}

export function sqlStateOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = error.code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}
