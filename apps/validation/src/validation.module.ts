import { Module } from '@nestjs/common';
import { provideReadModels } from '@backforge/runtime';
import { RequestValidationHandler } from './request-validation.handler.js';
import { ClaimValidationHandler } from './claim-validation.handler.js';
import { RunValidationHandler } from './run-validation.handler.js';
import { ValidationAgents } from './validation-agents.js';
import { ValidationInfrastructure } from './validation-infrastructure.js';
import { ValidationNatsController } from './validation.nats.controller.js';
import { validationProjection } from './validation.projection.js';
import { ValidationQueriesHandler } from './validation-queries.handler.js';
import { VALIDATION_READ_MODELS } from './validation.tokens.js';
import { ValidationWorker } from './validation.worker.js';

/**
 * The validation service (build, behaviour and quality checks on stored artifacts; validation jobs
 * and reports). Imported by this app's main.ts (its own process, NATS) and by the standalone
 * process (all services, in-process transport); the runtime (config, event store, PostgreSQL pool,
 * messaging client, logger, health registry) is injected, never built here.
 */
@Module({
  controllers: [ValidationNatsController],
  providers: [
    provideReadModels(VALIDATION_READ_MODELS, 'validation', [validationProjection]),
    ValidationInfrastructure,
    ValidationAgents,
    RequestValidationHandler,
    ValidationQueriesHandler,
    RunValidationHandler, ClaimValidationHandler,
    ValidationWorker,
  ],
})
export class ValidationModule {}
