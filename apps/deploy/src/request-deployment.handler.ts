import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, streamName, type DeployAgentMessage, type DeploymentView, type JobError } from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { eventMetadata } from '@backforge/messaging';
import type { ReadModels } from '@backforge/projections';
import { EVENT_STORE } from '@backforge/runtime';
import { DeployAgents } from './deploy-agents.js';
import { deploymentView } from './deploy-views.js';
import { DeployAgentRow } from './deploy.projection.js';
import { DEPLOY_READ_MODELS } from './deploy.tokens.js';
import { DeployWorker } from './deploy.worker.js';
import { deploymentDecider, type AgentReadiness } from './domain/deployment.decider.js';
import { StagedBundles } from './staged-bundles.js';

/** `dep_` and 96 random bits in hex. */
export function newDeploymentId(): string {
  return `dep_${randomBytes(12).toString('hex')}`;
}

/** What the deploy service's read model says about the agent's artifacts, for the decider. */
export function readinessOf(row: DeployAgentRow): AgentReadiness {
  if (row.generation === 'ready' && row.latestVersion !== null && row.latestBundle !== null) {
    return { state: 'ready', slug: row.slug, version: row.latestVersion, bundle: row.latestBundle };
  }
  if (row.generation === 'failed') return { state: 'failed', jobId: row.jobId, error: (row.generationError as JobError | null) ?? null };
  return { state: 'generating', jobId: row.jobId };
}

/**
 * POST /v1/deploy/{id}: queue a deployment of the agent's newest stored version. Answers as soon as
 * the deployment is in the log and the read model shows it (`deploying`); loading the bundle and
 * answering its smoke case run off the request path. Another workspace's agent is NOT_FOUND.
 */
@Injectable()
export class RequestDeploymentHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(DEPLOY_READ_MODELS) private readonly readModels: ReadModels,
    private readonly agents: DeployAgents,
    private readonly worker: DeployWorker,
    private readonly staged: StagedBundles,
  ) {}

  async handle(message: DeployAgentMessage): Promise<DeploymentView> {
    const { workspaceId, agentId } = message;
    const agent = await this.agents.find(workspaceId, agentId);
    if (!agent) throw new DomainError('NOT_FOUND', `No agent ${agentId}`);
    const deploymentId = newDeploymentId();
    const requested = await handleCommand(
      this.events,
      streamName('deployment', agentId),
      deploymentDecider,
      { type: 'RequestDeployment', deploymentId, agentId, workspaceId, agent: readinessOf(agent) },
      { metadata: () => eventMetadata({ workspaceId }) },
    );
    // Claimed at once, from the log, its bundle loading meanwhile (deploy -> first invoke is a figure
    // users feel, docs/benchmarks.md).
    const [queued] = requested.events;
    if (queued?.type === 'DeploymentRequested') this.staged.stage(queued.data);
    this.worker.wake(agentId);
    if (requested.position !== undefined) await this.readModels.waitFor(requested.position);
    const row = await this.readModels.dataSource.getRepository(DeployAgentRow).findOneBy({ id: agentId, workspaceId });
    // The answer is the deployment as requested (`deploying`); should the worker already have finished
    // it, the read model says more than that, so the request's own view is answered instead.
    const stillOpen = row?.deploymentId === deploymentId && (row.deploymentPhase === 'queued' || row.deploymentPhase === 'running');
    return stillOpen && row
      ? deploymentView(row)
      : { agentId, deploymentId, status: 'deploying', version: requested.state.version, servingVersion: requested.state.serving?.version ?? null };
  }
}
