import type { JsonObject } from '@backforge/contracts';
import type { EventMetadata, RecordedEvent } from '../event-store.port.js';
import { IN_FLIGHT_HERE, POSITION_INDEX_BITS, positionOffsetSql } from './postgres-schema.js';

// The SQL of the PostgreSQL adapter (named, prepared per schema) and the row it reads.

export interface EventRow {
  /** NULL while this cluster has no position offset yet. */
  horizon: string | null;
  position: string | null;
  stream_name: string;
  revision: string;
  event_type: string;
  data: JsonObject;
  metadata: EventMetadata;
  recorded_at: string;
}

export function toActual(revision: bigint): bigint | 'no_stream' {
  return revision < 0n ? 'no_stream' : revision;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    streamName: row.stream_name,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    revision: BigInt(row.revision),
    position: BigInt(row.position ?? '-1'),
    recordedAt: row.recorded_at,
  };
}

export function statements(schema: string) {
  const s = `"${schema}"`;
  /**
   * The lowest xid that may still commit events here, or the next xid, in position space: every later
   * commit lands at or above it. NULL while this cluster has no position offset yet (see postgres-schema.ts).
   */
  const horizon = `(coalesce((SELECT min(f.xid) FROM (${IN_FLIGHT_HERE}) AS f),
                   pg_snapshot_xmax(pg_current_snapshot())::text::bigint) + ${positionOffsetSql(schema)}) << ${POSITION_INDEX_BITS}`;
  // recorded_at leaves the server as ISO-8601 text: parsing dates row by row was a tenth of read-all's client time.
  const columns = `e.global_position::text AS position, e.stream_name, e.stream_revision::text AS revision, e.event_type, e.data, e.metadata,
    to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at`;
  return {
    notifyName: `bf_es_notify_${schema}`,
    notify: `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`,
    appendName: `bf_es_append_${schema}`,
    append: `SELECT next_revision::text AS next_revision, last_position::text AS last_position FROM ${s}.append_events($1, $2, $3::jsonb)`,
    readStreamForwardsName: `bf_es_read_fwd_${schema}`,
    readStreamForwards: `SELECT ${columns} FROM ${s}.events e WHERE e.stream_name = $1 AND e.stream_revision >= $2::bigint ORDER BY e.stream_revision ASC LIMIT $3::bigint`,
    readStreamBackwardsName: `bf_es_read_bwd_${schema}`,
    readStreamBackwards: `SELECT ${columns} FROM ${s}.events e WHERE e.stream_name = $1 AND e.stream_revision <= $2::bigint ORDER BY e.stream_revision DESC LIMIT $3::bigint`,
    headName: `bf_es_head_${schema}`,
    head: `SELECT coalesce((SELECT max(global_position) FROM ${s}.events), -1)::text AS head,
                  ARRAY(SELECT (f.xid + o.xid_offset)::text FROM (${IN_FLIGHT_HERE}) AS f) AS in_flight, o.xid_offset IS NULL AS no_epoch
             FROM (SELECT ${positionOffsetSql(schema)} AS xid_offset) AS o`,
    establishEpoch: `SELECT ${s}.establish_position_epoch()`,
    readAllName: `bf_es_read_all_${schema}`,
    // The horizon and the rows come from one statement, hence one snapshot. LEFT JOIN keeps the
    // horizon row when no event matches. $3/$4: the `from: 'end'` exclusion (see StartPoint).
    readAll: `SELECT h.horizon::text AS horizon, ${columns}
      FROM (SELECT ${horizon} AS horizon) h
      LEFT JOIN LATERAL (
        SELECT * FROM ${s}.events ev
         WHERE ev.global_position > $1::bigint
           AND (ev.global_position > $3::bigint OR (ev.global_position >> ${POSITION_INDEX_BITS}) = ANY ($4::bigint[]))
         ORDER BY ev.global_position
         LIMIT $2::int
      ) e ON true`,
    readFilteredName: `bf_es_read_filtered_${schema}`,
    // Scan at most $7 entries (narrow columns), keep those below the horizon that match, then fetch
    // the matching rows whole. `stats` says how far the scan safely got and whether it hit the horizon.
    readFiltered: `WITH h AS MATERIALIZED (SELECT ${horizon} AS horizon),
      scan AS MATERIALIZED (
        SELECT ev.global_position AS pos, ev.stream_name, ev.event_type FROM ${s}.events ev
         WHERE ev.global_position > $1::bigint
           AND (ev.global_position > $5::bigint OR (ev.global_position >> ${POSITION_INDEX_BITS}) = ANY ($6::bigint[]))
         ORDER BY ev.global_position
         LIMIT $7::int
      ),
      stats AS (
        SELECT max(scan.pos) FILTER (WHERE scan.pos < h.horizon) AS safe_max, count(*)::int AS scanned,
               coalesce(bool_or(scan.pos >= h.horizon), false) AS unsafe
          FROM h LEFT JOIN scan ON true
      ),
      hits AS (
        SELECT scan.pos FROM scan, h
         WHERE scan.pos < h.horizon
           AND ($3::text[] IS NULL OR EXISTS (SELECT 1 FROM unnest($3::text[]) AS p(prefix) WHERE starts_with(scan.stream_name, p.prefix)))
           AND ($4::text[] IS NULL OR scan.event_type = ANY ($4::text[]))
         ORDER BY scan.pos
         LIMIT $2::int
      )
      SELECT h.horizon::text AS horizon, st.safe_max::text AS safe_max, st.scanned, st.unsafe, ${columns}
        FROM h CROSS JOIN stats st
        LEFT JOIN LATERAL (SELECT ev.* FROM hits JOIN ${s}.events ev ON ev.global_position = hits.pos) e ON true
       ORDER BY e.global_position`,
  };
}
