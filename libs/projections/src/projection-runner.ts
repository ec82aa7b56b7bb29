import type { DataSource, EntityMetadata } from 'typeorm';
import type { EventStore } from '@backforge/event-store';
import type { BackoffOptions } from '@backforge/resilience';
import { pino } from 'pino';
import { validateProjection, type Projection } from './projection.js';
import { CheckpointTable } from './checkpoints.js';
import { ProjectionConfigError, ProjectionNotRunningError } from './errors.js';
import { ProjectionWorker, type ProjectionLogger, type ProjectionStatus } from './projection-worker.js';

/** Retry pacing after an infrastructure error: from 100 ms up to 30 s (a projection waits out an outage). */
const defaultBackoff: BackoffOptions = { initialMs: 100, maxMs: 30_000 };

export interface ProjectionRunnerOptions {
  eventStore: EventStore;
  /**
   * An initialized PostgreSQL DataSource whose entities include every projection's entities. The
   * runner creates only its checkpoint table; the read-model tables come from the owner's
   * migrations (or `synchronize` in tests).
   */
  dataSource: DataSource;
  projections: readonly Projection[];
  /** Events per transaction, in catch-up and in bursts while live. Default 100. */
  batchSize?: number;
  /** Default `projection_checkpoints`; may be schema-qualified. */
  checkpointTable?: string;
  logger?: ProjectionLogger;
  /** Delays between retries after infrastructure errors. Default 100 ms doubling to 30 s. */
  backoff?: BackoffOptions;
  /** Bound on each event store read. Default 10 s. */
  readTimeoutMs?: number;
  /** Server-side bound on each statement and idle gap inside a batch transaction. Default 60 s. */
  transactionTimeoutMs?: number;
  /** Default for `waitFor`. Default 10 s. */
  waitTimeoutMs?: number;
}

export interface WaitForOptions {
  /** Only these projections; default: all of this runner's. */
  projections?: readonly string[];
  timeoutMs?: number;
}

function positiveInteger(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) throw new ProjectionConfigError(`${what} must be a positive integer, got ${value}`);
  return value;
}

/** Quoted `schema.table` names of an entity and of the many-to-many junction tables it owns. */
function tablesOf(metadata: EntityMetadata, escape: (name: string) => string): string[] {
  const quoted = (m: EntityMetadata): string => (m.schema ? `${escape(m.schema)}.${escape(m.tableName)}` : escape(m.tableName));
  const tables = [quoted(metadata)];
  for (const relation of metadata.manyToManyRelations) {
    if (relation.isOwning && relation.junctionEntityMetadata) tables.push(quoted(relation.junctionEntityMetadata));
  }
  return tables;
}

/**
 * Keeps read models as projections of the event log (DESIGN §3). Each projection has its own loop:
 * catch-up in pages, then the live subscription, one transaction per batch holding the rows and
 * the checkpoint, so a crash anywhere loses or repeats nothing.
 */
export class ProjectionRunner {
  private readonly workers = new Map<string, ProjectionWorker>();
  private readonly options: Required<Omit<ProjectionRunnerOptions, 'projections' | 'logger' | 'backoff'>> & {
    logger: ProjectionLogger;
    backoff: BackoffOptions;
  };
  private readonly checkpoints: CheckpointTable;
  private readonly projections: readonly Projection[];
  private started: Promise<void> | undefined;

  constructor(options: ProjectionRunnerOptions) {
    this.options = {
      eventStore: options.eventStore,
      dataSource: options.dataSource,
      batchSize: positiveInteger(options.batchSize ?? 100, 'batchSize'),
      checkpointTable: options.checkpointTable ?? 'projection_checkpoints',
      logger: options.logger ?? pino({ name: 'projections' }),
      backoff: options.backoff ?? defaultBackoff,
      readTimeoutMs: positiveInteger(options.readTimeoutMs ?? 10_000, 'readTimeoutMs'),
      transactionTimeoutMs: positiveInteger(options.transactionTimeoutMs ?? 60_000, 'transactionTimeoutMs'),
      waitTimeoutMs: positiveInteger(options.waitTimeoutMs ?? 10_000, 'waitTimeoutMs'),
    };
    this.checkpoints = new CheckpointTable(this.options.checkpointTable);
    const names = new Set<string>();
    for (const projection of options.projections) {
      validateProjection(projection);
      if (names.has(projection.name)) throw new ProjectionConfigError(`Two projections are named '${projection.name}'`);
      names.add(projection.name);
    }
    this.projections = [...options.projections];
  }

