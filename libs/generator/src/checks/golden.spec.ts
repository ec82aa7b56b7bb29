import type { JsonObject } from '@backforge/contracts';
import { MemoryBackendStore, Sandbox } from '@backforge/sandbox';
import { readFileSync } from 'node:fs';
import { fixtureNames, loadFixture } from '../fixtures/index.js';
import { projectFile, synthesize } from '../synth/index.js';
import { runChecks } from './index.js';

interface CorpusPrompt {
  name: string;
  expect: { resources: Record<string, string[]>; actions: string[] };
}

const corpus = (JSON.parse(readFileSync(new URL('../../../../../shared/prompts/public.json', import.meta.url), 'utf8')) as { prompts: CorpusPrompt[] }).prompts;

/** "create Book", "transition Book: borrow", "list Note filtered by tag" -> [kind, resource]; free-form lines -> null. */
function kindAndResource(line: string): [string, string] | null {
  const m = /^(create|get|list|update|delete|transition) ([A-Z][A-Za-z0-9]*)\b/.exec(line);
  return m ? [m[1] ?? '', m[2] ?? ''] : null;
}

describe('golden fixtures: every public prompt', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ workers: 1 });
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it.each(fixtureNames())('%s passes build, behaviour and quality checks, and describe lists what the prompt names', async (name) => {
    const project = await synthesize(loadFixture(name), { name });
    const report = await runChecks(project, { sandbox });
    expect(report.checks.filter((c) => c.status === 'failed')).toEqual([]);
    expect(report.status).toBe('passed');
    expect(report.checks.filter((c) => c.kind === 'behaviour').length).toBeGreaterThanOrEqual(4);

    await sandbox.load(`golden-${name}`, projectFile(project, 'dist/handler.js') ?? '');
    const described = await sandbox.invoke(`golden-${name}`, { action: 'describe' }, { store: new MemoryBackendStore() });
    await sandbox.unload(`golden-${name}`);
    if (!described.body.ok) throw new Error('describe failed');
    const contract = described.body.result as { resources: { name: string; fields: { name: string; type: string; required: boolean }[] }[]; actions: JsonObject[] };
    const prompt = corpus.find((p) => p.name === name);
    if (!prompt) throw new Error(`no corpus prompt ${name}`);
    for (const [resource, fields] of Object.entries(prompt.expect.resources)) {
      const described = contract.resources.find((r) => r.name === resource);
      expect([resource, described?.fields.map((f) => f.name)]).toEqual([resource, expect.arrayContaining(fields)]);
      for (const field of described?.fields ?? []) expect(typeof field.type === 'string' && typeof field.required === 'boolean').toBe(true);
    }
    for (const line of prompt.expect.actions) {
      const wanted = kindAndResource(line);
      if (!wanted) continue;
      const [kind, resource] = wanted;
      expect([line, contract.actions.some((a) => a['kind'] === kind && a['resource'] === resource)]).toEqual([line, true]);
    }
    for (const action of contract.actions) {
      expect(typeof action['input']).toBe('object');
      expect(typeof action['output']).toBe('object');
    }
  });
});
