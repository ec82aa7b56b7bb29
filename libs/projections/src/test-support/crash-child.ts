/**
 * A projection runner in its own process, for the crash test: it replays the sample log into the
 * read-model database and, after applying the event at BF_HANG_AT inside its batch transaction
 * (rows written, checkpoint not), reports what its transaction holds and hangs there until the
 * parent SIGKILLs it.
 */
import { sampleDataSource, sampleRunner } from './harness.js';
import { sampleProjection } from './sample.projection.js';
import { openTestLog } from './test-log.js';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`crash-child: ${name} is not set`);
  return value;
}

// The parent appended the log; this process only reads it.
const log = await openTestLog(env('BF_LOG_URL'), env('BF_LOG_SCHEMA'));
const hangAt = BigInt(env('BF_HANG_AT'));
const dataSource = await sampleDataSource(env('BF_READ_MODEL_URL'));
const projection = sampleProjection({
  afterApply: async (event, tx) => {
    if (event.position !== hangAt) return;
    const [applied] = await tx.query('SELECT count(*)::int AS n FROM sample_applied_events');
    const [checkpoint] = await tx.query("SELECT position::text AS position FROM projection_checkpoints WHERE name = 'sample-lists'");
    process.stdout.write(`${JSON.stringify({ hanging: true, pid: process.pid, appliedInTransaction: applied.n, checkpointInTransaction: checkpoint.position })}\n`);
    setInterval(() => undefined, 60_000);
    await new Promise<never>(() => undefined);
  },
});
const runner = sampleRunner(log.store, dataSource, [projection], { batchSize: Number(env('BF_BATCH')) });
await runner.start();
