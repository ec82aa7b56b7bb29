// Invoke-router bench, against the built invoke-router process (distributed mode: its own HTTP
// server, NATS, a fresh database on the local PostgreSQL, a filesystem artifact store):
// - POST /v1/invoke/{slug} throughput and latency of a generated backend's `get` action (the
//   golden "recipes" blueprint, synthesized here), next to a bare Fastify route (its own process)
//   answering the same JSON, in alternating rounds; then p50/p99 of both at half the router's rate;
// - key verification cost, warm (parse + checksum + keyed digest + table lookup, 10,000 keys);
// - revocation to refusal across two router processes (event + NATS notification, as the keys
//   service sends them; and the event alone);
// - router memory (router + sandbox workers) with 500 deployed backends loaded.
// The load generator and the bare server run in processes of their own (support/http-load.mjs;
// keep-alive connections). One markdown section on stdout.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pct } from './support/http-load.mjs';
import { treePids, treeRss, withCpu } from './support/proc.mjs';
import { runNode } from './support/standalone.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const log = (msg) => process.stderr.write(`[invoke bench] ${msg}\n`);
const CONNECTIONS = 16;
/** Connection counts of the throughput sweep: at 16 the router is bound by its hops' latency, not by CPU. */
const SWEEP = [16, 64, 128];
const ROUND_SECONDS = 5;
const ROUNDS = 3;
const BACKENDS = 500;
const lib = (name) => import(path.join(root, 'libs', name, 'dist', 'index.js'));

/**
 * Options when run by hand (`pnpm bench invoke` passes none): `--only a,b` runs only those parts
 * (throughput, describe, half, keys, revocation, memory); `--router-flags "<node flags>"` starts the
 * routers with extra Node flags (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile one);
 * `--connections 16,64` replaces the throughput sweep's connection counts; `--baseline-root <dir>`
 * also starts a router built in another checkout (e.g. main) and measures it in the same rounds, an
 * A/B in one run (or INVOKE_BENCH_BASELINE_ROOT=<dir>); `--router-stdout <file>` keeps the first router's stdout (e.g. with `--trace-gc`).
 */
function benchOptions(argv) {
  const value = (name) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const only = value('--only')?.split(',').filter(Boolean);
  return {
    runs: (part) => !only || only.includes(part),
    routerFlags: value('--router-flags')?.split(/\s+/).filter(Boolean) ?? [],
    // Also from the environment, so that \`pnpm bench invoke\` (which passes no options) can record an A/B.
    baselineRoot: value('--baseline-root') ?? process.env.INVOKE_BENCH_BASELINE_ROOT,
    routerStdout: value('--router-stdout'),
    sweep: value('--connections')?.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0) ?? SWEEP,
  };
}

const child = (args, options) => runNode(path.join(import.meta.dirname, 'support/http-load.mjs'), args, options);

async function load(url, token, bodyFile, { rate = 0, connections = CONNECTIONS } = {}) {
  const { done } = child(['--load', url, token, bodyFile, String(ROUND_SECONDS), String(connections), String(rate)]);
  return JSON.parse(await done);
}

