import { PHRASINGS, readItem, readRow, splitValues } from './phrasings.js';

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
    expect(readRow('email', 'text', 'required, unique')).toEqual({ words: 'email', type: 'text', flags: ['required', 'unique'] });
    expect(readRow('size', undefined, 'one of S, M, L')).toEqual({ words: 'size', values: ['S', 'M', 'L'] });
  });
});
