import { formatBlueprintIssues, validateBlueprint, type Blueprint, type ExampleCase } from '@backforge/blueprint';
import { Sandbox } from '@backforge/sandbox';
import { readFileSync } from 'node:fs';
import { runChecks } from '../checks/index.js';
import { deriveExamples } from '../examples/index.js';
import { synthesize } from './index.js';

/**
 * The Blueprint's newer rules end to end (fixtures/extended.blueprint.json, written without
 * examples): state fields with transitions, a unique pair, day and date-range filters, and bids
 * compared with the parent and with the best bid so far. Examples are derived, then every one must
 * hold against the generated backend in the sandbox.
 */
const written = JSON.parse(readFileSync(new URL('../fixtures/extended.blueprint.json', import.meta.url), 'utf8')) as Blueprint;
const blueprint = deriveExamples(written);

function cases(action: string): ExampleCase[] {
  return blueprint.actions.find((a) => a.name === action)?.examples ?? [];
}

function outcomes(action: string): [string, number, string | undefined][] {
  return cases(action).map((c) => [c.name, c.expect.status, c.expect.errorCode]);
}

describe('extended blueprint: states, unique pairs, day filters, compare rules', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ workers: 1 });
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('is valid once examples are derived', () => {
    const validation = validateBlueprint(blueprint);
    expect(validation.ok ? [] : formatBlueprintIssues(validation.errors)).toEqual([]);
  });

  it('derives a walk through the states and a refused move', () => {
    const publish = cases('publishArticle');
    expect(publish[0]?.setup?.map((s) => s.action)).toEqual(['createArticle', 'submitArticle']);
    expect(publish[0]?.expect).toMatchObject({ status: 200, result: { status: 'published' } });
    expect(outcomes('publishArticle')).toContainEqual(['refuses to publish a article that is draft', 409, 'RULE_VIOLATED']);
    expect(outcomes('closeWorkshop')).toContainEqual(['refuses to close a workshop that is draft', 409, 'RULE_VIOLATED']);
    expect(outcomes('updateArticle')).toContainEqual(['refuses to move status to published', 409, 'RULE_VIOLATED']);
  });

  it('derives a duplicate pair, day filters and compare refusals', () => {
    expect(outcomes('createRegistration')).toContainEqual(['refuses a second registration with the same workshop and email', 409, 'UNIQUE_VIOLATION']);
    expect(outcomes('createRegistration')).toContainEqual([expect.stringMatching(/beyond the workshop's capacity/), 409, 'RULE_VIOLATED']);
    const byDay = cases('listRegistrations').find((c) => c.name === 'filters by day');
    expect(byDay).toMatchObject({ input: { day: '2030-01-11' }, expect: { resultCount: 1 } });
    expect(cases('listWorkshops').find((c) => c.name === 'filters by from')).toMatchObject({ input: { from: '2030-01-12' }, expect: { resultCount: 1 } });
    expect(cases('listBids').find((c) => c.name === 'filters by to')).toMatchObject({ input: { to: '2030-01-11' }, expect: { resultCount: 1 } });
    expect(outcomes('createBid')).toEqual(
      expect.arrayContaining([
        ["refuses a amount below the auction's starting price", 409, 'RULE_VIOLATED'],
        ['refuses a amount that does not beat the max so far', 409, 'RULE_VIOLATED'],
      ]),
    );
  });

  it('passes every check: every derived example holds against the generated backend', async () => {
    const report = await runChecks(await synthesize(blueprint), { sandbox });
    expect(report.checks.filter((c) => c.status === 'failed')).toEqual([]);
    expect(report.checks.filter((c) => c.kind === 'behaviour').length).toBe(blueprint.actions.reduce((n, a) => n + a.examples.length, 0));
  });
});
