/**
 * A bounded buffer between a live subscription and the batch applier. The pump pushes events as
 * they arrive and waits when the buffer is full (backpressure); the applier takes everything
 * buffered, up to a batch size, in one go. Bursts become batches; a quiet log gives batches of one.
 */
export class EventQueue<T> {
  private readonly items: T[] = [];
  private ended = false;
  private failure: { error: unknown } | undefined;
  private wakeConsumer: (() => void) | undefined;
  private wakeProducers: (() => void)[] = [];

  constructor(private readonly highWaterMark: number) {
    if (!(highWaterMark >= 1)) throw new RangeError('highWaterMark must be at least 1');
  }

  get size(): number {
    return this.items.length;
  }

  /** Adds an item; resolves once there is room (or the queue was closed, dropping the item). */
  async push(item: T): Promise<void> {
    while (this.items.length >= this.highWaterMark && !this.ended) {
      await new Promise<void>((resolve) => this.wakeProducers.push(resolve));
    }
    if (this.ended) return;
    this.items.push(item);
    this.notifyConsumer();
  }

  /** Up to `max` items, waiting for at least one; null once the queue has ended and is empty. Throws a pushed failure. */
  async take(max: number): Promise<T[] | null> {
    for (;;) {
      if (this.items.length > 0) {
        const batch = this.items.splice(0, max);
        this.notifyProducers();
        return batch;
      }
      if (this.failure) throw this.failure.error;
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.wakeConsumer = resolve));
    }
  }

  /** No more items will come; what is buffered can still be taken. */
  end(): void {
    this.ended = true;
    this.notifyConsumer();
    this.notifyProducers();
  }

  /** The source failed: `take` throws once the buffer is drained. */
  fail(error: unknown): void {
    this.failure = { error };
    this.end();
  }

  /** Drop everything and release waiters (used when the applier gives up on this subscription). */
  close(): void {
    this.items.length = 0;
    this.end();
  }

  private notifyConsumer(): void {
    const wake = this.wakeConsumer;
    this.wakeConsumer = undefined;
    wake?.();
  }

  private notifyProducers(): void {
    const waiting = this.wakeProducers;
    this.wakeProducers = [];
    for (const wake of waiting) wake();
  }
}
