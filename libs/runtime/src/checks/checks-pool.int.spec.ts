import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { RulesInterpreter, runChecks, synthesize, type GeneratedProject } from '@backforge/generator';
import { Sandbox } from '@backforge/sandbox';
import { ChecksPool, ChecksThreadError } from './checks-pool.js';

// The generator's checks in worker threads: the same report as in the process, the same errors, and
// an event loop that stays free while a project is checked (runs the built @backforge/generator).

const { prompts } = JSON.parse(readFileSync(new URL('../../../generator/corpus/public.json', import.meta.url), 'utf8')) as { prompts: Array<{ name: string; prompt: string }> };

async function projectOf(index: number): Promise<GeneratedProject> {
  const { name, prompt } = prompts[index] as { name: string; prompt: string };
  const interpreted = await new RulesInterpreter().interpret({ name, prompt });
  if (!interpreted.ok) throw new Error(`the public prompt ${name} was not understood`);
  return synthesize(interpreted.blueprint, { name: 'pool-test' });
}

/** A report without its timings: what must be the same wherever the checks ran. */
const verdicts = (report: Awaited<ReturnType<typeof runChecks>>) => ({ status: report.status, checks: report.checks.map((c) => [c.kind, c.name, c.status]) });

describe('ChecksPool (runChecks in worker threads)', () => {
  let pool: ChecksPool;

  beforeAll(() => {
    pool = new ChecksPool(2);
  });
  afterAll(async () => {
    await pool?.close();
  }, 60_000);

  it('gives the same report as runChecks in the process', async () => {
    const project = await projectOf(0);
    const sandbox = await Sandbox.start({ workers: 1 });
    try {
      const inProcess = await runChecks(project, { sandbox });
      const threaded = await pool.run(project);
      expect(threaded.status).toBe('passed');
      expect(verdicts(threaded)).toEqual(verdicts(inProcess));
    } finally {
      await sandbox.stop();
    }
  }, 300_000);

  it('keeps the event loop free while projects are checked (busy a small part of the time, delays far below a job lease)', async () => {
    const projects = await Promise.all([1, 2, 3].map((i) => projectOf(i % prompts.length)));
    await pool.run(projects[0] as GeneratedProject); // threads and sandboxes warm
    // The in-process baseline: the same checks on this thread keep it busy for the whole type-check.
    const sandbox = await Sandbox.start({ workers: 1 });
    let inProcessBusy: number;
    try {
      await runChecks(projects[0] as GeneratedProject, { sandbox }); // TypeScript's lib files loaded here too
      const start = performance.eventLoopUtilization();
      for (const project of projects) await runChecks(project, { sandbox });
      inProcessBusy = performance.eventLoopUtilization(start).utilization;
    } finally {
      await sandbox.stop();
    }
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const start = performance.eventLoopUtilization();
    const reports = await Promise.all(projects.map((p) => pool.run(p)));
    const threadedBusy = performance.eventLoopUtilization(start).utilization;
    histogram.disable();
    const maxDelayMs = histogram.max / 1e6;
    process.stderr.write(`[checks-pool] event loop busy: in process ${(inProcessBusy * 100).toFixed(0)}%, threaded ${(threadedBusy * 100).toFixed(0)}%; threaded max delay ${maxDelayMs.toFixed(0)} ms\n`);
    expect(reports.map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
    // Generous bounds for a loaded 2-core machine (delays include waiting for a core, and another suite
    // or a CPU hog may hold both): half of the 30 s default job lease, so renewals are never starved.
    // The in-process checks keep the loop busy most of the time; the threaded ones leave it idle.
    expect(maxDelayMs).toBeLessThan(15_000);
    expect(threadedBusy).toBeLessThan(0.5);
    expect(threadedBusy).toBeLessThan(inProcessBusy / 2);
  }, 300_000);

  it('rejects with the error runChecks throws, and keeps working after it', async () => {
    const broken = { name: 'broken', generatorVersion: 'x', files: null } as unknown as GeneratedProject;
    const sandbox = await Sandbox.start({ workers: 1 });
    let expected: Error | undefined;
    try {
      await runChecks(broken, { sandbox }).catch((error: Error) => (expected = error));
    } finally {
      await sandbox.stop();
    }
    if (expected) {
      const error = await pool.run(broken).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChecksThreadError);
      expect({ name: (error as Error).name, message: (error as Error).message }).toEqual({ name: expected.name, message: expected.message });
    } else {
      // runChecks turned the broken project into failed checks: the thread must say the same.
      expect((await pool.run(broken)).status).toBe('failed');
    }
    expect((await pool.run(await projectOf(0))).status).toBe('passed');
  }, 300_000);

  it('refuses work once closed', async () => {
    const closed = new ChecksPool(1);
    await closed.close();
    await expect(closed.run(await projectOf(0))).rejects.toThrow('closed');
  });
});
