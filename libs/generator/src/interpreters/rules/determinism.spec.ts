import { RulesInterpreter } from './index.js';
import { interpretPrompt } from './interpret.js';
import { loadCorpus, loadPublic } from './test-support.js';

/** Same prompt, same blueprint: deep-equal and byte-equal as JSON, whatever ran before it. */
describe('rules interpreter determinism', () => {
  const prompts = [...loadPublic().prompts, ...loadCorpus().prompts, ...loadCorpus().reject].map((p) => [p.name, p.prompt] as const);

  it('answers every prompt identically twice, in either order', () => {
    const first = prompts.map(([name, prompt]) => JSON.stringify(interpretPrompt(name, prompt)));
    const second = [...prompts].reverse().map(([name, prompt]) => JSON.stringify(interpretPrompt(name, prompt))).reverse();
    expect(second).toEqual(first);
    expect(new Set(first).size).toBe(prompts.length);
  });

  it('gives the same result through the Interpreter interface as through interpretPrompt', async () => {
    const interpreter = new RulesInterpreter();
    expect(interpreter.kind).toBe('rules');
    for (const [name, prompt] of prompts.slice(0, 12)) {
      expect(await interpreter.interpret({ name, prompt })).toEqual(interpretPrompt(name, prompt));
    }
  });

  it('ignores surrounding whitespace and line breaks', () => {
    const p = 'Notes have a title and a body.\nUsers can add notes and delete them.';
    expect(interpretPrompt('n', `  ${p}  `)).toEqual(interpretPrompt('n', p));
  });
});
