import type { EventFilter, RecordedEvent } from '@backforge/event-store';
import { matchesFilter } from './event-filter.js';

export interface BatchPlan {
  /** Events to apply, in position order: after the committed checkpoint and matching the filter. */
  apply: RecordedEvent[];
  /** The checkpoint to write with them: the last delivered position, never below the committed one. */
  checkpoint: bigint | null;
}

/**
 * The idempotence guard: given the checkpoint read under lock inside the batch's transaction,
 * keep only events strictly after it. A redelivered or overlapping event is dropped here, so each
 * event reaches committed state once. Events the filter refuses still advance the checkpoint.
 */
export function planBatch(events: readonly RecordedEvent[], committed: bigint | null, filter: EventFilter | undefined): BatchPlan {
  let checkpoint = committed;
  const apply: RecordedEvent[] = [];
  for (const event of events) {
    if (checkpoint !== null && event.position <= checkpoint) continue;
    if (matchesFilter(event, filter)) apply.push(event);
    checkpoint = event.position;
  }
  return { apply, checkpoint };
}

/**
 * Read-your-writes: the position a projection must reach before its read model reflects every
 * event up to `target`. `candidates` are events after the committed checkpoint in position order
 * (one page of the log); returns null when none at or before `target` concerns the projection.
 */
export function lastRelevantAtOrBefore(candidates: readonly RecordedEvent[], target: bigint, filter: EventFilter | undefined): bigint | null {
  let last: bigint | null = null;
  for (const event of candidates) {
    if (event.position > target) break;
    if (matchesFilter(event, filter)) last = event.position;
  }
  return last;
}
