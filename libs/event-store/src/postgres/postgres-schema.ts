/**
 * The PostgreSQL event store's schema: an append-only `events` table, a `streams` table holding each
 * stream's revision (the row lock serialises appends to one stream, never to different streams),
 * and one function that performs a whole append in a single round trip.
 *
 * Global positions are `(transaction id << 20) | index of the event in its append`. Ordering by
 * position is ordering by (xid8, index), which is what makes the gap-free read possible: a
 * transaction that can still commit is in the reader's snapshot as in progress (or starts later
 * with a larger xid), so every event it writes lands above the "horizon" `lowest such xid << 20`.
 * Readers deliver only below the horizon, in position order, and can never be overtaken by a late
 * commit. (Emmett uses pg_snapshot_xmin for the horizon; we leave out transactions that are
 * running in other databases of the cluster. docs/decisions.md, "Event store".)
 *
 * The transaction counter belongs to the cluster, not to the data: a `pg_dump` restored into a fresh
 * cluster brings positions from the old counter into a new one that starts far lower. So the xid is
 * shifted by an offset kept in `position_epoch`, one row naming the cluster (pg_control_system's
 * system_identifier) that offset is valid for. The row travels with the dump; in any other cluster
 * it does not match, and the first append (or read) there chooses a new offset that puts every later
 * position above every restored one. Within a cluster the offset never changes, so positions keep
 * the xid order the horizon relies on.
 */

/** Bits of the position that number events inside one append (so at most 2^20 events per append). */
export const POSITION_INDEX_BITS = 20;
export const MAX_EVENTS_PER_APPEND = 1 << POSITION_INDEX_BITS;
/** SQLSTATE the append function raises for a failed expectation; DETAIL carries the actual revision. */
export const CONFLICT_SQLSTATE = 'BF409';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,40}$/;

export function assertSchemaName(schema: string): void {
  if (!IDENTIFIER.test(schema)) {
    throw new Error(`event store schema '${schema}' must match ${String(IDENTIFIER)} (lower-case identifier, at most 41 characters)`);
  }
}

/** The NOTIFY channel of one schema: per schema, because NOTIFY is per database. */
export function notifyChannel(schema: string): string {
  return `bf_events_${schema}`;
}

/** Key of the advisory lock that serialises concurrent ensureSchema() calls across processes. */
export function schemaLockKey(schema: string): string {
  return `backforge.event_store.${schema}`;
}

/**
 * This cluster's position offset, or NULL when none was chosen here yet (a fresh cluster after a
 * restore). A scalar sub-select, so a query evaluates it once (an InitPlan), never per row.
 * An unknown cluster id (0: pg_control_system() hidden) matches any row, and any id matches a row
 * written with 0: only two known, different ids mean another cluster. So sessions with and without
 * the privilege never take turns re-choosing the offset (a writer in flight would then land below
 * a reader's horizon).
 */
export function positionOffsetSql(schema: string): string {
  return `(SELECT e.xid_offset FROM "${schema}".position_epoch e
            WHERE e.system_identifier = 0 OR (SELECT "${schema}".cluster_identifier()) IN (0, e.system_identifier))`;
}

/**
 * Transactions of this statement's snapshot that were in flight and may write to this database:
 * the snapshot's in-progress xids minus those that pg_stat_activity shows running in another
 * database (they can never write our tables). An xid we cannot place (it ended meanwhile, or its
 * backend is hidden from our role) stays in, which only delays delivery. Without this, any write
 * transaction anywhere in the cluster would hold every subscriber back (plain pg_snapshot_xmin).
 */
export const IN_FLIGHT_HERE = `SELECT xip::text::bigint AS xid FROM pg_snapshot_xip(pg_current_snapshot()) AS xip
   WHERE (xip::text::bigint % 4294967296) NOT IN (
     SELECT a.backend_xid::text::bigint FROM pg_stat_activity a
      WHERE a.backend_xid IS NOT NULL AND a.datid <> (SELECT d.oid FROM pg_database d WHERE d.datname = current_database()))`;

