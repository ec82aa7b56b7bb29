import { AuthConfigError, generateKeyringSpec, generateSecret, keyOf, parseKeyring, parseSecretKey } from './keyring.js';

const secretA = Buffer.alloc(32, 1).toString('base64');
const secretB = Buffer.alloc(48, 2).toString('base64url');

function problemOf(spec: string): string {
  try {
    parseKeyring(spec);
  } catch (error) {
    expect(error).toBeInstanceOf(AuthConfigError);
    return (error as Error).message;
  }
  throw new Error(`parseKeyring accepted ${JSON.stringify(spec)}`);
}

describe('parseKeyring', () => {
  it('reads kid:secret entries, the first being the active key', () => {
    const keyring = parseKeyring(`k2:${secretB}, k1:${secretA}`);
    expect(keyring.active).toBe('k2');
    expect(Object.keys(keyring.keys)).toEqual(['k2', 'k1']);
    expect(keyring.keys.k1).toEqual(Buffer.alloc(32, 1));
    expect(keyring.keys.k2).toEqual(Buffer.alloc(48, 2));
  });

  it('accepts base64 and base64url, padded or not', () => {
    const bytes = Buffer.from(Array.from({ length: 33 }, (_, i) => 250 - i));
    for (const text of [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('base64').replace(/=+$/, '')]) {
      expect(parseKeyring(`a:${text}`).keys.a).toEqual(bytes);
    }
  });

  it('names the entry and the problem, never the secret', () => {
    const short = Buffer.alloc(16, 3).toString('base64');
    expect(problemOf('')).toMatch(/empty/);
    expect(problemOf('   ')).toMatch(/empty/);
    expect(problemOf(`k1:${secretA},`)).toBe('signing keyring entry 2 is empty (a stray comma?)');
    expect(problemOf(secretA)).toBe("signing keyring entry 1 is not in the form kid:base64secret (no ':')");
    expect(problemOf(`k1:${secretA},k2:${short}`)).toBe('signing keyring entry 2 ("k2"): the secret is 16 bytes; at least 32 are required');
    expect(problemOf(`k1:${secretA},k1:${secretB}`)).toBe('signing keyring entry 2: the kid "k1" is listed twice');
    expect(problemOf(`k1:`)).toBe('signing keyring entry 1 ("k1"): the secret is empty');
    expect(problemOf(`k1:not base64!`)).toBe('signing keyring entry 1 ("k1"): the secret is not base64 or base64url');
    expect(problemOf(`k1:${secretA.slice(0, -2)}x`)).toMatch(/not valid base64/);
    expect(problemOf(`:${secretA}`)).toMatch(/entry 1: the kid must be/);
    expect(problemOf(`bad kid:${secretA}`)).toMatch(/the kid must be/);
    expect(problemOf(`-k:${secretA}`)).toMatch(/the kid must be/);
    expect(problemOf(`${'k'.repeat(65)}:${secretA}`)).toMatch(/the kid must be/);
    for (const message of [problemOf(`k1:${secretA},k2:${short}`), problemOf(`k1:${secretA},k1:${secretB}`)]) {
      expect(message).not.toContain(secretA);
      expect(message).not.toContain(short);
      expect(message).not.toContain(secretB);
    }
  });

  it('treats kids as plain names: no inherited property is ever a key', () => {
    expect(problemOf(`__proto__:${secretA}`)).toMatch(/the kid must be/);
    const keyring = parseKeyring(`constructor:${secretB}`);
    expect(Object.getPrototypeOf(keyring.keys)).toBeNull();
    expect(keyOf(keyring, 'constructor')).toEqual(Buffer.alloc(48, 2));
    expect(keyOf(keyring, 'toString')).toBeUndefined();
    expect(keyOf(keyring, '__proto__')).toBeUndefined();
    expect(keyOf({ active: 'a', keys: { a: Buffer.alloc(32) } }, 'hasOwnProperty')).toBeUndefined();
  });
});

describe('parseSecretKey', () => {
  it('reads a base64 secret of at least 32 bytes and names the setting when it cannot', () => {
    expect(parseSecretKey(` ${secretA} `, 'AUTH_DIGEST_KEY')).toEqual(Buffer.alloc(32, 1));
    expect(() => parseSecretKey('c2hvcnQ=', 'AUTH_DIGEST_KEY')).toThrow('AUTH_DIGEST_KEY: the secret is 5 bytes; at least 32 are required');
    expect(() => parseSecretKey('', 'AUTH_DIGEST_KEY')).toThrow('AUTH_DIGEST_KEY: the secret is empty');
  });
});

describe('generated settings', () => {
  it('generateSecret gives 32 fresh random bytes that parseSecretKey reads back', () => {
    const a = generateSecret();
    expect(parseSecretKey(a)).toHaveLength(32);
    expect(generateSecret()).not.toBe(a);
  });

  it('generateKeyringSpec gives one entry parseKeyring reads, with a dated kid or the given one', () => {
    const spec = generateKeyringSpec(undefined, new Date('2026-11-23T20:00:00Z'));
    const keyring = parseKeyring(spec);
    expect(keyring.active).toMatch(/^k20261123[0-9A-Za-z]{4}$/);
    expect(keyring.keys[keyring.active]).toHaveLength(32);
    expect(parseKeyring(generateKeyringSpec('rotated-2')).active).toBe('rotated-2');
    expect(() => generateKeyringSpec('no spaces')).toThrow(AuthConfigError);
    // A rotation: the new entry first, the old one still listed.
    const rotated = parseKeyring(`${generateKeyringSpec('k2')},${spec}`);
    expect(rotated.active).toBe('k2');
    expect(Object.keys(rotated.keys)).toEqual(['k2', keyring.active]);
  });
});
