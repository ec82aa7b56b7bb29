import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { EventStore } from '@backforge/event-store';
import { DATABASE_URL, EVENT_STORE, LOGGER, type Logger } from '@backforge/runtime';
import { ReadModels } from '@backforge/projections';
import { generationProjection } from './generation.projection.js';

/** The generation service's read models (agents, jobs), open for the life of the module. */
@Injectable()
export class GenerationReadModels implements OnModuleInit, OnApplicationShutdown {
  private models: ReadModels | undefined;

  constructor(
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.models = await ReadModels.open({
      owner: 'generation',
      databaseUrl: this.databaseUrl,
      eventStore: this.eventStore,
      projections: [generationProjection],
      logger: this.logger.child({ component: 'generation-read-models' }),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.models?.close();
    this.models = undefined;
  }

  get read(): ReadModels {
    if (!this.models) throw new Error('generation read models are not open');
    return this.models;
  }
}
