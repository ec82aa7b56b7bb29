import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ArtifactNotFoundError, artifactFilename } from '@backforge/artifact-store';
import { validateBlueprint, type Blueprint } from '@backforge/blueprint';
import { DomainError, streamName, type ArtifactRef } from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { eventMetadata } from '@backforge/messaging';
import { isTransientError } from '@backforge/resilience';
import { EVENT_STORE, LOGGER, type Logger } from '@backforge/runtime';
import { DeployInfrastructure } from './deploy-infrastructure.js';
import { deploymentDecider, type DeploymentCommand } from './domain/deployment.decider.js';
import { runSmokeCase, SmokeFailure } from './smoke-case.js';

/** A deployment this worker won, with what the request said. */
export interface DeploymentClaim {
  deploymentId: string;
  agentId: string;
  workspaceId: string;
  slug: string;
  version: number;
  bundle: ArtifactRef;
  attempt: number;
  workerId: string;
  correlationId: string;
}

/**
 * One deployment attempt: read the stored bundle (checked against the sha256 the generation
 * recorded) and the version's blueprint, load the bundle in the sandbox, answer the smoke case, and
 * record DeploymentSucceeded (the slug now serves this version) or DeploymentFailed with the reason
 * (what served before keeps serving). An outage leaves it to be claimed again when the lease runs out.
 */
@Injectable()
export class RunDeploymentHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly infrastructure: DeployInfrastructure,
  ) {}

  async run(claim: DeploymentClaim, signal: AbortSignal): Promise<void> {
    try {
      // Both reads at once: deploy -> first invoke is a figure users feel (docs/benchmarks.md).
      const [bundleCode, blueprint] = await Promise.all([this.loadBundle(claim), this.loadBlueprint(claim)]);
      if (signal.aborted) return;
      const sandbox = await this.infrastructure.smokeSandbox();
      const smoke = await runSmokeCase(sandbox, `deploy-smoke-${claim.deploymentId}-${claim.attempt}`, bundleCode, blueprint);
      await this.decide(claim, { type: 'CompleteDeployment', workerId: claim.workerId, attempt: claim.attempt, smoke });
      this.logger.info({ deploymentId: claim.deploymentId, agentId: claim.agentId, version: claim.version, smoke }, 'deployment succeeded');
    } catch (error) {
      if (error instanceof SmokeFailure) {
        await this.decide(claim, { type: 'FailDeployment', workerId: claim.workerId, attempt: claim.attempt, error: error.error });
        this.logger.info({ deploymentId: claim.deploymentId, agentId: claim.agentId, code: error.error.code }, 'deployment failed');
      } else if (isLeaseLost(error) || signal.aborted) {
        this.logger.warn({ deploymentId: claim.deploymentId, attempt: claim.attempt }, 'deployment stopped: the lease is gone or the worker is stopping');
      } else if (isTransientError(error)) {
        this.logger.warn({ err: error, deploymentId: claim.deploymentId }, 'deployment interrupted by an infrastructure error; it will be retried');
      } else {
        this.logger.error({ err: error, deploymentId: claim.deploymentId }, 'deployment failed unexpectedly');
        await this.decide(claim, {
          type: 'FailDeployment',
          workerId: claim.workerId,
          attempt: claim.attempt,
          error: { code: 'DEPLOYMENT_ERROR', message: 'The deployment could not run; retry, and if it persists report the correlation id.' },
        }).catch(() => undefined);
      }
    }
  }

  private async read(claim: DeploymentClaim, filename: string): Promise<Buffer | undefined> {
    try {
      const { stream } = await this.infrastructure.artifacts.get({ agentId: claim.agentId, filename });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      if (error instanceof ArtifactNotFoundError) return undefined;
      throw error;
    }
  }

  private async loadBundle(claim: DeploymentClaim): Promise<string> {
    const { filename, sha256 } = claim.bundle;
    const bytes = await this.read(claim, filename);
    if (!bytes) {
      throw new SmokeFailure({ code: 'ARTIFACT_MISSING', message: `The stored bundle ${filename} of version ${claim.version} is gone; generate the agent again.` });
    }
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== sha256) {
      throw new SmokeFailure({ code: 'ARTIFACT_CORRUPT', message: `The stored bundle ${filename} is not the one version ${claim.version} was generated with.`, details: { expectedSha256: sha256, actualSha256: actual } });
    }
    return bytes.toString('utf8');
  }

  /** The version's blueprint, for its example case; a version stored without one is smoke-tested with describe alone. */
  private async loadBlueprint(claim: DeploymentClaim): Promise<Blueprint | undefined> {
    const filename = artifactFilename(claim.slug, claim.version, 'blueprint.json');
    const bytes = await this.read(claim, filename);
    if (!bytes) {
      this.logger.warn({ deploymentId: claim.deploymentId, filename }, 'no stored blueprint: the smoke case is describe alone');
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

  private async decide(claim: DeploymentClaim, command: DeploymentCommand): Promise<void> {
    await handleCommand(this.events, streamName('deployment', claim.agentId), deploymentDecider, command, {
      metadata: () => eventMetadata({ workspaceId: claim.workspaceId }),
    });
  }
}

function isLeaseLost(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'CONFLICT';
}
