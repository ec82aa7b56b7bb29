import { STREAM_PREFIX, type DeployedNotification } from '@backforge/contracts';
import type { EventFilter, EventStore, RecordedEvent, Subscription } from '@backforge/event-store';
import type { Logger } from '@backforge/runtime';
import { InvokeTables, ROUTER_EVENT_TYPES, type DeploymentChange } from './invoke-tables.js';

const FILTER: EventFilter = {
  streamPrefixes: [STREAM_PREFIX.apikey, STREAM_PREFIX.agent, STREAM_PREFIX.slug, STREAM_PREFIX.deployment],
  eventTypes: [...ROUTER_EVENT_TYPES],
};
const PAGE = 1000;
const MAX_BACKOFF_MS = 5000;

/**
 * Keeps `InvokeTables` as an in-memory projection of the log: catch-up in pages at start (the
 * router answers only once it has read the whole log), then the store's live subscription
 * (PostgreSQL: LISTEN/NOTIFY, a few ms; EventStoreDB: a push subscription). A dropped subscription
 * is reopened from the last applied position with backoff: a lost wake-up delays, never corrupts.
 */
export class InvokeTablesFeed {
  readonly tables = new InvokeTables();
  private position: bigint | undefined;
  private subscription: Subscription | undefined;
  private stopped = false;
  private following: Promise<void> | undefined;
  private lastEventAt = 0;
  private live = false;

  constructor(
    private readonly events: EventStore,
    private readonly logger: Logger,
    /** Told what live events (after catch-up) change about deployments (the runner loads ahead). */
    private readonly onDeployment: (change: DeploymentChange) => void = () => undefined,
    /** Told when a live ApiKeyRevoked event revoked a key the table still accepted. */
    private readonly onKeyRevoked: (keyId: string) => void = () => undefined,
  ) {}

  /** Reads the whole log, then follows it; resolves once the tables hold everything up to now. */
  async start(): Promise<void> {
    for (;;) {
      const page = await this.events.readAll({ ...(this.position === undefined ? {} : { after: this.position }), maxCount: PAGE, filter: FILTER });
      for (const event of page) this.apply(event, false);
      if (page.length < PAGE) break;
    }
    this.live = true;
    this.following = this.follow();
  }

  /**
   * The deploy service's notice that a deployment went live, ahead of its event (the router routes
   * it at once). One the log already delivered, or that comes while the log is still being read,
   * changes nothing: the event itself follows.
   */
  deployedAhead(notice: DeployedNotification): void {
    if (!this.live || this.stopped) return;
    const position = BigInt(notice.position);
    if (this.position !== undefined && position <= this.position) return;
    const { agentId, slug, version, deploymentId, bundle } = notice;
    const change = this.tables.deployedAhead({ agentId, slug, version, deploymentId, bundle }, position);
    if (change) this.onDeployment(change);
  }

  /** True once caught up and following (readiness). */
  get isLive(): boolean {
    return this.live && !this.stopped;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close().catch(() => undefined);
    await this.following;
  }

  private apply(event: RecordedEvent, live: boolean): void {
    this.position = event.position;
    this.lastEventAt = Date.now();
    const change = this.tables.apply(event);
    if (!change || !live) return;
    if (change.kind === 'keyRevoked') this.onKeyRevoked(change.keyId);
    else this.onDeployment(change);
  }

  private async follow(): Promise<void> {
    let backoff = 100;
    while (!this.stopped) {
      const subscription = this.events.subscribeToAll({ from: this.position ?? 'start', filter: FILTER });
      this.subscription = subscription;
      try {
        for await (const event of subscription) {
          if (this.stopped) break;
          // The store re-checks the filter; a redelivered position (after a reconnect) is skipped.
          if (this.position !== undefined && event.position <= this.position) continue;
          this.apply(event, true);
          backoff = 100;
        }
      } catch (error) {
        if (this.stopped) break;
        this.logger.warn({ err: error, position: this.position?.toString() }, 'invoke tables: the log subscription failed; reopening');
      } finally {
        await subscription.close().catch(() => undefined);
      }
      if (this.stopped) break;
      await new Promise((resolve) => setTimeout(resolve, backoff).unref());
      backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
    }
  }

  diagnostics(): { live: boolean; position: string | undefined; lastEventAt: number } {
    return { live: this.isLive, position: this.position?.toString(), lastEventAt: this.lastEventAt };
  }
}
