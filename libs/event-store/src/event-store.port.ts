import type { EventMetadata, JsonObject } from '@backforge/contracts';

/**
 * The event log port. Adapters: PostgreSQL (embedded default, tests) and EventStoreDB (production).
 * Both pass the same conformance suite (conformance/).
 */

/** Metadata every event carries (DESIGN §4): the type lives with the event catalogue in contracts. */
export type { EventMetadata };

/** An event to append. `metadata.eventId` makes appends idempotent. */
export interface NewEvent<TType extends string = string, TData extends JsonObject = JsonObject> {
  type: TType;
  data: TData;
  metadata: EventMetadata;
}

export interface RecordedEvent<TType extends string = string, TData extends JsonObject = JsonObject> {
  streamName: string;
  type: TType;
  data: TData;
  metadata: EventMetadata;
  /** 0-based position of the event in its stream. */
  revision: bigint;
  /** Position in the global log: strictly increasing in the order subscribers see events. */
  position: bigint;
  /** ISO-8601, set by the store. */
  recordedAt: string;
}

/**
 * `no_stream`: the stream must not exist. `stream_exists`: it must exist. `any`: no check.
 * A bigint: the stream's last revision must be exactly this.
 */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | bigint;

export interface AppendResult {
  /** Revision of the last event written (or already present, for an idempotent retry). */
  nextExpectedRevision: bigint;
  /** Global position of the last event written. */
  position: bigint;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive start revision; default: start (forwards) or end (backwards). */
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Default: from the beginning. */
  after?: bigint;
  maxCount?: number;
  filter?: EventFilter;
}

/** Both lists are ORed within themselves and ANDed together when both are given. */
export interface EventFilter {
  streamPrefixes?: string[];
  eventTypes?: string[];
}

export interface SubscribeToAllOptions {
  /** Exclusive checkpoint: deliver events strictly after it. `start` for everything, `end` for only new ones. */
  from: bigint | 'start' | 'end';
  filter?: EventFilter;
}

/** A running subscription: catch-up first, then live, in global position order, each event once. */
export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface EventStore {
  append(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream; a missing stream reads as empty. */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options: SubscribeToAllOptions): Subscription;
  /** Liveness of the underlying server, for /health/ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The expected revision did not hold: a real conflict, answered 409 or retried, never swallowed. */
export class WrongExpectedRevisionError extends Error {
  readonly code = 'WRONG_EXPECTED_REVISION';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream '${streamName}': expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** The store did not answer in time or could not be reached; the operation may or may not have happened. */
export class EventStoreUnavailableError extends Error {
  readonly code = 'EVENT_STORE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreUnavailableError';
  }
}

/**
 * The append is larger than the store accepts in one call (EventStoreDB's maximum append size):
 * nothing was written. Split the events over several appends, or make them smaller.
 */
export class EventBatchTooLargeError extends Error {
  readonly code = 'EVENT_BATCH_TOO_LARGE';
  constructor(
    readonly streamName: string,
    readonly eventCount: number,
    /** The store's limit in bytes, when it says. */
    readonly maxBytes: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(`append of ${eventCount} event(s) to '${streamName}' is larger than the store accepts in one append${maxBytes ? ` (${maxBytes} bytes)` : ''}`, options);
    this.name = 'EventBatchTooLargeError';
  }
}
