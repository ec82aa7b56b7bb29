import type { EventFilter, EventStore, RecordedEvent, Subscription } from '@backforge/event-store';
import { backoffDelay, sleep } from '@backforge/resilience';
import type { Logger } from './logger.js';

export interface LogFollowerOptions {
  eventStore: EventStore;
  filter: EventFilter;
  /** Where to start (exclusive), asked again before each (re)subscription until an event was seen. */
  from: () => bigint | 'start' | 'end';
  /** Each matching event, in log order. */
  onEvent: (event: RecordedEvent) => void;
  /** The subscription is established: every event after `from` will be heard. */
  onUp: (from: bigint | 'start' | 'end') => void;
  /** The subscription dropped: events may be missed until the next `onUp`. */
  onDown: () => void;
  logger: Logger;
  /** What the follower is for, in the warning when it drops. */
  purpose: string;
}

/**
 * Follows the log for an in-memory cache that must hear every change (the verified-token cache,
 * the agent-view cache): subscribes, reports every event, and when the subscription drops reports
 * it and resubscribes from the last position seen, with backoff, until closed.
 */
export class LogFollower {
  private subscription: Subscription | undefined;
  private stopped = false;
  private readonly loop: Promise<void>;

  constructor(private readonly options: LogFollowerOptions) {
    this.loop = this.follow();
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close().catch(() => undefined);
    await this.loop;
  }

  private async follow(): Promise<void> {
    const { eventStore, filter, onEvent, onUp, onDown, logger, purpose } = this.options;
    let last: bigint | undefined;
    for (let attempt = 1; !this.stopped; attempt += 1) {
      try {
        const from = last ?? this.options.from();
        this.subscription = eventStore.subscribeToAll({ from, filter });
        onUp(from);
        for await (const event of this.subscription) {
          attempt = 1;
          last = event.position;
          onEvent(event);
        }
        onDown();
        if (this.stopped) return;
      } catch (error) {
        onDown();
        if (this.stopped) return;
        logger.warn({ err: error }, `${purpose}: the log subscription dropped; resubscribing`);
      }
      await sleep(backoffDelay(attempt, { initialMs: 100, maxMs: 5_000 }));
    }
  }
}
