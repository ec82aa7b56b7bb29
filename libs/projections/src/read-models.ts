import 'reflect-metadata';
import { DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import type { EventStore } from '@backforge/event-store';
import { ProjectionRunner } from './projection-runner.js';
import type { Projection } from './projection.js';
import type { ProjectionLogger } from './projection-worker.js';

export interface ReadModelsOptions {
  /** The service that owns these read models; names its connection and its schema lock. */
  owner: string;
  databaseUrl: string;
  eventStore: EventStore;
  projections: readonly Projection[];
  /** Entities read by the owner but kept by none of these projections (rare). */
  extraEntities?: readonly EntityTarget<ObjectLiteral>[];
  logger: ProjectionLogger;
  /** Connections of this owner's TypeORM pool (default 4). */
  poolSize?: number;
  /** Default bound of `waitFor` (default 10 s). */
  waitTimeoutMs?: number;
}

/**
 * One service's read models: a TypeORM DataSource over its tables, their schema, and the runner
 * that keeps them as projections of the log. Tables are created (and extended) from the entities
 * under a PostgreSQL advisory lock, so replicas booting together do not race on DDL; a read model
 * can always be rebuilt from the log, which is why its schema follows the code rather than
 * hand-written migrations (a breaking change bumps the projection's version: truncate and replay).
 */
export class ReadModels {
  private constructor(
    readonly dataSource: DataSource,
    readonly runner: ProjectionRunner,
  ) {}

  static async open(options: ReadModelsOptions): Promise<ReadModels> {
    const entities = [...new Set([...options.projections.flatMap((p) => p.entities), ...(options.extraEntities ?? [])])];
    const dataSource = new DataSource({
      type: 'postgres',
      url: options.databaseUrl,
      entities: entities as never,
      synchronize: false,
      logging: false,
      applicationName: `backforge-${options.owner}-read-models`,
      extra: { max: options.poolSize ?? 4, connectionTimeoutMillis: 5_000 },
    });
    await dataSource.initialize();
    try {
      await synchronizeUnderLock(dataSource, options.owner);
      const runner = new ProjectionRunner({
        eventStore: options.eventStore,
        dataSource,
        projections: options.projections,
        logger: options.logger,
        ...(options.waitTimeoutMs !== undefined ? { waitTimeoutMs: options.waitTimeoutMs } : {}),
      });
      await runner.start();
      return new ReadModels(dataSource, runner);
    } catch (error) {
      await dataSource.destroy().catch(() => undefined);
      throw error;
    }
  }

  /** Read-your-writes: resolves once every projection reflects the log up to `position`. */
  waitFor(position: bigint | undefined, timeoutMs?: number): Promise<void> {
    if (position === undefined) return Promise.resolve();
    return this.runner.waitFor(position, timeoutMs !== undefined ? { timeoutMs } : {});
  }

  async close(): Promise<void> {
    if (!this.dataSource.isInitialized) return;
    await this.runner.stop();
    await this.dataSource.destroy();
  }

  /** Nest's shutdown hook, so a provider of read models closes with its application. */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

/** A stable 31-bit key per owner for pg_advisory_lock. */
function lockKey(owner: string): number {
  let hash = 0x5bf0;
  for (const char of `backforge-read-models:${owner}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash & 0x7fffffff;
}

async function synchronizeUnderLock(dataSource: DataSource, owner: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [lockKey(owner)]);
    try {
      await dataSource.synchronize();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [lockKey(owner)]);
    }
  } finally {
    await runner.release();
  }
}
