import { Inject, Injectable } from '@nestjs/common';
import {
  decodeCursor,
  DomainError,
  encodeCursor,
  PAGE_LIMIT,
  type GetValidationJobMessage,
  type ListValidationReportsMessage,
  type Page,
  type ValidationJobView,
  type ValidationReportView,
} from '@backforge/contracts';
import type { ReadModels } from '@backforge/projections';
import { ValidationJobRow, ValidationReportRow } from './validation.projection.js';
import { VALIDATION_READ_MODELS } from './validation.tokens.js';
import { ValidationAgents } from './validation-agents.js';
import { reportView, validationJobView } from './validation-views.js';

const POSITION = /^\d{1,20}$/;

/**
 * Reads of validation jobs and reports, always within the caller's workspace: another workspace's
 * agent or job is NOT_FOUND, exactly like one that does not exist.
 */
@Injectable()
export class ValidationQueriesHandler {
  constructor(
    @Inject(VALIDATION_READ_MODELS) private readonly readModels: ReadModels,
    private readonly agents: ValidationAgents,
  ) {}

  private get db() {
    return this.readModels.dataSource;
  }

  async getJob(message: GetValidationJobMessage): Promise<ValidationJobView> {
    const row = await this.db.getRepository(ValidationJobRow).findOneBy({ id: message.jobId, workspaceId: message.workspaceId });
    if (!row) throw new DomainError('NOT_FOUND', `No validation job ${message.jobId}`);
    const report = row.status === 'passed' || row.status === 'failed' ? await this.db.getRepository(ValidationReportRow).findOneBy({ id: row.id }) : null;
    return validationJobView(row, report);
  }

  /** Newest first; the cursor is the log position of the last report of the previous page. */
  async listReports(message: ListValidationReportsMessage): Promise<Page<ValidationReportView>> {
    const agent = await this.agents.find(message.workspaceId, message.agentId);
    if (!agent) throw new DomainError('NOT_FOUND', `No agent ${message.agentId}`);
    const limit = message.limit ?? PAGE_LIMIT.default;
    let before: string | undefined;
    if (message.cursor !== undefined) {
      before = decodeCursor(message.cursor, POSITION);
      if (before === undefined) throw new DomainError('VALIDATION_FAILED', 'The cursor is not valid', [{ field: 'cursor', problems: ['not a cursor of this list'] }]);
    }
    const query = this.db
      .getRepository(ValidationReportRow)
      .createQueryBuilder('r')
      .where('r.agent_id = :agentId AND r.workspace_id = :ws', { agentId: agent.id, ws: message.workspaceId })
      .orderBy('r.position', 'DESC')
      .limit(limit + 1);
    if (before !== undefined) query.andWhere('r.position < :before', { before });
    const rows = await query.getMany();
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { items: page.map(reportView), nextCursor: rows.length > limit && last ? encodeCursor(last.position) : null };
  }
}
