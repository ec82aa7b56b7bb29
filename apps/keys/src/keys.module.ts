import { Module } from '@nestjs/common';
import { provideReadModels } from '@backforge/runtime';
import { AgentScope } from './agent-scope.js';
import { ApiKeyQueriesHandler } from './api-key-queries.handler.js';
import { ApiKeysHandler } from './api-keys.handler.js';
import { KeysSettings } from './keys-settings.js';
import { KeysNatsController } from './keys.nats.controller.js';
import { keysProjection } from './keys.projection.js';
import { KEYS_READ_MODELS } from './keys.tokens.js';

/**
 * The keys service (agent API keys: create, list, revoke, rotate, verify). Imported by this app's
 * main.ts (its own process, NATS) and by the standalone process (all services, in-process
 * transport); the runtime (config, event store, PostgreSQL pool, messaging client, logger, health
 * registry) is injected, never built here.
 */
@Module({
  controllers: [KeysNatsController],
  providers: [provideReadModels(KEYS_READ_MODELS, 'keys', [keysProjection]), KeysSettings, AgentScope, ApiKeysHandler, ApiKeyQueriesHandler],
})
export class KeysModule {}
