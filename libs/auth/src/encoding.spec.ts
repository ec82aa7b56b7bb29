import { BASE62_ALPHABET, crc32, decodeBase64Url, encodeBase64Url, randomBase62, uint32ToBase62 } from './encoding.js';

describe('crc32', () => {
  it('matches the IEEE check values', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
    expect(crc32('The quick brown fox jumps over the lazy dog')).toBe(0x414fa339);
  });
});

describe('uint32ToBase62', () => {
  it('writes fixed-width base62, most significant digit first', () => {
    expect(uint32ToBase62(0, 6)).toBe('000000');
    expect(uint32ToBase62(61, 6)).toBe('00000z');
    expect(uint32ToBase62(62, 6)).toBe('000010');
    expect(uint32ToBase62(0xffffffff, 6)).toBe('4gfFC3');
  });

  it('is one-to-one over 32-bit values (6 digits hold 62^6 > 2^32)', () => {
    const seen = new Set<string>();
    for (const v of [0, 1, 2, 61, 62, 3843, 3844, 2 ** 31, 2 ** 32 - 2, 2 ** 32 - 1]) seen.add(uint32ToBase62(v, 6));
    expect(seen.size).toBe(10);
  });
});

describe('randomBase62', () => {
  it('returns exactly the requested number of base62 characters', () => {
    for (const n of [0, 1, 40, 1000]) {
      const s = randomBase62(n);
      expect(s).toHaveLength(n);
      expect(s).toMatch(/^[0-9A-Za-z]*$/);
    }
  });

  it('uses every character with roughly equal frequency (no modulo bias toward the first ones)', () => {
    const counts = new Map<string, number>();
    const sample = randomBase62(62 * 2000);
    for (const c of sample) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 2000 each; a biased `byte % 62` over 256 values would put the first 8 near 2400.
    for (const c of BASE62_ALPHABET) {
      expect(counts.get(c)).toBeGreaterThan(1650);
      expect(counts.get(c)).toBeLessThan(2350);
    }
  });
});

describe('base64url', () => {
  it('round-trips bytes and refuses non-canonical or foreign spellings', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    const text = encodeBase64Url(bytes);
    expect(decodeBase64Url(text)).toEqual(bytes);
    expect(decodeBase64Url('')).toEqual(Buffer.alloc(0));
    expect(decodeBase64Url('YQ')).toEqual(Buffer.from('a'));
    expect(decodeBase64Url('YR')).toBeUndefined(); // same byte, spare bits set
    expect(decodeBase64Url('YQ==')).toBeUndefined(); // padding
    expect(decodeBase64Url('Y+8v')).toBeUndefined(); // standard alphabet
    expect(decodeBase64Url('Y Q')).toBeUndefined();
    expect(decodeBase64Url('Y')).toBeUndefined(); // a dangling character
  });
});
