import { withTimeout, type BackoffOptions } from '@backforge/resilience';
import { EventStoreUnavailableError } from '../event-store.port.js';

/** Default bound on every call to the underlying server (DESIGN §7: every external call has a timeout). */
export const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * @backforge/resilience's withTimeout with the event store's typed error: on timeout the promise
 * rejects with EventStoreUnavailableError and `onTimeout` runs (to cancel a stream or drop a
 * connection); the work itself may still complete on the server, which is why appends are
 * idempotent by event id.
 */
export function withStoreTimeout<T>(work: Promise<T>, timeoutMs: number, what: string, onTimeout?: () => void): Promise<T> {
  return withTimeout(work, timeoutMs, () => new EventStoreUnavailableError(`${what}: no answer within ${timeoutMs} ms`), { cancel: onTimeout });
}

/**
 * The error itself when it looks like one. Not `instanceof Error`: errors raised by Node's own
 * sockets come from another realm under some runners (jest's vm), and wrapping them would lose
 * their `code`.
 */
export function asError(error: unknown): Error {
  if (typeof error === 'object' && error !== null && 'message' in error) return error as Error;
  return new Error(String(error));
}

/** Reconnect and retry backoff of both adapters (attempts count from 1, see @backforge/resilience). */
export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 100, maxMs: 5_000 };

/**
 * A wake-up signal without lost wake-ups: a waiter remembers the generation it saw before doing
 * its work and returns at once if something happened since.
 */
export class Wakeup {
  private generation = 0;
  private waiters = new Set<() => void>();

  get current(): number {
    return this.generation;
  }

  notify(): void {
    this.generation += 1;
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake();
  }

  /** Resolves when notify() was called after generation `seen`, or after `timeoutMs` if given. */
  wait(seen: number, timeoutMs?: number): Promise<void> {
    if (this.generation !== seen) return Promise.resolve();
    return new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const wake = () => {
        if (timer) clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      this.waiters.add(wake);
      if (timeoutMs !== undefined) timer = setTimeout(wake, timeoutMs);
    });
  }
}
