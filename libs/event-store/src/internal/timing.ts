import { EventStoreUnavailableError } from '../event-store.port.js';

/** Default bound on every call to the underlying server (DESIGN §7: every external call has a timeout). */
export const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * Races `work` against a timer. On timeout the promise rejects with EventStoreUnavailableError and
 * `onTimeout` runs (to cancel a stream or drop a connection); the work itself may still complete
 * on the server, which is why appends are idempotent by event id.
 */
export function withTimeout<T>(work: Promise<T>, timeoutMs: number, what: string, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      try {
        onTimeout?.();
      } catch {
        // Cancelling is best effort; the caller already gets the timeout.
      }
      reject(new EventStoreUnavailableError(`${what}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(asError(error));
      },
    );
  });
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

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 100, maxMs: 5_000 };

/** Exponential backoff with full jitter in the upper half: attempt 0 waits about `initialMs`. */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

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
