import pg from 'pg';
import { createTestDatabase, describeWith, type TestDatabase } from '@backforge/testing';
import { BACKEND_RECORDS_TABLE, PostgresBackendStore } from '../index.js';
import { storeConformance } from '../test-support/store-conformance.js';

describeWith(['postgres'])('PostgresBackendStore', () => {
  let db: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 10, statement_timeout: 10_000 });
    // Twice at once: creating the schema is safe to race.
    await Promise.all([PostgresBackendStore.ensureSchema(pool), PostgresBackendStore.ensureSchema(pool)]);
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  describe('conformance', () => {
    storeConformance(async () => ({ storeFor: (agentId: string) => new PostgresBackendStore(pool, agentId) }));
  });

  it('keeps every agent in one table, scoped by agent_id, with values only as parameters', async () => {
    const store = new PostgresBackendStore(pool, "agent-'; DROP TABLE backend_records; --");
    const r = await store.insert('notes', { text: "it's '; DROP TABLE x; --" }, { unique: ['text'] });
    expect(r.ok).toBe(true);
    expect(await store.count('notes', [{ field: 'text', op: 'contains', value: "'; drop" }])).toBe(1);
    const { rows } = await pool.query(`SELECT agent_id, collection, revision, data FROM ${BACKEND_RECORDS_TABLE} WHERE agent_id = $1`, ["agent-'; DROP TABLE backend_records; --"]);
    expect(rows).toEqual([{ agent_id: "agent-'; DROP TABLE backend_records; --", collection: 'notes', revision: 1, data: { text: "it's '; DROP TABLE x; --" } }]);
  });
});
