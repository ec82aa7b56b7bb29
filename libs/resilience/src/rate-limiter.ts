/**
 * Token buckets per key (a platform token, an agent key's lineage): `ratePerSecond` refill, up to
 * `burst` at once. Bounded memory: the least recently used keys are forgotten past `maxKeys` (a
 * forgotten key starts again with a full bucket, which only ever errs towards letting through).
 */
export interface RateLimiterOptions {
  ratePerSecond: number;
  burst: number;
  maxKeys?: number;
}

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterMs: number };

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly maxKeys: number;

  constructor(private readonly options: RateLimiterOptions) {
    if (!(options.ratePerSecond > 0) || !(options.burst >= 1)) throw new RangeError('a rate limiter needs ratePerSecond > 0 and burst >= 1');
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  take(key: string, now: number = Date.now(), cost = 1): RateDecision {
    const { ratePerSecond, burst } = this.options;
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    this.buckets.delete(key); // re-inserted below: Map order is the LRU order
    const refilled = Math.min(burst, bucket.tokens + (Math.max(0, now - bucket.at) * ratePerSecond) / 1000);
    const decision: RateDecision =
      refilled >= cost ? { ok: true, remaining: Math.floor(refilled - cost) } : { ok: false, retryAfterMs: Math.ceil(((cost - refilled) * 1000) / ratePerSecond) };
    this.buckets.set(key, { tokens: decision.ok ? refilled - cost : refilled, at: now });
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    return decision;
  }
}
