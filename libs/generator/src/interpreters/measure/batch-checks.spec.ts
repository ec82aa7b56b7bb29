import { Sandbox } from '@backforge/sandbox';
import { readFileSync } from 'node:fs';
import { runChecks } from '../../checks/index.js';
import { synthesize } from '../../synth/index.js';
import { interpretPrompt } from '../rules/interpret.js';
import type { BatchPrompt } from './batch-match.js';

/**
 * The fresh batches joined to the corpus: every prompt the rules interpreter accepts, with or
 * without warnings, gives a project that passes the platform's checks in the real sandbox.
 */
const prompts = ['08', '09', '10'].flatMap((id) => (JSON.parse(readFileSync(new URL(`../../../corpus/batches/batch-${id}.json`, import.meta.url), 'utf8')) as { prompts: BatchPrompt[] }).prompts);
// refused prompts have nothing to check (batches.spec checks that a refusal carries its draft)
const accepted = prompts.flatMap((p) => {
  const r = interpretPrompt(p.name, p.prompt);
  return r.ok ? [[p.name, r.blueprint] as const] : [];
});

describe('fresh-batch blueprints pass the platform checks', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ workers: 1 });
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('accepts most of them', () => {
    expect(accepted.length).toBeGreaterThanOrEqual(55);
  });

  it.each(accepted)('%s', async (name, blueprint) => {
    const project = await synthesize(blueprint, { name });
    const report = await runChecks(project, { sandbox });
    expect(report.checks.filter((c) => c.status !== 'passed')).toEqual([]);
  }, 120_000);
});
