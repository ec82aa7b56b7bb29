import pg from 'pg';
import { createTestDatabase } from './databases.js';
import { describeWith } from './availability.js';

describeWith(['postgres'])('createTestDatabase', () => {
  it('gives each caller its own empty database and drops it', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    expect(a.name).not.toEqual(b.name);
    const client = new pg.Client({ connectionString: a.url });
    await client.connect();
    await client.query('CREATE TABLE only_in_a (id int)');
    const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
    expect(rows[0]?.db).toEqual(a.name);
    await client.end();

    const other = new pg.Client({ connectionString: b.url });
    await other.connect();
    const seen = await other.query("SELECT to_regclass('only_in_a') AS t");
    expect(seen.rows[0].t).toBeNull();
    await other.end();

    await a.drop();
    await b.drop();
    const admin = new pg.Client({ connectionString: b.url.replace(b.name, 'postgres') });
    await admin.connect();
    const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = ANY($1)', [[a.name, b.name]]);
    expect(left.rowCount).toBe(0);
    await admin.end();
  });

  it('lets a session that is closing go by itself instead of killing it', async () => {
    const db = await createTestDatabase();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const errors: unknown[] = [];
    client.on('error', (error) => errors.push(error));
    const dropping = db.drop();
    // The session closes on its own shortly after drop() started, as a pool's sockets do after end().
    await new Promise((resolve) => setTimeout(resolve, 200));
    await client.end();
    await dropping;
    expect(errors).toEqual([]);
  });
});
