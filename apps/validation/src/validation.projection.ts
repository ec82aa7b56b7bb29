import 'reflect-metadata';
import { Column, Entity, Index, PrimaryColumn, type EntityManager } from 'typeorm';
import {
  STREAM_PREFIX,
  type AgentEvent,
  type CheckReportData,
  type GenerationEvent,
  type ValidationEvent,
  type ValidationJobStatus,
  type ValidationReportSource,
  type ValidationReportView,
} from '@backforge/contracts';
import { defineProjection } from '@backforge/projections';
import type { RecordedEvent } from '@backforge/event-store';

/** What validation needs of an agent: its workspace and its newest stored project archive. */
@Entity({ name: 'validation_agents' })
export class ValidationAgentRow {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
  @Column({ type: 'text' }) slug!: string;
  @Column({ type: 'integer', name: 'latest_version', nullable: true }) latestVersion!: number | null;
  /** The stored `.tar.gz` of the latest version (the artifact store's file name). */
  @Column({ type: 'text', name: 'project_file', nullable: true }) projectFile!: string | null;
}

/** Generation jobs' agents: GenerationCompleted names only its job (the stream), not the agent. */
@Entity({ name: 'validation_generation_jobs' })
export class ValidationGenerationJobRow {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text', name: 'agent_id' }) agentId!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
}

/** A validation job (table `validation_jobs`). */
@Entity({ name: 'validation_jobs' })
export class ValidationJobRow {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text', name: 'agent_id' }) agentId!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
  @Index() @Column({ type: 'text' }) status!: ValidationJobStatus;
  @Column({ type: 'integer' }) version!: number;
  @Column({ type: 'integer' }) attempts!: number;
  @Column({ type: 'timestamptz', name: 'lease_expires_at', nullable: true }) leaseExpiresAt!: Date | null;
  /** A JobError (typed loosely: TypeORM's deep-partial types do not terminate on JSON values). */
  @Column({ type: 'jsonb', nullable: true }) error!: object | null;
  @Column({ type: 'bigint', name: 'created_position' }) createdPosition!: string;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
  @Column({ type: 'timestamptz', name: 'completed_at', nullable: true }) completedAt!: Date | null;
}

/** A check report, from a validation job or from the checks a generation job ran (table `validation_reports`). */
@Entity({ name: 'validation_reports' })
@Index(['agentId', 'position'])
export class ValidationReportRow {
  /** The job that ran the checks. */
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text', name: 'agent_id' }) agentId!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
  @Column({ type: 'integer', nullable: true }) version!: number | null;
  @Column({ type: 'text' }) status!: CheckReportData['status'];
  @Column({ type: 'text' }) source!: ValidationReportSource;
  @Column({ type: 'jsonb' }) checks!: ValidationReportView['checks'];
  @Column({ type: 'timestamptz', name: 'started_at' }) startedAt!: Date;
  @Column({ type: 'timestamptz', name: 'finished_at' }) finishedAt!: Date;
  @Column({ type: 'integer', name: 'duration_ms' }) durationMs!: number;
  /** Global position of the event that carried the report: "newest first" and the paging cursor. */
  @Column({ type: 'bigint' }) position!: string;
}

type Handled = AgentEvent | GenerationEvent | ValidationEvent;

/** The report row of a finished run (the checks' details stay in the stored report file). */
function reportRow(id: string, agentId: string, workspaceId: string, version: number | null, source: ValidationReportSource, report: CheckReportData, position: bigint): ValidationReportRow {
  return {
    id,
    agentId,
    workspaceId,
    version,
    status: report.status,
    source,
    checks: report.checks.map((c) => ({ kind: c.kind, name: c.name, status: c.status, durationMs: c.durationMs })),
    startedAt: new Date(report.startedAt),
    finishedAt: new Date(report.finishedAt),
    durationMs: report.durationMs,
    position: position.toString(),
  };
}

