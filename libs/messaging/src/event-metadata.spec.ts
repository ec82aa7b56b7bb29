import { runWithCorrelation } from './correlation.js';
import { eventMetadata } from './event-metadata.js';
import { correlationIdFrom } from './correlation.js';

describe('eventMetadata', () => {
  it('carries the current correlation id, defaulting causation to it', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const metadata = runWithCorrelation('req-1', () => eventMetadata({ workspaceId: 'ws', now: () => at }));
    expect(metadata).toEqual({ eventId: expect.stringMatching(/^[0-9a-f-]{36}$/), correlationId: 'req-1', causationId: 'req-1', workspaceId: 'ws', occurredAt: '2026-01-02T03:04:05.000Z', schemaVersion: 1 });
    const caused = runWithCorrelation('req-1', () => eventMetadata({ workspaceId: 'ws', causationId: metadata.eventId, schemaVersion: 2 }));
    expect(caused).toMatchObject({ correlationId: 'req-1', causationId: metadata.eventId, schemaVersion: 2 });
  });

  it('starts a new correlation outside any request', () => {
    const a = eventMetadata({ workspaceId: 'ws' });
    const b = eventMetadata({ workspaceId: 'ws' });
    expect(a.correlationId).not.toEqual(b.correlationId);
  });
});

describe('correlationIdFrom', () => {
  it('keeps a well-formed id and replaces anything else', () => {
    expect(correlationIdFrom('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    expect(correlationIdFrom(['first', 'second'])).toBe('first');
    for (const bad of [undefined, '', ' x', 'a b', 'x'.repeat(129), 'é', 42]) expect(correlationIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
