import { describeWith, http, waitFor, type HttpResult } from '@backforge/testing';
import { publicPrompts, START_DEADLINE_MS, startPlatform, type IssuedToken, type Platform, type PlatformMode } from './test-support/platform.js';

// The whole lifecycle of the spec through HTTP only, as a new user would walk it, the same in both
// modes: generate two backends, wait for completed, deploy, read status and endpoint, create keys,
// invoke describe and the backend's own actions, try another agent's key (403, its data untouched),
// rotate (old refused, new works), rotate with a grace period (both work), revoke (refused).
// Runs the built apps (apps/*/dist): `pnpm test` builds first.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const GENERATION_DEADLINE_MS = 150_000;
const DEPLOY_DEADLINE_MS = 90_000;
/**
 * A key change reaches every router well within this (the bench measures the real figure; it is well under a second):
 * generous, so a loaded machine does not fail a wait that would succeed.
 */
const REFUSAL_DEADLINE_MS = 60_000;

function expectError(result: HttpResult<Json>, status: number, code: string): void {
  expect({ status: result.status, code: result.body?.error?.code }).toEqual({ status, code });
  expect(result.body.error).toMatchObject({ code, message: expect.any(String), correlationId: expect.any(String) });
}

interface Deployed {
  agentId: string;
  slug: string;
  endpoint: string;
}

