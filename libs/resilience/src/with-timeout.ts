/** setTimeout fires at once beyond this (a 32-bit delay): longer bounds are clamped to it. */
export const MAX_TIMER_MS = 2_147_483_647;

export interface WithTimeoutOptions {
  /**
   * Runs when the bound is reached, before the returned promise rejects: cancel the work (abort a
   * request, drop a connection). Best effort: what it throws is ignored, the caller gets the timeout.
   */
  cancel?: () => void;
}

/**
 * Settles like `work`, or rejects with `onTimeout()` once `ms` have passed, whichever comes first.
 * Each caller keeps its own typed error: `withTimeout(read(), 5_000, () => new StoreTimeoutError('read', 5_000))`.
 *
 * - The timer is unref'd: a pending bound never keeps the process alive, and it is cleared when the work settles.
 * - The abandoned work may still finish (or fail) later; its late rejection is handled here, never
 *   reported as unhandled. Work that must not run on should be stopped with `cancel`.
 * - A rejection of the work passes through unchanged (its type, its `code`).
 */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error, options: WithTimeoutOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () => {
        if (settled) return;
        settled = true;
        try {
          options.cancel?.();
        } catch {
          // Cancelling is best effort; the caller gets the timeout either way.
        }
        reject(onTimeout());
      },
      Math.min(MAX_TIMER_MS, Math.max(0, ms)),
    );
    timer.unref();
    work.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        // After the bound this is the late rejection of abandoned work: handled by this very callback.
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the work's own rejection, passed through as it is
        reject(error);
      },
    );
  });
}
