// Control-plane bench, through HTTP against the built standalone process (DATABASE_URL: a fresh
// database on the local PostgreSQL, as the event-store bench): POST /v1/generate answer time and
// generate -> completed for the public prompts (p50, p95); GET /v1/agents/{id} throughput and p99
// through the gateway next to a bare Fastify route (its own process) answering the same JSON in the
// same run. The load generator runs in its own process (keep-alive connections, fixed concurrency);
// gateway and bare rounds alternate so a noisy neighbour slows both alike. One markdown section on
// stdout. The same file is the load generator (--load) and the bare server (--bare).
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { json, pct, runNode, startStandalone } from './support/standalone.mjs';

const self = import.meta.filename;
const root = path.resolve(import.meta.dirname, '../..');
const log = (msg) => process.stderr.write(`[control-plane bench] ${msg}\n`);
const CONNECTIONS = 16;
const ROUND_SECONDS = 5;
const ROUNDS = 3;


/** --load <url> <token> <seconds> <connections>: prints {requests, errors, seconds, latenciesMs: {p50,p99}}. */
async function loadMode([url, token, seconds, connections]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
  const target = new URL(url);
  const latencies = [];
  let errors = 0;
  const end = performance.now() + Number(seconds) * 1000;
  const one = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, agent, headers: token === '-' ? {} : { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors += 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(Array.from({ length: Number(connections) }, async () => {
    while (performance.now() < end) await one();
  }));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  process.stdout.write(JSON.stringify({ requests: latencies.length, errors, seconds: elapsed, p50: pct(latencies, 50), p99: pct(latencies, 99) }));
  agent.destroy();
}

/** --bare <file>: a bare Fastify route answering the JSON in <file> at /v1/agents/:id; prints its port. */
async function bareMode([file]) {
  const { default: Fastify } = await import('fastify');
  const body = await fs.readFile(file, 'utf8');
  const app = Fastify({ logger: false });
  app.get('/v1/agents/:id', async (_req, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);
}

const child = (args, options) => runNode(self, args, options);

async function load(url, token) {
  const { done } = child(['--load', url, token, String(ROUND_SECONDS), String(CONNECTIONS)]);
  return JSON.parse(await done);
}


async function main() {
  const loadStart = os.loadavg()[0].toFixed(1);
  // The per-token rate limit (default 50/s) would answer 429 to a throughput bench: lifted here.
  const { base, token, stop } = await startStandalone('cp', { CONTROL_RATE_LIMIT_PER_SECOND: '1000000', CONTROL_RATE_LIMIT_BURST: '1000000' });
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-bench-cp-'));
  let bare;
  try {
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await json(`${base}/v1/agents`, { headers: auth });
    const corpus = JSON.parse(await fs.readFile(path.join(root, 'libs/generator/corpus/public.json'), 'utf8')).prompts;

    // Generate each public prompt in turn: the answer time, then the time to `completed`.
    const answerMs = [];
    const completeMs = [];
    let agentId;
    for (const { name, prompt } of corpus) {
      const started = performance.now();
      const created = await json(`${base}/v1/generate`, { method: 'POST', headers: auth, body: JSON.stringify({ name, prompt, region: 'auto', autoDeploy: false }) });
      answerMs.push(performance.now() - started);
      if (created.status !== 201) throw new Error(`POST /v1/generate answered ${created.status}: ${JSON.stringify(created.body)}`);
      const jobId = created.body.data.job.id;
      for (;;) {
        const job = await json(`${base}/v1/generate/${jobId}`, { headers: auth });
        if (job.body.data.status === 'completed' || job.body.data.status === 'failed') {
          completeMs.push(performance.now() - started);
          if (job.body.data.status === 'completed') agentId ??= created.body.data.agent.id;
          log(`${name}: ${job.body.data.status} in ${Math.round(performance.now() - started)} ms`);
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    // More answer times while the queue is busy: POST answers whatever the queue holds.
    const burst = [];
    for (let i = 0; i < 20; i += 1) {
      const started = performance.now();
      const created = await json(`${base}/v1/generate`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `burst ${i}`, prompt: corpus[i % corpus.length].prompt, region: 'auto', autoDeploy: false }) });
      answerMs.push(performance.now() - started);
      burst.push(created.body.data.job.id);
    }
    // The burst's generations run in this same process: let them finish before measuring reads.
    for (const jobId of burst) {
      for (;;) {
        const job = await json(`${base}/v1/generate/${jobId}`, { headers: auth });
        if (job.body.data.status === 'completed' || job.body.data.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 200));
      }
    }

    // GET /v1/agents/{id}: gateway vs a bare Fastify route answering the same bytes.
    const agentUrl = `${base}/v1/agents/${agentId}`;
    const sample = await fetch(agentUrl, { headers: auth });
    const bodyFile = path.join(tmp, 'agent.json');
    await fs.writeFile(bodyFile, await sample.text());
    const barePort = await new Promise((resolve) => {
      bare = child(['--bare', bodyFile], { onLine: (line) => resolve(JSON.parse(line).port) });
    });
    const bareUrl = `http://127.0.0.1:${barePort}/v1/agents/${agentId}`;
    await load(agentUrl, token); // warm-up
    await load(bareUrl, '-');
    const rounds = { gateway: [], bare: [] };
    for (let r = 0; r < ROUNDS; r += 1) {
      rounds.gateway.push(await load(agentUrl, token));
      rounds.bare.push(await load(bareUrl, '-'));
    }
    const summary = (rs) => {
      const rps = rs.map((x) => x.requests / x.seconds).sort((a, b) => a - b);
      return { rps: rps[Math.floor(rps.length / 2)], p99: Math.max(...rs.map((x) => x.p99)), p50: rs.map((x) => x.p50).sort((a, b) => a - b)[Math.floor(rs.length / 2)], errors: rs.reduce((n, x) => n + x.errors, 0) };
    };
    const gw = summary(rounds.gateway);
    const bw = summary(rounds.bare);
    const ratio = gw.rps / bw.rps;
    answerMs.sort((a, b) => a - b);
    completeMs.sort((a, b) => a - b);
    const f = (n) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
    const load1 = os.loadavg()[0].toFixed(1);
    process.stdout.write(`## Control plane: generate and read through the gateway

Standalone process (one Node process, DATABASE_URL = a fresh database on the local PostgreSQL), driven
over HTTP, with LOG_LEVEL=warn and the per-token rate limit lifted (CONTROL_RATE_LIMIT_*). Load average
at the start of the run: ${loadStart}, at the end: ${load1} (${os.cpus().length} cores).

| measure | p50 | p95 | n |
| --- | --- | --- | --- |
| \`POST /v1/generate\` answer time (ms) | ${f(pct(answerMs, 50))} | ${f(pct(answerMs, 95))} | ${answerMs.length} |
| generate -> \`completed\`, public prompts one at a time (ms) | ${f(pct(completeMs, 50))} | ${f(pct(completeMs, 95))} | ${completeMs.length} |

\`GET /v1/agents/{id}\` with a platform token, ${CONNECTIONS} keep-alive connections from a load generator in
its own process, ${ROUNDS} rounds of ${ROUND_SECONDS} s alternating with a bare Fastify route (its own process)
answering the same JSON body; median round:

| target | requests/s | p50 (ms) | p99 (ms, worst round) | errors |
| --- | --- | --- | --- | --- |
| gateway (verified token, rate limit and the agent view kept in the gateway: answered before Nest's pipeline) | ${f(gw.rps)} | ${f(gw.p50)} | ${f(gw.p99)} | ${gw.errors} |
| bare Fastify route, same JSON | ${f(bw.rps)} | ${f(bw.p50)} | ${f(bw.p99)} | ${bw.errors} |

Gateway / bare throughput: **${(ratio * 100).toFixed(0)}%** (target: at least 50%): ${ratio >= 0.5 ? 'met' : 'missed'}.
`);
  } finally {
    bare?.proc.kill('SIGKILL');
    await stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === '--load') await loadMode(rest);
else if (mode === '--bare') await bareMode(rest);
else await main();
