import { createHash } from 'node:crypto';
import type { ArtifactStore } from '@backforge/artifact-store';
import type { BackendRequest, BackendResponse } from '@backforge/contracts';
import type { Logger } from '@backforge/runtime';
import { SandboxError, type LazySandbox, type PostgresBackendStore, type PostgresStoreBridge } from '@backforge/sandbox';
import type { DeployedVersion, DeploymentChange } from './invoke-tables.js';

/** A deployment's bundle in the sandbox, under its own backend id (`<agentId>:<deploymentId>`). */
interface LoadedVersion {
  backendId: string;
  deploymentId: string;
  version: number;
  ready: Promise<void>;
  loaded: boolean;
  /** Invocations that picked this version and have not finished. */
  inFlight: number;
  /** Replaced by a newer version: unloaded once its last invocation finishes. */
  retired: boolean;
}

/** After a failed load, the same deployment is not tried again for this long (a broken artifact cannot cause a load storm). */
const LOAD_RETRY_MS = 1000;

/**
 * Runs deployed backends: loads a deployment's bundle from the artifact store into the sandbox
 * ahead of use (as soon as the log says the deployment is under way; not routed until it succeeds)
 * or on first use, and invokes it with that agent's PostgreSQL store. Each deployment is its own
 * sandbox backend, so a redeploy never touches the running version: requests keep going to the old
 * one until the new one has loaded, then the old one is unloaded when its last request has
 * finished. No request of a redeploy fails. A deployment that fails unloads what was loaded ahead.
 */
export class BackendRunner {
  private readonly current = new Map<string, LoadedVersion>();
  /** The version that served before `current`, while `current` is still loading. */
  private readonly previous = new Map<string, LoadedVersion>();
  /** Loaded ahead of its deployment's success, by deployment id: not routed yet. */
  private readonly ahead = new Map<string, LoadedVersion>();
  private readonly failedAt = new Map<string, number>();
  private readonly stores = new Map<string, PostgresBackendStore>();

  constructor(
    /** The deployment serving an agent now (the routing table): read at every pick, never cached. */
    private readonly deploymentOf: (agentId: string) => DeployedVersion | undefined,
    private readonly sandbox: LazySandbox,
    private readonly artifacts: ArtifactStore,
    private readonly bridge: PostgresStoreBridge,
    private readonly logger: Logger,
  ) {}

  /**
   * Runs the backend's handler on `request` (an object, or a JSON object's text as it came);
   * SandboxError for anything that is not the backend's own answer.
   */
  async invoke(agentId: string, request: BackendRequest | string): Promise<BackendResponse> {
    let version: LoadedVersion | undefined;
    for (;;) {
      // The routing table's deployment at this moment (it may have changed since the request was
      // admitted, or while it waited for a load): a request never reloads a replaced version.
      const deployed = this.deploymentOf(agentId);
      if (!deployed) throw new SandboxError('SANDBOX_UNAVAILABLE', 'the agent has no deployment; retry');
      version = this.pick(deployed);
      if (version) break;
      await this.whenLoaded(deployed);
    }
    version.inFlight += 1;
    try {
      const sandbox = this.sandbox.current ?? (await this.sandbox.get());
      const context = { store: this.storeOf(agentId) };
      return await (typeof request === 'string' ? sandbox.invokeJson(version.backendId, request, context) : sandbox.invoke(version.backendId, request, context));
    } finally {
      version.inFlight -= 1;
      if (version.retired && version.inFlight === 0) this.unload(version);
    }
  }

  /**
   * What the log says about a deployment. Under way: load its bundle now, unrouted, so that its
   * first request (or its agent's users, on a redeploy) need not wait for it. Succeeded: switch to
   * it (the routing table already names it); loaded ahead or in use, at once. Failed: unload what
   * was loaded ahead.
   */
  deployment(change: DeploymentChange): void {
    const { deployment } = change;
    switch (change.kind) {
      case 'deploying':
        if (!this.ahead.has(deployment.deploymentId) && this.current.get(deployment.agentId)?.deploymentId !== deployment.deploymentId) {
          this.ahead.set(deployment.deploymentId, this.startLoad(deployment));
        }
        return;
      case 'deployed': {
        const current = this.current.get(deployment.agentId);
        if (current?.deploymentId === deployment.deploymentId) return;
        if (current || this.ahead.has(deployment.deploymentId)) this.pick(deployment);
        return;
      }
      case 'deployFailed': {
        const version = this.ahead.get(deployment.deploymentId);
        this.ahead.delete(deployment.deploymentId);
        if (version) this.retire(version);
        return;
      }
    }
  }

  /** Deployments loaded (or loading) in the sandbox. */
  get loadedCount(): number {
    return this.current.size + this.previous.size + this.ahead.size;
  }

