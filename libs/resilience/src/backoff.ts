import { MAX_TIMER_MS } from './with-timeout.js';

export interface BackoffOptions {
  /** Delay before the first retry (attempt 1), before jitter. */
  initialMs: number;
  /** Ceiling of the delay, before jitter. */
  maxMs: number;
}

/**
 * Exponential backoff with "equal jitter": half the delay fixed, half random, so replicas that lost
 * the same server do not come back in lockstep.
 *
 * `attempt` counts retries from 1: attempt 1 waits between initialMs/2 and initialMs, attempt 2 twice
 * that, and so on up to maxMs. Attempt 0 or less is treated as attempt 1 (a loop counting from 0 gets
 * the same first delay).
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(Math.floor(attempt) - 1, 30));
  const ceiling = Math.min(options.maxMs, options.initialMs * 2 ** exponent);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * Resolves after `ms`, or early (without error) when the signal aborts: a retry loop being stopped
 * wakes up at once and sees its signal. The timer is cleared on abort.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, Math.min(MAX_TIMER_MS, Math.max(0, ms)));
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
