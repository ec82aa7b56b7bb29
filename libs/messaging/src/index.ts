// Correlation: one id from the HTTP edge through every message into event metadata and log lines.
export { newCorrelationId, correlationIdFrom, runWithCorrelation, currentCorrelation, currentCorrelationId } from './correlation.js';
export type { CorrelationContext } from './correlation.js';
export { eventMetadata } from './event-metadata.js';
export type { EventMetadataInput } from './event-metadata.js';

// Typed failures and their mapping at the edges.
export { PlatformError, RemoteError, RequestTimeoutError, expectedFailureOf } from './errors.js';
export { PlatformExceptionFilter } from './exception.filter.js';
export { PlatformValidationPipe, validationDetails } from './validation.js';

// Logging.
export { createLogger, PinoLoggerService, redactUrl } from './logger.js';
export type { Logger, LoggerOptions } from './logger.js';

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
export { withTimeout } from './transports/in-flight.js';

// HTTP edge and health.
export { installHttpEdge, correlationIdOfRequest } from './http/http-edge.js';
export { HealthRegistry } from './health/health.registry.js';
export type { HealthCheck, CheckResult, Readiness } from './health/health.registry.js';
export { HealthHttpController } from './health/health.http.controller.js';

// The runtime shell every process boots through.
export { RuntimeModule } from './runtime/runtime.module.js';
export type { RuntimeDependencies } from './runtime/runtime.module.js';
export { SERVICE_CONFIG, EVENT_STORE, PG_POOL, DATABASE_URL, LOGGER, INSTANCE_ID, PROCESS_NAME } from './runtime/tokens.js';
export { startService } from './runtime/service-shell.js';
export type { ServiceShellOptions, RunningService } from './runtime/service-shell.js';
export { runMain } from './runtime/run-main.js';
export { startDistributedService } from './runtime/distributed.js';
export { openConfiguredEventStore } from './runtime/service-shell.js';
