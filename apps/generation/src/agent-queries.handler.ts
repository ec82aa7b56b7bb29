import { Inject, Injectable } from '@nestjs/common';
import {
  decodeCursor,
  DomainError,
  encodeCursor,
  PAGE_LIMIT,
  type AgentRead,
  type AgentView,
  type GetAgentBySlugMessage,
  type GetAgentMessage,
  type GetJobMessage,
  type JobView,
  type ListAgentsMessage,
  type Page,
} from '@backforge/contracts';
import { AgentViewCache } from './agent-view-cache.js';
import { agentView, jobView } from './agent-views.js';
import { AgentRow, GenerationJobRow } from './generation.projection.js';
import type { ReadModels } from '@backforge/projections';
import { GENERATION_READ_MODELS } from './generation.tokens.js';

const POSITION = /^\d{1,20}$/;

/**
 * Reads of agents and generation jobs, always within the caller's workspace: another workspace's
 * agent or job is NOT_FOUND, exactly like one that does not exist.
 */
@Injectable()
export class AgentQueriesHandler {
  constructor(
    @Inject(GENERATION_READ_MODELS) private readonly readModels: ReadModels,
    private readonly views: AgentViewCache,
  ) {}

  private get db() {
    return this.readModels.dataSource;
  }

  /**
   * The most read route of the control API: answered from the agent-view cache while nothing
   * changed, with the projection position the view reflects (the gateway's copy checks it).
   */
  async getAgent(message: GetAgentMessage): Promise<AgentRead> {
    return this.views.read(`${message.workspaceId}/${message.agentId}`, async (position) => {
      const row = await this.db.getRepository(AgentRow).findOneBy({ id: message.agentId, workspaceId: message.workspaceId });
      if (!row) throw new DomainError('NOT_FOUND', `No agent ${message.agentId}`);
      return { view: agentView(row), position: position === null ? null : position.toString() };
    });
  }

  async getAgentBySlug(message: GetAgentBySlugMessage): Promise<AgentView> {
    const row = await this.db.getRepository(AgentRow).findOneBy({ slug: message.slug, workspaceId: message.workspaceId });
    if (!row) throw new DomainError('NOT_FOUND', `No agent with slug ${message.slug}`);
    return agentView(row);
  }

  /** Newest first; the cursor is the creation position of the last agent of the previous page. */
  async listAgents(message: ListAgentsMessage): Promise<Page<AgentView>> {
    const limit = message.limit ?? PAGE_LIMIT.default;
    let before: string | undefined;
    if (message.cursor !== undefined) {
      before = decodeCursor(message.cursor, POSITION);
      if (before === undefined) throw new DomainError('VALIDATION_FAILED', 'The cursor is not valid', [{ field: 'cursor', problems: ['not a cursor of this list'] }]);
    }
    const query = this.db
      .getRepository(AgentRow)
      .createQueryBuilder('a')
      .where('a.workspace_id = :ws', { ws: message.workspaceId })
      .orderBy('a.created_position', 'DESC')
      .limit(limit + 1);
    if (before !== undefined) query.andWhere('a.created_position < :before', { before });
    if (message.status !== undefined) query.andWhere('a.status = :status', { status: message.status });
    const rows = await query.getMany();
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { items: page.map(agentView), nextCursor: rows.length > limit && last ? encodeCursor(last.createdPosition) : null };
  }

  async getJob(message: GetJobMessage): Promise<JobView> {
    const row = await this.db.getRepository(GenerationJobRow).findOneBy({ id: message.jobId, workspaceId: message.workspaceId });
    if (!row) throw new DomainError('NOT_FOUND', `No generation job ${message.jobId}`);
    return jobView(row);
  }
}
