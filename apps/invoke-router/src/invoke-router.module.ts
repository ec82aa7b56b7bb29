import { Module } from '@nestjs/common';
import { InvokeRouterNatsController } from './invoke-router.nats.controller.js';
import { InvokeRouterService } from './invoke-router.service.js';

/**
 * The invoke-router service (data plane: POST /v1/invoke/{slug}; key check; runs the backend). Imported by this app's main.ts (its own process, NATS) and by the
 * standalone process (all services, in-process transport); the runtime (config, event store,
 * PostgreSQL pool, messaging client, logger, health registry) is injected, never built here.
 * The route is a raw Fastify route mounted by InvokeRouterService on the process's HTTP server.
 */
@Module({
  controllers: [InvokeRouterNatsController],
  providers: [InvokeRouterService],
})
export class InvokeRouterModule {}
