import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ClaimLoop } from '@backforge/deciders';
import { runWithCorrelation } from '@backforge/messaging';
import type { ReadModels } from '@backforge/projections';
import { LOGGER, type Logger } from '@backforge/runtime';
import { ClaimValidationHandler } from './claim-validation.handler.js';
import { RunValidationHandler, type ValidationClaim } from './run-validation.handler.js';
import { ValidationInfrastructure } from './validation-infrastructure.js';
import { ValidationJobRow } from './validation.projection.js';
import { VALIDATION_READ_MODELS } from './validation.tokens.js';

/**
 * Claims validation jobs from the log and runs their checks (DESIGN §3): several replicas share the
 * work, a job runs once at a time, and a job whose worker died is taken over when its lease runs out.
 */
@Injectable()
export class ValidationWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly workerId = `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private readonly loop: ClaimLoop<ValidationClaim>;

  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(VALIDATION_READ_MODELS) private readonly readModels: ReadModels,
    private readonly infrastructure: ValidationInfrastructure,
    private readonly runner: RunValidationHandler,
    private readonly claims: ClaimValidationHandler,
  ) {
    const { config } = infrastructure;
    this.loop = new ClaimLoop<ValidationClaim>({
      name: 'validation',
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
      .getRepository(ValidationJobRow)
      .createQueryBuilder('j')
      .select('j.id')
      .where(`(j.status = 'queued' OR (j.status = 'running' AND j.lease_expires_at < now()))`)
      .orderBy('j.created_position', 'ASC')
      .limit(limit)
      .getMany();
    return rows.map((r) => r.id);
  }
}
