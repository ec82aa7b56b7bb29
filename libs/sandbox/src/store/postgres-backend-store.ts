import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type {
  BackendStore,
  JsonObject,
  StoreCondition,
  StoreListQuery,
  StoreListResult,
  StoredRecord,
  StoreUpdateOptions,
  StoreWriteOptions,
  StoreWriteResult,
} from '@backforge/contracts';
import {
  checkCollection,
  checkConditions,
  checkData,
  checkId,
  checkListQuery,
  checkRevision,
  checkUpdateOptions,
  checkWriteOptions,
  isSystemField,
  RECORD_OVERHEAD_BYTES,
  resultTooLarge,
  type StoreCallScope,
} from './store-input.js';
import { withConnection } from './connection.js';
import type { GetBatcher } from './get-batch.js';
import type { Slice } from './slice.js';

export const BACKEND_RECORDS_TABLE = 'backend_records';

export interface PostgresBackendStoreOptions {
  /** Clock for createdAt/updatedAt (ISO-8601); the host's, like the memory store's. */
  now?: () => string;
  /** This agent's share of the pool (PostgresStoreBridge gives one per agent). */
  slice?: Slice;
  /** This agent's `get`s, batched (PostgresStoreBridge gives one per agent, sharing its slice). */
  reads?: GetBatcher;
}

interface RecordRow {
  id: string;
  revision: number;
  data: JsonObject;
  created_at: Date;
  updated_at: Date;
  total?: string;
  /** Bytes of the page up to this row, when the page is bounded. */
  running?: string;
}

const COLUMNS = 'id, revision, data, created_at, updated_at';
const GET_SQL = `SELECT ${COLUMNS} FROM ${BACKEND_RECORDS_TABLE} WHERE agent_id = $1 AND collection = $2 AND id = $3`;
const ISO = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const SYSTEM_TEXT: Record<string, string> = { id: 'id', createdAt: ISO('created_at'), updatedAt: ISO('updated_at') };
const SYSTEM_ORDER: Record<string, string> = { id: 'id COLLATE "C"', createdAt: 'created_at', updatedAt: 'updated_at' };

function toRecord(row: RecordRow): StoredRecord {
  return { id: row.id, revision: row.revision, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString(), data: row.data };
}

