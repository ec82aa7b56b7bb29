import type { AgentView, JobView } from '@backforge/contracts';
import type { AgentRow, GenerationJobRow } from './generation.projection.js';

/** The control API's view of an agent row. */
export function agentView(row: AgentRow): AgentView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    region: row.region,
    jobId: row.jobId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.latestArtifact ? { latestArtifact: row.latestArtifact } : {}),
    ...(row.latestValidation ? { latestValidation: row.latestValidation } : {}),
  };
}

/** The control API's view of a generation job row. */
export function jobView(row: GenerationJobRow): JobView {
  return {
    id: row.id,
    agentId: row.agentId,
    status: row.status,
    stage: row.stage,
    attempts: row.attempts,
    ...(row.error ? { error: row.error as JobView['error'] } : {}),
    ...(row.result ? { result: row.result as JobView['result'] } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.completedAt ? { completedAt: row.completedAt.toISOString() } : {}),
  };
}
