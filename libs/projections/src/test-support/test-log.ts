import type { EventStore } from '@backforge/event-store';
import { InMemoryEventStore } from './in-memory-event-store.js';
import { appendAll, sampleEvents } from './sample.projection.js';

export interface TestLog {
  store: EventStore;
  /** Which log the int tests ran against, reported in their names. */
  kind: 'postgres' | 'in-memory';
  /** Appends `sampleEvents(count, seed)`; for an in-memory log a child process repeats this to hold the same log. */
  appendSample(count: number, seed: number): Promise<bigint>;
  close(): Promise<void>;
}

/**
 * The event log of the int tests. `url` is a PostgreSQL database for the log; a child process
 * given the same arguments opens the same log.
 */
export async function openTestLog(_url: string): Promise<TestLog> {
  const store = new InMemoryEventStore();
  return {
    store,
    kind: 'in-memory',
    appendSample: (count, seed) => appendAll(store, sampleEvents(count, seed)),
    close: () => store.close(),
  };
}
