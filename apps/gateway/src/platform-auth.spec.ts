import { randomBytes } from 'node:crypto';
import { UnauthorizedException } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { digestSecret, generatePlatformToken } from '@backforge/auth';
import { DomainError } from '@backforge/contracts';
import type { GatewayConfig, GatewaySecrets } from './gateway-secrets.js';
import { PlatformAuthGuard, PlatformBearerStrategy, PlatformRateLimit, type Principal } from './platform-auth.js';
import type { PlatformTokenLookup } from './platform-token-lookup.js';
import { VerifiedTokenCache, type PlatformTokenCache } from './verified-tokens.js';

const digestKey = randomBytes(32);
const active = generatePlatformToken().token;
const revoked = generatePlatformToken().token;
const pending = generatePlatformToken().token;
const rows = new Map([[digestSecret(active, digestKey), { tokenId: 'ptk_1', workspaceId: 'ws_1' }]]);

/** The guard and strategy over a read model holding `active` only; `lookups` counts its queries. */
function setUp(burst: number) {
  const state = { lookups: 0 };
  const tokens = {
    find: async (digest: string) => {
      state.lookups += 1;
      if (digest === digestSecret(pending, digestKey)) throw new DomainError('UNAVAILABLE', 'issued moments ago');
      return rows.get(digest);
    },
  } as unknown as PlatformTokenLookup;
  const cache = new VerifiedTokenCache();
  cache.resume();
  const strategy = new PlatformBearerStrategy({ digestKey } as GatewaySecrets, tokens, cache as PlatformTokenCache);
  const guard = new PlatformAuthGuard(strategy, new PlatformRateLimit({ controlRatePerSecond: 0.001, controlRateBurst: burst } as GatewayConfig));
  return { guard, cache, state };
}

function call(guard: PlatformAuthGuard, headers: Record<string, string>, query: Record<string, unknown> = {}) {
  const request: { headers: Record<string, string>; query: Record<string, unknown>; user?: Principal } = { headers, query };
  const sent: Record<string, string> = {};
  const reply = { header: (name: string, value: string) => ((sent[name] = value), reply) };
  const run = async () => guard.canActivate(new ExecutionContextHost([request, reply, () => undefined]));
  return { request, sent, result: run().then((ok) => ({ ok }), (error: unknown) => ({ error })) };
}

describe('PlatformAuthGuard', () => {
  it('verifies a token through passport once, then lets it through from the cache, rate limit included', async () => {
    const { guard, state } = setUp(3);
    for (let i = 0; i < 3; i += 1) {
      const { request, result } = call(guard, { authorization: `Bearer ${active}` });
      await expect(result).resolves.toEqual({ ok: true });
      expect(request.user).toEqual({ workspaceId: 'ws_1', tokenId: 'ptk_1' });
    }
    expect(state.lookups).toBe(1);
    const limited = call(guard, { authorization: `bearer ${active}` });
    const outcome = (await limited.result) as { error: { code?: string } };
    expect(outcome.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.sent['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses what passport refuses, whatever the cache holds', async () => {
    const { guard, cache } = setUp(100);
    await call(guard, { authorization: `Bearer ${active}` }).result;
    const refused: Array<Record<string, string>> = [{}, { authorization: `Bearer ${revoked}` }, { authorization: 'Bearer bfp_malformed' }, { authorization: `Basic ${active}` }, { authorization: `Bearer  ${active}` }];
    for (const headers of refused) {
      const outcome = (await call(guard, headers).result) as { error?: unknown };
      expect(outcome.error).toBeInstanceOf(UnauthorizedException);
    }
    // A token in the query is refused even with a valid header.
    const inQuery = (await call(guard, { authorization: `Bearer ${active}` }, { access_token: active }).result) as { error?: unknown };
    expect(inQuery.error).toBeInstanceOf(UnauthorizedException);
    // Once revoked, the cached token goes back through passport, which refuses it (the read model
    // may still show it active: the cache remembers the revocation).
    cache.revoke('ptk_1');
    const after = (await call(guard, { authorization: `Bearer ${active}` }).result) as { error?: unknown };
    expect(after.error).toBeInstanceOf(UnauthorizedException);
  });

  it("passes the lookup's own refusal through (a token issued moments ago the read model cannot show yet: 503, not 401)", async () => {
    const { guard } = setUp(100);
    const outcome = (await call(guard, { authorization: `Bearer ${pending}` }).result) as { error?: { code?: string } };
    expect(outcome.error).toBeInstanceOf(DomainError);
    expect(outcome.error?.code).toBe('UNAVAILABLE');
  });
});
