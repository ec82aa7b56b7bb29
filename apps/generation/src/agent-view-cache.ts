import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { AgentRead } from '@backforge/contracts';
import type { EventStore } from '@backforge/event-store';
import type { ReadModels } from '@backforge/projections';
import { EVENT_STORE, LOGGER, LogFollower, type Logger } from '@backforge/runtime';
import { generationProjection } from './generation.projection.js';
import { GENERATION_READ_MODELS } from './generation.tokens.js';

/**
 * Agent views already read, so that `GET /v1/agents/{id}` costs no query while nothing changes
 * (docs/decisions.md, "Read-path caches"). It stays exactly as fresh as the read model:
 * - it follows the log with the projection's own filter, and any event the projection will apply
 *   empties it (agents change only through those events);
 * - a view read while the projection had not yet applied every event heard so far is answered but
 *   not kept, nor is one whose read overlapped an event;
 * - while the subscription is down it keeps nothing.
 * Every process keeps its own, so replicas need no coordination.
 */
export class ProjectedViewCache<V> {
  private readonly entries = new Map<string, V>();
  private epoch = 0;
  private live = false;
  /** Position of the last event heard; the projection must have reached it for a read to be kept. */
  private heard: bigint | null = null;

  constructor(
    /** Committed position of the projection behind the views (null: nothing applied yet). */
    private readonly projected: () => bigint | null,
    private readonly maxEntries = 10_000,
  ) {}

  /** `load` is given the projection's position before it reads: the read reflects at least that. */
  async read(key: string, load: (position: bigint | null) => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const epoch = this.epoch;
    const heard = this.heard;
    const position = this.projected();
    const current = heard === null || (position !== null && position >= heard);
    const value = await load(position);
    if (this.live && current && epoch === this.epoch) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, value);
    }
    return value;
  }

  /** An event the projection will apply (at `position`): every view may change. */
  changed(position: bigint): void {
    this.heard = position;
    this.invalidate();
  }

  /** Every event after `from` will be heard (`from`: the projection's position, or the last event heard). */
  up(from: bigint | 'start' | 'end'): void {
    if (typeof from === 'bigint' && (this.heard === null || from > this.heard)) this.heard = from;
    this.live = true;
  }

  down(): void {
    this.live = false;
    this.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }

  private invalidate(): void {
    this.epoch += 1;
    this.entries.clear();
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
      onUp: (from) => this.up(from),
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
