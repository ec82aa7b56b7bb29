import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { artifactFilename } from '@backforge/artifact-store';
import { exampleBlueprints } from '@backforge/blueprint';
import { streamName, type ArtifactRef, type CheckReportData, type DeploymentView } from '@backforge/contracts';
import { PostgresEventStore } from '@backforge/event-store';
import { projectFile, synthesize } from '@backforge/generator';
import { eventMetadata } from '@backforge/messaging';
import { ReadModels } from '@backforge/projections';
import { createLogger } from '@backforge/runtime';
import { createTestDatabase, describeWith, waitFor, type TestDatabase } from '@backforge/testing';
import { ClaimDeploymentHandler } from './claim-deployment.handler.js';
import { DeployAgents } from './deploy-agents.js';
import { DeployInfrastructure, type DeployConfig } from './deploy-infrastructure.js';
import { DeployQueriesHandler } from './deploy-queries.handler.js';
import { deployProjection } from './deploy.projection.js';
import { DeployWorker } from './deploy.worker.js';
import { RequestDeploymentHandler } from './request-deployment.handler.js';
import { RunDeploymentHandler } from './run-deployment.handler.js';
import { StagedBundles } from './staged-bundles.js';

const WS = 'acme';
const OTHER_WS = 'other';
const MAX_ATTEMPTS = 2;
let counter = 0;
const hexId = (prefix: string) => `${prefix}_${(Date.now().toString(16) + (counter++).toString(16).padStart(4, '0')).padStart(24, '0').slice(-24)}`;

const report: CheckReportData = {
  status: 'passed',
  generatorVersion: 'test',
  checks: [{ kind: 'build', name: 'bundle loads', status: 'passed', durationMs: 5 }],
  startedAt: '2026-11-23T10:00:00.000Z',
  finishedAt: '2026-11-23T10:00:01.000Z',
  durationMs: 1000,
};

/** Loads and answers describe, but refuses every action: its example case fails. */
const BROKEN_BUNDLE = `"use strict";
var BackforgeBackend = (() => {
  async function handle(request) {
    if (request.action === 'describe') return { status: 200, body: { ok: true, result: { actions: [] } } };
    return { status: 400, body: { ok: false, error: { code: 'INVALID_REQUEST', message: 'broken on purpose' } } };
  }
  return { handle };
})();
globalThis.BackforgeBackend = BackforgeBackend;
`;

