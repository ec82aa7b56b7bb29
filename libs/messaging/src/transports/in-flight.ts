/** Counts message handlers in flight so a closing server can wait for them (bounded). */
export class InFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  enter(): void {
    this.count += 1;
  }

  leave(): void {
    this.count = Math.max(0, this.count - 1);
    if (this.count === 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const w of waiters) w();
    }
  }

  get size(): number {
    return this.count;
  }

  /** Resolves true when nothing is in flight, false when `timeoutMs` passed first. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }
}

/** Resolves with `promise`, or rejects after `ms` with `message`. The timer never keeps the process alive. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
