import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, describeWith } from '@backforge/testing';
import { appEntry, getJson, spawnApp, startedPort, type AppProcess } from './test-support/processes.js';

// Runs the built standalone app (apps/standalone/dist/main.js): `pnpm test` runs `pnpm build` before jest.

const entry = appEntry('standalone');

/** PIDs of processes whose command line mentions `needle` (e.g. a postgres serving our data dir). */
async function processesMentioning(needle: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const cmdline = await fs.readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(needle)) pids.push(Number(name));
  }
  return pids;
}

async function waitReady(port: number, deadline: number): Promise<{ status: number; body: Record<string, unknown> }> {
  for (;;) {
    const result = await getJson(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined);
    if (result?.status === 200 || Date.now() > deadline) return result ?? { status: 0, body: {} };
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('standalone process with its embedded PostgreSQL', () => {
  let tmp: string;
  const running: AppProcess[] = [];

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-standalone-'));
    // As root the cluster runs as the `postgres` user, which must be able to reach the data dir.
    await fs.chmod(tmp, 0o755);
  });

  afterAll(async () => {
    for (const app of running) await app.stop('SIGKILL');
    for (const pid of await processesMentioning(tmp)) process.kill(pid, 'SIGKILL');
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it('is ready within 30 s on a fresh data dir, stops cleanly, and a second start reuses the same data', async () => {
    const dataDir = path.join(tmp, 'data');
    // A 120 s shutdown bound, so 'stops promptly, not by a step running into its timeout' can have a wide margin.
    const env = { BACKFORGE_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '120000' };

    const started = Date.now();
    const first = spawnApp(entry, env, tmp);
    running.push(first);
    const port = await startedPort(first, 120_000);
    const ready = await waitReady(port, started + 120_000);
    const readyMs = Date.now() - started;
    expect(ready).toEqual({ status: 200, body: { status: 'ok', service: 'standalone', checks: { postgres: { status: 'ok' }, eventStore: { status: 'ok' }, invokeTables: { status: 'ok' } } } });
    expect(readyMs).toBeLessThan(120_000);
    process.stderr.write(`[standalone e2e] fresh data dir: ready in ${readyMs} ms\n`);
    expect(first.logs.find((l) => l.msg === 'embedded PostgreSQL started')).toMatchObject({ initialised: true });

    // Write a row straight into the embedded cluster, with the credentials it recorded.
    const record = JSON.parse(await fs.readFile(path.join(dataDir, 'postgres.json'), 'utf8')) as { port: number; user: string; password: string; database: string };
    expect((await fs.stat(path.join(dataDir, 'postgres.json'))).mode & 0o077).toBe(0);
    const url = `postgres://${record.user}:${record.password}@127.0.0.1:${record.port}/${record.database}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE TABLE survives_restart (note text)');
    await client.query("INSERT INTO survives_restart VALUES ('written by the first run')");
    await client.end();

    const stop = await first.stop('SIGTERM');
    expect(stop.code).toBe(0);
    expect(stop.ms).toBeLessThan(30_000);
    expect(first.stderr()).toBe('');
    // The embedded cluster stopped with the process.
    expect(await processesMentioning(path.join(dataDir, 'postgres'))).toEqual([]);

    const restarted = Date.now();
    const second = spawnApp(entry, env, tmp);
    running.push(second);
    const port2 = await startedPort(second, 120_000);
    expect((await waitReady(port2, restarted + 120_000)).status).toBe(200);
    process.stderr.write(`[standalone e2e] existing data dir: ready in ${Date.now() - restarted} ms\n`);
    expect(second.logs.find((l) => l.msg === 'embedded PostgreSQL started')).toMatchObject({ initialised: false });
    expect(second.logs.some((l) => l.msg === 'embedded PostgreSQL cluster created')).toBe(false);

    const record2 = JSON.parse(await fs.readFile(path.join(dataDir, 'postgres.json'), 'utf8')) as typeof record;
    const again = new pg.Client({ connectionString: `postgres://${record2.user}:${record2.password}@127.0.0.1:${record2.port}/${record2.database}` });
    await again.connect();
    const { rows } = await again.query<{ note: string }>('SELECT note FROM survives_restart');
    await again.end();
    expect(rows).toEqual([{ note: 'written by the first run' }]);

    expect((await second.stop('SIGTERM')).code).toBe(0);
  }, 400_000);

  it('recovers the cluster a killed process left running', async () => {
    const dataDir = path.join(tmp, 'killed');
    const env = { BACKFORGE_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
    const first = spawnApp(entry, env, tmp);
    running.push(first);
    await startedPort(first, 120_000);
    await first.stop('SIGKILL');
    const pgdata = path.join(dataDir, 'postgres');
    expect((await processesMentioning(pgdata)).length).toBeGreaterThan(0); // the orphaned postmaster

    const second = spawnApp(entry, env, tmp);
    running.push(second);
    const port = await startedPort(second, 120_000);
    // Started is not ready yet (the router's tables catch up first): wait for it, generously.
    expect((await waitReady(port, Date.now() + 120_000)).status).toBe(200);
    expect(second.logs.some((l) => l.msg === 'embedded PostgreSQL left running by a previous run: stopping it')).toBe(true);
    expect((await second.stop('SIGTERM')).code).toBe(0);
    expect(await processesMentioning(pgdata)).toEqual([]);
  }, 400_000);

  it('refuses a bad setting before touching the data dir: exit 1 and one line', async () => {
    const dataDir = path.join(tmp, 'never-created');
    const app = spawnApp(entry, { BACKFORGE_DATA_DIR: dataDir, LOG_LEVEL: 'loud' }, tmp);
    expect(await app.exited).toBe(1);
    expect(app.stderr()).toBe(
      'backforge-standalone: Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")\n',
    );
    await expect(fs.access(dataDir)).rejects.toThrow();
  });
});

describeWith(['postgres'])('standalone process with DATABASE_URL', () => {
  it('uses that database, starts no embedded server, and reports a lost database as not ready', async () => {
    const db = await createTestDatabase('bf_sa');
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-standalone-ext-'));
    const dataDir = path.join(tmp, 'data');
    const app = spawnApp(entry, { DATABASE_URL: db.url, BACKFORGE_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, tmp);
    try {
      const port = await startedPort(app, 120_000);
      expect((await getJson(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
      expect(app.logs.some((l) => typeof l.msg === 'string' && l.msg.includes('embedded PostgreSQL'))).toBe(false);
      await expect(fs.access(path.join(dataDir, 'postgres'))).rejects.toThrow();

      // Its event store lives in that database.
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rowCount } = await client.query("SELECT 1 FROM information_schema.tables WHERE table_schema = 'event_store'");
      await client.end();
      expect(rowCount).toBeGreaterThan(0);

      // The database disappears: ready turns 503 and names the failing checks; live stays 200.
      await db.drop();
      const notReady = await getJson(`http://127.0.0.1:${port}/health/ready`);
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({ status: 'error', checks: { postgres: { status: 'error' } } });
      expect((await getJson(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);

      const stop = await app.stop('SIGTERM');
      expect(stop.code).toBe(0);
    } finally {
      await app.stop('SIGKILL');
      await db.drop();
      await fs.rm(tmp, { recursive: true, force: true });
    }
  }, 400_000);
});
