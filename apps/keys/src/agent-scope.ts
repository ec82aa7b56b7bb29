import { Inject, Injectable } from '@nestjs/common';
import { DomainError, streamName, type AgentCreated } from '@backforge/contracts';
import type { EventStore } from '@backforge/event-store';
import type { ReadModels } from '@backforge/projections';
import { EVENT_STORE } from '@backforge/runtime';
import { ApiKeyRow, KeysAgentRow } from './keys.projection.js';
import { KEYS_READ_MODELS } from './keys.tokens.js';

/**
 * Every key route names an agent: it must be in the caller's workspace, and a key must be that
 * agent's. Anything else is NOT_FOUND, exactly like something that does not exist.
 */
@Injectable()
export class AgentScope {
  constructor(
    @Inject(KEYS_READ_MODELS) private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async requireAgent(workspaceId: string, agentId: string): Promise<KeysAgentRow> {
    const row = await this.readModels.dataSource.getRepository(KeysAgentRow).findOneBy({ id: agentId });
    if (row) {
      if (row.workspaceId === workspaceId) return row;
      throw notFound(agentId);
    }
    // Just created by the generation service and not projected here yet: the agent's own stream decides.
    const [created] = await this.events.readStream(streamName('agent', agentId), { maxCount: 1 });
    const data = created?.type === 'AgentCreated' ? (created.data as unknown as AgentCreated['data']) : undefined;
    if (!data || data.workspaceId !== workspaceId) throw notFound(agentId);
    return { id: data.agentId, workspaceId: data.workspaceId, slug: data.slug };
  }

  async requireKey(workspaceId: string, agentId: string, keyId: string): Promise<ApiKeyRow> {
    await this.requireAgent(workspaceId, agentId);
    const row = await this.readModels.dataSource.getRepository(ApiKeyRow).findOneBy({ id: keyId, agentId, workspaceId });
    if (!row) throw new DomainError('NOT_FOUND', `No API key ${keyId} for agent ${agentId}`);
    return row;
  }
}

function notFound(agentId: string): DomainError {
  return new DomainError('NOT_FOUND', `No agent ${agentId}`);
}
