import { interpretPrompt } from './interpret.js';
import { withArticle } from './build.js';

describe('action descriptions', () => {
  it.each([
    ['entry', 'an entry'],
    ['user', 'a user'],
    ['hour', 'an hour'],
    ['book', 'a book'],
    ['order line', 'an order line'],
    ['unit', 'a unit'],
  ])('"%s" takes the article a reader expects', (thing, want) => {
    expect(withArticle(thing)).toBe(want);
  });

  it('an action written by the interpreter reads as English', () => {
    const r = interpretPrompt('entries', 'Entries have a title and a date.');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.blueprint.actions.find((a) => a.kind === 'create')?.description).toBe('Create an entry.');
  });
});

describe('an action that could never succeed', () => {
  const prompt = '## Keg\n- code\n- status: filled → delivered → cleaned\n\n## Actions\n- fill a keg\n- deliver a keg';

  it('is left out and named in the user\'s words; the rest of the prompt is served', () => {
    const r = interpretPrompt('kegs', prompt);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.blueprint.actions.map((a) => a.name)).toContain('deliverKeg');
    expect(r.blueprint.actions.map((a) => a.name)).not.toContain('fillKeg');
    expect(r.warnings.join('\n')).toMatch(/"Fill a keg".*could never succeed/);
    expect(r.draft).toMatch(/- \[ \] not done: "Fill a keg"/);
  });

  it('is named whether it comes first under "Actions" or not (a verb and its object are never a title)', () => {
    const swapped = interpretPrompt('kegs', prompt.replace('- fill a keg\n- deliver a keg', '- deliver a keg\n- fill a keg'));
    const first = interpretPrompt('kegs', prompt);
    expect(first.ok && swapped.ok && first.warnings).toEqual(swapped.ok && swapped.warnings);
  });
});
