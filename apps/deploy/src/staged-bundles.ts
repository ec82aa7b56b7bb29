import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ArtifactNotFoundError, artifactFilename } from '@backforge/artifact-store';
import { validateBlueprint, type Blueprint } from '@backforge/blueprint';
import type { ArtifactRef } from '@backforge/contracts';
import { LOGGER, type Logger } from '@backforge/runtime';
import type { Sandbox } from '@backforge/sandbox';
import { DeployInfrastructure } from './deploy-infrastructure.js';
import { loadForSmoke, SmokeFailure } from './smoke-case.js';

/** The deployment whose bundle is staged: what its DeploymentRequested names. */
export interface StagedDeployment {
  deploymentId: string;
  agentId: string;
  slug: string;
  version: number;
  bundle: ArtifactRef;
}

/** A deployment's bundle checked and loaded in the deploy sandbox, and its version's blueprint: what the smoke case needs. */
export interface StagedBundle {
  sandbox: Sandbox;
  /** Its own backend id in the deploy sandbox (never the id invocations use); whoever takes it unloads it. */
  backendId: string;
  blueprint: Blueprint | undefined;
  /** Time spent loading the bundle in the sandbox. */
  loadMs: number;
}

interface Entry {
  deployment: StagedDeployment;
  staged: Promise<StagedBundle>;
  expiry: NodeJS.Timeout;
}

/** A staged bundle nobody took (another replica claimed its deployment) is unloaded after this. */
const UNTAKEN_MS = 60_000;

/**
 * Reads, checks and loads a deployment's bundle (and reads its blueprint) as soon as the deployment
 * is in the log, so that the worker that claims it finds the bundle loaded and only answers the
 * smoke case: the artifact reads and the sandbox load run while the claim is appended, not after it
 * (deploy -> first invoke is a figure users feel, docs/benchmarks.md). Staging decides nothing: the
 * deployment succeeds only once the claiming worker's smoke case answered, on the exact bytes the
 * DeploymentRequested names (sha256 checked). A staged bundle is taken once, by the run; one that is
 * not (the claim went elsewhere, or the deployment ended) is discarded and unloaded.
 */
@Injectable()
export class StagedBundles implements OnApplicationShutdown {
  private readonly entries = new Map<string, Entry>();
  private sequence = 0;

  constructor(
    private readonly infrastructure: DeployInfrastructure,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Starts staging the deployment's bundle; nothing when it is staged already. */
  stage(deployment: StagedDeployment): void {
    const existing = this.entries.get(deployment.deploymentId);
    if (existing && sameBundle(existing.deployment, deployment)) return;
    if (existing) this.discard(deployment.deploymentId);
    const staged = this.load(deployment);
    staged.catch(() => undefined); // its taker sees the failure; an untaken one fails nobody
    const expiry = setTimeout(() => this.discard(deployment.deploymentId), UNTAKEN_MS).unref();
    this.entries.set(deployment.deploymentId, { deployment, staged, expiry });
  }

  /**
   * The deployment's staged bundle, staged now if nothing did; the caller owns it (and unloads it).
   * Rejects with SmokeFailure when the stored artifacts are missing, altered or do not load.
   */
  take(deployment: StagedDeployment): Promise<StagedBundle> {
    const entry = this.entries.get(deployment.deploymentId);
    if (!entry || !sameBundle(entry.deployment, deployment)) return this.load(deployment);
    this.entries.delete(deployment.deploymentId);
    clearTimeout(entry.expiry);
    return entry.staged;
  }

  /** A deployment this process will not run: unloads what was staged for it. */
  discard(deploymentId: string): void {
    const entry = this.entries.get(deploymentId);
    if (!entry) return;
    this.entries.delete(deploymentId);
    clearTimeout(entry.expiry);
    void entry.staged.then(
      (bundle) => bundle.sandbox.unload(bundle.backendId),
      () => undefined,
    ).catch((error: unknown) => this.logger.warn({ err: error, deploymentId }, 'unloading a staged bundle failed'));
  }

  /** How many deployments are staged and not taken (diagnostics, tests). */
  get size(): number {
    return this.entries.size;
  }

  /** The deploy sandbox stops with the service (DeployInfrastructure), taking what is loaded with it. */
  onApplicationShutdown(): void {
    for (const entry of this.entries.values()) clearTimeout(entry.expiry);
    this.entries.clear();
  }

  private async load(deployment: StagedDeployment): Promise<StagedBundle> {
    // Both reads at once, and the sandbox started meanwhile if it is not yet.
    const [bundleCode, blueprint, sandbox] = await Promise.all([this.readBundle(deployment), this.readBlueprint(deployment), this.infrastructure.smokeSandbox()]);
    this.sequence += 1;
    const backendId = `deploy-smoke-${deployment.deploymentId}-${this.sequence}`;
    const started = Date.now();
    await loadForSmoke(sandbox, backendId, bundleCode);
    return { sandbox, backendId, blueprint, loadMs: Date.now() - started };
  }

  private async read(deployment: StagedDeployment, filename: string): Promise<Buffer | undefined> {
    try {
      const { stream } = await this.infrastructure.artifacts.get({ agentId: deployment.agentId, filename });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      if (error instanceof ArtifactNotFoundError) return undefined;
      throw error;
    }
  }

  private async readBundle(deployment: StagedDeployment): Promise<string> {
    const { filename, sha256 } = deployment.bundle;
    const bytes = await this.read(deployment, filename);
    if (!bytes) {
      throw new SmokeFailure({ code: 'ARTIFACT_MISSING', message: `The stored bundle ${filename} of version ${deployment.version} is gone; generate the agent again.` });
    }
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== sha256) {
      throw new SmokeFailure({ code: 'ARTIFACT_CORRUPT', message: `The stored bundle ${filename} is not the one version ${deployment.version} was generated with.`, details: { expectedSha256: sha256, actualSha256: actual } });
    }
    return bytes.toString('utf8');
  }

  /** The version's blueprint, for its example case; a version stored without one is smoke-tested with describe alone. */
  private async readBlueprint(deployment: StagedDeployment): Promise<Blueprint | undefined> {
    const filename = artifactFilename(deployment.slug, deployment.version, 'blueprint.json');
    const bytes = await this.read(deployment, filename);
    if (!bytes) {
      this.logger.warn({ deploymentId: deployment.deploymentId, filename }, 'no stored blueprint: the smoke case is describe alone');
      return undefined;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      parsed = undefined;
    }
    const validation = validateBlueprint(parsed);
    if (!validation.ok) {
      throw new SmokeFailure({ code: 'ARTIFACT_UNREADABLE', message: `The stored blueprint ${filename} is not a valid blueprint, so the smoke case cannot be chosen.` });
    }
    return validation.blueprint;
  }
}

function sameBundle(a: StagedDeployment, b: StagedDeployment): boolean {
  return a.agentId === b.agentId && a.slug === b.slug && a.version === b.version && a.bundle.filename === b.bundle.filename && a.bundle.sha256 === b.bundle.sha256;
}
