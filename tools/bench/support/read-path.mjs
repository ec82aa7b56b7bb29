// The read half of the control-plane bench alone, for working on the gateway's read path: one
// agent generated, then `GET /v1/agents/{id}` through the gateway against the bare Fastify route
// (both served and loaded by control-plane.bench.mjs's --bare and --load modes), rounds alternating.
// Not a bench itself (run.mjs runs only *.bench.mjs). Prints one JSON line per round and the ratio,
// also as CPU time per request of each server process (Linux /proc): waiting for a core costs no CPU
// time, but on a shared VM the host's steal still inflates it, so compare rounds of one run only.
// Usage: node --no-node-snapshot tools/bench/support/read-path.mjs [rounds=3] [seconds=5] [--cpu-prof] [--perf]
// --also=<path>: load that gateway path too (no token) in each round, e.g. --also=/health/live for
// the floor of a Nest route with none of the read path's steps.
// --perf: `perf record` (cpu-clock: on-CPU time only, unlike --cpu-prof's wall-clock samples, which
// a loaded machine inflates wherever the process is preempted) over the first gateway round.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { json, publicPrompts, runNode, startStandalone } from './standalone.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const benchFile = path.join(root, 'tools/bench/control-plane.bench.mjs');
const args = process.argv.slice(2);
const profile = args.includes('--cpu-prof');
const perf = args.includes('--perf');
const also = args.find((a) => a.startsWith('--also='))?.slice('--also='.length);
const [rounds = 3, seconds = 5] = args.filter((a) => !a.startsWith('--')).map(Number);
const CONNECTIONS = 16;

const child = (argv, onLine) => runNode(benchFile, argv, { onLine });

/** user + system CPU seconds of a process so far. */
async function cpuSeconds(pid) {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** CPU seconds per thread name (Node names its threads: main `node`, workers, libuv pool...). */
async function threadSeconds(pid) {
  const out = {};
  for (const tid of await fs.readdir(`/proc/${pid}/task`).catch(() => [])) {
    const stat = await fs.readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => undefined);
    if (!stat) continue;
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.split(') ')[1].split(' ');
    out[name] = (out[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return out;
}

async function load(url, token, pid) {
  const before = await cpuSeconds(pid);
  const threadsBefore = await threadSeconds(pid);
  const result = JSON.parse(await child(['--load', url, token, String(seconds), String(CONNECTIONS)]).done);
  const threadsAfter = await threadSeconds(pid);
  const threads = Object.fromEntries(Object.entries(threadsAfter).map(([k, v]) => [k, Number((v - (threadsBefore[k] ?? 0)).toFixed(2))]).filter(([, v]) => v > 0.05));
  return { ...result, threads, cpuUsPerRequest: ((await cpuSeconds(pid)) - before) * 1e6 / Math.max(1, result.requests) };
}

const profDir = profile ? await fs.mkdtemp(path.join(os.tmpdir(), 'bf-read-path-prof-')) : undefined;
const { base, token, stop, pid } = await startStandalone('readpath', { CONTROL_RATE_LIMIT_PER_SECOND: '1000000', CONTROL_RATE_LIMIT_BURST: '1000000' }, [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), ...(perf ? ['--perf-basic-prof'] : [])]);
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-read-path-'));
let bare;
try {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const [{ name, prompt }] = await publicPrompts();
  const created = await json(`${base}/v1/generate`, { method: 'POST', headers: auth, body: JSON.stringify({ name, prompt, region: 'auto', autoDeploy: false }) });
  if (created.status !== 201) throw new Error(`POST /v1/generate answered ${created.status}`);
  for (let deadline = Date.now() + 600_000; ; ) {
    const job = await json(`${base}/v1/generate/${created.body.data.job.id}`, { headers: auth });
    if (job.body.data.status === 'completed' || job.body.data.status === 'failed') break;
    if (Date.now() > deadline) throw new Error('generation did not finish within 10 min');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Work the generation started (checks in worker threads of the same process) would count as the
  // gateway's CPU: wait until the process is quiet (under 5% of a core over 2 s, at most 5 min).
  for (let deadline = Date.now() + 300_000; Date.now() < deadline; ) {
    const before = await cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, 2000));
    const used = (await cpuSeconds(pid)) - before;
    if (used < 0.1) break;
    process.stderr.write(`[read-path] platform busy (${(used / 2).toFixed(2)} of a core), waiting\n`);
  }
  const agentUrl = `${base}/v1/agents/${created.body.data.agent.id}`;
  const bodyFile = path.join(tmp, 'agent.json');
  await fs.writeFile(bodyFile, await (await fetch(agentUrl, { headers: auth })).text());
  const barePort = await new Promise((resolve) => {
    bare = child(['--bare', bodyFile], (line) => resolve(JSON.parse(line).port));
  });
  const bareUrl = `http://127.0.0.1:${barePort}/v1/agents/${created.body.data.agent.id}`;
  await load(agentUrl, token, pid);
  await load(bareUrl, '-', bare.proc.pid);
  const ratios = [];
  const cpuRatios = [];
  for (let r = 0; r < rounds; r += 1) {
    const recorder = perf && r === 0 ? spawn('perf', ['record', '-e', 'cpu-clock', '-F', '999', '-g', '-p', String(pid), '-o', path.join(tmp, 'perf.data')], { stdio: 'ignore' }) : undefined;
    const gw = await load(agentUrl, token, pid);
    if (recorder) {
      recorder.kill('SIGINT');
      await new Promise((r) => recorder.on('close', r));
      const perfFile = path.join(os.tmpdir(), `bf-read-path-${process.pid}.perf.data`);
      await fs.copyFile(path.join(tmp, 'perf.data'), perfFile);
      process.stdout.write(`perf data in ${perfFile}\n`);
    }
    const bw = await load(bareUrl, '-', bare.proc.pid);
    if (also) {
      const other = await load(`${base}${also}`, '-', pid);
      process.stdout.write(`${JSON.stringify({ round: r, path: also, rps: Math.round(other.requests / other.seconds), ratio: Number((other.requests / other.seconds / (bw.requests / bw.seconds)).toFixed(3)), cpuUs: Math.round(other.cpuUsPerRequest), errors: other.errors })}\n`);
    }
    const ratio = gw.requests / gw.seconds / (bw.requests / bw.seconds);
    const cpuRatio = bw.cpuUsPerRequest / gw.cpuUsPerRequest;
    ratios.push(ratio);
    cpuRatios.push(cpuRatio);
    const line = { round: r, gateway: Math.round(gw.requests / gw.seconds), bare: Math.round(bw.requests / bw.seconds), ratio: Number(ratio.toFixed(3)), gwCpuUs: Math.round(gw.cpuUsPerRequest), bareCpuUs: Math.round(bw.cpuUsPerRequest), cpuRatio: Number(cpuRatio.toFixed(3)), gwP99: Number(gw.p99.toFixed(1)), gwThreads: gw.threads, gwErrors: gw.errors, load: os.loadavg()[0] };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  process.stdout.write(`median throughput ratio ${(median(ratios) * 100).toFixed(1)}%, CPU-per-request ratio ${(median(cpuRatios) * 100).toFixed(1)}%\n`);
} finally {
  bare?.proc.kill('SIGKILL');
  await stop();
  await fs.rm(tmp, { recursive: true, force: true });
  if (profDir) process.stdout.write(`profile in ${profDir}\n`);
}
