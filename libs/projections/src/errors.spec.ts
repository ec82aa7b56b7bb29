import { EventStoreUnavailableError } from '@backforge/event-store';
import { CheckpointMovedError, ProjectionApplyError, ProjectionTimeoutError, isTransientError } from './errors.js';

function pgError(code: string, message = 'pg error'): Error {
  return Object.assign(new Error(message), { code });
}

describe('isTransientError', () => {
  it.each([
    ['event store unavailable', new EventStoreUnavailableError('down')],
    ['our own timeout', new ProjectionTimeoutError('readAll', 10)],
    ['moved checkpoint', new CheckpointMovedError('p', 1n, 2n)],
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['admin shutdown 57P01', pgError('57P01', 'terminating connection due to administrator command')],
    ['deadlock 40P01', pgError('40P01')],
    ['serialization 40001', pgError('40001')],
    ['connection exception class 08', pgError('08006')],
    ['out of resources class 53', pgError('53300')],
    ['statement timeout 57014', pgError('57014')],
    ['pg client lost its socket', new Error('Connection terminated unexpectedly')],
    ['TypeORM QueryFailedError wrapping', Object.assign(new Error('query failed'), { driverError: pgError('57P01') })],
    ['cause chain', new Error('outer', { cause: pgError('40P01') })],
  ])('retries %s', (_label, err) => {
    expect(isTransientError(err)).toBe(true);
  });

  it.each([
    ['unique violation 23505', pgError('23505')],
    ['undefined column 42703', pgError('42703')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a string', 'boom'],
    ['null', null],
  ])('does not retry %s', (_label, err) => {
    expect(isTransientError(err)).toBe(false);
  });

  it('reports a poison event with its identity', () => {
    const err = new ProjectionApplyError(
      'lists',
      {
        streamName: 'list-1',
        type: 'ItemAdded',
        data: {},
        metadata: { eventId: 'e-7', correlationId: 'c', causationId: 'c', workspaceId: 'w', occurredAt: '2026-01-01T00:00:00Z', schemaVersion: 1 },
        revision: 3n,
        position: 7n,
        recordedAt: '2026-01-01T00:00:00Z',
      },
      pgError('23505', 'duplicate key'),
    );
    expect(err).toMatchObject({ code: 'PROJECTION_APPLY_FAILED', projection: 'lists', eventId: 'e-7', position: 7n, streamName: 'list-1' });
    expect(err.message).toContain('duplicate key');
    expect(isTransientError(err)).toBe(false);
  });
});
