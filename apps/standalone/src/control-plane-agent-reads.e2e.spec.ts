import { randomUUID } from 'node:crypto';
import { describeWith, http, waitFor, type HttpResult } from '@backforge/testing';
import { START_DEADLINE_MS, startPlatform, type IssuedToken, type Platform, type PlatformMode } from './test-support/platform.js';

// GET /v1/agents/{id} once the gateway keeps the agent's view (docs/decisions.md, "Gateway read
// path"): the same answer, headers, refusals, rate limit and freshness as the first, uncached read,
// in both modes. Runs the built apps.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const JOB_DEADLINE_MS = 180_000;
// Low enough to reach in a test, high enough for the polls of the other tests (every 250 ms).
const RATE = { perSecond: 5, burst: 10 };

/** Header names and the values that do not change from one response to the next. */
function stableHeaders(result: HttpResult<Json>): Record<string, string> {
  const headers: Record<string, string> = {};
  result.headers.forEach((value, name) => {
    headers[name] = name === 'date' || name === 'x-correlation-id' ? '(varies)' : value;
  });
  return headers;
}

const suite = (mode: PlatformMode): void => {
  let platform: Platform;
  let owner: IssuedToken;
  let stranger: IssuedToken;
  let url: (path: string) => string;

  beforeAll(async () => {
    platform = await startPlatform(mode, { env: { CONTROL_RATE_LIMIT_PER_SECOND: String(RATE.perSecond), CONTROL_RATE_LIMIT_BURST: String(RATE.burst) } });
    url = (p) => `${platform.baseUrl}${p}`;
    [owner, stranger] = await Promise.all([platform.issueToken('reads-owner'), platform.issueToken('reads-stranger')]);
  }, START_DEADLINE_MS + 60_000);
  afterAll(async () => {
    await platform?.stop();
  });

  const readAgent = (agentId: string, token: string, headers: Record<string, string> = {}) => http<Json>(url(`/v1/agents/${agentId}`), { token, headers });

  it('repeated reads answer what the first read answered, headers and correlation id included, and follow the agent to its final state', async () => {
    const generated = await http<Json>(url('/v1/generate'), { token: owner.token, json: { name: 'Cached Reads', prompt: 'hello', region: 'auto', autoDeploy: false } });
    expect(generated.status).toBe(201);
    const agentId = generated.body.data.agent.id as string;
    const jobId = generated.body.data.job.id as string;

    // The first read of this agent goes to the generation service; the next ones may be kept.
    const first = await readAgent(agentId, owner.token);
    expect(first.status).toBe(200);
    const again = await readAgent(agentId, owner.token);
    const correlationId = randomUUID();
    const third = await readAgent(agentId, owner.token, { 'x-correlation-id': correlationId });
    expect(third.headers.get('x-correlation-id')).toBe(correlationId);
    for (const later of [again, third]) {
      expect(later.status).toBe(200);
      expect(Object.keys(later.body)).toEqual(['data']);
      // The job may have moved between reads; when it has not, the bytes are the first read's.
      if (later.body.data.updatedAt === first.body.data.updatedAt) {
        expect(later.text).toBe(first.text);
        expect(stableHeaders(later)).toEqual(stableHeaders(first));
      }
    }

    // The job ends (this prompt is not understood: failed); the agent read follows in moments.
    const job = await waitFor(async () => {
      const read = await http<Json>(url(`/v1/generate/${jobId}`), { token: owner.token });
      return ['completed', 'failed'].includes(read.body.data?.status as string) && read.body.data;
    }, { timeoutMs: JOB_DEADLINE_MS, description: 'the job finished' });
    expect(job.status).toBe('failed');
    const settled = await waitFor(async () => {
      const read = await readAgent(agentId, owner.token);
      return read.body.data?.status === 'failed' && read;
    }, { timeoutMs: 30_000, description: 'the agent read shows the failed generation' });
    // Kept again once settled: the same answer read after read.
    for (let i = 0; i < 3; i++) expect((await readAgent(agentId, owner.token)).text).toBe(settled.text);

    // Another workspace's token: 404 with no byte of it, however often the owner read it.
    const foreign = await readAgent(agentId, stranger.token);
    expect({ status: foreign.status, code: foreign.body.error?.code, correlationId: foreign.body.error?.correlationId }).toEqual({ status: 404, code: 'NOT_FOUND', correlationId: foreign.headers.get('x-correlation-id') });
    for (const secret of ['Cached Reads', jobId]) expect(foreign.text).not.toContain(secret);
    // A platform token in the query is refused even with a valid header.
    const inQuery = await http<Json>(url(`/v1/agents/${agentId}?access_token=${encodeURIComponent(owner.token)}`), { token: owner.token });
    expect({ status: inQuery.status, code: inQuery.body.error?.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
  }, JOB_DEADLINE_MS + 120_000);

  it('a revoked token is refused on a kept agent view as soon as the revocation is in the log', async () => {
    const doomed = await platform.issueToken('reads-owner');
    const listed = await http<Json>(url('/v1/agents'), { token: owner.token });
    const agentId = (listed.body.data.items as Json[])[0]?.id as string;
    for (let i = 0; i < 3; i++) expect((await readAgent(agentId, doomed.token)).status).toBe(200);
    await platform.revokeToken(doomed.id);
    await waitFor(async () => (await readAgent(agentId, doomed.token)).status === 401, { timeoutMs: 30_000, description: 'revoked token refused' });
    for (let i = 0; i < 3; i++) {
      const refused = await readAgent(agentId, doomed.token);
      expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    }
    expect((await readAgent(agentId, owner.token)).status).toBe(200);
  }, 600_000);

  it('every read counts against the token\'s rate limit: 429 with Retry-After once its bucket is empty', async () => {
    const limited = await platform.issueToken('reads-owner');
    const listed = await http<Json>(url('/v1/agents'), { token: owner.token });
    const agentId = (listed.body.data.items as Json[])[0]?.id as string;
    const started = Date.now();
    // One read verifies the token (the gateway then knows it), then all at once: far more than the bucket holds, whatever the machine's speed.
    const warm = await readAgent(agentId, limited.token);
    expect(warm.status).toBe(200);
    const reads = await Promise.all(Array.from({ length: 6 * RATE.burst }, () => readAgent(agentId, limited.token)));
    const statuses = reads.map((r) => r.status);
    const refusal = reads.find((r) => r.status === 429);
    const seconds = (Date.now() - started) / 1000;
    const answered = 1 + statuses.filter((s) => s === 200).length;
    // The bucket: `burst` at once, then `perSecond` more each second.
    expect(answered).toBeLessThanOrEqual(RATE.burst + Math.ceil(seconds * RATE.perSecond) + 1);
    expect(new Set(statuses)).toEqual(new Set([200, 429]));
    expect(refusal?.body.error?.code).toBe('RATE_LIMITED');
    expect(Number(refusal?.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 120_000);
};

describeWith(['postgres'])('agent reads through the gateway: standalone (one process)', () => suite('standalone'));
describeWith(['postgres', 'nats', 's3'])('agent reads through the gateway: distributed (each service in its own process)', () => suite('distributed'));
