import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type ListDownloadsMessage, type ListDownloadsReply, type ResolvedDownload, type ResolveDownloadMessage } from '@backforge/contracts';
import type { ReadModels } from '@backforge/projections';
import { resolveDownloadName, type StoredFile } from './download-names.js';
import { DownloadsAgents } from './downloads-agents.js';
import { DownloadsArtifactRow } from './downloads.projection.js';
import { DOWNLOADS_READ_MODELS } from './downloads.tokens.js';

/**
 * Which stored file a download means, always within the caller's workspace: another workspace's
 * agent or file is NOT_FOUND, exactly like one that does not exist.
 */
@Injectable()
export class DownloadQueriesHandler {
  constructor(
    @Inject(DOWNLOADS_READ_MODELS) private readonly readModels: ReadModels,
    private readonly agents: DownloadsAgents,
  ) {}

  async resolve(message: ResolveDownloadMessage): Promise<ResolvedDownload> {
    const files = await this.filesOf(message.workspaceId, message.agentId);
    const resolved = resolveDownloadName(files, message.filename);
    if (!resolved) throw new DomainError('NOT_FOUND', `No file ${message.filename} for agent ${message.agentId}`);
    const { file, downloadName } = resolved;
    return { agentId: message.agentId, filename: file.filename, downloadName, size: file.size, sha256: file.sha256, contentType: file.contentType };
  }

  async list(message: ListDownloadsMessage): Promise<ListDownloadsReply> {
    const files = await this.filesOf(message.workspaceId, message.agentId);
    const items = [...files].sort((a, b) => b.version - a.version || (a.filename < b.filename ? -1 : 1));
    return { agentId: message.agentId, items };
  }

  private async filesOf(workspaceId: string, agentId: string): Promise<StoredFile[]> {
    const agent = await this.agents.find(workspaceId, agentId);
    if (!agent) throw new DomainError('NOT_FOUND', `No agent ${agentId}`);
    const rows = await this.readModels.dataSource.getRepository(DownloadsArtifactRow).findBy({ agentId: agent.id, workspaceId });
    return rows.map((r) => ({ filename: r.filename, kind: r.kind, size: r.size, sha256: r.sha256, contentType: r.contentType, version: r.version }));
  }
}
