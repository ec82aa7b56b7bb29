import { streamName, type ArtifactRef } from '@backforge/contracts';
import { PostgresEventStore } from '@backforge/event-store';
import { eventMetadata } from '@backforge/messaging';
import { ReadModels } from '@backforge/projections';
import { createLogger } from '@backforge/runtime';
import { createTestDatabase, describeWith, type TestDatabase } from '@backforge/testing';
import { DownloadQueriesHandler } from './download-queries.handler.js';
import { DownloadsAgents } from './downloads-agents.js';
import { downloadsProjection } from './downloads.projection.js';

const WS = 'acme';
let counter = 0;
const hexId = (prefix: string) => `${prefix}_${(Date.now().toString(16) + (counter++).toString(16).padStart(4, '0')).padStart(24, '0').slice(-24)}`;
const meta = () => eventMetadata({ workspaceId: WS });

const files = (slug: string, version: number): ArtifactRef[] =>
  (
    [
      ['project', 'tar.gz', 'application/gzip'],
      ['bundle', 'bundle.js', 'text/javascript; charset=utf-8'],
      ['openapi', 'openapi.json', 'application/json'],
      ['blueprint', 'blueprint.json', 'application/json'],
      ['report', 'report.json', 'application/json'],
    ] as const
  ).map(([kind, extension, contentType], i) => ({
    filename: `${slug}-v${version}.${extension}`,
    kind,
    size: 1000 * version + i,
    sha256: `${version}${i}`.padStart(64, 'a'),
    contentType,
  }));

describeWith(['postgres'])('downloads service on PostgreSQL (projection and resolution)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let readModels: ReadModels;
  let queries: DownloadQueriesHandler;

  beforeAll(async () => {
    db = await createTestDatabase('bf_downloads');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.ensureSchema();
    const logger = createLogger({ service: 'downloads-test', level: 'silent' });
    readModels = await ReadModels.open({ owner: 'downloads', databaseUrl: db.url, eventStore: store, projections: [downloadsProjection], logger, waitTimeoutMs: 60_000 });
    queries = new DownloadQueriesHandler(readModels, new DownloadsAgents(store, readModels));
  }, 120_000);

  afterAll(async () => {
    await readModels?.close();
    await store?.close();
    await db?.drop();
  }, 60_000);

  /** Created, then generated once per version (each generation its own job), as the generation service does. */
  async function seedAgent(versions: number): Promise<{ agentId: string; slug: string; position: bigint }> {
    const agentId = hexId('agt');
    const slug = `todo-${agentId.slice(-8)}`;
    const firstJob = hexId('job');
    let { position } = await store.append(streamName('agent', agentId), [{ type: 'AgentCreated', data: { agentId, workspaceId: WS, slug, name: 'todo', region: 'auto', jobId: firstJob }, metadata: meta() }], 'no_stream');
    for (let version = 1; version <= versions; version++) {
      const jobId = version === 1 ? firstJob : hexId('job');
      const summary = { interpreter: 'rules', resources: [], actions: [], warnings: [] };
      const report = { status: 'passed', generatorVersion: 't', checks: [], startedAt: '2026-11-23T10:00:00.000Z', finishedAt: '2026-11-23T10:00:01.000Z', durationMs: 1000 };
      ({ position } = await store.append(
        streamName('generation', jobId),
        [
          { type: 'GenerationRequested', data: { jobId, agentId, workspaceId: WS, slug, name: 'todo', prompt: 'p', region: 'auto' }, metadata: meta() },
          { type: 'GenerationCompleted', data: { attempt: 1, version, artifacts: files(slug, version) as never, summary, report }, metadata: meta() },
        ],
        'no_stream',
      ));
    }
    return { agentId, slug, position };
  }

  it('a download resolves straight after the generation completed (read-your-writes)', async () => {
    const { agentId, slug } = await seedAgent(1);
    // No waitFor here: the handler catches up with the agent's generation log itself.
    await expect(queries.resolve({ workspaceId: WS, agentId, filename: 'latest' })).resolves.toMatchObject({ filename: `${slug}-v1.tar.gz` });
  }, 60_000);

  it('latest and the aliases are the newest version\'s files; exact names any stored file', async () => {
    const { agentId, slug, position } = await seedAgent(2);
    await readModels.waitFor(position);
    await expect(queries.resolve({ workspaceId: WS, agentId, filename: 'latest' })).resolves.toEqual({
      agentId,
      filename: `${slug}-v2.tar.gz`,
      downloadName: `${slug}-v2.tar.gz`,
      size: 2000,
      sha256: '20'.padStart(64, 'a'),
      contentType: 'application/gzip',
    });
    await expect(queries.resolve({ workspaceId: WS, agentId, filename: 'openapi.json' })).resolves.toMatchObject({ filename: `${slug}-v2.openapi.json`, downloadName: 'openapi.json' });
    await expect(queries.resolve({ workspaceId: WS, agentId, filename: 'backforge.blueprint.json' })).resolves.toMatchObject({ filename: `${slug}-v2.blueprint.json` });
    await expect(queries.resolve({ workspaceId: WS, agentId, filename: 'validation-report.json' })).resolves.toMatchObject({ filename: `${slug}-v2.report.json` });
    await expect(queries.resolve({ workspaceId: WS, agentId, filename: `${slug}-v1.bundle.js` })).resolves.toMatchObject({ size: 1001, downloadName: `${slug}-v1.bundle.js` });
  }, 120_000);

  it('lists every stored file, newest version first', async () => {
    const { agentId, slug, position } = await seedAgent(2);
    await readModels.waitFor(position);
    const list = await queries.list({ workspaceId: WS, agentId });
    expect(list.items).toHaveLength(10);
    expect(list.items.slice(0, 5).every((f) => f.version === 2)).toBe(true);
    expect(list.items[5]).toMatchObject({ version: 1, filename: `${slug}-v1.blueprint.json`, kind: 'blueprint' });
  }, 120_000);

  it('another workspace\'s agent, an unknown file, an unknown agent and an agent with nothing stored are all NOT_FOUND', async () => {
    const { agentId } = await seedAgent(1);
    await expect(queries.resolve({ workspaceId: 'other', agentId, filename: 'latest' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(queries.list({ workspaceId: 'other', agentId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(queries.resolve({ workspaceId: WS, agentId, filename: 'nope.tar.gz' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(queries.resolve({ workspaceId: WS, agentId: hexId('agt'), filename: 'latest' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const pending = await seedAgent(0);
    await expect(queries.resolve({ workspaceId: WS, agentId: pending.agentId, filename: 'latest' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  }, 60_000);
});
