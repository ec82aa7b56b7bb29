import { describeWith, http } from '@backforge/testing';
import { START_DEADLINE_MS, startPlatform, type Platform, type PlatformMode } from './test-support/platform.js';

// A platform token works on its very first request, however soon after the CLI issued it: the
// gateway's read model of tokens may not have applied the issue yet (a loaded machine, a busy
// projection), and the gateway then finds the issue in the log and waits for its read model
// instead of refusing (docs/decisions.md, "Platform tokens and workspaces").
// Runs the built apps (apps/*/dist): `pnpm test` builds first.

const TOKENS = 6;

const suite = (mode: PlatformMode): void => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform(mode);
  }, START_DEADLINE_MS + 60_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it('a token issued by the CLI is accepted on its first request, every time', async () => {
    const answers: Array<{ workspace: string; status: number }> = [];
    for (let i = 0; i < TOKENS; i++) {
      const workspace = `fresh-token-${i}`;
      const issued = await platform.issueToken(workspace);
      // No wait, no retry: the first request right after the CLI returned.
      const first = await http(`${platform.baseUrl}/v1/agents`, { token: issued.token });
      answers.push({ workspace, status: first.status });
    }
    expect(answers).toEqual(answers.map(({ workspace }) => ({ workspace, status: 200 })));
  }, 600_000);
};

describeWith(['postgres'])('platform tokens: standalone (one process)', () => suite('standalone'));
describeWith(['postgres', 'nats', 's3'])('platform tokens: distributed (one process per service)', () => suite('distributed'));
