import {
  DomainError,
  type ArtifactRef,
  type CheckReportData,
  type GenerationEvent,
  type GenerationStage,
  type GenerationSummary,
  type JobError,
} from '@backforge/contracts';
import type { Decider } from '@backforge/deciders';

/**
 * One generation job (stream `generation-{jobId}`). Work is claimed from the log (DESIGN §3): a
 * worker appends GenerationStarted at the revision it read, so of two workers only one wins. A
 * claim holds a lease that each progress event renews; a job whose lease ran out is claimed again
 * (attempt n+1) or, after the last attempt, failed with a reason: no job waits for ever.
 */
export type GenerationStatus = 'none' | 'queued' | 'running' | 'completed' | 'failed';

export interface GenerationState {
  status: GenerationStatus;
  jobId: string;
  agentId: string;
  workspaceId: string;
  attempt: number;
  workerId: string | undefined;
  stage: GenerationStage | undefined;
  leaseExpiresAt: number;
}

export type GenerationCommand =
  | { type: 'RequestGeneration'; jobId: string; agentId: string; workspaceId: string; slug: string; name: string; prompt: string; region: string }
  | { type: 'ClaimGeneration'; workerId: string; now: number; leaseMs: number; maxAttempts: number }
  | { type: 'RecordGenerationProgress'; workerId: string; attempt: number; stage: GenerationStage; now: number; leaseMs: number }
  | { type: 'CompleteGeneration'; workerId: string; attempt: number; version: number; artifacts: ArtifactRef[]; summary: GenerationSummary; report: CheckReportData }
  | { type: 'FailGeneration'; workerId: string; attempt: number; error: JobError; report?: CheckReportData };

const iso = (ms: number): string => new Date(ms).toISOString();

/** The lease of the current attempt is held by `workerId` and has not run out. */
function holds(state: GenerationState, workerId: string, attempt: number): boolean {
  return state.status === 'running' && state.workerId === workerId && state.attempt === attempt;
}

function lostLease(state: GenerationState): DomainError {
  return new DomainError('CONFLICT', `generation job ${state.jobId}: this worker no longer holds the job (attempt ${state.attempt}, ${state.status})`, {
    reason: 'LEASE_LOST',
  });
}

export const generationDecider: Decider<GenerationState, GenerationCommand, GenerationEvent> = {
  initialState: () => ({ status: 'none', jobId: '', agentId: '', workspaceId: '', attempt: 0, workerId: undefined, stage: undefined, leaseExpiresAt: 0 }),

  evolve(state, event) {
    switch (event.type) {
      case 'GenerationRequested':
        return { ...state, status: 'queued', jobId: event.data.jobId, agentId: event.data.agentId, workspaceId: event.data.workspaceId };
      case 'GenerationStarted':
        return {
          ...state,
          status: 'running',
          attempt: event.data.attempt,
          workerId: event.data.workerId,
          stage: 'interpreting',
          leaseExpiresAt: Date.parse(event.data.leaseExpiresAt),
        };
      case 'GenerationProgressed':
        return { ...state, stage: event.data.stage, leaseExpiresAt: Date.parse(event.data.leaseExpiresAt) };
      case 'GenerationCompleted':
        return { ...state, status: 'completed', workerId: undefined };
      case 'GenerationFailed':
        return { ...state, status: 'failed', workerId: undefined };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestGeneration': {
        if (state.status !== 'none') return [];
        const { type: _type, ...data } = command;
        return [{ type: 'GenerationRequested', data }];
      }
      case 'ClaimGeneration': {
        if (state.status === 'none') throw new DomainError('NOT_FOUND', 'no such generation job');
        if (state.status === 'completed' || state.status === 'failed') return [];
        if (state.status === 'running' && state.leaseExpiresAt > command.now) return [];
        // Queued, or a worker that stopped renewing its lease (it died or hangs): take over, or give up.
        if (state.attempt >= command.maxAttempts) {
          return [
            {
              type: 'GenerationFailed',
              data: {
                attempt: state.attempt,
                error: {
                  code: 'GENERATION_ABANDONED',
                  message: `The generation worker stopped answering ${state.attempt} time(s) (stage ${state.stage ?? 'queued'}); the job was given up. Retry with a new generation.`,
                  details: { attempts: state.attempt, lastStage: state.stage ?? null },
                },
              },
            },
          ];
        }
        return [{ type: 'GenerationStarted', data: { attempt: state.attempt + 1, workerId: command.workerId, leaseExpiresAt: iso(command.now + command.leaseMs) } }];
      }
      case 'RecordGenerationProgress':
        if (!holds(state, command.workerId, command.attempt)) throw lostLease(state);
        return [{ type: 'GenerationProgressed', data: { attempt: command.attempt, stage: command.stage, leaseExpiresAt: iso(command.now + command.leaseMs) } }];
      case 'CompleteGeneration':
        if (!holds(state, command.workerId, command.attempt)) throw lostLease(state);
        return [
          {
            type: 'GenerationCompleted',
            data: { attempt: command.attempt, version: command.version, artifacts: command.artifacts, summary: command.summary, report: command.report },
          },
        ];
      case 'FailGeneration':
        if (!holds(state, command.workerId, command.attempt)) throw lostLease(state);
        return [{ type: 'GenerationFailed', data: { attempt: command.attempt, error: command.error, ...(command.report ? { report: command.report } : {}) } }];
    }
  },
};
