import { Module } from '@nestjs/common';
import { GenerationNatsController } from './generation.nats.controller.js';

/**
 * The generation service (prompt -> blueprint -> artifact; owns agents and generation jobs). Imported by this app's main.ts (its own process, NATS) and by the
 * standalone process (all services, in-process transport); the runtime (config, event store,
 * PostgreSQL pool, messaging client, logger, health registry) is injected, never built here.
 */
@Module({
  controllers: [GenerationNatsController],
})
export class GenerationModule {}
