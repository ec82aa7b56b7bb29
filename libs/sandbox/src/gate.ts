import { EarliestDeadline } from './earliest-deadline.js';
import { SandboxError } from './sandbox-error.js';

interface Waiter {
  admit(): void;
  refuse(error: SandboxError): void;
  /** When it stops waiting (Date.now() ms). */
  deadline: number;
  wallTimeMs: number;
}

/**
 * One backend's admission to its worker: at most `maxActive` invocations at the worker at once,
 * the rest waiting in order, at most `maxWaiting` of them. A worker runs isolate code one run at a
 * time, so without this a burst to one backend queues ahead of every other backend on the worker.
 * One timer watches the waiters' deadlines (armed for the earliest), not one per waiter: under
 * load most invocations wait here, and a timer made and cleared for each was a measurable share of
 * the host's work.
 */
export class Gate {
  private active = 0;
  private waiting: Waiter[] = [];
  private readonly deadlines = new EarliestDeadline((due) => this.expire(due));

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
      const waiter: Waiter = { admit: resolve, refuse: reject, deadline: Date.now() + Math.max(1, waitMs), wallTimeMs };
      this.waiting.push(waiter);
      this.deadlines.arm(waiter.deadline);
    });
  }

  leave(): void {
    const next = this.waiting.shift();
    if (next) {
      if (this.waiting.length === 0) this.deadlines.disarm();
      next.admit(); // the slot passes straight to the next waiter
    } else this.active -= 1;
  }

  /** Refuses every waiter whose deadline has come (as each waiter's own timer did), in order, and re-arms for the rest. */
  private expire(due: number): void {
    const kept: Waiter[] = [];
    const refused: Waiter[] = [];
    let next = Infinity;
    for (const waiter of this.waiting) {
      if (waiter.deadline <= due) refused.push(waiter);
      else {
        kept.push(waiter);
        if (waiter.deadline < next) next = waiter.deadline;
      }
    }
    this.waiting = kept;
    if (next !== Infinity) this.deadlines.arm(next);
    for (const waiter of refused) {
      waiter.refuse(new SandboxError('WALL_TIME_EXCEEDED', `no response within ${waiter.wallTimeMs} ms (waited for the backend's earlier invocations)`));
    }
  }
}
