// Event-store bench (PostgreSQL adapter): append throughput (1 and 10 writers; batches of 1 and 100),
// read-all throughput and append-to-subscriber latency, each next to a baseline measured in the same
// run on the same server (plain INSERTs / SELECTs of the same rows, a raw LISTEN/NOTIFY round trip).
// Creates its own database and drops it at the end. One markdown section on stdout; progress on stderr.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PostgresEventStore } from '@backforge/event-store';

const log = (msg) => process.stderr.write(`[event-store bench] ${msg}\n`);

const serverUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = `bf_bench_es_${process.pid}_${Date.now().toString(36)}`;
const adminUrl = Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString();
const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();

const CASES = [
  { writers: 1, batch: 1, appendsPerWriter: 1500 },
  { writers: 1, batch: 100, appendsPerWriter: 100 },
  { writers: 10, batch: 1, appendsPerWriter: 300 },
  { writers: 10, batch: 100, appendsPerWriter: 20 },
];
const LATENCY_SAMPLES = 400;

function newEvent(i) {
  return {
    type: 'BenchTicked',
    data: { i, agentId: randomUUID(), note: 'a payload of roughly the size of a typical domain event', tags: ['a', 'b', 'c'] },
    metadata: {
      eventId: randomUUID(),
      correlationId: randomUUID(),
      causationId: randomUUID(),
      workspaceId: 'bench',
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => n.toFixed(2);
const check = (ok) => (ok ? '✅' : '❌');

async function timedWriters(writers, work) {
  const started = performance.now();
  await Promise.all(Array.from({ length: writers }, (_, w) => work(w)));
  return (performance.now() - started) / 1000;
}

async function appendCase(store, { writers, batch, appendsPerWriter }) {
  const seconds = await timedWriters(writers, async (w) => {
    const stream = `bench-${writers}w-${batch}b-${w}-${randomUUID()}`;
    let expected = 'no_stream';
    for (let a = 0; a < appendsPerWriter; a += 1) {
      const events = Array.from({ length: batch }, (_, i) => newEvent(a * batch + i));
      const result = await store.append(stream, events, expected);
      expected = result.nextExpectedRevision;
    }
  });
  return (writers * appendsPerWriter * batch) / seconds;
}

async function baselineCase(pool, { writers, batch, appendsPerWriter }) {
  // The same rows, written the plain way: one multi-row INSERT per batch into a table with a bigserial key.
  const seconds = await timedWriters(writers, async (w) => {
    const stream = `base-${writers}w-${batch}b-${w}-${randomUUID()}`;
    for (let a = 0; a < appendsPerWriter; a += 1) {
      const values = [];
      const tuples = [];
      for (let i = 0; i < batch; i += 1) {
        const e = newEvent(a * batch + i);
        const o = values.length;
        tuples.push(`($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}::jsonb, $${o + 6}::jsonb)`);
        values.push(stream, a * batch + i, e.metadata.eventId, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
      }
      await pool.query(
        `INSERT INTO baseline_events (stream_name, stream_revision, event_id, event_type, data, metadata) VALUES ${tuples.join(', ')}`,
        values,
      );
    }
  });
  return (writers * appendsPerWriter * batch) / seconds;
}

async function readAllRate(store) {
  const started = performance.now();
  let count = 0;
  let after;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 5000 });
    if (page.length === 0) break;
    count += page.length;
    after = page[page.length - 1].position;
  }
  return { count, perSecond: count / ((performance.now() - started) / 1000) };
}

async function plainSelectRate(pool) {
  const started = performance.now();
  let count = 0;
  let after = 0;
  for (;;) {
    const { rows } = await pool.query('SELECT * FROM baseline_events WHERE id > $1 ORDER BY id LIMIT 5000', [after]);
    if (rows.length === 0) break;
    count += rows.length;
    after = Number(rows[rows.length - 1].id);
  }
  return count / ((performance.now() - started) / 1000);
}

/**
 * Append one event at a time and time how long until the subscriber holds it: from the append call
 * (includes the commit's fsync) and from the append's acknowledgement (the delivery path alone).
 */
async function subscriberLatency(writer, reader, samples) {
  const prefix = `lat-${randomUUID()}-`;
  const subscription = reader.subscribeToAll({ from: 'end', filter: { streamPrefixes: [prefix] } });
  const iterator = subscription[Symbol.asyncIterator]();
  const total = [];
  const afterAck = [];
  try {
    // Warm up: the subscription settles on its start and the listener connects.
    const warm = iterator.next();
    await new Promise((r) => setTimeout(r, 300));
    await writer.append(`${prefix}s`, [newEvent(-1)], 'no_stream');
    await warm;
    for (let i = 0; i < samples; i += 1) {
      const next = iterator.next();
      const started = performance.now();
      await writer.append(`${prefix}s`, [newEvent(i)], BigInt(i));
      const acknowledged = performance.now();
      await next;
      const delivered = performance.now();
      total.push(delivered - started);
      afterAck.push(delivered - acknowledged);
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    await subscription.close();
  }
  return { total: summary(total), afterAck: summary(afterAck) };
}

/** The floor for cross-process delivery: pg_notify on one connection, heard on another. */
async function rawNotifyLatency(samples) {
  const listener = new pg.Client({ connectionString: benchUrl });
  const sender = new pg.Client({ connectionString: benchUrl });
  await listener.connect();
  await sender.connect();
  await listener.query('LISTEN bench_raw');
  const latencies = [];
  try {
    for (let i = 0; i < samples; i += 1) {
      const heard = new Promise((resolve) => listener.once('notification', resolve));
      const started = performance.now();
      await sender.query("SELECT pg_notify('bench_raw', '')");
      await heard;
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    await listener.end();
    await sender.end();
  }
  return summary(latencies);
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
log(`created database ${dbName}`);

let section;
const stores = [];
const pool = new pg.Pool({ connectionString: benchUrl, max: 12 });
pool.on('error', () => undefined);
try {
  const store = new PostgresEventStore({ connectionString: benchUrl, poolSize: 12 });
  stores.push(store);
  await store.ensureSchema();
  await pool.query(`CREATE TABLE baseline_events (
    id bigserial PRIMARY KEY, stream_name text NOT NULL, stream_revision bigint NOT NULL, event_id text NOT NULL,
    event_type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now())`);

  // Warm both paths (prepared statements, pool connections) before measuring.
  await appendCase(store, { writers: 10, batch: 1, appendsPerWriter: 20 });
  await baselineCase(pool, { writers: 10, batch: 1, appendsPerWriter: 20 });

  const appendRows = [];
  for (const c of CASES) {
    // Interleave store and baseline so a noisy neighbour hits both alike.
    const storeRate = await appendCase(store, c);
    const baseRate = await baselineCase(pool, c);
    log(`append ${c.writers}w x batch ${c.batch}: ${fmt(storeRate)} events/s (baseline ${fmt(baseRate)} rows/s)`);
    appendRows.push({ ...c, storeRate, baseRate });
  }

  const read = await readAllRate(store);
  const plainRead = await plainSelectRate(pool);
  log(`read-all: ${fmt(read.perSecond)} events/s over ${read.count} events (plain SELECT ${fmt(plainRead)} rows/s)`);

  const other = new PostgresEventStore({ connectionString: benchUrl, poolSize: 4 });
  stores.push(other);
  const crossProcess = await subscriberLatency(store, other, LATENCY_SAMPLES);
  const sameProcess = await subscriberLatency(store, store, LATENCY_SAMPLES);
  const raw = await rawNotifyLatency(LATENCY_SAMPLES);
  log(`latency p50/p99 ms: other instance ${ms(crossProcess.total.p50)}/${ms(crossProcess.total.p99)} (after ack ${ms(crossProcess.afterAck.p50)}/${ms(crossProcess.afterAck.p99)}), same instance ${ms(sameProcess.total.p50)}/${ms(sameProcess.total.p99)}, raw NOTIFY ${ms(raw.p50)}/${ms(raw.p99)}`);

  const rows = appendRows.map((r) => {
    const ratio = r.storeRate / r.baseRate;
    let target = '–';
    if (r.batch === 100) target = `≥ 50% of baseline ${check(ratio >= 0.5)}`;
    if (r.writers === 10 && r.batch === 1) target = `≥ 1,500 events/s ${check(r.storeRate >= 1500)}`;
    return `| append, ${r.writers} writer${r.writers > 1 ? 's' : ''}, batches of ${r.batch} (${fmt(r.writers * r.appendsPerWriter * r.batch)} events) | ${fmt(r.storeRate)} events/s | ${fmt(r.baseRate)} rows/s | ${(ratio * 100).toFixed(0)}% | ${target} |`;
  });
  section = `## Event store (PostgreSQL adapter)

Method: a fresh database on the bench's PostgreSQL server; each append case runs the adapter and then the
baseline (plain multi-row \`INSERT\`s of the same rows, one statement per batch, into a table with only a
bigserial key) with the same writers and batch sizes; every writer appends to its own stream at the exact
expected revision. Read-all pages through the whole log 5,000 events at a time (baseline: plain keyset
\`SELECT\`s of the baseline table). Latency is append-call start (so it includes the commit's fsync) to the event leaving the
subscriber's iterator, and separately from the append's return, ${LATENCY_SAMPLES} sequential appends, for a subscriber on another store instance (its own pool and
LISTEN connection, as in another process: woken by NOTIFY) and on the writing instance; its baseline is a raw
\`pg_notify\` heard on a second connection.

| measure | event store | baseline | store / baseline | target |
|---|---|---|---|---|
${rows.join('\n')}
| read-all (${fmt(read.count)} events) | ${fmt(read.perSecond)} events/s | ${fmt(plainRead)} rows/s | ${((read.perSecond / plainRead) * 100).toFixed(0)}% | ≥ 50,000 events/s ${check(read.perSecond >= 50_000)} |
| append → subscriber, other instance (p50 / p99) | ${ms(crossProcess.total.p50)} / ${ms(crossProcess.total.p99)} ms | raw NOTIFY ${ms(raw.p50)} / ${ms(raw.p99)} ms | – | p99 < 10 ms ${check(crossProcess.total.p99 < 10)} |
| … of which after the append returned (p50 / p99) | ${ms(crossProcess.afterAck.p50)} / ${ms(crossProcess.afterAck.p99)} ms | | | |
| append → subscriber, same instance (p50 / p99) | ${ms(sameProcess.total.p50)} / ${ms(sameProcess.total.p99)} ms | raw NOTIFY ${ms(raw.p50)} / ${ms(raw.p99)} ms | – | p99 < 10 ms ${check(sameProcess.total.p99 < 10)} |
| … of which after the append returned (p50 / p99) | ${ms(sameProcess.afterAck.p50)} / ${ms(sameProcess.afterAck.p99)} ms | | | |`;
} finally {
  for (const s of stores) await s.close().catch(() => undefined);
  await pool.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((e) => log(`drop failed: ${e.message}`));
  await admin.end();
  log(`dropped database ${dbName}`);
}
process.stdout.write(`${section}\n`);
