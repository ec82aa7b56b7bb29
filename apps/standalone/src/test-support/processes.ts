import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root (tests run the built apps from their dist/ folders). */
export const WORKSPACE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function appEntry(app: string): string {
  return path.join(WORKSPACE_ROOT, 'apps', app, 'dist', 'main.js');
}

export interface AppProcess {
  child: ChildProcess;
  /** Parsed JSON log lines from stdout. */
  logs: Array<Record<string, unknown>>;
  stderr(): string;
  /** Resolves with the first log line matching, or rejects after timeoutMs (or when the process exits). */
  waitForLog(match: (line: Record<string, unknown>) => boolean, timeoutMs: number): Promise<Record<string, unknown>>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Sends a signal and resolves with the exit code and how long the exit took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

/** Starts `node <entry>` with exactly `env` (plus PATH/HOME), collecting its JSON log lines. */
export function spawnApp(entry: string, env: Record<string, string>, cwd = WORKSPACE_ROOT): AppProcess {
  const child = spawn(process.execPath, ['--no-node-snapshot', '--enable-source-maps', entry], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Array<Record<string, unknown>> = [];
  let err = '';
  let pending = '';
  const listeners = new Set<() => void>();
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ raw: line });
      }
    }
    for (const l of listeners) l();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  return {
    child,
    logs,
    stderr: () => err,
    exited,
    waitForLog(match, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = logs.find(match);
          if (found) {
            cleanup();
            resolve(found);
          }
          return Boolean(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching log line within ${timeoutMs} ms; stderr: ${err.slice(-2000)}`));
        }, timeoutMs);
        const cleanup = (): void => {
          clearTimeout(timer);
          listeners.delete(onData);
        };
        const onData = (): void => void check();
        if (check()) return;
        listeners.add(onData);
        void exited.then((code) => {
          if (!check()) {
            cleanup();
            reject(new Error(`process exited (${String(code)}) before the log line; stderr: ${err.slice(-2000)}`));
          }
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      const started = Date.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      return { code, ms: Date.now() - started };
    },
  };
}

/** The port a process logged in its "service started" line. */
export async function startedPort(app: AppProcess, timeoutMs = 120_000): Promise<number> {
  const line = await app.waitForLog((l) => l.msg === 'service started', timeoutMs);
  return line.port as number;
}

export async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
