// Sandbox bench: warm call overhead against a direct in-process call, cold load, memory per idle
// loaded backend, and a victim backend's warm latency while another backend on its worker is under
// attack (against the same latency without the attack, same run). Prints one markdown section on
// stdout; progress goes to stderr.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { MemoryBackendStore, Sandbox } from '@backforge/sandbox';

const log = (msg) => process.stderr.write(`[sandbox bench] ${msg}\n`);
const MB = 1024 * 1024;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), n: sorted.length };
}
const us = (ns) => ns / 1e3;
const ms = (ns) => ns / 1e6;

/** A bundle shaped like a small generated backend: several actions over the store, ~`actions` of them. */
function backendBundle(tag, actions = 12) {
  const cases = Array.from(
    { length: actions },
    (_, i) => `case 'action${i}': {
        const input = request.input ?? {};
        if (typeof input.name !== 'string' || input.name.length > 200) return fail(400, 'VALIDATION_FAILED', 'name is required');
        const found = await context.store.findOne('items${i}', [{ field: 'name', op: 'eq', value: input.name }]);
        if (found) return fail(409, 'UNIQUE_VIOLATION', 'name taken');
        const r = await context.store.insert('items${i}', { name: input.name, at: context.now() }, { unique: ['name'] });
        return r.ok ? ok(r.record) : fail(409, 'CONFLICT', r.reason);
      }`,
  ).join('\n');
  return `"use strict";
var BackforgeBackend = (() => {
  const TAG = ${JSON.stringify(tag)};
  const ok = (result) => ({ status: 200, body: { ok: true, result } });
  const fail = (status, code, message) => ({ status, body: { ok: false, error: { code, message } } });
  async function handle(request, context) {
    switch (request.action) {
      case 'ping': return ok(request.input ?? null);
      case 'describe': return ok({ tag: TAG, actions: ${actions} });
      ${cases}
      default: return fail(400, 'UNKNOWN_ACTION', 'unknown action ' + request.action);
    }
  }
  return { handle };
})();
globalThis.BackforgeBackend = BackforgeBackend;
`;
}

const TRIVIAL = `globalThis.BackforgeBackend = { handle: async (request) => ({ status: 200, body: { ok: true, result: request.input ?? null } }) };`;
const trivialDirect = async (request) => ({ status: 200, body: { ok: true, result: request.input ?? null } });

const loadAtStart = os.loadavg()[0];
const store = new MemoryBackendStore();
const request = { action: 'ping', input: { n: 1, s: 'hello' } };
// Calls outside the attack section get CPU to spare: isolated-vm's timeout counts wall time, and a
// busy shared machine must not abort the run (a limit breach throws).
const ROOMY = { cpuTimeMs: 5000, wallTimeMs: 30_000 };

// ---- warm call ----
log('warm calls');
const sandbox = await Sandbox.start({ workers: 2, maxBackendsPerWorker: 600 });
await sandbox.load('trivial', TRIVIAL);
for (let i = 0; i < 2000; i++) await sandbox.invoke('trivial', request, { store }, ROOMY);
const warm = [];
for (let i = 0; i < 10000; i++) {
  const t = process.hrtime.bigint();
  await sandbox.invoke('trivial', request, { store }, ROOMY);
  warm.push(Number(process.hrtime.bigint() - t));
}
const direct = [];
for (let i = 0; i < 10000; i++) await trivialDirect(request, { store });
for (let round = 0; round < 200; round++) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < 100; i++) await trivialDirect(request, { store });
  direct.push(Number(process.hrtime.bigint() - t) / 100);
}
const warmS = summary(warm);

// The floor any process-isolated design pays: one IPC round trip to an echoing child, same message shape.
log('ipc floor');
const echo = spawn(process.execPath, ['-e', "process.on('message', (m) => process.send(m))"], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: {} });
const ipc = [];
const message = { t: 'invoke', rid: 1, backendId: 'trivial', request: JSON.stringify(request), now: new Date().toISOString(), cpuTimeMs: 100, storeOps: 200, outputBytes: 1048576 };
for (let i = 0; i < 12000; i++) {
  const t = process.hrtime.bigint();
  await new Promise((resolve) => {
    echo.once('message', resolve);
    echo.send(message);
  });
  if (i >= 2000) ipc.push(Number(process.hrtime.bigint() - t));
}
echo.kill();
const ipcS = summary(ipc);
const directS = summary(direct);

