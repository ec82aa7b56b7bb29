// Deploy bench: from `POST /v1/deploy/{id}` to the first successful invoke of the new backend, through
// HTTP against the built standalone process, as a client would see it. For each public prompt: generate,
// wait for completed, create a key, then deploy and poll the invoke route (and the status route) every
// 2 ms until the backend answers `describe`. The first deployment is reported apart (it starts the deploy
// service's sandbox); the others are the warm figure the target speaks of. Baseline in the same run:
// the round trip of `describe` to an already deployed backend. One markdown section on stdout.
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { json, pct, publicPrompts, startStandalone } from './support/standalone.mjs';

const log = (msg) => process.stderr.write(`[deploy bench] ${msg}\n`);
const POLL_MS = 2;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const { base, token, stop } = await startStandalone('deploy');
  // The deployments' events, read from the platform's database (support/standalone.mjs names it so),
  // split the time: claim, deploy service's load and smoke case, and the router's share after success.
  const { PostgresEventStore } = await import(path.join(import.meta.dirname, '../../libs/event-store/dist/index.js'));
  const serverUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  const events = new PostgresEventStore({ connectionString: Object.assign(new URL(serverUrl), { pathname: `/bf_bench_deploy_${process.pid}` }).toString() });
  try {
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const prompts = await publicPrompts();
    const agents = [];
    for (const { name, prompt } of prompts) {
      const created = await json(`${base}/v1/generate`, { method: 'POST', headers: auth, body: JSON.stringify({ name, prompt, region: 'auto', autoDeploy: false }) });
      if (created.status !== 201) throw new Error(`POST /v1/generate answered ${created.status}: ${JSON.stringify(created.body)}`);
      agents.push({ name, agentId: created.body.data.agent.id, slug: created.body.data.agent.slug, jobId: created.body.data.job.id });
    }
    const ready = [];
    for (const agent of agents) {
      for (;;) {
        const job = await json(`${base}/v1/generate/${agent.jobId}`, { headers: auth });
        if (job.body.data.status === 'failed') break;
        if (job.body.data.status === 'completed') {
          ready.push(agent);
          break;
        }
        await sleep(100);
      }
    }
    if (ready.length < 3) throw new Error(`only ${ready.length} public prompts completed`);
    for (const agent of ready) {
      const key = await json(`${base}/v1/agents/${agent.agentId}/api-keys`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'bench' }) });
      agent.key = key.body.data.key;
    }

    const invoke = (agent) =>
      fetch(`${base}/v1/invoke/${agent.slug}`, { method: 'POST', headers: { authorization: `Bearer ${agent.key}`, 'content-type': 'application/json' }, body: '{"action":"describe"}' }).then(
        async (r) => (await r.arrayBuffer(), r.status),
        () => 0,
      );
    const results = [];
    for (const agent of ready) {
      const started = performance.now();
      const accepted = await json(`${base}/v1/deploy/${agent.agentId}`, { method: 'POST', headers: { authorization: auth.authorization } });
      if (accepted.status !== 202) throw new Error(`POST /v1/deploy answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
      const acceptedMs = performance.now() - started;
      let deployedMs;
      let firstInvokeMs;
      for (let i = 0; firstInvokeMs === undefined; i += 1) {
        if (performance.now() - started > 120_000) throw new Error(`${agent.name} was not invocable within 120 s`);
        if ((await invoke(agent)) === 200) firstInvokeMs = performance.now() - started;
        else if (deployedMs === undefined && i % 2 === 1) {
          const status = await json(`${base}/v1/deploy/${agent.agentId}/status`, { headers: { authorization: auth.authorization } });
          if (status.body.data.status === 'deployed') deployedMs = performance.now() - started;
          if (status.body.data.status === 'failed') throw new Error(`${agent.name}: deployment failed ${JSON.stringify(status.body.data.error)}`);
        }
        if (firstInvokeMs === undefined) await sleep(POLL_MS);
      }
      deployedMs ??= firstInvokeMs;
      // When the store recorded each step of this deployment, relative to the POST (same host clock).
      const at = {};
      const sentAt = performance.timeOrigin + started;
      for (const e of await events.readStream(`deployment-${agent.agentId}`)) at[e.type] = Date.parse(e.recordedAt) - sentAt;
      results.push({ name: agent.name, acceptedMs, deployedMs, firstInvokeMs, startedAt: at.DeploymentStarted, succeededAt: at.DeploymentSucceeded });
      log(`${agent.name}: 202 in ${acceptedMs.toFixed(1)} ms, deployed seen at ${deployedMs.toFixed(1)} ms, first invoke at ${firstInvokeMs.toFixed(1)} ms`);
    }

    // Baseline: describe on a backend that is already deployed and loaded.
    const warm = [];
    for (let i = 0; i < 200; i += 1) {
      const started = performance.now();
      await invoke(ready[i % ready.length]);
      warm.push(performance.now() - started);
    }
    warm.sort((a, b) => a - b);

    const [cold, ...rest] = results;
    const total = rest.map((r) => r.firstInvokeMs).sort((a, b) => a - b);
    const accepted = rest.map((r) => r.acceptedMs).sort((a, b) => a - b);
    const sorted = (key) => rest.map((r) => r[key]).sort((a, b) => a - b);
    const claimed = sorted('startedAt');
    const succeeded = sorted('succeededAt');
    const routerShare = rest.map((r) => r.firstInvokeMs - r.succeededAt).sort((a, b) => a - b);
    const f = (n) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
    const p50 = pct(total, 50);
    process.stdout.write(`## Deploy: from POST /v1/deploy to the first successful invoke

Standalone process (DATABASE_URL = a fresh database on the local PostgreSQL), driven over HTTP: for
each public prompt that completed, \`POST /v1/deploy/{id}\`, then the invoke route polled every ${POLL_MS} ms
with the agent's key until \`describe\` answers 200. Load average at the end of the run: ${os.loadavg()[0].toFixed(1)}
on ${os.cpus().length} cores.

| measure | p50 (ms) | max (ms) | n |
| --- | --- | --- | --- |
| \`POST /v1/deploy\` answered (202) | ${f(pct(accepted, 50))} | ${f(accepted.at(-1))} | ${accepted.length} |
| deploy -> first successful invoke (warm deploy service) | ${f(p50)} | ${f(total.at(-1))} | ${total.length} |
| first deployment of the process (starts the deploy sandbox) | ${f(cold.firstInvokeMs)} | | 1 |
| baseline: \`describe\` round trip on a deployed backend | ${f(pct(warm, 50))} | ${f(warm.at(-1))} | ${warm.length} |

Where the time goes (warm deployments; times the event store recorded, from the POST): \`DeploymentStarted\`
(claimed) at ${f(pct(claimed, 50))} ms p50, \`DeploymentSucceeded\` (smoke-tested by the deploy service) at
${f(pct(succeeded, 50))} ms p50, and the first 200 ${f(pct(routerShare, 50))} ms p50 (max ${f(routerShare.at(-1))}) after that:
the deploy service's \`deployed\` notice (or the event, whichever comes first) reaching the router's routing
table, plus one poll (${POLL_MS} ms pause and a round trip). The deploy service reads and loads the bundle as
soon as the deployment is requested, while it claims it; the router loads it when it sees the deployment
requested or started, so by \`DeploymentSucceeded\` both have it loaded and the router only switches.

Deploy -> first invoke p50: **${f(p50)} ms** (target: under 100 ms): ${p50 < 100 ? 'met' : 'missed'}. It includes the claim of
the deployment from the log, loading the bundle and answering its smoke case in the deploy service's sandbox,
the router switching to it, and the first poll after that.
`);
  } finally {
    await events.close();
    await stop();
  }
}

await main();
