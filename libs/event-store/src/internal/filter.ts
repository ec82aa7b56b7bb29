import type { EventFilter } from '../event-store.port.js';

/** The filter with empty lists removed: an empty list would otherwise match nothing, which no caller means. */
export function normaliseFilter(filter: EventFilter | undefined): EventFilter {
  const out: EventFilter = {};
  if (filter?.streamPrefixes && filter.streamPrefixes.length > 0) out.streamPrefixes = [...filter.streamPrefixes];
  if (filter?.eventTypes && filter.eventTypes.length > 0) out.eventTypes = [...filter.eventTypes];
  return out;
}

/** Stream prefixes OR-ed, event types OR-ed, the two AND-ed (see EventFilter). */
export function matchesFilter(filter: EventFilter | undefined, streamName: string, eventType: string): boolean {
  const prefixes = filter?.streamPrefixes;
  if (prefixes && prefixes.length > 0 && !prefixes.some((p) => streamName.startsWith(p))) return false;
  const types = filter?.eventTypes;
  if (types && types.length > 0 && !types.includes(eventType)) return false;
  return true;
}
