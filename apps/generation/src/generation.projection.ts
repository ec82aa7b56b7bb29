import 'reflect-metadata';
import { Column, Entity, Index, PrimaryColumn, type EntityManager } from 'typeorm';
import { AGENT_VIEW_STREAM_PREFIXES, STREAM_PREFIX, type ArtifactRef, type CheckReportData, type DeploymentEvent, type GenerationEvent, type AgentEvent, type ValidationEvent } from '@backforge/contracts';
import { defineProjection } from '@backforge/projections';
import type { RecordedEvent } from '@backforge/event-store';

/** An agent as the control API shows it (table `generation_agents`). */
@Entity({ name: 'generation_agents' })
@Index(['workspaceId', 'createdPosition'])
export class AgentRow {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
  @Index({ unique: true }) @Column({ type: 'text' }) slug!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) region!: string;
  @Column({ type: 'text' }) status!: string;
  @Column({ type: 'text', name: 'job_id' }) jobId!: string;
  /** Global position of AgentCreated: the stable "newest first" order and the paging cursor. */
  @Column({ type: 'bigint', name: 'created_position' }) createdPosition!: string;
  @Column({ type: 'integer', name: 'latest_version', nullable: true }) latestVersion!: number | null;
  @Column({ type: 'jsonb', name: 'latest_artifact', nullable: true }) latestArtifact!: LatestArtifact | null;
  @Column({ type: 'jsonb', name: 'latest_validation', nullable: true }) latestValidation!: LatestValidation | null;
  /** The version that serves invocations (the newest successful deployment), if any: a failed redeploy leaves the agent `deployed`. */
  @Column({ type: 'integer', name: 'deployed_version', nullable: true }) deployedVersion!: number | null;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}

export interface LatestArtifact {
  version: number;
  files: ArtifactRef[];
}

export interface LatestValidation {
  jobId: string;
  status: 'queued' | 'running' | 'passed' | 'failed' | 'error';
  updatedAt: string;
}

/** A generation job (table `generation_jobs`). */
@Entity({ name: 'generation_jobs' })
export class GenerationJobRow {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Index() @Column({ type: 'text', name: 'agent_id' }) agentId!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
  /** `queued`, a progress value (the stage), `completed` or `failed`. */
  @Index() @Column({ type: 'text' }) status!: string;
  @Column({ type: 'text', nullable: true }) stage!: string | null;
  @Column({ type: 'integer' }) attempts!: number;
  @Column({ type: 'timestamptz', name: 'lease_expires_at', nullable: true }) leaseExpiresAt!: Date | null;
  @Column({ type: 'jsonb', nullable: true }) error!: object | null;
  @Column({ type: 'jsonb', nullable: true }) result!: object | null;
  @Column({ type: 'bigint', name: 'created_position' }) createdPosition!: string;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
  @Column({ type: 'timestamptz', name: 'completed_at', nullable: true }) completedAt!: Date | null;
}

type Handled = AgentEvent | GenerationEvent | ValidationEvent | DeploymentEvent;

/** The report's verdict as the agent shows it. */
function validationStatus(report: CheckReportData): LatestValidation['status'] {
  return report.status === 'passed' ? 'passed' : 'failed';
}

/**
 * Agents and generation jobs, kept from the agent, generation, validation and deployment streams in
 * one projection (so a job's agent is known when its later events, which carry only the job,
 * arrive). The agent's status follows its deployments too: `deploying` while one is open,
 * `deployed` once one succeeded; a failed one leaves it `deployed` when an older version still
 * serves, else `failed`. Every value comes from the events: a rebuild equals the live model.
 */
