import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, describeWith, waitFor, type TestDatabase } from '@backforge/testing';
import { runEventStoreConformance, conformanceEvent, takeEvents } from '../conformance/event-store.conformance.js';
import { WrongExpectedRevisionError, type RecordedEvent } from '../event-store.port.js';
import { PostgresEventStore } from './postgres-event-store.js';

const describePg = describeWith(['postgres']);

describePg('PostgresEventStore', () => {
  runEventStoreConformance('PostgresEventStore', async () => {
    const db = await createTestDatabase('bf_es_cf');
    const store = new PostgresEventStore({ connectionString: db.url });
    await store.ensureSchema();
    return {
      store,
      async dispose() {
        await store.close();
        await db.drop();
      },
    };
  });

  describe('PostgreSQL specifics', () => {
    let db: TestDatabase;
    let store: PostgresEventStore;
    /** Another process's view of the same log: its appends reach `store` only through NOTIFY. */
    let otherProcess: PostgresEventStore;
    let admin: pg.Client;

    beforeAll(async () => {
      db = await createTestDatabase('bf_es_pg');
      store = new PostgresEventStore({ connectionString: db.url, schema: 'es', reconnect: { initialMs: 50, maxMs: 500 } });
      await store.ensureSchema();
      otherProcess = new PostgresEventStore({ connectionString: db.url, schema: 'es', poolSize: 2 });
      admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
    });

    afterAll(async () => {
      await admin?.end();
      await otherProcess?.close();
      await store?.close();
      await db?.drop();
    });

    /** An append inside a transaction we keep open: the commit-order gap, made on purpose. */
    async function heldAppend(stream: string, type: string): Promise<{ commit(): Promise<void>; rollback(): Promise<void>; position: bigint }> {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query('BEGIN');
      const events = JSON.stringify([{ id: randomUUID(), type, data: {}, metadata: conformanceEvent(type).metadata }]);
      const { rows } = await client.query('SELECT last_position::text AS p FROM es.append_events($1, $2, $3::jsonb)', [stream, 'any', events]);
      return {
        position: BigInt(rows[0].p),
        async commit() {
          await client.query('COMMIT');
          await client.end();
        },
        async rollback() {
          await client.query('ROLLBACK');
          await client.end();
        },
      };
    }

    it('never delivers a later commit before an earlier-positioned open transaction, nor skips it once it commits', async () => {
      const prefix = `gap-${randomUUID().slice(0, 8)}-`;
      const subscription = store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } });
      const iterator = subscription[Symbol.asyncIterator]();
      const received: RecordedEvent[] = [];
      const pump = (async () => {
        for (;;) {
          const next = await iterator.next();
          if (next.done) return;
          received.push(next.value);
        }
      })();
      try {
        const held = await heldAppend(`${prefix}a`, 'Earlier');
        const later = await store.append(`${prefix}b`, [conformanceEvent('Later')], 'no_stream');
        // The gap: the open transaction holds a position below an event that is already committed.
        expect(held.position < later.position).toBe(true);
        const visible = await admin.query('SELECT count(*)::int AS n FROM es.events WHERE stream_name LIKE $1', [`${prefix}%`]);
        expect(visible.rows[0].n).toBe(1);

        await new Promise((r) => setTimeout(r, 400));
        expect(received).toHaveLength(0);
        // readAll gives the gap-free prefix too (after waiting its settle time for the open transaction).
        const during = await store.readAll({ filter: { streamPrefixes: [prefix] } });
        expect(during).toHaveLength(0);

        await held.commit();
        await waitFor(() => received.length >= 2, { intervalMs: 10, description: 'both events delivered after the commit' });
        expect(received.map((e) => e.type)).toEqual(['Earlier', 'Later']);
        expect(received[0]?.position).toBe(held.position);
        expect(received[1]?.position).toBe(later.position);
        expect((await store.readAll({ filter: { streamPrefixes: [prefix] } })).map((e) => e.type)).toEqual(['Earlier', 'Later']);
      } finally {
        await subscription.close();
        await pump;
      }
    });

    it('a rolled-back transaction below committed events holds delivery only until it ends', async () => {
      const prefix = `rb-${randomUUID().slice(0, 8)}-`;
      const subscription = store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } });
      try {
        const held = await heldAppend(`${prefix}a`, 'Doomed');
        await store.append(`${prefix}b`, [conformanceEvent('Kept')], 'no_stream');
        const pending = takeEvents(subscription, 1, 60_000);
        await new Promise((r) => setTimeout(r, 200));
        await held.rollback();
        // No NOTIFY comes from a rollback; the subscriber must look again on its own.
        expect((await pending).map((e) => e.type)).toEqual(['Kept']);
      } finally {
        await subscription.close();
      }
    });

    it('from end: a transaction open at subscribe time and committed later is delivered; earlier commits are not', async () => {
      const prefix = `end-${randomUUID().slice(0, 8)}-`;
      const held = await heldAppend(`${prefix}a`, 'OpenAtSubscribe');
      await store.append(`${prefix}b`, [conformanceEvent('CommittedBefore')], 'no_stream');
      const subscription = store.subscribeToAll({ from: 'end', filter: { streamPrefixes: [prefix] } });
      try {
        const pending = takeEvents(subscription, 2, 60_000);
        await new Promise((r) => setTimeout(r, 200));
        await held.commit();
        await store.append(`${prefix}b`, [conformanceEvent('After')], 0n);
        expect((await pending).map((e) => e.type)).toEqual(['OpenAtSubscribe', 'After']);
      } finally {
        await subscription.close();
      }
    });

    it('an event id reused in another stream, or at another revision, is a conflict', async () => {
      const prefix = `ids-${randomUUID().slice(0, 8)}-`;
      const event = conformanceEvent('Once');
      await store.append(`${prefix}a`, [event], 'no_stream');
      await expect(store.append(`${prefix}b`, [event], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await store.append(`${prefix}a`, [conformanceEvent('Twice')], 0n);
      await expect(store.append(`${prefix}a`, [event], 1n)).rejects.toMatchObject({ code: 'WRONG_EXPECTED_REVISION', actual: 1n });
      // Part of a batch already written, part new: not a retry of that append, so a conflict.
      await expect(store.append(`${prefix}a`, [event, conformanceEvent('New')], 'any')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(`${prefix}b`)).toEqual([]);
      expect((await store.readStream(`${prefix}a`)).map((e) => e.type)).toEqual(['Once', 'Twice']);
    });

    it('two concurrent retries of one append write it once and both answer the same result', async () => {
      const stream = `retry-${randomUUID()}`;
      const batch = [conformanceEvent('A'), conformanceEvent('B')];
      const [a, b] = await Promise.all([store.append(stream, batch, 'no_stream'), store.append(stream, batch, 'no_stream')]);
      expect(a).toEqual(b);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('refuses an append that is not the first write of its transaction (it could hide below the horizon)', async () => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        await client.query('BEGIN');
        const events = JSON.stringify([{ id: randomUUID(), type: 'X', data: {}, metadata: conformanceEvent('X').metadata }]);
        await client.query('SELECT * FROM es.append_events($1, $2, $3::jsonb)', [`first-${randomUUID()}`, 'any', events]);
        const again = JSON.stringify([{ id: randomUUID(), type: 'X', data: {}, metadata: conformanceEvent('X').metadata }]);
        await expect(client.query('SELECT * FROM es.append_events($1, $2, $3::jsonb)', [`second-${randomUUID()}`, 'any', again])).rejects.toThrow(
          /first write of its transaction/,
        );
      } finally {
        await client.query('ROLLBACK');
        await client.end();
      }
    });

    it('a sparse filter over a long log is read in bounded scans and still finds every match', async () => {
      const prefix = `sparse-${randomUUID().slice(0, 8)}-`;
      // Page of 5 events means at most 50 log entries scanned per round trip.
      const small = new PostgresEventStore({ connectionString: db.url, schema: 'es', readPageSize: 5, poolSize: 2 });
      try {
        await store.append(`${prefix}rare`, [conformanceEvent('Rare', { n: 0 })], 'no_stream');
        for (let b = 0; b < 6; b += 1) {
          await store.append(`filler-${prefix}${b}`, Array.from({ length: 100 }, (_, i) => conformanceEvent('Filler', { i })), 'no_stream');
        }
        await store.append(`${prefix}rare`, [conformanceEvent('Rare', { n: 1 })], 0n);
        const found = await small.readAll({ filter: { streamPrefixes: [prefix] } });
        expect(found.map((e) => (e.data as { n: number }).n)).toEqual([0, 1]);
        const byType = await small.readAll({ filter: { eventTypes: ['Rare'], streamPrefixes: [prefix] }, maxCount: 1 });
        expect(byType).toHaveLength(1);
        const subscription = small.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } });
        try {
          expect((await takeEvents(subscription, 2, 60_000)).map((e) => (e.data as { n: number }).n)).toEqual([0, 1]);
        } finally {
          await subscription.close();
        }
      } finally {
        await small.close();
      }
    });

    it('the events table refuses UPDATE and DELETE', async () => {
      await store.append(`ro-${randomUUID()}`, [conformanceEvent('Fixed')], 'no_stream');
      await expect(admin.query("UPDATE es.events SET event_type = 'Changed'")).rejects.toThrow(/append-only/);
      await expect(admin.query('DELETE FROM es.events')).rejects.toThrow(/append-only/);
    });

    it('ensureSchema is safe when several processes run it at once on an empty database', async () => {
      const fresh = await createTestDatabase('bf_es_mig');
      const stores = Array.from({ length: 5 }, () => new PostgresEventStore({ connectionString: fresh.url, schema: 'racing' }));
      try {
        await Promise.all(stores.map((s) => s.ensureSchema()));
        await Promise.all(stores.map((s) => s.ensureSchema()));
        const result = await stores[0]!.append('migrated', [conformanceEvent('Works')], 'no_stream');
        expect(result.nextExpectedRevision).toBe(0n);
      } finally {
        await Promise.all(stores.map((s) => s.close()));
        await fresh.drop();
      }
    });

    it('live delivery is by NOTIFY: an idle subscription makes no reads, another process\'s event arrives within milliseconds', async () => {
      const prefix = `idle-${randomUUID().slice(0, 8)}-`;
      // The idle re-check is 120 s away here: only the NOTIFY can bring the event within the (wide) bound below.
      const listening = new PostgresEventStore({ connectionString: db.url, schema: 'es', poolSize: 2, idleRecheckMs: 120_000 });
      const subscription = listening.subscribeToAll({ from: 'end', filter: { streamPrefixes: [prefix] } });
      const iterator = subscription[Symbol.asyncIterator]();
      try {
        const first = iterator.next();
        await waitFor(() => listening.diagnostics().listenerConnected, { intervalMs: 10, description: 'the LISTEN connection up' });
        await new Promise((r) => setTimeout(r, 100));
        const pollsBefore = listening.diagnostics().subscriptionPolls;
        await new Promise((r) => setTimeout(r, 1000));
        expect(listening.diagnostics().subscriptionPolls - pollsBefore).toBeLessThanOrEqual(1);

        const started = Date.now();
        await otherProcess.append(`${prefix}s`, [conformanceEvent('Ping')], 'no_stream');
        const next = await first;
        const latency = Date.now() - started;
        expect(next.done).toBe(false);
        expect(latency).toBeLessThan(30_000); // well inside the 120 s idle re-check, whatever the load
      } finally {
        await subscription.close();
        await listening.close();
      }
    });

    it('survives the LISTEN connection being killed: reconnects and catches up from its last position', async () => {
      const prefix = `drop-${randomUUID().slice(0, 8)}-`;
      // Idle re-checks and fallback polls are 120 s away here: only the reconnect itself can bring the catch-up
      // within the (wide) bound below.
      const listening = new PostgresEventStore({
        connectionString: db.url,
        schema: 'es',
        poolSize: 2,
        idleRecheckMs: 120_000,
        fallbackPollMs: 120_000,
        reconnect: { initialMs: 50, maxMs: 500 },
      });
      const subscription = listening.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } });
      try {
        await listening.append(`${prefix}s`, [conformanceEvent('Before')], 'no_stream');
        expect((await takeEvents(subscription, 1, 60_000)).map((e) => e.type)).toEqual(['Before']);
        await waitFor(() => listening.diagnostics().listenerConnected, { intervalMs: 10, description: 'the LISTEN connection up' });
        const pid = listening.diagnostics().listenerBackendPid;
        expect(pid).toBeDefined();
        const reconnectsBefore = listening.diagnostics().listenerReconnects;
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        // Appended by another process while the listener is down: its NOTIFY is lost, the event must not be.
        await otherProcess.append(`${prefix}s`, [conformanceEvent('During')], 0n);
        await otherProcess.append(`${prefix}s`, [conformanceEvent('After')], 1n);
        const started = Date.now();
        expect((await takeEvents(subscription, 2, 60_000)).map((e) => e.type)).toEqual(['During', 'After']);
        expect(Date.now() - started).toBeLessThan(30_000);
        await waitFor(() => listening.diagnostics().listenerConnected, { intervalMs: 10, description: 'the LISTEN connection back' });
        expect(listening.diagnostics().listenerReconnects).toBeGreaterThan(reconnectsBefore);
        expect(listening.diagnostics().listenerBackendPid).not.toBe(pid);
      } finally {
        await subscription.close();
        await listening.close();
      }
    });

    it('works on a pool owned by the caller (LISTEN from the pool\'s settings) and leaves that pool open on close', async () => {
      const pool = new pg.Pool({ connectionString: db.url, max: 3 });
      const borrowed = new PostgresEventStore({ pool, schema: 'es' });
      const prefix = `pool-${randomUUID().slice(0, 8)}-`;
      try {
        const subscription = borrowed.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } });
        await otherProcess.append(`${prefix}s`, [conformanceEvent('ViaPool')], 'no_stream');
        expect((await takeEvents(subscription, 1, 60_000)).map((e) => e.type)).toEqual(['ViaPool']);
        await waitFor(() => borrowed.diagnostics().listenerConnected, { intervalMs: 10, description: 'the LISTEN connection up' });
        await borrowed.close();
        const { rows } = await pool.query('SELECT 1 AS one');
        expect(rows[0].one).toBe(1);
      } finally {
        await borrowed.close();
        await pool.end();
      }
    });

    it('a subscription on a store without its schema fails instead of hanging', async () => {
      const missing = new PostgresEventStore({ connectionString: db.url, schema: 'never_created' });
      try {
        const subscription = missing.subscribeToAll({ from: 'start' });
        await expect(takeEvents(subscription, 1, 60_000)).rejects.toThrow(/does not exist/);
      } finally {
        await missing.close();
      }
    });
  });
});