// ---- cold load ----
log('cold loads');
const coldBundleBytes = Buffer.byteLength(backendBundle('cold-0'));
const cold = [];
const coldFirst = [];
for (let i = 0; i < 100; i++) {
  const id = `cold-${i}`;
  const t = process.hrtime.bigint();
  await sandbox.load(id, backendBundle(id));
  const loaded = process.hrtime.bigint();
  await sandbox.invoke(id, request, { store }, ROOMY);
  cold.push(Number(loaded - t));
  coldFirst.push(Number(process.hrtime.bigint() - t));
}
const coldS = summary(cold);
const coldFirstS = summary(coldFirst);
await sandbox.stop();

// ---- memory per idle backend ----
log('memory with 500 loaded backends');
const mem = await Sandbox.start({ workers: 2, maxBackendsPerWorker: 600 });
await mem.load('warmup', backendBundle('warmup'));
await mem.invoke('warmup', request, { store }, ROOMY);
globalThis.gc?.();
await new Promise((r) => setTimeout(r, 200));
const sum = (m) => m.hostRssBytes + m.workerRssBytes.reduce((a, b) => a + b, 0);
const before = await mem.memory();
const COUNT = 500;
for (let i = 0; i < COUNT; i++) {
  const id = `idle-${i}`;
  await mem.load(id, backendBundle(id));
  await mem.invoke(id, request, { store }, ROOMY); // loaded and used once, then idle
}
globalThis.gc?.();
await new Promise((r) => setTimeout(r, 500));
const after = await mem.memory();
const perBackend = (sum(after) - sum(before)) / COUNT;
const stillServes = (await mem.invoke('idle-0', request, { store }, ROOMY)).status === 200;
await mem.stop();

