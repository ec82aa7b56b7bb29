import { Readable } from 'node:stream';
import type { ArtifactStore } from '@backforge/artifact-store';
import type { BackendResponse } from '@backforge/contracts';
import type { Logger } from '@backforge/runtime';
import { SandboxError, type LazySandbox, type PostgresStoreBridge } from '@backforge/sandbox';
import { BackendRunner } from './backends.js';
import type { DeployedVersion } from './invoke-tables.js';

/** A controllable stand-in for the sandbox: loads and invocations finish when the test says. */
class FakeSandbox {
  readonly loaded = new Set<string>();
  readonly events: string[] = [];
  readonly pendingLoads = new Map<string, { resolve(): void; reject(e: Error): void }>();
  readonly pendingCalls: Array<{ backendId: string; resolve(r: BackendResponse): void }> = [];

  load(backendId: string): Promise<void> {
    this.events.push(`load ${backendId}`);
    return new Promise((resolve, reject) => {
      this.pendingLoads.set(backendId, {
        resolve: () => {
          this.loaded.add(backendId);
          resolve();
        },
        reject,
      });
    });
  }

  invoke(backendId: string): Promise<BackendResponse> {
    if (!this.loaded.has(backendId)) return Promise.reject(new SandboxError('NOT_LOADED', backendId));
    this.events.push(`invoke ${backendId}`);
    return new Promise((resolve) => this.pendingCalls.push({ backendId, resolve }));
  }

  unload(backendId: string): Promise<void> {
    this.events.push(`unload ${backendId}`);
    this.loaded.delete(backendId);
    return Promise.resolve();
  }

  finishCalls(): void {
    for (const call of this.pendingCalls.splice(0)) call.resolve({ status: 200, body: { ok: true, result: call.backendId } });
  }
}

const tick = () => new Promise((r) => setImmediate(r));
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined } as unknown as Logger;

function setup() {
  const fake = new FakeSandbox();
  const lazy = { get: () => Promise.resolve(fake) } as unknown as LazySandbox;
  const artifacts = { get: () => Promise.resolve({ stream: Readable.from([Buffer.from('code')]), info: {} }) } as unknown as ArtifactStore;
  const bridge = { storeFor: () => ({}) } as unknown as PostgresStoreBridge;
  let current: DeployedVersion | undefined;
  const runner = new BackendRunner(() => current, lazy, artifacts, bridge, silent);
  /** Deployment n as the log names it (not yet routed). */
  const version = (n: number): DeployedVersion => ({
    agentId: 'agt',
    slug: 's',
    version: n,
    deploymentId: `dep${n}`,
    bundle: { filename: `s-v${n}.bundle.js`, kind: 'bundle', size: 4, sha256: '', contentType: 'text/javascript' },
  });
  /** Deployment n now serves (the routing table names it). */
  const deploy = (n: number): DeployedVersion => {
    current = version(n);
    return current;
  };
  return { fake, runner, deploy, version };
}

