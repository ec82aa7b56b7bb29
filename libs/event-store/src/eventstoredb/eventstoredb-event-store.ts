import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError,
  jsonEvent,
  type AllStreamSubscription,
  type RecordedEvent as EsdbRecordedEvent,
  type Position,
  type StreamingRead,
} from '@eventstore/db-client';
import type { JsonObject } from '@backforge/contracts';
import {
  EventBatchTooLargeError,
  EventStoreUnavailableError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
} from '../event-store.port.js';
import { matchesFilter, normaliseFilter } from '../internal/filter.js';
import { backoffDelay, type BackoffOptions } from '@backforge/resilience';
import { DEFAULT_BACKOFF, DEFAULT_TIMEOUT_MS, withStoreTimeout, Wakeup } from '../internal/timing.js';
import { InvalidAppendError, validateAppend } from '../internal/validation.js';
import { EVENT_ID_CLAIM_PREFIX, claimEventIds, isEventIdClaimStream, type EsdbClient } from './eventstoredb-event-ids.js';
import { isMaxAppendSizeError, isResumableDrop, mapEsdbError, toEsdbEventId, toEsdbExpectedRevision, toEsdbFilter } from './eventstoredb-mapping.js';

export interface EventStoreDbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false`. */
  connectionString?: string;
  /** A client made by the caller (tests pass a stand-in); not disposed by close(). */
  client?: EsdbClient;
  /**
   * Bound on every call: a unary call must answer within it, a read must make progress within it
   * (each received event restarts the clock), a subscription must be confirmed within it.
   * Default 5000 ms. The client's own deadlines are not enough: a peer that accepts TCP and never
   * answers hangs calls for minutes (STACK.md).
   */
  timeoutMs?: number;
  /** Events per readAll round trip; default 1000. */
  readPageSize?: number;
  /** Backoff between resubscriptions after a dropped subscription. */
  reconnect?: BackoffOptions;
}

const MAX_COUNT = BigInt(Number.MAX_SAFE_INTEGER);
const MAX_EVENTS_PER_APPEND = 1 << 20;
/** A stream nobody writes: reading it proves the server answers (not found is an answer). */
const PING_STREAM = 'backforge-event-store-ping';
const INVALID_POSITION = (1n << 63n) - 1n;

export class EventStoreDbEventStore implements EventStore {
  private readonly client: EsdbClient;
  private readonly ownsClient: boolean;
  private readonly timeoutMs: number;
  private readonly pageSize: number;
  private readonly backoff: BackoffOptions;
  private readonly subscriptions = new Set<EsdbSubscription>();
  private closed = false;

  constructor(options: EventStoreDbEventStoreOptions) {
    if (options.client) {
      this.client = options.client;
      this.ownsClient = false;
    } else if (options.connectionString) {
      this.client = EventStoreDBClient.connectionString(options.connectionString);
      this.ownsClient = true;
    } else {
      throw new Error('EventStoreDbEventStore needs a connectionString or a client');
    }
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.pageSize = options.readPageSize ?? 1000;
    this.backoff = options.reconnect ?? DEFAULT_BACKOFF;
  }

  async append(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    validateAppend(streamName, events, expectedRevision, MAX_EVENTS_PER_APPEND);
    if (isEventIdClaimStream(streamName)) throw new InvalidAppendError(`stream name '${streamName}' is reserved: '${EVENT_ID_CLAIM_PREFIX}' streams belong to the store`);
    const data = events.map((e) =>
      jsonEvent({ id: toEsdbEventId(e.metadata.eventId), type: e.type, data: e.data, metadata: { ...e.metadata } }),
    );
    const ids = events.map((e) => e.metadata.eventId);
    const claimed = await this.unary('append (event ids)', () => claimEventIds(this.client, streamName, ids, this.timeoutMs));
    if (!claimed) {
      // As PostgreSQL: an id written to another stream is a conflict, reported with this stream's revision.
      throw new WrongExpectedRevisionError(streamName, expectedRevision, await this.currentRevision(streamName));
    }
    let result: Awaited<ReturnType<EsdbClient['appendToStream']>>;
    try {
      result = await this.unary(
        'append',
        () => this.client.appendToStream(streamName, data, { expectedRevision: toEsdbExpectedRevision(expectedRevision), deadline: this.timeoutMs }),
        expectedRevision,
      );
    } catch (error) {
      // Nothing was written; the claims stay this stream's, so the same events split into smaller appends still go in.
      if (isMaxAppendSizeError(error)) throw new EventBatchTooLargeError(streamName, events.length, error.maxAppendSize, { cause: error });
      throw error;
    }
    // With throwOnAppendFailure=false in the connection string the client reports a conflict here instead of throwing.
    if (!result.success) {
      throw new WrongExpectedRevisionError(streamName, expectedRevision, result.nextExpectedRevision < 0n ? 'no_stream' : result.nextExpectedRevision);
    }
    const position = validPosition(result.position) ?? (await this.positionOf(streamName, result.nextExpectedRevision));
    return { nextExpectedRevision: result.nextExpectedRevision, position };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    try {
      const resolved = await this.collect('readStream', () =>
        this.client.readStream(streamName, {
          direction: backwards ? BACKWARDS : FORWARDS,
          fromRevision: options.fromRevision ?? (backwards ? END : START),
          maxCount: options.maxCount !== undefined ? BigInt(options.maxCount) : MAX_COUNT,
        }),
      );
      return resolved.flatMap((r) => (r.event ? [toRecordedEvent(r.event)] : []));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const max = options.maxCount ?? Number.POSITIVE_INFINITY;
    const filter = normaliseFilter(options.filter);
    const out: RecordedEvent[] = [];
    let cursor = options.after;
    while (out.length < max) {
      const from = cursor;
      const page = await this.collect('readAll', () =>
        this.client.readAll({ fromPosition: from === undefined ? START : { commit: from, prepare: from }, maxCount: this.pageSize, direction: FORWARDS }),
      );
      let advanced = false;
      for (const resolved of page) {
        const event = resolved.event;
        if (!event) continue;
        const position = event.position.commit;
        // fromPosition is inclusive on reads; our `after` is exclusive.
        if (cursor !== undefined && position <= cursor) continue;
        cursor = position;
        advanced = true;
        if (isSystemEvent(event) || !matchesFilter(filter, event.streamId, event.type)) continue;
        out.push(toRecordedEvent(event));
        if (out.length >= max) break;
      }
      if (page.length < this.pageSize || !advanced) break;
    }
    return out;
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    if (this.closed) throw new EventStoreUnavailableError('event store is closed');
    const subscription = new EsdbSubscription(this.client, options, this.timeoutMs, this.backoff, () => this.headPosition(), (s) =>
      this.subscriptions.delete(s),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async ping(): Promise<void> {
    await this.readStream(PING_STREAM, { maxCount: 1 });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    if (this.ownsClient) await withStoreTimeout(this.client.dispose(), this.timeoutMs, 'EventStoreDB close').catch(() => undefined);
  }

  /** Position of the last event in $all (system events included), or undefined for an empty log. */
  private async headPosition(): Promise<bigint | undefined> {
    const last = await this.collect('readAll (head)', () => this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }));
    return last[0]?.event?.position.commit;
  }

  /** The stream's last revision, or no_stream. */
  private async currentRevision(streamName: string): Promise<bigint | 'no_stream'> {
    const [last] = await this.readStream(streamName, { direction: 'backwards', maxCount: 1 });
    return last ? last.revision : 'no_stream';
  }

  /** Older servers omit the position on append; read it back from the event itself. */
  private async positionOf(streamName: string, revision: bigint): Promise<bigint> {
    const [event] = await this.readStream(streamName, { fromRevision: revision, maxCount: 1 });
    return event?.position ?? -1n;
  }

  private async unary<T>(what: string, call: () => Promise<T>, expected?: ExpectedRevision): Promise<T> {
    if (this.closed) throw new EventStoreUnavailableError(`EventStoreDB ${what}: the store is closed`);
    try {
      return await withStoreTimeout(Promise.resolve().then(call), this.timeoutMs, `EventStoreDB ${what}`);
    } catch (error) {
      throw mapEsdbError(error, `EventStoreDB ${what}`, expected);
    }
  }

  /** Drains a streaming read; it fails if no event (or the end) arrives within the timeout. */
  private async collect<T>(what: string, open: () => StreamingRead<T>): Promise<T[]> {
    if (this.closed) throw new EventStoreUnavailableError(`EventStoreDB ${what}: the store is closed`);
    try {
      return await new Promise<T[]>((resolve, reject) => {
        const read = open();
        const out: T[] = [];
        let settled = false;
        let timer: NodeJS.Timeout | undefined;
        const finish = (error?: Error) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (error === undefined) resolve(out);
          else reject(error);
        };
        const arm = () => {
          clearTimeout(timer);
          timer = setTimeout(() => {
            finish(new EventStoreUnavailableError(`EventStoreDB ${what}: no answer within ${this.timeoutMs} ms`));
            read.cancel().catch(() => undefined);
            read.destroy();
          }, this.timeoutMs);
        };
        arm();
        read.on('data', (item: T) => {
          out.push(item);
          arm();
        });
        read.on('end', () => finish());
        read.on('error', (error) => finish(error));
      });
    } catch (error) {
      if (error instanceof StreamNotFoundError) throw error;
      throw mapEsdbError(error, `EventStoreDB ${what}`);
    }
  }
}

function validPosition(position: Position | undefined): bigint | undefined {
  if (!position) return undefined;
  if (position.commit >= 0n && position.commit < INVALID_POSITION) return position.commit;
  return undefined;
}

/** Server events and the adapter's own bookkeeping (event-id claims): never delivered. */
function isSystemEvent(event: EsdbRecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$') || isEventIdClaimStream(event.streamId);
}

function isEventMetadata(value: unknown): value is EventMetadata {
  return typeof value === 'object' && value !== null && typeof (value as { eventId?: unknown }).eventId === 'string';
}

export function toRecordedEvent(event: EsdbRecordedEvent): RecordedEvent {
  const data: JsonObject = event.isJson
    ? (event.data as JsonObject)
    : { $binary: Buffer.from(event.data).toString('base64') };
  const recordedAt = event.created.toISOString();
  const metadata: EventMetadata = isEventMetadata(event.metadata)
    ? event.metadata
    : { eventId: event.id, correlationId: '', causationId: '', workspaceId: '', occurredAt: recordedAt, schemaVersion: 0 };
  // Stream reads may carry no commit position (the index lacks it); the prepare position then stands in.
  const position = event.position
    ? (validPosition(event.position) ?? (event.position.prepare < INVALID_POSITION ? event.position.prepare : -1n))
    : -1n;
  return { streamName: event.streamId, type: event.type, data, metadata, revision: event.revision, position, recordedAt };
}

/**
 * A catch-up subscription to $all that survives a dropped connection: it resubscribes with
 * backoff from the last position it saw, and skips anything at or below it, so each event is
 * delivered once. An unconfirmed subscription (a peer that never answers) counts as dropped.
 */
class EsdbSubscription implements Subscription {
  private closed = false;
  private iterator: AsyncGenerator<RecordedEvent, void, undefined> | undefined;
  private current: AllStreamSubscription | undefined;
  private readonly wakeup = new Wakeup();

  constructor(
    private readonly client: EsdbClient,
    private readonly options: SubscribeToAllOptions,
    private readonly timeoutMs: number,
    private readonly backoff: BackoffOptions,
    private readonly headPosition: () => Promise<bigint | undefined>,
    private readonly onClose: (s: EsdbSubscription) => void,
  ) {}

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this);
    this.wakeup.notify();
    const current = this.current;
    this.current = undefined;
    if (current) await withStoreTimeout(current.unsubscribe(), this.timeoutMs, 'EventStoreDB unsubscribe').catch(() => current.destroy());
  }

  /** One reader per subscription: every call returns the same iterator, continuing where the last left off. */
  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    this.iterator ??= this.run();
    return this.iterator;
  }

  private async *run(): AsyncGenerator<RecordedEvent, void, undefined> {
    const filter = normaliseFilter(this.options.filter);
    let failures = 0;
    try {
      let last: bigint | undefined = typeof this.options.from === 'bigint' ? this.options.from : undefined;
      if (this.options.from === 'end') {
        // A concrete position, so a resubscription after a drop does not lose what came in between.
        let resolved = false;
        while (!resolved && !this.closed) {
          const seen = this.wakeup.current;
          try {
            last = await this.headPosition();
            resolved = true;
          } catch (error) {
            if (!(mapEsdbError(error, 'subscribeToAll') instanceof EventStoreUnavailableError)) throw error;
            await this.wakeup.wait(seen, backoffDelay(++failures, this.backoff));
          }
        }
      }
      while (!this.closed) {
        const seen = this.wakeup.current;
        const subscription = this.client.subscribeToAll({
          fromPosition: last === undefined ? START : { commit: last, prepare: last },
          filter: toEsdbFilter(filter),
        });
        this.current = subscription;
        const watchdog = setTimeout(() => {
          subscription.unsubscribe().catch(() => undefined);
          subscription.destroy(new EventStoreUnavailableError(`EventStoreDB subscribeToAll: not confirmed within ${this.timeoutMs} ms`));
        }, this.timeoutMs);
        subscription.once('confirmation', () => clearTimeout(watchdog));
        try {
          for await (const resolved of subscription as AsyncIterable<{ event?: EsdbRecordedEvent & { position: Position } }>) {
            clearTimeout(watchdog);
            failures = 0;
            const event = resolved.event;
            if (!event) continue;
            const position = event.position.commit;
            if (last !== undefined && position <= last) continue;
            last = position;
            if (isSystemEvent(event) || !matchesFilter(filter, event.streamId, event.type)) continue;
            if (this.closed) return;
            yield toRecordedEvent(event);
          }
          if (this.closed) return;
        } catch (error) {
          if (this.closed) return;
          const mapped = mapEsdbError(error, 'EventStoreDB subscribeToAll');
          // A stream reset by the server or a proxy (gRPC INTERNAL / UNKNOWN) drops a healthy subscription too: resume.
          if (!(mapped instanceof EventStoreUnavailableError) && !isResumableDrop(error)) throw mapped;
        } finally {
          clearTimeout(watchdog);
          if (this.current === subscription) this.current = undefined;
        }
        await this.wakeup.wait(seen, backoffDelay(++failures, this.backoff));
      }
    } finally {
      await this.close();
    }
  }
}
