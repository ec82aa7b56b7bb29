import { parseStructuredPrompt, renderStructuredPrompt, type Blueprint } from '@backforge/blueprint';
import { readFileSync } from 'node:fs';
import { deriveExamples } from '../examples/index.js';
import { fixtureNames, loadFixture } from '../fixtures/index.js';
import { RulesInterpreter } from '../interpreters/rules/index.js';

/**
 * The structured prompt round trip over the generator's own Blueprints: every hand-written fixture,
 * the feature matrix, the extended rules, and whatever the rules interpreter makes of every corpus
 * prompt. Rendering then parsing must give the identical Blueprint.
 */

function roundTrip(bp: Blueprint): unknown {
  const parsed = parseStructuredPrompt(renderStructuredPrompt(bp));
  return parsed.ok ? parsed.blueprint : parsed.problems;
}

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const corpus = (read('../../corpus/prompts.json') as { prompts: { name: string; prompt: string }[] }).prompts;

describe('structured prompt round trip over the generator blueprints', () => {
  it.each(fixtureNames())('fixture %s', (name) => {
    const bp = loadFixture(name);
    expect(roundTrip(bp)).toEqual(bp);
  });

  it('the feature matrix and the extended rules (examples derived)', () => {
    const features = read('../fixtures/features.blueprint.json') as Blueprint;
    const extended = deriveExamples(read('../fixtures/extended.blueprint.json') as Blueprint);
    expect(roundTrip(features)).toEqual(features);
    expect(roundTrip(extended)).toEqual(extended);
  });

  it(`every blueprint the rules interpreter makes of the ${corpus.length} corpus prompts`, async () => {
    const interpreter = new RulesInterpreter();
    let accepted = 0;
    for (const prompt of corpus) {
      const result = await interpreter.interpret({ name: prompt.name, prompt: prompt.prompt });
      if (!result.ok) continue;
      accepted++;
      expect([prompt.name, roundTrip(result.blueprint)]).toEqual([prompt.name, result.blueprint]);
    }
    expect(accepted).toBeGreaterThan(corpus.length / 2);
  });
});
