import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  EventStoreUnavailableError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
} from '../event-store.port.js';
import { normaliseFilter } from '../internal/filter.js';
import { sleep, type BackoffOptions } from '@backforge/resilience';
import { DEFAULT_BACKOFF, DEFAULT_TIMEOUT_MS, withStoreTimeout } from '../internal/timing.js';
import { expectedRevisionText, validateAppend } from '../internal/validation.js';
import { PgListener } from './pg-listener.js';
import { NO_EXCLUSION, PgSubscription, type Page, type StartPoint } from './pg-subscription.js';
import { statements, toActual, toRecordedEvent, type EventRow } from './postgres-statements.js';
import { mapPgError, sqlStateOf } from './postgres-errors.js';
import {
  CONFLICT_SQLSTATE,
  MAX_EVENTS_PER_APPEND,
  POSITION_INDEX_BITS,
  assertSchemaName,
  notifyChannel,
  schemaLockKey,
  schemaStatements,
} from './postgres-schema.js';

export interface PostgresEventStoreOptions {
  /** Used to create an owned pool (closed by close()) and the LISTEN connection. */
  connectionString?: string;
  /** A pool owned by the caller (not closed by close()). Its options also configure the LISTEN connection. */
  pool?: pg.Pool;
  /** Schema holding the tables; default `event_store`. */
  schema?: string;
  /** Size of the owned pool; default 10. */
  poolSize?: number;
  /** Bound on each round trip to PostgreSQL; default 5000 ms. */
  timeoutMs?: number;
  /** Bound on ensureSchema(), which may wait for another process's migration; default 30000 ms. */
  schemaTimeoutMs?: number;
  /** Rows per read round trip (readAll pages, subscription polls); default 1000. */
  readPageSize?: number;
  /**
   * readAll waits up to this long for transactions still in flight below committed events it can see,
   * so a reader usually sees its own writes; after that it returns the gap-free prefix. Default 1000 ms.
   */
  readAllSettleMs?: number;
  /** Interval of the LISTEN connection's liveness query; default 30000 ms. */
  listenerHealthCheckMs?: number;
  /** While the LISTEN connection is down, subscribers poll at this interval; default 1000 ms. */
  fallbackPollMs?: number;
  /**
   * An idle subscriber looks at the log once per this interval even when no NOTIFY came: the safety
   * net for a writer that died between its commit and its notification. Default 5000 ms.
   */
  idleRecheckMs?: number;
  /** Least time between two NOTIFYs from this instance while appends keep coming; default 2 ms. */
  notifyIntervalMs?: number;
  /** Backoff for reconnecting the LISTEN connection and retrying failed subscription reads. */
  reconnect?: BackoffOptions;
}

export interface PostgresEventStoreDiagnostics {
  /** Read round trips made by subscriptions (a quiet store with live subscriptions keeps this still). */
  subscriptionPolls: number;
  listenerConnected: boolean;
  listenerReconnects: number;
  listenerBackendPid: number | undefined;
  openSubscriptions: number;
}

export class PostgresEventStore implements EventStore {
  readonly schema: string;
  private readonly pool: pg.Pool;
  private readonly ownsPool: boolean;
  private readonly timeoutMs: number;
  private readonly schemaTimeoutMs: number;
  private readonly pageSize: number;
  private readonly settleMs: number;
  private readonly fallbackPollMs: number;
  private readonly idleRecheckMs: number;
  private notifying: Promise<void> | undefined;
  private notifyAgain = false;
  private lastNotifyAt = 0;
  private readonly notifyIntervalMs: number;
  private readonly backoff: BackoffOptions;
  private readonly listener: PgListener;
  private readonly subscriptions = new Set<PgSubscription>();
  private readonly sql: ReturnType<typeof statements>;
  private closed = false;
  /** Marks our own NOTIFYs, so this instance's listener does not wake its subscriptions twice. */
  private readonly instanceId = randomUUID();
  subscriptionPolls = 0;

