import { PostgresEventStore, type EventStore } from '@backforge/event-store';
import { appendAll, sampleEvents } from './sample.projection.js';

export interface TestLog {
  store: EventStore;
  /** The schema holding this log in its database. */
  schema: string;
  /** Appends `sampleEvents(count, seed)`; returns the position of the last one. */
  appendSample(count: number, seed: number): Promise<bigint>;
  close(): Promise<void>;
}

let opened = 0;

/**
 * The event log of the int tests: the real PostgreSQL adapter, one schema per log so tests sharing
 * a database do not see each other's events. A child process given the same URL and schema opens
 * the same log.
 */
export async function openTestLog(url: string, schema = `log_${process.pid}_${++opened}`): Promise<TestLog> {
  const store = new PostgresEventStore({ connectionString: url, schema, poolSize: 4 });
  await store.ensureSchema();
  return {
    store,
    schema,
    appendSample: (count, seed) => appendAll(store, sampleEvents(count, seed)),
    close: () => store.close(),
  };
}
