import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Logger } from '@backforge/runtime';
import { DATA_DIR_LOCK_FILE, DataDirLockedError } from './data-dir-lock.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

/**
 * The embedded cluster under a second process and after a crash. The "standalone process" is
 * test-support/embedded-postgres-child.ts: startEmbeddedPostgres inside runMain, as main.ts does,
 * so it can be SIGKILLed like a real one.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const register = path.join(here, 'test-support', 'ts-register.mjs');
const childEntry = path.join(here, 'test-support', 'embedded-postgres-child.ts');

interface Child {
  process: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

function spawnChild(dataDir: string): Child {
  const child = spawn(process.execPath, ['--no-node-snapshot', '--import', register, childEntry, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, stdout: () => out, stderr: () => err, exited };
}

async function waitReady(child: Child, timeoutMs: number): Promise<{ url: string; port: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = child.stdout().split('\n').find((l) => l.startsWith('{"ready":true'));
    if (line) return JSON.parse(line) as { url: string; port: number };
    if (child.process.exitCode !== null || Date.now() > deadline) {
      throw new Error(`child not ready (exit ${child.process.exitCode}): ${child.stdout()} ${child.stderr()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function postmasterPid(pgdata: string): Promise<number> {
  return Number((await fs.readFile(path.join(pgdata, 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

async function query<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

function recordingLogger(): { logger: Logger; messages: string[] } {
  const messages: string[] = [];
  const record = (_fields: unknown, msg?: string) => void messages.push(String(msg));
  const logger = { info: record, warn: record, debug: () => undefined, error: record } as unknown as Logger;
  return { logger, messages };
}

describe('embedded PostgreSQL: one process per data dir, and the same port after a crash', () => {
  let tmp: string;
  const children: Child[] = [];

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-embedded-'));
    // As root the cluster runs as the `postgres` user, which must be able to reach the data dir.
    await fs.chmod(tmp, 0o755);
  });

  afterAll(async () => {
    for (const child of children) child.process.kill('SIGKILL');
    const pgdata = path.join(tmp, 'data', 'postgres');
    const pid = await postmasterPid(pgdata).catch(() => 0);
    if (pid > 0 && isAlive(pid)) process.kill(pid, 'SIGKILL');
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it('refuses a second process with one line and leaves the first one\'s cluster alone; after SIGKILL the next start keeps the port and the data', async () => {
    const dataDir = path.join(tmp, 'data');
    const pgdata = path.join(dataDir, 'postgres');

    const first = spawnChild(dataDir);
    children.push(first);
    const { url, port } = await waitReady(first, 90_000);
    await query(url, "CREATE TABLE survives (note text); INSERT INTO survives VALUES ('before the crash')");
    const firstPostmaster = await postmasterPid(pgdata);

    // A second process on the same data dir: exit 1, exactly one line, nothing touched.
    const second = spawnChild(dataDir);
    children.push(second);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toBe(
      `backforge-standalone: the data directory ${dataDir} is in use by another Backforge standalone process (pid ${first.process.pid}): stop that process first, or set BACKFORGE_DATA_DIR to another directory\n`,
    );
    // And a second start inside this process: the same refusal, as a typed error.
    await expect(startEmbeddedPostgres({ dataDir, logger: recordingLogger().logger })).rejects.toBeInstanceOf(DataDirLockedError);
    expect(isAlive(firstPostmaster)).toBe(true);
    expect(await postmasterPid(pgdata)).toBe(firstPostmaster);
    expect(await query<{ note: string }>(url, 'SELECT note FROM survives')).toEqual([{ note: 'before the crash' }]);

    // The crash: the process dies, its postmaster lives on (orphaned, holding the port), the lock stays.
    first.process.kill('SIGKILL');
    await first.exited;
    expect(isAlive(firstPostmaster)).toBe(true);
    expect(JSON.parse(await fs.readFile(path.join(dataDir, DATA_DIR_LOCK_FILE), 'utf8'))).toMatchObject({ pid: first.process.pid });

    const { logger, messages } = recordingLogger();
    const restarted = await startEmbeddedPostgres({ dataDir, logger });
    try {
      expect(messages).toEqual(
        expect.arrayContaining([
          'data directory lock left by a process that is gone: taking it over',
          'embedded PostgreSQL left running by a previous run: stopping it',
        ]),
      );
      expect(restarted.port).toBe(port);
      expect(restarted.url).toBe(url);
      expect(restarted.initialised).toBe(false);
      expect(isAlive(firstPostmaster)).toBe(false);
      expect(await query<{ note: string }>(restarted.url, 'SELECT note FROM survives')).toEqual([{ note: 'before the crash' }]);
      expect(JSON.parse(await fs.readFile(path.join(dataDir, DATA_DIR_LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      await restarted.stop();
    }
    // A clean stop leaves neither the cluster nor the lock behind.
    await expect(fs.access(path.join(pgdata, 'postmaster.pid'))).rejects.toThrow();
    await expect(fs.access(path.join(dataDir, DATA_DIR_LOCK_FILE))).rejects.toThrow();
  }, 180_000);
});
