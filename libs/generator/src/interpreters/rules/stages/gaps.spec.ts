import { analyze } from './pipeline.js';
import { findGaps, fragmentWords } from './gaps.js';

describe('gaps: what the reader could not map or cannot keep', () => {
  it('an unmapped clause is a warning quoting the user', () => {
    const { gaps, analysis } = findGaps(analyze('Books have a title. Users can share a book with their friends.'));
    expect(gaps).toEqual([expect.stringMatching(/^not done: ".*share a book.*"/)]);
    expect(analysis.resources.map((r) => r.words.join(' '))).toEqual(['book']);
  });

  it('a record with no fields is taken out with what depends on it, each loss named', () => {
    const { gaps, analysis } = findGaps(analyze('Language flashcards with a front and a back. Let me mark a deck as finished.'));
    expect(analysis.resources.map((r) => r.words.join(' '))).toEqual(['language flashcard']);
    expect(analysis.actions.every((a) => a.resource !== 'deck')).toBe(true);
    expect(gaps.join('\n')).toMatch(/not kept: Deck \(".+"\): no fields were given/);
  });

  it('an action asked for on a record that is not kept is named, never dropped with it', () => {
    const { gaps } = findGaps(analyze('Books have a title. My shelf is in the attic. Search the shelf by colour.'));
    expect(gaps.join('\n')).toMatch(/not done: ".*" \(it acts on Shelf, which has no fields\)/);
  });

  it('a field whose name is a clause is not kept', () => {
    expect(fragmentWords('cannotBeOverbooked')).toEqual(['cannot', 'be']);
    expect(fragmentWords('maxAttendees')).toEqual([]);
  });

  it('what the actions said of a field not kept goes with it, so the rest is still served', () => {
    const { analysis, gaps } = findGaps(analyze('Each shout has a date, which boat launched and the outcome. List the shouts for each boat.'));
    expect(analysis.resources[0]?.fields.map((f) => f.spec.name)).toEqual(['date', 'outcome']);
    expect(analysis.actions.find((a) => a.kind === 'list')?.filters).toEqual([]);
    expect(gaps.some((g) => g.includes('which boat launched'))).toBe(true);
  });
});
