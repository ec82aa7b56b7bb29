import { backoffDelay, sleep } from './backoff.js';

describe('backoffDelay', () => {
  const options = { initialMs: 100, maxMs: 5_000 };

  it('doubles from the initial delay and stops at the ceiling', () => {
    const fixed = (attempt: number): number => backoffDelay(attempt, options, () => 1);
    expect([1, 2, 3, 4, 5, 6, 7, 20, 1000].map(fixed)).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000]);
  });

  it('keeps at least half the delay whatever the jitter draws', () => {
    expect(backoffDelay(3, options, () => 0)).toBe(200);
    for (let i = 0; i < 100; i++) {
      const d = backoffDelay(3, options);
      expect(d).toBeGreaterThanOrEqual(200);
      expect(d).toBeLessThanOrEqual(400);
    }
  });
});

describe('sleep', () => {
  it('ends early when aborted', async () => {
    const abort = new AbortController();
    const started = Date.now();
    const slept = sleep(10_000, abort.signal);
    setTimeout(() => abort.abort(), 20);
    await slept;
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
