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
