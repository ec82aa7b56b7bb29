import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@backforge/event-store';
import { currentCorrelationId, newCorrelationId } from './correlation.js';

export interface EventMetadataInput {
  workspaceId: string;
  /** The event or message that caused this one; defaults to the correlation id (the original request). */
  causationId?: string;
  schemaVersion?: number;
  /** Fixed clock for tests. */
  now?: () => Date;
}

/**
 * Metadata for a new event, carrying the current correlation id (a fresh one outside any request,
 * e.g. a background worker starting its own chain).
 */
export function eventMetadata(input: EventMetadataInput): EventMetadata {
  const correlationId = currentCorrelationId() ?? newCorrelationId();
  return {
    eventId: randomUUID(),
    correlationId,
    causationId: input.causationId ?? correlationId,
    workspaceId: input.workspaceId,
    occurredAt: (input.now?.() ?? new Date()).toISOString(),
    schemaVersion: input.schemaVersion ?? 1,
  };
}
