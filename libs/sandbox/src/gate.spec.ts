import { Gate } from './gate.js';
import { SandboxError } from './sandbox-error.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a waiter is, once the microtasks queued so far ran. */
function track(p: Promise<void>): { state: () => Promise<string>; message: () => string } {
  let state = 'waiting';
  let message = '';
  p.then(
    () => (state = 'admitted'),
    (e: unknown) => {
      state = e instanceof SandboxError ? e.code : 'other';
      message = e instanceof Error ? e.message : '';
    },
  );
  return {
    state: async () => {
      await sleep(0);
      return state;
    },
    message: () => message,
  };
}

describe('Gate', () => {
  it('admits up to maxActive at once, then queues in order, and refuses past maxWaiting with OVERLOADED', async () => {
    const gate = new Gate(1, 2);
    expect(gate.enter(1000, 1000)).toBeNull();
    const second = track(gate.enter(1000, 1000) as Promise<void>);
    const third = track(gate.enter(1000, 1000) as Promise<void>);
    expect(() => gate.enter(1000, 1000)).toThrow(expect.objectContaining({ code: 'OVERLOADED' }));
    gate.leave();
    expect(await second.state()).toBe('admitted');
    expect(await third.state()).toBe('waiting');
    gate.leave();
    expect(await third.state()).toBe('admitted');
    gate.leave();
    expect(gate.idle).toBe(true);
  });

  it('refuses each waiter at its own deadline with WALL_TIME_EXCEEDED, and keeps the others waiting', async () => {
    const gate = new Gate(1, 10);
    expect(gate.enter(60_000, 60_000)).toBeNull();
    const short = track(gate.enter(1500, 1500) as Promise<void>);
    const long = track(gate.enter(60_000, 60_000) as Promise<void>);
    const early = track(gate.enter(50, 50) as Promise<void>); // later in the queue, earlier deadline
    await sleep(500);
    expect([await early.state(), await short.state(), await long.state()]).toEqual(['WALL_TIME_EXCEEDED', 'waiting', 'waiting']);
    expect(early.message()).toBe("WALL_TIME_EXCEEDED: no response within 50 ms (waited for the backend's earlier invocations)");
    for (let i = 0; i < 100 && (await short.state()) === 'waiting'; i++) await sleep(50);
    expect([await short.state(), await long.state()]).toEqual(['WALL_TIME_EXCEEDED', 'waiting']);
    gate.leave(); // the slot goes to the one still waiting
    expect(await long.state()).toBe('admitted');
    gate.leave();
    expect(gate.idle).toBe(true);
  });
});
