import { Inject, Injectable } from '@nestjs/common';
import { streamName } from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { eventMetadata, runWithCorrelation } from '@backforge/messaging';
import { EVENT_STORE } from '@backforge/runtime';
import { DeployInfrastructure } from './deploy-infrastructure.js';
import { deploymentDecider } from './domain/deployment.decider.js';
import type { DeploymentClaim } from './run-deployment.handler.js';

/** Claims an agent's open deployment for a worker (DeploymentStarted at the revision read: one worker wins). */
@Injectable()
export class ClaimDeploymentHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly infrastructure: DeployInfrastructure,
  ) {}

  async claim(agentId: string, workerId: string): Promise<DeploymentClaim | undefined> {
    const stream = streamName('deployment', agentId);
    // The request's correlation follows the deployment into the worker's events and logs.
    const [requested] = await this.events.readStream(stream, { direction: 'backwards', maxCount: 1 });
    if (!requested) return undefined;
    const { config } = this.infrastructure;
    const metadata = () => eventMetadata({ workspaceId: requested.metadata.workspaceId });
    return runWithCorrelation(requested.metadata.correlationId, async () => {
      const result = await handleCommand(
        this.events,
        stream,
        deploymentDecider,
        { type: 'ClaimDeployment', workerId, now: Date.now(), leaseMs: config.jobLeaseMs, maxAttempts: config.jobMaxAttempts },
        { metadata },
      ).catch((error: unknown) => {
        // Another worker's claim won the race every time: it holds the deployment.
        if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'CONFLICT') return undefined;
        throw error;
      });
      if (!result || !result.events.some((e) => e.type === 'DeploymentStarted')) return undefined;
      const { state } = result;
      if (state.phase !== 'running' || state.workerId !== workerId || state.bundle === undefined) return undefined;
      return {
        deploymentId: state.deploymentId,
        agentId: state.agentId,
        workspaceId: state.workspaceId,
        slug: state.slug,
        version: state.version,
        bundle: state.bundle,
        attempt: state.attempt,
        workerId,
        correlationId: requested.metadata.correlationId,
      };
    });
  }
}
