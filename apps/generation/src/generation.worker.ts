import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ClaimLoop } from '@backforge/deciders';
import { runWithCorrelation } from '@backforge/messaging';
import { LOGGER, type Logger } from '@backforge/runtime';
import { GenerationInfrastructure } from './generation-infrastructure.js';
import { GenerationJobRow } from './generation.projection.js';
import type { ReadModels } from '@backforge/projections';
import { GENERATION_READ_MODELS } from './generation.tokens.js';
import { ClaimGenerationHandler } from './claim-generation.handler.js';
import { RunGenerationHandler, type GenerationClaim } from './run-generation.handler.js';

/**
 * Claims generation jobs from the log and runs them (DESIGN §3): several replicas share the work, a
 * job runs once at a time, and a job whose worker died is taken over when its lease runs out.
 */
@Injectable()
export class GenerationWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly workerId = `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private readonly loop: ClaimLoop<GenerationClaim>;

  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(GENERATION_READ_MODELS) private readonly readModels: ReadModels,
    private readonly infrastructure: GenerationInfrastructure,
    private readonly runner: RunGenerationHandler,
    private readonly claims: ClaimGenerationHandler,
  ) {
    const { config } = infrastructure;
    this.loop = new ClaimLoop<GenerationClaim>({
      name: 'generation',
      concurrency: config.jobConcurrency,
      pollMs: config.jobPollMs,
      logger: this.logger,
      findCandidates: (limit) => this.findCandidates(limit),
      claim: (jobId) => this.claims.claim(jobId, this.workerId),
      run: (claim, signal) => runWithCorrelation(claim.correlationId, () => this.runner.run(claim, signal)),
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  wake(): void {
    this.loop.wake();
  }

  private async findCandidates(limit: number): Promise<string[]> {
    const rows = await this.readModels.dataSource
      .getRepository(GenerationJobRow)
      .createQueryBuilder('j')
      .select('j.id')
      .where(`j.status NOT IN ('completed', 'failed')`)
      .andWhere(`(j.status = 'queued' OR j.lease_expires_at < now())`)
      .orderBy('j.created_position', 'ASC')
      .limit(limit)
      .getMany();
    return rows.map((r) => r.id);
  }
}
