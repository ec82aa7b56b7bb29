import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exampleBlueprints } from '@backforge/blueprint';
import { streamName, type CheckReportData, type ValidationJobView } from '@backforge/contracts';
import { PostgresEventStore } from '@backforge/event-store';
import { packProject, synthesize } from '@backforge/generator';
import { eventMetadata } from '@backforge/messaging';
import { ReadModels } from '@backforge/projections';
import { createLogger } from '@backforge/runtime';
import { createTestDatabase, describeWith, type TestDatabase } from '@backforge/testing';
import { RequestValidationHandler } from './request-validation.handler.js';
import { ClaimValidationHandler } from './claim-validation.handler.js';
import { RunValidationHandler } from './run-validation.handler.js';
import { ValidationAgents } from './validation-agents.js';
import { ValidationInfrastructure, type ValidationConfig } from './validation-infrastructure.js';
import { validationProjection } from './validation.projection.js';
import { ValidationQueriesHandler } from './validation-queries.handler.js';
import { ValidationWorker } from './validation.worker.js';

const WS = 'acme';
const OTHER_WS = 'other';
let counter = 0;
const hexId = (prefix: string) => `${prefix}_${(Date.now().toString(16) + (counter++).toString(16).padStart(4, '0')).padStart(24, '0').slice(-24)}`;

const generationReport = (status: 'passed' | 'failed'): CheckReportData => ({
  status,
  generatorVersion: 'test',
  checks: [
    { kind: 'build', name: 'bundle loads', status: 'passed', durationMs: 5 },
    { kind: 'behaviour', name: 'createTodo: creates a todo', status, durationMs: 7, details: { note: 'kept in the log only' } },
  ],
  startedAt: '2026-11-23T10:00:00.000Z',
  finishedAt: '2026-11-23T10:00:02.000Z',
  durationMs: 2000,
});


