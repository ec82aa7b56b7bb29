import { ProjectedViewCache } from './agent-view-cache.js';

/** A read-model stand-in: `position` is the projection's committed position, `value` what a read returns. */
function setup() {
  const model = { position: 10n as bigint | null, value: 'v1', reads: 0 };
  const cache = new ProjectedViewCache<string>(() => model.position);
  const load = async () => {
    model.reads += 1;
    return model.value;
  };
  return { model, cache, load };
}

describe('agent-view cache (as fresh as the read model)', () => {
  it('answers repeated reads from memory while no event arrives', async () => {
    const { model, cache, load } = setup();
    cache.up(10n);
    for (let i = 0; i < 5; i++) await expect(cache.read('a', load)).resolves.toBe('v1');
    expect(model.reads).toBe(1);
  });

  it('an event empties it; a read before the projection applied the event is answered but not kept', async () => {
    const { model, cache, load } = setup();
    cache.up(10n);
    await cache.read('a', load);
    cache.changed(11n); // heard, not yet applied: the read model still says v1
    await expect(cache.read('a', load)).resolves.toBe('v1');
    await cache.read('a', load);
    expect(model.reads).toBe(3);
    model.position = 11n;
    model.value = 'v2';
    await expect(cache.read('a', load)).resolves.toBe('v2');
    await expect(cache.read('a', load)).resolves.toBe('v2');
    expect(model.reads).toBe(4);
  });

  it('does not keep a read that overlapped an event', async () => {
    const { cache } = setup();
    cache.up(10n);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const pending = cache.read('a', async () => {
      await gate;
      return 'old';
    });
    cache.changed(10n);
    release();
    await expect(pending).resolves.toBe('old');
    expect(cache.size).toBe(0);
  });

  it('keeps nothing while its subscription is down; errors are never kept', async () => {
    const { model, cache, load } = setup();
    await cache.read('a', load);
    expect(cache.size).toBe(0);
    cache.up(10n);
    await cache.read('a', load);
    cache.down();
    expect(cache.size).toBe(0);
    cache.up(10n);
    await expect(cache.read('missing', async () => Promise.reject(new Error('NOT_FOUND')))).rejects.toThrow('NOT_FOUND');
    expect(cache.size).toBe(0);
    expect(model.reads).toBe(2);
  });
});
