import { Readable } from 'node:stream';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  MaxAppendSizeExceededError,
  AccessDeniedError,
  type AppendExpectedRevision,
  type AppendResult,
} from '@eventstore/db-client';
import { EventBatchTooLargeError, WrongExpectedRevisionError, type RecordedEvent } from '../event-store.port.js';
import { InvalidAppendError } from '../internal/validation.js';
import { conformanceEvent, takeEvents } from '../conformance/event-store.conformance.js';
import { EVENT_ID_CLAIM_PREFIX, type EsdbClient } from './eventstoredb-event-ids.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

/**
 * The EventStoreDB adapter's own rules, against a stand-in for the client (no server here; the
 * conformance suite runs against a real one when EVENTSTORE_URL is set).
 *
 * The stand-in for @eventstore/db-client 6.x with the behaviour the adapter relies on (per-stream
 * expected revisions and per-stream event-id idempotency, reads, a subscription the test drives),
 * for the unit tests: there is no EventStoreDB server on every machine. Not a second event store.
 */
interface Stored {
  streamId: string;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  revision: bigint;
  position: bigint;
}

interface ProposedEvent {
  id?: string;
  type: string;
  data: unknown;
  metadata?: unknown;
}

interface FakeSubscription extends Readable {
  unsubscribe(): Promise<void>;
  fromPosition: unknown;
}

function resolved(e: Stored): { event: Record<string, unknown> } {
  return {
    event: {
      streamId: e.streamId,
      id: e.id,
      isJson: true,
      revision: e.revision,
      type: e.type,
      created: new Date('2026-01-01T00:00:00.000Z'),
      data: e.data,
      metadata: e.metadata,
      position: { commit: e.position, prepare: e.position },
    },
  };
}

function readable(items: unknown[], error?: Error): Readable & { cancel(): Promise<void> } {
  const stream = new Readable({ objectMode: true, read() {} }) as Readable & { cancel(): Promise<void> };
  stream.cancel = () => Promise.resolve();
  queueMicrotask(() => {
    if (error) return void stream.destroy(error);
    for (const item of items) stream.push(item);
    stream.push(null);
  });
  return stream;
}

class FakeEsdbClient {
  readonly streams = new Map<string, Stored[]>();
  readonly all: Stored[] = [];
  readonly subscriptions: FakeSubscription[] = [];
  /** Answer failed expectations with `success: false` instead of throwing (throwOnAppendFailure=false). */
  throwOnAppendFailure = true;
  /** Thrown by the next append to a stream outside the adapter's claim streams. */
  failNextAppend: Error | undefined;
  private nextPosition = 1000n;

  appendToStream = (stream: string, events: ProposedEvent | ProposedEvent[], options: { expectedRevision?: AppendExpectedRevision } = {}): Promise<AppendResult> => {
    const list = Array.isArray(events) ? events : [events];
    if (this.failNextAppend && !stream.startsWith('backforge-event-id-')) {
      const error = this.failNextAppend;
      this.failNextAppend = undefined;
      return Promise.reject(error);
    }
    const existing = this.streams.get(stream) ?? [];
    const current = BigInt(existing.length - 1);
    const expected = options.expectedRevision ?? ANY;
    // Idempotency, per stream: the same ids already at the expected place answer success.
    const startAt = expected === NO_STREAM ? 0 : typeof expected === 'bigint' ? Number(expected) + 1 : -1;
    if (startAt >= 0 && startAt < existing.length) {
      const there = existing.slice(startAt, startAt + list.length);
      if (there.length === list.length && there.every((e, i) => e.id === list[i]!.id)) {
        const last = there.at(-1)!;
        return Promise.resolve({ success: true, nextExpectedRevision: last.revision, position: { commit: last.position, prepare: last.position } });
      }
    }
    const ok =
      expected === ANY ||
      (expected === NO_STREAM && existing.length === 0) ||
      (expected === STREAM_EXISTS && existing.length > 0) ||
      (typeof expected === 'bigint' && expected === current);
    if (!ok) {
      if (!this.throwOnAppendFailure) return Promise.resolve({ success: false, nextExpectedRevision: current, position: undefined });
      return Promise.reject(new WrongExpectedVersionError(undefined, { streamName: stream, expected, current: existing.length === 0 ? NO_STREAM : current }));
    }
    for (const proposed of list) {
      const stored: Stored = {
        streamId: stream,
        id: proposed.id ?? '',
        type: proposed.type,
        data: proposed.data,
        metadata: proposed.metadata,
        revision: BigInt(existing.length),
        position: (this.nextPosition += 10n),
      };
      existing.push(stored);
      this.all.push(stored);
    }
    this.streams.set(stream, existing);
    const last = existing.at(-1)!;
    return Promise.resolve({ success: true, nextExpectedRevision: last.revision, position: { commit: last.position, prepare: last.position } });
  };

