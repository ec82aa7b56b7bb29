import pg from 'pg';
import type { DataSource } from 'typeorm';
import { createTestDatabase, describeWith, type TestDatabase } from '@backforge/testing';
import type { EventStore, NewEvent } from '@backforge/event-store';
import { ProjectionRunner } from './projection-runner.js';
import { ProjectionConfigError, ProjectionNotRunningError, ProjectionWaitTimeoutError } from './errors.js';
import { recordingLogger, sampleDataSource, sampleRunner } from './test-support/harness.js';
import { appendAll, sampleEventTypes, sampleEvents, sampleProjection, sampleSnapshot, typeCountProjection, type SampleSnapshot } from './test-support/sample.projection.js';
import { openTestLog, type TestLog } from './test-support/test-log.js';

const sampleFilter = { streamPrefixes: ['list-'], eventTypes: sampleEventTypes };
const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` passes (a full last page needs one more read before the state says live). */
async function eventually(check: () => void, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await pause(20);
    }
  }
}

describeWith(['postgres'])('ProjectionRunner against PostgreSQL read models', () => {
  const dbs: TestDatabase[] = [];
  const dataSources: DataSource[] = [];
  const runners: ProjectionRunner[] = [];
  let logDb: TestDatabase;

  /** A fresh read-model database with the sample tables. */
  async function freshReadModel(): Promise<DataSource> {
    const db = await createTestDatabase('bf_proj_rm');
    dbs.push(db);
    const ds = await sampleDataSource(db.url);
    dataSources.push(ds);
    return ds;
  }

  /** A log of its own per test: a PostgreSQL event store schema in the log database. */
  const logs: TestLog[] = [];
  async function freshLog(): Promise<TestLog> {
    const log = await openTestLog(logDb.url);
    logs.push(log);
    return log;
  }

  function track(runner: ProjectionRunner): ProjectionRunner {
    runners.push(runner);
    return runner;
  }

  /** What a runner that never crashed, never stopped and was never rebuilt makes of the log. */
  async function cleanReplay(store: EventStore, head: bigint): Promise<SampleSnapshot> {
    const ds = await freshReadModel();
    const runner = track(sampleRunner(store, ds, [sampleProjection()], { batchSize: 64 }));
    await runner.start();
    await runner.waitFor(head);
    await runner.stop();
    return sampleSnapshot(ds);
  }

  async function relevantPositions(store: EventStore): Promise<bigint[]> {
    return (await store.readAll({ filter: sampleFilter })).map((e) => e.position);
  }

  /** `writers` concurrent appenders, each with its own lists, pausing between appends. */
  async function appendConcurrently(log: TestLog, writers: number, perWriter: number, seed: number): Promise<bigint> {
    const heads = await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        let head = 0n;
        for (const append of sampleEvents(perWriter, seed + w)) {
          head = (await log.store.append(append.streamName, [append.event], 'any')).position;
          if (Math.random() < 0.2) await pause(1);
        }
        return head;
      }),
    );
    return heads.reduce((a, b) => (a > b ? a : b), 0n);
  }

  beforeAll(async () => {
    logDb = await createTestDatabase('bf_proj_log');
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    for (const ds of dataSources) await ds.destroy();
    for (const log of logs) await log.close();
    for (const db of dbs) await db.drop();
    await logDb?.drop();
  });

  it('catches up on the existing log in one transaction per batch, in log order, then follows it live', async () => {
    const log = await freshLog();
    // Longer than one waitFor probe page (256), so the wait goes by milestones.
    const before = await log.appendSample(700, 11);
    const ds = await freshReadModel();
    const applied: { position: bigint; txid: string }[] = [];
    const runner = track(
      sampleRunner(log.store, ds, [
        sampleProjection({
          afterApply: async (e, tx) => {
            const [row] = await tx.query('SELECT txid_current()::text AS txid');
            applied.push({ position: e.position, txid: row.txid });
          },
        }),
      ], { batchSize: 50 }),
    );
    await runner.start();
    await runner.waitFor(before);
    const relevantBefore = await relevantPositions(log.store);
    expect(runner.status()[0]).toMatchObject({ state: 'live', caughtUp: true, position: relevantBefore.at(-1) });
    // Catch-up: pages of 50 filtered events, each page one transaction.
    const batchSizes = [...applied.reduce((m, a) => m.set(a.txid, (m.get(a.txid) ?? 0) + 1), new Map<string, number>()).values()];
    const full = Math.floor(relevantBefore.length / 50);
    expect(batchSizes).toEqual([...Array<number>(full).fill(50), ...(relevantBefore.length % 50 ? [relevantBefore.length % 50] : [])]);

    // Live: each append is visible once waitFor(its position) resolves.
    for (const append of sampleEvents(30, 12)) {
      const { position } = await log.store.append(append.streamName, [append.event], 'any');
      await runner.waitFor(position, { timeoutMs: 60_000 });
      const [row] = await ds.query('SELECT count(*)::int AS n FROM sample_applied_events WHERE position <= $1', [position.toString()]);
      expect(row.n).toBe((await relevantPositions(log.store)).filter((p) => p <= position).length);
    }
    const relevant = await relevantPositions(log.store);
    expect(applied.map((a) => a.position)).toEqual(relevant);
    expect((await sampleSnapshot(ds)).applied).toHaveLength(relevant.length);
    expect(await sampleSnapshot(ds)).toEqual(await cleanReplay(log.store, relevant.at(-1) ?? 0n));
  });

  it('waits for a foreign position correctly while a transaction in flight holds events back from readAll', async () => {
    const log = await freshLog();
    const sampleHead = await log.appendSample(20, 15);
    const ds = await freshReadModel();
    let releaseApply!: () => void;
    const applyGate = new Promise<void>((r) => (releaseApply = r));
    let mine = -1n;
    const runner = track(sampleRunner(log.store, ds, [sampleProjection({ afterApply: (e) => (e.position === mine ? applyGate : Promise.resolve()) })]));
    await runner.start();
    await runner.waitFor(sampleHead);
    // A transaction in the log's database with an xid older than the appends below: the PostgreSQL
    // store's readAll holds back everything above it (for up to its 1 s settle time, then returns the
    // prefix before it), while subscriptions may deliver around it.
    const blocker = new pg.Client({ connectionString: logDb.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT txid_current()');
    const template = sampleEvents(2, 16).map((a) => a.event);
    mine = (await log.store.append('list-own', [{ ...(template[0] as NewEvent), type: 'ItemAdded', data: { itemNo: 1, label: 'mine' } }], 'any')).position;
    const foreign = (await log.store.append('other-own', [template[1] as NewEvent], 'any')).position;
    const started = Date.now();
    const released = (async () => {
      await pause(1_500);
      await blocker.query('COMMIT');
      await blocker.end();
      await pause(500);
      releaseApply();
    })();
    // The lists projection never sees `foreign`; it must still wait for `mine`, which precedes it.
    await runner.waitFor(foreign, { projections: ['sample-lists'], timeoutMs: 60_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(await ds.query("SELECT label FROM sample_list_items WHERE stream_name = 'list-own'")).toEqual([{ label: 'mine' }]);
    await released;
  });

  it('applies only what its filter selects, and keeps each projection on its own checkpoint', async () => {
    const log = await freshLog();
    const head = await log.appendSample(120, 21);
    const ds = await freshReadModel();
    const lists: string[] = [];
    const runner = track(sampleRunner(log.store, ds, [sampleProjection({ afterApply: async (e) => void lists.push(`${e.streamName}:${e.type}`) }), typeCountProjection()]));
    await runner.start();
    await runner.waitFor(head);
    expect(lists.every((l) => l.startsWith('list-') && !l.endsWith(':ListPinged'))).toBe(true);
    expect(lists).toHaveLength((await relevantPositions(log.store)).length);
    const counts: { event_type: string; count: number }[] = await ds.query('SELECT event_type, count FROM sample_type_counts ORDER BY event_type');
    const all = await log.store.readAll();
    const expected = [...new Set(all.map((e) => e.type))].sort().map((t) => ({ event_type: t, count: all.filter((e) => e.type === t).length }));
    expect(counts).toEqual(expected);
    const [typeCounts, lists2] = [runner.status()[1], runner.status()[0]];
    expect(typeCounts?.position).toBe(head);
    expect(lists2?.position).toBe((await relevantPositions(log.store)).at(-1));

    // Waiting for a position the lists projection does not consume returns once what it does consume is in.
    const foreign = await log.store.append('other-x', [{ ...(sampleEvents(1, 22)[0]?.event as NewEvent), type: 'ListPinged' }], 'any');
    await runner.waitFor(foreign.position, { projections: ['sample-lists'], timeoutMs: 60_000 });
    expect(runner.status()[0]?.position).toBeLessThan(foreign.position);
  });

  it('resumes from its checkpoint after a clean stop, applying each event once', async () => {
    const log = await freshLog();
    await log.appendSample(300, 31);
    const ds = await freshReadModel();
    const first = track(sampleRunner(log.store, ds, [sampleProjection()], { batchSize: 7 }));
    await first.start();
    await pause(30);
    // Stop mid-catch-up: stop() waits for the in-flight batch, and what it reports is what is committed.
    await first.stop();
    const stopped = first.status()[0];
    expect(stopped?.state).toBe('stopped');
    const [row] = await ds.query("SELECT position::text AS position FROM projection_checkpoints WHERE name = 'sample-lists'");
    expect(row.position).toBe(stopped?.position === null ? null : String(stopped?.position));
    const [open] = await ds.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'");
    expect(open.n).toBe(0);

    const head = await log.appendSample(80, 32);
    const reapplied: bigint[] = [];
    const second = track(sampleRunner(log.store, ds, [sampleProjection({ afterApply: async (e) => void reapplied.push(e.position) })], { batchSize: 7 }));
    await second.start();
    await second.waitFor(head);
    const relevant = await relevantPositions(log.store);
    const resumeFrom = stopped?.position ?? -1n;
    expect(reapplied).toEqual(relevant.filter((p) => p > resumeFrom));
    expect(await sampleSnapshot(ds)).toEqual(await cleanReplay(log.store, head));
  });

  it('rebuilds into exactly the read model it kept live while events were appended concurrently', async () => {
    const log = await freshLog();
    await log.appendSample(50, 41);
    const ds = await freshReadModel();
    const runner = track(sampleRunner(log.store, ds, [sampleProjection(), typeCountProjection()], { batchSize: 16 }));
    await runner.start();
    const head = await appendConcurrently(log, 4, 120, 400);
    await runner.waitFor(head);
    const live = await sampleSnapshot(ds);
    const liveCounts = await ds.query('SELECT * FROM sample_type_counts ORDER BY event_type');
    expect(live.applied).toHaveLength((await relevantPositions(log.store)).length);

    await runner.rebuild('sample-lists');
    expect(runner.status()[0]).toMatchObject({ state: 'live', caughtUp: true });
    expect(await sampleSnapshot(ds)).toEqual(live);
    await runner.rebuild('sample-type-counts');
    expect(await ds.query('SELECT * FROM sample_type_counts ORDER BY event_type')).toEqual(liveCounts);

    // A rebuild while writers are still appending also converges on the clean replay.
    const writing = appendConcurrently(log, 3, 60, 500);
    await pause(5);
    await runner.rebuild('sample-lists');
    const finalHead = await writing;
    await runner.waitFor(finalHead);
    expect(await sampleSnapshot(ds)).toEqual(await cleanReplay(log.store, finalHead));
  });

  it('stops on a poison event, logs it, surfaces it in status, and skips nothing', async () => {
    const log = await freshLog();
    const head = await log.appendSample(150, 51);
    const relevant = await relevantPositions(log.store);
    const poison = relevant[40] as bigint;
    const ds = await freshReadModel();
    const logger = recordingLogger();
    let broken = true;
    const runner = track(
      sampleRunner(log.store, ds, [
        sampleProjection({
          afterApply: async (e) => {
            if (broken && e.position === poison) throw new Error('cannot apply this one');
          },
        }),
        typeCountProjection(),
      ], { batchSize: 10, logger }),
    );
    await runner.start();
    await expect(runner.waitFor(head, { projections: ['sample-lists'] })).rejects.toBeInstanceOf(ProjectionNotRunningError);
    await runner.waitFor(head, { projections: ['sample-type-counts'] });
    const [lists, counts] = runner.status();
    expect(lists).toMatchObject({ state: 'failed', position: relevant[39], error: { kind: 'apply', event: { position: poison } } });
    expect(lists?.error?.message).toContain('cannot apply this one');
    expect(counts?.position).toBe(head);
    await eventually(() => expect(runner.status()[1]?.state).toBe('live'));
    expect(logger.records.filter((r) => r.level === 'error')).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ projection: 'sample-lists', eventPosition: String(poison) }) }),
    ]);
    // The batch holding the poison event rolled back whole: nothing past the checkpoint is visible.
    const [max] = await ds.query('SELECT max(position)::text AS p FROM sample_applied_events');
    expect(max.p).toBe(String(relevant[39]));

    broken = false;
    await runner.resume('sample-lists');
    await runner.waitFor(head);
    expect(await sampleSnapshot(ds)).toEqual(await cleanReplay(log.store, head));
  });

  it('retries after an infrastructure error (its connection killed mid-batch) and still applies each event once', async () => {
    const log = await freshLog();
    const head = await log.appendSample(120, 61);
    const relevant = await relevantPositions(log.store);
    const victim = relevant[25] as bigint;
    const ds = await freshReadModel();
    const logger = recordingLogger();
    let kills = 0;
    const runner = track(
      sampleRunner(log.store, ds, [
        sampleProjection({
          afterApply: async (e, tx) => {
            if (e.position === victim && kills < 2) {
              kills += 1;
              await tx.query('SELECT pg_terminate_backend(pg_backend_pid())');
            }
          },
        }),
      ], { batchSize: 10, logger }),
    );
    await runner.start();
    await runner.waitFor(head);
    expect(kills).toBe(2);
    await eventually(() => expect(runner.status()[0]).toMatchObject({ state: 'live', retries: 0 }));
    expect(runner.status()[0]?.error).toBeUndefined();
    expect(logger.records.filter((r) => r.level === 'warn' && r.message.includes('retrying'))).toHaveLength(2);
    expect(await sampleSnapshot(ds)).toEqual(await cleanReplay(log.store, head));
  });

  it('rebuilds on a version bump, and an outdated replica stands down instead of writing', async () => {
    const log = await freshLog();
    const head = await log.appendSample(90, 71);
    const ds = await freshReadModel();
    const v1 = track(sampleRunner(log.store, ds, [sampleProjection({ version: 1 })]));
    await v1.start();
    await v1.waitFor(head);
    await v1.stop();
    const before: { label: string }[] = await ds.query('SELECT label FROM sample_list_items');
    expect(before.length).toBeGreaterThan(0);

    const v2 = track(sampleRunner(log.store, ds, [sampleProjection({ version: 2, label: (l) => l.toUpperCase() })]));
    await v2.start();
    await v2.waitFor(head);
    const after: { label: string }[] = await ds.query('SELECT label FROM sample_list_items ORDER BY stream_name, item_no');
    expect(after.map((r) => r.label)).toEqual(after.map((r) => r.label.toUpperCase()));
    expect(after).toHaveLength(before.length);

    const stale = track(sampleRunner(log.store, ds, [sampleProjection({ version: 1 })]));
    await stale.start();
    await expect(stale.waitFor(head, { timeoutMs: 60_000 })).rejects.toBeInstanceOf(ProjectionNotRunningError);
    expect(stale.status()[0]).toMatchObject({ state: 'superseded', error: { kind: 'superseded' } });
    const [cp] = await ds.query("SELECT version FROM projection_checkpoints WHERE name = 'sample-lists'");
    expect(cp.version).toBe(2);
  });

  it('lets two replicas run the same projection on one read model: every event applied exactly once', async () => {
    const log = await freshLog();
    await log.appendSample(100, 81);
    const ds = await freshReadModel();
    const loggers = [recordingLogger(), recordingLogger()] as const;
    const a = track(sampleRunner(log.store, ds, [sampleProjection()], { batchSize: 5, logger: loggers[0] }));
    const b = track(sampleRunner(log.store, ds, [sampleProjection()], { batchSize: 5, logger: loggers[1] }));
    await Promise.all([a.start(), b.start()]);
    const head = await appendConcurrently(log, 2, 80, 800);
    await Promise.all([a.waitFor(head), b.waitFor(head)]);
    // Both replicas apply batches; the checkpoint row lock serializes them and the loser of each race
    // re-reads the checkpoint. A second application would break the ledger's primary key.
    await eventually(() => expect([a.status()[0]?.state, b.status()[0]?.state]).toEqual(['live', 'live']));
    // They did race: batches lost to the other replica were rolled back and resumed from its checkpoint.
    const resyncs = loggers.flatMap((l) => l.records).filter((r) => r.message.startsWith('checkpoint moved'));
    expect(resyncs.length).toBeGreaterThan(0);
    const snapshot = await sampleSnapshot(ds);
    expect(snapshot.applied).toHaveLength((await relevantPositions(log.store)).length);
    expect(snapshot).toEqual(await cleanReplay(log.store, head));
  });

  it('times out a wait the read model cannot meet, and refuses bad wiring', async () => {
    const log = await freshLog();
    const ds = await freshReadModel();
    const head = await log.appendSample(40, 91);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const runner = track(sampleRunner(log.store, ds, [sampleProjection({ afterApply: () => gate })]));
    await runner.start();
    await expect(runner.waitFor(head, { timeoutMs: 200 })).rejects.toBeInstanceOf(ProjectionWaitTimeoutError);
    release();
    await runner.waitFor(head);

    expect(() => sampleRunner(log.store, ds, [sampleProjection(), sampleProjection()])).toThrow(ProjectionConfigError);
    const unregistered = sampleRunner(log.store, ds, [{ ...sampleProjection(), name: 'x', entities: [class NotAnEntity {}] }]);
    await expect(unregistered.start()).rejects.toBeInstanceOf(ProjectionConfigError);
    await expect(runner.rebuild('nope')).rejects.toBeInstanceOf(ProjectionConfigError);
  });
});

// Keeps the appender helper honest about the log it produced.
describe('sample log', () => {
  it('is the same for the same seed', async () => {
    expect(JSON.stringify(sampleEvents(50, 7))).toEqual(JSON.stringify(sampleEvents(50, 7)));
    expect(JSON.stringify(sampleEvents(50, 7))).not.toEqual(JSON.stringify(sampleEvents(50, 8)));
    const { InMemoryEventStore } = await import('./test-support/in-memory-event-store.js');
    expect(await appendAll(new InMemoryEventStore(), sampleEvents(10, 7))).toBe(10n);
  });
});
