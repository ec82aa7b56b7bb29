import 'reflect-metadata';
import { Column, Entity, PrimaryColumn, type EntityManager } from 'typeorm';
import { STREAM_PREFIX, type AgentEvent, type ArtifactRef, type GenerationEvent } from '@backforge/contracts';
import { defineProjection } from '@backforge/projections';
import type { RecordedEvent } from '@backforge/event-store';

/** An agent as downloads knows it: its workspace (every lookup is scoped to it). */
@Entity({ name: 'downloads_agents' })
export class DownloadsAgentRow {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
  @Column({ type: 'text' }) slug!: string;
  @Column({ type: 'integer', name: 'latest_version', nullable: true }) latestVersion!: number | null;
}

/** Generation jobs' agents: GenerationCompleted names only its job (the stream), not the agent. */
@Entity({ name: 'downloads_generation_jobs' })
export class DownloadsGenerationJobRow {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text', name: 'agent_id' }) agentId!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
}

const bigintAsNumber = { to: (value: number) => value, from: (value: string | null) => (value === null ? null : Number(value)) };

/** One stored file of one agent version (table `downloads_artifacts`). */
@Entity({ name: 'downloads_artifacts' })
export class DownloadsArtifactRow {
  @PrimaryColumn({ type: 'text', name: 'agent_id' }) agentId!: string;
  @PrimaryColumn({ type: 'text' }) filename!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
  @Column({ type: 'integer' }) version!: number;
  @Column({ type: 'text' }) kind!: ArtifactRef['kind'];
  @Column({ type: 'bigint', transformer: bigintAsNumber }) size!: number;
  @Column({ type: 'text' }) sha256!: string;
  @Column({ type: 'text', name: 'content_type' }) contentType!: string;
}

type Handled = AgentEvent | GenerationEvent;

/**
 * The downloads service's read model, from the agent and generation streams: which files each
 * agent version stored (the generation service writes them to the artifact store before
 * GenerationCompleted names them). Every value comes from the events.
 */
export const downloadsProjection = defineProjection({
  name: 'downloads.artifacts',
  version: 1,
  entities: [DownloadsAgentRow, DownloadsGenerationJobRow, DownloadsArtifactRow],
  filter: { streamPrefixes: [STREAM_PREFIX.agent, STREAM_PREFIX.generation] },
  async apply(recorded: RecordedEvent, tx: EntityManager): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as unknown as Handled;
    switch (event.type) {
      case 'AgentCreated': {
        const d = event.data;
        await tx.getRepository(DownloadsAgentRow).upsert({ id: d.agentId, workspaceId: d.workspaceId, slug: d.slug, latestVersion: null }, ['id']);
        await tx.getRepository(DownloadsGenerationJobRow).upsert({ id: d.jobId, agentId: d.agentId, workspaceId: d.workspaceId }, ['id']);
        return;
      }
      case 'GenerationRequested':
        await tx.getRepository(DownloadsGenerationJobRow).upsert({ id: event.data.jobId, agentId: event.data.agentId, workspaceId: event.data.workspaceId }, ['id']);
        return;
      case 'GenerationCompleted': {
        const job = await tx.getRepository(DownloadsGenerationJobRow).findOneBy({ id: recorded.streamName.slice(STREAM_PREFIX.generation.length) });
        if (!job) return;
        const d = event.data;
        const rows = d.artifacts.map((a) => ({
          agentId: job.agentId,
          filename: a.filename,
          workspaceId: job.workspaceId,
          version: d.version,
          kind: a.kind,
          size: a.size,
          sha256: a.sha256,
          contentType: a.contentType,
        }));
        if (rows.length > 0) await tx.getRepository(DownloadsArtifactRow).upsert(rows, ['agentId', 'filename']);
        await tx.query(`UPDATE downloads_agents SET latest_version = $2 WHERE id = $1 AND (latest_version IS NULL OR latest_version < $2)`, [job.agentId, d.version]);
        return;
      }
      default:
        return;
    }
  },
});
