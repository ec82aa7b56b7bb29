import { redactAuthorization, redactSecrets, redactUrl, REDACTED } from './redact.js';
import { generateAgentKey, generatePlatformToken } from './secrets.js';
import { signToken } from './signed-token.js';

const ring = { active: 'k1', keys: { k1: Buffer.alloc(32, 1) } };
const signed = signToken({ purpose: 'download', workspaceId: 'w', agentId: 'a', filename: 'latest', expiresInSeconds: 60 }, ring).token;
const { key } = generateAgentKey();
const { token } = generatePlatformToken();

describe('redactUrl', () => {
  it('gives the same answers as libs/messaging redactUrl on its cases (credential query values by name)', () => {
    expect(redactUrl('/v1/downloads/a1/latest?token=abc.def&x=1')).toBe('/v1/downloads/a1/latest?token=[REDACTED]&x=1');
    expect(redactUrl('/v1/generate/j/stream?x=1&Token=t&api_key=k')).toBe('/v1/generate/j/stream?x=1&Token=[REDACTED]&api_key=[REDACTED]');
    expect(redactUrl('/health/ready')).toBe('/health/ready');
    expect(redactUrl('/x?token')).toBe('/x?token=[REDACTED]');
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[REDACTED]');
    expect(redactUrl('/x?a=%ZZ&sig=1')).toBe('/x?a=%ZZ&sig=[REDACTED]');
  });

  it('also removes our tokens and keys found anywhere else in the URL', () => {
    expect(redactUrl(`/v1/downloads/a/latest?t=${signed}`)).toBe(`/v1/downloads/a/latest?t=${REDACTED}`);
    expect(redactUrl(`/v1/agents/${key}/x`)).toBe(`/v1/agents/bfk_${REDACTED}/x`);
    expect(redactUrl(`https://h/p?token=${signed}&next=%2Fx`)).toBe(`https://h/p?token=${REDACTED}&next=%2Fx`);
  });
});

describe('redactSecrets', () => {
  it('removes Authorization credentials in the usual spellings, keeping the scheme', () => {
    expect(redactSecrets(`Authorization: Bearer ${key}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactSecrets('authorization: Basic dXNlcjpwYXNz')).toBe(`authorization: Basic ${REDACTED}`);
    expect(redactSecrets('{"authorization":"Bearer opaque-value","x":1}')).toBe(`{"authorization":"Bearer ${REDACTED}","x":1}`);
    expect(redactSecrets("headers: { authorization: 'opaque' }")).toBe(`headers: { authorization: '${REDACTED}' }`);
    expect(redactSecrets('Proxy-Authorization: Bearer xyz')).toBe(`Proxy-Authorization: Bearer ${REDACTED}`);
  });

  it('removes Cookie and Set-Cookie values (a dashboard session is a credential)', () => {
    expect(redactSecrets('Cookie: bf_session=s3cr3t; theme=dark\nHost: x')).toBe(`Cookie: ${REDACTED}\nHost: x`);
    expect(redactSecrets('set-cookie: bf_session=s3cr3t; HttpOnly')).toBe(`set-cookie: ${REDACTED}`);
    expect(redactSecrets('{"cookie":"bf_session=s3cr3t"}')).toBe(`{"cookie":"${REDACTED}"}`);
    expect(redactSecrets('a cookie jar')).toBe('a cookie jar');
  });

  it('removes credential query values inside free text', () => {
    expect(redactSecrets('GET /v1/downloads/a/f.tar.gz?token=opaque&inline=1 -> 200')).toBe(`GET /v1/downloads/a/f.tar.gz?token=${REDACTED}&inline=1 -> 200`);
    expect(redactSecrets('fetch failed: "https://s3.local/b/o?X-Amz=1&signature=abc"')).toBe(`fetch failed: "https://s3.local/b/o?X-Amz=1&signature=${REDACTED}"`);
    expect(redactSecrets('a=1&b=2 and ?page=2')).toBe('a=1&b=2 and ?page=2');
  });

  it('removes our platform tokens, agent keys (even mistyped or cut short) and any JWS, wherever they are', () => {
    expect(redactSecrets(`created key ${key} for agent a`)).toBe(`created key bfk_${REDACTED} for agent a`);
    expect(redactSecrets(`token=${token}`)).toBe(`token=bfp_${REDACTED}`);
    expect(redactSecrets(`bad key ${key.slice(0, 20)}…`)).toBe(`bad key bfk_${REDACTED}…`);
    expect(redactSecrets(`{"token":"${signed}"}`)).toBe(`{"token":"${REDACTED}"}`);
    expect(redactSecrets(`link ${signed} expires`)).toBe(`link ${REDACTED} expires`);
    for (const secret of [key, token, signed]) expect(redactSecrets(`x ${secret} y`)).not.toContain(secret.slice(12, 30));
  });

  it('leaves ordinary text alone, including key prefixes shown in lists', () => {
    const text = `agent 3f0c-11 job job-1 status completed, prefix ${key.slice(0, 12)} last four ${key.slice(-4)}, eyJ alone, eyJhbGciOiJIUzI1NiJ9 1.2.3, heyJohn.smith.x`;
    expect(redactSecrets(text)).toBe(text);
  });

  it('stays fast on hostile input (linear patterns)', () => {
    const hostile = [
      `${'a='.repeat(200_000)}`,
      `${'eyJ'.repeat(100_000)}`,
      `${'eyJ-'.repeat(100_000)}`,
      `${'eyJaaaaaaaaaaaaaaaaaaaaaaaaa.'.repeat(10_000)}`,
      `${'?token'.repeat(100_000)}`, `${'bfk_'.repeat(100_000)}`, `Authorization:${' '.repeat(200_000)}x`,
      `Cookie:${' '.repeat(200_000)}`,
      `${'cookie: '.repeat(50_000)}`, `?${'&'.repeat(200_000)}`,
    ];
    for (const text of hostile) {
      const started = process.hrtime.bigint();
      redactSecrets(text);
      redactUrl(text);
      // Generous for a loaded machine: linear work on 200-400 kB is a few ms; a backtracking (or even quadratic)
      // pattern would take minutes.
      expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(20_000);
    }
  });
});

describe('redactAuthorization', () => {
  it('keeps the scheme only', () => {
    expect(redactAuthorization(`Bearer ${key}`)).toBe(`Bearer ${REDACTED}`);
    expect(redactAuthorization('opaque')).toBe(REDACTED);
    expect(redactAuthorization('')).toBe(REDACTED);
  });
});
