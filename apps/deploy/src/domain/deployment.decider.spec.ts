import { DomainError, type ArtifactRef, type DeploymentEvent } from '@backforge/contracts';
import { deciderSpecification } from '@backforge/deciders';
import { deploymentDecider, type AgentReadiness } from './deployment.decider.js';

const spec = deciderSpecification(deploymentDecider, expect);
const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const bundle = (version: number): ArtifactRef => ({ filename: `todo-v${version}.bundle.js`, kind: 'bundle', size: 100, sha256: String(version).repeat(64), contentType: 'text/javascript; charset=utf-8' });
const ready = (version: number): AgentReadiness => ({ state: 'ready', slug: 'todo', version, bundle: bundle(version) });
const request = (deploymentId: string, agent: AgentReadiness = ready(1)) => ({ type: 'RequestDeployment' as const, deploymentId, agentId: 'agt_1', workspaceId: 'w1', agent });
const requested = (deploymentId: string, version = 1): DeploymentEvent => ({
  type: 'DeploymentRequested',
  data: { deploymentId, agentId: 'agt_1', workspaceId: 'w1', slug: 'todo', version, bundle: bundle(version) },
});
const started = (deploymentId: string, attempt: number, workerId: string, at: number): DeploymentEvent => ({
  type: 'DeploymentStarted',
  data: { deploymentId, attempt, workerId, leaseExpiresAt: new Date(at + 1000).toISOString() },
});
const smoke = { action: 'createTodo', status: 200, durationMs: 12 };
const succeeded = (deploymentId: string, attempt: number, version = 1): DeploymentEvent => ({
  type: 'DeploymentSucceeded',
  data: { deploymentId, attempt, agentId: 'agt_1', slug: 'todo', version, bundle: bundle(version), smoke },
});
const failed = (deploymentId: string, attempt: number): DeploymentEvent => ({ type: 'DeploymentFailed', data: { deploymentId, attempt, error: { code: 'SMOKE_FAILED', message: 'no' } } });
const claim = (workerId: string, now: number) => ({ type: 'ClaimDeployment' as const, workerId, now, leaseMs: 1000, maxAttempts: 2 });
const isCode = (code: string) => (e: unknown) => e instanceof DomainError && e.code === code;

