export { WrongExpectedRevisionError, EventStoreUnavailableError, EventBatchTooLargeError } from './event-store.port.js';
export type {
  EventMetadata,
  NewEvent,
  RecordedEvent,
  ExpectedRevision,
  AppendResult,
  ReadStreamOptions,
  ReadAllOptions,
  EventFilter,
  SubscribeToAllOptions,
  Subscription,
  EventStore,
} from './event-store.port.js';
export { InvalidAppendError } from './internal/validation.js';
export { PostgresEventStore } from './postgres/postgres-event-store.js';
export type { PostgresEventStoreOptions, PostgresEventStoreDiagnostics } from './postgres/postgres-event-store.js';
// The EventStoreDB adapter is built by createEventStore (loaded on demand there), not exported as a class.
export type { EventStoreDbEventStore, EventStoreDbEventStoreOptions } from './eventstoredb/eventstoredb-event-store.js';
export { createEventStore } from './create-event-store.js';
export type { EventStoreConfig } from './create-event-store.js';
export { runEventStoreConformance, conformanceEvent, takeEvents } from './conformance/event-store.conformance.js';
export type { ConformanceHarness, ConformanceOptions } from './conformance/event-store.conformance.js';

/** The port's filter semantics, for consumers that re-check what a subscription delivers. */
export { matchesFilter as eventMatchesFilter } from './internal/filter.js';
