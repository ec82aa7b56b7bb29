import pg from 'pg';
import { createTestDatabase, describeWith } from '@backforge/testing';
import { conformanceEvent } from './conformance/event-store.conformance.js';
import { createEventStore } from './create-event-store.js';
import { EventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store.js';
import { PostgresEventStore } from './postgres/postgres-event-store.js';

describeWith(['postgres'])('createEventStore', () => {
  it('builds a ready PostgreSQL store in the configured schema', async () => {
    const db = await createTestDatabase('bf_es_factory');
    const store = await createEventStore({ kind: 'postgres', url: db.url, schema: 'booted' });
    try {
      expect(store).toBeInstanceOf(PostgresEventStore);
      await store.ping();
      const result = await store.append('agent-1', [conformanceEvent('AgentCreated')], 'no_stream');
      expect(result.nextExpectedRevision).toBe(0n);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query('SELECT count(*)::int AS n FROM booted.events');
      await client.end();
      expect(rows[0].n).toBe(1);
    } finally {
      await store.close();
      await db.drop();
    }
  });

  it('builds an EventStoreDB store without connecting until the first call', async () => {
    const store = await createEventStore({ kind: 'eventstoredb', url: 'esdb://127.0.0.1:1?tls=false', timeoutMs: 1000 });
    expect(store).toBeInstanceOf(EventStoreDbEventStore);
    await store.close();
  });
});
