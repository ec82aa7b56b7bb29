import { Sandbox } from '@backforge/sandbox';
import { runChecks } from '../../checks/index.js';
import { synthesize } from '../../synth/index.js';
import { interpretPrompt } from './interpret.js';
import { loadCorpus } from './test-support.js';

/**
 * Every blueprint the rules interpreter gives for the corpus goes through the synthesizer and the
 * platform's checks (build, behaviour with the derived examples, quality) in the real sandbox: the
 * examples are correct for the semantics the generated backend implements. (The public prompts go
 * the same way, with their contracts checked too, in checks/corpus.spec.ts.)
 */
const prompts = loadCorpus().prompts.map((p) => [p.name, p.prompt] as const);

describe('rules blueprints pass the platform checks', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ workers: 1 });
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it.each(prompts)('%s', async (name, prompt) => {
    const r = interpretPrompt(name, prompt);
    if (!r.ok) throw new Error(`${name} not understood: ${r.error.missing.join('; ')}`);
    const project = await synthesize(r.blueprint, { name });
    const report = await runChecks(project, { sandbox });
    expect(report.checks.filter((c) => c.status !== 'passed')).toEqual([]);
  });
});
