import type { EventStore } from './event-store.port.js';
import { PostgresEventStore } from './postgres/postgres-event-store.js';

/** What a service reads from its configuration to pick the event log at boot. */
export type EventStoreConfig =
  | {
      kind: 'postgres';
      url: string;
      schema?: string;
      poolSize?: number;
      timeoutMs?: number;
      /** Create the tables at boot (default true); safe with many replicas starting at once. */
      ensureSchema?: boolean;
    }
  | {
      kind: 'eventstoredb';
      /** esdb:// connection string. */
      url: string;
      timeoutMs?: number;
    };

/** Builds the configured adapter, ready to use (the PostgreSQL schema exists when this resolves). */
export async function createEventStore(config: EventStoreConfig): Promise<EventStore> {
  switch (config.kind) {
    case 'postgres': {
      const store = new PostgresEventStore({
        connectionString: config.url,
        schema: config.schema,
        poolSize: config.poolSize,
        timeoutMs: config.timeoutMs,
      });
      if (config.ensureSchema !== false) {
        try {
          await store.ensureSchema();
        } catch (error) {
          await store.close();
          throw error;
        }
      }
      return store;
    }
    case 'eventstoredb': {
      // Loaded only here: its gRPC client costs every process 0.4 s at start-up, and the embedded
      // default and the tests run on PostgreSQL.
      const { EventStoreDbEventStore } = await import('./eventstoredb/eventstoredb-event-store.js');
      return new EventStoreDbEventStore({ connectionString: config.url, timeoutMs: config.timeoutMs });
    }
  }
}
