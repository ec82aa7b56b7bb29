/** Sends one use of one key to the keys service (which records `lastUsedAt`). */
export type ReportUse = (keyId: string, usedAt: string) => Promise<void>;

interface Usage {
  /** When this router last reported the key (epoch ms). */
  reportedAt: number;
  /** The latest use not reported yet (epoch ms), if any. */
  pending: number | undefined;
}

/**
 * Key usage without an event per request: the first use of a key is reported at once, later ones
 * at most once per `intervalMs` per key (the latest use of the interval). A lost report only
 * makes `lastUsedAt` older; nothing waits for it on the request path.
 */
export class KeyUsage {
  private readonly usage = new Map<string, Usage>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly report: ReportUse,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly clock: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.flush(), Math.max(50, Math.floor(intervalMs / 4)));
    this.timer.unref();
  }

  /** Called on every accepted invoke: one Map lookup on the hot path. */
  used(keyId: string, now: number): void {
    const usage = this.usage.get(keyId);
    if (!usage) {
      this.usage.set(keyId, { reportedAt: now, pending: undefined });
      this.send(keyId, now);
    } else if (now - usage.reportedAt >= this.intervalMs) {
      usage.reportedAt = now;
      usage.pending = undefined;
      this.send(keyId, now);
    } else {
      usage.pending = now;
    }
  }

  /** Reports the pending uses whose interval is over (run by the timer; tests call it directly). */
  flush(): void {
    const now = this.clock();
    for (const [keyId, usage] of this.usage) {
      if (usage.pending === undefined) {
        // Quiet for two intervals: forget it (a later use is reported at once again).
        if (now - usage.reportedAt >= 2 * this.intervalMs) this.usage.delete(keyId);
        continue;
      }
      if (now - usage.reportedAt < this.intervalMs) continue;
      const at = usage.pending;
      usage.reportedAt = now;
      usage.pending = undefined;
      this.send(keyId, at);
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private send(keyId: string, at: number): void {
    this.report(keyId, new Date(at).toISOString()).catch(this.onError);
  }
}
