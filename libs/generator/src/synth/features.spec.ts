import { formatBlueprintIssues, validateBlueprint, type Blueprint } from '@backforge/blueprint';
import { Sandbox } from '@backforge/sandbox';
import { readFileSync } from 'node:fs';
import { runChecks } from '../checks/index.js';
import { synthesize } from './index.js';

/**
 * One blueprint that uses every field type, action kind, filter operator, guard operator, effect,
 * value source and rule (fixtures/features.blueprint.json), so no emitter path is only exercised by prompts
 * nobody has written yet. Every example case must hold. State moves, unique combinations, day
 * filters, compare rules and parent guards are in fixtures/extended.blueprint.json (extended.spec.ts).
 */
const blueprint = JSON.parse(readFileSync(new URL('../fixtures/features.blueprint.json', import.meta.url), 'utf8')) as Blueprint;

describe('feature matrix blueprint', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ workers: 1 });
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('is a valid blueprint', () => {
    const validation = validateBlueprint(blueprint);
    expect(validation.ok ? [] : formatBlueprintIssues(validation.errors)).toEqual([]);
  });

  it('passes every check', async () => {
    const report = await runChecks(await synthesize(blueprint), { sandbox });
    expect(report.checks.filter((c) => c.status === 'failed')).toEqual([]);
    expect(report.checks.filter((c) => c.kind === 'behaviour').length).toBe(blueprint.actions.reduce((n, a) => n + a.examples.length, 0));
  });
});
