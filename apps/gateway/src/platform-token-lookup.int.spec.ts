import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { generatePlatformToken } from '@backforge/auth';
import { PostgresEventStore } from '@backforge/event-store';
import { ReadModels } from '@backforge/projections';
import { createLogger } from '@backforge/runtime';
import { createTestDatabase, describeWith, type TestDatabase } from '@backforge/testing';
import type { GatewaySecrets } from './gateway-secrets.js';
import { PlatformBearerStrategy } from './platform-auth.js';
import { PlatformTokenLookup } from './platform-token-lookup.js';
import { platformTokensProjection } from './platform-tokens.projection.js';
import { VerifiedTokenCache, type PlatformTokenCache } from './verified-tokens.js';
import { WorkspaceAdmin } from './workspace-admin.handler.js';

/**
 * Read-your-writes for platform tokens: the CLI issues on the log (its own connection, as its own
 * process does), and the gateway's read model applies the issue a moment later. Here that moment
 * is made as long as the test likes: a transaction holds the tokens table, so the projection cannot
 * write while the token is used.
 */
describeWith(['postgres'])('platform token lookup: a token used before the read model applied its issue', () => {
  let db: TestDatabase;
  let gatewayStore: PostgresEventStore;
  let cliStore: PostgresEventStore;
  let readModels: ReadModels;
  let strategy: PlatformBearerStrategy;
  let admin: WorkspaceAdmin;

  beforeAll(async () => {
    db = await createTestDatabase('bf_token_lookup');
    gatewayStore = new PostgresEventStore({ connectionString: db.url });
    await gatewayStore.ensureSchema();
    cliStore = new PostgresEventStore({ connectionString: db.url });
    const logger = createLogger({ service: 'gateway-test', level: 'silent' });
    readModels = await ReadModels.open({ owner: 'gateway', databaseUrl: db.url, eventStore: gatewayStore, projections: [platformTokensProjection], logger, waitTimeoutMs: 60_000 });
    const digestKey = randomBytes(32);
    const cache = new VerifiedTokenCache();
    cache.resume();
    strategy = new PlatformBearerStrategy({ digestKey } as GatewaySecrets, new PlatformTokenLookup(readModels, gatewayStore, logger), cache as PlatformTokenCache);
    admin = new WorkspaceAdmin(cliStore, digestKey);
  }, 120_000);

  afterAll(async () => {
    await readModels?.close();
    await cliStore?.close();
    await gatewayStore?.close();
    await db?.drop();
  }, 60_000);

  /** Runs `use` while a transaction keeps the projection from writing the tokens table; then lets it go. */
  async function whileTokensTableHeld<T>(use: (rowsVisible: () => Promise<number>) => Promise<T>): Promise<T> {
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      // EXCLUSIVE blocks the projection's writes, not reads.
      await holder.query('LOCK TABLE gateway_platform_tokens IN EXCLUSIVE MODE');
      return await use(async () => Number((await holder.query('SELECT count(*) AS n FROM gateway_platform_tokens')).rows[0].n));
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
  }

  it('accepts a token on its first request although the read model has not applied its issue yet: the request waits for it', async () => {
    const pending = await whileTokensTableHeld(async (rowsVisible) => {
      const issued = await admin.issueToken('fresh-ws', 'first use');
      // Unknown tokens at the same moment share the log scans with it, and are refused.
      const strangers = Array.from({ length: 5 }, () => strategy.validate(generatePlatformToken().token));
      const validation = strategy.validate(issued.token);
      // The race as the e2e suites met it: issued on the log, not in the read model.
      expect(await rowsVisible()).toBe(0);
      return { issued, validation, strangers: Promise.all(strangers) };
    });
    await expect(pending.validation).resolves.toEqual({ workspaceId: 'fresh-ws', tokenId: pending.issued.id });
    await expect(pending.strangers).resolves.toEqual([false, false, false, false, false]);
  }, 120_000);

  it('refuses a well-formed token nobody issued, and one revoked before the read model caught up', async () => {
    await expect(strategy.validate(generatePlatformToken().token)).resolves.toBe(false);
    const pending = await whileTokensTableHeld(async () => {
      const issued = await admin.issueToken('fresh-ws', 'short-lived');
      await admin.revokeToken(issued.id);
      return { validation: strategy.validate(issued.token) };
    });
    await expect(pending.validation).resolves.toBe(false);
  }, 120_000);
});
