import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { createTestDatabase, describeWith, waitFor, type TestDatabase } from '@backforge/testing';
import { sampleDataSource, sampleRunner } from './test-support/harness.js';
import { sampleEventTypes, sampleProjection, sampleSnapshot } from './test-support/sample.projection.js';
import { openTestLog, type TestLog } from './test-support/test-log.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const EVENTS = 160;
const SEED = 42;
const BATCH = 10;

interface ChildReport {
  hanging: true;
  pid: number;
  appliedInTransaction: number;
  checkpointInTransaction: string | null;
}

/** Starts the crash child and resolves with its report once it hangs inside the batch transaction. */
function startChild(envVars: Record<string, string>): { child: ChildProcess; report: Promise<ChildReport> } {
  const child = spawn(
    process.execPath,
    ['--no-node-snapshot', '--import', path.join(here, 'test-support/ts-register.mjs'), path.join(here, 'test-support/crash-child.ts')],
    { env: { ...process.env, ...envVars }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const report = new Promise<ChildReport>((resolve, reject) => {
    // Generous: the child compiles TypeScript as it loads, which takes a while on a loaded machine.
    const timer = setTimeout(() => reject(new Error(`crash child did not reach the hang point in 120 s; stderr:\n${stderr}`)), 120_000);
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (!line.startsWith('{"hanging"')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line) as ChildReport);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`crash child exited early (code ${code}, signal ${signal}); stderr:\n${stderr}`));
    });
  });
  return { child, report };
}

async function committedState(url: string): Promise<{ applied: number; checkpoint: string | null; otherBackends: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const applied = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM sample_applied_events');
    const checkpoint = await client.query<{ position: string | null }>("SELECT position::text AS position FROM projection_checkpoints WHERE name = 'sample-lists'");
    const backends = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return { applied: applied.rows[0]?.n ?? -1, checkpoint: checkpoint.rows[0]?.position ?? null, otherBackends: backends.rows[0]?.n ?? -1 };
  } finally {
    await client.end();
  }
}

describeWith(['postgres'])('a projection killed between applying and checkpointing', () => {
  const dbs: TestDatabase[] = [];
  const dataSources: DataSource[] = [];
  let log: TestLog;
  let child: ChildProcess | undefined;

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const ds of dataSources) await ds.destroy();
    await log?.close();
    for (const db of dbs) await db.drop();
  });

  it('resumes after a SIGKILL mid-batch and ends equal to a clean replay', async () => {
    const [logDb, crashedDb, cleanDb] = await Promise.all([createTestDatabase('bf_proj_log'), createTestDatabase('bf_proj_crash'), createTestDatabase('bf_proj_clean')]);
    dbs.push(logDb, crashedDb, cleanDb);
    log = await openTestLog(logDb.url);
    const head = await log.appendSample(EVENTS, SEED);
    const relevant = (await log.store.readAll({ filter: { streamPrefixes: ['list-'], eventTypes: sampleEventTypes } })).map((e) => e.position);
    // Catch-up pages hold BATCH relevant events each: hang on the 5th event of the 3rd batch.
    const hangAt = relevant[2 * BATCH + 4];
    const lastCommitted = relevant[2 * BATCH - 1];
    if (hangAt === undefined || lastCommitted === undefined) throw new Error('sample log too short');

    const started = startChild({
      BF_LOG_URL: logDb.url,
      BF_LOG_SCHEMA: log.schema,
      BF_READ_MODEL_URL: crashedDb.url,
      BF_HANG_AT: String(hangAt),
      BF_BATCH: String(BATCH),
    });
    child = started.child;
    const report = await started.report;
    // Inside the open transaction: 25 events applied, checkpoint still at the end of batch 2.
    expect(report.appliedInTransaction).toBe(2 * BATCH + 5);
    expect(report.checkpointInTransaction).toBe(String(lastCommitted));
    const whileHanging = await committedState(crashedDb.url);
    expect(whileHanging).toMatchObject({ applied: 2 * BATCH, checkpoint: String(lastCommitted) });

    const exited = new Promise<NodeJS.Signals | null>((resolve) => child?.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // PostgreSQL rolls the dead session's transaction back once it notices the closed socket.
    const afterKill = await waitFor(
      async () => {
        const state = await committedState(crashedDb.url);
        return state.otherBackends === 0 ? state : undefined;
      },
      { intervalMs: 50, description: 'the killed session gone from PostgreSQL' },
    );
    expect(afterKill).toEqual({ applied: 2 * BATCH, checkpoint: String(lastCommitted), otherBackends: 0 });

    // Restart on the crashed read model, and replay cleanly into a fresh database.
    const crashedDs = await sampleDataSource(crashedDb.url);
    const cleanDs = await sampleDataSource(cleanDb.url);
    dataSources.push(crashedDs, cleanDs);
    const reapplied: bigint[] = [];
    const restarted = sampleRunner(log.store, crashedDs, [sampleProjection({ afterApply: async (e) => void reapplied.push(e.position) })], { batchSize: BATCH });
    const clean = sampleRunner(log.store, cleanDs, [sampleProjection()], { batchSize: BATCH });
    await Promise.all([restarted.start(), clean.start()]);
    await Promise.all([restarted.waitFor(head), clean.waitFor(head)]);
    await Promise.all([restarted.stop(), clean.stop()]);

    // The restart began right after the last committed checkpoint: nothing skipped, nothing twice.
    expect(reapplied).toEqual(relevant.slice(2 * BATCH));
    const crashedSnapshot = await sampleSnapshot(crashedDs);
    const cleanSnapshot = await sampleSnapshot(cleanDs);
    expect(crashedSnapshot.applied).toHaveLength(relevant.length);
    expect(crashedSnapshot).toEqual(cleanSnapshot);
    expect(restarted.status()[0]?.position).toBe(clean.status()[0]?.position);
  });
});
