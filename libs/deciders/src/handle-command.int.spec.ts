import { randomUUID } from 'node:crypto';
import { DomainError, type EventMetadata } from '@backforge/contracts';
import { PostgresEventStore } from '@backforge/event-store';
import { createTestDatabase, describeWith, type TestDatabase } from '@backforge/testing';
import { handleCommand } from './handle-command.js';
import { counterDecider } from './test-support/counter.decider.js';

const metadata = (): EventMetadata => ({
  eventId: randomUUID(),
  correlationId: 'c',
  causationId: 'c',
  workspaceId: 'w',
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});

describeWith(['postgres'])('handleCommand on the PostgreSQL event store', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('bf_deciders');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.ensureSchema();
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('loads, decides and appends at the expected revision, returning the new state and position', async () => {
    const stream = `counter-${randomUUID()}`;
    const opened = await handleCommand(store, stream, counterDecider, { type: 'open', ceiling: 10 }, { metadata });
    expect(opened.events).toHaveLength(1);
    expect(opened.revision).toBe(0n);
    const inc = await handleCommand(store, stream, counterDecider, { type: 'increment', by: 4 }, { metadata });
    expect(inc.state.value).toBe(4);
    expect(inc.revision).toBe(1n);
    expect(inc.position).toBeDefined();
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['Opened', 'Incremented']);
  });

  it('appends nothing for an idempotent repeat', async () => {
    const stream = `counter-${randomUUID()}`;
    await handleCommand(store, stream, counterDecider, { type: 'open', ceiling: 1 }, { metadata });
    const again = await handleCommand(store, stream, counterDecider, { type: 'open', ceiling: 1 }, { metadata });
    expect(again.events).toEqual([]);
    expect(again.position).toBeUndefined();
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('passes a refusal through untouched and writes nothing', async () => {
    const stream = `counter-${randomUUID()}`;
    await expect(handleCommand(store, stream, counterDecider, { type: 'increment', by: 1 }, { metadata })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await store.readStream(stream)).toHaveLength(0);
  });

  it('concurrent writers: each command is decided on the state it lost to, so the ceiling holds exactly', async () => {
    const stream = `counter-${randomUUID()}`;
    await handleCommand(store, stream, counterDecider, { type: 'open', ceiling: 10 }, { metadata });
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, () => handleCommand(store, stream, counterDecider, { type: 'increment', by: 1 }, { metadata, maxRetries: 50 })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused.every((r) => r.reason instanceof DomainError && r.reason.code === 'CONFLICT')).toBe(true);
    expect((await store.readStream(stream)).filter((e) => e.type === 'Incremented')).toHaveLength(10);
  });
});
