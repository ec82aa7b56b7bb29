import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ClaimLoop } from '@backforge/deciders';
import { runWithCorrelation } from '@backforge/messaging';
import type { ReadModels } from '@backforge/projections';
import { LOGGER, type Logger } from '@backforge/runtime';
import { ClaimDeploymentHandler } from './claim-deployment.handler.js';
import { DeployInfrastructure } from './deploy-infrastructure.js';
import { DeployAgentRow } from './deploy.projection.js';
import { DEPLOY_READ_MODELS } from './deploy.tokens.js';
import { RunDeploymentHandler, type DeploymentClaim } from './run-deployment.handler.js';

/**
 * Claims deployments from the log and runs them (DESIGN §3): several replicas share the work, a
 * deployment runs once at a time, and one whose worker died is taken over when its lease runs out.
 * The claimable unit is the agent's deployment stream (at most one deployment of it is open).
 */
@Injectable()
export class DeployWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly workerId = `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private readonly loop: ClaimLoop<DeploymentClaim>;

  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(DEPLOY_READ_MODELS) private readonly readModels: ReadModels,
    infrastructure: DeployInfrastructure,
    private readonly runner: RunDeploymentHandler,
    private readonly claims: ClaimDeploymentHandler,
  ) {
    const { config } = infrastructure;
    this.loop = new ClaimLoop<DeploymentClaim>({
      name: 'deploy',
      concurrency: config.jobConcurrency,
      pollMs: config.jobPollMs,
      logger: this.logger,
      findCandidates: (limit) => this.findCandidates(limit),
      claim: (agentId) => this.claims.claim(agentId, this.workerId),
      run: (claim, signal) => runWithCorrelation(claim.correlationId, () => this.runner.run(claim, signal)),
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** `agentId`: a deployment just requested in this process, claimed before the read model shows it. */
  wake(agentId?: string): void {
    this.loop.wake(agentId);
  }

  private async findCandidates(limit: number): Promise<string[]> {
    const rows = await this.readModels.dataSource
      .getRepository(DeployAgentRow)
      .createQueryBuilder('a')
      .select('a.id')
      .where(`(a.deployment_phase = 'queued' OR (a.deployment_phase = 'running' AND a.lease_expires_at < now()))`)
      .orderBy('a.requested_position', 'ASC')
      .limit(limit)
      .getMany();
    return rows.map((r) => r.id);
  }
}