export function schemaStatements(schema: string): string[] {
  assertSchemaName(schema);
  const s = `"${schema}"`;
  const shift = POSITION_INDEX_BITS;
  // 2^(63 - 20): beyond this xid8 the position would overflow a bigint (at 10,000 tx/s, 27 years).
  const maxXid = (1n << BigInt(63 - shift)).toString();
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE TABLE IF NOT EXISTS ${s}.events (
       global_position bigint PRIMARY KEY,
       stream_name text NOT NULL,
       stream_revision bigint NOT NULL,
       event_id text NOT NULL,
       event_type text NOT NULL,
       data jsonb NOT NULL,
       metadata jsonb NOT NULL,
       recorded_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON ${s}.events (stream_name, stream_revision)`,
    `CREATE UNIQUE INDEX IF NOT EXISTS events_event_id ON ${s}.events (event_id)`,
    `CREATE TABLE IF NOT EXISTS ${s}.streams (
       stream_name text PRIMARY KEY,
       revision bigint NOT NULL,
       last_position bigint NOT NULL
     )`,
    // At most one row: the cluster whose transaction counter the positions follow, and the offset added to it.
    `CREATE TABLE IF NOT EXISTS ${s}.position_epoch (
       singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
       system_identifier bigint NOT NULL,
       xid_offset bigint NOT NULL
     )`,
    // Which cluster we run in, remembered by the session (a connection never changes cluster), so an
    // append pays neither the control file read nor the exception block. A platform that hides
    // pg_control_system() (some managed services revoke it) gets 0: the offset is then chosen once
    // and a restore elsewhere goes unnoticed, as before.
    `CREATE OR REPLACE FUNCTION ${s}.cluster_identifier() RETURNS bigint LANGUAGE plpgsql STABLE AS $fn$
     DECLARE
       v_known text := current_setting('backforge.cluster_identifier', true);
       v_id bigint;
     BEGIN
       IF v_known IS NOT NULL AND v_known <> '' THEN
         RETURN v_known::bigint;
       END IF;
       BEGIN
         v_id := (SELECT c.system_identifier FROM pg_control_system() c);
       EXCEPTION WHEN insufficient_privilege OR undefined_function OR feature_not_supported THEN
         v_id := 0;
       END;
       PERFORM set_config('backforge.cluster_identifier', v_id::text, false);
       RETURN v_id;
     END
     $fn$`,
    // For psql users; the store inlines positionOffsetSql() instead (a function call here would run per row).
    `CREATE OR REPLACE FUNCTION ${s}.position_offset() RETURNS bigint LANGUAGE sql STABLE AS $fn$
       SELECT ${positionOffsetSql(schema)}
     $fn$`,
    // Chooses this cluster's offset once (callers race safely): every transaction that may still
    // write here has an xid >= v_low, so offset = (highest position's xid part + 1 - v_low) puts
    // all their positions above every existing one. Never below 0: a new store keeps plain xids.
    `CREATE OR REPLACE FUNCTION ${s}.establish_position_epoch() RETURNS bigint LANGUAGE plpgsql AS $fn$
     DECLARE
       v_system bigint := ${s}.cluster_identifier();
       v_offset bigint;
       v_low bigint;
       v_max bigint;
     BEGIN
       SELECT e.xid_offset INTO v_offset FROM ${s}.position_epoch e WHERE e.system_identifier = 0 OR v_system IN (0, e.system_identifier);
       IF FOUND THEN RETURN v_offset; END IF;
       PERFORM pg_advisory_xact_lock(hashtextextended('${schemaLockKey(schema)}.position_epoch', 0));
       -- A new snapshot: whoever held the lock before us has committed its choice.
       SELECT e.xid_offset INTO v_offset FROM ${s}.position_epoch e WHERE e.system_identifier = 0 OR v_system IN (0, e.system_identifier);
       IF FOUND THEN RETURN v_offset; END IF;
       v_low := least(pg_current_xact_id()::text::bigint, (SELECT min(f.xid) FROM (${IN_FLIGHT_HERE}) AS f));
       SELECT max(ev.global_position) INTO v_max FROM ${s}.events ev;
       v_offset := greatest(0, coalesce((v_max >> ${shift}) + 1, 0) - v_low);
       INSERT INTO ${s}.position_epoch (singleton, system_identifier, xid_offset) VALUES (true, v_system, v_offset)
         ON CONFLICT (singleton) DO UPDATE SET system_identifier = excluded.system_identifier, xid_offset = excluded.xid_offset;
       RETURN v_offset;
     END
     $fn$`,
    // Append-only: a statement-level trigger refuses UPDATE, DELETE and TRUNCATE (costs nothing per insert).
    `CREATE OR REPLACE FUNCTION ${s}.refuse_event_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
     BEGIN
       RAISE EXCEPTION 'the events table is append-only (% refused)', TG_OP USING ERRCODE = 'BF403';
     END
     $fn$`,
    `DO $do$
     BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'events_append_only' AND tgrelid = '${s}.events'::regclass) THEN
         CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ${s}.events
           FOR EACH STATEMENT EXECUTE FUNCTION ${s}.refuse_event_change();
       END IF;
     END
     $do$`,
    // One append in one statement (autocommit: one round trip, one transaction).
    // p_expected: 'any' | 'no_stream' | 'stream_exists' | a decimal revision.
    // p_events: [{ "id", "type", "data", "metadata" }, ...] in append order.
    `CREATE OR REPLACE FUNCTION ${s}.append_events(p_stream text, p_expected text, p_events jsonb)
     RETURNS TABLE (next_revision bigint, last_position bigint)
     LANGUAGE plpgsql AS $fn$
     DECLARE
       v_count bigint := jsonb_array_length(p_events);
       v_ids text[];
       v_current bigint;
       v_found bigint;
       v_same_stream boolean;
       v_first_min bigint;
       v_first_max bigint;
       v_found_revision bigint;
       v_found_position bigint;
       v_prior bigint;
       v_xid bigint;
       v_offset bigint;
       v_position bigint;
     BEGIN
       -- Positions are ((xid + offset) << 20 | index): a second append in one transaction would reuse them, and
       -- a transaction that wrote before appending could be missed by the readers' horizon. Refuse both.
       IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
         RAISE EXCEPTION 'append_events must be the first write of its transaction' USING ERRCODE = 'BF400';
       END IF;
       SELECT st.revision INTO v_current FROM ${s}.streams st WHERE st.stream_name = p_stream FOR UPDATE;
       IF NOT FOUND THEN
         -- A racing creator blocks here until the other commits, then sees its row below.
         INSERT INTO ${s}.streams (stream_name, revision, last_position) VALUES (p_stream, -1, -1)
           ON CONFLICT (stream_name) DO NOTHING;
         SELECT st.revision INTO v_current FROM ${s}.streams st WHERE st.stream_name = p_stream FOR UPDATE;
       END IF;

       -- Idempotency: the same event ids, in the same order, in this stream, written at the same
       -- expectation, answer the original result. Any other reuse of an event id is a conflict.
       -- Each id is probed through the unique index (LATERAL ... LIMIT 1 keeps the planner from
       -- turning this into a join that scans the whole log while the table has no statistics yet).
       v_ids := ARRAY(SELECT i.ev->>'id' FROM jsonb_array_elements(p_events) WITH ORDINALITY AS i(ev, ord) ORDER BY i.ord);
       IF EXISTS (SELECT 1 FROM unnest(v_ids) AS i(id),
                    LATERAL (SELECT 1 FROM ${s}.events e WHERE e.event_id = i.id LIMIT 1) AS hit) THEN
         SELECT count(*), coalesce(bool_and(hit.stream_name = p_stream), false),
                min(hit.stream_revision - i.ord + 1), max(hit.stream_revision - i.ord + 1),
                max(hit.stream_revision), max(hit.global_position)
           INTO v_found, v_same_stream, v_first_min, v_first_max, v_found_revision, v_found_position
           FROM unnest(v_ids) WITH ORDINALITY AS i(id, ord),
                LATERAL (SELECT e.stream_name, e.stream_revision, e.global_position FROM ${s}.events e WHERE e.event_id = i.id LIMIT 1) AS hit;
         v_prior := v_first_min - 1;
         IF v_found = v_count AND v_same_stream AND v_first_min = v_first_max AND (
              p_expected = 'any'
              OR (p_expected = 'no_stream' AND v_prior = -1)
              OR (p_expected = 'stream_exists' AND v_prior >= 0)
              OR (p_expected ~ '^[0-9]+$' AND v_prior = p_expected::bigint)) THEN
           RETURN QUERY SELECT v_found_revision, v_found_position;
           RETURN;
         END IF;
         RAISE EXCEPTION 'event ids already written elsewhere' USING ERRCODE = '${CONFLICT_SQLSTATE}', DETAIL = v_current::text,
           HINT = 'an event id may be appended again only as a retry of the same append';
       END IF;

       IF NOT (p_expected = 'any'
               OR (p_expected = 'no_stream' AND v_current = -1)
               OR (p_expected = 'stream_exists' AND v_current >= 0)
               OR (p_expected ~ '^[0-9]+$' AND v_current = p_expected::bigint)) THEN
         RAISE EXCEPTION 'wrong expected revision' USING ERRCODE = '${CONFLICT_SQLSTATE}', DETAIL = v_current::text;
       END IF;

       v_offset := ${positionOffsetSql(schema)};
       IF v_offset IS NULL THEN
         v_offset := ${s}.establish_position_epoch();
       END IF;
       v_xid := pg_current_xact_id()::text::bigint + v_offset;
       IF v_xid >= ${maxXid} THEN
         RAISE EXCEPTION 'transaction id % (offset %) is beyond the position range of this event store', v_xid - v_offset, v_offset;
       END IF;
       v_position := (v_xid << ${shift}) | (v_count - 1);
       INSERT INTO ${s}.events (global_position, stream_name, stream_revision, event_id, event_type, data, metadata)
         SELECT (v_xid << ${shift}) | (i.ord - 1), p_stream, v_current + i.ord, i.ev->>'id', i.ev->>'type', i.ev->'data', i.ev->'metadata'
           FROM jsonb_array_elements(p_events) WITH ORDINALITY AS i(ev, ord);
       UPDATE ${s}.streams SET revision = v_current + v_count, last_position = v_position WHERE stream_name = p_stream;
       -- No NOTIFY here: a notifying transaction holds a database-wide lock through its commit's WAL
       -- flush, which serialises every append. The store notifies after commit instead (see notifier).
       RETURN QUERY SELECT v_current + v_count, v_position;
     END
     $fn$`,
  ];
}