  constructor(options: PostgresEventStoreOptions) {
    this.schema = options.schema ?? 'event_store';
    assertSchemaName(this.schema);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.schemaTimeoutMs = options.schemaTimeoutMs ?? 30_000;
    this.pageSize = options.readPageSize ?? 1000;
    this.settleMs = options.readAllSettleMs ?? 1000;
    this.fallbackPollMs = options.fallbackPollMs ?? 1000;
    this.idleRecheckMs = options.idleRecheckMs ?? 5000;
    this.notifyIntervalMs = options.notifyIntervalMs ?? 2;
    this.backoff = options.reconnect ?? DEFAULT_BACKOFF;
    this.sql = statements(this.schema);
    let clientConfig: pg.ClientConfig;
    if (options.pool) {
      this.pool = options.pool;
      this.ownsPool = false;
      const { connectionString, host, port, user, password, database, ssl } = options.pool.options;
      clientConfig = options.connectionString ? { connectionString: options.connectionString, ssl } : { connectionString, host, port, user, password, database, ssl };
    } else if (options.connectionString) {
      clientConfig = { connectionString: options.connectionString };
      this.pool = new pg.Pool({
        connectionString: options.connectionString,
        max: options.poolSize ?? 10,
        connectionTimeoutMillis: this.timeoutMs,
        // Server-side bound too, so an abandoned statement does not keep running.
        statement_timeout: this.timeoutMs,
        idleTimeoutMillis: 30_000,
        keepAlive: true,
        application_name: 'backforge-event-store',
      });
      this.ownsPool = true;
      // An idle client dying (server restart, terminate) must not crash the process; the next query reconnects.
      this.pool.on('error', () => undefined);
    } else {
      throw new Error('PostgresEventStore needs a connectionString or a pool');
    }
    this.listener = new PgListener({
      clientConfig,
      channel: notifyChannel(this.schema),
      timeoutMs: this.timeoutMs,
      healthCheckMs: options.listenerHealthCheckMs ?? 30_000,
      reconnect: this.backoff,
      onWake: (payload) => {
        // Our own appends woke our subscriptions already (announceAppend).
        if (payload === this.instanceId) return;
        for (const subscription of this.subscriptions) subscription.wake();
      },
    });
  }

