import { interpretPrompt } from '../interpret.js';
import { blueprintSignatures } from '../corpus-match.js';
import { ACTION_PHRASINGS } from './action-phrasings.js';
import { runPipeline } from './pipeline.js';
import { ReadingState } from './reading-state.js';

/**
 * Table-driven: every action phrasing's examples are its tests. The last sentence holds the
 * phrasing: the sentence reader must read one of its segments with that entry, and the prompt
 * must come to the expected action signature (or name the expected gap).
 */
describe('action phrasings', () => {
  const cases = ACTION_PHRASINGS.flatMap((p) => p.examples.map(([prompt, expected]) => [p.name, prompt, expected] as const));

  it.each(cases)('%s: %s', (name, prompt, expected) => {
    const ctx = new ReadingState(prompt);
    runPipeline(ctx);
    const readBy = ctx.actionReadings.map((r) => r.phrasing);
    const r = interpretPrompt('test', prompt);
    const gaps = r.ok ? r.warnings : r.error.missing;
    const comesTo = expected.startsWith('gap: ') ? gaps.some((g) => g.includes(expected.slice(5))) : r.ok && blueprintSignatures(r.blueprint).includes(expected);
    expect({ readBy: readBy.includes(name) || readBy, comesTo: comesTo || (r.ok ? [...blueprintSignatures(r.blueprint), ...gaps] : gaps) }).toEqual({ readBy: true, comesTo: true });
  });

  it('has at least two examples per entry and unique names', () => {
    for (const p of ACTION_PHRASINGS) expect([p.name, p.examples.length >= 2]).toEqual([p.name, true]);
    expect(new Set(ACTION_PHRASINGS.map((p) => p.name)).size).toBe(ACTION_PHRASINGS.length);
  });
});
