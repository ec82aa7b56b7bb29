import { DomainError, type GenerationEvent } from '@backforge/contracts';
import { deciderSpecification } from '@backforge/deciders';
import { generationDecider } from './generation.decider.js';

const spec = deciderSpecification(generationDecider, expect);
const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const requested: GenerationEvent = {
  type: 'GenerationRequested',
  data: { jobId: 'j1', agentId: 'a1', workspaceId: 'w1', slug: 'todo', name: 'todo', prompt: 'A todo list', region: 'auto' },
};
const started = (attempt: number, workerId: string, at: number): GenerationEvent => ({
  type: 'GenerationStarted',
  data: { attempt, workerId, leaseExpiresAt: new Date(at + 1000).toISOString() },
});
const claim = (workerId: string, now: number) => ({ type: 'ClaimGeneration' as const, workerId, now, leaseMs: 1000, maxAttempts: 3 });
const lostLease = (e: unknown) => e instanceof DomainError && e.code === 'CONFLICT';

describe('generation decider', () => {
  it('a request is recorded once (a retried request appends nothing)', () => {
    const { type: _t, ...data } = { type: 'RequestGeneration', ...requested.data };
    spec.given([]).when({ type: 'RequestGeneration', ...data }).then([requested]);
    spec.given([requested]).when({ type: 'RequestGeneration', ...data }).thenNothing();
  });

  it('a queued job is claimed with attempt 1 and a lease', () => {
    spec.given([requested]).when(claim('w-a', T0)).then([started(1, 'w-a', T0)]);
  });

  it('a job whose lease holds cannot be claimed by another worker', () => {
    spec.given([requested, started(1, 'w-a', T0)]).when(claim('w-b', T0 + 999)).thenNothing();
  });

  it('a job whose lease ran out is taken over (attempt 2)', () => {
    spec.given([requested, started(1, 'w-a', T0)]).when(claim('w-b', T0 + 1001)).then([started(2, 'w-b', T0 + 1001)]);
  });

  it('after the last attempt the job is failed with a reason, never left in progress', () => {
    spec
      .given([requested, started(1, 'a', T0), started(2, 'b', T0), started(3, 'c', T0)])
      .when(claim('d', T0 + 5000))
      .then([
        {
          type: 'GenerationFailed',
          data: {
            attempt: 3,
            error: {
              code: 'GENERATION_ABANDONED',
              message: 'The generation worker stopped answering 3 time(s) (stage interpreting); the job was given up. Retry with a new generation.',
              details: { attempts: 3, lastStage: 'interpreting' },
            },
          },
        },
      ]);
  });

  it('progress renews the lease only for the worker holding the current attempt', () => {
    const progress = { type: 'RecordGenerationProgress' as const, attempt: 1, stage: 'synthesizing' as const, now: T0 + 500, leaseMs: 1000 };
    spec
      .given([requested, started(1, 'w-a', T0)])
      .when({ ...progress, workerId: 'w-a' })
      .then([{ type: 'GenerationProgressed', data: { attempt: 1, stage: 'synthesizing', leaseExpiresAt: new Date(T0 + 1500).toISOString() } }]);
    spec.given([requested, started(1, 'w-a', T0), started(2, 'w-b', T0 + 2000)]).when({ ...progress, workerId: 'w-a' }).thenThrows(lostLease);
  });

  it('a superseded worker cannot complete or fail the job', () => {
    const given = [requested, started(1, 'w-a', T0), started(2, 'w-b', T0 + 2000)];
    spec.given(given).when({ type: 'FailGeneration', workerId: 'w-a', attempt: 1, error: { code: 'X', message: 'x' } }).thenThrows(lostLease);
  });

  it('a finished job is not claimed again', () => {
    spec
      .given([requested, started(1, 'w-a', T0), { type: 'GenerationFailed', data: { attempt: 1, error: { code: 'PROMPT_NOT_UNDERSTOOD', message: 'm' } } }])
      .when(claim('w-b', T0 + 10_000))
      .thenNothing();
  });

  it('claiming a job that does not exist is NOT_FOUND', () => {
    spec.given([]).when(claim('w', T0)).thenThrows((e) => e instanceof DomainError && e.code === 'NOT_FOUND');
  });
});
