import type { EndSignal } from './end-signal.js';
import { StoreLimitError } from './store-input.js';

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
  signal: EndSignal | undefined;
  onAbort(): void;
}

/**
 * One backend's share of the bridge's connection pool: at most `max` of its store calls hold a
 * connection at once, at most `maxWaiting` wait for one (past it a call fails at once), and a
 * waiting call leaves the queue when its invocation ends.
 */
export class Slice {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly max: number,
    private readonly maxWaiting: number,
  ) {}

  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }

  acquire(signal: EndSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(new StoreLimitError('this invocation has ended'));
    if (this.active < this.max) {
      this.active += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(new StoreLimitError(`too many store calls waiting (${this.maxWaiting}); make fewer at once`));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(new StoreLimitError('this invocation has ended'));
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) {
      next.signal?.removeEventListener('abort', next.onAbort);
      next.resolve(); // the connection slot passes straight on
    } else this.active -= 1;
  }
}
