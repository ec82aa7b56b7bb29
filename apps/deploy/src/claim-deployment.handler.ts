import { Inject, Injectable } from '@nestjs/common';
import { streamName, type DeploymentRequested } from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { eventMetadata, runWithCorrelation } from '@backforge/messaging';
import { EVENT_STORE } from '@backforge/runtime';
import { DeployInfrastructure } from './deploy-infrastructure.js';
import { deploymentDecider } from './domain/deployment.decider.js';
import type { DeploymentClaim } from './run-deployment.handler.js';
import { StagedBundles } from './staged-bundles.js';

/** Claims an agent's open deployment for a worker (DeploymentStarted at the revision read: one worker wins). */
@Injectable()
export class ClaimDeploymentHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly infrastructure: DeployInfrastructure,
    private readonly staged: StagedBundles,
  ) {}

  async claim(agentId: string, workerId: string): Promise<DeploymentClaim | undefined> {
    const stream = streamName('deployment', agentId);
    // The request's correlation follows the deployment into the worker's events and logs.
    const [requested] = await this.events.readStream(stream, { direction: 'backwards', maxCount: 1 });
    if (!requested) return undefined;
    // A deployment waiting for its first claim: its bundle is loaded while the claim is appended.
    if (requested.type === 'DeploymentRequested') this.staged.stage(requested.data as unknown as DeploymentRequested['data']);
    const deploymentId = typeof requested.data.deploymentId === 'string' ? requested.data.deploymentId : undefined;
    const { config } = this.infrastructure;
    const metadata = () => eventMetadata({ workspaceId: requested.metadata.workspaceId });
    const claim = await runWithCorrelation(requested.metadata.correlationId, async (): Promise<DeploymentClaim | undefined> => {
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
    }).catch((error: unknown) => {
      if (deploymentId) this.staged.discard(deploymentId);
      throw error;
    });
    // Not ours to run (another worker holds it, or it ended): whatever was staged for it goes.
    if (deploymentId && claim?.deploymentId !== deploymentId) this.staged.discard(deploymentId);
    return claim;
  }
}
