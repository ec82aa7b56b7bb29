import type { DeploymentView, JobError } from '@backforge/contracts';
import type { DeployAgentRow } from './deploy.projection.js';

/**
 * The control API's view of an agent's deployments: `not_deployed` before the first, `deploying`
 * while one is queued or running, `deployed` once the newest went live, `failed` when the newest
 * failed (`servingVersion` then says what still serves, if anything).
 */
export function deploymentView(row: DeployAgentRow): DeploymentView {
  if (row.deploymentPhase === 'none' || row.deploymentId === null) {
    return { agentId: row.id, status: 'not_deployed', version: null, servingVersion: null };
  }
  const status = row.deploymentPhase === 'succeeded' ? 'deployed' : row.deploymentPhase === 'failed' ? 'failed' : 'deploying';
  return {
    agentId: row.id,
    deploymentId: row.deploymentId,
    status,
    version: row.deploymentVersion,
    ...(row.deployedAt ? { deployedAt: row.deployedAt.toISOString() } : {}),
    servingVersion: row.servingVersion,
    ...(status === 'failed' && row.deploymentError ? { error: row.deploymentError as JobError } : {}),
  };
}