describeWith(['postgres'])('deploy service on PostgreSQL (projection, requests, worker, smoke case, queries)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let readModels: ReadModels;
  let infrastructure: DeployInfrastructure;
  let staged: StagedBundles;
  let worker: DeployWorker;
  let requests: RequestDeploymentHandler;
  let queries: DeployQueriesHandler;
  let artifactsDir: string;
  let todoBundle: string;

  beforeAll(async () => {
    db = await createTestDatabase('bf_deploy');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.ensureSchema();
    const logger = createLogger({ service: 'deploy-test', level: 'silent' });
    readModels = await ReadModels.open({ owner: 'deploy', databaseUrl: db.url, eventStore: store, projections: [deployProjection], logger, waitTimeoutMs: 60_000 });
    artifactsDir = await mkdtemp(path.join(tmpdir(), 'bf-deploy-'));
    const config = { artifactStore: 'fs', artifactsDir, s3Bucket: 'unused', s3Region: 'us-east-1', jobLeaseMs: 120_000, jobMaxAttempts: MAX_ATTEMPTS, jobConcurrency: 1, jobPollMs: 100 };
    infrastructure = new DeployInfrastructure(config as unknown as DeployConfig);
    const agents = new DeployAgents(store, readModels);
    staged = new StagedBundles(infrastructure, logger);
    worker = new DeployWorker(logger, readModels, infrastructure, new RunDeploymentHandler(store, logger, staged), new ClaimDeploymentHandler(store, infrastructure, staged));
    requests = new RequestDeploymentHandler(store, readModels, agents, worker, staged);
    queries = new DeployQueriesHandler(agents);
    const project = await synthesize(structuredClone(exampleBlueprints.todo), { name: 'todo' });
    todoBundle = projectFile(project, 'dist/handler.js') ?? '';
    worker.onApplicationBootstrap();
  }, 120_000);

  afterAll(async () => {
    await worker?.onApplicationShutdown();
    staged?.onApplicationShutdown();
    await infrastructure?.onApplicationShutdown();
    await readModels?.close();
    await store?.close();
    await db?.drop();
    if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true });
  }, 60_000);

  const meta = () => eventMetadata({ workspaceId: WS });

  /** An agent as the generation service leaves it: created, and generating, failed or generated. */
  async function seedAgent(generated: 'completed' | 'failed' | 'no'): Promise<{ agentId: string; slug: string; jobId: string }> {
    const agentId = hexId('agt');
    const jobId = hexId('job');
    const slug = `todo-${agentId.slice(-8)}`;
    await store.append(streamName('agent', agentId), [{ type: 'AgentCreated', data: { agentId, workspaceId: WS, slug, name: 'todo', region: 'auto', jobId }, metadata: meta() }], 'no_stream');
    await store.append(streamName('generation', jobId), [{ type: 'GenerationRequested', data: { jobId, agentId, workspaceId: WS, slug, name: 'todo', prompt: 'A todo list', region: 'auto' }, metadata: meta() }], 'no_stream');
    if (generated === 'failed') {
      await store.append(streamName('generation', jobId), [{ type: 'GenerationFailed', data: { attempt: 1, error: { code: 'PROMPT_NOT_UNDERSTOOD', message: 'no' } }, metadata: meta() }], 'any');
    }
    if (generated === 'completed') await storeVersion({ agentId, slug, jobId }, 1, todoBundle);
    return { agentId, slug, jobId };
  }

  /** Stores version n's bundle and blueprint and records its GenerationCompleted (a later job of the same agent for n > 1). */
  async function storeVersion(agent: { agentId: string; slug: string; jobId: string }, version: number, bundle: string | null): Promise<void> {
    let jobId = agent.jobId;
    if (version > 1) {
      jobId = hexId('job');
      await store.append(streamName('generation', jobId), [{ type: 'GenerationRequested', data: { jobId, agentId: agent.agentId, workspaceId: WS, slug: agent.slug, name: 'todo', prompt: 'A todo list', region: 'auto' }, metadata: meta() }], 'no_stream');
    }
    const artifacts: ArtifactRef[] = [];
    for (const [kind, extension, body] of [
      ['bundle', 'bundle.js', bundle],
      ['blueprint', 'blueprint.json', JSON.stringify(exampleBlueprints.todo)],
    ] as const) {
      const filename = artifactFilename(agent.slug, version, extension);
      if (body === null) {
        artifacts.push({ filename, kind, size: 1, sha256: '0'.repeat(64), contentType: 'text/javascript' });
        continue;
      }
      const info = await infrastructure.artifacts.put({ agentId: agent.agentId, filename }, Buffer.from(body), { contentType: 'text/javascript' });
      artifacts.push({ filename, kind, size: info.size, sha256: info.sha256, contentType: 'text/javascript' });
    }
    const summary = { interpreter: 'rules', resources: [], actions: [], warnings: [] };
    const completed = await store.append(streamName('generation', jobId), [{ type: 'GenerationCompleted', data: { attempt: 1, version, artifacts, summary, report } as never, metadata: meta() }], 'any');
    // A later job of the same agent is not one the read-your-writes catch-up follows (agents have one job today).
    if (version > 1) await readModels.waitFor(completed.position);
  }

  /** Appends to the agent's deployment stream as another (dead or busy) worker would, and waits until the read model shows it. */
  async function appendDeployment(agentId: string, events: Array<{ type: string; data: object }>): Promise<void> {
    const result = await store.append(streamName('deployment', agentId), events.map((e) => ({ type: e.type, data: e.data as never, metadata: meta() })), 'any');
    await readModels.waitFor(result.position);
  }

  async function settled(agentId: string): Promise<DeploymentView> {
    const deadline = Date.now() + 150_000;
    for (;;) {
      const view = await queries.status({ workspaceId: WS, agentId });
      if (view.status !== 'deploying') return view;
      if (Date.now() > deadline) throw new Error(`deployment of ${agentId} still ${view.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function eventTypes(agentId: string): Promise<Array<[string, Record<string, unknown>]>> {
    return (await store.readStream(streamName('deployment', agentId))).map((e) => [e.type, e.data as Record<string, unknown>]);
  }

  it('a ready agent: 202-style answer `deploying` at once, claimed (attempt 1), smoke case answered, then `deployed` with its endpoint; a failed redeploy of a broken version keeps version 1 serving', async () => {
    const agent = await seedAgent('completed');
    expect(await queries.status({ workspaceId: WS, agentId: agent.agentId })).toEqual({ agentId: agent.agentId, status: 'not_deployed', version: null, servingVersion: null });
    await expect(queries.endpoint({ workspaceId: WS, agentId: agent.agentId })).rejects.toMatchObject({ code: 'AGENT_NOT_DEPLOYED' });

    const answer = await requests.handle({ workspaceId: WS, agentId: agent.agentId });
    expect(answer).toEqual({ agentId: agent.agentId, deploymentId: expect.stringMatching(/^dep_[0-9a-f]{24}$/), status: 'deploying', version: 1, servingVersion: null });
    const done = await settled(agent.agentId);
    expect(done).toEqual({ agentId: agent.agentId, deploymentId: answer.deploymentId, status: 'deployed', version: 1, servingVersion: 1, deployedAt: expect.any(String) });
    expect(await queries.endpoint({ workspaceId: WS, agentId: agent.agentId })).toEqual({ agentId: agent.agentId, slug: agent.slug });
    const events = await eventTypes(agent.agentId);
    expect(events.map(([type]) => type)).toEqual(['DeploymentRequested', 'DeploymentStarted', 'DeploymentSucceeded']);
    expect(events[1]?.[1]).toMatchObject({ deploymentId: answer.deploymentId, attempt: 1, workerId: worker.workerId });
    // The router's routing table is a projection of this: slug, version and the bundle to load.
    expect(events[2]?.[1]).toMatchObject({ deploymentId: answer.deploymentId, attempt: 1, agentId: agent.agentId, slug: agent.slug, version: 1, bundle: { kind: 'bundle', filename: `${agent.slug}-v1.bundle.js` } });
    // The todo blueprint's first success example is createTodo's.
    expect(events[2]?.[1].smoke).toEqual({ action: 'createTodo', status: 200, durationMs: expect.any(Number) });
    // Its bundle was staged by the request and taken by the run: nothing is left loaded for it.
    expect(staged.size).toBe(0);
    const sandbox = await infrastructure.smokeSandbox();
    await waitFor(() => sandbox.stats().loadedBackends === 0, { description: 'the smoke-tested bundle unloaded', timeoutMs: 60_000, intervalMs: 20 });
    // The smoke case ran on an in-memory store: nothing reached the agent's real data.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const table = await client.query<{ t: string | null }>(`SELECT to_regclass('backend_records')::text AS t`);
      if (table.rows[0]?.t) expect((await client.query('SELECT 1 FROM backend_records WHERE agent_id = $1', [agent.agentId])).rowCount).toBe(0);
    } finally {
      await client.end();
    }

    await storeVersion(agent, 2, BROKEN_BUNDLE);
    const redeploy = await requests.handle({ workspaceId: WS, agentId: agent.agentId });
    expect(redeploy).toEqual({ agentId: agent.agentId, deploymentId: expect.any(String), status: 'deploying', version: 2, servingVersion: 1, deployedAt: done.deployedAt });
    const failed = await settled(agent.agentId);
    expect(failed).toMatchObject({ agentId: agent.agentId, deploymentId: redeploy.deploymentId, status: 'failed', version: 2, servingVersion: 1, deployedAt: done.deployedAt, error: { code: 'SMOKE_FAILED', message: expect.stringContaining('createTodo') } });
    // Version 1 still serves at the same endpoint.
    expect(await queries.endpoint({ workspaceId: WS, agentId: agent.agentId })).toEqual({ agentId: agent.agentId, slug: agent.slug });
    expect((await eventTypes(agent.agentId)).map(([type]) => type).slice(3)).toEqual(['DeploymentRequested', 'DeploymentStarted', 'DeploymentFailed']);
  }, 240_000);

  it('a deployment whose worker died is taken over when its lease ran out (attempt 2), and given up after the last attempt', async () => {
    const agent = await seedAgent('completed');
    const bundle = (await store.readStream(streamName('generation', agent.jobId))).flatMap((e) => (e.type === 'GenerationCompleted' ? (e.data as unknown as { artifacts: ArtifactRef[] }).artifacts : [])).find((a) => a.kind === 'bundle');
    const requested = { deploymentId: hexId('dep'), agentId: agent.agentId, workspaceId: WS, slug: agent.slug, version: 1, bundle };
    const expired = new Date(Date.now() - 1000).toISOString();
    await appendDeployment(agent.agentId, [
      { type: 'DeploymentRequested', data: requested },
      { type: 'DeploymentStarted', data: { deploymentId: requested.deploymentId, attempt: 1, workerId: 'dead-worker', leaseExpiresAt: expired } },
    ]);
    worker.wake();
    const done = await settled(agent.agentId);
    expect(done).toMatchObject({ status: 'deployed', deploymentId: requested.deploymentId, servingVersion: 1 });
    const events = await eventTypes(agent.agentId);
    expect(events.map(([type, data]) => [type, data.attempt ?? null, data.workerId ?? null])).toEqual([
      ['DeploymentRequested', null, null],
      ['DeploymentStarted', 1, 'dead-worker'],
      ['DeploymentStarted', 2, worker.workerId],
      ['DeploymentSucceeded', 2, null],
    ]);

    // Its redeploy's worker died on the last attempt too: failed with the reason, version 1 still serves.
    const second = { ...requested, deploymentId: hexId('dep') };
    await appendDeployment(agent.agentId, [
      { type: 'DeploymentRequested', data: second },
      ...[1, 2].map((attempt) => ({ type: 'DeploymentStarted', data: { deploymentId: second.deploymentId, attempt, workerId: 'dead-worker', leaseExpiresAt: expired } })),
    ]);
    worker.wake();
    const abandoned = await settled(agent.agentId);
    expect(abandoned).toMatchObject({ status: 'failed', deploymentId: second.deploymentId, servingVersion: 1, error: { code: 'DEPLOYMENT_ABANDONED', details: { attempts: MAX_ATTEMPTS } } });
  }, 240_000);

  it('refusals: still generating or generation failed (AGENT_NOT_READY saying why), a deployment in progress, another workspace or an unknown agent (NOT_FOUND)', async () => {
    const generating = await seedAgent('no');
    await expect(requests.handle({ workspaceId: WS, agentId: generating.agentId })).rejects.toMatchObject({ code: 'AGENT_NOT_READY', message: expect.stringContaining('still generating'), details: { reason: 'GENERATING' } });
    const failed = await seedAgent('failed');
    await expect(requests.handle({ workspaceId: WS, agentId: failed.agentId })).rejects.toMatchObject({
      code: 'AGENT_NOT_READY',
      message: expect.stringContaining('generation failed'),
      details: { reason: 'GENERATION_FAILED', generationError: 'PROMPT_NOT_UNDERSTOOD' },
    });
    expect(await queries.status({ workspaceId: WS, agentId: failed.agentId })).toMatchObject({ status: 'not_deployed' });

    // Another worker holds a deployment with a long lease: a second request is refused, nothing appended.
    const busy = await seedAgent('completed');
    const deploymentId = hexId('dep');
    const bundle = { filename: `${busy.slug}-v1.bundle.js`, kind: 'bundle', size: 1, sha256: '0'.repeat(64), contentType: 'text/javascript' };
    await appendDeployment(busy.agentId, [
      { type: 'DeploymentRequested', data: { deploymentId, agentId: busy.agentId, workspaceId: WS, slug: busy.slug, version: 1, bundle } },
      { type: 'DeploymentStarted', data: { deploymentId, attempt: 1, workerId: 'elsewhere', leaseExpiresAt: new Date(Date.now() + 3_600_000).toISOString() } },
    ]);
    await expect(requests.handle({ workspaceId: WS, agentId: busy.agentId })).rejects.toMatchObject({ code: 'DEPLOYMENT_IN_PROGRESS', details: { deploymentId } });
    expect(await queries.status({ workspaceId: WS, agentId: busy.agentId })).toMatchObject({ status: 'deploying', deploymentId, servingVersion: null });
    await expect(queries.endpoint({ workspaceId: WS, agentId: busy.agentId })).rejects.toMatchObject({ code: 'AGENT_NOT_DEPLOYED', message: expect.stringContaining('in progress') });
    expect(await eventTypes(busy.agentId)).toHaveLength(2);

    for (const call of [
      () => requests.handle({ workspaceId: OTHER_WS, agentId: busy.agentId }),
      () => queries.status({ workspaceId: OTHER_WS, agentId: busy.agentId }),
      () => queries.endpoint({ workspaceId: OTHER_WS, agentId: busy.agentId }),
      () => requests.handle({ workspaceId: WS, agentId: hexId('agt') }),
      () => queries.status({ workspaceId: WS, agentId: hexId('agt') }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  }, 120_000);

  it('a bundle that is gone from the store fails the deployment with ARTIFACT_MISSING', async () => {
    const agent = await seedAgent('no');
    await storeVersion(agent, 1, null);
    await requests.handle({ workspaceId: WS, agentId: agent.agentId });
    expect(await settled(agent.agentId)).toMatchObject({ status: 'failed', servingVersion: null, error: { code: 'ARTIFACT_MISSING' } });
    await expect(queries.endpoint({ workspaceId: WS, agentId: agent.agentId })).rejects.toMatchObject({ code: 'AGENT_NOT_DEPLOYED', message: expect.stringContaining('failed') });
  }, 240_000);
});
