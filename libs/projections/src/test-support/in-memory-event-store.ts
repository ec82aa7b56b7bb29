import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
} from '@backforge/event-store';
import { matchesFilter } from '../event-filter.js';

/**
 * A test double of the EventStore port for unit tests and for processes that cannot share a
 * server-backed log: the port's semantics (expected revisions, idempotent appends by eventId,
 * exclusive `after`, catch-up then live subscriptions) over arrays. Positions start at 1.
 */
export class InMemoryEventStore implements EventStore {
  private readonly all: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly waiters = new Set<() => void>();
  private closed = false;

  async append(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const stream = this.streams.get(streamName) ?? [];
    const first = events[0];
    const already = first ? stream.find((e) => e.metadata.eventId === first.metadata.eventId) : undefined;
    if (already) {
      const ids = new Set(events.map((e) => e.metadata.eventId));
      const last = stream.filter((e) => ids.has(e.metadata.eventId)).at(-1) ?? already;
      return { nextExpectedRevision: last.revision, position: last.position };
    }
    const actual = stream.length === 0 ? 'no_stream' : BigInt(stream.length - 1);
    const ok =
      expectedRevision === 'any' ||
      (expectedRevision === 'no_stream' && actual === 'no_stream') ||
      (expectedRevision === 'stream_exists' && actual !== 'no_stream') ||
      (typeof expectedRevision === 'bigint' && actual === expectedRevision);
    if (!ok) throw new WrongExpectedRevisionError(streamName, expectedRevision, actual);
    if (events.length === 0) {
      return { nextExpectedRevision: actual === 'no_stream' ? -1n : actual, position: this.all.at(-1)?.position ?? 0n };
    }
    for (const event of events) {
      const recorded: RecordedEvent = {
        streamName,
        type: event.type,
        data: structuredClone(event.data),
        metadata: { ...event.metadata },
        revision: BigInt(stream.length),
        position: BigInt(this.all.length + 1),
        recordedAt: new Date().toISOString(),
      };
      stream.push(recorded);
      this.all.push(recorded);
    }
    this.streams.set(streamName, stream);
    for (const wake of [...this.waiters]) wake();
    const last = stream[stream.length - 1] as RecordedEvent;
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const stream = this.streams.get(streamName) ?? [];
    const backwards = options.direction === 'backwards';
    let events = backwards ? [...stream].reverse() : [...stream];
    if (options.fromRevision !== undefined) {
      const from = options.fromRevision;
      events = events.filter((e) => (backwards ? e.revision <= from : e.revision >= from));
    }
    return events.slice(0, options.maxCount ?? events.length).map(copy);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after;
    const matching = this.all.filter((e) => (after === undefined || e.position > after) && matchesFilter(e, options.filter));
    return matching.slice(0, options.maxCount ?? matching.length).map(copy);
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    let cursor = options.from === 'start' ? 0n : options.from === 'end' ? BigInt(this.all.length) : options.from;
    let open = true;
    let wake: (() => void) | undefined;
    const all = this.all;
    const isClosed = (): boolean => this.closed;
    const waiters = this.waiters;
    return {
      async close() {
        open = false;
        wake?.();
      },
      [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
        return {
          async next(): Promise<IteratorResult<RecordedEvent>> {
            for (;;) {
              if (!open || isClosed()) return { done: true, value: undefined };
              const event = all.find((e) => e.position > cursor && matchesFilter(e, options.filter));
              if (event) {
                cursor = event.position;
                return { done: false, value: copy(event) };
              }
              // Nothing matching yet: skip ahead over what was seen, then sleep until the next append or close.
              cursor = all.at(-1)?.position ?? cursor;
              await new Promise<void>((resolve) => {
                wake = () => {
                  waiters.delete(wake as () => void);
                  resolve();
                };
                waiters.add(wake);
              });
            }
          },
          async return(): Promise<IteratorResult<RecordedEvent>> {
            open = false;
            return { done: true, value: undefined };
          },
        };
      },
    };
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('in-memory event store is closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of [...this.waiters]) wake();
  }
}

function copy(event: RecordedEvent): RecordedEvent {
  return { ...event, data: structuredClone(event.data), metadata: { ...event.metadata } };
}
