import { describeWith, http, waitFor, type HttpResult } from '@backforge/testing';
import { publicPrompts, START_DEADLINE_MS, startPlatform, type IssuedToken, type Platform, type PlatformMode } from './test-support/platform.js';

// Deployments through HTTP only, the same scenarios in both modes: generate -> completed -> deploy
// (202 deploying) -> deployed -> endpoint, a redeploy, and every refusal of the deploy routes.
// Runs the built apps (apps/*/dist): `pnpm test` builds first.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const GENERATION_DEADLINE_MS = 150_000;
const DEPLOY_DEADLINE_MS = 90_000;
const PUBLIC_BASE_URL = 'https://backforge.example.test';

/** The error body of the control API, with the expected status and code. */
function expectError(result: HttpResult<Json>, status: number, code: string): Json {
  expect({ status: result.status, code: result.body?.error?.code }).toEqual({ status, code });
  expect(result.body.error).toMatchObject({ code, message: expect.any(String), correlationId: expect.any(String) });
  return result.body.error as Json;
}

const suite = (mode: PlatformMode): void => {
  let platform: Platform;
  let owner: IssuedToken;
  let stranger: IssuedToken;
  let url: (path: string) => string;
  /** The todo agent, filled by the first test. */
  const todo: { agentId?: string; jobId?: string; slug?: string } = {};

  beforeAll(async () => {
    platform = await startPlatform(mode, { env: { PUBLIC_BASE_URL } });
    url = (p) => `${platform.baseUrl}${p}`;
    [owner, stranger] = await Promise.all([platform.issueToken('deploy-owner'), platform.issueToken('deploy-stranger')]);
  }, START_DEADLINE_MS + 60_000);
  afterAll(async () => {
    await platform?.stop();
  });

  const deploy = (agentId: string, token = owner.token) => http<Json>(url(`/v1/deploy/${agentId}`), { method: 'POST', token });
  const status = (agentId: string, token = owner.token) => http<Json>(url(`/v1/deploy/${agentId}/status`), { token });
  const endpoint = (agentId: string, token = owner.token) => http<Json>(url(`/v1/deploy/${agentId}/endpoint`), { token });
  const agentStatus = async (agentId: string) => (await http<Json>(url(`/v1/agents/${agentId}`), { token: owner.token })).body.data?.status as string | undefined;

  async function deployed(agentId: string, deploymentId: string): Promise<Json> {
    return waitFor(async () => {
      const read = await status(agentId);
      expect(read.status).toBe(200);
      const view = read.body.data as Json;
      if (view.deploymentId === deploymentId && view.status === 'failed') throw new Error(`deployment failed: ${JSON.stringify(view.error)}`);
      return view.deploymentId === deploymentId && view.status === 'deployed' && view;
    }, { timeoutMs: DEPLOY_DEADLINE_MS, description: `deployment ${deploymentId} deployed` });
  }

  it('an agent still generating cannot be deployed (409 AGENT_NOT_READY); it is not_deployed and has no endpoint (409 AGENT_NOT_DEPLOYED); once completed it deploys: 202 deploying, then deployed with its endpoint', async () => {
    const prompt = (await publicPrompts()).find((p) => p.name === 'todo-api')?.prompt;
    const generated = await http<Json>(url('/v1/generate'), { token: owner.token, json: { name: 'Deploy Todo', prompt, region: 'auto', autoDeploy: false } });
    expect(generated.status).toBe(201);
    const { agent, job } = generated.body.data as { agent: Json; job: Json };
    Object.assign(todo, { agentId: agent.id, jobId: job.id, slug: agent.slug });
    const agentId = agent.id as string;

    // Right after the request the job has only been queued: there is nothing to deploy yet.
    const early = expectError(await deploy(agentId), 409, 'AGENT_NOT_READY');
    expect(early.message).toContain('still generating');
    expect(early.details).toMatchObject({ reason: 'GENERATING', jobId: job.id });
    const before = await status(agentId);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ agentId, status: 'not_deployed', version: null, servingVersion: null });
    expectError(await endpoint(agentId), 409, 'AGENT_NOT_DEPLOYED');

    await waitFor(async () => {
      const read = await http<Json>(url(`/v1/generate/${job.id as string}`), { token: owner.token });
      if (read.body.data?.status === 'failed') throw new Error(`generation failed: ${JSON.stringify(read.body.data.error)}`);
      return read.body.data?.status === 'completed';
    }, { timeoutMs: GENERATION_DEADLINE_MS, description: 'generation job completed' });

    const started = Date.now();
    const accepted = await deploy(agentId);
    expect(accepted.status).toBe(202);
    expect(accepted.body.data).toEqual({ agentId, deploymentId: expect.stringMatching(/^dep_[0-9a-f]{24}$/), status: 'deploying', version: 1, servingVersion: null });
    const deploymentId = accepted.body.data.deploymentId as string;
    // The agent shows `deploying` from the moment the request is answered (read models may lag a moment).
    const seen = await waitFor(async () => {
      const s = await agentStatus(agentId);
      return (s === 'deploying' || s === 'deployed') && s;
    }, { timeoutMs: 30_000, description: 'agent deploying' });
    expect(['deploying', 'deployed']).toContain(seen);

    const view = await deployed(agentId, deploymentId);
    process.stderr.write(`[deploy ${mode}] POST /v1/deploy -> deployed in ${Date.now() - started} ms\n`);
    expect(view).toEqual({ agentId, deploymentId, status: 'deployed', version: 1, servingVersion: 1, deployedAt: expect.any(String) });
    await waitFor(async () => (await agentStatus(agentId)) === 'deployed', { timeoutMs: 30_000, description: 'agent deployed' });

    const served = await endpoint(agentId);
    expect(served.status).toBe(200);
    expect(served.body).toEqual({ data: { agentId, slug: todo.slug, url: `${PUBLIC_BASE_URL}/v1/invoke/${todo.slug as string}` } });
  }, GENERATION_DEADLINE_MS + DEPLOY_DEADLINE_MS + 60_000);

  it('a deployed agent is deployed again (same version): two requests at once, one 202 and one 409 DEPLOYMENT_IN_PROGRESS; the version keeps serving throughout', async () => {
    const agentId = todo.agentId ?? '';
    // Two requests sent together usually meet while the first redeploy runs; on a loaded machine the
    // second can arrive after the first has already finished (a warm redeploy takes ~100 ms), and is
    // then rightly accepted as a redeploy of its own. Such a pair is checked and the pair sent again.
    let refusedSeen = false;
    for (let attempt = 0; attempt < 5 && !refusedSeen; attempt++) {
      const first = await status(agentId);
      const answers = await Promise.all([deploy(agentId), deploy(agentId)]);
      const codes = answers.map((a) => a.status).sort();
      if (codes[0] === 202 && codes[1] === 202) {
        const ids = answers.map((a) => a.body.data.deploymentId as string);
        expect(new Set(ids).size).toBe(2);
        // accepted one after the other, never both while one ran: the later answer already saw the
        // earlier redeploy finished (its serving version was deployed after the one before the pair)
        const served = answers.map((a) => Date.parse(a.body.data.deployedAt as string)).sort((x, y) => x - y);
        expect(served[1]).toBeGreaterThan(Date.parse(first.body.data.deployedAt as string));
        expect((await endpoint(agentId)).status).toBe(200);
        await deployed(agentId, (await status(agentId)).body.data.deploymentId as string);
        continue;
      }
      expect(codes).toEqual([202, 409]);
      refusedSeen = true;
      const accepted = answers.find((a) => a.status === 202) as HttpResult<Json>;
      const refused = answers.find((a) => a.status === 409) as HttpResult<Json>;
      expectError(refused, 409, 'DEPLOYMENT_IN_PROGRESS');
      expect(refused.body.error.details).toMatchObject({ deploymentId: accepted.body.data.deploymentId });
      // While the redeploy runs, version 1 still serves: status says so and the endpoint answers.
      expect(accepted.body.data).toMatchObject({ status: 'deploying', version: 1, servingVersion: 1, deployedAt: first.body.data.deployedAt });
      expect((await endpoint(agentId)).status).toBe(200);
      const view = await deployed(agentId, accepted.body.data.deploymentId as string);
      expect(view).toMatchObject({ status: 'deployed', version: 1, servingVersion: 1 });
      expect(Date.parse(view.deployedAt as string)).toBeGreaterThanOrEqual(Date.parse(first.body.data.deployedAt as string));
    }
    expect(refusedSeen).toBe(true);
  }, 5 * DEPLOY_DEADLINE_MS + 30_000);

  it('an agent whose generation failed cannot be deployed: 409 AGENT_NOT_READY saying why; it stays failed', async () => {
    const generated = await http<Json>(url('/v1/generate'), { token: owner.token, json: { name: 'hello', prompt: 'hello', region: 'auto', autoDeploy: false } });
    expect(generated.status).toBe(201);
    const agentId = generated.body.data.agent.id as string;
    await waitFor(async () => (await agentStatus(agentId)) === 'failed', { timeoutMs: GENERATION_DEADLINE_MS, description: 'generation failed' });
    const refused = expectError(await deploy(agentId), 409, 'AGENT_NOT_READY');
    expect(refused.message).toContain('generation failed');
    expect(refused.details).toMatchObject({ reason: 'GENERATION_FAILED', generationError: 'PROMPT_NOT_UNDERSTOOD' });
    expect((await status(agentId)).body.data).toMatchObject({ status: 'not_deployed' });
    expectError(await endpoint(agentId), 409, 'AGENT_NOT_DEPLOYED');
    expect(await agentStatus(agentId)).toBe('failed');
  }, GENERATION_DEADLINE_MS + 30_000);

  it('refusals: another workspace\'s agent and an unknown id are 404 on every deploy route, a body is 400, no token is 401', async () => {
    const agentId = todo.agentId ?? '';
    for (const result of [await deploy(agentId, stranger.token), await status(agentId, stranger.token), await endpoint(agentId, stranger.token)]) {
      expectError(result, 404, 'NOT_FOUND');
      expect(result.text).not.toContain(todo.slug ?? '-');
    }
    for (const unknown of ['agt_000000000000000000000000', 'not-an-agent']) {
      expectError(await deploy(unknown), 404, 'NOT_FOUND');
      expectError(await status(unknown), 404, 'NOT_FOUND');
      expectError(await endpoint(unknown), 404, 'NOT_FOUND');
    }
    const withBody = await http<Json>(url(`/v1/deploy/${agentId}`), { method: 'POST', token: owner.token, json: { version: 1 } });
    expect(expectError(withBody, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'body', problems: ['must be empty'] }]);
    // An empty JSON object says nothing: accepted like no body.
    const emptyObject = await http<Json>(url(`/v1/deploy/${agentId}`), { method: 'POST', token: owner.token, json: {} });
    expect(emptyObject.status).toBe(202);
    await deployed(agentId, emptyObject.body.data.deploymentId as string);
    for (const path of [`/v1/deploy/${agentId}`, `/v1/deploy/${agentId}/status`, `/v1/deploy/${agentId}/endpoint`]) {
      expectError(await http<Json>(url(path), { method: path.endsWith(agentId) ? 'POST' : 'GET' }), 401, 'UNAUTHENTICATED');
    }
  }, DEPLOY_DEADLINE_MS + 60_000);
};

describeWith(['postgres'])('deploy: standalone (one process)', () => suite('standalone'));
describeWith(['postgres', 'nats', 's3'])('deploy: distributed (one process per service)', () => suite('distributed'));
