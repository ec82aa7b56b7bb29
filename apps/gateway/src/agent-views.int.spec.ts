import { streamName, type AgentView } from '@backforge/contracts';
import { PostgresEventStore } from '@backforge/event-store';
import { eventMetadata } from '@backforge/messaging';
import { createLogger } from '@backforge/runtime';
import { createTestDatabase, describeWith, waitFor, type TestDatabase } from '@backforge/testing';
import { GatewayAgentViews } from './agent-views.js';

const WS = 'ws_views';
const view = (status: string): AgentView => ({
  id: 'agt_1',
  slug: 'todo',
  name: 'todo',
  status,
  region: 'auto',
  jobId: 'job_1',
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
});

describeWith(['postgres'])('gateway agent views fed by the log (PostgreSQL)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let views: GatewayAgentViews;

  beforeAll(async () => {
    db = await createTestDatabase('bf_gw_views');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.ensureSchema();
    views = new GatewayAgentViews(store, createLogger({ service: 'gateway-test', level: 'silent' }));
  }, 120_000);

  afterAll(async () => {
    await views?.onApplicationShutdown();
    await store?.close();
    await db?.drop();
  }, 60_000);

  const append = async (stream: string, type: string): Promise<bigint> =>
    (await store.append(stream, [{ type, data: { note: type }, metadata: eventMetadata({ workspaceId: WS }) }], 'any')).position;

  /** What the generation service answers: its read model's view and projection position. */
  const remote = { view: view('ready'), position: '0', reads: 0 };
  const load = async () => {
    remote.reads += 1;
    return { view: remote.view, position: remote.position };
  };
  const read = () => views.readAgent(WS, 'agt_1', load);

  it('follows from the first reply position: an event appended after it (before the subscription) still refuses that reply', async () => {
    remote.position = (await append(streamName('agent', 'agt_1'), 'AgentCreated')).toString();
    // Appended after the read model's position but before the gateway follows: it must be heard.
    const later = await append(streamName('generation', 'job_1'), 'GenerationCompleted');
    await expect(read()).resolves.toEqual(view('ready'));
    // Until the read model has applied `later`, nothing is kept.
    await waitFor(async () => (await read(), views.size === 0 && remote.reads >= 3), { timeoutMs: 30_000, description: 'replies behind the log answered, not kept' });
    expect(views.peekAgent(WS, 'agt_1')).toBeUndefined();
    remote.position = later.toString();
    remote.view = view('ready-later');
    await waitFor(async () => (await read(), views.peekAgent(WS, 'agt_1')?.view.status === 'ready-later'), { timeoutMs: 30_000, description: 'a reply as fresh as the log kept' });
    const reads = remote.reads;
    await expect(read()).resolves.toEqual(view('ready-later'));
    expect(remote.reads).toBe(reads);
  }, 120_000);

  it('any event of the agent-view streams evicts it in moments; another workspace never finds it', async () => {
    expect(views.peekAgent(WS, 'agt_1')).toBeDefined();
    expect(views.peekAgent('ws_other', 'agt_1')).toBeUndefined();
    await append(streamName('workspace', WS), 'PlatformTokenIssued');
    const deployed = await append(streamName('deployment', 'agt_1'), 'DeploymentRequested');
    await waitFor(async () => views.peekAgent(WS, 'agt_1') === undefined, { timeoutMs: 30_000, description: 'the view evicted by the deployment event' });
    // The read model caught up: kept again, with the new state.
    remote.position = deployed.toString();
    remote.view = view('deploying');
    await read();
    expect(views.peekAgent(WS, 'agt_1')?.view.status).toBe('deploying');
    const position = await append(streamName('validation', 'vjob_1'), 'ValidationRequested');
    await waitFor(async () => views.peekAgent(WS, 'agt_1') === undefined, { timeoutMs: 30_000, description: 'the view evicted by the validation event' });
    remote.position = position.toString();
    await read();
    expect(views.peekAgent(WS, 'agt_1')?.view.status).toBe('deploying');
  }, 120_000);
});
