import { Inject, Injectable } from '@nestjs/common';
import { streamName, type ValidationRequested } from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { eventMetadata, runWithCorrelation } from '@backforge/messaging';
import { EVENT_STORE } from '@backforge/runtime';
import { validationDecider } from './domain/validation.decider.js';
import type { ValidationClaim } from './run-validation.handler.js';
import { ValidationInfrastructure } from './validation-infrastructure.js';

/** Claims a validation job for a worker (ValidationStarted at the revision read: one worker wins). */
@Injectable()
export class ClaimValidationHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly infrastructure: ValidationInfrastructure,
  ) {}

  async claim(jobId: string, workerId: string): Promise<ValidationClaim | undefined> {
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
        { type: 'ClaimValidation', workerId: workerId, now: Date.now(), leaseMs: config.jobLeaseMs, maxAttempts: config.jobMaxAttempts },
        { metadata },
      ).catch((error: unknown) => {
        // Another worker's claim won the race every time: it holds the job.
        if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'CONFLICT') return undefined;
        throw error;
      });
      if (!result || !result.events.some((e) => e.type === 'ValidationStarted')) return undefined;
      if (result.state.status !== 'running' || result.state.workerId !== workerId) return undefined;
      const data = requested.data as ValidationRequested['data'];
      return { ...data, attempt: result.state.attempt, workerId: workerId, correlationId: requested.metadata.correlationId };
    });
  }
}
