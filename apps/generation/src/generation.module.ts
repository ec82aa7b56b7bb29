import { Module } from '@nestjs/common';
import { AgentQueriesHandler } from './agent-queries.handler.js';
import { AgentViewCache } from './agent-view-cache.js';
import { ClaimGenerationHandler } from './claim-generation.handler.js';
import { GenerateBackendHandler } from './generate-backend.handler.js';
import { GenerationInfrastructure } from './generation-infrastructure.js';
import { GenerationNatsController } from './generation.nats.controller.js';
import { provideReadModels } from '@backforge/runtime';
import { generationProjection } from './generation.projection.js';
import { GENERATION_READ_MODELS } from './generation.tokens.js';
import { GenerationWorker } from './generation.worker.js';
import { RunGenerationHandler } from './run-generation.handler.js';

/**
 * The generation service (prompt -> blueprint -> artifact; owns agents and generation jobs). Imported
 * by this app's main.ts (its own process, NATS) and by the standalone process (all services,
 * in-process transport); the runtime (config, event store, PostgreSQL pool, messaging client,
 * logger, health registry) is injected, never built here.
 */
@Module({
  controllers: [GenerationNatsController],
  providers: [
    provideReadModels(GENERATION_READ_MODELS, 'generation', [generationProjection]),
    GenerationInfrastructure, AgentViewCache, GenerateBackendHandler, AgentQueriesHandler, RunGenerationHandler, ClaimGenerationHandler, GenerationWorker],
})
export class GenerationModule {}
