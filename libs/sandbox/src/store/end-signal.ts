/**
 * What a store call watches to learn that its invocation ended. `AbortSignal` fits it; the sandbox
 * passes `InvocationEnd`, which does the same for a fraction of the cost: an `AbortController` is
 * an EventTarget whose construction, listeners and abort (a `DOMException` with its stack) were
 * ~6% of the host's busy time with one made per invocation and one per batched read.
 */
export interface EndSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** An `EndSignal` that fires once, when `end()` is called: every listener runs once, in order. */
export class InvocationEnd implements EndSignal {
  private ended = false;
  private listeners: (() => void)[] = [];

  get aborted(): boolean {
    return this.ended;
  }

  /** Every listener runs once anyway (`once` is accepted for AbortSignal's callers). */
  addEventListener(_type: 'abort', listener: () => void, _options?: { once?: boolean }): void {
    if (!this.ended) this.listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const at = this.listeners.indexOf(listener);
    if (at >= 0) this.listeners.splice(at, 1);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}
