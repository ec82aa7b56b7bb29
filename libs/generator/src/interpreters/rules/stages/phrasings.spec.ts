import { PHRASINGS, readItem, readNote, splitValues } from './phrasings.js';
import { readRow } from './table-rows.js';

/** Table-driven: every entry's examples are its tests; a new phrasing is one entry plus examples. */
describe('field-item phrasings', () => {
  const cases = PHRASINGS.flatMap((p) => p.examples.map(([input, draft]) => [p.name, input, draft] as const));

  it.each(cases)('%s: %j', (name, input, draft) => {
    expect(readItem(input)).toEqual({ item: draft, phrasing: name });
  });

  it('has at least two examples per entry and unique names', () => {
    for (const p of PHRASINGS) expect([p.name, p.examples.length >= 2]).toEqual([p.name, true]);
    expect(new Set(PHRASINGS.map((p) => p.name)).size).toBe(PHRASINGS.length);
  });

  it('each example is read by its own entry, not an earlier one', () => {
    for (const p of PHRASINGS) for (const [input] of p.examples) expect([input, readItem(input).phrasing]).toEqual([input, p.name]);
  });

  it('splits values written with slashes, bars, commas and "or"', () => {
    expect(splitValues('a / b | c, d or e')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('reads a table row: type notation and flags in the notes', () => {
    expect(readRow('deposit', 'money', 'in euros')).toEqual({ words: 'deposit', type: 'number' });
    expect(readRow('duration (minutes)', 'integer', '8 max')).toEqual({ words: 'duration (minutes) (max 8)', type: 'integer' });
    expect(readRow('status', 'choice', 'planning → rehearsing → performed')).toEqual({ words: 'status', values: ['planning', 'rehearsing', 'performed'], moves: true });
    expect(readRow('performer', 'link to student', '')).toEqual({ words: 'performer (a student)' });
    expect(readRow('show', 'link to show', '')).toEqual({ words: 'show' });
    expect(readRow('opening day', undefined, 'one of: saturday, sunday, both')).toEqual({ words: 'opening day', values: ['saturday', 'sunday', 'both'] });
    expect(readRow('email', 'text', 'required, unique')).toEqual({ words: 'email', type: 'text', flags: ['required', 'unique'] });
    expect(readRow('size', undefined, 'one of S, M, L')).toEqual({ words: 'size', values: ['S', 'M', 'L'] });
    expect(readRow('category', undefined, 'solo jazz, solo contemporary, hip hop, tap')).toEqual({ words: 'category', values: ['solo jazz', 'solo contemporary', 'hip hop', 'tap'] });
    expect(readRow('age group', undefined, 'mini (under 9), junior (9-12), teen (13-17)')).toEqual({ words: 'age group', values: ['mini', 'junior', 'teen'] });
    expect(readRow('duration', undefined, 'seconds, max 180')).toEqual({ words: 'duration (seconds, max 180)' });
    expect(readRow('entry fee', undefined, 'NZD')).toEqual({ words: 'entry fee (NZD)' });
    expect(readRow('name', undefined, 'the full name, as written')).toEqual({ words: 'name' });
    expect(readRow('dancer', undefined, 'who dances')).toEqual({ words: 'dancer' });
    expect(readRow('entry number', undefined, 'whole number, unique')).toEqual({ words: 'entry number', type: 'integer', flags: ['unique'] });
    expect(readRow('players', 'how many in the group', undefined)).toEqual({ words: 'players', type: 'integer' });
    expect(readRow('arena', 'Jungle, Village or Bunker', undefined)).toEqual({ words: 'arena', values: ['Jungle', 'Village', 'Bunker'] });
    expect(readRow('builder', undefined, 'a member')).toEqual({ words: 'builder (a member)' });
    expect(readRow('category', undefined, 'e.g. roses, dahlias, sweet peas')).toEqual({ words: 'category' });
    expect(readRow('starts', undefined, 'date and time')).toEqual({ words: 'starts', type: 'datetime' });
    expect(readRow('size', undefined, 'small / large')).toEqual({ words: 'size', values: ['small', 'large'] });
    expect(readRow('has power', undefined, 'yes or no')).toEqual({ words: 'has power', type: 'boolean' });
    expect(readRow('paid', undefined, 'yes/no')).toEqual({ words: 'paid', type: 'boolean' });
  });

  it('reads a note beside a field for its flags and type, never its name', () => {
    expect(readNote('unique code we print on the bag')).toEqual({ flags: ['unique'] });
    expect(readNote('in kg')).toEqual({ type: 'number', flags: [] });
    expect(readNote('in minutes')).toEqual({ type: 'integer', flags: [] });
    expect(readNote('date + time')).toEqual({ type: 'datetime', flags: [] });
    expect(readNote('which slot')).toEqual({ flags: [], record: 'slot' });
    expect(readNote('what needs doing')).toEqual({ flags: [] });
  });
});
