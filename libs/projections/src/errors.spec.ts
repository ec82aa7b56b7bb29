import { EventStoreUnavailableError } from '@backforge/event-store';
import { isTransientError } from '@backforge/resilience';
import { CheckpointMovedError, ProjectionApplyError, ProjectionTimeoutError } from './errors.js';

function pgError(code: string, message = 'pg error'): Error {
  return Object.assign(new Error(message), { code });
}

// The classification itself is @backforge/resilience's (and tested there); these cases pin what the
// projection loop relies on: its own errors and the event store's say whether a retry may pass.
describe('projection errors under isTransientError', () => {
  it.each([
    ['event store unavailable', new EventStoreUnavailableError('down')],
    ['our own timeout', new ProjectionTimeoutError('readAll', 10)],
    ['moved checkpoint', new CheckpointMovedError('p', 1n, 2n)],
    ['TypeORM QueryFailedError wrapping an admin shutdown', Object.assign(new Error('query failed'), { driverError: pgError('57P01') })],
  ])('retries %s', (_label, err) => {
    expect(isTransientError(err)).toBe(true);
  });

  it.each([
    ['unique violation 23505', pgError('23505')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
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
