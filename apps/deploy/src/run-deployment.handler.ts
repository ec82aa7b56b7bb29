import { Inject, Injectable, Optional } from '@nestjs/common';
import { DEPLOY_SUBJECTS, DomainError, streamName, type ArtifactRef, type DeployedNotification } from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { eventMetadata, MessagingClient } from '@backforge/messaging';
import { isTransientError } from '@backforge/resilience';
import { EVENT_STORE, LOGGER, type Logger } from '@backforge/runtime';
import { deploymentDecider, type DeploymentCommand } from './domain/deployment.decider.js';
import { runSmokeCase, SmokeFailure } from './smoke-case.js';
import { StagedBundles, type StagedBundle } from './staged-bundles.js';

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
 * One deployment attempt: take the deployment's staged bundle (read from the artifact store, checked
 * against the sha256 the generation recorded, loaded in the sandbox: usually while the claim was
 * appended, see StagedBundles) and the version's blueprint, answer the smoke case, and record
 * DeploymentSucceeded (the slug now serves this version) or DeploymentFailed with the reason (what
 * served before keeps serving). An outage leaves it to be claimed again when the lease runs out.
 */
@Injectable()
export class RunDeploymentHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly staged: StagedBundles,
    @Optional() private readonly messaging?: MessagingClient,
  ) {}

  async run(claim: DeploymentClaim, signal: AbortSignal): Promise<void> {
    let loaded: StagedBundle | undefined;
    try {
      loaded = await this.staged.take(claim);
      if (signal.aborted) return;
      const started = Date.now();
      const answered = await runSmokeCase(loaded.sandbox, loaded.backendId, loaded.blueprint);
      const smoke = { ...answered, durationMs: loaded.loadMs + (Date.now() - started) };
      const position = await this.decide(claim, { type: 'CompleteDeployment', workerId: claim.workerId, attempt: claim.attempt, smoke });
      if (position !== undefined) this.announceDeployed(claim, position);
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
    } finally {
      if (loaded) {
        const { sandbox, backendId } = loaded;
        await sandbox.unload(backendId).catch(() => undefined);
      }
    }
  }

  /** Appends what the command decides; the position of the appended event, if any. */
  private async decide(claim: DeploymentClaim, command: DeploymentCommand): Promise<bigint | undefined> {
    const result = await handleCommand(this.events, streamName('deployment', claim.agentId), deploymentDecider, command, {
      metadata: () => eventMetadata({ workspaceId: claim.workspaceId }),
    });
    return result.position;
  }

  /**
   * Tells the routers at once that the version is live (they switch to it before their log
   * subscription brings the event; the log stays the truth: a lost notice only delays the switch).
   */
  private announceDeployed(claim: DeploymentClaim, position: bigint): void {
    const notice: DeployedNotification = { agentId: claim.agentId, deploymentId: claim.deploymentId, slug: claim.slug, version: claim.version, bundle: claim.bundle, position: position.toString() };
    this.messaging?.notify(DEPLOY_SUBJECTS.deployed, notice).catch((error: unknown) => this.logger.debug({ err: error, deploymentId: claim.deploymentId }, 'deployed notice not sent'));
  }
}

function isLeaseLost(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'CONFLICT';
}
