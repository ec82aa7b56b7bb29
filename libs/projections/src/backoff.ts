export interface BackoffOptions {
  /** First delay after an infrastructure error. */
  initialMs: number;
  /** Ceiling of the delay. */
  maxMs: number;
}

export const defaultBackoff: BackoffOptions = { initialMs: 100, maxMs: 30_000 };

/**
 * Exponential backoff with "equal jitter": half the delay fixed, half random, so replicas that
 * lost the same server do not come back in lockstep. `attempt` counts from 1.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = defaultBackoff, random: () => number = Math.random): number {
  const exp = Math.min(options.maxMs, options.initialMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(exp / 2 + (exp / 2) * random());
}

/** Resolves after `ms`, or early (without error) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
