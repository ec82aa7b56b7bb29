import pg from 'pg';
import { GetBatcher } from './get-batch.js';
import { PostgresBackendStore } from './postgres-backend-store.js';
import { Slice } from './slice.js';

export interface PostgresStoreBridgeOptions {
  /** The database that holds `backend_records`. */
  connectionString: string;
  /** Connections in the bridge's own pool (default 10), apart from the platform's pools. */
  maxConnections?: number;
  /** Connections one agent's store calls may hold at once (default 2): its slice of the pool. */
  connectionsPerBackend?: number;
  /** Store calls of one agent that may wait for its slice (default 32); past it a call fails at once. */
  maxWaitingPerBackend?: number;
  /** PostgreSQL `statement_timeout` of every bridge statement, in ms (default 2000). */
  statementTimeoutMs?: number;
  /**
   * Connections closed after this long idle (ms, default 10 s, pg's own), except the first
   * `connectionsPerBackend` of them, which stay open: a new connection costs ~5-90 ms on a busy
   * machine against ~0.25 ms for a query on an open one, so a backend called now and then does not
   * pay a connect (and re-plans its named statements) on each call.
   */
  idleTimeoutMs?: number;
  /** Clock for createdAt/updatedAt. */
  now?: () => string;
}

/** application_name of the bridge's connections (operations: find them in pg_stat_activity). */
export const STORE_BRIDGE_APPLICATION_NAME = 'backforge-store-bridge';

/**
 * The store bridge's side of PostgreSQL for the sandbox: its own bounded pool with a statement
 * timeout, divided into per-agent slices so that one backend's slow queries (a dozen concurrent
 * counts over a big collection) wait in their own queue instead of starving every other backend.
 * `storeFor(agentId)` gives the store to pass to `Sandbox.invoke`; the sandbox scopes it to each
 * invocation, which cancels its running queries when the invocation ends. An agent's concurrent
 * `get`s by id share a statement (`GetBatcher`): one round trip for the reads that queued meanwhile.
 */
export class PostgresStoreBridge {
  readonly pool: pg.Pool;
  private readonly slices = new Map<string, { slice: Slice; reads: GetBatcher }>();
  private readonly connectionsPerBackend: number;
  private readonly maxWaitingPerBackend: number;

  constructor(private readonly options: PostgresStoreBridgeOptions) {
    const maxConnections = options.maxConnections ?? 10;
    this.connectionsPerBackend = options.connectionsPerBackend ?? 2;
    this.maxWaitingPerBackend = options.maxWaitingPerBackend ?? 32;
    const statementTimeoutMs = options.statementTimeoutMs ?? 2000;
    const idleTimeoutMs = options.idleTimeoutMs ?? 10_000;
    for (const [name, value, min] of [
      ['maxConnections', maxConnections, 1],
      ['connectionsPerBackend', this.connectionsPerBackend, 1],
      ['maxWaitingPerBackend', this.maxWaitingPerBackend, 0],
      ['statementTimeoutMs', statementTimeoutMs, 1],
      ['idleTimeoutMs', idleTimeoutMs, 1],
    ] as const) {
      if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}`);
    }
    if (this.connectionsPerBackend > maxConnections) throw new RangeError('connectionsPerBackend must not exceed maxConnections');
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: maxConnections,
      // Kept open once made (see idleTimeoutMs); the pool never opens them ahead of use.
      min: this.connectionsPerBackend,
      idleTimeoutMillis: idleTimeoutMs,
      statement_timeout: statementTimeoutMs,
      application_name: STORE_BRIDGE_APPLICATION_NAME,
    });
    this.pool.on('error', () => undefined); // an idle connection dropped by the server: the pool replaces it
  }

  /** The store of one agent's data; every store of that agent shares its slice (kept for the bridge's life: a few bytes per agent). */
  storeFor(agentId: string): PostgresBackendStore {
    let share = this.slices.get(agentId);
    if (!share) {
      const slice = new Slice(this.connectionsPerBackend, this.maxWaitingPerBackend);
      share = { slice, reads: new GetBatcher(this.pool, agentId, slice, this.connectionsPerBackend + this.maxWaitingPerBackend) };
      this.slices.set(agentId, share);
    }
    return new PostgresBackendStore(this.pool, agentId, { ...share, ...(this.options.now ? { now: this.options.now } : {}) });
  }

  /** Creates the table and indexes if missing. */
  ensureSchema(): Promise<void> {
    return PostgresBackendStore.ensureSchema(this.pool);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
