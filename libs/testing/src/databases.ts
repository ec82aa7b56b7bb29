import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testServers } from './servers.js';

export interface TestDatabase {
  /** Connection string of a database that belongs to this test file alone. */
  url: string;
  name: string;
  /** Drops the database; call it in afterAll. */
  drop(): Promise<void>;
}

/** How long drop() waits for the database's sessions to close by themselves before forcing them. */
const DROP_GRACE_MS = 3_000;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A fresh, empty PostgreSQL database for one test file: isolation without schemas leaking into
 * each other, and LISTEN/NOTIFY channels that no other file hears.
 */
export async function createTestDatabase(prefix = 'bf_t'): Promise<TestDatabase> {
  const base = testServers().postgres;
  if (!base) throw new Error('PostgreSQL is not available to tests (see the jest global setup output)');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(base, name),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        // A pool's end() resolves before its sockets have closed. Give closing sessions a moment to go
        // on their own: FORCE would turn their goodbye into an error event on a pool nobody listens to.
        const deadline = Date.now() + DROP_GRACE_MS;
        while (Date.now() < deadline) {
          const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
