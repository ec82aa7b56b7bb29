import { IsString, MaxLength } from 'class-validator';
import type { JobError } from '../events/generation/generation.events.js';
import { subjectOf } from '../messaging/subjects.js';
import { WorkspaceScoped } from './workspace-scoped.js';

export const DEPLOY_SUBJECTS = {
  /** Start a deployment of the agent's newest stored version: answers the deployment (202). */
  deploy: subjectOf('deploy', 'deploy'),
  status: subjectOf('deploy', 'status'),
  endpoint: subjectOf('deploy', 'endpoint'),
} as const;

export class DeployAgentMessage extends WorkspaceScoped {
  @IsString()
  @MaxLength(100)
  agentId!: string;
}

export class GetDeploymentMessage extends DeployAgentMessage {}

/** `deploying` while a deployment is open, `deployed` once one went live, `failed` when the newest failed. */
export type DeploymentStatus = 'not_deployed' | 'deploying' | 'deployed' | 'failed';

/** `GET /v1/deploy/{id}/status` and the answer of `POST /v1/deploy/{id}`. */
export interface DeploymentView {
  agentId: string;
  /** The newest deployment's id (`dep_…`); absent before the first deployment. */
  deploymentId?: string;
  status: DeploymentStatus;
  /** The version of the newest deployment (the one being deployed while `deploying`). */
  version: number | null;
  /** When the version that serves now went live. */
  deployedAt?: string;
  /** The version that serves invocations now, if any (a failed redeploy leaves it serving). */
  servingVersion?: number | null;
  /** Why the newest deployment failed. */
  error?: JobError;
}

/** `GET /v1/deploy/{id}/endpoint`: `url` is PUBLIC_BASE_URL + `/v1/invoke/{slug}`. */
export interface EndpointView {
  agentId: string;
  slug: string;
  url: string;
}
