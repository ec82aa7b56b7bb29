import type pg from 'pg';
import { withConnection } from './connection.js';
import { InvocationEnd, type EndSignal } from './end-signal.js';
import type { Slice } from './slice.js';
import { StoreLimitError } from './store-input.js';

/** A record found by a batch: its key, and the record as JSON text (built by PostgreSQL). */
interface GetRow {
  collection: string;
  id: string;
  json: string;
}

interface Read {
  collection: string;
  id: string;
  signal: EndSignal | undefined;
  onAbort: () => void;
  /** Answered (or refused): later outcomes are ignored. */
  done: boolean;
  /** The batch that took it. */
  batch: Batch | null;
  resolve(json: string | null): void;
  reject(error: Error): void;
}

interface Batch {
  /** Fires when every read of the batch has ended: cancels its statement. */
  cancel: InvocationEnd;
  /** Taken when the batch got its connection; empty before. */
  reads: Read[];
  taken: boolean;
}

const ENDED = 'this invocation has ended';
const ISO = (column: string): string => `to_char(r.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The record as the store's readers see it (`StoredRecord`, its fields in that order), as JSON text. */
const COLUMNS = `r.collection, r.id, json_build_object('id', r.id, 'revision', r.revision, 'createdAt', ${ISO('created_at')}, 'updatedAt', ${ISO('updated_at')}, 'data', r.data)::text AS json`;
const ONE_SQL = `SELECT ${COLUMNS} FROM backend_records r WHERE r.agent_id = $1 AND r.collection = $2 AND r.id = $3`;
/** Primary-key lookups of every (collection, id) pair of the batch, in one statement. */
const MANY_SQL = `SELECT ${COLUMNS} FROM unnest($2::text[], $3::text[]) AS k(collection, id)
  JOIN backend_records r ON r.agent_id = $1 AND r.collection = k.collection AND r.id = k.id`;
const keyOf = (collection: string, id: string): string => `${collection}\u0000${id}`;

/**
 * One agent's `get`s by id, answered in batches: the reads that wait for the agent's slice of the
 * pool (or arrive in the same turn of the event loop) go as one statement when a connection is
 * free, instead of one checkout, one query write and one answer each. Under load (many concurrent
 * invocations of one backend, two connections in its slice) that is one PostgreSQL round trip for
 * many reads; alone, a read goes at once as before. PostgreSQL builds each record's JSON text, which
 * goes to the isolate as it is (reads of the same record in one batch share it). A batch holds one place in the slice like any
 * store call; at most `maxWaiting` reads wait for one (past it a read fails at once: the bridge
 * passes its slice's connections plus waiting calls, so one turn's reads are admitted as many as
 * before batching); a read whose invocation ends is refused at once, and a running batch whose
 * reads all ended is cancelled.
 */
export class GetBatcher {
  private waiting: Read[] = [];
  /** A batch is waiting for its place in the slice: new reads join it. */
  private forming = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly agentId: string,
    private readonly slice: Slice | undefined,
    private readonly maxWaiting: number,
  ) {}

  /** The record's JSON text, or null when there is none. */
  get(collection: string, id: string, signal: EndSignal | undefined): Promise<string | null> {
    if (signal?.aborted) return Promise.reject(new StoreLimitError(ENDED));
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(new StoreLimitError(`too many store calls waiting (${this.maxWaiting}); make fewer at once`));
    }
    return new Promise<string | null>((resolve, reject) => {
      const read: Read = { collection, id, signal, done: false, batch: null, resolve, reject, onAbort: () => this.abandon(read) };
      signal?.addEventListener('abort', read.onAbort, { once: true });
      this.waiting.push(read);
      if (!this.forming) this.form();
    });
  }

  /**
   * Starts a batch. It takes every read waiting when its connection comes (at the earliest after
   * this turn's synchronous work, so the reads of one IPC message from the worker go together).
   */
  private form(): void {
    this.forming = true;
    const batch: Batch = { cancel: new InvocationEnd(), reads: [], taken: false };
    const take = async (client: pg.PoolClient): Promise<void> => {
      batch.taken = true;
      batch.reads = this.waiting;
      this.waiting = [];
      this.forming = false; // the next read starts the next batch
      for (const read of batch.reads) read.batch = batch;
      if (batch.reads.length === 0) return; // every read ended while it waited
      const rows = await this.query(client, batch.reads);
      const byKey = new Map(rows.map((row) => [keyOf(row.collection, row.id), row.json]));
      for (const read of batch.reads) settle(read, () => read.resolve(byKey.get(keyOf(read.collection, read.id)) ?? null));
    };
    queueMicrotask(() => {
      withConnection(this.pool, this.slice, batch.cancel, take).catch((error: Error) => {
        if (!batch.taken) {
          // No connection (the slice's queue is full, or the pool failed): the reads waiting fail with it.
          this.forming = false;
          batch.reads = this.waiting;
          this.waiting = [];
        }
        for (const read of batch.reads) settle(read, () => read.reject(error));
      });
    });
  }

  private async query(client: pg.PoolClient, reads: Read[]): Promise<GetRow[]> {
    if (reads.length === 1) {
      const [only] = reads as [Read];
      // Named statements: each pooled connection parses and plans them once, then only binds them.
      return (await client.query<GetRow>({ name: 'backforge_store_get_one', text: ONE_SQL, values: [this.agentId, only.collection, only.id] })).rows;
    }
    const keys = new Map(reads.map((read) => [keyOf(read.collection, read.id), read]));
    const collections = [...keys.values()].map((read) => read.collection);
    const ids = [...keys.values()].map((read) => read.id);
    return (await client.query<GetRow>({ name: 'backforge_store_get_many', text: MANY_SQL, values: [this.agentId, collections, ids] })).rows;
  }

  /** A read's invocation ended: it is refused at once; its batch's statement is cancelled when none of its reads is left. */
  private abandon(read: Read): void {
    const at = this.waiting.indexOf(read);
    if (at >= 0) this.waiting.splice(at, 1);
    settle(read, () => read.reject(new StoreLimitError(ENDED)));
    const { batch } = read;
    if (batch && batch.reads.every((r) => r.done)) batch.cancel.end();
  }
}

function settle(read: Read, outcome: () => void): void {
  if (read.done) return;
  read.done = true;
  read.signal?.removeEventListener('abort', read.onAbort);
  outcome();
}
