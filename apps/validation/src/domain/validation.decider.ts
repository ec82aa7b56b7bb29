import { DomainError, type CheckReportData, type JobError, type ValidationEvent } from '@backforge/contracts';
import type { Decider } from '@backforge/deciders';

/**
 * One validation job (stream `validation-{jobId}`): the checks run again on a stored artifact
 * version. Claimed from the log like a generation job (DESIGN §3): a worker appends
 * ValidationStarted at the revision it read, so of two workers only one wins; a job whose lease ran
 * out is claimed again (attempt n+1) or, after the last attempt, failed with a reason.
 */
export type ValidationStatus = 'none' | 'queued' | 'running' | 'completed' | 'failed';

export interface ValidationState {
  status: ValidationStatus;
  jobId: string;
  agentId: string;
  workspaceId: string;
  version: number;
  projectFile: string;
  attempt: number;
  workerId: string | undefined;
  leaseExpiresAt: number;
}

export type ValidationCommand =
  | { type: 'RequestValidation'; jobId: string; agentId: string; workspaceId: string; version: number; projectFile: string }
  | { type: 'ClaimValidation'; workerId: string; now: number; leaseMs: number; maxAttempts: number }
  | { type: 'CompleteValidation'; workerId: string; attempt: number; report: CheckReportData }
  | { type: 'FailValidation'; workerId: string; attempt: number; error: JobError };

/** The lease of the current attempt is held by `workerId`. */
function holds(state: ValidationState, workerId: string, attempt: number): boolean {
  return state.status === 'running' && state.workerId === workerId && state.attempt === attempt;
}

function lostLease(state: ValidationState): DomainError {
  return new DomainError('CONFLICT', `validation job ${state.jobId}: this worker no longer holds the job (attempt ${state.attempt}, ${state.status})`, {
    reason: 'LEASE_LOST',
  });
}

export const validationDecider: Decider<ValidationState, ValidationCommand, ValidationEvent> = {
  initialState: () => ({ status: 'none', jobId: '', agentId: '', workspaceId: '', version: 0, projectFile: '', attempt: 0, workerId: undefined, leaseExpiresAt: 0 }),

  evolve(state, event) {
    switch (event.type) {
      case 'ValidationRequested':
        return { ...state, status: 'queued', ...event.data };
      case 'ValidationStarted':
        return { ...state, status: 'running', attempt: event.data.attempt, workerId: event.data.workerId, leaseExpiresAt: Date.parse(event.data.leaseExpiresAt) };
      case 'ValidationCompleted':
        return { ...state, status: 'completed', workerId: undefined };
      case 'ValidationFailed':
        return { ...state, status: 'failed', workerId: undefined };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestValidation': {
        if (state.status !== 'none') return [];
        const { type: _type, ...data } = command;
        return [{ type: 'ValidationRequested', data }];
      }
      case 'ClaimValidation': {
        if (state.status === 'none') throw new DomainError('NOT_FOUND', 'no such validation job');
        if (state.status === 'completed' || state.status === 'failed') return [];
        if (state.status === 'running' && state.leaseExpiresAt > command.now) return [];
        // Queued, or a worker that stopped before finishing (it died or hangs): take over, or give up.
        if (state.attempt >= command.maxAttempts) {
          return [
            {
              type: 'ValidationFailed',
              data: {
                attempt: state.attempt,
                error: {
                  code: 'VALIDATION_ABANDONED',
                  message: `The validation worker stopped answering ${state.attempt} time(s); the job was given up. Start a new validation.`,
                  details: { attempts: state.attempt },
                },
              },
            },
          ];
        }
        return [{ type: 'ValidationStarted', data: { attempt: state.attempt + 1, workerId: command.workerId, leaseExpiresAt: new Date(command.now + command.leaseMs).toISOString() } }];
      }
      case 'CompleteValidation':
        if (!holds(state, command.workerId, command.attempt)) throw lostLease(state);
        return [{ type: 'ValidationCompleted', data: { attempt: command.attempt, report: command.report } }];
      case 'FailValidation':
        if (!holds(state, command.workerId, command.attempt)) throw lostLease(state);
        return [{ type: 'ValidationFailed', data: { attempt: command.attempt, error: command.error } }];
    }
  },
};
