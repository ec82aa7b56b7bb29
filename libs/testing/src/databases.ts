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
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
