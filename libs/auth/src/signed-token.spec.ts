import { createHmac, randomBytes } from 'node:crypto';
import type { Keyring } from './keyring.js';
import {
  DEFAULT_CLOCK_SKEW_SECONDS,
  MAX_SIGNED_TOKEN_LENGTH,
  signToken,
  verifyToken,
  type ExpectedToken,
  type SignTokenRequest,
  type TokenFailureReason,
} from './signed-token.js';

const key1 = Buffer.alloc(32, 1);
const key2 = Buffer.alloc(32, 2);
const ring: Keyring = { active: 'k1', keys: { k1: key1 } };
const NOW = Date.UTC(2026, 10, 23, 20, 0, 0);

const download: SignTokenRequest = { purpose: 'download', workspaceId: 'ws-1', agentId: 'agent-1', filename: 'latest', expiresInSeconds: 300 };
const stream: SignTokenRequest = { purpose: 'stream', workspaceId: 'ws-1', jobId: 'job-1', expiresInSeconds: 600 };
const forDownload: ExpectedToken = { purpose: 'download', agentId: 'agent-1', filename: 'latest', workspaceId: 'ws-1' };
const forStream: ExpectedToken = { purpose: 'stream', jobId: 'job-1', workspaceId: 'ws-1' };

const b64 = (value: unknown): string => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const sig = (key: Buffer, input: string, alg = 'sha256'): string => createHmac(alg, key).update(input).digest('base64url');