const suite = (mode: PlatformMode): void => {
  let platform: Platform;
  let owner: IssuedToken;
  let url: (path: string) => string;
  const agents: { todo?: Deployed; notes?: Deployed } = {};

  beforeAll(async () => {
    platform = await startPlatform(mode);
    url = (p) => `${platform.baseUrl}${p}`;
    owner = await platform.issueToken('data-plane-owner');
  }, START_DEADLINE_MS + 60_000);
  afterAll(async () => {
    await platform?.stop();
  });

  /** POST /v1/invoke/{slug} on the router's address (the control API's port in standalone mode). */
  const invoke = (slug: string, key: string | undefined, body: unknown) =>
    http<Json>(`${platform.invokeUrl}/v1/invoke/${slug}`, { method: 'POST', ...(key === undefined ? {} : { token: key }), json: body });

  async function generateAndDeploy(name: string, promptName: string): Promise<Deployed> {
    const prompt = (await publicPrompts()).find((p) => p.name === promptName)?.prompt;
    const generated = await http<Json>(url('/v1/generate'), { token: owner.token, json: { name, prompt, region: 'auto', autoDeploy: false } });
    expect(generated.status).toBe(201);
    const agentId = generated.body.data.agent.id as string;
    const jobId = generated.body.data.job.id as string;
    await waitFor(async () => {
      const read = await http<Json>(url(`/v1/generate/${jobId}`), { token: owner.token });
      if (read.body.data?.status === 'failed') throw new Error(`generation failed: ${JSON.stringify(read.body.data.error)}`);
      return read.body.data?.status === 'completed';
    }, { timeoutMs: GENERATION_DEADLINE_MS, description: `${name} generated` });

    const accepted = await http<Json>(url(`/v1/deploy/${agentId}`), { method: 'POST', token: owner.token });
    expect(accepted.status).toBe(202);
    expect(accepted.body.data.status).toBe('deploying');
    await waitFor(async () => {
      const read = await http<Json>(url(`/v1/deploy/${agentId}/status`), { token: owner.token });
      if (read.body.data?.status === 'failed') throw new Error(`deployment failed: ${JSON.stringify(read.body.data.error)}`);
      return read.body.data?.status === 'deployed';
    }, { timeoutMs: DEPLOY_DEADLINE_MS, description: `${name} deployed` });
    const endpoint = await http<Json>(url(`/v1/deploy/${agentId}/endpoint`), { token: owner.token });
    expect(endpoint.status).toBe(200);
    expect(endpoint.body.data).toEqual({ agentId, slug: expect.any(String), url: expect.stringMatching(/\/v1\/invoke\/[a-z0-9-]+$/) });
    const slug = endpoint.body.data.slug as string;
    expect(endpoint.body.data.url).toMatch(new RegExp(`/v1/invoke/${slug}$`));
    return { agentId, slug, endpoint: endpoint.body.data.url as string };
  }

  async function createKey(agentId: string, name: string): Promise<{ id: string; key: string }> {
    const created = await http<Json>(url(`/v1/agents/${agentId}/api-keys`), { token: owner.token, json: { name } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ id: expect.any(String), name, key: expect.any(String), prefix: expect.any(String), createdAt: expect.any(String) });
    return { id: created.body.data.id as string, key: created.body.data.key as string };
  }

  /** Invokes until the router answers other than 401: a key is usable once its creation reached the router. */
  async function usable(slug: string, key: string): Promise<HttpResult<Json>> {
    return waitFor(async () => {
      const answer = await invoke(slug, key, { action: 'describe' });
      return answer.status !== 401 && answer;
    }, { timeoutMs: REFUSAL_DEADLINE_MS, description: 'key usable on the router' });
  }

  async function refused(slug: string, key: string): Promise<void> {
    const answer = await waitFor(async () => {
      const r = await invoke(slug, key, { action: 'describe' });
      return r.status === 401 && r;
    }, { timeoutMs: REFUSAL_DEADLINE_MS, description: 'key refused' });
    expectError(answer, 401, 'UNAUTHENTICATED');
  }

  it('generates and deploys two backends; each has a status and an endpoint on the invoke route', async () => {
    agents.todo = await generateAndDeploy('Lifecycle Todo', 'todo-api');
    agents.notes = await generateAndDeploy('Lifecycle Notes', 'notes');
    const agent = await http<Json>(url(`/v1/agents/${agents.todo.agentId}`), { token: owner.token });
    await waitFor(async () => (await http<Json>(url(`/v1/agents/${agents.todo!.agentId}`), { token: owner.token })).body.data?.status === 'deployed', {
      timeoutMs: 30_000,
      description: 'agent deployed in its read model',
    });
    expect(agent.status).toBe(200);
  }, GENERATION_DEADLINE_MS * 2 + DEPLOY_DEADLINE_MS * 2);

  it("invokes describe and the backend's own actions with the agent's key; its answers come back unchanged", async () => {
    const todo = agents.todo!;
    const { key } = await createKey(todo.agentId, 'lifecycle');
    const described = await usable(todo.slug, key);
    expect(described.status).toBe(200);
    expect(described.body.ok).toBe(true);
    const actions = (described.body.result.actions as Json[]).map((a) => a.name as string);
    const create = actions.find((a) => /^create/.test(a));
    const list = actions.find((a) => /^list/.test(a));
    expect({ create, list }).toEqual({ create: expect.any(String), list: expect.any(String) });

    const made = await invoke(todo.slug, key, { action: create, input: { title: 'water the plants' } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ ok: true, result: { id: expect.any(String), title: 'water the plants' } });
    const listed = await invoke(todo.slug, key, { action: list, input: {} });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body.result)).toContain('water the plants');

    // The backend's own refusals pass through with their status: an unknown action is its 400.
    const unknown = await invoke(todo.slug, key, { action: 'launchRockets' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ ok: false, error: { code: 'UNKNOWN_ACTION' } });

    // Usage reaches the key list (reported by the router, at most once a minute per key).
    await waitFor(async () => {
      const keys = await http<Json>(url(`/v1/agents/${todo.agentId}/api-keys`), { token: owner.token });
      return (keys.body.data.items as Json[]).some((k) => typeof k.lastUsedAt === 'string');
    }, { timeoutMs: 90_000, description: 'lastUsedAt in the key list' });
  }, 180_000);

  it("refuses the router's own failures with the platform's error body: no key, malformed, unknown slug, not an object, another agent's key (403, its data untouched)", async () => {
    const todo = agents.todo!;
    const notes = agents.notes!;
    const todoKey = await createKey(todo.agentId, 'todo');
    const notesKey = await createKey(notes.agentId, 'notes');
    await usable(todo.slug, todoKey.key);
    await usable(notes.slug, notesKey.key);

    expectError(await invoke(todo.slug, undefined, { action: 'describe' }), 401, 'UNAUTHENTICATED');
    expectError(await invoke(todo.slug, 'bfk_not-a-real-key', { action: 'describe' }), 401, 'UNAUTHENTICATED');
    expectError(await invoke('no-such-backend-anywhere', todoKey.key, { action: 'describe' }), 404, 'NOT_FOUND');
    expectError(await invoke(todo.slug, todoKey.key, [1, 2, 3]), 400, 'INVALID_REQUEST');

    const described = await invoke(notes.slug, notesKey.key, { action: 'describe' });
    const list = (described.body.result.actions as Json[]).map((a) => a.name as string).find((a) => /^list/.test(a));
    const before = await invoke(notes.slug, notesKey.key, { action: list, input: {} });
    expect(before.status).toBe(200);
    const create = (described.body.result.actions as Json[]).map((a) => a.name as string).find((a) => /^create/.test(a));
    expectError(await invoke(notes.slug, todoKey.key, { action: create, input: { title: 'planted by another agent', body: 'x' } }), 403, 'FORBIDDEN');
    const after = await invoke(notes.slug, notesKey.key, { action: list, input: {} });
    expect(after.body).toEqual(before.body);
  }, 240_000);

  it('rotates a key: without a grace period the old key is refused at once and the new one works; with one, both work', async () => {
    const todo = agents.todo!;
    const first = await createKey(todo.agentId, 'to rotate');
    await usable(todo.slug, first.key);
    const rotated = await http<Json>(url(`/v1/agents/${todo.agentId}/api-keys/${first.id}/rotate`), { method: 'POST', token: owner.token, json: {} });
    expect(rotated.status).toBe(201);
    const second = rotated.body.data as { id: string; key: string };
    await refused(todo.slug, first.key);
    expect((await usable(todo.slug, second.key)).status).toBe(200);

    const graced = await http<Json>(url(`/v1/agents/${todo.agentId}/api-keys/${second.id}/rotate`), { method: 'POST', token: owner.token, json: { gracePeriodSeconds: 3600 } });
    expect(graced.status).toBe(201);
    const third = graced.body.data as { key: string };
    expect((await usable(todo.slug, third.key)).status).toBe(200);
    expect((await invoke(todo.slug, second.key, { action: 'describe' })).status).toBe(200);
  }, 300_000);

  it('revokes a key: refused from then on, with the same 401 as an unknown key', async () => {
    const todo = agents.todo!;
    const doomed = await createKey(todo.agentId, 'to revoke');
    await usable(todo.slug, doomed.key);
    const revoked = await http<Json>(url(`/v1/agents/${todo.agentId}/api-keys/${doomed.id}/revoke`), { method: 'POST', token: owner.token, json: {} });
    expect(revoked.status).toBe(200);
    await refused(todo.slug, doomed.key);
  }, 180_000);
};

describeWith(['postgres'])('data plane: standalone (one process)', () => suite('standalone'));
describeWith(['postgres', 'nats', 's3'])('data plane: distributed (one process per service)', () => suite('distributed'));
