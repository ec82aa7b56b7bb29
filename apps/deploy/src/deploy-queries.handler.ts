import { Injectable } from '@nestjs/common';
import { DomainError, type DeploymentView, type EndpointView, type GetDeploymentMessage } from '@backforge/contracts';
import { DeployAgents } from './deploy-agents.js';
import { deploymentView } from './deploy-views.js';

/** The endpoint as the deploy service answers it: the gateway adds `url` from its PUBLIC_BASE_URL. */
export type EndpointReply = Omit<EndpointView, 'url'>;

/**
 * Reads of an agent's deployments, always within the caller's workspace: another workspace's agent
 * is NOT_FOUND, exactly like one that does not exist.
 */
@Injectable()
export class DeployQueriesHandler {
  constructor(private readonly agents: DeployAgents) {}

  async status(message: GetDeploymentMessage): Promise<DeploymentView> {
    const row = await this.agents.find(message.workspaceId, message.agentId);
    if (!row) throw new DomainError('NOT_FOUND', `No agent ${message.agentId}`);
    return deploymentView(row);
  }

  /** The slug that serves; AGENT_NOT_DEPLOYED while no version serves (a deployment in flight does not yet). */
  async endpoint(message: GetDeploymentMessage): Promise<EndpointReply> {
    const row = await this.agents.find(message.workspaceId, message.agentId);
    if (!row) throw new DomainError('NOT_FOUND', `No agent ${message.agentId}`);
    if (row.servingVersion === null) {
      const why = row.deploymentPhase === 'queued' || row.deploymentPhase === 'running' ? 'its first deployment is in progress' : row.deploymentPhase === 'failed' ? 'its deployment failed' : 'it was never deployed';
      throw new DomainError('AGENT_NOT_DEPLOYED', `Agent ${message.agentId} has no endpoint: ${why}. Deploy it with POST /v1/deploy/${message.agentId}.`, {
        status: deploymentView(row).status,
      });
    }
    return { agentId: row.id, slug: row.slug };
  }
}