/** A token assembled by hand: any header, any payload, signed with any key (or not at all). */
function forge(header: unknown, payload: unknown, key: Buffer | null = key1): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${key ? sig(key, input) : ''}`;
}

const goodHeader = { alg: 'HS256', typ: 'JWT', kid: 'k1' };
function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const iat = Math.floor(NOW / 1000);
  return { purpose: 'download', workspaceId: 'ws-1', agentId: 'agent-1', filename: 'latest', iat, exp: iat + 300, jti: 'AAAAAAAAAAAAAAAAAAAAAA', ...overrides };
}

function reasonOf(token: unknown, expected: ExpectedToken = forDownload, keyring: Keyring = ring, now = NOW): TokenFailureReason | 'ok' {
  const result = verifyToken(token, keyring, expected, now);
  return result.ok ? 'ok' : result.reason;
}

describe('signToken', () => {
  it('makes a compact HS256 JWS with the kid, and claims bound to purpose, resource, workspace and expiry', () => {
    const { token, claims: c, expiresAt } = signToken(download, ring, NOW);
    const [h, p, s] = token.split('.');
    expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'k1' });
    expect(JSON.parse(Buffer.from(p!, 'base64url').toString())).toEqual(c);
    expect(s).toBe(sig(key1, `${h}.${p}`));
    expect(c).toEqual({ purpose: 'download', workspaceId: 'ws-1', agentId: 'agent-1', filename: 'latest', iat: NOW / 1000, exp: NOW / 1000 + 300, jti: c.jti });
    expect(c.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(expiresAt).toEqual(new Date(NOW + 300_000));
    expect(token.length).toBeLessThan(400);
  });

  it('gives each token its own jti', () => {
    const jtis = new Set(Array.from({ length: 500 }, () => signToken(stream, ring, NOW).claims.jti));
    expect(jtis.size).toBe(500);
  });

  it('keeps only the fields of the purpose (nothing extra slips into the payload)', () => {
    const sneaky = { ...stream, agentId: 'agent-9', admin: true } as unknown as SignTokenRequest;
    expect(Object.keys(signToken(sneaky, ring, NOW).claims).sort()).toEqual(['exp', 'iat', 'jobId', 'jti', 'purpose', 'workspaceId']);
  });

  it('refuses lifetimes and subjects outside the format, and a keyring without its active key', () => {
    for (const expiresInSeconds of [0, -1, 1.5, 86_401, Number.NaN]) {
      expect(() => signToken({ ...download, expiresInSeconds }, ring, NOW)).toThrow(RangeError);
    }
    expect(() => signToken({ ...download, filename: '' }, ring, NOW)).toThrow('cannot sign a download token: filename must be a string of 1-255 characters');
    expect(() => signToken({ ...download, agentId: 'a'.repeat(201) }, ring, NOW)).toThrow(TypeError);
    expect(() => signToken({ ...stream, workspaceId: '' }, ring, NOW)).toThrow(TypeError);
    expect(() => signToken({ ...download, purpose: 'admin' } as unknown as SignTokenRequest, ring, NOW)).toThrow('cannot sign a token: purpose must be download or stream (got "admin")');
    expect(() => signToken({ ...stream, purpose: 'admin' } as unknown as SignTokenRequest, ring, NOW)).toThrow('purpose must be download or stream');
    expect(() => signToken(download, { active: 'k9', keys: { k1: key1 } }, NOW)).toThrow('the active signing key "k9" is not in the keyring');
  });
});

describe('verifyToken', () => {
  it('accepts a token for its own purpose, resource and workspace, and returns its claims', () => {
    const signed = signToken(download, ring, NOW);
    expect(verifyToken(signed.token, ring, forDownload, NOW)).toEqual({ ok: true, claims: signed.claims });
    expect(reasonOf(signToken(stream, ring, NOW).token, forStream)).toBe('ok');
  });

  it('checks the workspace only when the route knows it (a signed-only route reads it from the claims)', () => {
    const { token } = signToken(download, ring, NOW);
    const result = verifyToken(token, ring, { purpose: 'download', agentId: 'agent-1', filename: 'latest' }, NOW);
    expect(result.ok && result.claims.workspaceId).toBe('ws-1');
  });

  describe('expiry', () => {
    const { token } = signToken(download, ring, NOW);
    const exp = NOW + 300_000;
    it('is valid until exp plus the skew tolerance, exclusive', () => {
      expect(DEFAULT_CLOCK_SKEW_SECONDS).toBe(5);
      expect(reasonOf(token, forDownload, ring, exp - 1)).toBe('ok');
      expect(reasonOf(token, forDownload, ring, exp + 4_999)).toBe('ok');
      expect(reasonOf(token, forDownload, ring, exp + 5_000)).toBe('expired');
      expect(reasonOf(token, forDownload, ring, exp + 3_600_000)).toBe('expired');
    });

    it('uses the skew given, including none', () => {
      expect(verifyToken(token, ring, forDownload, exp - 1, { clockSkewSeconds: 0 }).ok).toBe(true);
      expect(verifyToken(token, ring, forDownload, exp, { clockSkewSeconds: 0 })).toEqual({ ok: false, reason: 'expired' });
      expect(verifyToken(token, ring, forDownload, exp + 29_000, { clockSkewSeconds: 30 }).ok).toBe(true);
      expect(() => verifyToken(token, ring, forDownload, exp, { clockSkewSeconds: -1 })).toThrow(RangeError);
    });

    it('refuses a token issued further in the future than the skew', () => {
      expect(reasonOf(token, forDownload, ring, NOW - 5_000)).toBe('ok');
      expect(reasonOf(token, forDownload, ring, NOW - 5_001)).toBe('not_yet_valid');
    });
  });

  it('refuses each mismatch with its own reason', () => {
    const { token } = signToken(download, ring, NOW);
    expect(reasonOf(token, forStream)).toBe('wrong_purpose');
    expect(reasonOf(signToken(stream, ring, NOW).token, forDownload)).toBe('wrong_purpose');
    expect(reasonOf(token, { ...forDownload, agentId: 'agent-2' })).toBe('wrong_resource');
    expect(reasonOf(token, { ...forDownload, filename: 'openapi.json' })).toBe('wrong_resource');
    expect(reasonOf(signToken(stream, ring, NOW).token, { ...forStream, jobId: 'job-2' })).toBe('wrong_resource');
    expect(reasonOf(token, { ...forDownload, workspaceId: 'ws-2' })).toBe('wrong_workspace');
  });

  describe('algorithm allow-list and header', () => {
    it('refuses alg none (with or without a signature), other algorithms and a missing alg', () => {
      expect(reasonOf(forge({ alg: 'none', typ: 'JWT', kid: 'k1' }, claims(), null))).toBe('bad_algorithm');
      expect(reasonOf(forge({ alg: 'none', kid: 'k1' }, claims()))).toBe('bad_algorithm');
      expect(reasonOf(forge({ alg: 'None', kid: 'k1' }, claims(), null))).toBe('bad_algorithm');
      expect(reasonOf(forge({ alg: 'hs256', kid: 'k1' }, claims()))).toBe('bad_algorithm');
      expect(reasonOf(forge({ alg: 'RS256', kid: 'k1' }, claims()))).toBe('bad_algorithm');
      expect(reasonOf(forge({ kid: 'k1' }, claims()))).toBe('bad_algorithm');
      const input = `${b64({ alg: 'HS512', kid: 'k1' })}.${b64(claims())}`;
      expect(reasonOf(`${input}.${sig(key1, input, 'sha512')}`)).toBe('bad_algorithm');
    });

    it('refuses a missing or unknown kid, and never reads an inherited property as a key', () => {
      expect(reasonOf(forge({ alg: 'HS256', typ: 'JWT' }, claims()))).toBe('unknown_key');
      expect(reasonOf(forge({ ...goodHeader, kid: 'k2' }, claims(), key2))).toBe('unknown_key');
      for (const kid of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        expect(reasonOf(forge({ ...goodHeader, kid }, claims()))).toBe('unknown_key');
      }
      expect(reasonOf(forge({ ...goodHeader, kid: 7 }, claims()))).toBe('malformed');
    });

    it('refuses header fields we never write (jku, jwk, x5u, crit...) and a foreign typ', () => {
      for (const extra of [{ jku: 'https://evil.example/keys' }, { jwk: { kty: 'oct', k: 'AA' } }, { x5u: 'x' }, { crit: ['exp'] }, { cty: 'JWT' }]) {
        expect(reasonOf(forge({ ...goodHeader, ...extra }, claims()))).toBe('malformed');
      }
      expect(reasonOf(forge({ ...goodHeader, typ: 'at+jwt' }, claims()))).toBe('malformed');
      expect(reasonOf(forge({ alg: 'HS256', kid: 'k1' }, claims()))).toBe('ok'); // typ is optional
    });
  });

  describe('signature and tampering', () => {
    it('refuses a token signed with a key other than its kid names', () => {
      expect(reasonOf(forge(goodHeader, claims(), key2))).toBe('bad_signature');
      expect(reasonOf(forge(goodHeader, claims(), null))).toBe('bad_signature');
    });

    it('refuses a change to any one character of the header, payload or signature', () => {
      const { token } = signToken(download, ring, NOW);
      const alphabet = 'ABCabc019_-';
      let refused = 0;
      for (let i = 0; i < token.length; i += 1) {
        if (token[i] === '.') continue;
        const replacement = alphabet[(alphabet.indexOf(token[i]!) + 1) % alphabet.length] ?? 'A';
        const tampered = token.slice(0, i) + replacement + token.slice(i + 1);
        expect(tampered).not.toBe(token);
        expect(reasonOf(tampered)).not.toBe('ok');
        refused += 1;
      }
      expect(refused).toBe(token.length - 2);
    });

    it('refuses a payload re-encoded with changed claims under the original signature', () => {
      const { token } = signToken(download, ring, NOW);
      const [h, p, s] = token.split('.') as [string, string, string];
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
      for (const change of [{ agentId: 'agent-2' }, { filename: 'x.tar.gz' }, { workspaceId: 'ws-2' }, { exp: (payload.exp as number) + 3600 }, { purpose: 'stream' }]) {
        expect(reasonOf(`${h}.${b64({ ...payload, ...change })}.${s}`)).toBe('bad_signature');
      }
      // Another header (a different kid, a reordered header) over the same payload and signature.
      expect(reasonOf(`${b64({ kid: 'k1', alg: 'HS256', typ: 'JWT' })}.${p}.${s}`)).toBe('bad_signature');
      // A character outside ASCII whose low byte is the original one's ('e' is 0x65, 'ť' is 0x165).
      expect(reasonOf(`${h}.${String.fromCharCode(0x100 + p.charCodeAt(0))}${p.slice(1)}.${s}`)).toBe('bad_signature');
      // Non-canonical base64url spellings of the same signature bytes.
      expect(reasonOf(`${h}.${p}.${s}=`)).toBe('bad_signature');
      expect(reasonOf(`${h}.${p}.${s.slice(0, -1)}`)).toBe('bad_signature');
    });

    it('refuses a validly signed payload whose shape is not ours', () => {
      for (const payload of [
        claims({ extra: 1 }),
        claims({ exp: undefined }),
        claims({ exp: 'tomorrow' }),
        claims({ iat: -1 }),
        claims({ exp: Math.floor(NOW / 1000) - 1 }),
        claims({ exp: Math.floor(NOW / 1000) + 86_401 }),
        claims({ jti: 'short' }),
        claims({ filename: '' }),
        claims({ purpose: 'admin' }),
        { ...claims({ purpose: 'stream' }), jobId: 'job-1' },
        [claims()],
        'a string',
        42,
        null,
      ]) {
        expect(reasonOf(forge(goodHeader, payload))).toBe('malformed');
      }
    });
  });

  describe('key rotation', () => {
    const old = signToken(download, ring, NOW).token;
    const rotated: Keyring = { active: 'k2', keys: { k2: key2, k1: key1 } };

    it('signs with the new active key and still accepts tokens of a listed old key', () => {
      const fresh = signToken(download, rotated, NOW).token;
      expect(JSON.parse(Buffer.from(fresh.split('.')[0]!, 'base64url').toString()).kid).toBe('k2');
      expect(reasonOf(fresh, forDownload, rotated)).toBe('ok');
      expect(reasonOf(old, forDownload, rotated)).toBe('ok');
      // A verifier not yet given the new key refuses the new tokens as unknown, not as tampered.
      expect(reasonOf(fresh, forDownload, ring)).toBe('unknown_key');
    });

    it('refuses tokens of a key once it is removed', () => {
      expect(reasonOf(old, forDownload, { active: 'k2', keys: { k2: key2 } })).toBe('unknown_key');
    });

    it('refuses a token that names a listed kid but was signed with another listed key', () => {
      const input = `${b64({ ...goodHeader, kid: 'k2' })}.${b64(claims())}`;
      expect(reasonOf(`${input}.${sig(key1, input)}`, forDownload, rotated)).toBe('bad_signature');
    });
  });

  it('has an example for every refusal reason (the Record below must name them all to compile)', () => {
    const { token } = signToken(download, ring, NOW);
    const examples: Record<TokenFailureReason, () => TokenFailureReason | 'ok'> = {
      malformed: () => reasonOf('a.b'),
      bad_algorithm: () => reasonOf(forge({ alg: 'none', kid: 'k1' }, claims(), null)),
      unknown_key: () => reasonOf(forge({ ...goodHeader, kid: 'gone' }, claims())),
      bad_signature: () => reasonOf(forge(goodHeader, claims(), key2)),
      expired: () => reasonOf(token, forDownload, ring, NOW + 400_000),
      not_yet_valid: () => reasonOf(token, forDownload, ring, NOW - 60_000),
      wrong_purpose: () => reasonOf(token, forStream),
      wrong_resource: () => reasonOf(token, { ...forDownload, agentId: 'other' }),
      wrong_workspace: () => reasonOf(token, { ...forDownload, workspaceId: 'other' }),
    };
    for (const [reason, example] of Object.entries(examples)) expect(example()).toBe(reason);
  });

  describe('garbage', () => {
    it('answers malformed, never throws, for anything that is not a token', () => {
      const garbage: unknown[] = [
        undefined,
        null,
        0,
        {},
        ['a', 'b', 'c'],
        '',
        '.',
        '..',
        '...',
        'a.b',
        'a.b.c.d',
        'not a token',
        `${'a'.repeat(MAX_SIGNED_TOKEN_LENGTH)}.b.c`,
        'x'.repeat(5_000_000),
        '.'.repeat(100_000),
        `${b64('{')}.${b64('{}')}.AAAA`,
        `${b64('[]')}.${b64('{}')}.AAAA`,
        `${b64('null')}.${b64('{}')}.AAAA`,
        `${b64('"HS256"')}.${b64('{}')}.AAAA`,
        `%%%.${b64(claims())}.AAAA`,
        `${b64(goodHeader)}=.${b64(claims())}.AAAA`,
        `eyJ\u0000.e30.AAAA`,
        `${b64(goodHeader).replace(/^./, 'é')}.e30.AAAA`,
        randomBytes(300).toString('latin1'),
      ];
      for (const g of garbage) expect(verifyToken(g, ring, forDownload, NOW)).toEqual({ ok: false, reason: 'malformed' });
    });

    it('survives random bytes spliced into a real token (each answer is a refusal, none throws)', () => {
      const { token } = signToken(download, ring, NOW);
      for (let i = 0; i < 2000; i += 1) {
        const at = i % token.length;
        const junk = randomBytes(1 + (i % 7)).toString(i % 2 ? 'latin1' : 'base64url');
        const mutated = token.slice(0, at) + junk + token.slice(at + 1);
        if (mutated === token) continue;
        expect(verifyToken(mutated, ring, forDownload, NOW).ok).toBe(false);
      }
    });
  });
});
