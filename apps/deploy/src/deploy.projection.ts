import 'reflect-metadata';
import { Column, Entity, Index, PrimaryColumn, type EntityManager } from 'typeorm';
import { STREAM_PREFIX, type AgentEvent, type ArtifactRef, type DeploymentEvent, type GenerationEvent } from '@backforge/contracts';
import { defineProjection } from '@backforge/projections';
import type { RecordedEvent } from '@backforge/event-store';
import type { DeploymentPhase } from './domain/deployment.decider.js';

/**
 * One agent as the deploy service knows it (table `deploy_agents`): its workspace and slug, its
 * newest stored version and bundle (from GenerationCompleted), and its newest deployment and the
 * one that serves.
 */
@Entity({ name: 'deploy_agents' })
export class DeployAgentRow {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
  @Column({ type: 'text' }) slug!: string;
  /** The generation job that creates the agent. */
  @Column({ type: 'text', name: 'job_id' }) jobId!: string;
  /** `generating` until a version is stored (`ready`), or `failed` when the generation failed without one. */
  @Column({ type: 'text' }) generation!: 'generating' | 'ready' | 'failed';
  /** The generation's JobError when it failed. */
  @Column({ type: 'jsonb', name: 'generation_error', nullable: true }) generationError!: object | null;
  @Column({ type: 'integer', name: 'latest_version', nullable: true }) latestVersion!: number | null;
  /** The handler bundle of the latest version (an ArtifactRef). */
  @Column({ type: 'jsonb', name: 'latest_bundle', nullable: true }) latestBundle!: ArtifactRef | null;

  /** The newest deployment (`none` before the first). */
  @Column({ type: 'text', name: 'deployment_id', nullable: true }) deploymentId!: string | null;
  @Index() @Column({ type: 'text', name: 'deployment_phase' }) deploymentPhase!: DeploymentPhase;
  @Column({ type: 'integer', name: 'deployment_version', nullable: true }) deploymentVersion!: number | null;
  @Column({ type: 'integer', name: 'deployment_attempts' }) deploymentAttempts!: number;
  @Column({ type: 'timestamptz', name: 'lease_expires_at', nullable: true }) leaseExpiresAt!: Date | null;
  /** Why the newest deployment failed (a JobError). */
  @Column({ type: 'jsonb', name: 'deployment_error', nullable: true }) deploymentError!: object | null;
  /** Global position of the newest DeploymentRequested: claim order. */
  @Column({ type: 'bigint', name: 'requested_position', nullable: true }) requestedPosition!: string | null;

  /** The version that serves invocations, and when it went live. */
  @Column({ type: 'integer', name: 'serving_version', nullable: true }) servingVersion!: number | null;
  @Column({ type: 'timestamptz', name: 'deployed_at', nullable: true }) deployedAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}

/** Generation jobs' agents: GenerationCompleted names only its job (the stream), not the agent. */
@Entity({ name: 'deploy_generation_jobs' })
export class DeployGenerationJobRow {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text', name: 'agent_id' }) agentId!: string;
}

type Handled = AgentEvent | GenerationEvent | DeploymentEvent;

/**
 * The deploy service's own read model, from the agent, generation and deployment streams (read
 * models are per service). Every value comes from the events: a rebuild equals the live model.
 */
export const deployProjection = defineProjection({
  name: 'deploy.agents-deployments',
  version: 1,
  entities: [DeployAgentRow, DeployGenerationJobRow],
  filter: { streamPrefixes: [STREAM_PREFIX.agent, STREAM_PREFIX.generation, STREAM_PREFIX.deployment] },
  async apply(recorded: RecordedEvent, tx: EntityManager): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as unknown as Handled;
    const at = new Date(recorded.metadata.occurredAt);
    const agents = tx.getRepository(DeployAgentRow);
    const generationJobs = tx.getRepository(DeployGenerationJobRow);
    const agentOfJob = async (): Promise<string | undefined> =>
      (await generationJobs.findOneBy({ id: recorded.streamName.slice(STREAM_PREFIX.generation.length) }))?.agentId;
    const deploymentAgent = recorded.streamName.slice(STREAM_PREFIX.deployment.length);

    switch (event.type) {
      case 'AgentCreated': {
        const d = event.data;
        await agents.upsert(
          {
            id: d.agentId,
            workspaceId: d.workspaceId,
            slug: d.slug,
            jobId: d.jobId,
            generation: 'generating',
            generationError: null,
            latestVersion: null,
            latestBundle: null,
            deploymentId: null,
            deploymentPhase: 'none',
            deploymentVersion: null,
            deploymentAttempts: 0,
            leaseExpiresAt: null,
            deploymentError: null,
            requestedPosition: null,
            servingVersion: null,
            deployedAt: null,
            updatedAt: at,
          },
          ['id'],
        );
        await generationJobs.upsert({ id: d.jobId, agentId: d.agentId }, ['id']);
        return;
      }
      case 'GenerationRequested':
        await generationJobs.upsert({ id: event.data.jobId, agentId: event.data.agentId }, ['id']);
        return;
      case 'GenerationCompleted': {
        const agentId = await agentOfJob();
        const bundle = event.data.artifacts.find((a) => a.kind === 'bundle');
        if (!agentId || !bundle) return;
        // A replayed older version never moves "latest" back.
        await tx.query(
          `UPDATE deploy_agents SET generation = 'ready', generation_error = NULL, latest_version = $2, latest_bundle = $3::jsonb, updated_at = $4
            WHERE id = $1 AND (latest_version IS NULL OR latest_version <= $2)`,
          [agentId, event.data.version, JSON.stringify(bundle), at],
        );
        return;
      }
      case 'GenerationFailed': {
        const agentId = await agentOfJob();
        if (!agentId) return;
        // Only an agent with no stored version is "failed": a stored one stays deployable.
        await tx.query(`UPDATE deploy_agents SET generation = 'failed', generation_error = $2::jsonb, updated_at = $3 WHERE id = $1 AND latest_version IS NULL`, [
          agentId,
          JSON.stringify(event.data.error),
          at,
        ]);
        return;
      }
      case 'DeploymentRequested':
        await agents.update(
          { id: event.data.agentId },
          {
            deploymentId: event.data.deploymentId,
            deploymentPhase: 'queued',
            deploymentVersion: event.data.version,
            deploymentAttempts: 0,
            leaseExpiresAt: null,
            deploymentError: null,
            requestedPosition: recorded.position.toString(),
            updatedAt: at,
          },
        );
        return;
      case 'DeploymentStarted':
        await agents.update(
          { id: deploymentAgent, deploymentId: event.data.deploymentId },
          { deploymentPhase: 'running', deploymentAttempts: event.data.attempt, leaseExpiresAt: new Date(event.data.leaseExpiresAt), updatedAt: at },
        );
        return;
      case 'DeploymentSucceeded':
        await agents.update(
          { id: deploymentAgent, deploymentId: event.data.deploymentId },
          { deploymentPhase: 'succeeded', leaseExpiresAt: null, deploymentError: null, servingVersion: event.data.version, deployedAt: at, updatedAt: at },
        );
        return;
      case 'DeploymentFailed':
        // What served before keeps serving: serving_version and deployed_at stay.
        await agents.update(
          { id: deploymentAgent, deploymentId: event.data.deploymentId },
          { deploymentPhase: 'failed', leaseExpiresAt: null, deploymentError: event.data.error, updatedAt: at },
        );
        return;
      default:
        return;
    }
  },
});
