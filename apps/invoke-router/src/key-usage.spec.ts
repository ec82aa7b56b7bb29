import { KeyUsage } from './key-usage.js';

describe('KeyUsage', () => {
  it('reports a first use at once, then at most once per interval per key, with the latest use', () => {
    const sent: Array<[string, string]> = [];
    let now = 0;
    const usage = new KeyUsage(async (keyId, at) => void sent.push([keyId, at]), 60_000, undefined, () => now);
    try {
      usage.used('key_a', 1_000);
      usage.used('key_a', 2_000);
      usage.used('key_a', 30_000);
      usage.used('key_b', 30_000);
      expect(sent.map(([k, at]) => [k, Date.parse(at)])).toEqual([
        ['key_a', 1_000],
        ['key_b', 30_000],
      ]);
      now = 50_000;
      usage.flush(); // key_a's interval is not over
      expect(sent).toHaveLength(2);
      now = 61_000;
      usage.flush();
      expect(sent.map(([k, at]) => [k, Date.parse(at)])[2]).toEqual(['key_a', 30_000]);
      usage.flush();
      expect(sent).toHaveLength(3);
    } finally {
      usage.stop();
    }
  });

  it('forgets quiet keys and survives a report that fails', async () => {
    const errors: unknown[] = [];
    let now = 0;
    let calls = 0;
    const usage = new KeyUsage(
      () => {
        calls += 1;
        return Promise.reject(new Error('keys service away'));
      },
      1_000,
      (e) => errors.push(e),
      () => now,
    );
    try {
      usage.used('key_a', 0);
      now = 5_000;
      usage.flush();
      usage.used('key_a', 5_000); // forgotten: reported at once again
      await new Promise((r) => setImmediate(r));
      expect(calls).toBe(2);
      expect(errors).toHaveLength(2);
    } finally {
      usage.stop();
    }
  });
});