  /** Creates the checkpoint table if needed and starts every projection. Resolves once they run, not once they caught up. */
  start(): Promise<void> {
    this.started ??= this.boot().catch((err: unknown) => {
      this.started = undefined;
      throw err;
    });
    return this.started;
  }

  private async boot(): Promise<void> {
    const { dataSource } = this.options;
    if (!dataSource.isInitialized) throw new ProjectionConfigError('The DataSource must be initialized before the projection runner starts');
    if (dataSource.options.type !== 'postgres') throw new ProjectionConfigError(`Projections need a PostgreSQL DataSource, got '${dataSource.options.type}'`);
    const escape = (name: string): string => dataSource.driver.escape(name);
    const owners = new Map<string, string>();
    const plans = this.projections.map((projection) => {
      const tables = projection.entities.flatMap((entity) => {
        if (!dataSource.hasMetadata(entity)) {
          throw new ProjectionConfigError(`Projection '${projection.name}': an entity it owns is not registered in the DataSource`);
        }
        return tablesOf(dataSource.getMetadata(entity), escape);
      });
      for (const table of tables) {
        const owner = owners.get(table);
        if (owner && owner !== projection.name) throw new ProjectionConfigError(`Table ${table} is owned by both '${owner}' and '${projection.name}'`);
        owners.set(table, projection.name);
      }
      return { projection, tables: [...new Set(tables)] };
    });
    await this.checkpoints.ensure(dataSource);
    for (const { projection, tables } of plans) {
      if (this.workers.has(projection.name)) continue;
      this.workers.set(
        projection.name,
        new ProjectionWorker(projection, {
          eventStore: this.options.eventStore,
          dataSource,
          checkpoints: this.checkpoints,
          tables,
          batchSize: this.options.batchSize,
          backoff: this.options.backoff,
          readTimeoutMs: this.options.readTimeoutMs,
          transactionTimeoutMs: this.options.transactionTimeoutMs,
          logger: this.options.logger,
        }),
      );
    }
    for (const worker of this.workers.values()) worker.start();
  }

  /** Stops every projection; each finishes (commits or rolls back) its in-flight batch first. */
  async stop(): Promise<void> {
    await this.started?.catch(() => undefined);
    this.started = undefined;
    await Promise.all([...this.workers.values()].map((worker) => worker.stop()));
  }

  /**
   * Drops the projection's rows and checkpoint in one transaction and replays the log into it;
   * resolves when the replay has reached the head of the log. Readers see an empty, then a
   * filling read model meanwhile (`waitFor` holds them until their position is replayed).
   */
  async rebuild(name: string, options: { timeoutMs?: number } = {}): Promise<void> {
    const worker = await this.worker(name);
    const timeoutMs = options.timeoutMs ?? 24 * 60 * 60 * 1000;
    await worker.rebuild(Date.now() + timeoutMs, timeoutMs);
  }

  /** Restarts a failed projection from its committed checkpoint (after a fix), retrying the event it stopped on. */
  async resume(name: string): Promise<void> {
    (await this.worker(name)).resume();
  }

  /**
   * Read-your-writes: resolves when the selected projections reflect every event up to and
   * including `position` (e.g. the position an append returned). Rejects with
   * ProjectionWaitTimeoutError on timeout, ProjectionNotRunningError if a projection failed.
   */
  async waitFor(position: bigint, options: WaitForOptions = {}): Promise<void> {
    const timeoutMs = options.timeoutMs ?? this.options.waitTimeoutMs;
    const deadline = Date.now() + timeoutMs;
    const names = options.projections ?? [...this.workers.keys()];
    const workers = await Promise.all(names.map((name) => this.worker(name)));
    await Promise.all(workers.map((worker) => worker.waitFor(position, deadline, timeoutMs)));
  }

  /** One entry per projection, in the order they were given. */
  status(): ProjectionStatus[] {
    return this.projections.map((projection) => {
      const worker = this.workers.get(projection.name);
      if (worker) return worker.status();
      return { name: projection.name, version: projection.version, state: 'idle', position: null, caughtUp: false, retries: 0, updatedAt: new Date(0) };
    });
  }

  private async worker(name: string): Promise<ProjectionWorker> {
    if (!this.projections.some((p) => p.name === name)) throw new ProjectionConfigError(`No projection named '${name}' in this runner`);
    await this.started;
    const worker = this.workers.get(name);
    if (!worker) throw new ProjectionNotRunningError(name, 'not started');
    return worker;
  }
}
