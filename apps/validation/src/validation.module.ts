import { Module } from '@nestjs/common';
import { ValidationNatsController } from './validation.nats.controller.js';

/**
 * The validation service (build, behaviour and quality checks; validation jobs and reports). Imported by this app's main.ts (its own process, NATS) and by the
 * standalone process (all services, in-process transport); the runtime (config, event store,
 * PostgreSQL pool, messaging client, logger, health registry) is injected, never built here.
 */
@Module({
  controllers: [ValidationNatsController],
})
export class ValidationModule {}
