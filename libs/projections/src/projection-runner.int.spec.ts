import type { DataSource } from 'typeorm';
import { createTestDatabase, describeWith, type TestDatabase } from '@backforge/testing';
import { InMemoryEventStore } from './test-support/in-memory-event-store.js';
import { appendAll, sampleEventTypes, sampleEvents, sampleProjection, sampleSnapshot } from './test-support/sample.projection.js';

const sampleFilter = { streamPrefixes: ['list-'], eventTypes: sampleEventTypes };
import { sampleDataSource, sampleRunner } from './test-support/harness.js';

describeWith(['postgres'])('ProjectionRunner against PostgreSQL read models', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('bf_proj');
    ds = await sampleDataSource(db.url);
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('catches up on the existing log in batches, then follows it live', async () => {
    const store = new InMemoryEventStore();
    const before = await appendAll(store, sampleEvents(230, 11));
    const applied: bigint[] = [];
    const runner = sampleRunner(store, ds, [sampleProjection({ afterApply: async (e) => void applied.push(e.position) })], { batchSize: 50 });
    await runner.start();
    await runner.waitFor(before);
    const relevantBefore = (await store.readAll({ filter: sampleFilter })).map((e) => e.position);
    expect(runner.status()[0]).toMatchObject({ state: 'live', caughtUp: true, position: relevantBefore.at(-1) });

    const after = await appendAll(store, sampleEvents(40, 12));
    await runner.waitFor(after);
    await runner.stop();

    const relevant = (await store.readAll({ filter: sampleFilter })).map((e) => e.position);
    expect(applied).toEqual(relevant);
    const snapshot = await sampleSnapshot(ds);
    expect(snapshot.applied).toHaveLength(relevant.length);
  });
});
