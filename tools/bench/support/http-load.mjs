// The invoke bench's HTTP load generator and bare baseline server, each run in its own process
// (`node http-load.mjs --load ...` / `--bare ...`), so that neither shares an event loop or a core
// with the bench's own bookkeeping. Not a bench itself (run.mjs runs only *.bench.mjs).
import fs from 'node:fs/promises';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export function pct(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * --load <url> <token> <bodyFile> <seconds> <connections> <rate>: POSTs the body; rate 0 = as fast as
 * the connections go, else that many requests per second in all (each connection paced; latency
 * counted from the planned start, so a slow answer is not hidden by the pause it causes).
 */
async function loadMode([url, token, bodyFile, seconds, connections, rate]) {
  const body = await fs.readFile(bodyFile);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
  const target = new URL(url);
  const latencies = [];
  const slowWindows = new Set();
  let errors = 0;
  const headers = { 'content-type': 'application/json', 'content-length': body.length, ...(token === '-' ? {} : { authorization: `Bearer ${token}` }) };
  const one = (planned) =>
    new Promise((resolve) => {
      const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) {
            const ms = performance.now() - planned;
            latencies.push(ms);
            // Which 50 ms windows (by planned send time) held a slow answer: few windows = a few stalls.
            if (ms > 20) slowWindows.add(Math.floor((planned - started) / 50));
          }
          else errors += 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });
  const cpuAtStart = process.cpuUsage();
  const started = performance.now();
  const end = started + Number(seconds) * 1000;
  const interval = Number(rate) > 0 ? (1000 * Number(connections)) / Number(rate) : 0;
  await Promise.all(
    Array.from({ length: Number(connections) }, async (_, i) => {
      let next = started + (interval * i) / Number(connections);
      while (performance.now() < end) {
        if (interval > 0) {
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          await one(Math.min(next, performance.now()));
          next += interval;
        } else {
          await one(performance.now());
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  latencies.sort((a, b) => a - b);
  // The load generator's own CPU per answer: it shares the machine's 2 cores with the server it drives.
  const loadCpu = (cpu.user + cpu.system) / Math.max(1, latencies.length);
  process.stdout.write(JSON.stringify({ requests: latencies.length, errors, seconds: elapsed, p50: pct(latencies, 50), p99: pct(latencies, 99), p999: pct(latencies, 99.9), max: latencies.at(-1), slowWindows: slowWindows.size, loadCpu }));
  agent.destroy();
}

/** --bare <file>: a bare Fastify POST route answering the JSON in <file>; prints its port. */
async function bareMode([file]) {
  const { default: Fastify } = await import('fastify');
  const body = await fs.readFile(file, 'utf8');
  const app = Fastify({ logger: false });
  app.post('/v1/invoke/:slug', async (_req, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === '--load') await loadMode(args);
else if (mode === '--bare') await bareMode(args);
