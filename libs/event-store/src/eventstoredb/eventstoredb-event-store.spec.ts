import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  DeadlineExceededError,
  StreamDeletedError,
  UnavailableError,
  WrongExpectedVersionError,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../event-store.port.js';
import { conformanceEvent } from '../conformance/event-store.conformance.js';
import { EventStoreDbEventStore, toRecordedEvent } from './eventstoredb-event-store.js';
import { mapEsdbError, toEsdbEventId, toEsdbExpectedRevision, toEsdbFilter } from './eventstoredb-mapping.js';
import { startSilentPeer } from '@backforge/testing';

describe('EventStoreDB mapping', () => {
  it('maps expected revisions to the client constants', () => {
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('stream_exists')).toBe(STREAM_EXISTS);
    expect(toEsdbExpectedRevision(7n)).toBe(7n);
  });

  it('turns wrong-expected-version into our typed conflict, with the actual revision', () => {
    const atRevision = mapEsdbError(new WrongExpectedVersionError(undefined, { streamName: 'agent-1', expected: 3n, current: 5n }), 'append', 3n);
    expect(atRevision).toBeInstanceOf(WrongExpectedRevisionError);
    expect(atRevision).toMatchObject({ streamName: 'agent-1', expected: 3n, actual: 5n, code: 'WRONG_EXPECTED_REVISION' });

    const missing = mapEsdbError(new WrongExpectedVersionError(undefined, { streamName: 'agent-2', expected: STREAM_EXISTS, current: NO_STREAM }), 'append');
    expect(missing).toMatchObject({ streamName: 'agent-2', expected: 'stream_exists', actual: 'no_stream' });
  });

  it('turns unreachable and too-slow into EventStoreUnavailableError, keeping the cause', () => {
    for (const error of [new UnavailableError(), new DeadlineExceededError()]) {
      const mapped = mapEsdbError(error, 'append');
      expect(mapped).toBeInstanceOf(EventStoreUnavailableError);
      expect(mapped.cause).toBe(error);
    }
    const grpc = Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 });
    expect(mapEsdbError(grpc, 'read')).toBeInstanceOf(EventStoreUnavailableError);
    const deadline = Object.assign(new Error('4 DEADLINE_EXCEEDED'), { code: 4 });
    expect(mapEsdbError(deadline, 'read')).toBeInstanceOf(EventStoreUnavailableError);
  });

  it('passes other errors through unchanged', () => {
    const deleted = StreamDeletedError.fromStreamName('gone');
    expect(mapEsdbError(deleted, 'append')).toBe(deleted);
    const plain = new TypeError('bug');
    expect(mapEsdbError(plain, 'append')).toBe(plain);
    const ours = new WrongExpectedRevisionError('s', 1n, 2n);
    expect(mapEsdbError(ours, 'append')).toBe(ours);
  });

  it('keeps UUID event ids and maps other ids to a stable name-based UUID', () => {
    expect(toEsdbEventId('5F0C9C1E-1B7A-4B4E-9D3A-1A2B3C4D5E6F')).toBe('5f0c9c1e-1b7a-4b4e-9d3a-1a2b3c4d5e6f');
    const mapped = toEsdbEventId('order-42:created');
    expect(mapped).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(toEsdbEventId('order-42:created')).toBe(mapped);
    expect(toEsdbEventId('order-43:created')).not.toBe(mapped);
  });

  it('builds the server-side filter: stream prefixes first, else an exact event-type regex, else no system events', () => {
    expect(toEsdbFilter({ streamPrefixes: ['agent-', 'job-'], eventTypes: ['X'] })).toMatchObject({ filterOn: 'streamName', prefixes: ['agent-', 'job-'] });
    const byType = toEsdbFilter({ eventTypes: ['AgentCreated', 'Odd.Type'] });
    expect(byType).toMatchObject({ filterOn: 'eventType' });
    const regex = new RegExp((byType as { regex: string }).regex);
    expect(regex.test('AgentCreated')).toBe(true);
    expect(regex.test('Odd.Type')).toBe(true);
    expect(regex.test('OddxType')).toBe(false);
    expect(regex.test('AgentCreatedV2')).toBe(false);
    const none = toEsdbFilter({});
    expect(none).toMatchObject({ filterOn: 'eventType' });
    const noSystem = new RegExp((none as { regex: string }).regex);
    expect(noSystem.test('$metadata')).toBe(false);
    expect(noSystem.test('AgentCreated')).toBe(true);
  });

  it('maps a recorded event, preferring the commit position and keeping our metadata', () => {
    const ours = conformanceEvent('AgentCreated', { name: 'x' });
    const created = new Date('2026-01-02T03:04:05.678Z');
    const event = {
      streamId: 'agent-1',
      id: '5f0c9c1e-1b7a-4b4e-9d3a-1a2b3c4d5e6f',
      isJson: true,
      revision: 4n,
      type: 'AgentCreated',
      created,
      data: { name: 'x' },
      metadata: ours.metadata,
      position: { commit: 1234n, prepare: 1234n },
    } as unknown as EsdbRecordedEvent;
    expect(toRecordedEvent(event)).toEqual({
      streamName: 'agent-1',
      type: 'AgentCreated',
      data: { name: 'x' },
      metadata: ours.metadata,
      revision: 4n,
      position: 1234n,
      recordedAt: '2026-01-02T03:04:05.678Z',
    });
    const fromIndex = { ...event, position: { commit: 2n ** 64n - 1n, prepare: 99n } } as unknown as EsdbRecordedEvent;
    expect(toRecordedEvent(fromIndex).position).toBe(99n);
  });
});

