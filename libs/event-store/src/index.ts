export { WrongExpectedRevisionError, EventStoreUnavailableError } from './event-store.port.js';
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
