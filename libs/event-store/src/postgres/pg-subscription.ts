import { backoffDelay } from '@backforge/resilience';
import type { RecordedEvent, SubscribeToAllOptions, Subscription } from '../event-store.port.js';
import { normaliseFilter } from '../internal/filter.js';
import { Wakeup } from '../internal/timing.js';
import { isTransientPgError } from './postgres-errors.js';
import type { PostgresEventStore } from './postgres-event-store.js';

// The PostgreSQL adapter's subscription: what a page of the log is, where a subscription starts, and
// the catch-up-then-live reader.

export interface Page {
  events: RecordedEvent[];
  /** Everything matching up to here (inclusive) has been delivered or skipped by the filter. */
  scannedTo: bigint;
  /** The page hit its row limit: read again at once. */
  full: boolean;
  /** Committed events exist above the horizon: a transaction below them is still in flight. */
  pending: boolean;
}

/** Where a subscription starts: `cursor` exclusive; events at or below `head` only if their xid was in flight. */
export interface StartPoint {
  cursor: bigint;
  head: bigint;
  inFlight: bigint[];
}

export const NO_EXCLUSION = { head: -1n, inFlight: [] as bigint[] };

/** What the store gives its subscriptions: a start point and pages. */
export type PageReader = Pick<PostgresEventStore, 'startPoint' | 'readPage' | 'readTuning' | 'subscriptionPolls'>;

/**
 * Catch-up then live: reads pages from the log until it is at the horizon, then sleeps until a
 * NOTIFY or a local append says something was committed (or, while LISTEN is down, a fallback poll).
 */
export class PgSubscription implements Subscription {
  private closed = false;
  private iterator: AsyncGenerator<RecordedEvent, void, undefined> | undefined;
  private readonly wakeup = new Wakeup();

  constructor(
    private readonly store: PageReader,
    private readonly options: SubscribeToAllOptions,
    private readonly listenerConnected: () => boolean,
    private readonly onClose: (subscription: PgSubscription) => void,
  ) {}

  wake(): void {
    this.wakeup.notify();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this);
    this.wakeup.notify();
  }

  /** One reader per subscription: every call returns the same iterator, continuing where the last left off. */
  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    this.iterator ??= this.run();
    return this.iterator;
  }

  private async *run(): AsyncGenerator<RecordedEvent, void, undefined> {
    const { pageSize, fallbackPollMs, idleRecheckMs, backoff } = this.store.readTuning;
    const filter = normaliseFilter(this.options.filter);
    try {
      let start: StartPoint | undefined;
      let failures = 0;
      while (!start && !this.closed) {
        const seen = this.wakeup.current;
        try {
          start = await this.store.startPoint(this.options.from);
        } catch (error) {
          if (this.closed) return;
          if (!isTransientPgError(error)) throw error;
          await this.wakeup.wait(seen, backoffDelay(++failures, backoff));
        }
      }
      if (!start) return;
      let cursor = start.cursor;
      let exclusion: { head: bigint; inFlight: bigint[] } = start.inFlight.length > 0 ? start : NO_EXCLUSION;
      let pendingRounds = 0;
      while (!this.closed) {
        const seen = this.wakeup.current;
        let page: Page;
        try {
          this.store.subscriptionPolls += 1;
          page = await this.store.readPage(cursor, filter, pageSize, exclusion);
          failures = 0;
        } catch (error) {
          if (this.closed) return;
          if (!isTransientPgError(error)) throw error;
          await this.wakeup.wait(seen, backoffDelay(++failures, backoff));
          continue;
        }
        for (const event of page.events) {
          if (this.closed) return;
          yield event;
        }
        cursor = page.scannedTo;
        if (exclusion !== NO_EXCLUSION && cursor >= exclusion.head) exclusion = NO_EXCLUSION;
        if (page.full) continue;
        if (page.pending) {
          // A transaction below visible events is still open. If it is one of ours its commit will
          // NOTIFY; if it is elsewhere in the cluster nothing will, so look again soon.
          await this.wakeup.wait(seen, Math.min(50, 2 ** pendingRounds++));
          continue;
        }
        pendingRounds = 0;
        await this.wakeup.wait(seen, this.listenerConnected() ? idleRecheckMs : fallbackPollMs);
      }
    } finally {
      await this.close();
    }
  }
}

