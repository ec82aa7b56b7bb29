import { randomUUID } from 'node:crypto';
import { createTestDatabase, describeWith, type TestDatabase } from '@backforge/testing';
import { PostgresStoreBridge, StoreInputError, StoreLimitError } from '../index.js';

describeWith(['postgres'])("PostgresStoreBridge's batched gets", () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    const bridge = new PostgresStoreBridge({ connectionString: db.url });
    await bridge.ensureSchema();
    await bridge.close();
  }, 120_000);

  afterAll(async () => {
    await db?.drop();
  });

  /** Counts the bridge pool's connection checkouts (one per statement a batch or call runs). */
  function checkouts(bridge: PostgresStoreBridge): () => number {
    let n = 0;
    bridge.pool.on('acquire', () => (n += 1));
    return () => n;
  }

  it("answers concurrent gets of one agent in fewer round trips, each with its own record and never another agent's", async () => {
    const bridge = new PostgresStoreBridge({ connectionString: db.url, connectionsPerBackend: 1 });
    try {
      const agent = bridge.storeFor(`agent-${randomUUID()}`);
      const other = bridge.storeFor(`other-${randomUUID()}`);
      const mine = await Promise.all(Array.from({ length: 20 }, (_, i) => agent.insert(i % 2 ? 'notes' : 'tasks', { i })));
      const theirs = await other.insert('notes', { secret: true });
      const ids = mine.map((r) => (r.ok ? r.record : null)!);
      const used = checkouts(bridge);
      const wanted = [
        ...ids.map((r, i) => ({ collection: i % 2 ? 'notes' : 'tasks', id: r.id, expect: i })),
        ...ids.slice(0, 4).map((r) => ({ collection: 'elsewhere', id: r.id, expect: null })), // right id, wrong collection
        { collection: 'notes', id: theirs.ok ? theirs.record.id : '', expect: null }, // another agent's record
        { collection: 'notes', id: 'no-such-id', expect: null },
        { collection: 'tasks', id: ids[0]!.id, expect: 0 }, // the same read twice in one batch
      ];
      const got = await Promise.all(wanted.map((w) => agent.get(w.collection, w.id)));
      expect(got.map((r) => (r ? r.data.i : null))).toEqual(wanted.map((w) => w.expect));
      expect(got[0]).toEqual(ids[0]);
      expect(used()).toBeLessThan(wanted.length / 2);
      // The other agent still reads its own record.
      expect((await other.get('notes', theirs.ok ? theirs.record.id : ''))?.data).toEqual({ secret: true });
    } finally {
      await bridge.close();
    }
  });

  it("sends the record's JSON as PostgreSQL builds it, the same record JSON.stringify would give", async () => {
    const bridge = new PostgresStoreBridge({ connectionString: db.url });
    try {
      const store = bridge.storeFor(`agent-${randomUUID()}`);
      const data = { text: 'é "quoted" \\ back\nline 😀', n: 0.1, big: 2 ** 70, neg: -3e-7, list: [1, 'two', null, { deep: true }], empty: {} };
      const written = await store.insert('notes', data);
      if (!written.ok) throw new Error('insert failed');
      const json = await store.getJson('notes', written.record.id);
      expect(JSON.parse(json)).toEqual(written.record);
      expect(Object.keys(JSON.parse(json))).toEqual(['id', 'revision', 'createdAt', 'updatedAt', 'data']);
      expect(await store.get('notes', written.record.id)).toEqual(written.record);
      expect(await store.getJson('notes', 'missing')).toBe('null');
      await expect(store.getJson('no such/collection', 'x')).rejects.toBeInstanceOf(StoreInputError);
    } finally {
      await bridge.close();
    }
  });

  it("keeps a slice's worth of connections open when idle, closing the rest", async () => {
    const bridge = new PostgresStoreBridge({ connectionString: db.url, maxConnections: 6, connectionsPerBackend: 2, idleTimeoutMs: 50 });
    try {
      // Six connections in use at once, then all idle together.
      const clients = await Promise.all(Array.from({ length: 6 }, () => bridge.pool.connect()));
      expect(bridge.pool.totalCount).toBe(6);
      for (const client of clients) client.release();
      const deadline = Date.now() + 30_000;
      while (bridge.pool.totalCount > 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(bridge.pool.totalCount).toBe(2);
      // Well past the idle timeout, the two stay open and answer at once.
      await new Promise((r) => setTimeout(r, 300));
      expect(bridge.pool.totalCount).toBe(2);
      expect(await bridge.storeFor(`agent-${randomUUID()}`).get('notes', 'x')).toBeNull();
      expect(bridge.pool.totalCount).toBe(2);
    } finally {
      await bridge.close();
    }
  });

  it('refuses at once a read whose invocation ended, and answers the others of its batch', async () => {
    const bridge = new PostgresStoreBridge({ connectionString: db.url, connectionsPerBackend: 1 });
    try {
      const store = bridge.storeFor(`agent-${randomUUID()}`);
      const written = await store.insert('notes', { n: 1 });
      const id = written.ok ? written.record.id : '';
      const ending = new AbortController();
      const scoped = (signal: AbortSignal) => store.forInvocation({ signal, maxResultBytes: 1024 * 1024 });
      const ended = scoped(ending.signal).get('notes', id);
      const kept = scoped(new AbortController().signal).get('notes', id);
      ending.abort();
      await expect(ended).rejects.toThrow(new StoreLimitError('this invocation has ended'));
      expect((await kept)?.data).toEqual({ n: 1 });
      // An invocation that has already ended does not read at all.
      await expect(scoped(ending.signal).get('notes', id)).rejects.toThrow(/this invocation has ended/);
    } finally {
      await bridge.close();
    }
  });

  it("admits one turn's reads up to the slice's connections plus its waiting calls, and refuses the rest at once", async () => {
    const bridge = new PostgresStoreBridge({ connectionString: db.url, connectionsPerBackend: 2, maxWaitingPerBackend: 3 });
    try {
      const store = bridge.storeFor(`agent-${randomUUID()}`);
      const outcomes = await Promise.allSettled(Array.from({ length: 7 }, () => store.get('notes', 'x')));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
      expect(String((outcomes[5] as PromiseRejectedResult).reason)).toMatch(/too many store calls waiting/);
      // Once answered, the agent reads again.
      expect(await store.get('notes', 'x')).toBeNull();
    } finally {
      await bridge.close();
    }
  });
});