// ---- a victim's warm latency while another backend on its worker is under attack ----
log('victim latency, calm then under attack');
const ATTACKER = `"use strict";
var BackforgeBackend = { handle: async (request, context) => {
  if (request.action === 'spin') { for (;;) {} }
  if (request.action === 'wedge') { Array.prototype.lastIndexOf.call({ length: 2 ** 40 }, 1); }
  if (request.action === 'big') {
    for (let i = 0; i < 3; i++) await context.store.insert('big', { blob: request.input.blob, i });
    return { status: 200, body: { ok: true, result: (await context.store.list('big', { limit: 1000, offset: 0 })).items.length } };
  }
  const until = Date.now() + 90; while (Date.now() < until) {}
  return { status: 200, body: { ok: true, result: 1 } };
} };
globalThis.BackforgeBackend = BackforgeBackend;`;
const shared = await Sandbox.start({ workers: 1 });
await shared.load('victim', TRIVIAL);
await shared.load('attacker', ATTACKER);
const victimStore = new MemoryBackendStore();
const attackStore = new MemoryBackendStore();
for (let i = 0; i < 1000; i++) await shared.invoke('victim', request, { store: victimStore }, ROOMY);
const VICTIM_MS = 5000;
async function victimSamples() {
  const samples = [];
  let failures = 0;
  const until = Date.now() + VICTIM_MS;
  while (Date.now() < until) {
    const t = process.hrtime.bigint();
    try {
      await shared.invoke('victim', request, { store: victimStore });
      samples.push(Number(process.hrtime.bigint() - t));
    } catch {
      failures += 1;
    }
    await new Promise((r) => setImmediate(r));
  }
  return { s: summary(samples), failures };
}
const calm = await victimSamples();
// The attack: 8 concurrent loops of legal 90 ms calls, CPU breaches, a wedge in a built-in now
// and then, and lists of large records (all refused or bounded; the attacker is cooled down after a wedge).
let attacking = true;
const attackCounts = { ok: 0, refused: 0 };
const blob = 'b'.repeat(900 * 1024);
const loops = Array.from({ length: 8 }, async (_, k) => {
  for (let i = 0; attacking; i++) {
    const action = k === 0 && i % 20 === 5 ? 'wedge' : k === 1 ? 'spin' : k === 2 ? 'big' : 'busy';
    try {
      await shared.invoke('attacker', { action, input: action === 'big' ? { blob } : {} }, { store: attackStore }, { cpuTimeMs: 100, wallTimeMs: 10_000 });
      attackCounts.ok += 1;
    } catch {
      attackCounts.refused += 1;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
});
await new Promise((r) => setTimeout(r, 300));
const hostBefore = process.memoryUsage().rss;
const attacked = await victimSamples();
const hostDuring = process.memoryUsage().rss;
attacking = false;
await Promise.all(loops);
const attackStats = shared.stats();
await shared.stop();

const overheadUs = us(warmS.p50 - directS.p50);
const mark = (okay) => (okay ? '✅' : '❌');
const f = (n, d = 1) => n.toFixed(d);
const loadAtEnd = os.loadavg()[0];
process.stdout.write(`## Sandbox

The machine's load average was ${f(loadAtStart, 1)} at the start and ${f(loadAtEnd, 1)} at the end (${os.cpus().length} cores): wall
times include waiting for a core, so compare the ratios within this run.

Method: one host process driving two isolated-vm worker processes over IPC (\`Sandbox\` from
\`@backforge/sandbox\`, built \`dist\`). Warm call: 10 000 sequential \`invoke\`s of a trivial handler
after 2 000 warm-up calls, against the same async function awaited directly in-process (baseline,
timed in batches of 100) and against a bare IPC round trip to an echoing child process. Cold load:
\`load\` of 100 distinct ${f(coldBundleBytes / 1024)} KiB bundles (12 store-backed actions each), and \`load\` + first \`invoke\`. Memory: (RSS of host + workers after
loading and calling ${COUNT} such backends, then idling) − (RSS before), divided by ${COUNT}.

| figure | p50 | p90 | p99 | target |
|---|---|---|---|---|
| direct in-process call (baseline) | ${f(us(directS.p50), 2)} µs | ${f(us(directS.p90), 2)} µs | ${f(us(directS.p99), 2)} µs | |
| IPC round trip to an echoing child (the floor of process isolation) | ${f(us(ipcS.p50))} µs | ${f(us(ipcS.p90))} µs | ${f(us(ipcS.p99))} µs | |
| sandbox warm call | ${f(us(warmS.p50))} µs | ${f(us(warmS.p90))} µs | ${f(us(warmS.p99))} µs | |
| sandbox overhead (warm − direct, p50) | ${f(overheadUs)} µs | | | < 50 µs ${mark(overheadUs < 50)} |
| ratio warm / direct (p50) | ${f(warmS.p50 / directS.p50, 0)}× | | | reported |
| cold load (\`load\`) | ${f(ms(coldS.p50), 2)} ms | ${f(ms(coldS.p90), 2)} ms | ${f(ms(coldS.p99), 2)} ms | < 20 ms ${mark(ms(coldS.p50) < 20)} |
| cold load + first invoke | ${f(ms(coldFirstS.p50), 2)} ms | ${f(ms(coldFirstS.p90), 2)} ms | ${f(ms(coldFirstS.p99), 2)} ms | |
| memory per idle loaded backend (${COUNT} loaded) | ${f(perBackend / MB, 2)} MB | | | < 2 MB ${mark(perBackend < 2 * MB)} |

### A victim backend while another backend on its worker is under attack

Method: one worker process holding a victim (the trivial handler) and an attacker. The victim is
called sequentially for ${VICTIM_MS / 1000} s with nothing else running (baseline), then for ${VICTIM_MS / 1000} s while 8 concurrent
loops call the attacker: legal 90 ms calls, CPU breaches (\`for (;;) {}\`), a \`lastIndexOf\` wedge on
a huge array-like now and then (killed by the watchdog; the attacker is then refused for a while),
and lists of 900 KiB records (refused past the result bound). Default limits (CPU 100 ms, wall 2 s),
\`maxConcurrentPerBackend\` 4.

| victim warm call | p50 | p90 | p99 | calls | failed |
|---|---|---|---|---|---|
| no attack (baseline) | ${f(us(calm.s.p50))} µs | ${f(us(calm.s.p90))} µs | ${f(us(calm.s.p99))} µs | ${calm.s.n} | ${calm.failures} |
| attacker on the same worker | ${f(ms(attacked.s.p50), 2)} ms | ${f(ms(attacked.s.p90), 2)} ms | ${f(ms(attacked.s.p99), 2)} ms | ${attacked.s.n} | ${attacked.failures} |
| ratio (attack / baseline) | ${f(attacked.s.p50 / calm.s.p50, 0)}× | ${f(attacked.s.p90 / calm.s.p90, 0)}× | ${f(attacked.s.p99 / calm.s.p99, 0)}× | | |

Every victim call within its own limits (2 s wall): ${mark(attacked.failures === 0 && attacked.s.p99 < 2e9)}. Attacker calls: ${attackCounts.ok} answered,
${attackCounts.refused} refused or failed; workers replaced ${attackStats.recycledWorkers} times (${attackStats.blamedCrashes} blamed on the attacker).
Host RSS ${f(hostBefore / MB, 0)} MB at the start of the attack, ${f(hostDuring / MB, 0)} MB at its end.

### Memory with ${COUNT} loaded backends

Host RSS ${f(after.hostRssBytes / MB, 0)} MB with ${COUNT} backends loaded (the host keeps each bundle's code; isolates live in the workers).
Total RSS ${f(sum(before) / MB, 0)} MB before, ${f(sum(after) / MB, 0)} MB after (host ${f(after.hostRssBytes / MB, 0)} MB,
workers ${after.workerRssBytes.map((b) => f(b / MB, 0)).join(' + ')} MB); the first backend still answered after all ${COUNT} loaded: ${stillServes ? 'yes' : 'no'}.
`);
