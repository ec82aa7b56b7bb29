import { MemoryBackendStore, Sandbox } from '@backforge/sandbox';
import { fixtureNames, loadFixture } from '../fixtures/index.js';
import { synthesize } from '../synth/index.js';
import { runChecks } from './index.js';

describe('golden fixtures pass every check', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ workers: 1 });
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it.each(fixtureNames())('%s', async (name) => {
    const blueprint = loadFixture(name);
    const started = Date.now();
    const project = await synthesize(blueprint, { name });
    const report = await runChecks(project, { sandbox });
    const failed = report.checks.filter((c) => c.status === 'failed');
    if (failed.length > 0) console.log(name, JSON.stringify(failed, null, 2));
    console.log(name, Date.now() - started, 'ms', report.checks.map((c) => `${c.name}:${c.durationMs}`).join(' | '));
    expect(failed).toEqual([]);
    expect(report.status).toBe('passed');
    void MemoryBackendStore;
  });
});
