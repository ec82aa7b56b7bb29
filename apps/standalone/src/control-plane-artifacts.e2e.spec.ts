import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describeWith, http, waitFor } from '@backforge/testing';
import { publicPrompts, START_DEADLINE_MS, startPlatform, type IssuedToken, type Platform, type PlatformMode } from './test-support/platform.js';

// Validation and downloads through HTTP only, the same scenarios in both modes (distributed: every
// service in its own process, artifacts on the S3 test server). Runs the built apps (apps/*/dist).

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const JOB_DEADLINE_MS = 180_000;

/** The raw bytes of a download (the testing helper reads bodies as text). */
async function download(target: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(target, { headers, signal: AbortSignal.timeout(60_000) });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const suite = (mode: PlatformMode): void => {
  let platform: Platform;
  let owner: IssuedToken;
  let stranger: IssuedToken;
  let url: (path: string) => string;
  let agent: Json;

  beforeAll(async () => {
    platform = await startPlatform(mode);
    url = (p) => `${platform.baseUrl}${p}`;
    owner = await platform.issueToken('artifacts-owner');
    stranger = await platform.issueToken('artifacts-stranger');
    const todo = (await publicPrompts()).find((p) => p.name === 'todo-api');
    const generated = await http<Json>(url('/v1/generate'), { token: owner.token, json: { name: 'Artifacts Todo', prompt: todo?.prompt, region: 'auto', autoDeploy: false } });
    expect(generated.status).toBe(201);
    const agentId = generated.body.data.agent.id as string;
    agent = await waitFor(async () => {
      const read = await http<Json>(url(`/v1/agents/${agentId}`), { token: owner.token });
      if (read.body.data?.status === 'failed') throw new Error(`the generation failed: ${read.text}`);
      return read.body.data?.status === 'ready' && read.body.data?.latestArtifact && (read.body.data as Json);
    }, { timeoutMs: JOB_DEADLINE_MS, description: 'agent ready with its artifact' });
  }, START_DEADLINE_MS + JOB_DEADLINE_MS + 60_000);
  afterAll(async () => {
    await platform?.stop();
  });

  if (mode === 'standalone') {
    it('the first-start message names the port the process is bound to (it was started with PORT=0)', () => {
      const port = new URL(platform.baseUrl).port;
      const lines = (platform.processes.get('standalone')?.logs ?? []).map((l) => (typeof l.raw === 'string' ? l.raw : ''));
      expect(lines).toContain(`Backforge is running on http://localhost:${port} (API reference: http://localhost:${port}/docs).`);
    });
  }

  it('validates the agent again: 202 with the job, the job runs to passed with its report, and the reports list newest first, paged', async () => {
    const requested = await http<Json>(url(`/v1/validation/${agent.id as string}/validate`), { method: 'POST', token: owner.token });
    expect(requested.status).toBe(202);
    expect(requested.body.data).toEqual({ job: expect.objectContaining({ id: expect.any(String), status: 'queued' }) });
    const jobId = requested.body.data.job.id as string;

    const job = await waitFor(async () => {
      const read = await http<Json>(url(`/v1/validation/jobs/${jobId}`), { token: owner.token });
      return ['passed', 'failed', 'error'].includes(read.body.data?.status as string) && read.body.data;
    }, { timeoutMs: JOB_DEADLINE_MS, description: 'validation job finished' });
    expect(job).toMatchObject({ id: jobId, agentId: agent.id, status: 'passed', version: 1, attempts: 1, completedAt: expect.any(String) });
    const kinds = new Set((job.report.checks as Json[]).map((c) => c.kind));
    expect([...kinds].sort()).toEqual(['behaviour', 'build', 'quality']);
    for (const check of job.report.checks as Json[]) expect(check).toMatchObject({ name: expect.any(String), status: 'passed', durationMs: expect.any(Number) });
    expect(job.report).toMatchObject({ status: 'passed', startedAt: expect.any(String), finishedAt: expect.any(String), durationMs: expect.any(Number) });

    // The generation's report and this validation's, newest first; one per page with limit=1.
    const reports = await waitFor(async () => {
      const read = await http<Json>(url(`/v1/validation/agents/${agent.id as string}/reports`), { token: owner.token });
      return (read.body.data?.items as Json[] | undefined)?.length === 2 && read.body.data;
    }, { timeoutMs: 30_000, description: 'both reports listed' });
    expect(reports.nextCursor).toBeNull();
    expect(reports.items[0]).toMatchObject({ id: job.report.id, agentId: agent.id, version: 1, status: 'passed', summary: { failed: 0 } });
    expect(Date.parse(reports.items[0].finishedAt as string)).toBeGreaterThanOrEqual(Date.parse(reports.items[1].finishedAt as string));
    const first = await http<Json>(url(`/v1/validation/agents/${agent.id as string}/reports?limit=1`), { token: owner.token });
    expect(first.body.data.items).toEqual([reports.items[0]]);
    const second = await http<Json>(url(`/v1/validation/agents/${agent.id as string}/reports?limit=1&cursor=${encodeURIComponent(first.body.data.nextCursor as string)}`), { token: owner.token });
    expect(second.body.data.items).toEqual([reports.items[1]]);

    // The agent shows its latest validation.
    const read = await waitFor(async () => {
      const r = await http<Json>(url(`/v1/agents/${agent.id as string}`), { token: owner.token });
      return r.body.data?.latestValidation?.jobId === jobId && r.body.data;
    }, { timeoutMs: 30_000, description: 'agent shows the validation' });
    expect(read.latestValidation).toMatchObject({ jobId, status: 'passed' });

    // Another workspace sees none of it.
    for (const [method, path] of [
      ['POST', `/v1/validation/${agent.id as string}/validate`],
      ['GET', `/v1/validation/jobs/${jobId}`],
      ['GET', `/v1/validation/agents/${agent.id as string}/reports`],
    ] as const) {
      const refused = await http<Json>(url(path), { method, token: stranger.token });
      expect({ path, status: refused.status, code: refused.body.error?.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' });
      // No byte of its data: the agent's name and slug, the report, the other id of the pair.
      for (const secret of [agent.slug as string, 'Artifacts Todo', 'passed', path.includes(jobId) ? (agent.id as string) : jobId]) expect(refused.text).not.toContain(secret);
    }
  }, JOB_DEADLINE_MS * 2);

  it('downloads the latest archive with the platform token: streamed with its headers, ETag = sha256, 304 when unchanged', async () => {
    const project = (agent.latestArtifact.files as Json[]).find((f) => f.kind === 'project') as Json;
    const got = await download(url(`/v1/downloads/${agent.id as string}/latest`), { authorization: `Bearer ${owner.token}` });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/gzip');
    expect(Number(got.headers.get('content-length'))).toBe(got.bytes.length);
    expect(got.bytes.length).toBe(project.size);
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${project.filename as string}"`);
    expect(got.headers.get('etag')).toBe(`"${sha256(got.bytes)}"`);
    expect(sha256(got.bytes)).toBe(project.sha256);
    // A real gzip'd tar: its first entry is under the project's folder.
    expect(gunzipSync(got.bytes).subarray(0, 100).toString('utf8')).toMatch(/\w/);

    const unchanged = await download(url(`/v1/downloads/${agent.id as string}/latest`), { authorization: `Bearer ${owner.token}`, 'if-none-match': got.headers.get('etag') ?? '' });
    expect(unchanged.status).toBe(304);
    expect(unchanged.bytes.length).toBe(0);
    expect(unchanged.headers.get('etag')).toBe(got.headers.get('etag'));

    // Another workspace's token, or none: refused without a byte of the file.
    const foreign = await download(url(`/v1/downloads/${agent.id as string}/latest`), { authorization: `Bearer ${stranger.token}` });
    expect(foreign.status).toBe(404);
    expect((await download(url(`/v1/downloads/${agent.id as string}/latest`))).status).toBe(401);
  });

  it('signed links: a named file and latest through ?token=, refused for another file, a tampered token or another workspace', async () => {
    const minted = await http<Json>(url(`/v1/downloads/${agent.id as string}/token`), { token: owner.token, json: { filename: 'openapi.json', expiresInSeconds: 120 } });
    expect(minted.status).toBe(201);
    expect(minted.body.data).toEqual({ token: expect.any(String), url: expect.stringContaining(`/v1/downloads/${agent.id as string}/openapi.json?token=`), expiresAt: expect.any(String) });
    const expiresIn = Date.parse(minted.body.data.expiresAt as string) - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(121_000);
    const token = minted.body.data.token as string;

    const named = await download(url(`/v1/downloads/${agent.id as string}/openapi.json?token=${encodeURIComponent(token)}`));
    expect(named.status).toBe(200);
    expect(named.headers.get('content-type')).toBe('application/json');
    expect(named.headers.get('etag')).toBe(`"${sha256(named.bytes)}"`);
    expect(JSON.parse(named.bytes.toString('utf8'))).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    const again = await download(url(`/v1/downloads/${agent.id as string}/openapi.json?token=${encodeURIComponent(token)}`), { 'if-none-match': named.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);

    // The same token for another file, tampered, or without a token: 401.
    expect((await download(url(`/v1/downloads/${agent.id as string}/backforge.blueprint.json?token=${encodeURIComponent(token)}`))).status).toBe(401);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await download(url(`/v1/downloads/${agent.id as string}/openapi.json?token=${encodeURIComponent(tampered)}`))).status).toBe(401);
    expect((await download(url(`/v1/downloads/${agent.id as string}/openapi.json`))).status).toBe(401);

    // A link for latest works on the latest route, and is the same file as with the platform token.
    const latestLink = await http<Json>(url(`/v1/downloads/${agent.id as string}/token`), { method: 'POST', token: owner.token });
    expect(latestLink.status).toBe(201);
    const viaLink = await download(latestLink.body.data.url.replace(/^https?:\/\/[^/]+/, platform.baseUrl) as string);
    expect(viaLink.status).toBe(200);
    expect(viaLink.headers.get('etag')).toBe(`"${(agent.latestArtifact.files as Json[]).find((f) => f.kind === 'project')?.sha256 as string}"`);

    // The validation report alias, through its own link.
    const reportLink = await http<Json>(url(`/v1/downloads/${agent.id as string}/token`), { token: owner.token, json: { filename: 'validation-report.json' } });
    const report = await download(url(`/v1/downloads/${agent.id as string}/validation-report.json?token=${encodeURIComponent(reportLink.body.data.token as string)}`));
    expect(report.status).toBe(200);
    expect(JSON.parse(report.bytes.toString('utf8'))).toMatchObject({ status: 'passed' });

    // Another workspace cannot mint a link for this agent, nor an unknown file.
    const foreign = await http<Json>(url(`/v1/downloads/${agent.id as string}/token`), { token: stranger.token, json: {} });
    expect({ status: foreign.status, code: foreign.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    const unknown = await http<Json>(url(`/v1/downloads/${agent.id as string}/token`), { token: owner.token, json: { filename: 'nothing-v9.tar.gz' } });
    expect(unknown.status).toBe(404);
  });
};

describeWith(['postgres'])('control plane artifacts: standalone (one process)', () => suite('standalone'));
describeWith(['postgres', 'nats', 's3'])('control plane artifacts: distributed (each service in its own process, S3 test server)', () => suite('distributed'));
