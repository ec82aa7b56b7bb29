import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AGENT_VIEW_STREAM_PREFIXES, type AgentRead, type AgentView } from '@backforge/contracts';
import type { EventStore } from '@backforge/event-store';
import { LogInvalidatedCache } from '@backforge/projections';
import { EVENT_STORE, LOGGER, LogFollower, type Logger } from '@backforge/runtime';
import { envelope } from './envelope.js';

/**
 * Views read from another service, kept while the log says nothing changed, never staler than
 * that service's read model (docs/decisions.md, "Gateway read path"; `LogInvalidatedCache`). Each
 * reply carries the log position its read model had reached; the owner starts following the log
 * (the same filter as that read model) from the first such position.
 */
export class FollowedViewCache<V> extends LogInvalidatedCache<V> {
  private following = false;

  constructor(
    /** Starts following the log after `from` (exclusive), reporting to changed/up/down. */
    private readonly follow: (from: bigint) => void,
    maxEntries = 10_000,
  ) {
    super(maxEntries);
  }

  read(key: string, load: () => Promise<{ view: V; position: string | null }>): Promise<V> {
    return this.readThrough(key, async () => {
      const { view, position } = await load();
      if (position === null) return { value: view, position: null };
      const at = BigInt(position);
      if (this.following) return { value: view, position: at };
      // The first position known: everything up to it is in the read model; follow from there.
      this.following = true;
      this.follow(at);
      return { value: view, position: null };
    });
  }
}

/** A kept agent view, and the response body the controller would send for it (`{data: view}` as JSON). */
export interface KeptAgentView {
  view: AgentView;
  body: string;
}

/**
 * The gateway's copy of agent views (`GET /v1/agents/{id}` without a message to the generation
 * service while nothing changed), keyed by workspace and agent: another workspace's token never
 * finds a view it was not given by the generation service. Every gateway process keeps its own.
 */
@Injectable()
export class GatewayAgentViews extends FollowedViewCache<KeptAgentView> implements OnApplicationShutdown {
  private follower: LogFollower | undefined;
  private closed = false;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super((from) => this.startFollowing(from));
  }

  /** The view of this agent kept for this workspace, if any. */
  peekAgent(workspaceId: string, agentId: string): KeptAgentView | undefined {
    return this.peek(`${workspaceId}/${agentId}`);
  }

  async readAgent(workspaceId: string, agentId: string, load: () => Promise<AgentRead>): Promise<AgentView> {
    const kept = await this.read(`${workspaceId}/${agentId}`, async () => {
      const { view, position } = await load();
      // Serialized once, when kept: the fast path sends these bytes (what Fastify makes of the envelope).
      return { view: { view, body: JSON.stringify(envelope(view)) }, position };
    });
    return kept.view;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.down();
    await this.follower?.close();
  }

  private startFollowing(from: bigint): void {
    if (this.closed) return;
    this.follower = new LogFollower({
      eventStore: this.eventStore,
      filter: { streamPrefixes: [...AGENT_VIEW_STREAM_PREFIXES] },
      from: () => from,
      onEvent: (event) => this.changed(event.position),
      onUp: (at) => {
        // `from` is always a position here (the first one a reply carried, or the last event seen).
        if (typeof at === 'bigint') this.up(at);
      },
      onDown: () => this.down(),
      logger: this.logger,
      purpose: 'gateway agent-view cache',
    });
  }
}
