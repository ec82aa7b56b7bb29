// The shell every process boots through: configuration, DI tokens, health, the HTTP edge and the
// error mapping shared by HTTP and messages. Transports, the client and correlation are @backforge/messaging's.
export { RuntimeModule } from './runtime.module.js';
export type { RuntimeDependencies } from './runtime.module.js';
export { SERVICE_CONFIG, EVENT_STORE, PG_POOL, DATABASE_URL, LOGGER, INSTANCE_ID, PROCESS_NAME } from './tokens.js';
export { startService, openConfiguredEventStore } from './service-shell.js';
export type { ServiceShellOptions, RunningService } from './service-shell.js';
export { runMain } from './run-main.js';
export { startDistributedService } from './distributed.js';

// Logging (correlation-aware JSON lines).
export { createLogger, PinoLoggerService, redactUrl } from './logger.js';
export type { Logger, LoggerOptions } from './logger.js';

// The edge, for HTTP and for messages alike: typed failures out, validated payloads in.
export { PlatformExceptionFilter } from './exception.filter.js';
export { PlatformValidationPipe, validationDetails } from './validation.js';
export { installHttpEdge, correlationIdOfRequest } from './http/http-edge.js';

// Health.
export { HealthRegistry } from './health/health.registry.js';
export type { HealthCheck, CheckResult, Readiness } from './health/health.registry.js';
export { HealthHttpController } from './health/health.http.controller.js';

// Read models of a service, as a provider.
export { provideReadModels } from './read-models.provider.js';

// Following the log, for in-memory caches that must hear every change.
export { LogFollower } from './log-follower.js';
export type { LogFollowerOptions } from './log-follower.js';

// The generator's checks off the event loop (generation and validation).
export { ChecksPool, ChecksThreadError } from './checks/checks-pool.js';
export { JobWorker } from './job-worker.js';
export type { JobWorkerOptions } from './job-worker.js';