describe('deployment decider', () => {
  it('a ready agent is deployed: its version and bundle are requested', () => {
    spec.given([]).when(request('dep_1')).then([requested('dep_1')]);
  });

  it('an agent still generating or whose generation failed is AGENT_NOT_READY, saying why', () => {
    spec
      .given([])
      .when(request('dep_1', { state: 'generating', jobId: 'job_1' }))
      .thenThrows((e) => isCode('AGENT_NOT_READY')(e) && /still generating/.test((e as Error).message) && (e as DomainError).details !== undefined);
    spec
      .given([])
      .when(request('dep_1', { state: 'failed', jobId: 'job_1', error: { code: 'PROMPT_NOT_UNDERSTOOD', message: 'x' } }))
      .thenThrows((e) => isCode('AGENT_NOT_READY')(e) && /generation failed \(PROMPT_NOT_UNDERSTOOD\)/.test((e as Error).message));
  });

  it('a deployment queued or running refuses another (DEPLOYMENT_IN_PROGRESS)', () => {
    spec.given([requested('dep_1')]).when(request('dep_2')).thenThrows(isCode('DEPLOYMENT_IN_PROGRESS'));
    spec.given([requested('dep_1'), started('dep_1', 1, 'w-a', T0)]).when(request('dep_2')).thenThrows(isCode('DEPLOYMENT_IN_PROGRESS'));
  });

  it('a deployed agent can be deployed again (the same version, or a newer one), and so can one whose deployment failed', () => {
    spec.given([requested('dep_1'), started('dep_1', 1, 'w', T0), succeeded('dep_1', 1)]).when(request('dep_2')).then([requested('dep_2')]);
    spec.given([requested('dep_1'), started('dep_1', 1, 'w', T0), succeeded('dep_1', 1)]).when(request('dep_2', ready(2))).then([requested('dep_2', 2)]);
    spec.given([requested('dep_1'), started('dep_1', 1, 'w', T0), failed('dep_1', 1)]).when(request('dep_2')).then([requested('dep_2')]);
  });

  it('a queued deployment is claimed with attempt 1 and a lease; a redeploy starts again at attempt 1', () => {
    spec.given([requested('dep_1')]).when(claim('w-a', T0)).then([started('dep_1', 1, 'w-a', T0)]);
    spec
      .given([requested('dep_1'), started('dep_1', 1, 'w-a', T0), started('dep_1', 2, 'w-b', T0), succeeded('dep_1', 2), requested('dep_2')])
      .when(claim('w-a', T0))
      .then([started('dep_2', 1, 'w-a', T0)]);
  });

  it('a held lease is not taken; one that ran out is taken over (attempt n+1)', () => {
    spec.given([requested('dep_1'), started('dep_1', 1, 'w-a', T0)]).when(claim('w-b', T0 + 999)).thenNothing();
    spec.given([requested('dep_1'), started('dep_1', 1, 'w-a', T0)]).when(claim('w-b', T0 + 1001)).then([started('dep_1', 2, 'w-b', T0 + 1001)]);
  });

  it('after the last attempt the deployment is failed with a reason', () => {
    spec
      .given([requested('dep_1'), started('dep_1', 1, 'a', T0), started('dep_1', 2, 'b', T0)])
      .when(claim('c', T0 + 5000))
      .then([
        {
          type: 'DeploymentFailed',
          data: {
            deploymentId: 'dep_1',
            attempt: 2,
            error: { code: 'DEPLOYMENT_ABANDONED', message: 'The deploy worker stopped answering 2 time(s); the deployment was given up. Deploy again.', details: { attempts: 2 } },
          },
        },
      ]);
  });

  it('the worker holding the lease records success with the slug, version, bundle and smoke case', () => {
    spec
      .given([requested('dep_1'), started('dep_1', 1, 'w-a', T0)])
      .when({ type: 'CompleteDeployment', workerId: 'w-a', attempt: 1, smoke })
      .then([succeeded('dep_1', 1)]);
  });

  it('the worker holding the lease records a failure with its typed error', () => {
    const error = { code: 'SMOKE_FAILED', message: 'no' };
    spec.given([requested('dep_1'), started('dep_1', 1, 'w-a', T0)]).when({ type: 'FailDeployment', workerId: 'w-a', attempt: 1, error }).then([failed('dep_1', 1)]);
  });

  it('a superseded worker can neither complete nor fail the deployment', () => {
    const given = [requested('dep_1'), started('dep_1', 1, 'w-a', T0), started('dep_1', 2, 'w-b', T0 + 2000)];
    spec.given(given).when({ type: 'CompleteDeployment', workerId: 'w-a', attempt: 1, smoke }).thenThrows(isCode('CONFLICT'));
    spec.given(given).when({ type: 'FailDeployment', workerId: 'w-a', attempt: 1, error: { code: 'X', message: 'x' } }).thenThrows(isCode('CONFLICT'));
  });

  it('a finished deployment is not claimed again; claiming with no deployment is NOT_FOUND', () => {
    spec.given([requested('dep_1'), started('dep_1', 1, 'w-a', T0), succeeded('dep_1', 1)]).when(claim('w-b', T0 + 10_000)).thenNothing();
    spec.given([requested('dep_1'), started('dep_1', 1, 'w-a', T0), failed('dep_1', 1)]).when(claim('w-b', T0 + 10_000)).thenNothing();
    spec.given([]).when(claim('w', T0)).thenThrows(isCode('NOT_FOUND'));
  });

  it('a failed redeploy keeps the previous deployment serving', () => {
    let state = deploymentDecider.initialState();
    for (const event of [requested('dep_1'), started('dep_1', 1, 'w', T0), succeeded('dep_1', 1), requested('dep_2', 2), started('dep_2', 1, 'w', T0), failed('dep_2', 1)]) {
      state = deploymentDecider.evolve(state, event);
    }
    expect(state).toMatchObject({ phase: 'failed', deploymentId: 'dep_2', version: 2, serving: { deploymentId: 'dep_1', version: 1, bundle: bundle(1) } });
  });
});
