import { IsInt, IsObject, IsString, Matches, MaxLength, Min } from 'class-validator';
import type { ArtifactRef, JobError } from '../events/generation/generation.events.js';
import { subjectOf } from '../messaging/subjects.js';
import { WorkspaceScoped } from './workspace-scoped.js';

export const DEPLOY_SUBJECTS = {
  /** Start a deployment of the agent's newest stored version: answers the deployment (202). */
  deploy: subjectOf('deploy', 'deploy'),
  status: subjectOf('deploy', 'status'),
  endpoint: subjectOf('deploy', 'endpoint'),
  /**
   * Fanned out to every invoke-router (a notification: no queue group) right after a
   * DeploymentSucceeded is appended, so routers route the new version before their log subscription
   * delivers the event. It carries the event's log position, so a router never lets it overtake a
   * later deployment; losing one only delays the switch until the event arrives.
   */
  deployed: subjectOf('deploy', 'notify.deployed'),
} as const;

export class DeployAgentMessage extends WorkspaceScoped {
  @IsString()
  @MaxLength(100)
  agentId!: string;
}

export class GetDeploymentMessage extends DeployAgentMessage {}

/** `backforge.deploy.notify.deployed`: what the DeploymentSucceeded just appended says, and where it is in the log. */
export class DeployedNotification {
  @IsString()
  @MaxLength(100)
  agentId!: string;

  @IsString()
  @MaxLength(100)
  deploymentId!: string;

  @IsString()
  @MaxLength(200)
  slug!: string;

  @IsInt()
  @Min(1)
  version!: number;

  @IsObject()
  bundle!: ArtifactRef;

  /** The event's global log position (a bigint, in decimal). */
  @Matches(/^\d{1,20}$/)
  position!: string;
}

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
