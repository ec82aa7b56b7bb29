import { EventStoreUnavailableError } from '../event-store.port.js';
import { conformanceEvent } from '../conformance/event-store.conformance.js';
import { matchesFilter, normaliseFilter } from './filter.js';
import { withStoreTimeout, Wakeup } from './timing.js';
import { InvalidAppendError, validateAppend } from './validation.js';

describe('event filter', () => {
  it('ORs within a list, ANDs the two lists, and ignores empty lists', () => {
    const filter = { streamPrefixes: ['agent-', 'job-'], eventTypes: ['A', 'B'] };
    expect(matchesFilter(filter, 'agent-1', 'A')).toBe(true);
    expect(matchesFilter(filter, 'job-1', 'B')).toBe(true);
    expect(matchesFilter(filter, 'key-1', 'A')).toBe(false);
    expect(matchesFilter(filter, 'agent-1', 'C')).toBe(false);
    expect(matchesFilter(undefined, 'x', 'y')).toBe(true);
    expect(normaliseFilter({ streamPrefixes: [], eventTypes: ['A'] })).toEqual({ eventTypes: ['A'] });
    expect(matchesFilter(normaliseFilter({ streamPrefixes: [] }), 'x', 'y')).toBe(true);
  });
});

describe('timing', () => {
  it('withStoreTimeout rejects with EventStoreUnavailableError and runs the cancel hook; a failure of the work passes through', async () => {
    let cancelled = false;
    const never = new Promise<never>(() => undefined);
    const timedOut = await withStoreTimeout(never, 20, 'slow call', () => (cancelled = true)).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(EventStoreUnavailableError);
    expect((timedOut as Error).message).toBe('slow call: no answer within 20 ms');
    expect(cancelled).toBe(true);
    await expect(withStoreTimeout(Promise.resolve(7), 20, 'fast call')).resolves.toBe(7);
    const failure = new RangeError('own error');
    await expect(withStoreTimeout(Promise.reject(failure), 20, 'failing call')).rejects.toBe(failure);
  });

  it('Wakeup never loses a notify that came between looking and waiting', async () => {
    const wakeup = new Wakeup();
    const seen = wakeup.current;
    wakeup.notify();
    await wakeup.wait(seen); // resolves at once
    const later = wakeup.current;
    let woke = false;
    const waiting = wakeup.wait(later).then(() => (woke = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(woke).toBe(false);
    wakeup.notify();
    await waiting;
    expect(woke).toBe(true);
    const started = Date.now();
    await wakeup.wait(wakeup.current, 30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});

describe('append validation', () => {
  it('refuses empty appends, duplicate ids, reserved names and negative revisions before any I/O', () => {
    const e = conformanceEvent('A');
    expect(() => validateAppend('s', [e], 'any', 10)).not.toThrow();
    expect(() => validateAppend('s', [], 'any', 10)).toThrow(InvalidAppendError);
    expect(() => validateAppend('', [e], 'any', 10)).toThrow(/non-empty/);
    expect(() => validateAppend('$system', [e], 'any', 10)).toThrow(/reserved/);
    expect(() => validateAppend('s', [e, e], 'any', 10)).toThrow(/twice/);
    expect(() => validateAppend('s', [conformanceEvent('$metadata')], 'any', 10)).toThrow(/reserved/);
    expect(() => validateAppend('s', [e], -1n, 10)).toThrow(/>= 0/);
    expect(() => validateAppend('s', [conformanceEvent('A'), conformanceEvent('B')], 'any', 1)).toThrow(/at most 1/);
  });
});
