import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { AgentRead } from '@backforge/contracts';
import type { EventStore } from '@backforge/event-store';
import { LogInvalidatedCache, type ReadModels } from '@backforge/projections';
import { EVENT_STORE, LOGGER, LogFollower, type Logger } from '@backforge/runtime';
import { generationProjection } from './generation.projection.js';
import { GENERATION_READ_MODELS } from './generation.tokens.js';

/**
 * Agent views already read, so that `GET /v1/agents/{id}` costs no query while nothing changes
 * (docs/decisions.md, "Read-path caches"), exactly as fresh as the read model
 * (`LogInvalidatedCache`): the position a read reflects is the projection's, taken before it reads.
 */
export class ProjectedViewCache<V> extends LogInvalidatedCache<V> {
  constructor(
    /** Committed position of the projection behind the views (null: nothing applied yet). */
    private readonly projected: () => bigint | null,
    maxEntries = 10_000,
  ) {
    super(maxEntries);
  }

  /** `load` is given the projection's position before it reads: the read reflects at least that. */
  read(key: string, load: (position: bigint | null) => Promise<V>): Promise<V> {
    return this.readThrough(key, async () => {
      const position = this.projected();
      return { value: await load(position), position };
    });
  }
}

function projectedPosition(readModels: ReadModels): bigint | null {
  return readModels.runner.status().find((s) => s.name === generationProjection.name)?.position ?? null;
}

/** The generation service's cache of agent views, following the log from the projection's checkpoint. */
@Injectable()
export class AgentViewCache extends ProjectedViewCache<AgentRead> implements OnModuleInit, OnApplicationShutdown {
  private follower: LogFollower | undefined;

  constructor(
    @Inject(GENERATION_READ_MODELS) private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super(() => projectedPosition(readModels));
  }

  onModuleInit(): void {
    this.follower = new LogFollower({
      eventStore: this.eventStore,
      filter: generationProjection.filter ?? {},
      // From the projection's checkpoint: every event it has yet to apply is heard.
      from: () => projectedPosition(this.readModels) ?? 'start',
      onEvent: (event) => this.changed(event.position),
      onUp: (from) => this.up(typeof from === 'bigint' ? from : undefined),
      onDown: () => this.down(),
      logger: this.logger,
      purpose: 'agent-view cache',
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.down();
    await this.follower?.close();
  }
}
