import { splitClauses, splitList, textOf, tokenize } from './tokens.js';

describe('tokenize: numbers and ranges', () => {
  const ranges = (text: string): unknown[] => tokenize(text).filter((t) => t.w === '#range' || t.w === '#paren').map((t) => (t.w === '#range' ? t.range : t.inner?.find((x) => x.w === '#range')?.range));

  it.each([
    ['floor (integer, -2 to 12)', [{ min: -2, max: 12 }]],
    ['temperature from -20 to 40', [{ min: -20, max: 40 }]],
    ['shelf 1..40', [{ min: 1, max: 40 }]],
    ['start hour (6-22)', [{ min: 6, max: 22 }]],
  ])('"%s" keeps the sign and the bounds', (text, want) => {
    expect(ranges(text)).toEqual(want);
  });

  it('a dash after a word is not a sign ("A-12" stays a code)', () => {
    expect(tokenize('room A-12').map((t) => t.w)).toEqual(['room', 'a-12']);
  });
});

describe('tokenize: letters with accents', () => {
  it('"café", "Pétanque" are words; the working word is plain, the raw word keeps the accents', () => {
    const toks = tokenize('Dementia café sessions, Pétanque teams');
    expect(toks.map((t) => t.w)).toEqual(['dementia', 'cafe', 'sessions', ',', 'petanque', 'teams']);
    expect(toks.map((t) => t.raw)).toContain('café');
  });
});

describe('splitClauses: spaced dashes', () => {
  const texts = (prompt: string): string[] => splitClauses(prompt).map((c) => c.text);

  it('a dash before a conjunction or a subject starts a new clause', () => {
    expect(texts("Deliveries: customer, paid y/n — and I mark a delivery as paid.")).toEqual(['Deliveries', 'customer, paid y/n', 'I mark a delivery as paid']);
    expect(texts('I tune pianos — I need my appointments with a client name.')).toEqual(['I tune pianos', 'I need my appointments with a client name']);
  });

  it('any other spaced dash introduces what follows', () => {
    expect(texts('Players - name, shirt number.')).toEqual(['Players', 'name, shirt number']);
    expect(texts('Players have a position - goalkeeper, defender or striker.')).toEqual(['Players have a position (goalkeeper, defender or striker)']);
  });
});

describe('splitClauses: a unit before a full stop ends its sentence', () => {
  it('"in cm. So we can ..." is two sentences', () => {
    expect(splitClauses('A booking has a height in cm. So we can set up a bike.').map((c) => c.text)).toEqual(['A booking has a height in cm', 'So we can set up a bike']);
  });
});

describe('splitClauses: two requirements in one clause, values after a colon', () => {
  const texts = (prompt: string): string[] => splitClauses(prompt).map((c) => c.text);

  it('a spaced slash before a verb and its object separates two requirements', () => {
    expect(texts('Adjourn a hearing / mark it held.')).toEqual(['Adjourn a hearing', 'mark it held']);
    expect(texts('Type: galaxy / nebula / double star.')).toEqual(['Type', 'galaxy / nebula / double star']);
  });

  it('"mark X as a and as b" is one requirement per state', () => {
    expect(texts('We mark a repair as ready and as collected.')).toEqual(['We mark a repair as ready', 'mark a repair as collected']);
  });

  it('a colon after a field that takes values, in a sentence declaring fields, gives that field its values', () => {
    expect(texts('Repairs have a name and a status: received, in repair, ready.')).toEqual(['Repairs have a name and a status (received, in repair, ready)']);
    expect(texts('Bug tracker: issues have a title.')).toEqual(['Bug tracker', 'issues have a title']);
  });
});

describe('splitList: a plus sign joins two items', () => {
  it('"time + kind" is two items; "name + mobile" too', () => {
    expect(splitList(tokenize('time + kind')).map(textOf)).toEqual(['time', 'kind']);
    expect(splitList(tokenize("the member's name + mobile")).map(textOf)).toEqual(['the member name', 'mobile']);
  });
});

