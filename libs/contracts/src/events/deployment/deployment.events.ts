import type { DomainEvent } from '../event.js';
import type { ArtifactRef, JobError } from '../generation/generation.events.js';

/**
 * Stream `deployment-{agentId}`: every deployment of one agent, in order. A deployment is claimed
 * from the log like a generation job (DESIGN §3): `DeploymentRequested` queues it, a deploy worker
 * claims it with `DeploymentStarted` at the expected revision (lease, attempt n), and it ends with
 * `DeploymentSucceeded` (this version now serves the slug) or `DeploymentFailed` (the version that
 * served before keeps serving). At most one deployment of an agent is open at a time.
 *
 * The invoke-router's routing table is a projection of `DeploymentSucceeded`: slug -> agent,
 * version and the bundle to load.
 */
export type DeploymentRequested = DomainEvent<
  'DeploymentRequested',
  {
    deploymentId: string;
    agentId: string;
    workspaceId: string;
    slug: string;
    /** The stored artifact version being deployed and its handler bundle. */
    version: number;
    bundle: ArtifactRef;
  }
>;

/** A deploy worker claimed the deployment (attempt n) until `leaseExpiresAt`. */
export type DeploymentStarted = DomainEvent<
  'DeploymentStarted',
  { deploymentId: string; attempt: number; workerId: string; leaseExpiresAt: string }
>;

/** The bundle loaded in the sandbox and answered its smoke case: the slug now serves this version. */
export type DeploymentSucceeded = DomainEvent<
  'DeploymentSucceeded',
  {
    deploymentId: string;
    attempt: number;
    agentId: string;
    slug: string;
    version: number;
    bundle: ArtifactRef;
    /** The smoke case the deploy service ran, and how it went. */
    smoke: { action: string; status: number; durationMs: number };
  }
>;

/** The deployment did not go live; whatever served before keeps serving. */
export type DeploymentFailed = DomainEvent<'DeploymentFailed', { deploymentId: string; attempt: number; error: JobError }>;

export type DeploymentEvent = DeploymentRequested | DeploymentStarted | DeploymentSucceeded | DeploymentFailed;

export const DEPLOYMENT_EVENT_TYPES = [
  'DeploymentRequested',
  'DeploymentStarted',
  'DeploymentSucceeded',
  'DeploymentFailed',
] as const satisfies readonly DeploymentEvent['type'][];
