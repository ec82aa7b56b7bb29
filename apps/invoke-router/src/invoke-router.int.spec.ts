import { DEPLOY_SUBJECTS, KEYS_SUBJECTS, type DeployedNotification } from '@backforge/contracts';
import type { RunningService } from '@backforge/runtime';
import { describeWith, waitFor } from '@backforge/testing';
import { chunkedInvoke, handBundle, invoke, recipesBundle, RouterHarness, type IssuedKey } from './test-support/router-harness.js';

const RECIPE = { name: 'Pancakes', ingredients: ['flour', 'milk', 'eggs'], cookingTimeMinutes: 20, difficulty: 2 };

/** The one 401 body, whatever the reason (the correlation id aside). */
function refusalOf(result: { status: number; body: Record<string, unknown> }): unknown {
  const error = result.body.error as Record<string, unknown> | undefined;
  return { status: result.status, code: error?.code, message: error?.message };
}

describeWith(['postgres', 'nats'])('invoke-router: refusals, keys and routing against PostgreSQL, the event store, NATS and the sandbox', () => {
  let h: RouterHarness;
  let a: RunningService;
  let b: RunningService;
  let agentA: string;
  let agentB: string;
  let keyA: IssuedKey;
  let keyB: IssuedKey;

  beforeAll(async () => {
    h = await RouterHarness.create();
    const bundle = await recipesBundle();
    agentA = await h.createAgent('recipes-a');
    agentB = await h.createAgent('recipes-b');
    await h.deploy(agentA, 'recipes-a', 1, bundle);
    await h.deploy(agentB, 'recipes-b', 1, bundle);
    keyA = await h.createKey(agentA);
    keyB = await h.createKey(agentB);
    // Router a: generous limits; router b: a tight bucket (429) and a small body limit (413).
    a = await h.startRouter({ INVOKE_RATE_LIMIT_PER_SECOND: '10000', INVOKE_RATE_LIMIT_BURST: '10000' }, 'nats');
    b = await h.startRouter({ INVOKE_RATE_LIMIT_PER_SECOND: '1', INVOKE_RATE_LIMIT_BURST: '5', INVOKE_BODY_LIMIT_BYTES: '4096' }, 'nats');
  }, 180_000);

  afterAll(async () => {
    await h?.close();
  });

  it('runs a generated backend: the backend status and JSON come back unchanged, data in PostgreSQL per agent', async () => {
    const created = await invoke(a, 'recipes-a', keyA.key, { action: 'createRecipe', input: RECIPE });
    expect(created.status).toBe(200);
    expect(created.headers.get('x-correlation-id')).toBeTruthy();
    const recipe = (created.body as { ok: true; result: { id: string } }).result;
    expect(created.body).toMatchObject({ ok: true, result: { ...RECIPE, id: recipe.id } });
    const got = await invoke(a, 'recipes-a', keyA.key, { action: 'getRecipe', input: { id: recipe.id } });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);
    const missing = await invoke(a, 'recipes-a', keyA.key, { action: 'getRecipe', input: { id: 'nope' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const invalid = await invoke(a, 'recipes-a', keyA.key, { action: 'createRecipe', input: { name: 'x' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    const describe = await invoke(a, 'recipes-a', keyA.key, { action: 'describe' });
    expect(describe.status).toBe(200);
    expect(describe.body).toMatchObject({ ok: true, result: { actions: expect.any(Array) } });
    // The same generated backend under agent B has its own data.
    const listB = await invoke(a, 'recipes-b', keyB.key, { action: 'listRecipes', input: {} });
    expect(listB.body).toMatchObject({ ok: true, result: { total: 0 } });
  }, 180_000);

  it('answers 401 with one body for a missing, malformed, mistyped, unknown, revoked or expired key, and ignores keys in the query', async () => {
    const revoked = await h.createKey(agentA);
    const expired = await h.createKey(agentA);
    await h.revokeKey(revoked.keyId);
    await h.rotateKey(expired, agentA, 0);
    const other = await h.createKey(agentA); // unknown to nobody: used below to prove the 401s are not about the slug
    const mistyped = keyA.key.slice(0, -1) + (keyA.key.endsWith('a') ? 'b' : 'a');
    const body = { action: 'listRecipes', input: {} };
    const unknown = 'bfk_' + 'x'.repeat(46);
    const cases = await Promise.all([
      invoke(a, 'recipes-a', undefined, body),
      invoke(a, 'recipes-a', 'not-a-key', body),
      invoke(a, 'recipes-a', mistyped, body),
      invoke(a, 'recipes-a', unknown, body),
      invoke(a, 'recipes-a', undefined, body, { path: `/v1/invoke/recipes-a?key=${keyA.key}`, headers: {} }),
      invoke(a, 'recipes-a', undefined, body, { headers: { authorization: `Basic ${keyA.key}` } }),
      waitFor(async () => {
        const r = await invoke(a, 'recipes-a', revoked.key, body);
        return r.status === 401 && r;
      }),
      waitFor(async () => {
        const r = await invoke(a, 'recipes-a', expired.key, body);
        return r.status === 401 && r;
      }),
    ]);
    const expected = { status: 401, code: 'UNAUTHENTICATED', message: expect.any(String) };
    for (const c of cases) expect(refusalOf(c)).toEqual(expected);
    expect(new Set(cases.map((c) => JSON.stringify(refusalOf(c)))).size).toBe(1);
    for (const c of cases) expect((c.body.error as { correlationId: string }).correlationId).toBe(c.headers.get('x-correlation-id'));
    expect((await waitFor(async () => (await invoke(a, 'recipes-a', other.key, body)).status === 200 || undefined))).toBe(true);
  }, 180_000);

  it('honours the caller correlation id in the header and the error body', async () => {
    const r = await invoke(a, 'recipes-a', undefined, {}, { headers: { 'x-correlation-id': 'corr-invoke-1' } });
    expect(r.headers.get('x-correlation-id')).toBe('corr-invoke-1');
    expect(r.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String), correlationId: 'corr-invoke-1' } });
  });

  it('answers 403 for a key of agent A on agent B slug and leaves B data untouched', async () => {
    await invoke(a, 'recipes-b', keyB.key, { action: 'createRecipe', input: { ...RECIPE, name: 'B only' } });
    const before = await invoke(a, 'recipes-b', keyB.key, { action: 'listRecipes', input: {} });
    const refused = await invoke(a, 'recipes-b', keyA.key, { action: 'createRecipe', input: { ...RECIPE, name: 'from A' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const deleted = await invoke(a, 'recipes-b', keyA.key, { action: 'deleteRecipe', input: { id: 'x' } });
    expect(deleted.status).toBe(403);
    const after = await invoke(a, 'recipes-b', keyB.key, { action: 'listRecipes', input: {} });
    expect(after.body).toEqual(before.body);
    expect((after.body as { result: { total: number } }).result.total).toBe(1);
  }, 180_000);

  it('answers 404 for an unknown slug and 409 AGENT_NOT_DEPLOYED for an agent without a deployment', async () => {
    const unknown = await invoke(a, 'no-such-slug', keyA.key, { action: 'describe' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const agentC = await h.createAgent('not-deployed');
    const keyC = await h.createKey(agentC);
    const notDeployed = await waitFor(async () => {
      const r = await invoke(a, 'not-deployed', keyC.key, { action: 'describe' });
      return r.status !== 401 && r;
    });
    expect(notDeployed.status).toBe(409);
    expect(notDeployed.body).toMatchObject({ error: { code: 'AGENT_NOT_DEPLOYED' } });
  }, 180_000);

  it('answers 400 for a body that is not a JSON object, 415 for another content type, 413 over the size limit', async () => {
    for (const raw of ['[1,2]', '"text"', '42', 'null', '{"action":']) {
      const r = await invoke(a, 'recipes-a', keyA.key, undefined, { rawBody: raw, headers: { 'content-type': 'application/json' } });
      expect({ raw, status: r.status, code: (r.body.error as { code: string }).code }).toEqual({ raw, status: 400, code: 'INVALID_REQUEST' });
    }
    const empty = await invoke(a, 'recipes-a', keyA.key, undefined, { rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    const none = await invoke(a, 'recipes-a', keyA.key, undefined);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: { code: 'INVALID_REQUEST', message: 'The request body must be a JSON object' } });
    const text = await invoke(a, 'recipes-a', keyA.key, undefined, { rawBody: 'action=describe', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    const form = await invoke(a, 'recipes-a', keyA.key, undefined, { rawBody: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const big = await invoke(b, 'recipes-a', keyA.key, { action: 'describe', input: { pad: 'x'.repeat(8192) } });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  }, 180_000);

  it('answers a chunked body (the Fastify route) as it answers the same body with a length (the fast path), refusals and prototype keys included', async () => {
    const created = await invoke(a, 'recipes-a', keyA.key, { action: 'createRecipe', input: { ...RECIPE, name: 'Both ways' } });
    const id = (created.body as { result: { id: string } }).result.id;
    const bodies = [
      JSON.stringify({ action: 'getRecipe', input: { id } }),
      JSON.stringify({ action: 'getRecipe', input: { id: 'no-such-id' } }),
      '{"action":"getRecipe","input":{"id":"x"},"__proto__":{"admin":true}}',
      '{"action":"getRecipe","input":{"id":"x","\\u005f_proto__":1}}',
      '{"action":"getRecipe","constructor":{"prototype":{"admin":true}}}',
      '{"action":"getRecipe","input":{"id":"constructor"}}',
      '[1,2]',
      '{"action":',
    ];
    for (const raw of bodies) {
      const sized = await invoke(a, 'recipes-a', keyA.key, undefined, { rawBody: raw, headers: { 'content-type': 'application/json', 'x-correlation-id': 'corr-sized' } });
      const chunked = await chunkedInvoke(a, 'recipes-a', keyA.key, raw, 'corr-chunked');
      const strip = (r: { status: number; body: Record<string, unknown> }) => JSON.parse(JSON.stringify({ status: r.status, body: r.body }).replaceAll('corr-sized', 'corr').replaceAll('corr-chunked', 'corr'));
      expect({ raw, ...strip(chunked) }).toEqual({ raw, ...strip(sized) });
      expect(sized.headers.get('x-correlation-id')).toBe('corr-sized');
      expect(chunked.headers['x-correlation-id']).toBe('corr-chunked');
    }
    const [ok, missing, proto, escapedProto, ctor, plain] = await Promise.all(
      bodies.slice(0, 6).map((raw) => invoke(a, 'recipes-a', keyA.key, undefined, { rawBody: raw, headers: { 'content-type': 'application/json' } })),
    );
    expect(ok?.body).toMatchObject({ ok: true, result: { id, name: 'Both ways' } });
    expect(missing?.status).toBe(404);
    for (const refused of [proto, escapedProto, ctor]) expect(refused?.body).toMatchObject({ error: { code: 'INVALID_REQUEST', message: 'The request body is not valid JSON' } });
    expect(plain?.body).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } }); // the word alone is no reason to refuse
  }, 180_000);

  it('rate-limits per key lineage with Retry-After; a rotation does not refill the bucket', async () => {
    const key = await h.createKey(agentA);
    const body = { action: 'describe' };
    await waitFor(async () => (await invoke(b, 'recipes-a', key.key, body)).status === 200 || undefined); // 1 of the burst of 5
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await invoke(b, 'recipes-a', key.key, body)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    const limited = await invoke(b, 'recipes-a', key.key, body);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    const rotated = await h.rotateKey(key, agentA, 600);
    const afterRotation = await waitFor(async () => {
      const r = await invoke(b, 'recipes-a', rotated.key, body);
      return r.status !== 401 && r;
    });
    expect(afterRotation.status).toBe(429);
    // Another key has its own bucket on the same router.
    const fresh = await h.createKey(agentA);
    expect(await waitFor(async () => (await invoke(b, 'recipes-a', fresh.key, body)).status === 200 || undefined)).toBe(true);
  }, 180_000);

  it('rotation without grace refuses the old key at once; with grace both work until it ends', async () => {
    const body = { action: 'describe' };
    const k1 = await h.createKey(agentA);
    await waitFor(async () => (await invoke(a, 'recipes-a', k1.key, body)).status === 200 || undefined);
    const k2 = await h.rotateKey(k1, agentA, 0);
    const rotated = performance.now();
    // Refused as soon as the router has the ApiKeyRotated event (expiresAt = now), like a revocation.
    await waitFor(async () => (await invoke(a, 'recipes-a', k1.key, body)).status === 401 || undefined, { intervalMs: 5 });
    expect(performance.now() - rotated).toBeLessThan(30_000); // at once, not after a grace: wide for a loaded machine
    expect((await invoke(a, 'recipes-a', k2.key, body)).status).toBe(200);

    const g1 = await h.createKey(agentA);
    await waitFor(async () => (await invoke(a, 'recipes-a', g1.key, body)).status === 200 || undefined);
    const graceSeconds = 3;
    const rotatedAt = Date.now();
    const g2 = await h.rotateKey(g1, agentA, graceSeconds);
    await waitFor(async () => (await invoke(a, 'recipes-a', g2.key, body)).status === 200 || undefined);
    if (Date.now() - rotatedAt < graceSeconds * 1000 - 500) expect((await invoke(a, 'recipes-a', g1.key, body)).status).toBe(200);
    // Ended by time in the router: no event arrives when the grace period is over.
    await waitFor(async () => (await invoke(a, 'recipes-a', g1.key, body)).status === 401 || undefined, { timeoutMs: 30_000 });
    expect(Date.now() - rotatedAt).toBeGreaterThanOrEqual(graceSeconds * 1000 - 50);
    expect((await invoke(a, 'recipes-a', g2.key, body)).status).toBe(200);
  }, 180_000);

  /** Revokes a fresh key `rounds` times with `revoke`; answers, per round, when the slower router refused it (ms). */
  async function revocationLatencies(rounds: number, revoke: (key: IssuedKey) => Promise<void>): Promise<number[]> {
    // Polled on a slug that does not exist: 404 while the key is valid, 401 once it is refused, and
    // no backend run per poll, so the figure is the tables' delay.
    const body = { action: 'describe' };
    const latencies: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const key = await h.createKey(agentA);
      for (const router of [a, b]) await waitFor(async () => (await invoke(router, 'no-such-slug', key.key, body)).status === 404 || undefined);
      await revoke(key);
      const revokedAt = performance.now();
      const seen = await Promise.all(
        [a, b].map(async (router) => {
          for (;;) {
            const r = await invoke(router, 'no-such-slug', key.key, body);
            if (r.status === 401) return performance.now() - revokedAt;
            if (performance.now() - revokedAt > 60_000) throw new Error('revocation not seen within 60 s');
          }
        }),
      );
      latencies.push(Math.max(...seen));
      await new Promise((r) => setTimeout(r, 1100)); // let router b's bucket refill
    }
    return latencies.sort((x, y) => x - y);
  }

  it('the key-ended notification alone (no event yet) makes both routers refuse the key', async () => {
    const keys = await h.natsClient();
    const latencies = await revocationLatencies(3, (key) => keys.notify(KEYS_SUBJECTS.keyEnded, { keyId: key.keyId, revoked: true }));
    // How fast is the invoke bench's figure (docs/benchmarks.md); here: the notification alone is enough.
    console.log(`notification -> refused by both routers (ms): ${latencies.map((l) => l.toFixed(1)).join(', ')}`);
    expect(latencies).toHaveLength(3);
  }, 180_000);

  it('the deployed notice alone (its event not yet delivered) makes both routers route the new version', async () => {
    const agent = await h.createAgent('recipes-ahead');
    const first = await h.deploy(agent, 'recipes-ahead', 1, await recipesBundle());
    const key = await h.createKey(agent);
    const answers = (router: RunningService) => invoke(router, 'recipes-ahead', key.key, { action: 'whoami' }).then((r) => (r.body as { result?: unknown }).result);
    for (const router of [a, b]) await waitFor(async () => (await invoke(router, 'recipes-ahead', key.key, { action: 'describe' })).status === 200, { description: 'version 1 routed', timeoutMs: 60_000, intervalMs: 50 });
    expect(await answers(a)).toBeUndefined(); // the recipes backend has no `whoami`

    // Version 2 is stored; only its notice comes (at a position past everything the routers read).
    const bundle = await h.storeBundle(agent, 'recipes-ahead', 2, handBundle(`if (request.action === 'whoami') return { status: 200, body: { ok: true, result: 'v2' } };`));
    const deploy = await h.natsClient();
    const notice: DeployedNotification = { agentId: agent, deploymentId: 'dep_ahead_v2', slug: 'recipes-ahead', version: 2, bundle, position: (first.position + (1n << 40n)).toString() };
    await deploy.notify(DEPLOY_SUBJECTS.deployed, notice);
    for (const router of [a, b]) await waitFor(async () => (await answers(router)) === 'v2', { description: 'version 2 routed from the notice', timeoutMs: 60_000, intervalMs: 20 });

  }, 240_000);

  it('a revocation is refused by both routers: the event and the notification, as the keys service sends them, and the event alone (the safety net)', async () => {
    const keys = await h.natsClient();
    const both = await revocationLatencies(5, async (key) => {
      await h.revokeKey(key.keyId);
      await keys.notify(KEYS_SUBJECTS.keyEnded, { keyId: key.keyId, revoked: true });
    });
    const logOnly = await revocationLatencies(3, (key) => h.revokeKey(key.keyId));
    console.log(`revocation -> refused by both routers (ms): event + notification ${both.map((l) => l.toFixed(1)).join(', ')}; event alone ${logOnly.map((l) => l.toFixed(1)).join(', ')}`);
    // Each round waited (bounded at 10 s) until both routers refused; the latency target (p99 < 100 ms)
    // is the invoke bench's, not a timed test's.
    expect([both.length, logOnly.length]).toEqual([5, 3]);
  }, 240_000);
});

describeWith(['postgres'])('invoke-router: hostile backends and redeploys', () => {
  let h: RouterHarness;
  let router: RunningService;

  beforeAll(async () => {
    h = await RouterHarness.create();
    // Room for a loaded machine, so the limit each attack is about is the one that fires: the memory bomb spends
    // CPU time on allocation and GC, which beside a busy neighbour ran past 100 ms (CPU_TIME_EXCEEDED instead of
    // MEMORY_EXCEEDED); and after a crash the next calls' wall time includes waiting for a replacement worker.
    router = await h.startRouter({
      INVOKE_RATE_LIMIT_PER_SECOND: '100000',
      INVOKE_RATE_LIMIT_BURST: '100000',
      INVOKE_CPU_TIME_MS: '3000',
      INVOKE_TIMEOUT_MS: '20000', // below the test client's 30 s, which waits for the hanging call's answer
    });
  }, 240_000);

  afterAll(async () => {
    await h?.close();
  });

  it('a hostile bundle (CPU loop, memory, never answering) gets 504/502 while another backend keeps answering', async () => {
    const victim = await h.createAgent('victim');
    const hostile = await h.createAgent('hostile');
    await h.deploy(victim, 'victim', 1, handBundle(`return { status: 200, body: { ok: true, result: { hello: request.input ?? null } } };`));
    await h.deploy(
      hostile,
      'hostile',
      1,
      handBundle(`
        if (request.action === 'spin') { for (;;) {} }
        if (request.action === 'hog') { const all = []; for (;;) all.push(new ArrayBuffer(4 << 20)); }
        if (request.action === 'hang') { await new Promise(() => {}); }
        return { status: 200, body: { ok: true, result: 'fine' } };`),
    );
    const victimKey = await h.createKey(victim);
    const hostileKey = await h.createKey(hostile);
    await waitFor(async () => (await invoke(router, 'victim', victimKey.key, { action: 'x' })).status === 200 || undefined);
    await waitFor(async () => (await invoke(router, 'hostile', hostileKey.key, { action: 'ok' })).status === 200 || undefined);

    let attacking = true;
    const victimStatuses: number[] = [];
    const victimLoop = (async () => {
      while (attacking) victimStatuses.push((await invoke(router, 'victim', victimKey.key, { action: 'x', input: { n: victimStatuses.length } })).status);
    })();
    const spin = await invoke(router, 'hostile', hostileKey.key, { action: 'spin' });
    const hang = await invoke(router, 'hostile', hostileKey.key, { action: 'hang' });
    const hog = await waitFor(async () => {
      const r = await invoke(router, 'hostile', hostileKey.key, { action: 'hog' });
      return r.status !== 503 && r; // refused for a while after a crash: retry until it runs
    }, { timeoutMs: 60_000 });
    attacking = false;
    await victimLoop;

    expect(spin.status).toBe(504);
    expect(spin.body).toMatchObject({ error: { code: 'TIMEOUT', details: { reason: 'CPU_TIME_EXCEEDED' } } });
    process.stderr.write('HOG ' + JSON.stringify(hog.body) + ' SPIN ' + JSON.stringify(spin.body) + '\n');
    expect(hang.status).toBe(504);
    expect(hang.body).toMatchObject({ error: { code: 'TIMEOUT', details: { reason: 'WALL_TIME_EXCEEDED' } } });
    expect({ status: hog.status, body: hog.body }).toMatchObject({ status: 502 });
    expect(hog.body).toMatchObject({ error: { code: 'BACKEND_FAILED', details: { reason: 'MEMORY_EXCEEDED' } } });
    expect(victimStatuses.length).toBeGreaterThan(0);
    expect(victimStatuses.filter((s) => s !== 200)).toEqual([]);
  }, 240_000);

  it('a redeploy under load fails no request: the old version serves until the new one has loaded', async () => {
    const agentId = await h.createAgent('versioned');
    const versioned = (v: number) => handBundle(`
      const r = await context.store.insert('hits', { v: ${v} });
      return { status: 200, body: { ok: true, result: { version: ${v}, stored: r.ok } } };`);
    await h.deploy(agentId, 'versioned', 1, versioned(1));
    const key = await h.createKey(agentId);
    await waitFor(async () => (await invoke(router, 'versioned', key.key, {})).status === 200 || undefined);

    const outcomes: Array<{ status: number; version?: number }> = [];
    let running = true;
    const loops = Array.from({ length: 4 }, async () => {
      while (running) {
        const r = await invoke(router, 'versioned', key.key, { action: 'hit' });
        outcomes.push({ status: r.status, version: (r.body as { result?: { version?: number } }).result?.version });
      }
    });
    const seen = (v: number) => outcomes.some((o) => o.version === v);
    await waitFor(() => outcomes.length >= 20);
    await h.deploy(agentId, 'versioned', 2, versioned(2));
    await waitFor(() => seen(2), { description: 'version 2 answering' });
    await h.deploy(agentId, 'versioned', 3, versioned(3));
    await waitFor(() => seen(3), { description: 'version 3 answering' });
    const at3 = outcomes.length;
    await waitFor(() => outcomes.length >= at3 + 20);
    running = false;
    await Promise.all(loops);

    expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
    expect(seen(1) && seen(2) && seen(3)).toBe(true);
    // Once v3 answered, nothing older does (each request picks the newest loaded version).
    const firstV3 = outcomes.findIndex((o) => o.version === 3);
    expect(outcomes.slice(firstV3 + 8).filter((o) => o.version !== 3)).toEqual([]);
    console.log(`redeploy under load: ${outcomes.length} requests, 0 failed`);
  }, 240_000);
});