  /** The version to run now, without waiting, or undefined when the caller must wait for a load. */
  private pick(deployed: DeployedVersion): LoadedVersion | undefined {
    const { agentId } = deployed;
    let current = this.current.get(agentId);
    if (!current || current.deploymentId !== deployed.deploymentId) {
      const failed = this.failedAt.get(deployed.deploymentId);
      if (failed !== undefined && Date.now() - failed < LOAD_RETRY_MS) {
        if (current?.loaded) return current; // the newer version would not load: the one serving keeps serving
        throw new SandboxError('SANDBOX_UNAVAILABLE', 'the deployed version could not be loaded; retry');
      }
      const replaced = current;
      // Loaded ahead (or loading): it becomes the routed version now.
      const loadedAhead = this.ahead.get(deployed.deploymentId);
      this.ahead.delete(deployed.deploymentId);
      current = loadedAhead ?? this.startLoad(deployed);
      this.current.set(agentId, current);
      if (current.loaded) {
        // Loaded ahead and ready: whatever served before retires now (its load handler ran already).
        const previous = this.previous.get(agentId);
        this.previous.delete(agentId);
        if (previous) this.retire(previous);
        if (replaced) this.retire(replaced);
      } else if (replaced?.loaded) this.previous.set(agentId, replaced);
      else if (replaced) this.retire(replaced);
    }
    if (current.loaded) return current;
    const previous = this.previous.get(agentId);
    return previous?.loaded ? previous : undefined;
  }

  private async whenLoaded(deployed: DeployedVersion): Promise<void> {
    const version = this.current.get(deployed.agentId);
    if (!version) throw new SandboxError('SANDBOX_UNAVAILABLE', 'the deployed version is not loaded; retry');
    await version.ready; // a failed load rejects: the caller answers 503
  }

  /** Starts loading a deployment (routed, or ahead: then a failure is not the route's). */
  private startLoad(deployed: DeployedVersion): LoadedVersion {
    const version: LoadedVersion = {
      backendId: `${deployed.agentId}:${deployed.deploymentId}`,
      deploymentId: deployed.deploymentId,
      version: deployed.version,
      ready: Promise.resolve(),
      loaded: false,
      inFlight: 0,
      retired: false,
    };
    version.ready = this.load(deployed, version.backendId).then(
      () => {
        version.loaded = true;
        this.failedAt.delete(deployed.deploymentId);
        if (this.ahead.get(deployed.deploymentId) === version) return; // waits for its deployment's outcome
        if (this.current.get(deployed.agentId) !== version) {
          this.retire(version); // superseded while loading
          return;
        }
        const previous = this.previous.get(deployed.agentId);
        this.previous.delete(deployed.agentId);
        if (previous) this.retire(previous);
      },
      (error: unknown) => {
        if (this.ahead.get(deployed.deploymentId) === version) {
          // Not routed: the deployment's success (if it comes) loads it again on first use.
          this.ahead.delete(deployed.deploymentId);
          this.logger.warn({ err: error, agentId: deployed.agentId, deploymentId: deployed.deploymentId }, 'loading a deployment ahead of its success failed');
          throw error instanceof SandboxError ? error : new SandboxError('SANDBOX_UNAVAILABLE', 'the deployed version could not be loaded; retry');
        }
        this.failedAt.set(deployed.deploymentId, Date.now());
        this.logger.error({ err: error, agentId: deployed.agentId, deploymentId: deployed.deploymentId, version: deployed.version }, 'deployed bundle did not load');
        if (this.current.get(deployed.agentId) === version) {
          // Whatever served before keeps serving; without one, the agent loads again on a later call.
          const previous = this.previous.get(deployed.agentId);
          this.previous.delete(deployed.agentId);
          if (previous) this.current.set(deployed.agentId, previous);
          else this.current.delete(deployed.agentId);
        }
        throw error instanceof SandboxError ? error : new SandboxError('SANDBOX_UNAVAILABLE', 'the deployed version could not be loaded; retry');
      },
    );
    version.ready.catch(() => undefined); // awaited by the invocations that need it
    return version;
  }

  private async load(deployed: DeployedVersion, backendId: string): Promise<void> {
    const { stream } = await this.artifacts.get({ agentId: deployed.agentId, filename: deployed.bundle.filename });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (deployed.bundle.sha256 && sha256 !== deployed.bundle.sha256.toLowerCase()) {
      throw new SandboxError('LOAD_FAILED', `bundle ${deployed.bundle.filename} does not match the deployed sha256`);
    }
    const sandbox = await this.sandbox.get();
    await sandbox.load(backendId, bytes.toString('utf8'));
  }

  private retire(version: LoadedVersion): void {
    version.retired = true;
    if (version.inFlight === 0) this.unload(version);
  }

  private unload(version: LoadedVersion): void {
    void (async () => {
      await version.ready.catch(() => undefined);
      const sandbox = await this.sandbox.get();
      await sandbox.unload(version.backendId);
    })().catch((error: unknown) => this.logger.warn({ err: error, backendId: version.backendId }, 'unloading a replaced version failed'));
  }

  private storeOf(agentId: string): PostgresBackendStore {
    let store = this.stores.get(agentId);
    if (!store) {
      store = this.bridge.storeFor(agentId);
      this.stores.set(agentId, store);
    }
    return store;
  }
}
