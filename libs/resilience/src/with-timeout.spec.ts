import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import esbuild from 'esbuild';
import { withTimeout } from './with-timeout.js';

class OwnTimeoutError extends Error {
  readonly code = 'OWN_TIMEOUT';
}

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

describe('withTimeout', () => {
  it('settles with the work when it finishes first', async () => {
    await expect(withTimeout(Promise.resolve(42), 10_000, () => new OwnTimeoutError('late'))).resolves.toBe(42);
  });

  it("passes the work's own rejection through unchanged", async () => {
    const failure = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    await expect(withTimeout(Promise.reject(failure), 10_000, () => new OwnTimeoutError('late'))).rejects.toBe(failure);
  });

  it("rejects with the caller's typed error when the bound passes first, and runs cancel before it", async () => {
    const order: string[] = [];
    const result = withTimeout(never<number>(), 20, () => (order.push('timeout'), new OwnTimeoutError('read: no answer within 20 ms')), {
      cancel: () => order.push('cancel'),
    });
    await expect(result).rejects.toThrow(OwnTimeoutError);
    await expect(result).rejects.toMatchObject({ code: 'OWN_TIMEOUT', message: 'read: no answer within 20 ms' });
    expect(order).toEqual(['cancel', 'timeout']);
  });

  it('still rejects with the timeout when cancel throws', async () => {
    const cancel = (): void => {
      throw new Error('already closed');
    };
    await expect(withTimeout(never(), 10, () => new OwnTimeoutError('t'), { cancel })).rejects.toThrow(OwnTimeoutError);
  });

  it('does not run cancel when the work finished in time', async () => {
    let cancelled = 0;
    await withTimeout(Promise.resolve('ok'), 10, () => new OwnTimeoutError('t'), { cancel: () => void (cancelled += 1) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cancelled).toBe(0);
  });

  it('handles a late rejection of the abandoned work: no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      let failLate: (error: Error) => void = () => undefined;
      const work = new Promise<never>((_, reject) => (failLate = reject));
      await expect(withTimeout(work, 10, () => new OwnTimeoutError('t'))).rejects.toThrow(OwnTimeoutError);
      failLate(new Error('late failure'));
      // Unhandled rejections are reported after the microtask queue drains; give it several turns.
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });

  it('never keeps the process alive: a process whose only pending thing is a one-hour bound exits at once', async () => {
    // Run the real module in a child node: its exit proves the timer is not holding the event loop.
    const source = fs.readFileSync(new URL('./with-timeout.ts', import.meta.url), 'utf8');
    const { code } = await esbuild.transform(source, { loader: 'ts', format: 'esm' });
    const program = `${code}\nwithTimeout(new Promise(() => {}), 3_600_000, () => new Error('bound')).catch(() => process.exit(3));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8', timeout: 30_000 });
    expect(child.error).toBeUndefined();
    expect({ status: child.status, stderr: child.stderr }).toEqual({ status: 0, stderr: '' });
  });
});
