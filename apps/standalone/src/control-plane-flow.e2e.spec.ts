import { describeWith, http, readSse, waitFor, type SseEvent } from '@backforge/testing';
import { publicPrompts, START_DEADLINE_MS, startPlatform, type IssuedToken, type Platform, type PlatformMode } from './test-support/platform.js';

// The control-plane flow through HTTP only, the same scenarios in both modes. Runs the built apps
// (apps/*/dist): `pnpm test` builds first.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const GENERATION_DEADLINE_MS = 120_000;
/** Tokens issued one after another, each used at once. */
const FRESH_TOKENS = 6;

function messages(events: SseEvent[]): Json[] {
  return events.map((e) => JSON.parse(e.data) as Json);
}

const suite = (mode: PlatformMode): void => {
  let platform: Platform;
  let owner: IssuedToken;
  let url: (path: string) => string;
  // Filled by the first test, read by the later ones.
  const created: { agentId?: string; jobId?: string; slug?: string; events?: SseEvent[] } = {};

  beforeAll(async () => {
    platform = await startPlatform(mode);
    url = (p) => `${platform.baseUrl}${p}`;
    owner = await platform.issueToken('flow-owner');
  }, START_DEADLINE_MS + 60_000);
  afterAll(async () => {
    await platform?.stop();
  });

  async function streamUrl(jobId: string): Promise<string> {
    const minted = await http<Json>(url(`/v1/generate/${jobId}/stream-token`), { method: 'POST', token: owner.token, json: {} });
    expect(minted.status).toBe(201);
    expect(minted.body.data).toEqual({ token: expect.any(String), url: expect.stringContaining(`/v1/generate/${jobId}/stream?token=`), expiresAt: expect.any(String) });
    return url(`/v1/generate/${jobId}/stream?token=${encodeURIComponent(minted.body.data.token as string)}`);
  }

  it('generates a backend from a public prompt: 201 at once, the stream follows it to completed, then the job and the agent read back', async () => {
    const todo = (await publicPrompts()).find((p) => p.name === 'todo-api');
    const started = Date.now();
    const generated = await http<Json>(url('/v1/generate'), { token: owner.token, json: { name: 'Todo API', prompt: todo?.prompt, region: 'auto', autoDeploy: false } });
    const answerMs = Date.now() - started;
    expect(generated.status).toBe(201);
    const { agent, job } = generated.body.data as { agent: Json; job: Json };
    expect(agent).toMatchObject({ id: expect.any(String), slug: expect.stringMatching(/^todo-api/), name: 'Todo API', status: 'generating', region: 'auto' });
    expect(job).toMatchObject({ id: expect.any(String), agentId: agent.id, status: 'queued' });
    process.stderr.write(`[control-plane ${mode}] POST /v1/generate answered in ${answerMs} ms\n`);
    Object.assign(created, { agentId: agent.id, jobId: job.id, slug: agent.slug });

    // Opened at once: whatever history there is, then live progress until completed, then closed.
    const stream = await readSse(await streamUrl(job.id as string), { timeoutMs: GENERATION_DEADLINE_MS });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.closedByServer).toBe(true);
    const ids = stream.events.map((e) => Number(e.id));
    expect(ids).toEqual(ids.map((_, i) => i)); // `id:` on each event: the revisions 0..n, no gap, no duplicate
    const sent = messages(stream.events);
    expect(sent[0]).toMatchObject({ type: 'GenerationRequested', jobId: job.id, status: 'queued' });
    expect(sent[1]).toMatchObject({ type: 'GenerationStarted', status: 'interpreting', attempt: 1 });
    expect(sent.at(-1)).toMatchObject({ type: 'GenerationCompleted', status: 'completed', result: { version: 1, artifacts: expect.arrayContaining([expect.stringMatching(/\.tar\.gz$/)]) } });
    const stages = sent.map((m) => m.status as string);
    for (const stage of ['synthesizing', 'building', 'storing']) expect(stages).toContain(stage);
    created.events = stream.events;

    const read = await waitFor(async () => {
      const r = await http<Json>(url(`/v1/generate/${job.id as string}`), { token: owner.token });
      return r.body.data?.status === 'completed' && r;
    }, { timeoutMs: 30_000, description: 'job completed in its read model' });
    expect(read.body.data).toMatchObject({ id: job.id, agentId: agent.id, status: 'completed', attempts: 1, completedAt: expect.any(String), result: { version: 1, summary: expect.anything() } });
    expect(read.body.data.error).toBeUndefined();

    const readAgent = await waitFor(async () => {
      const r = await http<Json>(url(`/v1/agents/${agent.id as string}`), { token: owner.token });
      return r.body.data?.status === 'ready' && r;
    }, { timeoutMs: 30_000, description: 'agent ready in its read model' });
    expect(readAgent.body.data).toMatchObject({ id: agent.id, slug: agent.slug, name: 'Todo API', status: 'ready', region: 'auto', latestArtifact: { version: 1 } });
    const files = (readAgent.body.data.latestArtifact.files as Json[]).map((f) => f.filename as string);
    expect(files).toContain(`${agent.slug as string}-v1.tar.gz`);

    const bySlug = await http<Json>(url(`/v1/agents/by-slug/${agent.slug as string}`), { token: owner.token });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data).toEqual(readAgent.body.data);
  }, GENERATION_DEADLINE_MS + 30_000);

  it('resumes the stream after Last-Event-ID with no gap and no duplicate, and closes after the terminal event', async () => {
    const all = created.events ?? [];
    expect(all.length).toBeGreaterThan(3);
    const stream = await streamUrl(created.jobId ?? '');
    // A finished job: its whole history, then the stream closes.
    const replay = await readSse(stream);
    expect(replay.closedByServer).toBe(true);
    expect(replay.events).toEqual(all);
    for (const cut of [0, 2, all.length - 2]) {
      const resumed = await readSse(stream, { headers: { 'last-event-id': all[cut]?.id ?? '' } });
      expect(resumed.closedByServer).toBe(true);
      expect([...all.slice(0, cut + 1), ...resumed.events]).toEqual(all);
    }
    // After the last event there is nothing more to send.
    const atEnd = await readSse(stream, { headers: { 'last-event-id': all.at(-1)?.id ?? '' } });
    expect(atEnd).toMatchObject({ status: 200, closedByServer: true, events: [] });
  });

  it('a prompt it cannot understand fails the job with the code, message and details (what was understood, what is missing, a draft)', async () => {
    const generated = await http<Json>(url('/v1/generate'), { token: owner.token, json: { name: 'hello', prompt: 'hello', region: 'auto', autoDeploy: false } });
    expect(generated.status).toBe(201);
    const jobId = generated.body.data.job.id as string;
    const stream = await readSse(await streamUrl(jobId), { timeoutMs: GENERATION_DEADLINE_MS });
    expect(stream.closedByServer).toBe(true);
    const last = messages(stream.events).at(-1);
    expect(last).toMatchObject({ type: 'GenerationFailed', status: 'failed', error: { code: 'PROMPT_NOT_UNDERSTOOD' } });
    // The job's read model follows the log: it may lag the stream by a moment.
    const job = await waitFor(async () => {
      const read = await http<Json>(url(`/v1/generate/${jobId}`), { token: owner.token });
      return read.body.data?.status === 'failed' && read;
    }, { timeoutMs: 30_000, description: 'job failed in its read model' });
    expect(job.body.data).toMatchObject({ id: jobId, status: 'failed', error: { code: 'PROMPT_NOT_UNDERSTOOD', message: expect.any(String), details: expect.anything() } });
    expect(job.body.data.error.message.length).toBeGreaterThan(10);
    expect(job.body.data.result).toBeUndefined();
    const agent = await waitFor(async () => {
      const read = await http<Json>(url(`/v1/agents/${generated.body.data.agent.id as string}`), { token: owner.token });
      return read.body.data?.status === 'failed' && read.body.data;
    }, { timeoutMs: 30_000, description: 'agent failed' });
    expect(agent.latestArtifact).toBeUndefined();
  }, GENERATION_DEADLINE_MS + 30_000);

  it('lists the workspace\'s agents newest first, page by page with nextCursor', async () => {
    const all = await http<Json>(url('/v1/agents'), { token: owner.token });
    expect(all.status).toBe(200);
    const items = all.body.data.items as Json[];
    expect(items.map((a) => a.name)).toEqual(['hello', 'Todo API']);
    expect(all.body.data.nextCursor).toBeNull();

    const first = await http<Json>(url('/v1/agents?limit=1'), { token: owner.token });
    expect(first.body.data.items).toEqual([items[0]]);
    expect(first.body.data.nextCursor).toEqual(expect.any(String));
    const second = await http<Json>(url(`/v1/agents?limit=1&cursor=${encodeURIComponent(first.body.data.nextCursor as string)}`), { token: owner.token });
    expect(second.body.data.items).toEqual([items[1]]);
    const last = second.body.data.nextCursor as string | null;
    if (last !== null) {
      // A cursor at the end may be given; the page after it is empty.
      const empty = await http<Json>(url(`/v1/agents?limit=1&cursor=${encodeURIComponent(last)}`), { token: owner.token });
      expect(empty.body.data).toEqual({ items: [], nextCursor: null });
    }

    const ready = await http<Json>(url('/v1/agents?status=ready'), { token: owner.token });
    expect((ready.body.data.items as Json[]).map((a) => a.id)).toEqual([created.agentId]);
  });

  // A platform token works on its very first request, however soon after the CLI issued it: the
  // gateway's read model of tokens may not have applied the issue yet (a loaded machine, a busy
  // projection), and the gateway then finds the issue in the log and waits for its read model
  // instead of refusing (docs/decisions.md, "Platform tokens and workspaces").
  it('a token issued by the CLI is accepted on its first request, every time', async () => {
    const answers: Array<{ workspace: string; status: number }> = [];
    for (let i = 0; i < FRESH_TOKENS; i++) {
      const workspace = `fresh-token-${i}`;
      const issued = await platform.issueToken(workspace);
      // No wait, no retry: the first request right after the CLI returned.
      const first = await http(url('/v1/agents'), { token: issued.token });
      answers.push({ workspace, status: first.status });
    }
    expect(answers).toEqual(answers.map(({ workspace }) => ({ workspace, status: 200 })));
  }, 600_000);
};

describeWith(['postgres'])('control plane flow: standalone (one process)', () => suite('standalone'));
describeWith(['postgres', 'nats', 's3'])('control plane flow: distributed (each service in its own process)', () => suite('distributed'));
