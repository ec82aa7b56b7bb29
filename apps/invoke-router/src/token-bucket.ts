/** What the limiter answers: go ahead, or wait this many seconds (the Retry-After header). */
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

export interface TokenBucketOptions {
  /** Tokens added per second (the sustained rate). */
  ratePerSecond: number;
  /** Bucket size (the burst a quiet key may send at once). */
  burst: number;
  /**
   * Buckets kept at most; past it, buckets that have refilled completely are dropped (a full bucket
   * carries no information), so a flood of distinct keys cannot grow the table without bound.
   */
  maxBuckets?: number;
}

/**
 * Token buckets by name (the invoke-router names them by key lineage, so a rotated key keeps its
 * bucket). Refilled lazily from the clock on each take: no timers, O(1) per request.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  private readonly maxBuckets: number;

  constructor(private readonly options: TokenBucketOptions) {
    if (!(options.ratePerSecond > 0) || !(options.burst >= 1)) throw new RangeError('ratePerSecond must be > 0 and burst >= 1');
    this.perMs = options.ratePerSecond / 1000;
    this.maxBuckets = options.maxBuckets ?? 100_000;
  }

  /** Takes one token from `name`'s bucket at time `now` (epoch ms). */
  take(name: string, now: number): RateDecision {
    let bucket = this.buckets.get(name);
    if (!bucket) {
      if (this.buckets.size >= this.maxBuckets) this.sweep(now);
      bucket = { tokens: this.options.burst, at: now };
      this.buckets.set(name, bucket);
    } else if (now > bucket.at) {
      bucket.tokens = Math.min(this.options.burst, bucket.tokens + (now - bucket.at) * this.perMs);
      bucket.at = now;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    // Whole seconds until one token is back (Retry-After is an integer, at least 1).
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)) };
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Drops every bucket that would be full by now. */
  private sweep(now: number): void {
    for (const [name, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.options.burst) this.buckets.delete(name);
    }
  }
}
