import { DomainError, type ArtifactRef, type DeploymentEvent, type DeploymentSucceeded, type JobError } from '@backforge/contracts';
import type { Decider } from '@backforge/deciders';

/**
 * Stream `deployment-{agentId}`: every deployment of one agent, in order. At most one is open
 * (queued or running) at a time. A deployment is claimed from the log like a job (DESIGN §3): a
 * worker appends DeploymentStarted at the revision it read, so of two workers only one wins; one
 * whose lease ran out is claimed again (attempt n+1) or, after the last attempt, failed with a
 * reason. A failed deployment leaves the version that served before serving.
 */
export type DeploymentPhase = 'none' | 'queued' | 'running' | 'succeeded' | 'failed';

export interface ServingDeployment {
  deploymentId: string;
  version: number;
  bundle: ArtifactRef;
}

export interface DeploymentState {
  /** The newest deployment's phase (`none` before the first). */
  phase: DeploymentPhase;
  deploymentId: string;
  agentId: string;
  workspaceId: string;
  slug: string;
  version: number;
  bundle: ArtifactRef | undefined;
  attempt: number;
  workerId: string | undefined;
  leaseExpiresAt: number;
  /** What invocations reach now: the newest deployment that succeeded. */
  serving: ServingDeployment | undefined;
}

/**
 * What the deploy service knows of the agent's artifacts when a deployment is asked for: a stored,
 * checked version (ready), a generation still running, or one that failed (nothing to deploy).
 */
export type AgentReadiness =
  | { state: 'ready'; slug: string; version: number; bundle: ArtifactRef }
  | { state: 'generating'; jobId: string }
  | { state: 'failed'; jobId: string; error: JobError | null };

export type DeploymentCommand =
  | { type: 'RequestDeployment'; deploymentId: string; agentId: string; workspaceId: string; agent: AgentReadiness }
  | { type: 'ClaimDeployment'; workerId: string; now: number; leaseMs: number; maxAttempts: number }
  | { type: 'CompleteDeployment'; workerId: string; attempt: number; smoke: DeploymentSucceeded['data']['smoke'] }
  | { type: 'FailDeployment'; workerId: string; attempt: number; error: JobError };

/** The lease of the current attempt is held by `workerId`. */
function holds(state: DeploymentState, workerId: string, attempt: number): boolean {
  return state.phase === 'running' && state.workerId === workerId && state.attempt === attempt;
}

function lostLease(state: DeploymentState): DomainError {
  return new DomainError('CONFLICT', `deployment ${state.deploymentId}: this worker no longer holds it (attempt ${state.attempt}, ${state.phase})`, { reason: 'LEASE_LOST' });
}

function notReady(agentId: string, agent: Exclude<AgentReadiness, { state: 'ready' }>): DomainError {
  if (agent.state === 'generating') {
    return new DomainError('AGENT_NOT_READY', `Agent ${agentId} is still generating (job ${agent.jobId}): deploy it once its generation job is completed.`, {
      reason: 'GENERATING',
      jobId: agent.jobId,
    });
  }
  const why = agent.error ? ` (${agent.error.code})` : '';
  return new DomainError('AGENT_NOT_READY', `Agent ${agentId}'s generation failed${why}: it has no version to deploy. Generate the backend again.`, {
    reason: 'GENERATION_FAILED',
    jobId: agent.jobId,
    ...(agent.error ? { generationError: agent.error.code } : {}),
  });
}

export const deploymentDecider: Decider<DeploymentState, DeploymentCommand, DeploymentEvent> = {
  initialState: () => ({
    phase: 'none',
    deploymentId: '',
    agentId: '',
    workspaceId: '',
    slug: '',
    version: 0,
    bundle: undefined,
    attempt: 0,
    workerId: undefined,
    leaseExpiresAt: 0,
    serving: undefined,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'DeploymentRequested': {
        const d = event.data;
        // A new deployment starts its attempts at 0; what serves stays until it succeeds.
        return { ...state, phase: 'queued', deploymentId: d.deploymentId, agentId: d.agentId, workspaceId: d.workspaceId, slug: d.slug, version: d.version, bundle: d.bundle, attempt: 0, workerId: undefined, leaseExpiresAt: 0 };
      }
      case 'DeploymentStarted':
        return { ...state, phase: 'running', attempt: event.data.attempt, workerId: event.data.workerId, leaseExpiresAt: Date.parse(event.data.leaseExpiresAt) };
      case 'DeploymentSucceeded':
        return { ...state, phase: 'succeeded', workerId: undefined, serving: { deploymentId: event.data.deploymentId, version: event.data.version, bundle: event.data.bundle } };
      case 'DeploymentFailed':
        return { ...state, phase: 'failed', workerId: undefined };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestDeployment': {
        const { agent } = command;
        if (agent.state !== 'ready') throw notReady(command.agentId, agent);
        if (state.phase === 'queued' || state.phase === 'running') {
          throw new DomainError('DEPLOYMENT_IN_PROGRESS', `Agent ${command.agentId} is being deployed (deployment ${state.deploymentId}, version ${state.version}): wait for it to finish, then deploy again.`, {
            deploymentId: state.deploymentId,
            version: state.version,
          });
        }
        return [
          {
            type: 'DeploymentRequested',
            data: { deploymentId: command.deploymentId, agentId: command.agentId, workspaceId: command.workspaceId, slug: agent.slug, version: agent.version, bundle: agent.bundle },
          },
        ];
      }
      case 'ClaimDeployment': {
        if (state.phase === 'none') throw new DomainError('NOT_FOUND', 'no deployment of this agent');
        if (state.phase === 'succeeded' || state.phase === 'failed') return [];
        if (state.phase === 'running' && state.leaseExpiresAt > command.now) return [];
        // Queued, or a worker that stopped before finishing (it died or hangs): take over, or give up.
        if (state.attempt >= command.maxAttempts) {
          return [
            {
              type: 'DeploymentFailed',
              data: {
                deploymentId: state.deploymentId,
                attempt: state.attempt,
                error: {
                  code: 'DEPLOYMENT_ABANDONED',
                  message: `The deploy worker stopped answering ${state.attempt} time(s); the deployment was given up. Deploy again.`,
                  details: { attempts: state.attempt },
                },
              },
            },
          ];
        }
        return [
          {
            type: 'DeploymentStarted',
            data: { deploymentId: state.deploymentId, attempt: state.attempt + 1, workerId: command.workerId, leaseExpiresAt: new Date(command.now + command.leaseMs).toISOString() },
          },
        ];
      }
      case 'CompleteDeployment': {
        if (!holds(state, command.workerId, command.attempt) || state.bundle === undefined) throw lostLease(state);
        return [
          {
            type: 'DeploymentSucceeded',
            data: {
              deploymentId: state.deploymentId,
              attempt: command.attempt,
              agentId: state.agentId,
              slug: state.slug,
              version: state.version,
              bundle: state.bundle,
              smoke: command.smoke,
            },
          },
        ];
      }
      case 'FailDeployment':
        if (!holds(state, command.workerId, command.attempt)) throw lostLease(state);
        return [{ type: 'DeploymentFailed', data: { deploymentId: state.deploymentId, attempt: command.attempt, error: command.error } }];
    }
  },
};
