import { randomUUID } from 'node:crypto';
import type {
  BackendStore,
  JsonObject,
  JsonValue,
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
  compareForOrder,
  isSystemField,
  jsonEquals,
  matchesCondition,
  RECORD_OVERHEAD_BYTES,
  resultTooLarge,
  type StoreCallScope,
} from './store-input.js';

export interface MemoryBackendStoreOptions {
  /** Clock for createdAt/updatedAt (ISO-8601). */
  now?: () => string;
}

interface Row extends StoredRecord {
  seq: number;
}

function fieldOf(record: StoredRecord, field: string): JsonValue | undefined {
  if (isSystemField(field)) return record[field];
  return Object.prototype.hasOwnProperty.call(record.data, field) ? record.data[field] : undefined;
}

function copyOut(row: Row): StoredRecord {
  return { id: row.id, revision: row.revision, createdAt: row.createdAt, updatedAt: row.updatedAt, data: structuredClone(row.data) };
}

/**
 * The store bridge in memory, for tests, checks and behaviour runs. Every method's body runs without
 * awaiting, so each call is atomic with respect to every other: the same guarantees the PostgreSQL
 * store gets from row locks and per-collection advisory locks.
 */
export class MemoryBackendStore implements BackendStore {
  private readonly collections = new Map<string, Map<string, Row>>();
  private readonly now: () => string;
  private seq = 0;

  constructor(options: MemoryBackendStoreOptions = {}) {
    this.now = options.now ?? (() => new Date().toISOString());
  }

  private rows(collection: string): Map<string, Row> {
    let rows = this.collections.get(collection);
    if (!rows) {
      rows = new Map();
      this.collections.set(collection, rows);
    }
    return rows;
  }

  private scope: StoreCallScope | undefined;

  /** A view of this store for one invocation: results larger than the scope's bound are refused. */
  forInvocation(scope: StoreCallScope): MemoryBackendStore {
    const view = Object.create(this) as MemoryBackendStore;
    view.scope = scope;
    return view;
  }

  private uniqueViolation(rows: Map<string, Row>, data: JsonObject, unique: string[], selfId: string | null): string | null {
    const own = (record: JsonObject, field: string): JsonValue | undefined => (Object.prototype.hasOwnProperty.call(record, field) ? record[field] : undefined);
    for (const field of unique) {
      const value = own(data, field);
      if (value === undefined || value === null) continue;
      for (const row of rows.values()) {
        if (row.id !== selfId && jsonEquals(own(row.data, field), value)) return field;
      }
    }
    return null;
  }

  private matching(collection: string, where: StoreCondition[]): Row[] {
    const rows = this.collections.get(collection);
    if (!rows) return [];
    return [...rows.values()].filter((row) => where.every((c) => matchesCondition(fieldOf(row, c.field), c.op, c.value)));
  }

  async insert(collection: string, data: JsonObject, options?: StoreWriteOptions): Promise<StoreWriteResult> {
    const name = checkCollection(collection);
    const copy = checkData(data);
    const { unique } = checkWriteOptions(options);
    const rows = this.rows(name);
    const violated = this.uniqueViolation(rows, copy, unique, null);
    if (violated) return { ok: false, reason: 'unique_violation', field: violated };
    const at = this.now();
    const row: Row = { id: randomUUID(), revision: 1, createdAt: at, updatedAt: at, data: copy, seq: ++this.seq };
    rows.set(row.id, row);
    return { ok: true, record: copyOut(row) };
  }

  async get(collection: string, id: string): Promise<StoredRecord | null> {
    const name = checkCollection(collection);
    const key = checkId(id);
    const row = this.collections.get(name)?.get(key);
    return row ? copyOut(row) : null;
  }

  async findOne(collection: string, where: StoreCondition[]): Promise<StoredRecord | null> {
    const row = this.matching(checkCollection(collection), checkConditions(where))[0];
    return row ? copyOut(row) : null;
  }

  async list(collection: string, query: StoreListQuery): Promise<StoreListResult> {
    const name = checkCollection(collection);
    const q = checkListQuery(query);
    const rows = this.matching(name, q.where ?? []);
    const orderBy = q.orderBy;
    if (orderBy) {
      rows.sort((a, b) => compareForOrder(fieldOf(a, orderBy.field), fieldOf(b, orderBy.field), orderBy.direction) || a.seq - b.seq);
    }
    const page = rows.slice(q.offset, q.offset + q.limit);
    const max = this.scope?.maxResultBytes;
    if (max !== undefined) {
      // Sized row by row, so a page of huge records costs at most the bound to refuse.
      let bytes = 0;
      for (const row of page) {
        bytes += JSON.stringify(row.data).length + RECORD_OVERHEAD_BYTES;
        if (bytes > max) throw resultTooLarge(max);
      }
    }
    return { items: page.map(copyOut), total: rows.length };
  }

  async count(collection: string, where: StoreCondition[]): Promise<number> {
    return this.matching(checkCollection(collection), checkConditions(where)).length;
  }

  async update(collection: string, id: string, data: JsonObject, options?: StoreUpdateOptions): Promise<StoreWriteResult> {
    const name = checkCollection(collection);
    const key = checkId(id);
    const copy = checkData(data);
    const { unique, expectedRevision } = checkUpdateOptions(options);
    const rows = this.rows(name);
    const row = rows.get(key);
    if (!row) return { ok: false, reason: 'not_found' };
    if (expectedRevision !== undefined && row.revision !== expectedRevision) return { ok: false, reason: 'revision_conflict' };
    const violated = this.uniqueViolation(rows, copy, unique, key);
    if (violated) return { ok: false, reason: 'unique_violation', field: violated };
    row.data = copy;
    row.revision += 1;
    row.updatedAt = this.now();
    return { ok: true, record: copyOut(row) };
  }

  async delete(collection: string, id: string, options?: { expectedRevision?: number }): Promise<boolean> {
    const rows = this.collections.get(checkCollection(collection));
    const key = checkId(id);
    const expectedRevision = checkRevision(options?.expectedRevision);
    const row = rows?.get(key);
    if (!rows || !row) return false;
    if (expectedRevision !== undefined && row.revision !== expectedRevision) return false;
    rows.delete(key);
    return true;
  }
}
