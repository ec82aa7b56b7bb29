import { Inject, Injectable } from '@nestjs/common';
import { artifactFilename, ArtifactConflictError, type ArtifactStore } from '@backforge/artifact-store';
import { formatBlueprintIssues, validateBlueprint, type Blueprint } from '@backforge/blueprint';
import { DomainError, streamName, type ArtifactRef, type CheckReportData, type GenerationStage, type JobError } from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { packProject, projectFile, synthesize, type CheckReport } from '@backforge/generator';
import { eventMetadata } from '@backforge/messaging';
import { isTransientError } from '@backforge/resilience';
import { EVENT_STORE, LOGGER, type Logger } from '@backforge/runtime';
import { generationDecider, type GenerationCommand } from './domain/generation.decider.js';
import { GenerationInfrastructure } from './generation-infrastructure.js';

/** A job this worker won, with what the request said. */
export interface GenerationClaim {
  jobId: string;
  agentId: string;
  workspaceId: string;
  slug: string;
  name: string;
  prompt: string;
  attempt: number;
  workerId: string;
  correlationId: string;
}

/** The first version of an agent; later generations of the same agent would count up. */
const FIRST_VERSION = 1;

/** Largest `details` of one check kept in the event log (the full report is stored as a file). */
const MAX_CHECK_DETAILS_CHARS = 2_000;

/** What a successful run hands to CompleteGeneration. */
type CompletedOutcome = Omit<Extract<GenerationCommand, { type: 'CompleteGeneration' }>, 'type' | 'workerId' | 'attempt'>;

/** A failure the user can act on (the prompt, the checks), as opposed to an infrastructure one. */
class JobFailure extends Error {
  constructor(
    readonly error: JobError,
    readonly report?: CheckReportData,
  ) {
    super(error.message);
  }
}

/**
 * One generation attempt: interpreting -> synthesizing -> building -> validating -> storing ->
 * completed. Each stage is an event that renews the lease; the job completes only when the
 * artifact passed its checks and is stored. A lost lease (another worker took over) stops the run.
 */
@Injectable()
export class RunGenerationHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly infrastructure: GenerationInfrastructure,
  ) {}

  async run(claim: GenerationClaim, signal: AbortSignal): Promise<void> {
    const heartbeat = this.heartbeat(claim);
    try {
      const outcome = await this.stages(claim, signal, heartbeat.stage);
      await this.decide(claim, { type: 'CompleteGeneration', workerId: claim.workerId, attempt: claim.attempt, ...outcome });
      this.logger.info({ jobId: claim.jobId, agentId: claim.agentId, attempt: claim.attempt }, 'generation completed');
    } catch (error) {
      if (error instanceof JobFailure) {
        await this.decide(claim, { type: 'FailGeneration', workerId: claim.workerId, attempt: claim.attempt, error: error.error, ...(error.report ? { report: error.report } : {}) });
        this.logger.info({ jobId: claim.jobId, code: error.error.code }, 'generation failed');
      } else if (isLeaseLost(error) || signal.aborted) {
        this.logger.warn({ jobId: claim.jobId, attempt: claim.attempt }, 'generation stopped: the lease is gone or the worker is stopping');
      } else if (isTransientError(error)) {
        // The lease runs out and the job is claimed again (attempt n+1): an outage is not the user's fault.
        this.logger.warn({ err: error, jobId: claim.jobId }, 'generation interrupted by an infrastructure error; it will be retried');
      } else {
        this.logger.error({ err: error, jobId: claim.jobId }, 'generation failed unexpectedly');
        await this.decide(claim, {
          type: 'FailGeneration',
          workerId: claim.workerId,
          attempt: claim.attempt,
          error: { code: 'GENERATION_ERROR', message: 'The generator failed unexpectedly; retry, and if it persists report the correlation id.' },
        }).catch(() => undefined);
      }
    } finally {
      heartbeat.stop();
    }
  }

  private async stages(
    claim: GenerationClaim,
    signal: AbortSignal,
    enter: (stage: GenerationStage) => Promise<void>,
  ): Promise<CompletedOutcome> {
    const { interpreter, artifacts } = this.infrastructure;
    // GenerationStarted already put the job in `interpreting`.
    const interpreted = await interpreter.interpret({ name: claim.name, prompt: claim.prompt, signal });
    if (!interpreted.ok) {
      const { code, message, ...details } = interpreted.error;
      throw new JobFailure({ code, message, details: details });
    }
    const validation = validateBlueprint(interpreted.blueprint);
    if (!validation.ok) {
      throw new JobFailure({ code: 'INVALID_BLUEPRINT', message: 'The interpreter produced a blueprint that is not valid', details: formatBlueprintIssues(validation.errors) });
    }
    const blueprint = validation.blueprint;

    await enter('synthesizing');
    const project = await synthesize(blueprint, { name: claim.slug });

    await enter('building');
    const archive = await packProject(project);
    const bundle = projectFile(project, 'dist/handler.js');
    if (bundle === undefined) throw new Error('the synthesized project has no dist/handler.js');

    await enter('validating');
    const startedAt = new Date();
    // Off the event loop: lease renewals and messages are answered while the project is checked.
    const report = toReportData(await this.infrastructure.checks.run(project), startedAt);
    if (report.status !== 'passed') {
      const failed = report.checks.filter((c) => c.status === 'failed').map((c) => `${c.kind}: ${c.name}`);
      throw new JobFailure({ code: 'CHECKS_FAILED', message: `The generated backend did not pass ${failed.length} check(s)`, details: { failed } }, report);
    }

    await enter('storing');
    const version = FIRST_VERSION;
    const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
    const files: Array<{ kind: ArtifactRef['kind']; extension: string; body: Buffer; contentType: string }> = [
      { kind: 'project', extension: 'tar.gz', body: archive, contentType: 'application/gzip' },
      { kind: 'bundle', extension: 'bundle.js', body: Buffer.from(bundle), contentType: 'text/javascript; charset=utf-8' },
      { kind: 'openapi', extension: 'openapi.json', body: Buffer.from(projectFile(project, 'openapi.json') ?? '{}'), contentType: 'application/json' },
      { kind: 'blueprint', extension: 'blueprint.json', body: json(blueprint), contentType: 'application/json' },
      { kind: 'report', extension: 'report.json', body: json(report), contentType: 'application/json' },
    ];
    const stored: ArtifactRef[] = [];
    for (const file of files) {
      const filename = artifactFilename(claim.slug, version, file.extension);
      const info = await putReplacing(artifacts, { agentId: claim.agentId, filename }, file.body, file.contentType);
      stored.push({ filename, kind: file.kind, size: info.size, sha256: info.sha256, contentType: file.contentType });
    }
    return { version, artifacts: stored, summary: summarize(blueprint, interpreted.interpreter, warningsOf(interpreted)), report: slimReport(report) };
  }

  /** Appends the stage events; renews the lease while a long stage runs, so the job is not taken over. */
  private heartbeat(claim: GenerationClaim): { stage: (stage: GenerationStage) => Promise<void>; stop: () => void } {
    const { jobLeaseMs } = this.infrastructure.config;
    let current: GenerationStage = 'interpreting';
    let last = Date.now();
    const progress = (stage: GenerationStage) =>
      this.decide(claim, { type: 'RecordGenerationProgress', workerId: claim.workerId, attempt: claim.attempt, stage, now: Date.now(), leaseMs: jobLeaseMs }).then(() => {
        last = Date.now();
      });
    const timer = setInterval(() => {
      if (Date.now() - last < jobLeaseMs / 3) return;
      progress(current).catch((error: unknown) => this.logger.warn({ err: error, jobId: claim.jobId }, 'lease renewal failed'));
    }, Math.max(50, Math.floor(jobLeaseMs / 6)));
    timer.unref();
    return {
      stage: async (stage) => {
        current = stage;
        await progress(stage);
      },
      stop: () => clearInterval(timer),
    };
  }

  private async decide(claim: GenerationClaim, command: GenerationCommand): Promise<void> {
    await handleCommand(this.events, streamName('generation', claim.jobId), generationDecider, command, {
      metadata: () => eventMetadata({ workspaceId: claim.workspaceId }),
    });
  }
}

