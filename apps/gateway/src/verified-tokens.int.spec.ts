import { streamName } from '@backforge/contracts';
import { PostgresEventStore } from '@backforge/event-store';
import { eventMetadata } from '@backforge/messaging';
import { createLogger } from '@backforge/runtime';
import { createTestDatabase, describeWith, waitFor, type TestDatabase } from '@backforge/testing';
import { PlatformTokenCache } from './verified-tokens.js';

describeWith(['postgres'])('verified-token cache fed by the log (PostgreSQL)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let cache: PlatformTokenCache;

  beforeAll(async () => {
    db = await createTestDatabase('bf_token_cache');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.ensureSchema();
    cache = new PlatformTokenCache(store, createLogger({ service: 'gateway-test', level: 'silent' }));
    cache.onModuleInit();
  }, 120_000);

  afterAll(async () => {
    await cache?.onApplicationShutdown();
    await store?.close();
    await db?.drop();
  }, 60_000);

  it('a PlatformTokenRevoked appended to the log evicts the token in moments, whatever the read model says', async () => {
    const token = { workspaceId: 'ws_cache', tokenId: 'ptk_cached' };
    const other = { workspaceId: 'ws_cache', tokenId: 'ptk_kept' };
    let lookups = 0;
    // The read model keeps answering "active": only the log can refuse the token.
    const readModel = (row: typeof token) => async () => {
      lookups += 1;
      return row;
    };
    await waitFor(async () => (await cache.verify('digest-1', readModel(token)), cache.size === 1), { timeoutMs: 30_000, description: 'the cache keeps a verified token once its feed is up' });
    await cache.verify('digest-2', readModel(other));
    const before = lookups;
    await cache.verify('digest-1', readModel(token));
    expect(lookups).toBe(before);

    await store.append(streamName('workspace', 'ws_cache'), [{ type: 'PlatformTokenRevoked', data: { tokenId: token.tokenId }, metadata: eventMetadata({ workspaceId: 'ws_cache' }) }], 'any');
    await waitFor(async () => (await cache.verify('digest-1', readModel(token))) === undefined, { timeoutMs: 30_000, description: 'the revoked token refused' });
    // The other token is still answered from memory.
    const kept = lookups;
    await expect(cache.verify('digest-2', readModel(other))).resolves.toEqual(other);
    expect(lookups).toBe(kept);
  }, 120_000);
});
