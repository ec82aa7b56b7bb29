import { EventStoreUnavailableError } from '../event-store.port.js';
import { conformanceEvent } from '../conformance/event-store.conformance.js';
import { isTransientPgError, mapPgError } from './postgres-errors.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { assertSchemaName, schemaStatements } from './postgres-schema.js';
import { startSilentPeer } from '@backforge/testing';

describe('PostgreSQL error mapping', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('treats lost connections, shutdowns, timeouts and socket errors as unavailable', () => {
    for (const error of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('08006'),
      pgError('57014', 'canceling statement due to statement timeout'),
      pgError('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
    ]) {
      expect(isTransientPgError(error)).toBe(true);
      const mapped = mapPgError(error, 'event store append');
      expect(mapped).toBeInstanceOf(EventStoreUnavailableError);
      expect(mapped.cause).toBe(error);
    }
  });

  it('passes real errors through unchanged', () => {
    for (const error of [pgError('42P01', 'relation "x.events" does not exist'), pgError('23505'), pgError('BF403'), new TypeError('bug')]) {
      expect(isTransientPgError(error)).toBe(false);
      expect(mapPgError(error, 'x')).toBe(error);
    }
  });
});

describe('PostgreSQL schema', () => {
  it('accepts only plain lower-case schema names (they are spliced into DDL)', () => {
    expect(() => assertSchemaName('event_store')).not.toThrow();
    for (const bad of ['Events', 'a-b', 'x"; DROP TABLE y; --', '', '1abc', 'a'.repeat(42)]) expect(() => assertSchemaName(bad)).toThrow();
    expect(() => schemaStatements('bad name')).toThrow();
  });

  it('positions events by transaction id and index, and notifies outside the append transaction', () => {
    const append = schemaStatements('es').find((s) => s.includes('append_events'));
    expect(append).toMatch(/v_xid << 20\) \| \(i\.ord - 1\)/);
    expect(append).not.toMatch(/pg_notify/);
  });
});

describe('PostgresEventStore against a server that accepts TCP and never answers', () => {
  const timeoutMs = 300;
  let peer: Awaited<ReturnType<typeof startSilentPeer>>;
  let store: PostgresEventStore;

  beforeAll(async () => {
    peer = await startSilentPeer();
    store = new PostgresEventStore({ connectionString: `postgres://postgres@127.0.0.1:${peer.port}/none`, timeoutMs, schemaTimeoutMs: timeoutMs });
  });

  afterAll(async () => {
    await store.close();
    await peer.close();
  });

  const calls: Array<[string, () => Promise<unknown>]> = [
    ['append', () => store.append('agent-1', [conformanceEvent('AgentCreated')], 'no_stream')],
    ['readStream', () => store.readStream('agent-1')],
    ['readAll', () => store.readAll()],
    ['ping', () => store.ping()],
    ['ensureSchema', () => store.ensureSchema()],
  ];

  it.each(calls)('%s fails with EventStoreUnavailableError after its own timeout', async (_name, call) => {
    const started = Date.now();
    const error = await call().catch((e: unknown) => e);
    const ms = Date.now() - started;
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    // Ended by the configured bound (not the 5 s / 30 s defaults): the error names it, or is the pool's connection
    // timeout, which is set to the same bound. The clock only shows it waited that long and did not hang; its upper
    // limit is wide because a loaded machine can stretch 300 ms by seconds.
    expect((error as Error).message).toMatch(new RegExp(`no answer within ${timeoutMs} ms|due to connection timeout`));
    expect(ms).toBeGreaterThanOrEqual(timeoutMs - 20);
    expect(ms).toBeLessThan(30_000);
  });

  it('a subscription keeps retrying quietly and close() ends it', async () => {
    const subscription = store.subscribeToAll({ from: 'start' });
    const next = subscription[Symbol.asyncIterator]().next();
    const first = await Promise.race([next.then(() => 'delivered'), new Promise((r) => setTimeout(() => r('quiet'), 800))]);
    expect(first).toBe('quiet');
    await subscription.close();
    await expect(next).resolves.toEqual({ value: undefined, done: true });
  });
});

describe('PostgresEventStore with nothing listening', () => {
  it('fails fast with EventStoreUnavailableError', async () => {
    const peer = await startSilentPeer();
    const port = peer.port;
    await peer.close();
    // A 120 s call bound, so 'at once, not after the timeout' keeps a wide margin on a loaded machine.
    const store = new PostgresEventStore({ connectionString: `postgres://postgres@127.0.0.1:${port}/none`, timeoutMs: 120_000 });
    try {
      const started = Date.now();
      await expect(store.ping()).rejects.toBeInstanceOf(EventStoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await store.close();
    }
  });
});