describeWith(['postgres'])('validation service on PostgreSQL (projection, requests, worker, queries)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let readModels: ReadModels;
  let infrastructure: ValidationInfrastructure;
  let worker: ValidationWorker;
  let requests: RequestValidationHandler;
  let queries: ValidationQueriesHandler;
  let artifactsDir: string;

  beforeAll(async () => {
    db = await createTestDatabase('bf_validation');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.ensureSchema();
    const logger = createLogger({ service: 'validation-test', level: 'silent' });
    readModels = await ReadModels.open({ owner: 'validation', databaseUrl: db.url, eventStore: store, projections: [validationProjection], logger, waitTimeoutMs: 60_000 });
    artifactsDir = await mkdtemp(path.join(tmpdir(), 'bf-validation-'));
    const config = { artifactStore: 'fs', artifactsDir, s3Bucket: 'unused', s3Region: 'us-east-1', jobLeaseMs: 120_000, jobMaxAttempts: 2, jobConcurrency: 1, jobPollMs: 100 };
    infrastructure = new ValidationInfrastructure(config as unknown as ValidationConfig);
    const agents = new ValidationAgents(store, readModels);
    worker = new ValidationWorker(logger, readModels, infrastructure, new RunValidationHandler(store, logger, infrastructure), new ClaimValidationHandler(store, infrastructure));
    requests = new RequestValidationHandler(store, readModels, agents, worker);
    queries = new ValidationQueriesHandler(readModels, agents);
    worker.onApplicationBootstrap();
  }, 120_000);

  afterAll(async () => {
    await worker?.onApplicationShutdown();
    await infrastructure?.onApplicationShutdown();
    await readModels?.close();
    await store?.close();
    await db?.drop();
    if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true });
  }, 60_000);

  /** An agent as the generation service leaves it: created, generated (or not), its files stored. */
  async function seedAgent(options: { generated: 'completed' | 'checks-failed' | 'no'; storeArchive?: boolean }): Promise<{ agentId: string; jobId: string }> {
    const agentId = hexId('agt');
    const jobId = hexId('job');
    const slug = `todo-${agentId.slice(-8)}`;
    const meta = () => eventMetadata({ workspaceId: WS });
    await store.append(streamName('agent', agentId), [{ type: 'AgentCreated', data: { agentId, workspaceId: WS, slug, name: 'todo', region: 'auto', jobId }, metadata: meta() }], 'no_stream');
    const generation = streamName('generation', jobId);
    await store.append(generation, [{ type: 'GenerationRequested', data: { jobId, agentId, workspaceId: WS, slug, name: 'todo', prompt: 'A todo list', region: 'auto' }, metadata: meta() }], 'no_stream');
    if (options.generated === 'no') return { agentId, jobId };
    if (options.generated === 'checks-failed') {
      await store.append(generation, [{ type: 'GenerationFailed', data: { attempt: 1, error: { code: 'CHECKS_FAILED', message: 'failed' }, report: generationReport('failed') as never }, metadata: meta() }], 'any');
      return { agentId, jobId };
    }
    const filename = `${slug}-v1.tar.gz`;
    let stored = { size: 1, sha256: '0'.repeat(64) };
    if (options.storeArchive !== false) {
      const archive = await packProject(await synthesize(structuredClone(exampleBlueprints.todo), { name: slug }));
      stored = await infrastructure.artifacts.put({ agentId, filename }, archive, { contentType: 'application/gzip' });
    }
    const artifacts = [{ filename, kind: 'project', size: stored.size, sha256: stored.sha256, contentType: 'application/gzip' }];
    const summary = { interpreter: 'rules', resources: [], actions: [], warnings: [] };
    await store.append(generation, [{ type: 'GenerationCompleted', data: { attempt: 1, version: 1, artifacts, summary, report: generationReport('passed') as never }, metadata: meta() }], 'any');
    return { agentId, jobId };
  }

  async function finished(jobId: string): Promise<ValidationJobView> {
    const deadline = Date.now() + 150_000;
    for (;;) {
      const job = await queries.getJob({ workspaceId: WS, jobId });
      if (job.status !== 'queued' && job.status !== 'running') return job;
      if (Date.now() > deadline) throw new Error(`validation job ${jobId} still ${job.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('a generated agent already has its generation report; a validation re-runs the checks on the stored archive and adds its own, newest first and paged', async () => {
    const { agentId, jobId } = await seedAgent({ generated: 'completed' });
    const before = await queries.listReports({ workspaceId: WS, agentId });
    expect(before.items.map((r) => [r.id, r.source, r.status, r.version])).toEqual([[jobId, 'generation', 'passed', 1]]);
    expect(before.items[0]?.checks[1]).toEqual({ kind: 'behaviour', name: 'createTodo: creates a todo', status: 'passed', durationMs: 7 });
    expect(before.items[0]?.summary).toEqual({ passed: 2, failed: 0, byKind: { build: { passed: 1, failed: 0 }, behaviour: { passed: 1, failed: 0 } } });

    const reply = await requests.handle({ workspaceId: WS, agentId });
    expect(reply.job.id).toMatch(/^val_[0-9a-f]{24}$/);
    expect(reply.job.status).toBe('queued');
    const job = await finished(reply.job.id);
    expect(job).toMatchObject({ id: reply.job.id, agentId, status: 'passed', version: 1, attempts: 1, report: { id: reply.job.id, source: 'validation', status: 'passed', version: 1 } });
    expect(job.report?.checks.map((c) => c.kind)).toEqual(expect.arrayContaining(['build', 'behaviour', 'quality']));
    expect(job.completedAt).toBeDefined();

    const first = await queries.listReports({ workspaceId: WS, agentId, limit: 1 });
    expect(first.items.map((r) => r.id)).toEqual([reply.job.id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await queries.listReports({ workspaceId: WS, agentId, limit: 1, cursor: first.nextCursor as string });
    expect(second).toEqual({ items: [expect.objectContaining({ id: jobId, source: 'generation' })], nextCursor: null });
  }, 180_000);

  it('another workspace sees neither the agent, its reports nor its validation jobs (NOT_FOUND, like missing ones)', async () => {
    const { agentId } = await seedAgent({ generated: 'completed', storeArchive: false });
    const { job } = await requests.handle({ workspaceId: WS, agentId });
    await expect(requests.handle({ workspaceId: OTHER_WS, agentId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(queries.listReports({ workspaceId: OTHER_WS, agentId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(queries.getJob({ workspaceId: OTHER_WS, jobId: job.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(requests.handle({ workspaceId: WS, agentId: hexId('agt') })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(queries.getJob({ workspaceId: WS, jobId: hexId('val') })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  }, 60_000);

  it('an archive that is gone from the store ends the job in error with the reason, not in a report', async () => {
    const { agentId } = await seedAgent({ generated: 'completed', storeArchive: false });
    const { job } = await requests.handle({ workspaceId: WS, agentId });
    const done = await finished(job.id);
    expect(done).toMatchObject({ status: 'error', error: { code: 'ARTIFACT_MISSING' } });
    expect(done.report).toBeUndefined();
    expect((await queries.listReports({ workspaceId: WS, agentId })).items.map((r) => r.source)).toEqual(['generation']);
  }, 180_000);

  it('an agent still generating cannot be validated (CONFLICT); a generation whose checks failed leaves a report without a version', async () => {
    const pending = await seedAgent({ generated: 'no' });
    await expect(requests.handle({ workspaceId: WS, agentId: pending.agentId })).rejects.toMatchObject({ code: 'CONFLICT' });
    const failed = await seedAgent({ generated: 'checks-failed' });
    await expect(requests.handle({ workspaceId: WS, agentId: failed.agentId })).rejects.toMatchObject({ code: 'CONFLICT' });
    const reports = await queries.listReports({ workspaceId: WS, agentId: failed.agentId });
    expect(reports.items).toEqual([expect.objectContaining({ id: failed.jobId, source: 'generation', status: 'failed', version: null, summary: expect.objectContaining({ passed: 1, failed: 1 }) })]);
  }, 60_000);

  it('a bad cursor is refused naming the field', async () => {
    const { agentId } = await seedAgent({ generated: 'no' });
    await expect(queries.listReports({ workspaceId: WS, agentId, cursor: 'bm90LWEtcG9zaXRpb24' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  }, 60_000);
});
