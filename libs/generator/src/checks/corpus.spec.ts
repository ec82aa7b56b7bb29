import { MemoryBackendStore, Sandbox } from '@backforge/sandbox';
import { readFileSync } from 'node:fs';
import { RulesInterpreter } from '../interpreters/rules/index.js';
import { projectFile, synthesize } from '../synth/index.js';
import { runChecks } from './index.js';

/** Acceptance: every public prompt, through the rules interpreter, gives a project that passes every check. */

interface CorpusPrompt {
  name: string;
  prompt: string;
  expect: { resources: Record<string, string[]> };
}

const corpus = (JSON.parse(readFileSync(new URL('../../../../../shared/prompts/public.json', import.meta.url), 'utf8')) as { prompts: CorpusPrompt[] }).prompts;

describe('public prompts: interpret -> synthesize -> checks', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ workers: 1 });
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it.each(corpus.map((p) => [p.name, p] as const))('%s', async (_name, prompt) => {
    const interpreted = await new RulesInterpreter().interpret({ name: prompt.name, prompt: prompt.prompt });
    if (!interpreted.ok) throw new Error(`not understood: ${interpreted.error.message}`);
    const project = await synthesize(interpreted.blueprint, { name: prompt.name });
    const report = await runChecks(project, { sandbox });
    expect(report.checks.filter((c) => c.status === 'failed')).toEqual([]);

    const id = `corpus-${prompt.name}`;
    await sandbox.load(id, projectFile(project, 'dist/handler.js') ?? '');
    const described = await sandbox.invoke(id, { action: 'describe' }, { store: new MemoryBackendStore() });
    await sandbox.unload(id);
    if (!described.body.ok) throw new Error('describe failed');
    const contract = described.body.result as { resources: { name: string; fields: { name: string }[] }[] };
    for (const [resource, fields] of Object.entries(prompt.expect.resources)) {
      expect([resource, contract.resources.find((r) => r.name === resource)?.fields.map((f) => f.name)]).toEqual([resource, expect.arrayContaining(fields)]);
    }
  });
});
