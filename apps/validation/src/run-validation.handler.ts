import { Inject, Injectable } from '@nestjs/common';
import { ArtifactNotFoundError } from '@backforge/artifact-store';
import { DomainError, streamName, type CheckReportData, type JobError } from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { unpackProject, type CheckReport, type GeneratedProject } from '@backforge/generator';
import { eventMetadata } from '@backforge/messaging';
import { isTransientError } from '@backforge/resilience';
import { EVENT_STORE, LOGGER, type Logger } from '@backforge/runtime';
import { validationDecider, type ValidationCommand } from './domain/validation.decider.js';
import { ValidationInfrastructure } from './validation-infrastructure.js';

/** A job this worker won, with what the request said. */
export interface ValidationClaim {
  jobId: string;
  agentId: string;
  workspaceId: string;
  version: number;
  projectFile: string;
  attempt: number;
  workerId: string;
  correlationId: string;
}

/** Largest `details` of one check kept in the event log. */
const MAX_CHECK_DETAILS_CHARS = 2_000;

/** The checks could not run on this artifact (a reason the user reads, not an outage). */
class CannotValidate extends Error {
  constructor(readonly error: JobError) {
    super(error.message);
  }
}

/**
 * One validation attempt: read the stored project archive, unpack it, run the build, behaviour and
 * quality checks in the sandbox, and record the report (passed or failed: both are a completed
 * validation). An artifact that is gone or unreadable fails the job with the reason; an outage
 * leaves it to be claimed again when the lease runs out.
 */
@Injectable()
export class RunValidationHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly infrastructure: ValidationInfrastructure,
  ) {}

  async run(claim: ValidationClaim, signal: AbortSignal): Promise<void> {
    try {
      const project = await this.loadProject(claim);
      if (signal.aborted) return;
      const startedAt = new Date();
      // Off the event loop: lease renewals and messages are answered while the project is checked.
      const report = toReportData(await this.infrastructure.checks.run(project), startedAt);
      await this.decide(claim, { type: 'CompleteValidation', workerId: claim.workerId, attempt: claim.attempt, report });
      this.logger.info({ jobId: claim.jobId, agentId: claim.agentId, status: report.status }, 'validation completed');
    } catch (error) {
      if (error instanceof CannotValidate) {
        await this.decide(claim, { type: 'FailValidation', workerId: claim.workerId, attempt: claim.attempt, error: error.error });
        this.logger.info({ jobId: claim.jobId, code: error.error.code }, 'validation could not run');
      } else if (isLeaseLost(error) || signal.aborted) {
        this.logger.warn({ jobId: claim.jobId, attempt: claim.attempt }, 'validation stopped: the lease is gone or the worker is stopping');
      } else if (isTransientError(error)) {
        this.logger.warn({ err: error, jobId: claim.jobId }, 'validation interrupted by an infrastructure error; it will be retried');
      } else {
        this.logger.error({ err: error, jobId: claim.jobId }, 'validation failed unexpectedly');
        await this.decide(claim, {
          type: 'FailValidation',
          workerId: claim.workerId,
          attempt: claim.attempt,
          error: { code: 'VALIDATION_ERROR', message: 'The checks could not run; retry, and if it persists report the correlation id.' },
        }).catch(() => undefined);
      }
    }
  }

  private async loadProject(claim: ValidationClaim): Promise<GeneratedProject> {
    let archive: Buffer;
    try {
      // The archive is unpacked in memory anyway (the checks read its files); its size is bounded by the generator.
      const { stream } = await this.infrastructure.artifacts.get({ agentId: claim.agentId, filename: claim.projectFile });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      archive = Buffer.concat(chunks);
    } catch (error) {
      if (error instanceof ArtifactNotFoundError) {
        throw new CannotValidate({ code: 'ARTIFACT_MISSING', message: `The stored artifact ${claim.projectFile} of version ${claim.version} is gone; generate the agent again.` });
      }
      throw error;
    }
    try {
      return await unpackProject(archive);
    } catch (error) {
      throw new CannotValidate({
        code: 'ARTIFACT_UNREADABLE',
        message: `The stored artifact ${claim.projectFile} is not a project archive the checks can read.`,
        details: { reason: error instanceof Error ? error.message : String(error) },
      });
    }
  }

  private async decide(claim: ValidationClaim, command: ValidationCommand): Promise<void> {
    await handleCommand(this.events, streamName('validation', claim.jobId), validationDecider, command, {
      metadata: () => eventMetadata({ workspaceId: claim.workspaceId }),
    });
  }
}

function isLeaseLost(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'CONFLICT';
}

/** The generator's report as kept in the log: timings added, each check's details bounded. */
export function toReportData(report: CheckReport, startedAt: Date, finishedAt: Date = new Date()): CheckReportData {
  return {
    status: report.status,
    generatorVersion: report.generatorVersion,
    checks: report.checks.map((c) => {
      const base = { kind: c.kind, name: c.name, status: c.status, durationMs: c.durationMs };
      if (c.details === undefined) return base;
      const text = JSON.stringify(c.details);
      return { ...base, details: text.length <= MAX_CHECK_DETAILS_CHARS ? (c.details as never) : { truncated: true, preview: text.slice(0, MAX_CHECK_DETAILS_CHARS) } };
    }),
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: finishedAt.getTime() - startedAt.getTime(),
  };
}