  /** Creates the schema, tables, indexes and functions if missing. Safe to call from many processes at once. */
  async ensureSchema(): Promise<void> {
    const work = async () => {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SET LOCAL statement_timeout = ${Math.floor(this.schemaTimeoutMs)}`);
        // Concurrent CREATE ... IF NOT EXISTS can still collide in the catalogs; one migrator at a time.
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [schemaLockKey(this.schema)]);
        for (const statement of schemaStatements(this.schema)) await client.query(statement);
        // After a restore into a fresh cluster, choose the position offset now rather than on the first append or read.
        await client.query(this.sql.establishEpoch);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    };
    try {
      await withStoreTimeout(work(), this.schemaTimeoutMs, 'event store ensureSchema');
    } catch (error) {
      throw mapPgError(error, 'event store ensureSchema');
    }
  }

  async append(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    validateAppend(streamName, events, expectedRevision, MAX_EVENTS_PER_APPEND);
    const payload = JSON.stringify(events.map((e) => ({ id: e.metadata.eventId, type: e.type, data: e.data, metadata: e.metadata })));
    try {
      const { rows } = await this.query<{ next_revision: string; last_position: string }>('append', {
        name: this.sql.appendName,
        text: this.sql.append,
        values: [streamName, expectedRevisionText(expectedRevision), payload],
      });
      const row = rows[0];
      if (!row) throw new Error('append_events returned no row');
      this.announceAppend();
      return { nextExpectedRevision: BigInt(row.next_revision), position: BigInt(row.last_position) };
    } catch (error) {
      const state = sqlStateOf(error);
      if (state === CONFLICT_SQLSTATE) {
        const detail = (error as { detail?: string }).detail ?? '-1';
        throw new WrongExpectedRevisionError(streamName, expectedRevision, toActual(BigInt(detail)));
      }
      if (state === '23505') {
        // Two appends raced with the same event ids into different streams; the other one won.
        const current = await this.currentRevision(streamName);
        throw new WrongExpectedRevisionError(streamName, expectedRevision, toActual(current));
      }
      throw error;
    }
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? BigInt('9223372036854775807') : 0n);
    const limit = options.maxCount ?? null;
    if (limit !== null && limit <= 0) return [];
    const { rows } = await this.query<EventRow>('readStream', {
      name: backwards ? this.sql.readStreamBackwardsName : this.sql.readStreamForwardsName,
      text: backwards ? this.sql.readStreamBackwards : this.sql.readStreamForwards,
      values: [streamName, from.toString(), limit],
    });
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const max = options.maxCount ?? Number.POSITIVE_INFINITY;
    const filter = normaliseFilter(options.filter);
    const out: RecordedEvent[] = [];
    let cursor = options.after ?? -1n;
    const settleUntil = Date.now() + this.settleMs;
    let pendingAttempt = 0;
    while (out.length < max) {
      const page = await this.readPage(cursor, filter, Math.min(this.pageSize, max - out.length), NO_EXCLUSION);
      for (const event of page.events) out.push(event);
      cursor = page.scannedTo;
      if (page.full) continue;
      if (page.pending && Date.now() < settleUntil) {
        await sleep(Math.min(50, 2 ** pendingAttempt++));
        continue;
      }
      break;
    }
    return out;
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    if (this.closed) throw new EventStoreUnavailableError('event store is closed');
    const subscription = new PgSubscription(this, options, () => this.listener.connected, (s) => this.subscriptions.delete(s));
    this.subscriptions.add(subscription);
    this.listener.start();
    return subscription;
  }

  async ping(): Promise<void> {
    await this.query('ping', { text: 'SELECT 1' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.notifying;
    await this.listener.stop();
    if (this.ownsPool) await this.pool.end();
  }

  diagnostics(): PostgresEventStoreDiagnostics {
    return {
      subscriptionPolls: this.subscriptionPolls,
      listenerConnected: this.listener.connected,
      listenerReconnects: this.listener.reconnects,
      listenerBackendPid: this.listener.backendPid,
      openSubscriptions: this.subscriptions.size,
    };
  }

  /**
   * Tells subscribers that something was committed: this process's subscriptions directly, other
   * processes through NOTIFY. The NOTIFY runs after the append's commit, in its own transaction
   * with synchronous_commit off (it has nothing worth an fsync), and is coalesced: at most one is in
   * flight, and appends that finish meanwhile share the next one. So parallel appends keep group
   * commit, and a burst of appends costs a handful of notifications.
   */
  private announceAppend(): void {
    for (const subscription of this.subscriptions) subscription.wake();
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = (async () => {
      do {
        this.notifyAgain = false;
        // Under a steady stream of appends, one NOTIFY per interval is enough; after a quiet spell
        // the first goes out at once, so a lone append is not delayed.
        const wait = this.lastNotifyAt + this.notifyIntervalMs - Date.now();
        if (wait > 0) await sleep(wait);
        this.lastNotifyAt = Date.now();
        try {
          await this.query('notify', { name: this.sql.notifyName, text: this.sql.notify, values: [notifyChannel(this.schema), this.instanceId] });
        } catch {
          // Subscribers' idle re-check covers a notification that could not be sent.
        }
      } while (this.notifyAgain && !this.closed);
      this.notifying = undefined;
    })();
  }

  // ----- internals used by subscriptions -----

  /** @internal */
  get readTuning(): { pageSize: number; fallbackPollMs: number; idleRecheckMs: number; backoff: BackoffOptions } {
    return { pageSize: this.pageSize, fallbackPollMs: this.fallbackPollMs, idleRecheckMs: this.idleRecheckMs, backoff: this.backoff };
  }

  /** @internal Where a subscription begins. `end` remembers the transactions in flight, so none of them is lost. */
  async startPoint(from: SubscribeToAllOptions['from'], establishedEpoch = false): Promise<StartPoint> {
    if (from === 'start') return { cursor: -1n, ...NO_EXCLUSION };
    if (typeof from === 'bigint') return { cursor: from, ...NO_EXCLUSION };
    const { rows } = await this.query<{ head: string; in_flight: string[]; no_epoch: boolean }>('subscribe (end)', { name: this.sql.headName, text: this.sql.head });
    const row = rows[0];
    if (!row) throw new Error('head query returned no row');
    if (row.no_epoch) {
      // This cluster has no position offset yet (a restore nobody wrote to): choose it, then look again.
      if (establishedEpoch) throw new Error('event store: the position offset of this cluster is still missing after choosing it');
      await this.establishEpoch();
      return this.startPoint(from, true);
    }
    const head = BigInt(row.head);
    const headXid = head >> BigInt(POSITION_INDEX_BITS);
    const inFlight = row.in_flight.map((x) => BigInt(x)).filter((xid) => xid < headXid);
    if (inFlight.length === 0) return { cursor: head, ...NO_EXCLUSION };
    const lowest = inFlight.reduce((a, b) => (a < b ? a : b));
    return { cursor: (lowest << BigInt(POSITION_INDEX_BITS)) - 1n, head, inFlight };
  }

  /** @internal One gap-free read: events above `cursor` and below the horizon, in position order. */
  async readPage(cursor: bigint, filter: EventFilter, limit: number, exclusion: { head: bigint; inFlight: bigint[] }): Promise<Page> {
    const filtered = filter.streamPrefixes !== undefined || filter.eventTypes !== undefined;
    const read = () => (filtered ? this.readFilteredPage(cursor, filter, limit, exclusion) : this.readPlainPage(cursor, limit, exclusion));
    const page = await read();
    if (page) return page;
    // No horizon: this cluster has no position offset yet (a restore nobody appended to). Choose it, then read.
    await this.establishEpoch();
    const retried = await read();
    if (!retried) throw new Error('event store: the position offset of this cluster is still missing after choosing it');
    return retried;
  }

  private async establishEpoch(): Promise<void> {
    await this.query('position offset', { text: this.sql.establishEpoch });
  }

  private async readPlainPage(cursor: bigint, limit: number, exclusion: { head: bigint; inFlight: bigint[] }): Promise<Page | undefined> {
    const { rows } = await this.query<EventRow>('readAll', {
      name: this.sql.readAllName,
      text: this.sql.readAll,
      values: [cursor.toString(), limit, exclusion.head.toString(), exclusion.inFlight.map((x) => x.toString())],
    });
    const first = rows[0];
    if (!first) throw new Error('readAll returned no horizon row');
    if (first.horizon === null) return undefined;
    const horizon = BigInt(first.horizon);
    const events: RecordedEvent[] = [];
    let pending = false;
    let returned = 0;
    for (const row of rows) {
      if (row.position === null) continue;
      returned += 1;
      if (BigInt(row.position) >= horizon) {
        // Ordered by position, so everything after this is above the horizon too.
        pending = true;
        break;
      }
      events.push(toRecordedEvent(row));
    }
    const full = returned >= limit && !pending;
    const last = events.at(-1)?.position ?? cursor;
    // Not full and no cut: every event below the horizon was returned, and anything that commits
    // later has a position >= horizon, so the next read may start there.
    const scannedTo = full || pending ? last : horizon - 1n > last ? horizon - 1n : last;
    return { events, scannedTo, full, pending };
  }

  /**
   * A filtered read looks at no more than `scanLimit` log entries per round trip, so a rare event
   * type in a long log costs many short reads instead of one that outlives the timeout.
   */
  private async readFilteredPage(cursor: bigint, filter: EventFilter, limit: number, exclusion: { head: bigint; inFlight: bigint[] }): Promise<Page | undefined> {
    const scanLimit = Math.min(20_000, limit * 10);
    const { rows } = await this.query<EventRow & { safe_max: string | null; scanned: number; unsafe: boolean }>('readAll (filtered)', {
      name: this.sql.readFilteredName,
      text: this.sql.readFiltered,
      values: [
        cursor.toString(),
        limit,
        filter.streamPrefixes ?? null,
        filter.eventTypes ?? null,
        exclusion.head.toString(),
        exclusion.inFlight.map((x) => x.toString()),
        scanLimit,
      ],
    });
    const first = rows[0];
    if (!first) throw new Error('readAll returned no horizon row');
    if (first.horizon === null) return undefined;
    const horizon = BigInt(first.horizon);
    const events = rows.filter((row) => row.position !== null).map(toRecordedEvent);
    if (events.length >= limit) return { events, scannedTo: events.at(-1)!.position, full: true, pending: false };
    // Every matching event below the horizon among the scanned entries was returned.
    const safeMax = first.safe_max === null ? cursor : BigInt(first.safe_max);
    if (first.unsafe) return { events, scannedTo: safeMax, full: false, pending: true };
    if (first.scanned >= scanLimit) return { events, scannedTo: safeMax, full: true, pending: false };
    return { events, scannedTo: horizon - 1n > safeMax ? horizon - 1n : safeMax, full: false, pending: false };
  }

  private async currentRevision(streamName: string): Promise<bigint> {
    const { rows } = await this.query<{ revision: string }>('stream revision', {
      text: `SELECT revision::text FROM "${this.schema}".streams WHERE stream_name = $1`,
      values: [streamName],
    });
    return rows[0] ? BigInt(rows[0].revision) : -1n;
  }

  private async query<R extends pg.QueryResultRow = pg.QueryResultRow>(what: string, config: pg.QueryConfig): Promise<pg.QueryResult<R>> {
    if (this.closed) throw new EventStoreUnavailableError(`event store ${what}: the store is closed`);
    // query_timeout makes pg drop a connection whose query never answers; withStoreTimeout also bounds the wait for a pooled client.
    const withReadTimeout = { ...config, query_timeout: this.timeoutMs } as pg.QueryConfig;
    try {
      return await withStoreTimeout(this.pool.query<R>(withReadTimeout), this.timeoutMs, `event store ${what}`);
    } catch (error) {
      throw mapPgError(error, `event store ${what}`);
    }
  }
}
