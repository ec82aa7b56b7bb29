import { ClaimLoop } from './claim-loop.js';

/** Waits on a condition with a generous deadline (never a fixed sleep). */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const silent = { warn: () => undefined, error: () => undefined };

describe('ClaimLoop', () => {
  it('claims a hinted job at once, before the read model lists it, and never runs it twice', async () => {
    const listed: string[] = []; // the read model: it has not caught up with the new job
    const claimed = new Set<string>();
    const runs: string[] = [];
    let finds = 0;
    const loop = new ClaimLoop<string>({
      name: 'test',
      concurrency: 2,
      pollMs: 3_600_000, // no poll would ever find it: only the hint can
      logger: silent,
      findCandidates: async () => {
        finds += 1;
        return [...listed];
      },
      claim: async (id) => (claimed.has(id) ? undefined : (claimed.add(id), id)),
      run: async (id) => {
        runs.push(id);
      },
    });
    loop.start();
    await until(() => finds >= 1, 'the first look');
    loop.wake('job-1');
    await until(() => runs.length === 1, 'the hinted job to run');
    expect(runs).toEqual(['job-1']);
    // Once the read model shows it, it is not run again (the claim decides).
    listed.push('job-1');
    loop.wake();
    await until(() => finds >= 3, 'another look');
    await loop.stop();
    expect(runs).toEqual(['job-1']);
  });

  it('a hint that is not claimable (held elsewhere, or finished) costs nothing: the loop goes on to the listed jobs', async () => {
    const runs: string[] = [];
    const claimed = new Set<string>(['held-elsewhere']);
    const loop = new ClaimLoop<string>({
      name: 'test',
      concurrency: 1,
      pollMs: 3_600_000,
      logger: silent,
      findCandidates: async () => ['job-2'],
      claim: async (id) => (claimed.has(id) ? undefined : (claimed.add(id), id)),
      run: async (id) => {
        runs.push(id);
      },
    });
    loop.wake('held-elsewhere');
    loop.start();
    await until(() => runs.length >= 1, 'the listed job');
    await loop.stop();
    expect(runs).toEqual(['job-2']);
  });
});
