import { parseSecretKey } from '@backforge/auth';
import { loadConfig, standaloneConfigSchema } from '@backforge/config';
import { createEventStore } from '@backforge/event-store';
import { createInProcessTransport } from '@backforge/messaging';
import { createLogger, runMain, startService } from '@backforge/runtime';
import { DeployModule } from '@backforge/app-deploy';
import { DownloadsModule } from '@backforge/app-downloads';
import { GatewayModule, serveOpenApi, WorkspaceAdmin } from '@backforge/app-gateway';
import { GenerationModule } from '@backforge/app-generation';
import { InvokeRouterModule } from '@backforge/app-invoke-router';
import { KeysModule } from '@backforge/app-keys';
import { ValidationModule } from '@backforge/app-validation';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { withStandaloneSecrets } from './standalone-secrets.js';

/**
 * `pnpm start`: all seven services in one process, one HTTP server on PORT (default 8080) with one
 * /health, the in-process transport, the PostgreSQL event store, and an embedded PostgreSQL under
 * BACKFORGE_DATA_DIR (default .backforge/) unless DATABASE_URL is set.
 */
runMain('standalone', async () => {
  // Every other setting is checked before the data directory is touched (its secrets are made there).
  const { authDigestKey: _digest, authSigningKeys: _signing, ...withoutSecrets } = standaloneConfigSchema;
  loadConfig(withoutSecrets, process.env);
  const config = loadConfig(standaloneConfigSchema, await withStandaloneSecrets(process.env));
  const logger = createLogger({ service: 'standalone', level: config.logLevel });
  let embedded: EmbeddedPostgres | undefined;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, logger });
  }
  const databaseUrl = config.databaseUrl ?? embedded?.url ?? '';
  try {
    const running = await startService({
      processName: 'standalone',
      config,
      databaseUrl,
      modules: [GatewayModule, GenerationModule, ValidationModule, DeployModule, KeysModule, InvokeRouterModule, DownloadsModule],
      transport: createInProcessTransport({ drainTimeoutMs: config.shutdownTimeoutMs / 2 }),
      logger,
      configureApp: serveOpenApi,
      ...(embedded ? { onClosed: embedded.stop } : {}),
    });
    await printFirstToken(databaseUrl, parseSecretKey(config.authDigestKey, 'AUTH_DIGEST_KEY'), running.port);
    return running;
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
});

/**
 * On the very first start (no workspace yet), a `default` workspace and a platform token, printed
 * once: the raw token is kept nowhere, so this is the only time it can be shown. `port` is the bound
 * one (PORT=0 lets the system pick it).
 */
async function printFirstToken(databaseUrl: string, digestKey: Buffer, port: number): Promise<void> {
  const events = await createEventStore({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    const admin = new WorkspaceAdmin(events, digestKey);
    if ((await admin.listWorkspaces()).length > 0) return;
    const issued = await admin.issueToken('default', 'first start');
    process.stdout.write(
      [
        '',
        `Backforge is running on http://localhost:${port} (API reference: http://localhost:${port}/docs).`,
        'A platform token for the workspace "default" (shown once, keep it; it is stored only as a digest):',
        '',
        `  ${issued.token}`,
        '',
        'Issue more with: pnpm backforge tokens create --workspace default --name <label>',
        '',
      ].join('\n') + '\n',
    );
  } finally {
    await events.close();
  }
}
