import { Module, type DynamicModule } from '@nestjs/common';
import type { EventStore } from '@backforge/event-store';
import type pg from 'pg';
import { MessagingClient } from '@backforge/messaging';
import { HealthHttpController } from './health/health.http.controller.js';
import { HealthRegistry } from './health/health.registry.js';
import type { Logger } from './logger.js';
import { DATABASE_URL, EVENT_STORE, INSTANCE_ID, LOGGER, PG_POOL, PROCESS_NAME, SERVICE_CONFIG } from './tokens.js';

export interface RuntimeDependencies {
  processName: string;
  instanceId: string;
  config: object;
  logger: Logger;
  pool: pg.Pool;
  databaseUrl: string;
  eventStore: EventStore;
  messaging: MessagingClient;
  health: HealthRegistry;
}

/**
 * What every service module may inject, whatever the run mode: its configuration, the event store,
 * the PostgreSQL pool, the messaging client, the logger and the health registry. Opened and closed
 * by the shell (in a fixed order), not by Nest.
 */
@Module({})
export class RuntimeModule {
  static forRoot(deps: RuntimeDependencies): DynamicModule {
    const providers = [
      { provide: PROCESS_NAME, useValue: deps.processName },
      { provide: INSTANCE_ID, useValue: deps.instanceId },
      { provide: SERVICE_CONFIG, useValue: deps.config },
      { provide: LOGGER, useValue: deps.logger },
      { provide: PG_POOL, useValue: deps.pool },
      { provide: DATABASE_URL, useValue: deps.databaseUrl },
      { provide: EVENT_STORE, useValue: deps.eventStore },
      { provide: MessagingClient, useValue: deps.messaging },
      { provide: HealthRegistry, useValue: deps.health },
    ];
    return {
      module: RuntimeModule,
      global: true,
      controllers: [HealthHttpController],
      providers,
      exports: providers.map((p) => p.provide),
    };
  }
}
