import { exampleBlueprints } from '@backforge/blueprint';
import { deploymentView } from './deploy-views.js';
import type { DeployAgentRow } from './deploy.projection.js';
import { smokeExample } from './smoke-case.js';

const base: DeployAgentRow = {
  id: 'agt_1',
  workspaceId: 'w',
  slug: 'todo',
  jobId: 'job_1',
  generation: 'ready',
  generationError: null,
  latestVersion: 2,
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
  updatedAt: new Date('2026-11-23T10:00:00.000Z'),
};
const deployedAt = new Date('2026-11-23T10:05:00.000Z');

describe('deploymentView', () => {
  it('never deployed: not_deployed, no version', () => {
    expect(deploymentView(base)).toEqual({ agentId: 'agt_1', status: 'not_deployed', version: null, servingVersion: null });
  });

  it('queued and running are both deploying; the version that serves meanwhile is shown', () => {
    for (const phase of ['queued', 'running'] as const) {
      expect(deploymentView({ ...base, deploymentId: 'dep_2', deploymentPhase: phase, deploymentVersion: 2, servingVersion: 1, deployedAt })).toEqual({
        agentId: 'agt_1',
        deploymentId: 'dep_2',
        status: 'deploying',
        version: 2,
        servingVersion: 1,
        deployedAt: deployedAt.toISOString(),
      });
    }
  });

  it('a failed redeploy shows failed with its error and the version still serving; a succeeded one has no error', () => {
    const error = { code: 'SMOKE_FAILED', message: 'no' };
    expect(deploymentView({ ...base, deploymentId: 'dep_2', deploymentPhase: 'failed', deploymentVersion: 2, deploymentError: error, servingVersion: 1, deployedAt })).toEqual({
      agentId: 'agt_1',
      deploymentId: 'dep_2',
      status: 'failed',
      version: 2,
      servingVersion: 1,
      deployedAt: deployedAt.toISOString(),
      error,
    });
    expect(deploymentView({ ...base, deploymentId: 'dep_2', deploymentPhase: 'succeeded', deploymentVersion: 2, servingVersion: 2, deployedAt }).status).toBe('deployed');
  });
});

describe('smokeExample', () => {
  it('is the first success example in action order; none without a blueprint or success examples', () => {
    const chosen = smokeExample(exampleBlueprints.library);
    const first = exampleBlueprints.library.actions.find((a) => a.examples.some((e) => e.expect.status === 200));
    expect(chosen?.action).toBe(first?.name);
    expect(chosen?.example.expect.status).toBe(200);
    expect(smokeExample(undefined)).toBeUndefined();
    const refusalsOnly = { ...exampleBlueprints.todo, actions: exampleBlueprints.todo.actions.map((a) => ({ ...a, examples: a.examples.filter((e) => e.expect.status !== 200) })) };
    expect(smokeExample(refusalsOnly)).toBeUndefined();
  });
});
