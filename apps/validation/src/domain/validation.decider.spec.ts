import { DomainError, type CheckReportData, type ValidationEvent } from '@backforge/contracts';
import { deciderSpecification } from '@backforge/deciders';
import { validationDecider } from './validation.decider.js';

const spec = deciderSpecification(validationDecider, expect);
const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const requestedData = { jobId: 'val_1', agentId: 'agt_1', workspaceId: 'w1', version: 1, projectFile: 'todo-v1.tar.gz' };
const requested: ValidationEvent = { type: 'ValidationRequested', data: requestedData };
const started = (attempt: number, workerId: string, at: number): ValidationEvent => ({
  type: 'ValidationStarted',
  data: { attempt, workerId, leaseExpiresAt: new Date(at + 1000).toISOString() },
});
const claim = (workerId: string, now: number) => ({ type: 'ClaimValidation' as const, workerId, now, leaseMs: 1000, maxAttempts: 2 });
const report: CheckReportData = {
  status: 'passed',
  generatorVersion: '1.0.0',
  checks: [{ kind: 'build', name: 'bundle loads', status: 'passed', durationMs: 3 }],
  startedAt: '2026-11-23T10:00:00.000Z',
  finishedAt: '2026-11-23T10:00:01.000Z',
  durationMs: 1000,
};
const isLostLease = (e: unknown) => e instanceof DomainError && e.code === 'CONFLICT';

describe('validation decider', () => {
  it('a request is recorded once (a retried request appends nothing)', () => {
    spec.given([]).when({ type: 'RequestValidation', ...requestedData }).then([requested]);
    spec.given([requested]).when({ type: 'RequestValidation', ...requestedData }).thenNothing();
  });

  it('a queued job is claimed with attempt 1 and a lease', () => {
    spec.given([requested]).when(claim('w-a', T0)).then([started(1, 'w-a', T0)]);
  });

  it('a job whose lease holds is not claimed by another worker; one whose lease ran out is taken over', () => {
    spec.given([requested, started(1, 'w-a', T0)]).when(claim('w-b', T0 + 999)).thenNothing();
    spec.given([requested, started(1, 'w-a', T0)]).when(claim('w-b', T0 + 1001)).then([started(2, 'w-b', T0 + 1001)]);
  });

  it('after the last attempt the job is failed with a reason, never left running', () => {
    spec
      .given([requested, started(1, 'a', T0), started(2, 'b', T0)])
      .when(claim('c', T0 + 5000))
      .then([
        {
          type: 'ValidationFailed',
          data: {
            attempt: 2,
            error: {
              code: 'VALIDATION_ABANDONED',
              message: 'The validation worker stopped answering 2 time(s); the job was given up. Start a new validation.',
              details: { attempts: 2 },
            },
          },
        },
      ]);
  });

  it('the worker holding the lease completes the job with its report', () => {
    spec
      .given([requested, started(1, 'w-a', T0)])
      .when({ type: 'CompleteValidation', workerId: 'w-a', attempt: 1, report })
      .then([{ type: 'ValidationCompleted', data: { attempt: 1, report } }]);
  });

  it('a superseded worker can neither complete nor fail the job', () => {
    const given = [requested, started(1, 'w-a', T0), started(2, 'w-b', T0 + 2000)];
    spec.given(given).when({ type: 'CompleteValidation', workerId: 'w-a', attempt: 1, report }).thenThrows(isLostLease);
    spec.given(given).when({ type: 'FailValidation', workerId: 'w-a', attempt: 1, error: { code: 'X', message: 'x' } }).thenThrows(isLostLease);
  });

  it('the checks that cannot run fail the job with the reason', () => {
    const error = { code: 'ARTIFACT_MISSING', message: 'gone' };
    spec.given([requested, started(1, 'w-a', T0)]).when({ type: 'FailValidation', workerId: 'w-a', attempt: 1, error }).then([{ type: 'ValidationFailed', data: { attempt: 1, error } }]);
  });

  it('a finished job is not claimed again', () => {
    spec.given([requested, started(1, 'w-a', T0), { type: 'ValidationCompleted', data: { attempt: 1, report } }]).when(claim('w-b', T0 + 10_000)).thenNothing();
  });

  it('claiming a job that does not exist is NOT_FOUND', () => {
    spec.given([]).when(claim('w', T0)).thenThrows((e) => e instanceof DomainError && e.code === 'NOT_FOUND');
  });
});
