import pg from 'pg';
import type { EndSignal } from './end-signal.js';
import type { Slice } from './slice.js';
import { StoreLimitError } from './store-input.js';

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout or a cancel request. */
const QUERY_CANCELED = '57014';

/**
 * Cancels what a pooled client's server process is running, from a short-lived connection of its
 * own (the pool may have no free slot). The caller holds the client until this settles, so the
 * cancel cannot reach a query of whoever uses the connection next.
 */
async function cancelRunning(pool: pg.Pool, client: pg.PoolClient): Promise<void> {
  const pid = (client as unknown as { processID?: unknown }).processID;
  if (typeof pid !== 'number') return;
  const canceller = new pg.Client((pool as unknown as { options: pg.ClientConfig }).options);
  canceller.on('error', () => undefined);
  try {
    await canceller.connect();
    await canceller.query('SELECT pg_cancel_backend($1)', [pid]);
  } finally {
    await canceller.end().catch(() => undefined);
  }
}

/**
 * Runs `work` on a pooled connection within an agent's slice (when given); cancels it when
 * `signal` fires; turns a cancelled statement into a message for the handler.
 */
export async function withConnection<T>(pool: pg.Pool, slice: Slice | undefined, signal: EndSignal | undefined, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  if (signal?.aborted) throw new StoreLimitError('this invocation has ended');
  await slice?.acquire(signal);
  try {
    const client = await pool.connect();
    let cancelling: Promise<void> | undefined;
    const onAbort = (): void => {
      cancelling = cancelRunning(pool, client).catch(() => undefined);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await work(client);
    } catch (e) {
      if ((e as { code?: unknown }).code === QUERY_CANCELED) {
        throw new StoreLimitError(signal?.aborted ? 'this invocation has ended' : 'the store call took longer than allowed; narrow the query');
      }
      throw e;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (cancelling) await cancelling;
      client.release();
    }
  } finally {
    slice?.release();
  }
}
