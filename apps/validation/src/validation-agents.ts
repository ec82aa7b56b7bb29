import { Inject, Injectable } from '@nestjs/common';
import { streamName, type AgentCreated } from '@backforge/contracts';
import type { EventStore } from '@backforge/event-store';
import type { ReadModels } from '@backforge/projections';
import { EVENT_STORE } from '@backforge/runtime';
import { ValidationAgentRow } from './validation.projection.js';
import { VALIDATION_READ_MODELS } from './validation.tokens.js';

/**
 * Agents as validation knows them, read-your-writes: a client that just saw its generation job
 * `completed` (from the generation service's read model) must find the agent's artifact and report
 * here too, so a miss catches up with the log of the agent's generation job before answering.
 */
@Injectable()
export class ValidationAgents {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(VALIDATION_READ_MODELS) private readonly readModels: ReadModels,
  ) {}

  /** The agent in that workspace (null for a missing one or another workspace's). */
  async find(workspaceId: string, agentId: string): Promise<ValidationAgentRow | null> {
    const find = () => this.readModels.dataSource.getRepository(ValidationAgentRow).findOneBy({ id: agentId, workspaceId });
    const row = await find();
    if (row?.projectFile) return row;
    return (await this.catchUp(workspaceId, agentId)) ? find() : row;
  }

  private async catchUp(workspaceId: string, agentId: string): Promise<boolean> {
    const [created] = await this.events.readStream(streamName('agent', agentId), { maxCount: 1 });
    const data = created?.type === 'AgentCreated' ? (created.data as AgentCreated['data']) : undefined;
    if (!created || !data || data.workspaceId !== workspaceId) return false;
    const [last] = await this.events.readStream(streamName('generation', data.jobId), { direction: 'backwards', maxCount: 1 });
    await this.readModels.waitFor(last && last.position > created.position ? last.position : created.position);
    return true;
  }
}
