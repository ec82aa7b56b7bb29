import { Sandbox } from '@backforge/sandbox';
import { RulesInterpreter } from '../interpreters/rules/index.js';
import { synthesize } from '../synth/index.js';
import { runChecks } from './index.js';

/**
 * A guard reached only by running another action several times ("redeem only with at least 9
 * stamps", where "stamp" adds one): the examples stamp the card nine times first, and the generated
 * project passes its checks (a structured draft edited so was refused before: no success example).
 */
const LOYALTY = `# Milkshake Bar

## Card (cards)

- holderName: string, required
- phone: string, required, unique
- stamps: integer, optional, managed, default 0, min 0

## Actions

- createCard: create Card — Create a card.
- listCards: list Card — List cards.
  - page 20 of 100
- stampCard: transition Card by id — Adds one stamp to the card
  - increment stamps by 1
- redeemCard: transition Card by id — Takes 9 stamps off for a free shake
  - guard stamps gte 9 else "This card has fewer than 9 stamps"
  - decrement stamps by 9
`;

describe('a guard raised by another action', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ workers: 1 });
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('stamps a card nine times before redeeming it, and the project passes every check', async () => {
    const interpreted = await new RulesInterpreter().interpret({ name: 'milkshake-bar', prompt: LOYALTY });
    if (!interpreted.ok) throw new Error(`refused: ${interpreted.error.missing.join('; ')}`);
    const redeem = interpreted.blueprint.actions.find((a) => a.name === 'redeemCard');
    const success = redeem?.examples.find((e) => e.expect.status === 200);
    expect(success?.setup?.filter((s) => s.action === 'stampCard')).toHaveLength(9);
    expect(redeem?.examples.some((e) => e.expect.status === 409)).toBe(true);
    const report = await runChecks(await synthesize(interpreted.blueprint, { name: 'milkshake-bar' }), { sandbox });
    expect(report.checks.filter((c) => c.status === 'failed')).toEqual([]);
  });
});
