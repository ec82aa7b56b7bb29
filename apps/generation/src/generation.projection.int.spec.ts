import { streamName, type ArtifactRef, type CheckReportData } from '@backforge/contracts';
import { PostgresEventStore } from '@backforge/event-store';
import { eventMetadata } from '@backforge/messaging';
import { ReadModels } from '@backforge/projections';
import { createLogger } from '@backforge/runtime';
import { createTestDatabase, describeWith, type TestDatabase } from '@backforge/testing';
import { AgentRow, generationProjection } from './generation.projection.js';

const WS = 'acme';
let counter = 0;
const id = (prefix: string) => `${prefix}_${(Date.now().toString(16) + (counter++).toString(16).padStart(4, '0')).padStart(24, '0').slice(-24)}`;
const report: CheckReportData = { status: 'passed', generatorVersion: 'test', checks: [], startedAt: '2026-11-23T10:00:00.000Z', finishedAt: '2026-11-23T10:00:01.000Z', durationMs: 1000 };
const bundle = (slug: string, version: number): ArtifactRef => ({ filename: `${slug}-v${version}.bundle.js`, kind: 'bundle', size: 1, sha256: '0'.repeat(64), contentType: 'text/javascript' });

describeWith(['postgres'])('generation projection: the agent status follows its deployments', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let readModels: ReadModels;

  beforeAll(async () => {
    db = await createTestDatabase('bf_genproj');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.ensureSchema();
    const logger = createLogger({ service: 'generation-projection-test', level: 'silent' });
    readModels = await ReadModels.open({ owner: 'generation', databaseUrl: db.url, eventStore: store, projections: [generationProjection], logger, waitTimeoutMs: 60_000 });
  }, 120_000);

  afterAll(async () => {
    await readModels?.close();
    await store?.close();
    await db?.drop();
  }, 60_000);

  const meta = () => eventMetadata({ workspaceId: WS });

  async function append(stream: string, type: string, data: object): Promise<void> {
    const { position } = await store.append(stream, [{ type, data: data as never, metadata: meta() }], 'any');
    await readModels.waitFor(position);
  }

  async function status(agentId: string): Promise<string | undefined> {
    return (await readModels.dataSource.getRepository(AgentRow).findOneBy({ id: agentId }))?.status;
  }

  /** A generated (ready) agent. */
  async function readyAgent(): Promise<{ agentId: string; slug: string }> {
    const agentId = id('agt');
    const jobId = id('job');
    const slug = `todo-${agentId.slice(-8)}`;
    await append(streamName('agent', agentId), 'AgentCreated', { agentId, workspaceId: WS, slug, name: 'todo', region: 'auto', jobId });
    await append(streamName('generation', jobId), 'GenerationRequested', { jobId, agentId, workspaceId: WS, slug, name: 'todo', prompt: 'p', region: 'auto' });
    const summary = { interpreter: 'rules', resources: [], actions: [], warnings: [] };
    await append(streamName('generation', jobId), 'GenerationCompleted', { attempt: 1, version: 1, artifacts: [bundle(slug, 1)], summary, report });
    expect(await status(agentId)).toBe('ready');
    return { agentId, slug };
  }

  const requested = (agentId: string, slug: string, deploymentId: string, version = 1) => ({ deploymentId, agentId, workspaceId: WS, slug, version, bundle: bundle(slug, version) });
  const succeeded = (agentId: string, slug: string, deploymentId: string, version = 1) => ({ deploymentId, attempt: 1, agentId, slug, version, bundle: bundle(slug, version), smoke: { action: 'describe', status: 200, durationMs: 3 } });
  const failed = (deploymentId: string) => ({ deploymentId, attempt: 1, error: { code: 'SMOKE_FAILED', message: 'no' } });

  it('ready -> deploying (requested, and while it runs) -> deployed', async () => {
    const { agentId, slug } = await readyAgent();
    const stream = streamName('deployment', agentId);
    await append(stream, 'DeploymentRequested', requested(agentId, slug, 'dep_1'));
    expect(await status(agentId)).toBe('deploying');
    await append(stream, 'DeploymentStarted', { deploymentId: 'dep_1', attempt: 1, workerId: 'w', leaseExpiresAt: new Date().toISOString() });
    expect(await status(agentId)).toBe('deploying');
    await append(stream, 'DeploymentSucceeded', succeeded(agentId, slug, 'dep_1'));
    expect(await status(agentId)).toBe('deployed');
  });

  it('a failed first deployment makes the agent failed; a failed redeploy leaves it deployed (the older version serves)', async () => {
    const first = await readyAgent();
    await append(streamName('deployment', first.agentId), 'DeploymentRequested', requested(first.agentId, first.slug, 'dep_1'));
    await append(streamName('deployment', first.agentId), 'DeploymentFailed', failed('dep_1'));
    expect(await status(first.agentId)).toBe('failed');

    const second = await readyAgent();
    const stream = streamName('deployment', second.agentId);
    await append(stream, 'DeploymentRequested', requested(second.agentId, second.slug, 'dep_1'));
    await append(stream, 'DeploymentSucceeded', succeeded(second.agentId, second.slug, 'dep_1'));
    await append(stream, 'DeploymentRequested', requested(second.agentId, second.slug, 'dep_2', 2));
    expect(await status(second.agentId)).toBe('deploying');
    await append(stream, 'DeploymentFailed', failed('dep_2'));
    expect(await status(second.agentId)).toBe('deployed');
    expect((await readModels.dataSource.getRepository(AgentRow).findOneBy({ id: second.agentId }))?.deployedVersion).toBe(1);
  });
});
