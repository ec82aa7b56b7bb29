import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('lets a burst through, then refuses with the time until the next token', () => {
    const limiter = new RateLimiter({ ratePerSecond: 2, burst: 3 });
    const t = 1_000_000;
    expect([1, 2, 3].map(() => limiter.take('k', t).ok)).toEqual([true, true, true]);
    expect(limiter.take('k', t)).toEqual({ ok: false, retryAfterMs: 500 });
    expect(limiter.take('k', t + 500).ok).toBe(true);
    expect(limiter.take('k', t + 500).ok).toBe(false);
  });

  it('keeps keys apart and refills up to the burst only', () => {
    const limiter = new RateLimiter({ ratePerSecond: 1, burst: 2 });
    expect(limiter.take('a', 0).ok).toBe(true);
    expect(limiter.take('a', 0).ok).toBe(true);
    expect(limiter.take('a', 0).ok).toBe(false);
    expect(limiter.take('b', 0).ok).toBe(true);
    expect(limiter.take('a', 60_000)).toEqual({ ok: true, remaining: 1 });
  });

  it('forgets the least recently used keys past maxKeys', () => {
    const limiter = new RateLimiter({ ratePerSecond: 1, burst: 1, maxKeys: 2 });
    limiter.take('a', 0);
    limiter.take('b', 0);
    limiter.take('c', 0); // forgets a
    expect(limiter.take('a', 0).ok).toBe(true);
    expect(limiter.take('c', 0).ok).toBe(false);
  });

  it('refuses nonsense settings', () => {
    expect(() => new RateLimiter({ ratePerSecond: 0, burst: 1 })).toThrow(RangeError);
  });
});
