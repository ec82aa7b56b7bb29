import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, describeWith, type TestDatabase } from '@backforge/testing';
import { BACKEND_RECORDS_TABLE, PostgresStoreBridge, Sandbox, SandboxError, STORE_BRIDGE_APPLICATION_NAME, StoreLimitError } from '../index.js';
import { bundle, ECHO_BUNDLE } from '../test-support/bundles.js';

const ROWS = 150_000;
/** A count that scans every row of the big collection and compares a long text in each. */
const SLOW_COUNT = `await context.store.count('big', [{ field: 'text', op: 'contains', value: 'no such text anywhere' }, { field: 'n', op: 'gte', value: 0 }]);`;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describeWith(['postgres'])('PostgresStoreBridge', () => {
  let db: TestDatabase;
  let admin: pg.Pool;
  const attacker = `attacker-${randomUUID()}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    admin = new pg.Pool({ connectionString: db.url, max: 2 });
    const bridge = new PostgresStoreBridge({ connectionString: db.url });
    await bridge.ensureSchema();
    await bridge.close();
    // A big collection for the attacker, made in SQL (the attack is reading it, not writing it).
    await admin.query(
      `INSERT INTO ${BACKEND_RECORDS_TABLE} (agent_id, collection, id, revision, data, created_at, updated_at)
       SELECT $1, 'big', 'r' || g, 1, jsonb_build_object('n', g, 'text', repeat('lorem ipsum dolor sit amet ', 12) || g), now(), now()
         FROM generate_series(1, ${ROWS}) AS g`,
      [attacker],
    );
    await admin.query(`ANALYZE ${BACKEND_RECORDS_TABLE}`);
  }, 120_000);

  afterAll(async () => {
    await admin?.end();
    await db?.drop();
  });

  async function activeBridgeQueries(): Promise<number> {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND state = 'active' AND datname = current_database()`,
      [STORE_BRIDGE_APPLICATION_NAME],
    );
    return rows[0]?.n ?? 0;
  }

  it("twelve concurrent slow counts of one backend leave the pool to the others", async () => {
    const bridge = new PostgresStoreBridge({ connectionString: db.url, maxConnections: 4, connectionsPerBackend: 2, statementTimeoutMs: 30_000 });
    try {
      const slow = bridge.storeFor(attacker);
      const victim = bridge.storeFor(`victim-${randomUUID()}`);
      let countsDone = 0;
      const counts = Array.from({ length: 12 }, () =>
        slow.count('big', [{ field: 'text', op: 'contains', value: 'no such text anywhere' }]).finally(() => {
          countsDone += 1;
        }),
      );
      await sleep(50);
      // The victim's calls get connections while the attacker's counts still queue in its own slice.
      for (let i = 0; i < 5; i++) {
        const r = await victim.insert('notes', { i });
        expect(r.ok).toBe(true);
      }
      expect(await victim.count('notes', [])).toBe(5);
      expect(countsDone).toBeLessThan(12);
      expect(await activeBridgeQueries()).toBeLessThanOrEqual(2);
      expect(await Promise.all(counts)).toEqual(Array.from({ length: 12 }, () => 0));
    } finally {
      await bridge.close();
    }
  });

  it('ends a statement at statement_timeout with a message fit for the handler', async () => {
    const bridge = new PostgresStoreBridge({ connectionString: db.url, statementTimeoutMs: 20 });
    try {
      const e = await bridge
        .storeFor(attacker)
        .count('big', [{ field: 'text', op: 'contains', value: 'no such text anywhere' }])
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(e).toBeInstanceOf(StoreLimitError);
      expect((e as Error).message).toMatch(/took longer than allowed/);
    } finally {
      await bridge.close();
    }
  });

  it('refuses a list page larger than the bound without reading the rows', async () => {
    const bridge = new PostgresStoreBridge({ connectionString: db.url });
    try {
      const store = bridge.storeFor(`lister-${randomUUID()}`);
      for (let i = 0; i < 5; i++) await store.insert('blobs', { blob: 'b'.repeat(600 * 1024), i });
      const scope = { signal: new AbortController().signal, maxResultBytes: 2 * 1024 * 1024 };
      await expect(store.forInvocation(scope).list('blobs', { limit: 1000, offset: 0 })).rejects.toThrow(/result is larger than 2097152 bytes/);
      const page = await store.forInvocation(scope).list('blobs', { limit: 2, offset: 1, orderBy: { field: 'i', direction: 'asc' } });
      expect(page.items.map((r) => r.data.i)).toEqual([1, 2]);
      expect(page.total).toBe(5);
    } finally {
      await bridge.close();
    }
  });

  it('cancels the queries of an invocation the sandbox ended, and the victim keeps answering', async () => {
    // A 120 s statement timeout, so 'cancelled, not timed out' can wait generously on a loaded machine.
    const bridge = new PostgresStoreBridge({ connectionString: db.url, maxConnections: 4, connectionsPerBackend: 2, statementTimeoutMs: 120_000 });
    const sandbox = await Sandbox.start({ workers: 1 });
    try {
      await sandbox.load('attacker', bundle(`await Promise.all([1, 2, 3, 4, 5, 6].map(async () => { ${SLOW_COUNT} })); return { status: 200, body: { ok: true, result: 1 } };`));
      await sandbox.load('victim', ECHO_BUNDLE);
      const victimStore = bridge.storeFor(`victim-${randomUUID()}`);
      const e = await sandbox.invoke('attacker', { action: 'x' }, { store: bridge.storeFor(attacker) }, { wallTimeMs: 300 }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect((e as SandboxError).code).toBe('WALL_TIME_EXCEEDED');
      // Cancelled well before the 120 s statement timeout.
      const deadline = Date.now() + 45_000;
      while ((await activeBridgeQueries()) > 0 && Date.now() < deadline) await sleep(50);
      expect(await activeBridgeQueries()).toBe(0);
      // Whether it answers is the point, not how fast on a loaded machine.
      const res = await sandbox.invoke('victim', { action: 'note', input: { text: 'still here' } }, { store: victimStore }, { wallTimeMs: 30_000 });
      expect(res.status).toBe(200);
    } finally {
      await sandbox.stop();
      await bridge.close();
    }
  });
});
