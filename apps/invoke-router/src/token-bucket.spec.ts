import { TokenBuckets } from './token-bucket.js';

describe('TokenBuckets', () => {
  it('lets a burst through, then refuses with a Retry-After until tokens come back', () => {
    const buckets = new TokenBuckets({ ratePerSecond: 2, burst: 3 });
    const t = 1_000_000;
    expect([1, 2, 3].map(() => buckets.take('lin', t).ok)).toEqual([true, true, true]);
    expect(buckets.take('lin', t)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(buckets.take('lin', t + 499).ok).toBe(false);
    expect(buckets.take('lin', t + 500).ok).toBe(true); // 2/s: one token per 500 ms
    expect(buckets.take('lin', t + 500).ok).toBe(false);
  });

  it('rounds Retry-After up to whole seconds for slow rates', () => {
    const buckets = new TokenBuckets({ ratePerSecond: 1, burst: 1 });
    expect(buckets.take('a', 0).ok).toBe(true);
    expect(buckets.take('a', 0)).toEqual({ ok: false, retryAfterSeconds: 1 });
    const slow = new TokenBuckets({ ratePerSecond: 0.1, burst: 1 });
    slow.take('a', 0);
    expect(slow.take('a', 0)).toEqual({ ok: false, retryAfterSeconds: 10 });
  });

  it('keeps one bucket per name (a rotated key shares its lineage, so its quota carries over)', () => {
    const buckets = new TokenBuckets({ ratePerSecond: 1, burst: 1 });
    expect(buckets.take('lineage-1', 0).ok).toBe(true);
    expect(buckets.take('lineage-1', 0).ok).toBe(false); // the new key of the same lineage: still empty
    expect(buckets.take('lineage-2', 0).ok).toBe(true); // another key: its own bucket
  });

  it('never refills above the burst, and a clock going backwards gives nothing', () => {
    const buckets = new TokenBuckets({ ratePerSecond: 1000, burst: 2 });
    buckets.take('a', 0);
    expect([1, 2, 3].map(() => buckets.take('a', 60_000).ok)).toEqual([true, true, false]);
    expect(buckets.take('a', 1).ok).toBe(false);
  });

  it('bounds its table: full buckets are dropped when it is at its size', () => {
    const buckets = new TokenBuckets({ ratePerSecond: 1, burst: 1, maxBuckets: 10 });
    for (let i = 0; i < 10; i++) buckets.take(`k${i}`, 0);
    expect(buckets.size).toBe(10);
    buckets.take('late', 5_000); // every earlier bucket is full again by now
    expect(buckets.size).toBe(1);
  });

  it('refuses nonsense settings', () => {
    expect(() => new TokenBuckets({ ratePerSecond: 0, burst: 1 })).toThrow(RangeError);
    expect(() => new TokenBuckets({ ratePerSecond: 1, burst: 0 })).toThrow(RangeError);
  });
});
