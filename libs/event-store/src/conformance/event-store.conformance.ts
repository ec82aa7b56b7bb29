import { randomUUID } from 'node:crypto';
import type { JsonObject } from '@backforge/contracts';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from '../event-store.port.js';

/**
 * The contract every EventStore adapter must honour, as a jest suite. An adapter's own
 * `*.int.spec.ts` calls it with a factory for a store connected to a real server:
 *
 *   runEventStoreConformance('PostgresEventStore', async () => ({ store, dispose }));
 *
 * Every test writes to streams under its own random prefix and filters by it, so the suite also
 * runs against a server holding other data (an EventStoreDB shared by several runs).
 */
export interface ConformanceHarness {
  store: EventStore;
  /** Closes the store and removes what the factory created. */
  dispose(): Promise<void>;
}

export interface ConformanceOptions {
  /** The many-writers case: writers x events each; default 20 x 500. */
  writers?: number;
  eventsPerWriter?: number;
  /** How long one subscription may take to deliver what the test waits for; default 30 s. */
  deliveryTimeoutMs?: number;
}

export function conformanceEvent(type: string, data: JsonObject = {}, eventId: string = randomUUID()): NewEvent {
  return {
    type,
    data,
    metadata: {
      eventId,
      correlationId: randomUUID(),
      causationId: randomUUID(),
      workspaceId: 'conformance',
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

function uniquePrefix(label: string): string {
  return `cf${randomUUID().replace(/-/g, '').slice(0, 10)}-${label}-`;
}

/** Reads `count` events from a subscription, failing after `timeoutMs` with what arrived so far. */
export async function takeEvents(subscription: Subscription, count: number, timeoutMs: number): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  if (count === 0) return out;
  const iterator = subscription[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`subscription delivered ${out.length} of ${count} events within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    while (out.length < count) {
      const next = await Promise.race([iterator.next(), timeout]);
      if (next.done) throw new Error(`subscription ended after ${out.length} of ${count} events`);
      out.push(next.value);
    }
    return out;
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves with the next event, or undefined if none arrives within `ms`. Leaves the iterator usable. */
async function nextWithin(iterator: AsyncIterator<RecordedEvent>, pending: { next?: Promise<IteratorResult<RecordedEvent>> }, ms: number): Promise<RecordedEvent | undefined> {
  pending.next ??= iterator.next();
  let timer: NodeJS.Timeout | undefined;
  const quiet = new Promise<'quiet'>((resolve) => (timer = setTimeout(() => resolve('quiet'), ms)));
  const result = await Promise.race([pending.next, quiet]);
  clearTimeout(timer);
  if (result === 'quiet') return undefined;
  pending.next = undefined;
  return result.done ? undefined : result.value;
}

async function expectConflict(work: Promise<unknown>, actual: bigint | 'no_stream'): Promise<WrongExpectedRevisionError> {
  let caught: unknown;
  try {
    await work;
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(WrongExpectedRevisionError);
  const conflict = caught as WrongExpectedRevisionError;
  expect(conflict.code).toBe('WRONG_EXPECTED_REVISION');
  expect(conflict.actual).toEqual(actual);
  return conflict;
}

function ids(events: RecordedEvent[]): string[] {
  return events.map((e) => e.metadata.eventId);
}

export function runEventStoreConformance(name: string, factory: () => Promise<ConformanceHarness>, options: ConformanceOptions = {}): void {
  const writers = options.writers ?? 20;
  const perWriter = options.eventsPerWriter ?? 500;
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? 30_000;

  describe(`EventStore conformance: ${name}`, () => {
    let harness: ConformanceHarness;
    let store: EventStore;

    beforeAll(async () => {
      harness = await factory();
      store = harness.store;
    });

    afterAll(async () => {
      await harness?.dispose();
    });

    describe('expected revision', () => {
      it('no_stream creates a stream once and then conflicts with the actual revision', async () => {
        const stream = `${uniquePrefix('rev')}a`;
        const first = await store.append(stream, [conformanceEvent('Created')], 'no_stream');
        expect(first.nextExpectedRevision).toBe(0n);
        const conflict = await expectConflict(store.append(stream, [conformanceEvent('Created')], 'no_stream'), 0n);
        expect(conflict.streamName).toBe(stream);
        expect(conflict.expected).toBe('no_stream');
      });

      it('an exact revision passes only when it is the last revision', async () => {
        const stream = `${uniquePrefix('rev')}b`;
        await expectConflict(store.append(stream, [conformanceEvent('A')], 0n), 'no_stream');
        await store.append(stream, [conformanceEvent('A')], 'no_stream');
        const second = await store.append(stream, [conformanceEvent('B'), conformanceEvent('C')], 0n);
        expect(second.nextExpectedRevision).toBe(2n);
        await expectConflict(store.append(stream, [conformanceEvent('D')], 0n), 2n);
        await expectConflict(store.append(stream, [conformanceEvent('D')], 3n), 2n);
        const third = await store.append(stream, [conformanceEvent('D')], 2n);
        expect(third.nextExpectedRevision).toBe(3n);
      });

      it('stream_exists needs the stream; any never checks', async () => {
        const stream = `${uniquePrefix('rev')}c`;
        await expectConflict(store.append(stream, [conformanceEvent('A')], 'stream_exists'), 'no_stream');
        const created = await store.append(stream, [conformanceEvent('A')], 'any');
        expect(created.nextExpectedRevision).toBe(0n);
        const existing = await store.append(stream, [conformanceEvent('B')], 'stream_exists');
        expect(existing.nextExpectedRevision).toBe(1n);
        const anyway = await store.append(stream, [conformanceEvent('C')], 'any');
        expect(anyway.nextExpectedRevision).toBe(2n);
        const events = await store.readStream(stream);
        expect(events.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      });

      it('a failed append writes nothing', async () => {
        const stream = `${uniquePrefix('rev')}d`;
        await store.append(stream, [conformanceEvent('A')], 'no_stream');
        await expectConflict(store.append(stream, [conformanceEvent('B'), conformanceEvent('C')], 5n), 0n);
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A']);
      });
    });

    describe('concurrency', () => {
      it('two writers racing on one revision: exactly one wins, the other gets a typed conflict', async () => {
        const stream = `${uniquePrefix('race')}s`;
        await store.append(stream, [conformanceEvent('Opened')], 'no_stream');
        for (let round = 0; round < 5; round += 1) {
          const expected = BigInt(round);
          const results = await Promise.allSettled([
            store.append(stream, [conformanceEvent('Left', { round })], expected),
            store.append(stream, [conformanceEvent('Right', { round })], expected),
          ]);
          const won = results.filter((r) => r.status === 'fulfilled');
          const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
          expect(won).toHaveLength(1);
          expect(lost).toHaveLength(1);
          expect(lost[0]?.reason).toBeInstanceOf(WrongExpectedRevisionError);
          expect((lost[0]?.reason as WrongExpectedRevisionError).actual).toBe(expected + 1n);
        }
        const events = await store.readStream(stream);
        expect(events).toHaveLength(6);
        expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n, 5n]);
      });

      it('racing creators with no_stream: exactly one creates the stream', async () => {
        const stream = `${uniquePrefix('race')}new`;
        const results = await Promise.allSettled(
          Array.from({ length: 4 }, (_, i) => store.append(stream, [conformanceEvent('Created', { writer: i })], 'no_stream')),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('idempotency', () => {
      it('a retry of the same events at the same expected revision returns the original result and writes nothing', async () => {
        const stream = `${uniquePrefix('idem')}s`;
        const batch = [conformanceEvent('A'), conformanceEvent('B')];
        const first = await store.append(stream, batch, 'no_stream');
        const retry = await store.append(stream, batch, 'no_stream');
        expect(retry).toEqual(first);

        const next = [conformanceEvent('C')];
        const third = await store.append(stream, next, 1n);
        await store.append(stream, [conformanceEvent('D')], 2n);
        // The stream moved on since; the retry of the append at revision 1 still answers its own result.
        expect(await store.append(stream, next, 1n)).toEqual(third);
        const events = await store.readStream(stream);
        expect(events.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
      });

      it('a retry with expected revision any is also idempotent', async () => {
        const stream = `${uniquePrefix('idem')}any`;
        await store.append(stream, [conformanceEvent('A')], 'any');
        const batch = [conformanceEvent('B'), conformanceEvent('C')];
        const first = await store.append(stream, batch, 'any');
        expect(await store.append(stream, batch, 'any')).toEqual(first);
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it('an event id already written to another stream is refused, alone or inside a batch, and nothing is written', async () => {
        const prefix = uniquePrefix('ids');
        const shared = conformanceEvent('Shared');
        const first = await store.append(`${prefix}a`, [shared], 'no_stream');
        const conflict = await expectConflict(store.append(`${prefix}b`, [shared], 'no_stream'), 'no_stream');
        expect(conflict.streamName).toBe(`${prefix}b`);

        const opened = conformanceEvent('Opened');
        await store.append(`${prefix}c`, [opened], 'no_stream');
        await expectConflict(store.append(`${prefix}c`, [conformanceEvent('Fresh'), shared], 'any'), 0n);

        expect(await store.readStream(`${prefix}b`)).toEqual([]);
        expect(ids(await store.readStream(`${prefix}c`))).toEqual([opened.metadata.eventId]);
        expect(ids(await store.readAll({ filter: { streamPrefixes: [prefix] } }))).toEqual([shared.metadata.eventId, opened.metadata.eventId]);
        // Its own stream still takes the retry.
        expect(await store.append(`${prefix}a`, [shared], 'no_stream')).toEqual(first);
      });
    });

    describe('reading', () => {
      it('reads a stream forwards and backwards, from a revision, with a count', async () => {
        const stream = `${uniquePrefix('read')}s`;
        const batch = Array.from({ length: 5 }, (_, i) => conformanceEvent(`E${i}`, { i }));
        const result = await store.append(stream, batch, 'no_stream');
        expect(result.nextExpectedRevision).toBe(4n);

        const forwards = await store.readStream(stream);
        expect(forwards.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
        expect(ids(forwards)).toEqual(batch.map((e) => e.metadata.eventId));
        expect(forwards[2]?.data).toEqual({ i: 2 });
        expect(forwards[2]?.metadata).toEqual(batch[2]?.metadata);
        expect(forwards.every((e) => e.streamName === stream)).toBe(true);
        expect(Number.isNaN(Date.parse(forwards[0]?.recordedAt ?? ''))).toBe(false);
        expect(forwards.at(-1)?.position).toBe(result.position);

        const backwards = await store.readStream(stream, { direction: 'backwards' });
        expect(backwards.map((e) => e.revision)).toEqual([4n, 3n, 2n, 1n, 0n]);
        expect((await store.readStream(stream, { fromRevision: 2n, maxCount: 2 })).map((e) => e.revision)).toEqual([2n, 3n]);
        expect((await store.readStream(stream, { direction: 'backwards', fromRevision: 3n, maxCount: 2 })).map((e) => e.revision)).toEqual([3n, 2n]);
        expect(await store.readStream(`${stream}-missing`)).toEqual([]);
      });

      it('reads all in one global order, after a position, filtered by stream prefix and event type', async () => {
        const prefix = uniquePrefix('all');
        const appended: string[] = [];
        for (let i = 0; i < 6; i += 1) {
          const event = conformanceEvent(i % 2 === 0 ? 'Even' : 'Odd', { i });
          appended.push(event.metadata.eventId);
          await store.append(`${prefix}${i % 3}`, [event], 'any');
        }
        const all = await store.readAll({ filter: { streamPrefixes: [prefix] } });
        expect(ids(all)).toEqual(appended);
        for (let i = 1; i < all.length; i += 1) expect(all[i]!.position > all[i - 1]!.position).toBe(true);

        const after = await store.readAll({ after: all[2]!.position, filter: { streamPrefixes: [prefix] } });
        expect(ids(after)).toEqual(appended.slice(3));
        const two = await store.readAll({ after: all[0]!.position, maxCount: 2, filter: { streamPrefixes: [prefix] } });
        expect(ids(two)).toEqual(appended.slice(1, 3));

        const evens = await store.readAll({ filter: { streamPrefixes: [prefix], eventTypes: ['Even'] } });
        expect(evens.map((e) => (e.data as { i: number }).i)).toEqual([0, 2, 4]);
        const oneStream = await store.readAll({ filter: { streamPrefixes: [`${prefix}1`] } });
        expect(oneStream.map((e) => (e.data as { i: number }).i)).toEqual([1, 4]);
      });

      it('positions grow with append order across streams and within a batch', async () => {
        const prefix = uniquePrefix('pos');
        const a = await store.append(`${prefix}a`, [conformanceEvent('X'), conformanceEvent('Y')], 'no_stream');
        const b = await store.append(`${prefix}b`, [conformanceEvent('Z')], 'no_stream');
        expect(b.position > a.position).toBe(true);
        const all = await store.readAll({ filter: { streamPrefixes: [prefix] } });
        expect(all.map((e) => e.type)).toEqual(['X', 'Y', 'Z']);
        expect(all[0]!.position < all[1]!.position).toBe(true);
        expect(all[1]!.position).toBe(a.position);
      });
    });

    describe('subscriptions', () => {
      it('catches up from the start, then delivers live events', async () => {
        const prefix = uniquePrefix('sub');
        await store.append(`${prefix}1`, [conformanceEvent('A'), conformanceEvent('B')], 'no_stream');
        await store.append(`${prefix}2`, [conformanceEvent('C')], 'no_stream');
        const subscription = store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } });
        try {
          const caughtUp = await takeEvents(subscription, 3, deliveryTimeoutMs);
          expect(caughtUp.map((e) => e.type)).toEqual(['A', 'B', 'C']);
          const live = store.append(`${prefix}1`, [conformanceEvent('D')], 1n);
          const [d] = await takeEvents(subscription, 1, deliveryTimeoutMs);
          expect(d?.type).toBe('D');
          expect(d?.position).toBe((await live).position);
          expect(d!.position > caughtUp[2]!.position).toBe(true);
        } finally {
          await subscription.close();
        }
      });

      it('resumes after a checkpoint without repeating or losing events', async () => {
        const prefix = uniquePrefix('resume');
        for (let i = 0; i < 5; i += 1) await store.append(`${prefix}s`, [conformanceEvent(`E${i}`)], i === 0 ? 'no_stream' : BigInt(i - 1));
        const first = store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } });
        const seen = await takeEvents(first, 3, deliveryTimeoutMs);
        await first.close();
        const checkpoint = seen[2]!.position;

        await store.append(`${prefix}s`, [conformanceEvent('E5')], 4n);
        const resumed = store.subscribeToAll({ from: checkpoint, filter: { streamPrefixes: [prefix] } });
        try {
          const rest = await takeEvents(resumed, 3, deliveryTimeoutMs);
          expect(rest.map((e) => e.type)).toEqual(['E3', 'E4', 'E5']);
        } finally {
          await resumed.close();
        }
        const viaRead = await store.readAll({ after: checkpoint, filter: { streamPrefixes: [prefix] } });
        expect(viaRead.map((e) => e.type)).toEqual(['E3', 'E4', 'E5']);
      });

      it('from end delivers only events appended after subscribing', async () => {
        const prefix = uniquePrefix('end');
        await store.append(`${prefix}s`, [conformanceEvent('Old')], 'no_stream');
        const subscription = store.subscribeToAll({ from: 'end', filter: { streamPrefixes: [prefix] } });
        const iterator = subscription[Symbol.asyncIterator]();
        const pending: { next?: Promise<IteratorResult<RecordedEvent>> } = {};
        try {
          // Give the subscription time to settle on its starting point before the new append.
          expect(await nextWithin(iterator, pending, 300)).toBeUndefined();
          await store.append(`${prefix}s`, [conformanceEvent('New')], 0n);
          const next = await nextWithin(iterator, pending, deliveryTimeoutMs);
          expect(next?.type).toBe('New');
        } finally {
          await subscription.close();
        }
      });

      it('filters by event type', async () => {
        const prefix = uniquePrefix('types');
        const subscription = store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix], eventTypes: ['Wanted', 'AlsoWanted'] } });
        try {
          await store.append(`${prefix}a`, [conformanceEvent('Unwanted'), conformanceEvent('Wanted', { n: 1 })], 'no_stream');
          await store.append(`${prefix}b`, [conformanceEvent('AlsoWanted', { n: 2 }), conformanceEvent('Unwanted')], 'no_stream');
          await store.append(`${prefix}c`, [conformanceEvent('Wanted', { n: 3 })], 'no_stream');
          const got = await takeEvents(subscription, 3, deliveryTimeoutMs);
          expect(got.map((e) => [e.type, (e.data as { n: number }).n])).toEqual([
            ['Wanted', 1],
            ['AlsoWanted', 2],
            ['Wanted', 3],
          ]);
        } finally {
          await subscription.close();
        }
      });

      it('close() ends a for-await loop that is waiting for events', async () => {
        const prefix = uniquePrefix('close');
        await store.append(`${prefix}s`, [conformanceEvent('Only')], 'no_stream');
        const subscription = store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } });
        const received: string[] = [];
        const loop = (async () => {
          for await (const event of subscription) received.push(event.type);
        })();
        const deadline = Date.now() + deliveryTimeoutMs;
        while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        await subscription.close();
        await loop;
        expect(received).toEqual(['Only']);
      });

      it(`${writers} concurrent writers x ${perWriter} single-event appends: one subscriber sees every event exactly once, in order`, async () => {
        const prefix = uniquePrefix('load');
        const total = writers * perWriter;
        const subscription = store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } });
        const received: RecordedEvent[] = [];
        const consumer = (async () => {
          for await (const event of subscription) {
            received.push(event);
            if (received.length === total) break;
          }
        })();
        const started = Date.now();
        const appendResults = await Promise.all(
          Array.from({ length: writers }, async (_, w) => {
            const positions: bigint[] = [];
            for (let i = 0; i < perWriter; i += 1) {
              // One event per append, at the exact revision: the hardest case for ordering.
              const result = await store.append(`${prefix}w${w}`, [conformanceEvent('Tick', { w, i })], i === 0 ? 'no_stream' : BigInt(i - 1));
              positions.push(result.position);
            }
            return positions;
          }),
        );
        const appendMs = Date.now() - started;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          consumer,
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`subscriber saw ${received.length} of ${total} events`)), deliveryTimeoutMs);
          }),
        ]);
        clearTimeout(timer);
        await subscription.close();
        const deliveredMs = Date.now() - started;
        process.stderr.write(`[conformance ${name}] ${writers}x${perWriter} appends in ${appendMs} ms, all delivered after ${deliveredMs} ms\n`);

        expect(received).toHaveLength(total);
        expect(new Set(ids(received)).size).toBe(total);
        for (let i = 1; i < received.length; i += 1) expect(received[i]!.position > received[i - 1]!.position).toBe(true);
        const nextPerWriter = new Map<string, number>();
        for (const event of received) {
          const { w, i } = event.data as { w: number; i: number };
          const expectedIndex = nextPerWriter.get(String(w)) ?? 0;
          expect(i).toBe(expectedIndex);
          expect(event.revision).toBe(BigInt(i));
          nextPerWriter.set(String(w), expectedIndex + 1);
        }
        const appendedPositions = new Set(appendResults.flat());
        expect(appendedPositions.size).toBe(total);
        for (const event of received) expect(appendedPositions.has(event.position)).toBe(true);
      }, 120_000);
    });
  });
}
