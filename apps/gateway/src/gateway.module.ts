import { Module } from '@nestjs/common';
import { GatewayNatsController } from './gateway.nats.controller.js';

/**
 * The gateway service (control API over HTTP: platform auth, signed tokens, the SSE stream). Imported by this app's main.ts (its own process, NATS) and by the
 * standalone process (all services, in-process transport); the runtime (config, event store,
 * PostgreSQL pool, messaging client, logger, health registry) is injected, never built here.
 */
@Module({
  controllers: [GatewayNatsController],
})
export class GatewayModule {}
