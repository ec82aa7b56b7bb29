import { NO_STREAM, WrongExpectedVersionError, jsonEvent, type EventStoreDBClient } from '@eventstore/db-client';
import { toEsdbEventId } from './eventstoredb-mapping.js';

/**
 * EventStoreDB deduplicates event ids per stream only; the port (and the PostgreSQL adapter) holds
 * an event id to ONE stream. So before an append, each event id is claimed for its stream: one small
 * event in the stream `backforge-event-id-<uuid>`, appended at `no_stream`, whose own id is derived
 * from (event id, stream). A retry into the same stream appends the same claim again, which the
 * server treats as idempotent; a claim from another stream has another id and meets a wrong
 * expected version: the id belongs elsewhere.
 * A claim outlives an append that then fails, so such an id stays reserved to that stream (stricter
 * than PostgreSQL, which forgets it); event ids are fresh UUIDs, so only a retry would reuse one.
 */
export const EVENT_ID_CLAIM_PREFIX = 'backforge-event-id-';
const CLAIM_TYPE = 'BackforgeEventIdClaimed';
/** Claims of one append run at most this many at a time. */
const CLAIM_CONCURRENCY = 32;

export type EsdbClient = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

/** Claim streams are the adapter's bookkeeping: never delivered, never appended to by callers. */
export function isEventIdClaimStream(streamName: string): boolean {
  return streamName.startsWith(EVENT_ID_CLAIM_PREFIX);
}

/**
 * Claims every id for `streamName`. Resolves true when all are this stream's (new or from an
 * earlier attempt), false when one already belongs to another stream. Other errors reject.
 */
export async function claimEventIds(
  client: EsdbClient,
  streamName: string,
  eventIds: string[],
  deadline: number,
): Promise<boolean> {
  let foreign = false;
  for (let from = 0; from < eventIds.length && !foreign; from += CLAIM_CONCURRENCY) {
    const chunk = eventIds.slice(from, from + CLAIM_CONCURRENCY);
    const outcomes = await Promise.all(
      chunk.map(async (eventId) => {
        const esdbId = toEsdbEventId(eventId);
        const claim = jsonEvent({ id: toEsdbEventId(`claim:${esdbId}:${streamName}`), type: CLAIM_TYPE, data: { eventId, streamName } });
        try {
          // success is false instead of a throw when the connection says throwOnAppendFailure=false.
          const result = await client.appendToStream(`${EVENT_ID_CLAIM_PREFIX}${esdbId}`, claim, { expectedRevision: NO_STREAM, deadline });
          return result.success;
        } catch (error) {
          if (error instanceof WrongExpectedVersionError) return false;
          throw error;
        }
      }),
    );
    foreign = outcomes.includes(false);
  }
  return !foreign;
}