export const generationProjection = defineProjection({
  name: 'generation.agents-and-jobs',
  // 2: the deployment streams and `deployed_version` (a replay fills them from the log).
  version: 2,
  entities: [AgentRow, GenerationJobRow],
  filter: { streamPrefixes: [...AGENT_VIEW_STREAM_PREFIXES] },
  async apply(recorded: RecordedEvent, tx: EntityManager): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as unknown as Handled;
    const at = new Date(recorded.metadata.occurredAt);
    const agents = tx.getRepository(AgentRow);
    const jobs = tx.getRepository(GenerationJobRow);
    const jobId = recorded.streamName.slice(STREAM_PREFIX.generation.length);
    const jobOf = async (): Promise<GenerationJobRow | null> => jobs.findOneBy({ id: jobId });

    switch (event.type) {
      case 'AgentCreated': {
        const d = event.data;
        await agents.upsert(
          {
            id: d.agentId,
            workspaceId: d.workspaceId,
            slug: d.slug,
            name: d.name,
            region: d.region,
            status: 'generating',
            jobId: d.jobId,
            createdPosition: recorded.position.toString(),
            latestVersion: null,
            latestArtifact: null,
            latestValidation: null,
            deployedVersion: null,
            createdAt: at,
            updatedAt: at,
          },
          ['id'],
        );
        return;
      }
      case 'GenerationRequested': {
        const d = event.data;
        await jobs.upsert(
          {
            id: d.jobId,
            agentId: d.agentId,
            workspaceId: d.workspaceId,
            status: 'queued',
            stage: null,
            attempts: 0,
            leaseExpiresAt: null,
            error: null,
            result: null,
            createdPosition: recorded.position.toString(),
            createdAt: at,
            updatedAt: at,
            completedAt: null,
          },
          ['id'],
        );
        return;
      }
      case 'GenerationStarted': {
        const job = await jobOf();
        if (!job) return;
        await jobs.update({ id: job.id }, { status: 'interpreting', stage: 'interpreting', attempts: event.data.attempt, leaseExpiresAt: new Date(event.data.leaseExpiresAt), updatedAt: at });
        await agents.update({ id: job.agentId }, { status: 'generating', updatedAt: at });
        return;
      }
      case 'GenerationProgressed': {
        const job = await jobOf();
        if (!job) return;
        await jobs.update({ id: job.id }, { status: event.data.stage, stage: event.data.stage, leaseExpiresAt: new Date(event.data.leaseExpiresAt), updatedAt: at });
        await agents.update({ id: job.agentId }, { status: event.data.stage === 'validating' || event.data.stage === 'storing' ? 'validating' : 'generating', updatedAt: at });
        return;
      }
      case 'GenerationCompleted': {
        const job = await jobOf();
        if (!job) return;
        const d = event.data;
        const result = { version: d.version, summary: d.summary, artifacts: d.artifacts.map((a) => a.filename) };
        await jobs.update({ id: job.id }, { status: 'completed', leaseExpiresAt: null, result, updatedAt: at, completedAt: at });
        await agents.update(
          { id: job.agentId },
          {
            status: 'ready',
            latestVersion: d.version,
            latestArtifact: { version: d.version, files: d.artifacts },
            latestValidation: { jobId: job.id, status: validationStatus(d.report), updatedAt: at.toISOString() },
            updatedAt: at,
          },
        );
        return;
      }
      case 'GenerationFailed': {
        const job = await jobOf();
        if (!job) return;
        await jobs.update({ id: job.id }, { status: 'failed', leaseExpiresAt: null, error: event.data.error, updatedAt: at, completedAt: at });
        await agents.update(
          { id: job.agentId },
          {
            status: 'failed',
            ...(event.data.report ? { latestValidation: { jobId: job.id, status: validationStatus(event.data.report), updatedAt: at.toISOString() } } : {}),
            updatedAt: at,
          },
        );
        return;
      }
      case 'ValidationRequested':
        await agents.update({ id: event.data.agentId }, { latestValidation: { jobId: event.data.jobId, status: 'queued', updatedAt: at.toISOString() }, updatedAt: at });
        return;
      case 'ValidationStarted':
      case 'ValidationCompleted':
      case 'ValidationFailed': {
        const validationJobId = recorded.streamName.slice(STREAM_PREFIX.validation.length);
        const status: LatestValidation['status'] =
          event.type === 'ValidationStarted' ? 'running' : event.type === 'ValidationCompleted' ? validationStatus(event.data.report) : 'error';
        // Only the agent whose latest validation this is moves (a late event of an older one does not).
        await tx.query(
          `UPDATE generation_agents SET latest_validation = $2::jsonb, updated_at = $3
            WHERE latest_validation->>'jobId' = $1`,
          [validationJobId, JSON.stringify({ jobId: validationJobId, status, updatedAt: at.toISOString() }), at],
        );
        return;
      }
      case 'DeploymentRequested':
        await agents.update({ id: event.data.agentId }, { status: 'deploying', updatedAt: at });
        return;
      case 'DeploymentStarted':
        return;
      case 'DeploymentSucceeded':
        await agents.update({ id: event.data.agentId }, { status: 'deployed', deployedVersion: event.data.version, updatedAt: at });
        return;
      case 'DeploymentFailed': {
        // The event names only its deployment; the stream is the agent's.
        const agentId = recorded.streamName.slice(STREAM_PREFIX.deployment.length);
        await tx.query(`UPDATE generation_agents SET status = CASE WHEN deployed_version IS NULL THEN 'failed' ELSE 'deployed' END, updated_at = $2 WHERE id = $1`, [agentId, at]);
        return;
      }
    }
  },
});
