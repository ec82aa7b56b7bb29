import { Module } from '@nestjs/common';
import { provideReadModels } from '@backforge/runtime';
import { ClaimDeploymentHandler } from './claim-deployment.handler.js';
import { DeployAgents } from './deploy-agents.js';
import { DeployInfrastructure } from './deploy-infrastructure.js';
import { DeployQueriesHandler } from './deploy-queries.handler.js';
import { DeployNatsController } from './deploy.nats.controller.js';
import { deployProjection } from './deploy.projection.js';
import { DEPLOY_READ_MODELS } from './deploy.tokens.js';
import { DeployWorker } from './deploy.worker.js';
import { RequestDeploymentHandler } from './request-deployment.handler.js';
import { RunDeploymentHandler } from './run-deployment.handler.js';
import { StagedBundles } from './staged-bundles.js';

/**
 * The deploy service (deployments: request, smoke case in the sandbox, status, endpoint). Imported
 * by this app's main.ts (its own process, NATS) and by the standalone process (all services,
 * in-process transport); the runtime (config, event store, PostgreSQL pool, messaging client,
 * logger, health registry) is injected, never built here.
 */
@Module({
  controllers: [DeployNatsController],
  providers: [
    provideReadModels(DEPLOY_READ_MODELS, 'deploy', [deployProjection]),
    DeployInfrastructure,
    StagedBundles,
    DeployAgents,
    RequestDeploymentHandler,
    DeployQueriesHandler,
    RunDeploymentHandler,
    ClaimDeploymentHandler,
    DeployWorker,
  ],
})
export class DeployModule {}