describe('BackendRunner', () => {
  it('loads on first use, then serves the old version while a redeploy loads, and unloads it only after its last call', async () => {
    const { fake, runner, deploy } = setup();
    deploy(1);
    const first = runner.invoke('agt', { action: 'a' });
    await tick();
    fake.pendingLoads.get('agt:dep1')?.resolve();
    await tick();
    fake.finishCalls();
    expect((await first).body).toEqual({ ok: true, result: 'agt:dep1' });

    const inFlight = runner.invoke('agt', { action: 'slow' }); // on v1, not finished yet
    await tick();
    runner.deployment({ kind: 'deployed', deployment: deploy(2) }); // v2 starts loading in the background
    await tick();
    const during = runner.invoke('agt', { action: 'b' }); // v2 not loaded: v1 answers
    await tick();
    expect(fake.events.filter((e) => e.startsWith('invoke')).at(-1)).toBe('invoke agt:dep1');
    fake.pendingLoads.get('agt:dep2')?.resolve();
    await tick();
    expect(fake.events).not.toContain('unload agt:dep1'); // two calls still on it
    fake.finishCalls();
    expect((await inFlight).status).toBe(200);
    expect((await during).body).toEqual({ ok: true, result: 'agt:dep1' });
    await tick();
    expect(fake.events).toContain('unload agt:dep1');
    const after = runner.invoke('agt', { action: 'c' });
    await tick();
    fake.finishCalls();
    expect((await after).body).toEqual({ ok: true, result: 'agt:dep2' });
  });

  it('keeps the serving version when a newer one does not load, and refuses with 503 when there is none', async () => {
    const { fake, runner, deploy } = setup();
    deploy(1);
    const cold = runner.invoke('agt', { action: 'x' });
    await tick();
    fake.pendingLoads.get('agt:dep1')?.reject(new SandboxError('LOAD_FAILED', 'broken'));
    await expect(cold).rejects.toMatchObject({ code: 'LOAD_FAILED' });
    await expect(runner.invoke('agt', { action: 'x' })).rejects.toMatchObject({ code: 'SANDBOX_UNAVAILABLE' }); // not retried at once

    const { fake: f2, runner: r2, deploy: d2 } = setup();
    d2(1);
    const ok = r2.invoke('agt', { action: 'x' });
    await tick();
    f2.pendingLoads.get('agt:dep1')?.resolve();
    await tick();
    f2.finishCalls();
    await ok;
    r2.deployment({ kind: 'deployed', deployment: d2(2) });
    await tick();
    f2.pendingLoads.get('agt:dep2')?.reject(new SandboxError('LOAD_FAILED', 'broken'));
    await tick();
    const still = r2.invoke('agt', { action: 'x' });
    await tick();
    f2.finishCalls();
    expect((await still).body).toEqual({ ok: true, result: 'agt:dep1' });
    expect(f2.events).not.toContain('unload agt:dep1');
  });

  it('picks again after waiting for a load: the table moved on meanwhile, so the newer version loads and the loaded one answers', async () => {
    const { fake, runner, deploy } = setup();
    deploy(1);
    const a = runner.invoke('agt', { action: 'x' });
    await tick();
    deploy(2); // the table moved on while v1 was loading
    fake.pendingLoads.get('agt:dep1')?.resolve();
    await tick();
    await tick();
    fake.finishCalls();
    expect((await a).body).toEqual({ ok: true, result: 'agt:dep1' });
    expect(fake.events).toContain('load agt:dep2');
    fake.pendingLoads.get('agt:dep2')?.resolve();
    await tick();
    const b = runner.invoke('agt', { action: 'x' });
    await tick();
    fake.finishCalls();
    expect((await b).body).toEqual({ ok: true, result: 'agt:dep2' });
    expect(fake.events.filter((e) => e.startsWith('load'))).toEqual(['load agt:dep1', 'load agt:dep2']);
    expect(fake.events).toContain('unload agt:dep1');
  });

  it('loads a deployment ahead while it is under way and routes it only when it succeeds: its first request does not wait for a load', async () => {
    const { fake, runner, deploy, version } = setup();
    runner.deployment({ kind: 'deploying', deployment: version(1) });
    runner.deployment({ kind: 'deploying', deployment: version(1) }); // its DeploymentStarted: no second load
    await tick();
    expect(fake.events).toEqual(['load agt:dep1']);
    fake.pendingLoads.get('agt:dep1')?.resolve();
    await tick();
    await expect(runner.invoke('agt', { action: 'x' })).rejects.toMatchObject({ code: 'SANDBOX_UNAVAILABLE' }); // not routed yet
    runner.deployment({ kind: 'deployed', deployment: deploy(1) });
    const first = runner.invoke('agt', { action: 'x' });
    await tick();
    expect(fake.events).toEqual(['load agt:dep1', 'invoke agt:dep1']);
    fake.finishCalls();
    expect((await first).body).toEqual({ ok: true, result: 'agt:dep1' });
  });

  it('keeps serving the old version while a redeploy loads ahead; a failed deployment unloads it, a succeeded one replaces the old', async () => {
    const { fake, runner, deploy, version } = setup();
    deploy(1);
    const warm = runner.invoke('agt', { action: 'x' });
    await tick();
    fake.pendingLoads.get('agt:dep1')?.resolve();
    await tick();
    fake.finishCalls();
    await warm;

    runner.deployment({ kind: 'deploying', deployment: version(2) });
    await tick();
    fake.pendingLoads.get('agt:dep2')?.resolve();
    await tick();
    const during = runner.invoke('agt', { action: 'x' });
    await tick();
    fake.finishCalls();
    expect((await during).body).toEqual({ ok: true, result: 'agt:dep1' }); // loaded, not routed
    runner.deployment({ kind: 'deployFailed', deployment: version(2) });
    await tick();
    await tick();
    expect(fake.events).toContain('unload agt:dep2');
    expect(fake.events).not.toContain('unload agt:dep1');

    runner.deployment({ kind: 'deploying', deployment: version(3) });
    await tick();
    fake.pendingLoads.get('agt:dep3')?.resolve();
    await tick();
    runner.deployment({ kind: 'deployed', deployment: deploy(3) });
    const after = runner.invoke('agt', { action: 'x' });
    await tick();
    fake.finishCalls();
    expect((await after).body).toEqual({ ok: true, result: 'agt:dep3' });
    await tick();
    await tick();
    expect(fake.events).toContain('unload agt:dep1');
    expect(fake.events.filter((e) => e.startsWith('load'))).toEqual(['load agt:dep1', 'load agt:dep2', 'load agt:dep3']);
  });
});