  readStream = (stream: string, options: { direction?: unknown; fromRevision?: unknown; maxCount?: bigint } = {}) => {
    const events = this.streams.get(stream);
    if (!events) return readable([], new StreamNotFoundError(undefined, stream));
    const backwards = options.direction === BACKWARDS;
    let list = backwards ? [...events].reverse() : events;
    if (typeof options.fromRevision === 'bigint') {
      const from = options.fromRevision;
      list = list.filter((e) => (backwards ? e.revision <= from : e.revision >= from));
    }
    return readable(list.slice(0, Number(options.maxCount ?? 1_000_000n)).map(resolved));
  };

  readAll = (options: { fromPosition?: unknown; direction?: unknown; maxCount?: number | bigint } = {}) => {
    const backwards = options.direction === BACKWARDS;
    let list = backwards ? [...this.all].reverse() : this.all;
    const from = options.fromPosition;
    if (from !== undefined && from !== END && typeof from === 'object' && from !== null) {
      const commit = (from as { commit: bigint }).commit;
      list = list.filter((e) => e.position >= commit);
    }
    return readable(list.slice(0, Number(options.maxCount ?? 1_000_000)).map(resolved));
  };

  /** Every call opens a new subscription the test feeds with deliver()/drop(). */
  subscribeToAll = (options: { fromPosition?: unknown } = {}) => {
    const subscription = new Readable({ objectMode: true, read() {} }) as FakeSubscription;
    subscription.fromPosition = options.fromPosition;
    subscription.unsubscribe = () => {
      subscription.push(null);
      return Promise.resolve();
    };
    this.subscriptions.push(subscription);
    queueMicrotask(() => subscription.emit('confirmation'));
    return subscription;
  };

  dispose = () => Promise.resolve();

  /** Pushes every stored event after `afterPosition` into a subscription (as the server's catch-up would). */
  deliver(subscription: FakeSubscription, afterPosition = -1n): void {
    for (const e of this.all) if (e.position > afterPosition) subscription.push(resolved(e));
  }

  asClient(): EsdbClient {
    return this as unknown as EsdbClient;
  }
}

function storeOn(fake: FakeEsdbClient): EventStoreDbEventStore {
  // A generous call bound: nothing here expects a timeout, and a loaded machine must not cause one.
  return new EventStoreDbEventStore({ client: fake.asClient(), timeoutMs: 60_000, reconnect: { initialMs: 10, maxMs: 50 } });
}

