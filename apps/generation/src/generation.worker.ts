import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { streamName } from '@backforge/contracts';
import { ClaimLoop, handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { eventMetadata, runWithCorrelation } from '@backforge/messaging';
import { EVENT_STORE, LOGGER, type Logger } from '@backforge/runtime';
import { generationDecider, type GenerationState } from './domain/generation.decider.js';
import { GenerationInfrastructure } from './generation-infrastructure.js';
import { GenerationJobRow } from './generation.projection.js';
import type { ReadModels } from '@backforge/projections';
import { GENERATION_READ_MODELS } from './generation.tokens.js';
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
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(GENERATION_READ_MODELS) private readonly readModels: ReadModels,
    private readonly infrastructure: GenerationInfrastructure,
    private readonly runner: RunGenerationHandler,
  ) {
    const { config } = infrastructure;
    this.loop = new ClaimLoop<GenerationClaim>({
      name: 'generation',
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

  private async claim(jobId: string): Promise<GenerationClaim | undefined> {
    const stream = streamName('generation', jobId);
    const [requested] = await this.events.readStream(stream, { maxCount: 1 });
    if (!requested) return undefined;
    const { config } = this.infrastructure;
    const metadata = () => eventMetadata({ workspaceId: requested.metadata.workspaceId });
    return runWithCorrelation(requested.metadata.correlationId, async () => {
      const result = await handleCommand(
        this.events,
        stream,
        generationDecider,
        { type: 'ClaimGeneration', workerId: this.workerId, now: Date.now(), leaseMs: config.jobLeaseMs, maxAttempts: config.jobMaxAttempts },
        { metadata },
      ).catch((error: unknown) => {
        // Another worker's claim won the race every time: it holds the job.
        if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'CONFLICT') return undefined;
        throw error;
      });
      if (!result || !isOurs(result.state, this.workerId) || !result.events.some((e) => e.type === 'GenerationStarted')) return undefined;
      const data = requested.data as { jobId: string; agentId: string; workspaceId: string; slug: string; name: string; prompt: string };
      return { ...data, attempt: result.state.attempt, workerId: this.workerId, correlationId: requested.metadata.correlationId };
    });
  }
}

function isOurs(state: GenerationState, workerId: string): boolean {
  return state.status === 'running' && state.workerId === workerId;
}
