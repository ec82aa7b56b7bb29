import { request as httpRequest } from 'node:http';
import { generatePlatformToken, generateSecret, parseKeyring, signToken } from '@backforge/auth';
import { describeWith, http, readSse, waitFor, type HttpResult } from '@backforge/testing';
import { START_DEADLINE_MS, startPlatform, type IssuedToken, type Platform, type PlatformMode } from './test-support/platform.js';

// Every refusal of the control API through HTTP, the same in both modes: error bodies and statuses,
// platform-token and signed-token refusals, and other workspaces' ids. Runs the built apps.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const VALID = { name: 'Refusals', prompt: 'hello', region: 'auto', autoDeploy: false };

/**
 * Announces a body over the server's limit (Content-Length) with node:http and waits for the answer
 * before sending it: the server must refuse from the header alone (413), without reading the body.
 * (Streaming the body while the server closes the connection would race into EPIPE.)
 */
function postOversized(target: string, token: string, body: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(target, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
        request.destroy();
      });
      response.on('error', reject);
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.on('close', () => {
      if (!answered) reject(new Error('the connection closed without an answer'));
    });
    request.flushHeaders();
  });
}

/** The error body of the spec, with the correlation id the response header carries. */
function expectError(result: HttpResult<Json>, status: number, code: string): Json {
  expect({ status: result.status, code: result.body?.error?.code }).toEqual({ status, code });
  const error = result.body.error as Json;
  expect(Object.keys(result.body)).toEqual(['error']);
  expect(error).toEqual({ code, message: expect.any(String), correlationId: result.headers.get('x-correlation-id'), ...(error.details === undefined ? {} : { details: error.details }) });
  expect(error.correlationId).toEqual(expect.any(String));
  return error;
}

function fieldsOf(error: Json): string[] {
  return ((error.details ?? []) as Json[]).map((d) => d.field as string);
}

