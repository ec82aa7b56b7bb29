import { Module } from '@nestjs/common';
import { InvokeRouterNatsController } from './invoke-router.nats.controller.js';

/**
 * The invoke-router service (data plane: POST /v1/invoke/{slug}; key check; runs the backend). Imported by this app's main.ts (its own process, NATS) and by the
 * standalone process (all services, in-process transport); the runtime (config, event store,
 * PostgreSQL pool, messaging client, logger, health registry) is injected, never built here.
 */
@Module({
  controllers: [InvokeRouterNatsController],
})
export class InvokeRouterModule {}
