import { FollowedViewCache } from './agent-views.js';

/** A generation stand-in: `position` is its projection's position, `value` what it answers. */
function setup() {
  const remote = { position: '10' as string | null, value: 'v1', reads: 0 };
  const follows: bigint[] = [];
  const cache = new FollowedViewCache<string>((from) => {
    follows.push(from);
    cache.up(from); // as LogFollower does once subscribed
  });
  const load = async () => {
    remote.reads += 1;
    return { view: remote.value, position: remote.position };
  };
  return { remote, cache, load, follows };
}

describe('the gateway copy of views (as fresh as the remote read model)', () => {
  it('starts following the log from the first position a reply carries, then answers from memory', async () => {
    const { remote, cache, load, follows } = setup();
    await expect(cache.read('a', load)).resolves.toBe('v1');
    expect(follows).toEqual([10n]);
    await cache.read('a', load);
    expect(cache.peek('a')).toBe('v1');
    for (let i = 0; i < 5; i++) await expect(cache.read('a', load)).resolves.toBe('v1');
    expect(remote.reads).toBe(2);
    expect(follows).toEqual([10n]);
  });

  it('keeps nothing before it follows, nor a reply without a position', async () => {
    const { remote, cache, load, follows } = setup();
    remote.position = null;
    await cache.read('a', load);
    await cache.read('a', load);
    expect(follows).toEqual([]);
    expect(cache.peek('a')).toBeUndefined();
    expect(remote.reads).toBe(2);
  });

  it('an event empties it; a reply from a read model behind the last event heard is answered but not kept', async () => {
    const { remote, cache, load } = setup();
    await cache.read('a', load);
    await cache.read('a', load);
    cache.changed(11n); // heard here, not yet applied there: the read model still says v1 at 10
    expect(cache.peek('a')).toBeUndefined();
    await expect(cache.read('a', load)).resolves.toBe('v1');
    expect(cache.peek('a')).toBeUndefined();
    remote.position = '11';
    remote.value = 'v2';
    await expect(cache.read('a', load)).resolves.toBe('v2');
    expect(cache.peek('a')).toBe('v2');
  });

  it('does not keep a reply that overlapped an event', async () => {
    const { remote, cache, load } = setup();
    await cache.read('a', load);
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((r) => (release = r));
      return load();
    };
    const pending = cache.read('a', slow);
    remote.position = '12';
    cache.changed(12n);
    release();
    await pending;
    expect(cache.peek('a')).toBeUndefined();
  });

  it('keeps nothing while the subscription is down, and again once it is up', async () => {
    const { cache, load } = setup();
    await cache.read('a', load);
    await cache.read('a', load);
    cache.down();
    expect(cache.peek('a')).toBeUndefined();
    await cache.read('a', load);
    expect(cache.peek('a')).toBeUndefined();
    cache.up(10n);
    await cache.read('a', load);
    expect(cache.peek('a')).toBe('v1');
  });

  it('keys are separate: one key read never answers another', async () => {
    const { cache, load } = setup();
    await cache.read('ws_1/agt_1', load);
    await cache.read('ws_1/agt_1', load);
    expect(cache.peek('ws_2/agt_1')).toBeUndefined();
  });
});