const suite = (mode: PlatformMode): void => {
  let platform: Platform;
  let owner: IssuedToken;
  let stranger: IssuedToken;
  let url: (path: string) => string;
  /** Two jobs (and agents) of the owner's workspace. */
  const mine: Array<{ agentId: string; jobId: string; slug: string }> = [];

  beforeAll(async () => {
    platform = await startPlatform(mode);
    url = (p) => `${platform.baseUrl}${p}`;
    [owner, stranger] = await Promise.all([platform.issueToken('refusals-owner'), platform.issueToken('refusals-stranger')]);
    for (const name of ['Secret Ledger', 'Secret Ledger']) {
      const created = await http<Json>(url('/v1/generate'), { token: owner.token, json: { ...VALID, name } });
      expect(created.status).toBe(201);
      const { agent, job } = created.body.data as { agent: Json; job: Json };
      mine.push({ agentId: agent.id as string, jobId: job.id as string, slug: agent.slug as string });
    }
  }, START_DEADLINE_MS + 60_000);
  afterAll(async () => {
    await platform?.stop();
  });

  async function streamToken(jobId: string, expiresInSeconds?: number): Promise<string> {
    const minted = await http<Json>(url(`/v1/generate/${jobId}/stream-token`), { method: 'POST', token: owner.token, json: expiresInSeconds === undefined ? {} : { expiresInSeconds } });
    expect(minted.status).toBe(201);
    return minted.body.data.token as string;
  }
  const streamUrl = (jobId: string, token: string): string => url(`/v1/generate/${jobId}/stream?token=${encodeURIComponent(token)}`);
  /** The stream's refusal: a JSON error, never an event stream. */
  async function streamRefusal(jobId: string, token: string): Promise<HttpResult<Json>> {
    return http<Json>(streamUrl(jobId, token), { headers: { accept: 'text/event-stream' } });
  }

  it('400 names each bad field: missing, wrong types, unknown fields, bad limit and cursor, bad link lifetime', async () => {
    const generate = async (json: unknown): Promise<string[]> => fieldsOf(expectError(await http<Json>(url('/v1/generate'), { token: owner.token, json }), 400, 'VALIDATION_FAILED'));
    expect((await generate({})).sort()).toEqual(['autoDeploy', 'name', 'prompt', 'region']);
    for (const field of ['name', 'prompt', 'region', 'autoDeploy'] as const) {
      const { [field]: _omitted, ...rest } = VALID;
      expect(await generate(rest)).toEqual([field]);
    }
    expect(await generate({ ...VALID, name: 42 })).toEqual(['name']);
    expect(await generate({ ...VALID, prompt: ['hello'] })).toEqual(['prompt']);
    expect(await generate({ ...VALID, prompt: '' })).toEqual(['prompt']);
    expect(await generate({ ...VALID, region: 'eu-west-1' })).toEqual(['region']);
    expect(await generate({ ...VALID, autoDeploy: 'false' })).toEqual(['autoDeploy']);
    expect(await generate({ ...VALID, colour: 'blue' })).toEqual(['colour']);
    expect(await generate({ ...VALID, name: 'x'.repeat(101) })).toEqual(['name']);

    for (const query of ['limit=0', 'limit=101', 'limit=ten', 'cursor=%21%21not-a-cursor', 'sort=name']) {
      const listed = expectError(await http<Json>(url(`/v1/agents?${query}`), { token: owner.token }), 400, 'VALIDATION_FAILED');
      expect(fieldsOf(listed)).toEqual([query.split('=')[0]]);
    }
    for (const expiresInSeconds of [0, 3601, 'soon']) {
      const minted = await http<Json>(url(`/v1/generate/${mine[0]?.jobId ?? ''}/stream-token`), { method: 'POST', token: owner.token, json: { expiresInSeconds } });
      expect(fieldsOf(expectError(minted, 400, 'VALIDATION_FAILED'))).toEqual(['expiresInSeconds']);
    }
    // A body that is not JSON at all.
    expectError(await http<Json>(url('/v1/generate'), { token: owner.token, rawBody: '{"name": ', headers: { 'content-type': 'application/json' } }), 400, 'INVALID_REQUEST');
  });

  it('415 for a body that is not JSON', async () => {
    expectError(await http<Json>(url('/v1/generate'), { token: owner.token, rawBody: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await http<Json>(url('/v1/generate'), { token: owner.token, rawBody: JSON.stringify(VALID), headers: { 'content-type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('413 for a body over the limit, 422 for autoDeploy: true', async () => {
    const huge = { ...VALID, prompt: 'a'.repeat(2 * 1024 * 1024) };
    const tooLarge = await postOversized(url('/v1/generate'), owner.token, JSON.stringify(huge));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', correlationId: expect.any(String) } });
    const deploy = expectError(await http<Json>(url('/v1/generate'), { token: owner.token, json: { ...VALID, autoDeploy: true } }), 422, 'UNPROCESSABLE');
    expect(deploy.message).toContain('POST /v1/deploy/');
    expect(fieldsOf(deploy)).toEqual(['autoDeploy']);
  });

  it('401 for a missing, malformed, unknown or revoked platform token, on every route', async () => {
    // (the CLI runs twice below: slow on a loaded machine)
    const [first] = mine;
    const routes: Array<[string, string, unknown?]> = [
      ['POST', '/v1/generate', VALID],
      ['GET', `/v1/generate/${first?.jobId ?? ''}`],
      ['POST', `/v1/generate/${first?.jobId ?? ''}/stream-token`, {}],
      ['GET', '/v1/agents'],
      ['GET', `/v1/agents/${first?.agentId ?? ''}`],
      ['GET', `/v1/agents/by-slug/${first?.slug ?? ''}`],
    ];
    const unknown = generatePlatformToken().token; // well-formed, checksum right, never issued
    const credentials: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer' },
      { authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` },
      { authorization: 'Bearer bfp_not-a-token' },
      { authorization: `Bearer ${owner.token.slice(0, -1)}${owner.token.endsWith('A') ? 'B' : 'A'}` }, // checksum broken
      { authorization: `Bearer ${unknown}` },
    ];
    for (const [method, path, json] of routes) {
      for (const headers of credentials) {
        const result = await http<Json>(url(path), { method, headers, ...(json === undefined ? {} : { json }) });
        expectError(result, 401, 'UNAUTHENTICATED');
        expect(result.text).not.toContain(unknown);
      }
    }

    const doomed = await platform.issueToken('refusals-owner');
    expect((await http<Json>(url('/v1/agents'), { token: doomed.token })).status).toBe(200);
    await platform.revokeToken(doomed.id);
    // Revocation reaches the gateway through the log: the next calls are refused (within moments).
    await waitFor(async () => (await http<Json>(url('/v1/agents'), { token: doomed.token })).status === 401, { timeoutMs: 30_000, description: 'revoked token refused' });
    for (const [method, path, json] of routes) expectError(await http<Json>(url(path), { method, token: doomed.token, ...(json === undefined ? {} : { json }) }), 401, 'UNAUTHENTICATED');
    // The owner's other token still works.
    expect((await http<Json>(url('/v1/agents'), { token: owner.token })).status).toBe(200);
  }, 600_000);

  it('404 for another workspace\'s ids on every id-bearing route, with no byte of its data; and for unknown ids', async () => {
    const [first] = mine;
    const routes = [
      ['GET', `/v1/generate/${first?.jobId ?? ''}`],
      ['POST', `/v1/generate/${first?.jobId ?? ''}/stream-token`],
      ['GET', `/v1/agents/${first?.agentId ?? ''}`],
      ['GET', `/v1/agents/by-slug/${first?.slug ?? ''}`],
    ] as const;
    // What must not leak: the agent's name, the other id of the pair, its status, its workspace's name.
    const secrets = ['Secret Ledger', 'refusals-owner', 'generating', 'queued', 'failed'];
    for (const [method, path] of routes) {
      const result = await http<Json>(url(path), { method, token: stranger.token, ...(method === 'POST' ? { json: {} } : {}) });
      expectError(result, 404, 'NOT_FOUND');
      for (const secret of secrets) expect(result.text).not.toContain(secret);
      const other = path.includes(first?.jobId ?? '-') ? first?.agentId : first?.jobId;
      expect(result.text).not.toContain(other);
    }
    const strangerList = await http<Json>(url('/v1/agents'), { token: stranger.token });
    expect(strangerList.body.data).toEqual({ items: [], nextCursor: null });

    for (const [method, path] of [
      ['GET', '/v1/generate/job_000000000000000000000000'],
      ['POST', '/v1/generate/job_000000000000000000000000/stream-token'],
      ['GET', '/v1/agents/agt_000000000000000000000000'],
      ['GET', '/v1/agents/by-slug/no-such-agent'],
      ['GET', '/v1/generate/not an id'],
    ] as const) {
      expectError(await http<Json>(url(path), { method, token: owner.token, ...(method === 'POST' ? { json: {} } : {}) }), 404, 'NOT_FOUND');
    }
  });

  it('the stream refuses tampered, wrong-purpose, wrong-job and missing tokens, a platform token as ?token=, and a stream token on REST routes', async () => {
    const [first, second] = mine;
    const jobId = first?.jobId ?? '';
    const token = await streamToken(jobId);
    const ok = await readSse(streamUrl(jobId, token), { timeoutMs: 120_000 });
    expect(ok.status).toBe(200);

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { workspaceId: string; exp: number };
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const keyring = parseKeyring(platform.signingKeys);
    const download = signToken({ purpose: 'download', workspaceId: claims.workspaceId, agentId: first?.agentId ?? '', filename: 'latest', expiresInSeconds: 300 }, keyring).token;
    const foreignKey = signToken({ purpose: 'stream', workspaceId: claims.workspaceId, jobId, expiresInSeconds: 300 }, parseKeyring(`${keyring.active}:${generateSecret()}`)).token;
    const refused: Record<string, string> = {
      missing: '',
      garbage: 'not-a-token',
      'tampered payload': `${header}.${forged}.${signature}`,
      'tampered signature': `${header}.${payload}.${flipped}`,
      'signed with another key': foreignKey,
      'wrong purpose (a download token)': download,
      'platform token as ?token=': owner.token,
    };
    for (const [why, bad] of Object.entries(refused)) {
      const result = await streamRefusal(jobId, bad);
      expect({ why, status: result.status, code: result.body?.error?.code }).toEqual({ why, status: 401, code: 'UNAUTHENTICATED' });
      if (bad !== '') expect(result.text).not.toContain(bad);
    }
    // A token for one job does not open another job's stream.
    expectError(await streamRefusal(second?.jobId ?? '', token), 401, 'UNAUTHENTICATED');
    // A stream token is not a platform token.
    for (const path of ['/v1/agents', `/v1/generate/${jobId}`, `/v1/agents/${first?.agentId ?? ''}`]) {
      expectError(await http<Json>(url(path), { token }), 401, 'UNAUTHENTICATED');
    }
    const badResume = await http<Json>(streamUrl(jobId, token), { headers: { 'last-event-id': 'abc' } });
    expect(fieldsOf(expectError(badResume, 400, 'VALIDATION_FAILED'))).toEqual(['Last-Event-ID']);
  }, 180_000);

  it('an expired stream token is refused once expiry and the 5 s clock skew have passed', async () => {
    const jobId = mine[0]?.jobId ?? '';
    const token = await streamToken(jobId, 1);
    const minted = Date.now();
    const expiresAt = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')).exp as number;
    // Accepted while fresh (the job is finished, so the stream replays its history and closes)...
    expect((await readSse(streamUrl(jobId, token), { timeoutMs: 120_000 })).status).toBe(200);
    // ...then refused for good once past expiry + skew.
    const refused = await waitFor(async () => {
      const result = await streamRefusal(jobId, token);
      return result.status === 401 && result;
    }, { timeoutMs: 60_000, intervalMs: 500, description: 'expired token refused' });
    expectError(refused, 401, 'UNAUTHENTICATED');
    expect(Date.now()).toBeGreaterThanOrEqual((expiresAt + 5) * 1000 - 1000);
    expect(Date.now() - minted).toBeGreaterThan(4_000);
  }, 120_000);
};

describeWith(['postgres'])('control plane refusals: standalone (one process)', () => suite('standalone'));
describeWith(['postgres', 'nats', 's3'])('control plane refusals: distributed (each service in its own process)', () => suite('distributed'));
