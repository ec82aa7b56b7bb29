import os from 'node:os';
import type { AddressInfo } from 'node:net';
import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventStore, type EventStore } from '@backforge/event-store';
import type { RuntimeConfig } from '@backforge/config';
import pg from 'pg';
import { MessagingClient, type MessagingTransport } from '@backforge/messaging';
import { withTimeout } from '@backforge/resilience';
import { PlatformExceptionFilter } from './exception.filter.js';
import { HealthRegistry } from './health/health.registry.js';
import { installHttpEdge } from './http/http-edge.js';
import { PinoLoggerService, type Logger } from './logger.js';
import { PlatformValidationPipe } from './validation.js';
import { RuntimeModule } from './runtime.module.js';
import { ServiceRootModule } from './service-root.module.js';

export interface ServiceShellOptions {
  /** One of the seven services, or `standalone`. */
  processName: string;
  /** The validated configuration; service modules inject it as SERVICE_CONFIG. */
  config: RuntimeConfig;
  databaseUrl: string;
  /** The service modules this process runs. */
  modules: Array<Type | DynamicModule>;
  transport: MessagingTransport;
  /** Opens the event log; default: the one the configuration names (PostgreSQL at databaseUrl, or EventStoreDB). */
  openEventStore?: () => Promise<EventStore>;
  logger: Logger;
  /** Runs last on close (the standalone process stops its embedded PostgreSQL here). */
  onClosed?: () => Promise<void>;
  /** Runs once the application exists, before it listens (e.g. the gateway serves its OpenAPI document). */
  configureApp?: (app: NestFastifyApplication) => void | Promise<void>;
  /** Body limit of HTTP requests in bytes (default 1 MiB). */
  bodyLimit?: number;
}

export interface RunningService {
  app: NestFastifyApplication;
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  shutdownTimeoutMs: number;
  /**
   * Stops in this order: HTTP (no new requests, in-flight ones finish), the message server (drained:
   * handlers in flight finish, replies flushed), the message client, the event store, the PostgreSQL
   * pool, then onClosed. Idempotent.
   */
  close(): Promise<void>;
}

/** The event log the configuration names: PostgreSQL in the service's database, or EventStoreDB. */
export function openConfiguredEventStore(config: RuntimeConfig, databaseUrl: string): Promise<EventStore> {
  if (config.eventStore === 'eventstoredb') {
    // loadConfig guarantees the URL when EVENT_STORE=eventstoredb.
    return createEventStore({ kind: 'eventstoredb', url: config.eventStoreUrl ?? '' });
  }
  return createEventStore({ kind: 'postgres', url: databaseUrl, poolSize: Math.max(2, Math.ceil(config.databasePoolSize / 2)) });
}

/** Runs one boot step; a failure names the step (its message is what the operator sees first). */
async function bootStep<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${name}: ${message}`, { cause: error });
  }
}

/** Boots one process: the runtime's dependencies, then Nest with HTTP (Fastify) and the message transport. */
export async function startService(options: ServiceShellOptions): Promise<RunningService> {
  const { config, logger, transport } = options;
  const cleanups: Array<{ name: string; run: () => Promise<void> }> = [];
  let closing: Promise<void> | undefined;
  const closeAll = (): Promise<void> =>
    (closing ??= (async () => {
      for (const step of cleanups.splice(0).reverse()) {
        try {
          await withTimeout(step.run(), config.shutdownTimeoutMs, () => new Error(`${step.name} did not close within ${config.shutdownTimeoutMs} ms`));
          logger.debug({ step: step.name }, 'closed');
        } catch (error) {
          logger.error({ err: error, step: step.name }, 'close step failed');
        }
      }
    })());

  try {
    if (options.onClosed) cleanups.push({ name: 'onClosed', run: options.onClosed });

    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: config.databasePoolSize,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      application_name: `backforge-${options.processName}`,
    });
    // An idle client losing its connection must not crash the process; readiness reports it.
    pool.on('error', (error) => logger.warn({ err: error }, 'PostgreSQL pool client error'));
    cleanups.push({ name: 'postgres pool', run: () => pool.end() });

    const eventStore = await bootStep(`event store (${config.eventStore})`, options.openEventStore ?? (() => openConfiguredEventStore(config, options.databaseUrl)));
    cleanups.push({ name: 'event store', run: () => eventStore.close() });

    cleanups.push({ name: 'message transport', run: () => transport.close() });
    const messaging = new MessagingClient(transport, config.requestTimeoutMs);
    const health = new HealthRegistry(config.healthCheckTimeoutMs);
    health.register({ name: 'postgres', check: async () => void (await pool.query('SELECT 1')) });
    health.register({ name: 'eventStore', check: () => eventStore.ping() });
    if (transport.kind === 'nats') health.register({ name: 'nats', check: () => transport.ping() });

    const adapter = new FastifyAdapter({ logger: false, bodyLimit: options.bodyLimit ?? 1024 * 1024, return503OnClosing: true });
    const root: DynamicModule = {
      module: ServiceRootModule,
      imports: [
        RuntimeModule.forRoot({
          processName: options.processName,
          instanceId: `${os.hostname()}-${process.pid}`,
          config,
          logger,
          pool,
          databaseUrl: options.databaseUrl,
          eventStore,
          messaging,
          health,
        }),
        ...options.modules,
      ],
    };
    const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
      logger: new PinoLoggerService(logger),
      abortOnError: false,
    });
    // Nest's close: HTTP server, then the microservice (our drained transport server).
    cleanups.push({ name: 'http and message server', run: () => app.close() });

    // Global pipe and filter first: the message server inherits them (hybrid apps do not otherwise).
    app.useGlobalFilters(new PlatformExceptionFilter(logger));
    app.useGlobalPipes(new PlatformValidationPipe());
    installHttpEdge(app.getHttpAdapter().getInstance(), logger);
    await options.configureApp?.(app);
    app.connectMicroservice({ strategy: transport.server }, { inheritAppConfig: true });

    await bootStep(`message transport (${transport.kind})`, async () => {
      await app.startAllMicroservices();
      await transport.client.connect();
    });
    await bootStep(`HTTP server on ${config.host}:${config.port}`, () => app.listen({ port: config.port, host: config.host }));
    const port = (app.getHttpServer().address() as AddressInfo).port;
    logger.info({ port, transport: transport.kind, eventStore: config.eventStore, checks: health.names() }, 'service started');
    return { app, port, url: `http://127.0.0.1:${port}`, shutdownTimeoutMs: config.shutdownTimeoutMs, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