/**
 * Validation's own read model, from the agent, generation and validation streams: agents and their
 * newest artifact, validation jobs, and every check report (a generation's own checks included, so
 * a freshly generated agent already has one). Every value comes from the events.
 */
export const validationProjection = defineProjection({
  name: 'validation.agents-jobs-reports',
  version: 1,
  entities: [ValidationAgentRow, ValidationGenerationJobRow, ValidationJobRow, ValidationReportRow],
  filter: { streamPrefixes: [STREAM_PREFIX.agent, STREAM_PREFIX.generation, STREAM_PREFIX.validation] },
  async apply(recorded: RecordedEvent, tx: EntityManager): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as unknown as Handled;
    const at = new Date(recorded.metadata.occurredAt);
    const agents = tx.getRepository(ValidationAgentRow);
    const generationJobs = tx.getRepository(ValidationGenerationJobRow);
    const jobs = tx.getRepository(ValidationJobRow);
    const reports = tx.getRepository(ValidationReportRow);
    const generationJob = () => generationJobs.findOneBy({ id: recorded.streamName.slice(STREAM_PREFIX.generation.length) });
    const validationJobId = recorded.streamName.slice(STREAM_PREFIX.validation.length);

    switch (event.type) {
      case 'AgentCreated': {
        const d = event.data;
        await agents.upsert({ id: d.agentId, workspaceId: d.workspaceId, slug: d.slug, latestVersion: null, projectFile: null }, ['id']);
        await generationJobs.upsert({ id: d.jobId, agentId: d.agentId, workspaceId: d.workspaceId }, ['id']);
        return;
      }
      case 'GenerationRequested':
        await generationJobs.upsert({ id: event.data.jobId, agentId: event.data.agentId, workspaceId: event.data.workspaceId }, ['id']);
        return;
      case 'GenerationCompleted': {
        const job = await generationJob();
        if (!job) return;
        const d = event.data;
        const project = d.artifacts.find((a) => a.kind === 'project');
        if (project) {
          // A replayed older version never moves "latest" back.
          await tx.query(`UPDATE validation_agents SET latest_version = $2, project_file = $3 WHERE id = $1 AND (latest_version IS NULL OR latest_version <= $2)`, [
            job.agentId,
            d.version,
            project.filename,
          ]);
        }
        await reports.upsert(reportRow(job.id, job.agentId, job.workspaceId, d.version, 'generation', d.report, recorded.position), ['id']);
        return;
      }
      case 'GenerationFailed': {
        if (!event.data.report) return;
        const job = await generationJob();
        if (!job) return;
        await reports.upsert(reportRow(job.id, job.agentId, job.workspaceId, null, 'generation', event.data.report, recorded.position), ['id']);
        return;
      }
      case 'ValidationRequested': {
        const d = event.data;
        await jobs.upsert(
          {
            id: d.jobId,
            agentId: d.agentId,
            workspaceId: d.workspaceId,
            status: 'queued',
            version: d.version,
            attempts: 0,
            leaseExpiresAt: null,
            error: null,
            createdPosition: recorded.position.toString(),
            createdAt: at,
            updatedAt: at,
            completedAt: null,
          },
          ['id'],
        );
        return;
      }
      case 'ValidationStarted':
        await jobs.update({ id: validationJobId }, { status: 'running', attempts: event.data.attempt, leaseExpiresAt: new Date(event.data.leaseExpiresAt), updatedAt: at });
        return;
      case 'ValidationCompleted': {
        const job = await jobs.findOneBy({ id: validationJobId });
        if (!job) return;
        await jobs.update({ id: job.id }, { status: event.data.report.status, leaseExpiresAt: null, updatedAt: at, completedAt: at });
        await reports.upsert(reportRow(job.id, job.agentId, job.workspaceId, job.version, 'validation', event.data.report, recorded.position), ['id']);
        return;
      }
      case 'ValidationFailed':
        await jobs.update({ id: validationJobId }, { status: 'error', leaseExpiresAt: null, error: event.data.error, updatedAt: at, completedAt: at });
        return;
      default:
        return;
    }
  },
});
