import { Module } from '@nestjs/common';
import { provideReadModels } from '@backforge/runtime';
import { DownloadQueriesHandler } from './download-queries.handler.js';
import { DownloadsAgents } from './downloads-agents.js';
import { DownloadsNatsController } from './downloads.nats.controller.js';
import { downloadsProjection } from './downloads.projection.js';
import { DOWNLOADS_READ_MODELS } from './downloads.tokens.js';

/**
 * The downloads service (which stored artifact a download means: `latest`, aliases, exact names).
 * The gateway streams the bytes from the artifact store itself; this service answers what to
 * stream, scoped to the caller's workspace. Imported by this app's main.ts (its own process, NATS)
 * and by the standalone process (all services, in-process transport); the runtime is injected.
 */
@Module({
  controllers: [DownloadsNatsController],
  providers: [provideReadModels(DOWNLOADS_READ_MODELS, 'downloads', [downloadsProjection]), DownloadsAgents, DownloadQueriesHandler],
})
export class DownloadsModule {}
