import { Module } from '@nestjs/common';
import { DownloadsNatsController } from './downloads.nats.controller.js';

/**
 * The downloads service (artifacts: download tokens, latest and named files). Imported by this app's main.ts (its own process, NATS) and by the
 * standalone process (all services, in-process transport); the runtime (config, event store,
 * PostgreSQL pool, messaging client, logger, health registry) is injected, never built here.
 */
@Module({
  controllers: [DownloadsNatsController],
})
export class DownloadsModule {}
