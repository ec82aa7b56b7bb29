import type { EventFilter, RecordedEvent } from '@backforge/event-store';

/**
 * The port's filter semantics, applied locally as well: both lists are ORed within themselves and
 * ANDed together; an empty or missing list does not restrict. The runner re-checks what the store
 * delivers, so an adapter whose server-side filter is coarser never feeds a projection foreign events.
 */
export function matchesFilter(event: Pick<RecordedEvent, 'streamName' | 'type'>, filter: EventFilter | undefined): boolean {
  if (!filter) return true;
  const { streamPrefixes, eventTypes } = filter;
  if (streamPrefixes && streamPrefixes.length > 0 && !streamPrefixes.some((p) => event.streamName.startsWith(p))) return false;
  if (eventTypes && eventTypes.length > 0 && !eventTypes.includes(event.type)) return false;
  return true;
}
