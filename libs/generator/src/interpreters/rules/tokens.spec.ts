import { tokenize } from './tokens.js';

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
