import type { RecordedEvent } from '@backforge/event-store';
import { lastRelevantAtOrBefore, planBatch } from './batch.js';
import { matchesFilter } from './event-filter.js';

function event(position: number, streamName = 'list-1', type = 'ItemAdded'): RecordedEvent {
  return {
    streamName,
    type,
    data: {},
    metadata: { eventId: `e${position}`, correlationId: 'c', causationId: 'c', workspaceId: 'w', occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
    revision: 0n,
    position: BigInt(position),
    recordedAt: '2026-01-01T00:00:00.000Z',
  };
}

const filter = { streamPrefixes: ['list-'], eventTypes: ['ItemAdded', 'ItemRemoved'] };

describe('matchesFilter', () => {
  it('ORs within a list and ANDs the two lists', () => {
    expect(matchesFilter(event(1, 'list-1', 'ItemAdded'), filter)).toBe(true);
    expect(matchesFilter(event(1, 'list-9', 'ItemRemoved'), filter)).toBe(true);
    expect(matchesFilter(event(1, 'other-1', 'ItemAdded'), filter)).toBe(false);
    expect(matchesFilter(event(1, 'list-1', 'ItemRenamed'), filter)).toBe(false);
  });

  it('lets everything through without a filter or with empty lists', () => {
    expect(matchesFilter(event(1, 'x', 'Y'), undefined)).toBe(true);
    expect(matchesFilter(event(1, 'x', 'Y'), { streamPrefixes: [], eventTypes: [] })).toBe(true);
    expect(matchesFilter(event(1, 'x', 'Y'), { eventTypes: ['Y'] })).toBe(true);
  });
});

describe('planBatch (the idempotence guard)', () => {
  it('applies in delivery order and checkpoints the last position', () => {
    const plan = planBatch([event(3), event(4), event(7)], 2n, filter);
    expect(plan.apply.map((e) => e.position)).toEqual([3n, 4n, 7n]);
    expect(plan.checkpoint).toBe(7n);
  });

  it('drops events at or before the committed checkpoint (redelivery, overlap)', () => {
    const plan = planBatch([event(3), event(4), event(5), event(6)], 4n, filter);
    expect(plan.apply.map((e) => e.position)).toEqual([5n, 6n]);
    expect(plan.checkpoint).toBe(6n);
  });

  it('leaves the checkpoint alone when everything was already applied', () => {
    const plan = planBatch([event(3), event(4)], 9n, filter);
    expect(plan.apply).toEqual([]);
    expect(plan.checkpoint).toBe(9n);
  });

  it('skips events the filter refuses but still moves the checkpoint past them', () => {
    const plan = planBatch([event(1), event(2, 'other-1'), event(3, 'list-1', 'ItemRenamed')], null, filter);
    expect(plan.apply.map((e) => e.position)).toEqual([1n]);
    expect(plan.checkpoint).toBe(3n);
  });

  it('starts from nothing when no checkpoint was committed', () => {
    expect(planBatch([], null, filter)).toEqual({ apply: [], checkpoint: null });
    expect(planBatch([event(1)], null, undefined).checkpoint).toBe(1n);
  });
});

describe('lastRelevantAtOrBefore (read-your-writes probe)', () => {
  it('finds the last event the projection consumes up to the target', () => {
    const page = [event(5), event(6, 'other-1'), event(8), event(9, 'list-1', 'ItemRenamed'), event(12)];
    expect(lastRelevantAtOrBefore(page, 9n, filter)).toBe(8n);
    expect(lastRelevantAtOrBefore(page, 12n, filter)).toBe(12n);
    expect(lastRelevantAtOrBefore(page, 4n, filter)).toBeNull();
  });

  it('returns null when nothing up to the target concerns the projection', () => {
    expect(lastRelevantAtOrBefore([event(6, 'other-1'), event(7, 'other-2')], 7n, filter)).toBeNull();
    expect(lastRelevantAtOrBefore([], 7n, filter)).toBeNull();
  });
});
