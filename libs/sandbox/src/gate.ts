import { SandboxError } from './sandbox-error.js';

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

/**
 * One backend's admission to its worker: at most `maxActive` invocations at the worker at once,
 * the rest waiting in order, at most `maxWaiting` of them. A worker runs isolate code one run at a
 * time, so without this a burst to one backend queues ahead of every other backend on the worker.
 */
export class Gate {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly maxActive: number,
    private readonly maxWaiting: number,
  ) {}

  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }

  /**
   * Null when admitted at once (the warm path allocates nothing); otherwise a promise that resolves
   * when admitted, or rejects with WALL_TIME_EXCEEDED if `waitMs` passes first. Throws OVERLOADED
   * when the queue is full.
   */
  enter(waitMs: number, wallTimeMs: number): Promise<void> | null {
    if (this.active < this.maxActive) {
      this.active += 1;
      return null;
    }
    if (this.waiting.length >= this.maxWaiting) {
      throw new SandboxError('OVERLOADED', `the backend has ${this.maxActive} invocations running and ${this.maxWaiting} waiting; retry later`);
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(new SandboxError('WALL_TIME_EXCEEDED', `no response within ${wallTimeMs} ms (waited for the backend's earlier invocations)`));
        }, Math.max(1, waitMs)),
      };
      this.waiting.push(waiter);
    });
  }

  leave(): void {
    const next = this.waiting.shift();
    if (next) {
      clearTimeout(next.timer); // the slot passes straight to the next waiter
      next.admit();
    } else this.active -= 1;
  }
}
