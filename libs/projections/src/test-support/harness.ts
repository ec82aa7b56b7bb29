import { DataSource } from 'typeorm';
import type { EventStore } from '@backforge/event-store';
import { ProjectionRunner, type ProjectionRunnerOptions } from '../projection-runner.js';
import type { ProjectionLogger } from '../projection-worker.js';
import type { Projection } from '../projection.js';
import { allSampleEntities } from './sample.projection.js';

export interface LogRecord {
  level: 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

/** A logger that keeps what it was told, so tests can assert an error was logged. */
export function recordingLogger(): ProjectionLogger & { records: LogRecord[] } {
  const records: LogRecord[] = [];
  return {
    records,
    info: (fields, message) => records.push({ level: 'info', fields, message }),
    warn: (fields, message) => records.push({ level: 'warn', fields, message }),
    error: (fields, message) => records.push({ level: 'error', fields, message }),
  };
}

/** A PostgreSQL DataSource with the sample read-model tables (created by `synchronize`, test-only). */
export async function sampleDataSource(url: string): Promise<DataSource> {
  const dataSource = new DataSource({ type: 'postgres', url, entities: allSampleEntities, synchronize: true, logging: false, extra: { max: 4 } });
  await dataSource.initialize();
  return dataSource;
}

export function sampleRunner(
  eventStore: EventStore,
  dataSource: DataSource,
  projections: Projection[],
  options: Partial<ProjectionRunnerOptions> = {},
): ProjectionRunner {
  return new ProjectionRunner({
    eventStore,
    dataSource,
    projections,
    logger: recordingLogger(),
    backoff: { initialMs: 20, maxMs: 200 },
    // A loaded CI machine replays a few hundred events in well under a minute; 10 s (the default) is not enough there.
    waitTimeoutMs: 60_000,
    ...options,
  });
}
