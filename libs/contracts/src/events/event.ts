import type { JsonObject } from '../backend/json.js';

/** Metadata every event carries (DESIGN §4). Never holds a raw secret. */
export interface EventMetadata {
  eventId: string;
  correlationId: string;
  causationId: string;
  workspaceId: string;
  /** ISO-8601 */
  occurredAt: string;
  schemaVersion: number;
}

/**
 * A domain event as deciders see it: a past-tense type and its JSON data. The log adds metadata,
 * revision and position when it is stored.
 */
/** `TData` is JSON: plain objects of strings, numbers, booleans, null, arrays (optional fields may be absent). */
export interface DomainEvent<TType extends string = string, TData extends object = JsonObject> {
  type: TType;
  data: TData;
}

/** A domain event read back from the log, with what the log knows about it. */
export type StoredDomainEvent<E extends DomainEvent> = E & {
  streamName: string;
  metadata: EventMetadata;
  revision: bigint;
  position: bigint;
};