async function timed(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  try {
    await work();
    return { error: undefined, ms: Date.now() - started };
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
}

describe('EventStoreDbEventStore against a peer that accepts TCP and never answers', () => {
  const timeoutMs = 300;
  let peer: Awaited<ReturnType<typeof startSilentPeer>>;
  let store: EventStoreDbEventStore;

  beforeAll(async () => {
    peer = await startSilentPeer();
    store = new EventStoreDbEventStore({ connectionString: `esdb://127.0.0.1:${peer.port}?tls=false`, timeoutMs });
  });

  afterAll(async () => {
    await store.close();
    await peer.close();
  });

  const calls: Array<[string, () => Promise<unknown>]> = [
    ['append', () => store.append('agent-1', [conformanceEvent('AgentCreated')], 'no_stream')],
    ['readStream', () => store.readStream('agent-1')],
    ['readAll', () => store.readAll({ maxCount: 10 })],
    ['ping', () => store.ping()],
  ];

  it.each(calls)('%s fails with EventStoreUnavailableError after its own timeout', async (_name, call) => {
    const { error, ms } = await timed(call);
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect((error as Error).message).toMatch(/no answer within 300 ms/);
    // The message names the configured bound; the clock only shows it waited that long and did not hang
    // (a wide upper limit: a loaded machine can stretch 300 ms by seconds).
    expect(ms).toBeGreaterThanOrEqual(timeoutMs - 20);
    expect(ms).toBeLessThan(30_000);
    // The client did reach the silent peer (on a loaded machine its connect may land after the timeout).
    const deadline = Date.now() + 60_000;
    while (peer.accepted() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(peer.accepted()).toBeGreaterThan(0);
  });

  it('a subscription that is never confirmed keeps retrying without delivering, and close() ends it', async () => {
    const subscription = store.subscribeToAll({ from: 'start' });
    const next = subscription[Symbol.asyncIterator]().next();
    const quiet = await Promise.race([next.then(() => 'delivered'), new Promise((r) => setTimeout(() => r('quiet'), 1000))]);
    expect(quiet).toBe('quiet');
    await subscription.close();
    await expect(next).resolves.toEqual({ value: undefined, done: true });
  });

  it('close() ends an unconfirmed subscription at once, not after its wait to retry', async () => {
    // Retries wait 60-120 s here, so 'at once' can have a wide margin on a loaded machine.
    const patient = new EventStoreDbEventStore({ connectionString: `esdb://127.0.0.1:${peer.port}?tls=false`, timeoutMs, reconnect: { initialMs: 120_000, maxMs: 120_000 } });
    try {
      const subscription = patient.subscribeToAll({ from: 'start' });
      const next = subscription[Symbol.asyncIterator]().next();
      const quiet = await Promise.race([next.then(() => 'delivered'), new Promise((r) => setTimeout(() => r('quiet'), 1000))]);
      expect(quiet).toBe('quiet');
      const started = Date.now();
      await subscription.close();
      await expect(next).resolves.toEqual({ value: undefined, done: true });
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await patient.close();
    }
  });
});

describe('EventStoreDbEventStore with nothing listening', () => {
  it('fails fast with EventStoreUnavailableError', async () => {
    const peer = await startSilentPeer();
    const port = peer.port;
    await peer.close();
    // A 120 s call bound, so 'at once, not after the timeout' keeps a wide margin on a loaded machine.
    const store = new EventStoreDbEventStore({ connectionString: `esdb://127.0.0.1:${port}?tls=false`, timeoutMs: 120_000 });
    try {
      const { error, ms } = await timed(() => store.append('agent-1', [conformanceEvent('AgentCreated')], 'any'));
      expect(error).toBeInstanceOf(EventStoreUnavailableError);
      expect(ms).toBeLessThan(30_000);
    } finally {
      await store.close();
    }
  });
});
