import { jest } from '@jest/globals';
import { Gate } from './gate.js';
import { SandboxError } from './sandbox-error.js';

describe('Gate', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Where a waiter is, after the microtasks queued so far ran. */
  const track = (p: Promise<void>): (() => Promise<string>) => {
    let state = 'waiting';
    p.then(
      () => (state = 'admitted'),
      (e: unknown) => (state = e instanceof SandboxError ? e.code : 'other'),
    );
    return async () => {
      await jest.advanceTimersByTimeAsync(0);
      return state;
    };
  };

  it('admits up to maxActive at once, then queues in order, and refuses past maxWaiting with OVERLOADED', async () => {
    const gate = new Gate(1, 2);
    expect(gate.enter(1000, 1000)).toBeNull();
    const second = track(gate.enter(1000, 1000) as Promise<void>);
    const third = track(gate.enter(1000, 1000) as Promise<void>);
    expect(() => gate.enter(1000, 1000)).toThrow(expect.objectContaining({ code: 'OVERLOADED' }));
    gate.leave();
    expect(await second()).toBe('admitted');
    expect(await third()).toBe('waiting');
    gate.leave();
    expect(await third()).toBe('admitted');
    gate.leave();
    expect(gate.idle).toBe(true);
  });

  it('refuses each waiter at its own deadline with WALL_TIME_EXCEEDED, and keeps the others waiting', async () => {
    const gate = new Gate(1, 10);
    expect(gate.enter(5000, 5000)).toBeNull();
    const short = gate.enter(100, 100) as Promise<void>;
    const longPromise = gate.enter(300, 300) as Promise<void>;
    const long = track(longPromise);
    const early = gate.enter(50, 50) as Promise<void>; // later in the queue, earlier deadline
    const outcome = { short: '', long: '', early: '' };
    short.catch((e: SandboxError) => (outcome.short = e.message));
    longPromise.catch((e: SandboxError) => (outcome.long = e.message));
    early.catch((e: SandboxError) => (outcome.early = e.message));
    await jest.advanceTimersByTimeAsync(49);
    expect(outcome).toEqual({ short: '', long: '', early: '' });
    await jest.advanceTimersByTimeAsync(1);
    expect(outcome.early).toBe("WALL_TIME_EXCEEDED: no response within 50 ms (waited for the backend's earlier invocations)");
    expect(outcome.short).toBe('');
    await jest.advanceTimersByTimeAsync(50);
    expect(outcome.short).toMatch(/^WALL_TIME_EXCEEDED: no response within 100 ms/);
    expect(outcome.long).toBe('');
    gate.leave(); // the slot goes to the one still waiting
    expect(await long()).toBe('admitted');
    gate.leave();
    expect(gate.idle).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });
});
