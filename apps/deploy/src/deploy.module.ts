import { Module } from '@nestjs/common';
import { DeployNatsController } from './deploy.nats.controller.js';

/**
 * The deploy service (deployments: status, endpoint, publish to the runtime). Imported by this app's main.ts (its own process, NATS) and by the
 * standalone process (all services, in-process transport); the runtime (config, event store,
 * PostgreSQL pool, messaging client, logger, health registry) is injected, never built here.
 */
@Module({
  controllers: [DeployNatsController],
})
export class DeployModule {}
