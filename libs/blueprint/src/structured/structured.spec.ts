import type { Blueprint } from '../blueprint.js';
import { exampleBlueprints, parseStructuredPrompt, renderStructuredPrompt, validateBlueprint } from '../index.js';
import { randomBlueprint } from './random-blueprint.js';

const withoutExamples = (bp: Blueprint): Blueprint => ({ ...bp, actions: bp.actions.map((a) => ({ ...a, examples: [] })) });

function roundTrip(bp: Blueprint): unknown {
  const parsed = parseStructuredPrompt(renderStructuredPrompt(bp));
  return parsed.ok ? parsed.blueprint : parsed.problems;
}

describe('structured prompt: render then parse gives the identical Blueprint', () => {
  it.each(Object.entries(exampleBlueprints))('the %s example', (_name, bp) => {
    expect(roundTrip(bp)).toEqual(bp);
  });

  const SEED = 20261123;
  const CASES = 400;
  it(`${CASES} random valid Blueprints (seeds ${SEED}..${SEED + CASES - 1})`, () => {
    for (let seed = SEED; seed < SEED + CASES; seed++) {
      const bp = randomBlueprint(seed);
      const valid = validateBlueprint(bp);
      // The seed is in every comparison, so a failure names the case to replay.
      expect([seed, valid.ok ? [] : valid.errors]).toEqual([seed, []]);
      expect([seed, roundTrip(bp)]).toEqual([seed, bp]);
    }
  });

  it('without examples: the same Blueprint with none, and the actions listed for the caller to derive', () => {
    const bp = exampleBlueprints.library;
    const parsed = parseStructuredPrompt(renderStructuredPrompt(bp, { examples: false }));
    expect(parsed.ok && parsed.blueprint).toEqual(withoutExamples(bp));
    expect(parsed.ok && parsed.withoutExamples).toEqual(bp.actions.map((a) => a.name));
  });
});
