import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { artifactFilename } from '@backforge/artifact-store';
import { exampleBlueprints } from '@backforge/blueprint';
import type { ArtifactRef } from '@backforge/contracts';
import { projectFile, synthesize } from '@backforge/generator';
import { createLogger } from '@backforge/runtime';
import { MemoryBackendStore, type Sandbox } from '@backforge/sandbox';
import { waitFor } from '@backforge/testing';
import { DeployInfrastructure, type DeployConfig } from './deploy-infrastructure.js';
import { runSmokeCase, SmokeFailure } from './smoke-case.js';
import { StagedBundles, type StagedDeployment } from './staged-bundles.js';

describe('StagedBundles (the deploy sandbox and a local artifact folder)', () => {
  let artifactsDir: string;
  let infrastructure: DeployInfrastructure;
  let staged: StagedBundles;
  let sandbox: Sandbox;
  let counter = 0;
  const loaded = () => sandbox.stats().loadedBackends;

  /** Stores version 1 of a todo agent (bundle and blueprint) and names its deployment. */
  async function storedDeployment(bundleCode: string | null): Promise<StagedDeployment> {
    counter += 1;
    const agentId = `agt_${counter.toString(16).padStart(24, '0')}`;
    const slug = `todo-${counter}`;
    const blueprint = artifactFilename(slug, 1, 'blueprint.json');
    await infrastructure.artifacts.put({ agentId, filename: blueprint }, Buffer.from(JSON.stringify(exampleBlueprints.todo)), { contentType: 'application/json' });
    const filename = artifactFilename(slug, 1, 'bundle.js');
    let bundle: ArtifactRef = { filename, kind: 'bundle', size: 1, sha256: '0'.repeat(64), contentType: 'text/javascript' };
    if (bundleCode !== null) {
      const info = await infrastructure.artifacts.put({ agentId, filename }, Buffer.from(bundleCode), { contentType: 'text/javascript' });
      bundle = { ...bundle, size: info.size, sha256: info.sha256 };
    }
    return { deploymentId: `dep_${counter.toString(16).padStart(24, '0')}`, agentId, slug, version: 1, bundle };
  }

  let todoBundle: string;

  beforeAll(async () => {
    artifactsDir = await mkdtemp(path.join(tmpdir(), 'bf-staged-'));
    const config = { artifactStore: 'fs', artifactsDir, s3Bucket: 'unused', s3Region: 'us-east-1' };
    infrastructure = new DeployInfrastructure(config as unknown as DeployConfig);
    staged = new StagedBundles(infrastructure, createLogger({ service: 'deploy-test', level: 'silent' }));
    sandbox = await infrastructure.smokeSandbox();
    const project = await synthesize(structuredClone(exampleBlueprints.todo), { name: 'todo' });
    todoBundle = projectFile(project, 'dist/handler.js') ?? '';
  }, 120_000);

  afterAll(async () => {
    staged?.onApplicationShutdown();
    await infrastructure?.onApplicationShutdown();
    if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true });
  }, 60_000);

  it('a staged bundle is loaded before anyone takes it; its taker answers the smoke case on it; it is taken once', async () => {
    const deployment = await storedDeployment(todoBundle);
    staged.stage(deployment);
    staged.stage(deployment); // the request and the claim both stage it: loaded once
    await waitFor(() => loaded() === 1, { description: 'the staged bundle loaded', timeoutMs: 120_000, intervalMs: 20 });
    expect(staged.size).toBe(1);

    const bundle = await staged.take(deployment);
    expect(staged.size).toBe(0);
    expect(bundle.blueprint?.actions.map((a) => a.name)).toContain('createTodo');
    expect(await runSmokeCase(bundle.sandbox, bundle.backendId, bundle.blueprint)).toEqual({ action: 'createTodo', status: 200 });
    // Its own backend id: never the one invocations use.
    expect(bundle.backendId).toMatch(new RegExp(`^deploy-smoke-${deployment.deploymentId}-`));

    // Taken already: a second take loads it anew, under another backend id.
    const again = await staged.take(deployment);
    expect(again.backendId).not.toBe(bundle.backendId);
    expect(loaded()).toBe(2);
    await bundle.sandbox.unload(bundle.backendId);
    await again.sandbox.unload(again.backendId);
    expect(loaded()).toBe(0);
  }, 120_000);

  it('a staged bundle nobody takes (the claim went elsewhere) is unloaded when discarded', async () => {
    const deployment = await storedDeployment(todoBundle);
    staged.stage(deployment);
    await waitFor(() => loaded() === 1, { description: 'the staged bundle loaded', timeoutMs: 120_000, intervalMs: 20 });
    staged.discard(deployment.deploymentId);
    expect(staged.size).toBe(0);
    await waitFor(() => loaded() === 0, { description: 'the discarded bundle unloaded', timeoutMs: 60_000, intervalMs: 20 });

    // Discarded while still loading: unloaded once its load is done.
    const other = await storedDeployment(todoBundle);
    staged.stage(other);
    staged.discard(other.deploymentId);
    await waitFor(() => loaded() === 0, { description: 'the discarded bundle unloaded', timeoutMs: 60_000, intervalMs: 20 });
  }, 120_000);

  it('the smoke case: describe and the example both must answer; a failing describe is reported first, a failing example by name', async () => {
    const bundleOf = (describeStatus: number, exampleStatus: number) => `"use strict";
var BackforgeBackend = (() => {
  async function handle(request) {
    if (request.action === 'describe') return { status: ${describeStatus}, body: ${describeStatus} === 200 ? { ok: true, result: { actions: [] } } : { ok: false, error: { code: 'INTERNAL', message: 'no' } } };
    return { status: ${exampleStatus}, body: { ok: false, error: { code: 'INVALID_REQUEST', message: 'broken on purpose' } } };
  }
  return { handle };
})();
globalThis.BackforgeBackend = BackforgeBackend;
`;
    const failureOf = async (code: string): Promise<SmokeFailure> => {
      const bundle = await staged.take(await storedDeployment(code));
      try {
        await runSmokeCase(bundle.sandbox, bundle.backendId, bundle.blueprint);
        throw new Error('the smoke case passed');
      } catch (error) {
        if (!(error instanceof SmokeFailure)) throw error;
        return error;
      } finally {
        await bundle.sandbox.unload(bundle.backendId);
      }
    };
    expect((await failureOf(bundleOf(500, 400))).error).toMatchObject({ code: 'SMOKE_FAILED', message: expect.stringContaining('on describe'), details: { action: 'describe' } });
    expect((await failureOf(bundleOf(200, 400))).error).toMatchObject({ code: 'SMOKE_FAILED', message: expect.stringContaining("example 'createTodo"), details: { action: 'createTodo', status: 400 } });
    expect(loaded()).toBe(0);
  }, 120_000);

  it('artifacts that are gone or altered fail the take with the reason, and leave nothing loaded', async () => {
    const missing = await storedDeployment(null);
    staged.stage(missing);
    await expect(staged.take(missing)).rejects.toMatchObject({ error: { code: 'ARTIFACT_MISSING' } });

    const altered = await storedDeployment(todoBundle);
    staged.stage({ ...altered, bundle: { ...altered.bundle, sha256: 'f'.repeat(64) } });
    await expect(staged.take({ ...altered, bundle: { ...altered.bundle, sha256: 'f'.repeat(64) } })).rejects.toMatchObject({ error: { code: 'ARTIFACT_CORRUPT' } });

    const broken = await storedDeployment('this is not javascript (');
    staged.stage(broken);
    await expect(staged.take(broken)).rejects.toMatchObject({ error: { code: 'BUNDLE_LOAD_FAILED' } });
    expect(staged.size).toBe(0);
    expect(loaded()).toBe(0);
    // The sandbox still serves: a good bundle loads and answers after them.
    const good = await storedDeployment(todoBundle);
    const bundle = await staged.take(good);
    expect((await bundle.sandbox.invoke(bundle.backendId, { action: 'describe' }, { store: new MemoryBackendStore() })).status).toBe(200);
    await bundle.sandbox.unload(bundle.backendId);
  }, 120_000);
});
