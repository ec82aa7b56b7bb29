import { backoffDelay, sleep } from './backoff.js';

describe('backoffDelay', () => {
  const options = { initialMs: 100, maxMs: 5_000 };

  it('counts attempts from 1: doubles from the initial delay and stops at the ceiling', () => {
    const highest = (attempt: number): number => backoffDelay(attempt, options, () => 1);
    expect([1, 2, 3, 4, 5, 6, 7, 20, 1000].map(highest)).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000]);
  });

  it('treats attempt 0 (a loop counting from 0) and below as the first retry', () => {
    expect(backoffDelay(0, options, () => 1)).toBe(100);
    expect(backoffDelay(-3, options, () => 1)).toBe(100);
  });

  it('keeps at least half the delay whatever the jitter draws, and spreads the rest', () => {
    expect(backoffDelay(3, options, () => 0)).toBe(200);
    const draws = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(3, options);
      expect(d).toBeGreaterThanOrEqual(200);
      expect(d).toBeLessThanOrEqual(400);
      draws.add(d);
    }
    expect(draws.size).toBeGreaterThan(10);
  });

  it('stays finite for huge attempt numbers', () => {
    expect(backoffDelay(Number.MAX_SAFE_INTEGER, options, () => 1)).toBe(5_000);
  });
});

describe('sleep', () => {
  it('waits the given time', async () => {
    const started = Date.now();
    await sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('ends early, without error, when aborted', async () => {
    const abort = new AbortController();
    const started = Date.now();
    const slept = sleep(60_000, abort.signal);
    setTimeout(() => abort.abort(), 20);
    await expect(slept).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('returns at once when the signal is already aborted', async () => {
    const abort = new AbortController();
    abort.abort();
    const started = Date.now();
    await sleep(60_000, abort.signal);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