/** Collects query parameters; SQL text only ever holds `$n` placeholders and fixed fragments. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** SQL for one condition. Field names were validated as identifiers and still travel as parameters. */
function conditionSql(c: StoreCondition, p: Params): string {
  if (isSystemField(c.field)) {
    const t = SYSTEM_TEXT[c.field] as string;
    const v = c.value;
    switch (c.op) {
      case 'eq':
        return typeof v === 'string' ? `${t} = ${p.add(v)}::text` : 'false';
      case 'ne':
        return typeof v === 'string' ? `${t} <> ${p.add(v)}::text` : 'true';
      case 'lt':
        return `${t} COLLATE "C" < ${p.add(v)}::text COLLATE "C"`;
      case 'lte':
        return `${t} COLLATE "C" <= ${p.add(v)}::text COLLATE "C"`;
      case 'gt':
        return `${t} COLLATE "C" > ${p.add(v)}::text COLLATE "C"`;
      case 'gte':
        return `${t} COLLATE "C" >= ${p.add(v)}::text COLLATE "C"`;
      case 'contains':
        return `strpos(lower(${t}), lower(${p.add(v)}::text)) > 0`;
      case 'in': {
        const strings = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
        return strings.length === 0 ? 'false' : `${t} = ANY(${p.add(strings)}::text[])`;
      }
    }
  }
  const j = `(data -> ${p.add(c.field)}::text)`;
  const orNull = `COALESCE(${j}, 'null'::jsonb)`;
  const v = c.value;
  const cmp = { lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;
  switch (c.op) {
    case 'eq':
      return `${orNull} = ${p.add(JSON.stringify(v))}::jsonb`;
    case 'ne':
      return `${orNull} <> ${p.add(JSON.stringify(v))}::jsonb`;
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      // CASE fixes the evaluation order: the cast runs only on values of the right type.
      if (typeof v === 'number') {
        return `(CASE WHEN jsonb_typeof(${j}) = 'number' THEN (${j})::numeric ${cmp[c.op]} ${p.add(String(v))}::numeric ELSE false END)`;
      }
      if (typeof v !== 'string') return 'false'; // checkConditions admits numbers and strings only
      return `(CASE WHEN jsonb_typeof(${j}) = 'string' THEN (${j} #>> '{}') COLLATE "C" ${cmp[c.op]} ${p.add(v)}::text COLLATE "C" ELSE false END)`;
    case 'contains': {
      const inList = `EXISTS (SELECT 1 FROM jsonb_array_elements(${j}) AS e(v) WHERE e.v = ${p.add(JSON.stringify(v))}::jsonb)`;
      const inText = typeof v === 'string' ? `WHEN 'string' THEN strpos(lower(${j} #>> '{}'), lower(${p.add(v)}::text)) > 0` : '';
      return `(CASE jsonb_typeof(${j}) WHEN 'array' THEN ${inList} ${inText} ELSE false END)`;
    }
    case 'in':
      return `EXISTS (SELECT 1 FROM jsonb_array_elements(${p.add(JSON.stringify(v))}::jsonb) AS e(v) WHERE e.v = ${orNull})`;
  }
}

function orderSql(orderBy: StoreListQuery['orderBy'], p: Params): string {
  if (!orderBy) return 'seq';
  const dir = orderBy.direction === 'desc' ? 'DESC' : 'ASC';
  if (isSystemField(orderBy.field)) return `${SYSTEM_ORDER[orderBy.field] as string} ${dir}, seq`;
  const j = `(data -> ${p.add(orderBy.field)}::text)`;
  // Same order as the memory store: numbers, strings, booleans, other JSON, then missing or null.
  return [
    `CASE jsonb_typeof(${j}) WHEN 'number' THEN 1 WHEN 'string' THEN 2 WHEN 'boolean' THEN 3 WHEN 'array' THEN 4 WHEN 'object' THEN 4 ELSE 9 END`,
    `(CASE WHEN jsonb_typeof(${j}) = 'number' THEN (${j})::numeric END) ${dir}`,
    `(CASE WHEN jsonb_typeof(${j}) = 'string' THEN (${j} #>> '{}') END) COLLATE "C" ${dir}`,
    `(CASE WHEN jsonb_typeof(${j}) = 'boolean' THEN (${j})::boolean END) ${dir}`,
    'seq',
  ].join(', ');
}

/**
 * The store bridge on PostgreSQL: one table for every agent, every statement scoped by agent_id.
 * Unique fields are enforced under a per-(agent, collection) advisory lock taken by every write that
 * declares unique fields; compare-and-set updates rely on the row lock of UPDATE ... WHERE revision.
 * Statement time-outs come from the pool's configuration (PostgresStoreBridge sets
 * statement_timeout); the sandbox's wall-time limit bounds each invocation regardless. A view made
 * by `forInvocation` cancels its running queries when the invocation ends and refuses a `list`
 * page larger than the scope's bound, measured in SQL before any row's data is sent.
 */
export class PostgresBackendStore implements BackendStore {
  private readonly now: () => string;
  private readonly slice: Slice | undefined;
  private readonly reads: GetBatcher | undefined;
  private scope: StoreCallScope | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly agentId: string,
    options: PostgresBackendStoreOptions = {},
  ) {
    if (typeof agentId !== 'string' || agentId.length === 0) throw new TypeError('PostgresBackendStore needs an agent id');
    this.now = options.now ?? (() => new Date().toISOString());
    this.slice = options.slice;
    this.reads = options.reads;
  }

  /** A view of this store bound to one invocation (see the class comment). */
  forInvocation(scope: StoreCallScope): PostgresBackendStore {
    const view = Object.create(this) as PostgresBackendStore;
    view.scope = scope;
    return view;
  }

  /** Runs `work` on a pooled connection within this agent's slice, cancelled when the invocation ends. */
  private run<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return withConnection(this.pool, this.slice, this.scope?.signal, work);
  }

  static async ensureSchema(pool: pg.Pool): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // Concurrent CREATE ... IF NOT EXISTS can still collide in the catalog: serialise them.
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('backforge.backend_records.schema', 0))`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${BACKEND_RECORDS_TABLE} (
        seq bigserial NOT NULL,
        agent_id text NOT NULL,
        collection text NOT NULL,
        id text NOT NULL,
        revision integer NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (agent_id, collection, id)
      )`);
      await client.query(`CREATE INDEX IF NOT EXISTS ${BACKEND_RECORDS_TABLE}_order ON ${BACKEND_RECORDS_TABLE} (agent_id, collection, seq)`);
      await client.query(`CREATE INDEX IF NOT EXISTS ${BACKEND_RECORDS_TABLE}_data ON ${BACKEND_RECORDS_TABLE} USING gin (data jsonb_path_ops)`);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  private transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.run(async (client) => {
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    });
  }

  private async lockCollection(client: pg.PoolClient, collection: string): Promise<void> {
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1::text || chr(31) || $2::text, 0))`, [this.agentId, collection]);
  }

  /** The first unique field whose value another record of the collection already holds. */
  private async uniqueViolation(client: pg.PoolClient, collection: string, data: JsonObject, unique: string[], selfId: string | null): Promise<string | null> {
    for (const field of unique) {
      const value = data[field];
      if (value === undefined || value === null) continue;
      const json = JSON.stringify(value);
      const { rowCount } = await client.query(
        `SELECT 1 FROM ${BACKEND_RECORDS_TABLE}
          WHERE agent_id = $1 AND collection = $2 AND data @> jsonb_build_object($3::text, $4::jsonb)
            AND data -> $3::text = $4::jsonb AND ($5::text IS NULL OR id <> $5::text) LIMIT 1`,
        [this.agentId, collection, field, json, selfId],
      );
      if ((rowCount ?? 0) > 0) return field;
    }
    return null;
  }

  async insert(collection: string, data: JsonObject, options?: StoreWriteOptions): Promise<StoreWriteResult> {
    const name = checkCollection(collection);
    const copy = checkData(data);
    const { unique } = checkWriteOptions(options);
    const at = this.now();
    const write = async (client: pg.PoolClient): Promise<StoreWriteResult> => {
      const { rows } = await client.query<RecordRow>(
        `INSERT INTO ${BACKEND_RECORDS_TABLE} (agent_id, collection, id, revision, data, created_at, updated_at)
         VALUES ($1, $2, $3, 1, $4::jsonb, $5::timestamptz, $5::timestamptz) RETURNING ${COLUMNS}`,
        [this.agentId, name, randomUUID(), JSON.stringify(copy), at],
      );
      return { ok: true, record: toRecord(rows[0] as RecordRow) };
    };
    if (unique.length === 0) return this.run(write);
    return this.transaction(async (client) => {
      await this.lockCollection(client, name);
      const violated = await this.uniqueViolation(client, name, copy, unique, null);
      if (violated) return { ok: false, reason: 'unique_violation', field: violated };
      return write(client);
    });
  }

  async get(collection: string, id: string): Promise<StoredRecord | null> {
    const name = checkCollection(collection);
    const key = checkId(id);
    if (this.reads) {
      const json = await this.reads.get(name, key, this.scope?.signal);
      return json === null ? null : (JSON.parse(json) as StoredRecord);
    }
    // A named statement: each pooled connection parses and plans it once, then only binds it.
    const { rows } = await this.run((c) => c.query<RecordRow>({ name: 'backforge_store_get', text: GET_SQL, values: [this.agentId, name, key] }));
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** `get`'s answer as JSON text (`null` when there is none); the relay sends it to the isolate as it is. */
  async getJson(collection: string, id: string): Promise<string> {
    if (!this.reads) return JSON.stringify(await this.get(collection, id));
    return (await this.reads.get(checkCollection(collection), checkId(id), this.scope?.signal)) ?? 'null';
  }

  private whereSql(collection: string, where: StoreCondition[], p: Params): string {
    const parts = [`agent_id = ${p.add(this.agentId)}`, `collection = ${p.add(collection)}`, ...where.map((c) => conditionSql(c, p))];
    return parts.join(' AND ');
  }

  async findOne(collection: string, where: StoreCondition[]): Promise<StoredRecord | null> {
    const p = new Params();
    const sql = `SELECT ${COLUMNS} FROM ${BACKEND_RECORDS_TABLE} WHERE ${this.whereSql(checkCollection(collection), checkConditions(where), p)} ORDER BY seq LIMIT 1`;
    const { rows } = await this.run((c) => c.query<RecordRow>(sql, p.values));
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async list(collection: string, query: StoreListQuery): Promise<StoreListResult> {
    const name = checkCollection(collection);
    const q = checkListQuery(query);
    const p = new Params();
    const where = this.whereSql(name, q.where ?? [], p);
    const order = orderSql(q.orderBy, p);
    const max = this.scope?.maxResultBytes;
    const page = `LIMIT ${p.add(q.limit)} OFFSET ${p.add(q.offset)}`;
    let sql = `SELECT ${COLUMNS}, count(*) OVER () AS total FROM ${BACKEND_RECORDS_TABLE} WHERE ${where} ORDER BY ${order} ${page}`;
    if (max !== undefined) {
      // The page's size is summed in SQL; a row's data is sent only while the page fits the bound.
      sql = `SELECT id, revision, CASE WHEN running <= ${p.add(max)}::bigint THEN data END AS data, created_at, updated_at, total, running
               FROM (SELECT page.*, sum(octet_length(page.data::text) + ${RECORD_OVERHEAD_BYTES}) OVER (ORDER BY page.n) AS running
                       FROM (SELECT ${COLUMNS}, count(*) OVER () AS total, row_number() OVER (ORDER BY ${order}) AS n
                               FROM ${BACKEND_RECORDS_TABLE} WHERE ${where} ORDER BY ${order} ${page}) page) sized
              ORDER BY n`;
    }
    const { rows } = await this.run((c) => c.query<RecordRow>(sql, p.values));
    if (max !== undefined && Number(rows[rows.length - 1]?.running ?? 0) > max) throw resultTooLarge(max);
    if (rows.length > 0) return { items: rows.map(toRecord), total: Number(rows[0]?.total ?? 0) };
    // An empty page says nothing about the total: count separately (offset past the end, or limit 0).
    return { items: [], total: await this.count(name, q.where ?? []) };
  }

  async count(collection: string, where: StoreCondition[]): Promise<number> {
    const p = new Params();
    const sql = `SELECT count(*)::int AS n FROM ${BACKEND_RECORDS_TABLE} WHERE ${this.whereSql(checkCollection(collection), checkConditions(where), p)}`;
    const { rows } = await this.run((c) => c.query<{ n: number }>(sql, p.values));
    return rows[0]?.n ?? 0;
  }

  async update(collection: string, id: string, data: JsonObject, options?: StoreUpdateOptions): Promise<StoreWriteResult> {
    const name = checkCollection(collection);
    const key = checkId(id);
    const copy = checkData(data);
    const { unique, expectedRevision } = checkUpdateOptions(options);
    const at = this.now();
    const write = async (client: pg.PoolClient): Promise<StoreWriteResult> => {
      const { rows } = await client.query<RecordRow>(
        `UPDATE ${BACKEND_RECORDS_TABLE} SET data = $4::jsonb, revision = revision + 1, updated_at = $5::timestamptz
          WHERE agent_id = $1 AND collection = $2 AND id = $3 AND ($6::int IS NULL OR revision = $6::int)
          RETURNING ${COLUMNS}`,
        [this.agentId, name, key, JSON.stringify(copy), at, expectedRevision ?? null],
      );
      if (rows[0]) return { ok: true, record: toRecord(rows[0]) };
      const exists = await client.query(`SELECT 1 FROM ${BACKEND_RECORDS_TABLE} WHERE agent_id = $1 AND collection = $2 AND id = $3`, [this.agentId, name, key]);
      return (exists.rowCount ?? 0) > 0 ? { ok: false, reason: 'revision_conflict' } : { ok: false, reason: 'not_found' };
    };
    if (unique.length === 0) return this.run(write);
    return this.transaction(async (client) => {
      await this.lockCollection(client, name);
      const { rows } = await client.query<{ revision: number }>(
        `SELECT revision FROM ${BACKEND_RECORDS_TABLE} WHERE agent_id = $1 AND collection = $2 AND id = $3 FOR UPDATE`,
        [this.agentId, name, key],
      );
      const current = rows[0];
      if (!current) return { ok: false, reason: 'not_found' };
      if (expectedRevision !== undefined && current.revision !== expectedRevision) return { ok: false, reason: 'revision_conflict' };
      const violated = await this.uniqueViolation(client, name, copy, unique, key);
      if (violated) return { ok: false, reason: 'unique_violation', field: violated };
      return write(client);
    });
  }

  async delete(collection: string, id: string, options?: { expectedRevision?: number }): Promise<boolean> {
    const params = [this.agentId, checkCollection(collection), checkId(id), checkRevision(options?.expectedRevision) ?? null];
    const { rowCount } = await this.run((c) =>
      c.query(`DELETE FROM ${BACKEND_RECORDS_TABLE} WHERE agent_id = $1 AND collection = $2 AND id = $3 AND ($4::int IS NULL OR revision = $4::int)`, params),
    );
    return (rowCount ?? 0) > 0;
  }
}

