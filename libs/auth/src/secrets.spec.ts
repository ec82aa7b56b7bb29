import { createSecretKey, randomBytes } from 'node:crypto';
import { BASE62_ALPHABET } from './encoding.js';
import {
  AGENT_KEY_PREFIX,
  bearerCredential,
  digestSecret,
  generateAgentKey,
  generatePlatformToken,
  parseAgentKey,
  parsePlatformToken,
  PLATFORM_TOKEN_PREFIX,
  safeEqual,
  SECRET_LENGTH,
} from './secrets.js';

const serverKey = Buffer.alloc(32, 7);

/** Every string that differs from `value` in exactly one character (each position, every other base62 character). */
function* oneCharacterTypos(value: string): Generator<string> {
  for (let i = 0; i < value.length; i += 1) {
    for (const c of BASE62_ALPHABET) if (c !== value[i]) yield value.slice(0, i) + c + value.slice(i + 1);
  }
}

describe('platform tokens', () => {
  it('have the typed format: bfp_, 40 random base62 characters, a 6-character checksum', () => {
    const issued = generatePlatformToken();
    expect(issued.token).toMatch(/^bfp_[0-9A-Za-z]{46}$/);
    expect(issued.token).toHaveLength(SECRET_LENGTH);
    expect(issued.prefix).toBe(issued.token.slice(0, 12));
    expect(issued.prefix.startsWith(PLATFORM_TOKEN_PREFIX)).toBe(true);
    expect(issued.lastFour).toBe(issued.token.slice(-4));
  });

  it('are different every time', () => {
    const tokens = new Set(Array.from({ length: 2000 }, () => generatePlatformToken().token));
    expect(tokens.size).toBe(2000);
  });

  it('parse when well formed, with the same label as at issue', () => {
    const issued = generatePlatformToken();
    expect(parsePlatformToken(issued.token)).toEqual({ ok: true, value: issued.token, prefix: issued.prefix, lastFour: issued.lastFour });
  });

  it('refuse every one-character typo by the checksum, the prefix or the alphabet', () => {
    const { token } = generatePlatformToken();
    let count = 0;
    for (const typo of oneCharacterTypos(token)) {
      expect(parsePlatformToken(typo).ok).toBe(false);
      count += 1;
    }
    // 61 others at each of the 49 base62 positions, 62 at the `_` of the prefix.
    expect(count).toBe(49 * 61 + 62);
  });

  it('refuse a typo in the random part as bad_checksum, not malformed', () => {
    const { token } = generatePlatformToken();
    const flipped = token.slice(0, 10) + (token[10] === 'a' ? 'b' : 'a') + token.slice(11);
    expect(parsePlatformToken(flipped)).toEqual({ ok: false, reason: 'bad_checksum' });
  });

  it('refuse two neighbouring characters swapped', () => {
    const { token } = generatePlatformToken();
    for (let i = 4; i < token.length - 1; i += 1) {
      if (token[i] === token[i + 1]) continue;
      const swapped = token.slice(0, i) + token[i + 1]! + token[i]! + token.slice(i + 2);
      expect(parsePlatformToken(swapped)).toEqual({ ok: false, reason: 'bad_checksum' });
    }
  });

  it('refuse an agent key, a truncated or extended token, case changes and whitespace as malformed', () => {
    const { token } = generatePlatformToken();
    const { key } = generateAgentKey();
    for (const bad of [key, token.slice(0, -1), `${token}0`, ` ${token}`, `${token}\n`, token.toUpperCase(), `BFP_${token.slice(4)}`]) {
      expect(parsePlatformToken(bad)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('refuse a token of the other type whose checksum was recomputed (the prefix is part of the format)', () => {
    const { key } = generateAgentKey();
    expect(parsePlatformToken(`bfp_${key.slice(4)}`)).toEqual({ ok: false, reason: 'bad_checksum' });
  });
});

describe('agent API keys', () => {
  it('have the typed format and a label without the secret part', () => {
    const issued = generateAgentKey();
    expect(issued.key).toMatch(/^bfk_[0-9A-Za-z]{46}$/);
    expect(issued.prefix).toBe(issued.key.slice(0, 12));
    expect(issued.prefix.startsWith(AGENT_KEY_PREFIX)).toBe(true);
    expect(issued.lastFour).toBe(issued.key.slice(-4));
    expect(parseAgentKey(issued.key)).toEqual({ ok: true, value: issued.key, prefix: issued.prefix, lastFour: issued.lastFour });
  });

  it('keep at least 160 random bits hidden after the prefix and last four are shown', () => {
    // 40 random characters, 8 shown in the prefix; the last four are checksum characters, which
    // reveal at most log2(62^4) bits about the random part.
    const hiddenBits = (40 - 8) * Math.log2(62) - 4 * Math.log2(62);
    expect(hiddenBits).toBeGreaterThan(160);
  });

  it('refuse every one-character typo', () => {
    const { key } = generateAgentKey();
    for (const typo of oneCharacterTypos(key)) expect(parseAgentKey(typo).ok).toBe(false);
  });

  it('refuse a platform token as malformed', () => {
    expect(parseAgentKey(generatePlatformToken().token)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('never throw on garbage, whatever its type or size', () => {
    const garbage: unknown[] = [
      undefined,
      null,
      42,
      {},
      [],
      Symbol('k'),
      '',
      'bfk_',
      'x'.repeat(10_000_000),
      `bfk_${'é'.repeat(46)}`,
      `bfk_${'\u0000'.repeat(46)}`,
      randomBytes(50).toString('latin1'),
      Buffer.from(generateAgentKey().key),
    ];
    for (const g of garbage) expect(parseAgentKey(g)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('digestSecret', () => {
  it('is HMAC-SHA256 under the server key: stable, key-dependent, in hex or base64url', () => {
    const { key } = generateAgentKey();
    const hex = digestSecret(key, serverKey);
    expect(hex).toMatch(/^[0-9a-f]{64}$/);
    expect(digestSecret(key, serverKey)).toBe(hex);
    expect(digestSecret(key, createSecretKey(serverKey))).toBe(hex);
    expect(digestSecret(key, serverKey, 'base64url')).toBe(Buffer.from(hex, 'hex').toString('base64url'));
    expect(digestSecret(key, Buffer.alloc(32, 8))).not.toBe(hex);
    expect(digestSecret(generateAgentKey().key, serverKey)).not.toBe(hex);
  });

  it('matches the RFC 4231 HMAC-SHA256 test vector (case 2)', () => {
    expect(digestSecret('what do ya want for nothing?', Buffer.from('Jefe'))).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });
});

describe('safeEqual', () => {
  it('compares strings and bytes', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual(Buffer.from('abc'), 'abc')).toBe(true);
    expect(safeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
  });

  it('refuses equal-length inputs differing only in the first or only in the last byte, and any length mismatch', () => {
    // That its time does not depend on where they differ is measured in tools/bench/auth.bench.mjs.
    const a = digestSecret('a', serverKey);
    expect(safeEqual(a, `${a.slice(0, -1)}${a.endsWith('0') ? '1' : '0'}`)).toBe(false);
    expect(safeEqual(a, `${a.startsWith('0') ? '1' : '0'}${a.slice(1)}`)).toBe(false);
    expect(safeEqual(a, digestSecret('b', serverKey))).toBe(false);
    expect(safeEqual(a, a.slice(0, -1))).toBe(false);
    expect(safeEqual('a', 'ab')).toBe(false);
  });
});

describe('bearerCredential', () => {
  it('reads the credential of a Bearer header', () => {
    const { key } = generateAgentKey();
    expect(bearerCredential(`Bearer ${key}`)).toBe(key);
    expect(bearerCredential(`bearer ${key}`)).toBe(key);
    expect(bearerCredential(`Bearer   ${key}`)).toBe(key);
  });

  it('answers undefined for anything else', () => {
    for (const h of [undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer a b', 'Bearer abc ', 'Bearerabc', ['Bearer a', 'Bearer b'], `Bearer ${'a'.repeat(5000)}`]) {
      expect(bearerCredential(h)).toBeUndefined();
    }
  });
});
