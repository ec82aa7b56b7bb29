import { Inject, Injectable } from '@nestjs/common';
import { streamName, type AgentCreated } from '@backforge/contracts';
import type { EventStore } from '@backforge/event-store';
import type { ReadModels } from '@backforge/projections';
import { EVENT_STORE } from '@backforge/runtime';
import { DeployAgentRow } from './deploy.projection.js';
import { DEPLOY_READ_MODELS } from './deploy.tokens.js';

/**
 * Agents as the deploy service knows them, read-your-writes: a client that just saw its generation
 * job `completed` (in the generation service's read model) must be able to deploy at once, so a
 * miss, or an agent not yet ready here, catches up with the log of the agent's generation job and
 * deployments before answering. An agent the read model shows `ready` or `failed` needs no catch-up
 * (it is on the way of every deployment request): an agent has one generation job today, a job
 * ends once (the generation decider), so the log has nothing newer about its version. Should agents
 * ever get later jobs, a deployment must catch up with those too.
 */
@Injectable()
export class DeployAgents {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(DEPLOY_READ_MODELS) private readonly readModels: ReadModels,
  ) {}

  /** The agent in that workspace (null for a missing one or another workspace's). */
  async find(workspaceId: string, agentId: string): Promise<DeployAgentRow | null> {
    const find = () => this.readModels.dataSource.getRepository(DeployAgentRow).findOneBy({ id: agentId, workspaceId });
    const row = await find();
    if (row && row.generation !== 'generating') return row;
    return (await this.catchUp(workspaceId, agentId)) ? find() : row;
  }

  private async catchUp(workspaceId: string, agentId: string): Promise<boolean> {
    const [created] = await this.events.readStream(streamName('agent', agentId), { maxCount: 1 });
    const data = created?.type === 'AgentCreated' ? (created.data as AgentCreated['data']) : undefined;
    if (!created || !data || data.workspaceId !== workspaceId) return false;
    let newest = created.position;
    // Both streams at once: this is on the way of every deployment request.
    const lasts = await Promise.all(
      [streamName('generation', data.jobId), streamName('deployment', agentId)].map((stream) => this.events.readStream(stream, { direction: 'backwards', maxCount: 1 })),
    );
    for (const [last] of lasts) if (last && last.position > newest) newest = last.position;
    await this.readModels.waitFor(newest);
    return true;
  }
}
