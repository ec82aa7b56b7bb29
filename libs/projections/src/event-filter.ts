import { eventMatchesFilter, type EventFilter, type RecordedEvent } from '@backforge/event-store';

/**
 * The port's filter semantics (owned by @backforge/event-store), applied locally as well: the runner
 * re-checks what the store delivers, so an adapter whose server-side filter is coarser never feeds a
 * projection foreign events.
 */
export function matchesFilter(event: Pick<RecordedEvent, 'streamName' | 'type'>, filter: EventFilter | undefined): boolean {
  return eventMatchesFilter(filter, event.streamName, event.type);
}