async function rejection(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('EventStoreDbEventStore (against a stand-in client)', () => {
  it('refuses an event id already written to another stream, alone or in a batch, and writes nothing', async () => {
    const fake = new FakeEsdbClient();
    const store = storeOn(fake);
    const shared = conformanceEvent('Shared');
    const first = await store.append('agent-1', [shared], 'no_stream');

    const alone = await rejection(store.append('agent-2', [shared], 'no_stream'));
    expect(alone).toBeInstanceOf(WrongExpectedRevisionError);
    expect(alone).toMatchObject({ streamName: 'agent-2', expected: 'no_stream', actual: 'no_stream' });

    await store.append('agent-3', [conformanceEvent('Opened')], 'no_stream');
    const inBatch = await rejection(store.append('agent-3', [conformanceEvent('Fresh'), shared], 'any'));
    expect(inBatch).toMatchObject({ streamName: 'agent-3', expected: 'any', actual: 0n });

    expect(fake.streams.has('agent-2')).toBe(false);
    expect(fake.streams.get('agent-3')).toHaveLength(1);
    // The retry into its own stream answers the original result.
    expect(await store.append('agent-1', [shared], 'no_stream')).toEqual(first);
    expect(fake.streams.get('agent-1')).toHaveLength(1);
    await store.close();
  });

  it('never delivers its event-id claims and refuses appends to their streams', async () => {
    const fake = new FakeEsdbClient();
    const store = storeOn(fake);
    await store.append('agent-1', [conformanceEvent('Created'), conformanceEvent('Named')], 'no_stream');
    expect([...fake.streams.keys()].filter((s) => s.startsWith(EVENT_ID_CLAIM_PREFIX))).toHaveLength(2);
    expect((await store.readAll()).map((e) => e.streamName)).toEqual(['agent-1', 'agent-1']);
    await expect(store.append(`${EVENT_ID_CLAIM_PREFIX}x`, [conformanceEvent('Sneaky')], 'any')).rejects.toBeInstanceOf(InvalidAppendError);
    await store.close();
  });

  it('checks the append result: success false (throwOnAppendFailure=false) is a typed conflict, not a write', async () => {
    const fake = new FakeEsdbClient();
    fake.throwOnAppendFailure = false;
    const store = storeOn(fake);
    await store.append('job-1', [conformanceEvent('Queued')], 'no_stream');
    const conflict = await rejection(store.append('job-1', [conformanceEvent('Queued')], 'no_stream'));
    expect(conflict).toBeInstanceOf(WrongExpectedRevisionError);
    expect(conflict).toMatchObject({ streamName: 'job-1', expected: 'no_stream', actual: 0n });
    const missing = await rejection(store.append('job-2', [conformanceEvent('Started')], 3n));
    expect(missing).toMatchObject({ streamName: 'job-2', expected: 3n, actual: 'no_stream' });
    expect(fake.streams.get('job-1')).toHaveLength(1);
    await store.close();
  });

  it('maps an append over the server\'s maximum size to EventBatchTooLargeError; smaller appends of the same events then go in', async () => {
    const fake = new FakeEsdbClient();
    const store = storeOn(fake);
    const events = [conformanceEvent('Big', { part: 1 }), conformanceEvent('Big', { part: 2 })];
    fake.failNextAppend = MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576);
    const error = await rejection(store.append('agent-9', events, 'no_stream'));
    expect(error).toBeInstanceOf(EventBatchTooLargeError);
    expect(error).toMatchObject({ code: 'EVENT_BATCH_TOO_LARGE', streamName: 'agent-9', eventCount: 2, maxBytes: 1_048_576 });
    expect((error as Error).cause).toBeInstanceOf(MaxAppendSizeExceededError);
    await store.append('agent-9', [events[0]!], 'no_stream');
    await store.append('agent-9', [events[1]!], 0n);
    expect(fake.streams.get('agent-9')).toHaveLength(2);
    await store.close();
  });

  it.each([
    ['INTERNAL', 13, 'Received RST_STREAM with code 2 triggered by internal client error'],
    ['UNKNOWN', 2, 'Unknown error'],
  ])('resumes a subscription dropped with gRPC %s from the last delivered position, without repeats', async (_name, code, message) => {
    const fake = new FakeEsdbClient();
    const store = storeOn(fake);
    await store.append('agent-1', [conformanceEvent('A'), conformanceEvent('B')], 'no_stream');
    const subscription = store.subscribeToAll({ from: 'start' });
    const iterator = subscription[Symbol.asyncIterator]();
    const firstNext = iterator.next();
    await waitFor(() => fake.subscriptions.length === 1);
    fake.deliver(fake.subscriptions[0]!);
    const first = await firstNext;
    const [second] = await takeEvents({ [Symbol.asyncIterator]: () => iterator, close: () => subscription.close() }, 1, 60_000);
    expect([first.value as RecordedEvent, second].map((e) => e?.type)).toEqual(['A', 'B']);

    fake.subscriptions[0]!.destroy(Object.assign(new Error(`${code} ${_name}: ${message}`), { code }));
    await store.append('agent-1', [conformanceEvent('C')], 1n);
    const third = iterator.next();
    await waitFor(() => fake.subscriptions.length === 2);
    const resumed = fake.subscriptions[1]!;
    expect(resumed.fromPosition).toEqual({ commit: second!.position, prepare: second!.position });
    // The server replays from the position inclusively: B again, then C. Only C comes out.
    fake.deliver(resumed, second!.position - 1n);
    expect(((await third).value as RecordedEvent).type).toBe('C');
    await subscription.close();
    await store.close();
  });

  it('ends the subscription with the error when the drop is not a transient one (access denied)', async () => {
    const fake = new FakeEsdbClient();
    const store = storeOn(fake);
    const subscription = store.subscribeToAll({ from: 'start' });
    const next = subscription[Symbol.asyncIterator]().next();
    await waitFor(() => fake.subscriptions.length === 1);
    fake.subscriptions[0]!.destroy(new AccessDeniedError());
    await expect(next).rejects.toBeInstanceOf(AccessDeniedError);
    expect(fake.subscriptions).toHaveLength(1);
    await store.close();
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
