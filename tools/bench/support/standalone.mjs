// The built standalone process on a fresh database of the local PostgreSQL, for benches that drive
// Backforge over HTTP as a client would. Not a bench itself (run.mjs runs only *.bench.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts it, waits for ready, returns `{base, token, stop, pid}` (`token`: the first start's `default` token;
 * `pid`: the platform process, e.g. to read its CPU time).
 * `execArgv`: extra Node flags for the platform process (e.g. `--cpu-prof` when profiling).
 */
export async function startStandalone(name, extraEnv = {}, execArgv = []) {
  const pg = (await import('pg')).default;
  const serverUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  const dbName = `bf_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), `bf-bench-${name}-`));
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString(),
    BACKFORGE_DATA_DIR: path.join(tmp, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const platform = spawn(process.execPath, ['--no-node-snapshot', ...execArgv, path.join(root, 'apps/standalone/dist/main.js')], { cwd: tmp, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = async () => {
    if (platform.exitCode === null && platform.signalCode === null) {
      const closed = new Promise((r) => platform.once('close', r));
      platform.kill('SIGTERM');
      await closed;
    }
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
    await fs.rm(tmp, { recursive: true, force: true });
  };
  try {
    let out = '';
    const token = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the standalone process did not print its token within 10 min')), 600_000);
      platform.stdout.on('data', (c) => {
        out += c;
        const found = /^\s+(bfp_\S+)$/m.exec(out)?.[1];
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      });
      platform.on('exit', (code) => reject(new Error(`standalone exited (${code})`)));
    });
    const base = `http://127.0.0.1:${port}`;
    for (let deadline = Date.now() + 300_000; ; ) {
      const ready = await fetch(`${base}/health/ready`).then((r) => r.status, () => 0);
      if (ready === 200) break;
      if (Date.now() > deadline) throw new Error('the standalone process did not get ready within 5 min');
      await new Promise((r) => setTimeout(r, 200));
    }
    return { base, token, stop, pid: platform.pid };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** fetch + JSON, with a generous timeout. */
export async function json(url, options = {}) {
  const res = await fetch(url, { ...options, signal: AbortSignal.timeout(60_000) });
  return { status: res.status, body: await res.json() };
}

export function pct(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * A Node script of the benches in its own process (a load generator, a bare baseline route):
 * `done` resolves with its whole stdout; `onLine` hears its first line (a port, say) once written.
 */
export function runNode(script, args, { onLine } = {}) {
  const proc = spawn(process.execPath, ['--no-node-snapshot', script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (c) => {
    out += c;
    if (onLine && out.includes('\n')) onLine(out.split('\n')[0]);
  });
  return { proc, done: new Promise((resolve) => proc.on('close', () => resolve(out))) };
}

export const publicPrompts = async () => JSON.parse(await fs.readFile(path.join(root, 'libs/generator/corpus/public.json'), 'utf8')).prompts;
