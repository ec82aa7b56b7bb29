import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { streamName, type ValidationRequested } from '@backforge/contracts';
import { ClaimLoop, handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { eventMetadata, runWithCorrelation } from '@backforge/messaging';
import type { ReadModels } from '@backforge/projections';
import { EVENT_STORE, LOGGER, type Logger } from '@backforge/runtime';
import { validationDecider } from './domain/validation.decider.js';
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
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(VALIDATION_READ_MODELS) private readonly readModels: ReadModels,
    private readonly infrastructure: ValidationInfrastructure,
    private readonly runner: RunValidationHandler,
  ) {
    const { config } = infrastructure;
    this.loop = new ClaimLoop<ValidationClaim>({
      name: 'validation',
      concurrency: config.jobConcurrency,
      pollMs: config.jobPollMs,
      logger: this.logger,
      findCandidates: (limit) => this.findCandidates(limit),
      claim: (jobId) => this.claim(jobId),
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

  private async claim(jobId: string): Promise<ValidationClaim | undefined> {
    const stream = streamName('validation', jobId);
    const [requested] = await this.events.readStream(stream, { maxCount: 1 });
    if (requested?.type !== 'ValidationRequested') return undefined;
    const { config } = this.infrastructure;
    const metadata = () => eventMetadata({ workspaceId: requested.metadata.workspaceId });
    return runWithCorrelation(requested.metadata.correlationId, async () => {
      const result = await handleCommand(
        this.events,
        stream,
        validationDecider,
        { type: 'ClaimValidation', workerId: this.workerId, now: Date.now(), leaseMs: config.jobLeaseMs, maxAttempts: config.jobMaxAttempts },
        { metadata },
      ).catch((error: unknown) => {
        // Another worker's claim won the race every time: it holds the job.
        if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'CONFLICT') return undefined;
        throw error;
      });
      if (!result || !result.events.some((e) => e.type === 'ValidationStarted')) return undefined;
      if (result.state.status !== 'running' || result.state.workerId !== this.workerId) return undefined;
      const data = requested.data as ValidationRequested['data'];
      return { ...data, attempt: result.state.attempt, workerId: this.workerId, correlationId: requested.metadata.correlationId };
    });
  }
}
