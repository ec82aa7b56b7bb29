import { VerifiedTokenCache } from './verified-tokens.js';

const A = { workspaceId: 'ws_a', tokenId: 'ptk_a' };

/** A lookup that counts its calls, answering `row` like the read model would. */
function lookup(row: typeof A | undefined) {
  const state = { calls: 0 };
  const load = async () => {
    state.calls += 1;
    return row;
  };
  return Object.assign(load, { state });
}

describe('verified-token cache', () => {
  it('answers a verified token from memory: one lookup for many requests', async () => {
    const cache = new VerifiedTokenCache();
    cache.resume();
    const load = lookup(A);
    for (let i = 0; i < 5; i++) await expect(cache.verify('d1', load)).resolves.toEqual(A);
    expect(load.state.calls).toBe(1);
  });

  it('refuses a revoked token at once, even while the read model still shows it active', async () => {
    const cache = new VerifiedTokenCache();
    cache.resume();
    const load = lookup(A); // the read model has not applied the revocation yet
    await cache.verify('d1', load);
    cache.revoke(A.tokenId);
    expect(cache.size).toBe(0);
    await expect(cache.verify('d1', load)).resolves.toBeUndefined();
    expect(load.state.calls).toBe(2);
  });

  it('does not keep a lookup that overlapped a revocation', async () => {
    const cache = new VerifiedTokenCache();
    cache.resume();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const other = { workspaceId: 'ws_a', tokenId: 'ptk_other' };
    const pending = cache.verify('d2', async () => {
      await gate;
      return other;
    });
    cache.revoke('ptk_unrelated'); // any revocation while the lookup is in flight
    release();
    await expect(pending).resolves.toEqual(other);
    expect(cache.size).toBe(0);
  });

  it('never caches unknown tokens, nor anything while the revocation feed is down', async () => {
    const cache = new VerifiedTokenCache();
    const unknown = lookup(undefined);
    cache.resume();
    await expect(cache.verify('nope', unknown)).resolves.toBeUndefined();
    await expect(cache.verify('nope', unknown)).resolves.toBeUndefined();
    expect(unknown.state.calls).toBe(2);
    const load = lookup(A);
    await cache.verify('d1', load);
    cache.suspend();
    expect(cache.size).toBe(0);
    await cache.verify('d1', load);
    await cache.verify('d1', load);
    expect(load.state.calls).toBe(3);
  });

  it('looks the token up again once an entry is older than its bound', async () => {
    let now = 1_000;
    const cache = new VerifiedTokenCache({ ttlMs: 100, now: () => now });
    cache.resume();
    const load = lookup(A);
    await cache.verify('d1', load);
    now += 99;
    await cache.verify('d1', load);
    expect(load.state.calls).toBe(1);
    now += 2;
    await cache.verify('d1', load);
    expect(load.state.calls).toBe(2);
  });

  it('stays within its size bound', async () => {
    const cache = new VerifiedTokenCache({ maxEntries: 3 });
    cache.resume();
    for (let i = 0; i < 10; i++) await cache.verify(`d${i}`, async () => ({ workspaceId: 'w', tokenId: `t${i}` }));
    expect(cache.size).toBe(3);
  });

  it('peeks only at what a verification kept: nothing unknown, revoked, suspended or expired', async () => {
    let now = 1_000;
    const cache = new VerifiedTokenCache({ ttlMs: 100, now: () => now });
    expect(cache.peek('d1')).toBeUndefined();
    await cache.verify('d1', lookup(A)); // feed not up yet: not kept
    expect(cache.peek('d1')).toBeUndefined();
    cache.resume();
    await cache.verify('d1', lookup(A));
    expect(cache.peek('d1')).toEqual(A);
    now += 101;
    expect(cache.peek('d1')).toBeUndefined();
    expect(cache.size).toBe(0);
    await cache.verify('d1', lookup(A));
    cache.revoke(A.tokenId);
    expect(cache.peek('d1')).toBeUndefined();
    await cache.verify('d2', lookup({ workspaceId: 'ws_b', tokenId: 'ptk_b' }));
    cache.suspend();
    expect(cache.peek('d2')).toBeUndefined();
  });
});
