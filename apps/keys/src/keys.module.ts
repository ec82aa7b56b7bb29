import { Module } from '@nestjs/common';
import { KeysNatsController } from './keys.nats.controller.js';

/**
 * The keys service (agent API keys: create, list, revoke, rotate). Imported by this app's main.ts (its own process, NATS) and by the
 * standalone process (all services, in-process transport); the runtime (config, event store,
 * PostgreSQL pool, messaging client, logger, health registry) is injected, never built here.
 */
@Module({
  controllers: [KeysNatsController],
})
export class KeysModule {}
