import type { Blueprint } from '@backforge/blueprint';
import { Sandbox } from '@backforge/sandbox';
import { RulesInterpreter } from '../interpreters/rules/index.js';
import { synthesize } from '../synth/index.js';
import { runChecks } from './index.js';

/**
 * "People can also cancel their registration" keeps the registration, marked cancelled, and a
 * cancelled registration frees its place under the event's limit (`freedWhen` on the capacity
 * rule). The example that takes the freed place passes in the generated project, and fails there
 * when the rule is made to count cancelled registrations again.
 */
const PROMPT = 'Each event has a name, a venue and a limit on attendees. People register for events with an email address; registrations past the limit are refused. People can also cancel their registration.';
const FREED = 'takes a registration in the place a cancelled one gave back';

describe('a place freed by a cancel', () => {
  let sandbox: Sandbox;
  let blueprint: Blueprint;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ workers: 1 });
    const interpreted = await new RulesInterpreter().interpret({ name: 'event-registrations', prompt: PROMPT });
    if (!interpreted.ok) throw new Error(`refused: ${interpreted.error.missing.join('; ')}`);
    blueprint = interpreted.blueprint;
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('cancels a registration once, keeps it, and its place is taken by the next one', async () => {
    expect(blueprint.rules).toContainEqual(expect.objectContaining({ kind: 'capacity', resource: 'Registration', freedWhen: { field: 'cancelled', value: true } }));
    const cancel = blueprint.actions.find((a) => a.name === 'cancelRegistration');
    expect(cancel).toMatchObject({ kind: 'transition', effects: [{ set: 'cancelled', to: { literal: true } }], guards: [{ field: 'cancelled', op: 'ne' }] });
    expect(blueprint.actions.find((a) => a.name === 'createRegistration')?.examples.map((e) => e.name)).toContain(FREED);
    const report = await runChecks(await synthesize(blueprint, { name: 'event-registrations' }), { sandbox });
    expect(report.checks.filter((c) => c.status === 'failed')).toEqual([]);
  });

  it('fails that example when cancelled registrations are counted', async () => {
    const counting = structuredClone(blueprint);
    for (const r of counting.rules) if (r.kind === 'capacity') delete r.freedWhen;
    const report = await runChecks(await synthesize(counting, { name: 'event-registrations' }), { sandbox });
    expect(report.checks.filter((c) => c.status === 'failed').map((c) => c.name).join('\n')).toContain(FREED);
  });
});