function isLeaseLost(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'CONFLICT';
}

/**
 * Artifacts are immutable; a file left by an earlier attempt of this job (which lost its lease) may
 * differ in its timings, and this attempt now owns the version: replace it.
 */
async function putReplacing(store: ArtifactStore, key: { agentId: string; filename: string }, body: Buffer, contentType: string) {
  try {
    return await store.put(key, body, { contentType });
  } catch (error) {
    if (!(error instanceof ArtifactConflictError)) throw error;
    await store.delete(key);
    return store.put(key, body, { contentType });
  }
}

function toReportData(report: CheckReport, startedAt: Date): CheckReportData {
  const finishedAt = new Date();
  return {
    status: report.status,
    generatorVersion: report.generatorVersion,
    checks: report.checks.map((c) => ({ kind: c.kind, name: c.name, status: c.status, durationMs: c.durationMs, ...(c.details !== undefined ? { details: c.details as never } : {}) })),
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: finishedAt.getTime() - startedAt.getTime(),
  };
}

/** The report as kept in the log: each check's details bounded (the whole report is a stored file). */
export function slimReport(report: CheckReportData): CheckReportData {
  return {
    ...report,
    checks: report.checks.map((c) => {
      if (c.details === undefined) return c;
      const text = JSON.stringify(c.details);
      return text.length <= MAX_CHECK_DETAILS_CHARS ? c : { ...c, details: { truncated: true, preview: text.slice(0, MAX_CHECK_DETAILS_CHARS) } };
    }),
  };
}

function warningsOf(result: unknown): string[] {
  const warnings = (result as { warnings?: unknown }).warnings;
  if (!Array.isArray(warnings)) return [];
  return warnings.map((w) => (typeof w === 'string' ? w : typeof w === 'object' && w !== null && 'message' in w ? String((w as { message: unknown }).message) : JSON.stringify(w)));
}

function summarize(blueprint: Blueprint, interpreter: string, warnings: string[]) {
  return {
    interpreter,
    resources: blueprint.resources.map((r) => ({ name: r.name, fields: r.fields.map((f) => f.name) })),
    actions: blueprint.actions.map((a) => a.name),
    warnings,
  };
}