function commitOf(dir) {
  return new Promise((resolve, reject) => {
    const git = spawn('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    git.stdout.on('data', (chunk) => (out += chunk));
    git.on('error', reject);
    git.on('close', (code) => (code === 0 && out.trim() ? resolve(out.trim()) : reject(new Error('not a git checkout'))));
  });
}

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function main(argv) {
  const opts = benchOptions(argv);
  const pg = (await import('pg')).default;
  const { PostgresEventStore } = await lib('event-store');
  const { digestSecret, generateAgentKey, generateSecret, parseAgentKey, parseSecretKey } = await lib('auth');
  const { FileSystemArtifactStore } = await lib('artifact-store');
  const { synthesize, loadGoldenBlueprint, projectFile } = await lib('generator');
  const { createNatsTransport, MessagingClient } = await lib('messaging');
  // Nest's own logger would print the NATS client's status lines on stdout, which is this bench's section.
  (await import('@nestjs/common')).Logger.overrideLogger(false);
  const { KEYS_SUBJECTS } = await lib('contracts');
  const { InvokeTables } = await import(path.join(root, 'apps/invoke-router/dist/invoke-tables.js'));

  const serverUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  const dbName = `bf_bench_inv_${process.pid}`;
  const admin = new pg.Client({ connectionString: Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-bench-inv-'));
  const digestSecretKey = generateSecret();
  const digestKey = parseSecretKey(digestSecretKey, 'AUTH_DIGEST_KEY');
  const namespace = `bench-${randomBytes(4).toString('hex')}`;
  const natsUrl = process.env.NATS_URL || 'nats://127.0.0.1:4222';
  const events = new PostgresEventStore({ connectionString: databaseUrl });
  await events.ensureSchema();
  const artifacts = new FileSystemArtifactStore({ dir: path.join(tmp, 'artifacts') });
  const md = () => ({ eventId: randomUUID(), correlationId: 'bench', causationId: 'bench', workspaceId: 'bench', occurredAt: new Date().toISOString(), schemaVersion: 1 });
  const project = await synthesize(loadGoldenBlueprint('recipes'), { name: 'recipes' });
  const bundleBytes = Buffer.from(projectFile(project, 'dist/handler.js'), 'utf8');

  async function agentWithDeployment(slug) {
    const agentId = `agt_${randomBytes(12).toString('hex')}`;
    await events.append(`agent-${agentId}`, [{ type: 'AgentCreated', data: { agentId, workspaceId: 'bench', slug, name: slug, region: 'auto', jobId: 'job_bench' }, metadata: md() }], 'no_stream');
    const filename = `${slug}-v1.bundle.js`;
    await artifacts.put({ agentId, filename }, bundleBytes, { contentType: 'text/javascript' });
    const bundle = { filename, kind: 'bundle', size: bundleBytes.length, sha256: createHash('sha256').update(bundleBytes).digest('hex'), contentType: 'text/javascript' };
    await events.append(`deployment-${agentId}`, [{ type: 'DeploymentSucceeded', data: { deploymentId: `dep_${randomBytes(8).toString('hex')}`, attempt: 1, agentId, slug, version: 1, bundle, smoke: { action: 'describe', status: 200, durationMs: 1 } }, metadata: md() }], 'any');
    return agentId;
  }
  async function keyFor(agentId) {
    const keyId = `key_${randomBytes(12).toString('hex')}`;
    const { key, prefix, lastFour } = generateAgentKey();
    await events.append(`apikey-${keyId}`, [{ type: 'ApiKeyCreated', data: { keyId, agentId, workspaceId: 'bench', name: 'bench', prefix, lastFour, digest: digestSecret(key, digestKey), lineage: keyId }, metadata: md() }], 'no_stream');
    return { keyId, key };
  }

  const routers = [];
  async function startRouter(from = root) {
    const port = await freePort();
    const env = {
      PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl, NATS_URL: natsUrl, NATS_NAMESPACE: namespace, PORT: String(port), HOST: '127.0.0.1',
      // The access log (one info line per request) is off, as an operator would run a busy data plane.
      LOG_LEVEL: 'warn', AUTH_DIGEST_KEY: digestSecretKey, ARTIFACT_STORE: 'fs', ARTIFACTS_DIR: path.join(tmp, 'artifacts'),
      INVOKE_RATE_LIMIT_PER_SECOND: '1000000', INVOKE_RATE_LIMIT_BURST: '1000000',
    };
    // The extra flags go to this checkout's routers only: with --baseline-root, an A/B of a flag.
    const stdout = opts.routerStdout && routers.length === 0 ? openSync(opts.routerStdout, 'w') : 'ignore';
    const proc = spawn(process.execPath, ['--no-node-snapshot', ...(from === root ? opts.routerFlags : []), path.join(from, 'apps/invoke-router/dist/main.js')], { cwd: tmp, env, stdio: ['ignore', stdout, 'inherit'] });
    routers.push(proc);
    const base = `http://127.0.0.1:${port}`;
    for (let deadline = Date.now() + 300_000; ; ) {
      const ready = await fetch(`${base}/health/ready`).then((r) => r.status, () => 0);
      if (ready === 200) break;
      if (Date.now() > deadline || proc.exitCode !== null) throw new Error('the invoke-router did not get ready');
      await new Promise((r) => setTimeout(r, 200));
    }
    return { base, pid: proc.pid };
  }
  const post = async (url, key, body) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) }, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
    return { status: res.status, text: await res.text() };
  };

  let bare;
  let bareDescribe;
  const keysTransport = createNatsTransport({ url: natsUrl, name: 'bench-keys', namespace });
  try {
    const agentId = await agentWithDeployment('recipes');
    const { key } = await keyFor(agentId);
    const r1 = await startRouter();
    const r0 = opts.baselineRoot ? await startRouter(path.resolve(opts.baselineRoot)) : null;
    // The baseline named by its commit where it is a git checkout (its build is what runs).
    const baselineName = r0 ? await commitOf(path.resolve(opts.baselineRoot)).then((c) => `${opts.baselineRoot} at ${c}`, () => opts.baselineRoot) : null;
    const idleRss = treeRss(r1.pid);
    const url = `${r1.base}/v1/invoke/recipes`;
    const created = JSON.parse((await post(url, key, { action: 'createRecipe', input: { name: 'Pancakes', ingredients: ['flour', 'milk'], cookingTimeMinutes: 20, difficulty: 2 } })).text);
    const getBody = { action: 'getRecipe', input: { id: created.result.id } };
    const sample = await post(url, key, getBody);
    if (sample.status !== 200) throw new Error(`getRecipe answered ${sample.status}: ${sample.text}`);
    const bodyFile = path.join(tmp, 'get.json');
    const answerFile = path.join(tmp, 'answer.json');
    await fs.writeFile(bodyFile, JSON.stringify(getBody));
    await fs.writeFile(answerFile, sample.text);
    const barePort = await new Promise((resolve) => {
      bare = child(['--bare', answerFile], { onLine: (line) => resolve(JSON.parse(line).port) });
    });
    const bareUrl = `http://127.0.0.1:${barePort}/v1/invoke/recipes`;

    // 1. Throughput, alternating rounds, then both at half of the router's rate.
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const summary = (rs) => ({
      rps: median(rs.map((x) => x.requests / x.seconds)),
      p50: median(rs.map((x) => x.p50)),
      p99: Math.max(...rs.map((x) => x.p99)),
      errors: rs.reduce((n, x) => n + x.errors, 0),
      loadCpu: median(rs.map((x) => x.loadCpu)),
      cpu: Object.fromEntries(Object.keys(rs[0]?.cpu ?? {}).map((name) => [name, median(rs.map((x) => x.cpu[name]))])),
      syscalls: Object.fromEntries(Object.keys(rs[0]?.syscalls ?? {}).map((name) => [name, [0, 1].map((i) => median(rs.map((x) => x.syscalls[name][i])))])),
    });
    // The router's process with its sandbox workers, and the PostgreSQL backends serving this database.
    const routerCpuGroups = async () => ({
      router: treePids(r1.pid),
      main: [r1.pid],
      postgres: (await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])).rows.map((r) => r.pid),
    });
    // Both sides at each connection count of the sweep, the counts interleaved within each round so
    // that the machine's drift touches all of them alike. Saturation: each side's best of the sweep.
    const sweep = opts.sweep;
    const rounds = new Map(sweep.map((c) => [c, { router: [], bare: [], baseline: [] }]));
    const baselineUrl = r0 && `${r0.base}/v1/invoke/recipes`;
    const baselineCpuGroups = async () => ({
      router: treePids(r0.pid),
      main: [r0.pid],
      postgres: (await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])).rows.map((r) => r.pid),
    });
    if (r0) await load(baselineUrl, key, bodyFile);
    if (opts.runs('throughput') || opts.runs('half')) {
      log('throughput');
      await load(url, key, bodyFile);
      await load(bareUrl, '-', bodyFile);
    }
    // Half load alone needs the router's full rate: one round of each.
    const roundCount = opts.runs('throughput') ? ROUNDS : opts.runs('half') ? 1 : 0;
    for (let r = 0; r < roundCount; r += 1) {
      for (const connections of sweep) {
        const at = rounds.get(connections);
        at.router.push(await withCpu(await routerCpuGroups(), () => load(url, key, bodyFile, { connections })));
        at.bare.push(await withCpu({ bare: [bare.proc.pid] }, () => load(bareUrl, '-', bodyFile, { connections })));
        if (r0) at.baseline.push(await withCpu(await baselineCpuGroups(), () => load(baselineUrl, key, bodyFile, { connections })));
      }
    }
    const bySweep = sweep.map((connections) => ({
      connections,
      ro: summary(rounds.get(connections).router),
      bo: summary(rounds.get(connections).bare),
      bl: r0 ? summary(rounds.get(connections).baseline) : null,
    }));
    const best = (side) => bySweep.reduce((a, b) => (b[side].rps > a[side].rps ? b : a));
    const routerBest = best('ro');
    const bareBest = best('bo');
    const ro = routerBest.ro;
    const bo = bareBest.bo;
    const first = bySweep.find((x) => x.connections === CONNECTIONS) ?? bySweep[0];
    // The same without the store: `describe` runs in the isolate only (router + sandbox, no PostgreSQL),
    // both at the router's saturating connection count.
    const describeFile = path.join(tmp, 'describe.json');
    const describeAnswer = path.join(tmp, 'describe-answer.json');
    await fs.writeFile(describeFile, JSON.stringify({ action: 'describe' }));
    await fs.writeFile(describeAnswer, (await post(url, key, { action: 'describe' })).text);
    const bareDescribePort = await new Promise((resolve) => {
      bareDescribe = child(['--bare', describeAnswer], { onLine: (line) => resolve(JSON.parse(line).port) });
    });
    const bareDescribeUrl = `http://127.0.0.1:${bareDescribePort}/v1/invoke/recipes`;
    const describeRounds = { router: [], bare: [] };
    for (let r = 0; opts.runs('describe') && r < ROUNDS; r += 1) {
      const connections = routerBest.connections;
      describeRounds.router.push(await withCpu(await routerCpuGroups(), () => load(url, key, describeFile, { connections })));
      describeRounds.bare.push(await withCpu({ bare: [bareDescribe.proc.pid] }, () => load(bareDescribeUrl, '-', describeFile, { connections })));
    }
    const rd = summary(describeRounds.router);
    const bd = summary(describeRounds.bare);
    // Half of the router's saturation rate, paced over the connection count that saturated it.
    const half = Math.max(1, Math.round(ro.rps / 2));
    const skipped = { p50: NaN, p99: NaN, errors: 0 };
    let halfRouter = skipped;
    let halfBare = skipped;
    let halfBaseline = null;
    if (opts.runs('half')) {
      log(`half load: ${half} req/s over ${routerBest.connections} connections`);
      halfRouter = await load(url, key, bodyFile, { rate: half, connections: routerBest.connections });
      halfBare = await load(bareUrl, '-', bodyFile, { rate: half, connections: routerBest.connections });
      if (r0) halfBaseline = await load(baselineUrl, key, bodyFile, { rate: half, connections: routerBest.connections });
    }

    const cpuPerOp = [];
    const wallPerOp = [];
    if (opts.runs('keys')) {
      // 2. Key verification, warm, in this process: what the router does per request before routing.
      log('key verification');
      const tables = new InvokeTables();
      const presented = [];
      for (let i = 0; i < 10_000; i += 1) {
        const k = generateAgentKey().key;
        tables.apply({ type: 'ApiKeyCreated', data: { keyId: `key_${i}`, agentId: 'agt', digest: digestSecret(k, digestKey), lineage: `key_${i}` } });
        if (i % 10 === 0) presented.push(k);
      }
      const verify = (k) => {
        const parsed = parseAgentKey(k);
        return parsed.ok && tables.checkKey(digestSecret(parsed.value, digestKey), Date.now()).ok;
      };
      for (let batch = 0; batch < 100; batch += 1) {
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        for (let i = 0; i < 2000; i += 1) if (!verify(presented[i % presented.length])) throw new Error('a valid key was refused');
        wallPerOp.push(((performance.now() - t0) * 1000) / 2000);
        const cpu = process.cpuUsage(cpu0);
        cpuPerOp.push((cpu.user + cpu.system) / 2000);
      }
      cpuPerOp.sort((a, b) => a - b);
      wallPerOp.sort((a, b) => a - b);
    }

    let revokedBoth = [];
    let revokedLog = [];
    const inRouter = { notification: [], event: [], via: { notification: 0, event: 0 } };
    const pollRtt = [];
    if (opts.runs('revocation')) {
      // 3. Revocation to refusal across two router processes.
      log('revocation');
      const r2 = await startRouter();
      await keysTransport.client.connect();
      const keys = new MessagingClient(keysTransport, 5000);
      // Each router announces when its table started refusing a revoked key, by its own clock (the
      // same host's as this process): the in-router figure, free of the polls' round trips.
      const { connect } = await import('@nats-io/transport-node');
      const nc = await connect({ servers: natsUrl, name: 'bench-key-refused' });
      const notices = new Map();
      const sub = nc.subscribe(`${namespace}.backforge.invoke-router.notify.key-refused`, {
        callback: (err, msg) => {
          if (err) return;
          const packet = JSON.parse(new TextDecoder().decode(msg.data));
          const notice = packet.data ?? packet;
          notices.set(notice.keyId, [...(notices.get(notice.keyId) ?? []), notice]);
        },
      });
      const epochNow = () => performance.timeOrigin + performance.now();
      const revocation = async (rounds, withNotification) => {
        const out = [];
        for (let i = 0; i < rounds; i += 1) {
          const k = await keyFor(agentId);
          // Polled on a slug nobody has: 404 while the key is valid, 401 once refused; no backend runs.
          for (const r of [r1, r2]) while ((await post(`${r.base}/v1/invoke/no-such-slug`, k.key, {})).status !== 404) await new Promise((res) => setTimeout(res, 2));
          await events.append(`apikey-${k.keyId}`, [{ type: 'ApiKeyRevoked', data: { keyId: k.keyId }, metadata: md() }], 'any');
          const sent = epochNow(); // the append's answer, and the notification's publish right after it
          if (withNotification) await keys.notify(KEYS_SUBJECTS.keyEnded, { keyId: k.keyId, revoked: true });
          const t0 = performance.now();
          const seen = await Promise.all(
            [r1, r2].map(async (r) => {
              while ((await post(`${r.base}/v1/invoke/no-such-slug`, k.key, {})).status !== 401) if (performance.now() - t0 > 10_000) throw new Error('not refused within 10 s');
              return performance.now() - t0;
            }),
          );
          out.push(Math.max(...seen));
          for (const deadline = Date.now() + 5000; (notices.get(k.keyId)?.length ?? 0) < 2 && Date.now() < deadline; ) await new Promise((res) => setTimeout(res, 5));
          const heard = notices.get(k.keyId) ?? [];
          if (heard.length < 2) throw new Error(`only ${heard.length} router(s) announced refusing key ${k.keyId}`);
          for (const n of heard) inRouter.via[n.via] += 1;
          const slowest = Math.max(...heard.map((n) => n.refusedAt));
          // From the notification's publish (with it), or from the append's answer (the event alone).
          (withNotification ? inRouter.notification : inRouter.event).push(slowest - sent);
        }
        return out.sort((a, b) => a - b);
      };
      revokedBoth = await revocation(100, true);
      revokedLog = await revocation(30, false);
      inRouter.notification.sort((a, b) => a - b);
      inRouter.event.sort((a, b) => a - b);
      sub.unsubscribe();
      await nc.close();
      // What one poll costs on these routers now: the resolution of the figures above.
      const pollKey = await keyFor(agentId);
      for (let i = 0; i < 200; i += 1) {
        const t0 = performance.now();
        await post(`${(i % 2 ? r2 : r1).base}/v1/invoke/no-such-slug`, pollKey.key, {});
        pollRtt.push(performance.now() - t0);
      }
      pollRtt.sort((a, b) => a - b);
    }

    let before = NaN;
    let after = NaN;
    let loadSeconds = NaN;
    let failed = 0;
    if (opts.runs('memory')) {
      // 4. Memory with 500 deployed backends loaded (each invoked once).
      log(`memory: deploying and loading ${BACKENDS} backends`);
      before = treeRss(r1.pid);
      const deployed = [];
      for (let i = 0; i < BACKENDS; i += 1) {
        const id = await agentWithDeployment(`m-${i}`);
        deployed.push({ slug: `m-${i}`, key: (await keyFor(id)).key });
      }
      const loadStarted = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < deployed.length) {
            const d = deployed[next++];
            for (let attempt = 0; ; attempt += 1) {
              const res = await post(`${r1.base}/v1/invoke/${d.slug}`, d.key, { action: 'describe' });
              if (res.status === 200) break;
              if (res.status !== 401 || attempt > 500) {
                failed += 1;
                break;
              }
              await new Promise((r) => setTimeout(r, 10)); // the key's event is on its way
            }
          }
        }),
      );
      loadSeconds = (performance.now() - loadStarted) / 1000;
      await new Promise((r) => setTimeout(r, 3000));
      after = treeRss(r1.pid);
    }

    const f = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
    const k = (n) => Math.round(n).toLocaleString('en-US');
    const ratio = ro.rps / bo.rps;
    const load1 = os.loadavg()[0];
    const MB = 1024 * 1024;
    const lines = [
      '## Invoke router',
      '',
      `Command: \`pnpm build && node --no-node-snapshot tools/bench/invoke.bench.mjs\` (or \`pnpm bench invoke\`).`,
      '',
      `Method: the built invoke-router in its own process (distributed mode: NATS, PostgreSQL event store, filesystem artifacts, 2 sandbox workers, \`LOG_LEVEL=warn\` so no access-log line per request, rate limit raised out of the way), a fresh database on the local PostgreSQL. The backend is the golden "recipes" blueprint synthesized by the generator; the call is \`POST /v1/invoke/recipes\` with \`{"action":"getRecipe","input":{"id":…}}\` (one PostgreSQL read through the store bridge). Baseline: a bare Fastify POST route in its own process answering the same bytes. The load generator is a separate Node process with keep-alive connections; both sides are measured at ${sweep.join(', ')} connections, ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s each (median rate, worst p99), and each side's saturation is its best of the sweep; then each at half the router's saturation rate, paced (latency from the planned send time). Load average at the end: ${f(load1)} (2 cores shared with PostgreSQL, NATS, the load generator and other work).`,
      '',
      '| measure | router | bare Fastify | router / bare | target |',
      '|---|---|---|---|---|',
      `| throughput at saturation (best of the sweep below) | ${k(ro.rps)} req/s (${routerBest.connections} connections) | ${k(bo.rps)} req/s (${bareBest.connections} connections) | ${f(ratio * 100, 0)}% | ≥ 50% ${ratio >= 0.5 ? '✅' : '❌'} |`,
      `| throughput, ${first.connections} connections | ${k(first.ro.rps)} req/s | ${k(first.bo.rps)} req/s | ${f((first.ro.rps / first.bo.rps) * 100, 0)}% | |`,
      `| latency at saturation (p50 / p99) | ${f(ro.p50, 2)} / ${f(ro.p99, 2)} ms | ${f(bo.p50, 2)} / ${f(bo.p99, 2)} ms | | |`,
      `| latency at half the router's saturation rate, ${k(half)} req/s over ${routerBest.connections} connections (p50 / p99; p99.9 / max; 50 ms windows holding an answer slower than 20 ms) | ${f(halfRouter.p50, 2)} / ${f(halfRouter.p99, 2)} ms; ${f(halfRouter.p999, 1)} / ${f(halfRouter.max, 1)} ms; ${halfRouter.slowWindows ?? 'n/a'} | ${f(halfBare.p50, 2)} / ${f(halfBare.p99, 2)} ms; ${f(halfBare.p999, 1)} / ${f(halfBare.max, 1)} ms; ${halfBare.slowWindows ?? 'n/a'} | | p99 < 5 ms ${halfRouter.p99 < 5 ? '✅' : '❌'} |`,
      `| \`describe\` (no store call), ${routerBest.connections} connections | ${k(rd.rps)} req/s, p99 ${f(rd.p99, 2)} ms | ${k(bd.rps)} req/s, p99 ${f(bd.p99, 2)} ms | ${f((rd.rps / bd.rps) * 100, 0)}% | |`,
      `| CPU per \`getRecipe\` at saturation: router process + its sandbox workers; PostgreSQL backends | ${f(ro.cpu.router, 0)} µs; ${f(ro.cpu.postgres, 0)} µs | ${f(bo.cpu.bare, 0)} µs | ${f(((ro.cpu.router + ro.cpu.postgres) / bo.cpu.bare) * 100, 0)}% | |`,
      `| CPU per \`describe\`: router + workers; PostgreSQL | ${f(rd.cpu.router, 0)} µs; ${f(rd.cpu.postgres, 0)} µs | ${f(bd.cpu.bare, 0)} µs | ${f(((rd.cpu.router + rd.cpu.postgres) / bd.cpu.bare) * 100, 0)}% | |`,
      `| failed requests (all rounds) | ${bySweep.reduce((n, x) => n + x.ro.errors, 0) + halfRouter.errors} | ${bySweep.reduce((n, x) => n + x.bo.errors, 0) + halfBare.errors} | | 0 |`,
      '',
      `The sweep (${ROUNDS} rounds of each, median rate, worst p99; CPU per request: the router process and its workers; PostgreSQL; the bare server; the load generator's own process, router side / bare side):`,
      '',
      '| connections | router | router p50 / p99 | bare Fastify | bare p50 / p99 | router / bare | CPU: router + workers (router process alone); PostgreSQL; bare | CPU: load generator | syscalls (reads / writes): router + workers; bare | failed: router / bare |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...bySweep.map(
        (x) =>
          `| ${x.connections} | ${k(x.ro.rps)} req/s | ${f(x.ro.p50, 2)} / ${f(x.ro.p99, 2)} ms | ${k(x.bo.rps)} req/s | ${f(x.bo.p50, 2)} / ${f(x.bo.p99, 2)} ms | ${f((x.ro.rps / x.bo.rps) * 100, 0)}% | ${f(x.ro.cpu.router, 0)} (${f(x.ro.cpu.main, 0)}); ${f(x.ro.cpu.postgres, 0)}; ${f(x.bo.cpu.bare, 0)} µs | ${f(x.ro.loadCpu, 0)} / ${f(x.bo.loadCpu, 0)} µs | ${f(x.ro.syscalls.router[0])} / ${f(x.ro.syscalls.router[1])}; ${f(x.bo.syscalls.bare[0])} / ${f(x.bo.syscalls.bare[1])} | ${x.ro.errors} / ${x.bo.errors} |`,
      ),
      ...bySweep
        .filter((x) => x.bl)
        .map(
          (x) =>
            `| ${x.connections}, baseline router (${baselineName}) | ${k(x.bl.rps)} req/s | ${f(x.bl.p50, 2)} / ${f(x.bl.p99, 2)} ms | | | ${f((x.bl.rps / x.bo.rps) * 100, 0)}% | ${f(x.bl.cpu.router, 0)} (${f(x.bl.cpu.main, 0)}); ${f(x.bl.cpu.postgres, 0)} µs | ${f(x.bl.loadCpu, 0)} µs | ${f(x.bl.syscalls.router[0])} / ${f(x.bl.syscalls.router[1])} | ${x.bl.errors} |`,
        ),
      ...(halfBaseline ? ['', `Baseline router at the same half-load rate (p50 / p99; p99.9 / max; slow 50 ms windows): ${f(halfBaseline.p50, 2)} / ${f(halfBaseline.p99, 2)} ms; ${f(halfBaseline.p999, 1)} / ${f(halfBaseline.max, 1)} ms; ${halfBaseline.slowWindows}.`] : []),
      '',
      `Key verification, warm (in one process: \`parseAgentKey\` + CRC + \`digestSecret\` + the router's \`InvokeTables.checkKey\`, 10,000 keys, 100 batches of 2,000): CPU p50 ${f(cpuPerOp[50], 2)} µs, wall p50 ${f(wallPerOp[50], 2)} µs, best batch ${f(wallPerOp[0], 2)} µs per check; target < 10 µs ${cpuPerOp[50] < 10 ? '✅' : '❌'}.`,
      '',
      `Revocation to refusal across two router processes, two ways. Polled: after the \`ApiKeyRevoked\` append returns, each router is polled (\`POST /v1/invoke/no-such-slug\`: 404 while the key is valid, 401 once refused) until both refuse; the figure is when the slower one did. Inside the routers: each router publishes \`backforge.invoke-router.notify.key-refused\` with the time (its clock, the same host's) its table started refusing the key; the figure is the slower router's time minus the notification's publish (or the append's answer, for the event alone), without the polls' round trips.`,
      '',
      '| revocation | n | p50 | p95 | p99 | max | target |',
      '|---|---|---|---|---|---|---|',
      `| event + \`backforge.keys.notify.key-ended\` (what the keys service sends) | ${revokedBoth.length} | ${f(pct(revokedBoth, 50))} ms | ${f(pct(revokedBoth, 95))} ms | ${f(pct(revokedBoth, 99))} ms | ${f(revokedBoth.at(-1))} ms | p99 < 100 ms ${pct(revokedBoth, 99) < 100 ? '✅' : '❌'} |`,
      `| inside the routers: notification's publish -> table refuses (refused by the notification ${inRouter.via.notification}, by the event ${inRouter.via.event}) | ${inRouter.notification.length} | ${f(pct(inRouter.notification, 50), 2)} ms | ${f(pct(inRouter.notification, 95), 2)} ms | ${f(pct(inRouter.notification, 99), 2)} ms | ${f(inRouter.notification.at(-1), 2)} ms | p99 < 100 ms ${pct(inRouter.notification, 99) < 100 ? '✅' : '❌'} |`,
      `| the event alone (log subscription: LISTEN/NOTIFY) | ${revokedLog.length} | ${f(pct(revokedLog, 50))} ms | ${f(pct(revokedLog, 95))} ms | ${f(pct(revokedLog, 99))} ms | ${f(revokedLog.at(-1))} ms | |`,
      `| inside the routers: the event alone, append's answer -> table refuses | ${inRouter.event.length} | ${f(pct(inRouter.event, 50), 2)} ms | ${f(pct(inRouter.event, 95), 2)} ms | ${f(pct(inRouter.event, 99), 2)} ms | ${f(inRouter.event.at(-1), 2)} ms | |`,
      `| baseline: one poll's round trip (a 404 on these routers) | ${pollRtt.length} | ${f(pct(pollRtt, 50))} ms | ${f(pct(pollRtt, 95))} ms | ${f(pct(pollRtt, 99))} ms | ${f(pollRtt.at(-1))} ms | |`,
      '',
      `What bounds the router. At 16 connections the router is bound by the latency of its hops (16 / p50 ≈ the rate), not by CPU; with more connections each process handles several requests per event-loop turn and their messages share one write, so CPU per request falls (sweep table). At saturation the 2 cores are shared by every process on the path, so the rates go as the inverse of all the CPU a request costs on its side: bare ${f(bo.cpu.bare, 0)} µs + its load generator ${f(bo.loadCpu, 0)} µs against router and workers ${f(ro.cpu.router, 0)} µs + PostgreSQL ${f(ro.cpu.postgres, 0)} µs + the load generator ${f(ro.loadCpu, 0)} µs, a ratio of ${f(((bo.cpu.bare + bo.loadCpu) / (ro.cpu.router + ro.cpu.postgres + ro.loadCpu)) * 100, 0)}% (measured: ${f(ratio * 100, 0)}%). The measured ratio also moves with the machine: when other work keeps both cores busy, every process waits for a CPU and the bare route, one hop per request, loses relatively more than the router, whose requests overlap, so a busy run shows a higher ratio than a quiet one; the CPU figures and a baseline router measured in the same rounds (\`--baseline-root\`, rows above when present) are what to compare across runs. 50% would need the router side (router, workers and PostgreSQL) at ${f(2 * (bo.cpu.bare + bo.loadCpu) - ro.loadCpu, 0)} µs per request or less on this run's figures. Where it goes, on-CPU (\`perf record -g\` on the router started with \`--router-flags --perf-basic-prof\`, and on its workers; \`--cpu-prof\` samples wall time and charges a write that wakes another process with the wait for a CPU that follows it, which made the IPC writes look like 40% of the router's time): in the router process (${f(ro.cpu.main, 0)} µs) Node's own HTTP server (request and header parsing, the body stream, the answer's head and \`writev\`) is ~37%, the invoke fast path with the key check and routing ~8%, the PostgreSQL client and the batched reads ~7%, the IPC with the workers ~6%, the promise hooks that the correlation's AsyncLocalStorage puts on every promise ~4%, the sandbox's host side and store relay ~4%, timers, GC and the watchdog's /proc reads ~7%, the rest microtask and JSON work spread thin. The common invoke request no longer passes through Nest's Fastify adapter (its request hooks and middie), Fastify's routing, hooks, body parser and reply, or the runtime edge's two AsyncLocalStorage entries: \`InvokeFastPath\` answers it from the HTTP server's request event with the route's own answers, and a key in use costs a map lookup instead of a checksum and an HMAC. The sandbox workers (${f(ro.cpu.router - ro.cpu.main, 0)} µs per request here) are the other large part, and beyond what the bare route also pays (Node's HTTP server) the largest: the two entries into the isolate under their CPU-time limit (isolated-vm's apply with its timer thread, and the generated handler itself) ~35% of a worker's time, reading and parsing its IPC messages ~16%, the watchdog marker's two 48-byte writes ~6% (what lets the host blame the exact invocation that wedged or crashed a worker), allocation and GC most of the rest. A getRecipe still crosses host -> worker -> host (store call) -> PostgreSQL -> host -> worker -> host: the worker holds no credentials, so its store calls come back to the router. The half-load tail comes in clusters, not spread over requests: the row counts the 50 ms windows (of ${ROUND_SECONDS * 20}) holding an answer slower than 20 ms, and p99.9 sits next to the maximum, i.e. a few stalls of tens to hundreds of ms each; the bare route's own p99 at the same rate is ${f(halfBare.p99, 1)} ms. Not our GC or our own long runs (measured before the fast path): with \`--trace-gc\` the router's scavenges in the half-load window took at most ~6.5 ms and there was no mark-compact, and \`perf sched\` over the window showed no run of a router or worker main thread longer than 5 ms and scheduling delays of at most ~13 ms. A request to the router crosses three processes (router, worker, PostgreSQL) and about eight wake-ups, each of which can wait behind other work on 2 cores shared with the load generator and other sessions, so a machine-wide hiccup that costs the bare route one request's wait costs the router several. When the machine gets busier during the run, half of the rate measured earlier can be more than the router then gets, and the paced latency grows with the backlog (p50 far above the saturation p50 says so). The revocation figures polled cannot be finer than one poll's round trip (baseline row); the in-router rows are not bound by it.`,
      '',
      `Memory: resident memory of the router process and its sandbox workers (their children). Idle with its tables loaded: ${f(idleRss / MB, 0)} MB; before loading the ${BACKENDS} backends: ${f(before / MB, 0)} MB; after deploying ${BACKENDS} more agents (each a ${f(bundleBytes.length / 1024)} KiB generated bundle) and invoking each once (${f(loadSeconds)} s, ${failed} failed): ${f(after / MB, 0)} MB, i.e. ${f((after - before) / BACKENDS / MB, 2)} MB per loaded backend.`,
    ];
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    bare?.proc.kill('SIGKILL');
    bareDescribe?.proc.kill('SIGKILL');
    for (const r of routers) r.kill('SIGTERM');
    await keysTransport.close().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 2000));
    for (const r of routers) if (r.exitCode === null) r.kill('SIGKILL');
    await artifacts.close();
    await events.close();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

await main(process.argv.slice(2));
