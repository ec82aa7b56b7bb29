import { WrongExpectedRevisionError } from '@backforge/event-store';
import { waitFor } from '@backforge/testing';
import { InMemoryEventStore } from './in-memory-event-store.js';
import { appendAll, sampleEvents } from './sample.projection.js';

// The double must keep the port's promises, or unit tests built on it prove nothing.
describe('InMemoryEventStore (test double of the EventStore port)', () => {
  it('checks expected revisions and treats a repeated eventId as an idempotent retry', async () => {
    const store = new InMemoryEventStore();
    const [a, b] = sampleEvents(2, 3);
    if (!a || !b) throw new Error('sample events missing');
    const first = await store.append('s-1', [a.event], 'no_stream');
    expect(first).toEqual({ nextExpectedRevision: 0n, position: 1n });
    await expect(store.append('s-1', [b.event], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.append('s-1', [a.event], 5n)).toEqual(first);
    expect((await store.append('s-1', [b.event], 0n)).nextExpectedRevision).toBe(1n);
  });

  it('reads the log after an exclusive position, filtered, in pages', async () => {
    const store = new InMemoryEventStore();
    await appendAll(store, sampleEvents(50, 4));
    const page = await store.readAll({ after: 10n, maxCount: 5, filter: { streamPrefixes: ['list-'] } });
    expect(page).toHaveLength(5);
    expect(page.every((e) => e.position > 10n && e.streamName.startsWith('list-'))).toBe(true);
    expect(page.map((e) => e.position)).toEqual([...page.map((e) => e.position)].sort((x, y) => (x < y ? -1 : 1)));
  });

  it('subscribes: catch-up first, then live, each event once, until closed', async () => {
    const store = new InMemoryEventStore();
    await appendAll(store, sampleEvents(3, 5));
    const subscription = store.subscribeToAll({ from: 1n });
    const seen: bigint[] = [];
    const reading = (async () => {
      for await (const event of subscription) seen.push(event.position);
    })();
    await appendAll(store, sampleEvents(2, 6));
    await waitFor(() => seen.length >= 4, { intervalMs: 5, description: 'the live events delivered' });
    await subscription.close();
    await reading;
    expect(seen).toEqual([2n, 3n, 4n, 5n]);
  });
});
