/**
 * Views read from a read model, kept in memory while the log says nothing changed and never staler
 * than that read model (docs/decisions.md, "Read-path caches" and "Gateway read path"). Whoever
 * owns it follows the log with the read model's own filter and reports here:
 * - `changed`: any event heard empties it (the views change only through those events);
 * - a read is kept only if the read model had reached the last event heard when the read began
 *   (`position` at least that event's), and no event arrived while it was read;
 * - `down`: while the subscription is down it keeps nothing.
 * Each process keeps its own, so replicas need no coordination.
 */
export class LogInvalidatedCache<V> {
  private readonly entries = new Map<string, V>();
  private epoch = 0;
  private live = false;
  /** Position of the last event heard (or where the subscription started). */
  private heard: bigint | null = null;

  constructor(private readonly maxEntries = 10_000) {}

  /** The kept view of this key, synchronously; undefined when none is kept. */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  /**
   * The kept view, else `load`'s; `load` gives the value and the read model's position it
   * reflects at least (null: unknown, never kept).
   */
  protected async readThrough(key: string, load: () => Promise<{ value: V; position: bigint | null }>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const epoch = this.epoch;
    const heard = this.heard;
    const { value, position } = await load();
    const current = position !== null && (heard === null || position >= heard);
    if (this.live && current && epoch === this.epoch) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, value);
    }
    return value;
  }

  /** An event the read model will apply (at `position`): every view may change. */
  changed(position: bigint): void {
    this.heard = position;
    this.invalidate();
  }

  /** Every event after `from` will be heard (`from`: where the subscription started, if known). */
  up(from?: bigint): void {
    if (from !== undefined && (this.heard === null || from > this.heard)) this.heard = from;
    this.live = true;
  }

  down(): void {
    this.live = false;
    this.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }

  private invalidate(): void {
    this.epoch += 1;
    this.entries.clear();
  }
}
