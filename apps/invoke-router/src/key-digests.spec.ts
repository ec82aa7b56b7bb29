import { KeyDigests } from './key-digests.js';

describe('KeyDigests', () => {
  it('gives back what it remembered, keeps the first digest of a credential, and forgets the oldest past its bound', () => {
    const digests = new KeyDigests(2);
    expect(digests.get('bfk_a')).toBeUndefined();
    digests.remember('bfk_a', 'da');
    digests.remember('bfk_a', 'other');
    digests.remember('bfk_b', 'db');
    expect([digests.get('bfk_a'), digests.get('bfk_b'), digests.size]).toEqual(['da', 'db', 2]);
    digests.remember('bfk_c', 'dc');
    expect([digests.get('bfk_a'), digests.get('bfk_b'), digests.get('bfk_c'), digests.size]).toEqual([undefined, 'db', 'dc', 2]);
  });

  it('refuses a bound that is not a positive integer', () => {
    expect(() => new KeyDigests(0)).toThrow(RangeError);
    expect(() => new KeyDigests(1.5)).toThrow(RangeError);
  });
});
