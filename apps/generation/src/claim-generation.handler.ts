import { Inject, Injectable } from '@nestjs/common';
import { DomainError, streamName } from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { eventMetadata, runWithCorrelation } from '@backforge/messaging';
import { EVENT_STORE } from '@backforge/runtime';
import { generationDecider } from './domain/generation.decider.js';
import { GenerationInfrastructure } from './generation-infrastructure.js';
import type { GenerationClaim } from './run-generation.handler.js';

/**
 * Claims a generation job for a worker: GenerationStarted appended at the revision read, so of two
 * workers only one wins; undefined when another holds it, or it is finished.
 */
@Injectable()
export class ClaimGenerationHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly infrastructure: GenerationInfrastructure,
  ) {}

  async claim(jobId: string, workerId: string): Promise<GenerationClaim | undefined> {
    const stream = streamName('generation', jobId);
    const [requested] = await this.events.readStream(stream, { maxCount: 1 });
    if (!requested) return undefined;
    const { config } = this.infrastructure;
    // The job's events and logs carry the correlation of the request that queued it.
    return runWithCorrelation(requested.metadata.correlationId, async () => {
      let result;
      try {
        result = await handleCommand(
          this.events,
          stream,
          generationDecider,
          { type: 'ClaimGeneration', workerId, now: Date.now(), leaseMs: config.jobLeaseMs, maxAttempts: config.jobMaxAttempts },
          { metadata: () => eventMetadata({ workspaceId: requested.metadata.workspaceId }) },
        );
      } catch (error) {
        // Other workers' claims kept winning the race: one of them holds the job.
        if (error instanceof DomainError && error.code === 'CONFLICT') return undefined;
        throw error;
      }
      const ours = result.state.status === 'running' && result.state.workerId === workerId && result.events.some((e) => e.type === 'GenerationStarted');
      if (!ours) return undefined;
      const data = requested.data as { jobId: string; agentId: string; workspaceId: string; slug: string; name: string; prompt: string };
      return { ...data, attempt: result.state.attempt, workerId, correlationId: requested.metadata.correlationId };
    });
  }
}
