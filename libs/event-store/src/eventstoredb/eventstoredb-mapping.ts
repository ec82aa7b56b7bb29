import { createHash } from 'node:crypto';
import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  ErrorType,
  MaxAppendSizeExceededError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  isCommandError,
  streamNameFilter,
  type AppendExpectedRevision,
  type Filter,
} from '@eventstore/db-client';
import {
  EventStoreUnavailableError,
  WrongExpectedRevisionError,
  type EventFilter,
  type ExpectedRevision,
} from '../event-store.port.js';
import { asError } from '../internal/timing.js';

/** Pure translations between the port and @eventstore/db-client 6.x. */

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * EventStoreDB keys idempotency on a UUID event id. A non-UUID id becomes a name-based UUID (v5
 * layout over SHA-1), so the same id always maps to the same UUID; the original id stays in metadata.
 */
export function toEsdbEventId(eventId: string): string {
  if (UUID.test(eventId)) return eventId.toLowerCase();
  const hash = createHash('sha1').update('backforge-event-id:').update(eventId).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * The server-side filter for a subscription: the server filters on one field only, so with both
 * lists the stream prefixes go to the server and the event types are checked here (the adapter
 * always re-checks the whole filter on the client and drops `$` system events).
 */
export function toEsdbFilter(filter: EventFilter): Filter {
  if (filter.streamPrefixes && filter.streamPrefixes.length > 0) return streamNameFilter({ prefixes: filter.streamPrefixes });
  if (filter.eventTypes && filter.eventTypes.length > 0) {
    return eventTypeFilter({ regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$` });
  }
  return excludeSystemEvents();
}

const UNAVAILABLE_TYPES = new Set<string>([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.CANCELLED,
  ErrorType.NOT_LEADER,
]);

/** gRPC status codes that mean the server was not reached or did not answer. */
const UNAVAILABLE_GRPC_CODES = new Set([1 /* CANCELLED */, 4 /* DEADLINE_EXCEEDED */, 14 /* UNAVAILABLE */]);

/**
 * Maps a client error to the port: wrong expected version becomes our typed conflict (with the
 * revisions we were asked for and the server's actual one); unreachable or slow becomes
 * EventStoreUnavailableError; anything else passes through unchanged.
 */
export function mapEsdbError(error: unknown, what: string, expected?: ExpectedRevision): Error {
  if (error instanceof EventStoreUnavailableError || error instanceof WrongExpectedRevisionError) return error;
  if (error instanceof WrongExpectedVersionError) {
    const actual = error.actualVersion === NO_STREAM ? 'no_stream' : BigInt(error.actualVersion);
    return new WrongExpectedRevisionError(error.streamName, expected ?? fromEsdbExpected(error.expectedVersion), actual);
  }
  if (typeof error === 'object' && error !== null && isCommandError(asError(error)) && UNAVAILABLE_TYPES.has((error as { type: string }).type)) {
    return new EventStoreUnavailableError(`${what}: EventStoreDB unavailable (${asError(error).message})`, { cause: error });
  }
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (typeof code === 'number' && UNAVAILABLE_GRPC_CODES.has(code)) {
    return new EventStoreUnavailableError(`${what}: EventStoreDB unavailable (${asError(error).message})`, { cause: error });
  }
  return asError(error);
}

/** gRPC INTERNAL (13) and UNKNOWN (2): what a reset HTTP/2 stream (RST_STREAM, a proxy's idle cut) surfaces as. */
const RESUMABLE_GRPC_CODES = new Set([2, 13]);

/** Whether a subscription dropped with this error should resubscribe rather than fail its reader. */
export function isResumableDrop(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return typeof code === 'number' && RESUMABLE_GRPC_CODES.has(code);
}

export function isMaxAppendSizeError(error: unknown): error is MaxAppendSizeExceededError {
  if (error instanceof MaxAppendSizeExceededError) return true;
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === ErrorType.MAXIMUM_APPEND_SIZE_EXCEEDED;
}

function fromEsdbExpected(expected: AppendExpectedRevision): ExpectedRevision {
  if (expected === ANY) return 'any';
  if (expected === NO_STREAM) return 'no_stream';
  if (expected === STREAM_EXISTS) return 'stream_exists';
  return BigInt(expected);
}
