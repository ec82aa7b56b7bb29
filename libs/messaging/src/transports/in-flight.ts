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
