import { loadConfig, standaloneConfigSchema } from '@backforge/config';
import { createInProcessTransport } from '@backforge/messaging';
import { createLogger, runMain, startService } from '@backforge/runtime';
import { DeployModule } from '@backforge/app-deploy';
import { DownloadsModule } from '@backforge/app-downloads';
import { GatewayModule } from '@backforge/app-gateway';
import { GenerationModule } from '@backforge/app-generation';
import { InvokeRouterModule } from '@backforge/app-invoke-router';
import { KeysModule } from '@backforge/app-keys';
import { ValidationModule } from '@backforge/app-validation';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';

/**
 * `pnpm start`: all seven services in one process, one HTTP server on PORT (default 8080) with one
 * /health, the in-process transport, the PostgreSQL event store, and an embedded PostgreSQL under
 * BACKFORGE_DATA_DIR (default .backforge/) unless DATABASE_URL is set.
 */
runMain('standalone', async () => {
  const config = loadConfig(standaloneConfigSchema);
  const logger = createLogger({ service: 'standalone', level: config.logLevel });
  let embedded: EmbeddedPostgres | undefined;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, logger });
  }
  const databaseUrl = config.databaseUrl ?? embedded?.url ?? '';
  try {
    return await startService({
      processName: 'standalone',
      config,
      databaseUrl,
      modules: [GatewayModule, GenerationModule, ValidationModule, DeployModule, KeysModule, InvokeRouterModule, DownloadsModule],
      transport: createInProcessTransport({ drainTimeoutMs: config.shutdownTimeoutMs / 2 }),
      logger,
      ...(embedded ? { onClosed: embedded.stop } : {}),
    });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
});
