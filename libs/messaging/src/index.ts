// Messaging between services, the same in both run modes: transports, the client, correlation and
// the typed failures a request can end with. The process shell is @backforge/runtime's.

// Correlation: one id from the HTTP edge through every message into event metadata and log lines.
export { newCorrelationId, correlationIdFrom, runWithCorrelation, currentCorrelation, currentCorrelationId } from './correlation.js';
export type { CorrelationContext } from './correlation.js';
export { eventMetadata } from './event-metadata.js';
export type { EventMetadataInput } from './event-metadata.js';

// Typed failures.
export { PlatformError, RemoteError, RequestTimeoutError, expectedFailureOf } from './errors.js';

// Transports and the client.
export { MessagingClient } from './messaging-client.js';
export type { RequestOptions } from './messaging-client.js';
export type { MessagingTransport, MessageHeaders } from './transports/transport.js';
export { createNatsTransport, BackforgeNatsServer, queueGroupForSubject } from './transports/nats.transport.js';
export type { NatsTransportOptions } from './transports/nats.transport.js';
export {
  createInProcessTransport,
  InProcessBus,
  InProcessServer,
  InProcessClient,
  InProcessContext,
  InProcessRecord,
} from './transports/in-process.transport.js';
