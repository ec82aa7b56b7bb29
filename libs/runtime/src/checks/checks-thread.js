// One checks thread of ChecksPool (checks-pool.ts): runs @backforge/generator's runChecks off the
// service's event loop, with a sandbox of its own (forked on first use). Plain JavaScript so the same
// file runs from src (tests) and from dist; it imports the built libraries.
import { parentPort } from 'node:worker_threads';
import { runChecks } from '@backforge/generator';
import { LazySandbox } from '@backforge/sandbox';

const sandbox = new LazySandbox({ workers: 1 });

/** Attempts at starting the sandbox for one project: a loaded machine can make a start miss its bound. */
const SANDBOX_START_ATTEMPTS = 3;

/**
 * The sandbox, started on first use. A start that keeps failing is an outage (this machine, not the
 * project): the error says `transient`, so the job is retried after its lease rather than failed.
 */
async function startedSandbox() {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await sandbox.get();
    } catch (error) {
      if (attempt >= SANDBOX_START_ATTEMPTS) throw Object.assign(error instanceof Error ? error : new Error(String(error)), { transient: true });
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** What survives the thread boundary of an error: enough for the caller's classification (code, transient). */
function serialize(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code, transient } = /** @type {{ code?: unknown, transient?: unknown }} */ (error);
  return { name: error.name, message: error.message, stack: error.stack, ...(code !== undefined ? { code } : {}), ...(transient !== undefined ? { transient } : {}) };
}

parentPort?.on('message', async (message) => {
  if (message.type === 'stop') {
    await sandbox.stop().catch(() => undefined);
    parentPort?.postMessage({ type: 'stopped' });
    return;
  }
  try {
    const report = await runChecks(message.project, { sandbox: await startedSandbox() });
    try {
      parentPort?.postMessage({ type: 'done', id: message.id, report });
    } catch {
      // A check's details the structured clone cannot copy (a function, a class with internals):
      // the report is kept as JSON anyway, so send what JSON keeps.
      parentPort?.postMessage({ type: 'done', id: message.id, report: JSON.parse(JSON.stringify(report)) });
    }
  } catch (error) {
    parentPort?.postMessage({ type: 'failed', id: message.id, error: serialize(error) });
  }
});
