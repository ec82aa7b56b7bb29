import type { DataSource, EntityManager } from 'typeorm';
import { ProjectionConfigError } from './errors.js';

export interface CheckpointRow {
  version: number;
  /** Global position of the last event this projection has seen; null before the first. */
  position: bigint | null;
}

const identifierPattern = /^[a-z_][a-z0-9_]{0,62}(\.[a-z_][a-z0-9_]{0,62})?$/;

function quoteIdentifier(name: string): string {
  return name
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');
}

interface RawRow {
  version: number;
  position: string | null;
}

function toRow(raw: RawRow | undefined): CheckpointRow | null {
  if (!raw) return null;
  return { version: Number(raw.version), position: raw.position === null ? null : BigInt(raw.position) };
}

/** The `projection_checkpoints` table: one row per projection, written in the same transaction as its rows. */
export class CheckpointTable {
  private readonly table: string;

  constructor(readonly tableName: string) {
    if (!identifierPattern.test(tableName)) {
      throw new ProjectionConfigError(`Checkpoint table '${tableName}' must be a lowercase SQL identifier, optionally schema-qualified`);
    }
    this.table = quoteIdentifier(tableName);
  }

  /** Creates the table if missing; an advisory lock keeps replicas starting together from racing on the catalog. */
  async ensure(dataSource: DataSource): Promise<void> {
    await dataSource.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`backforge:${this.tableName}`]);
      await tx.query(
        `CREATE TABLE IF NOT EXISTS ${this.table} (
          name text PRIMARY KEY,
          version integer NOT NULL,
          position bigint NULL,
          updated_at timestamptz NOT NULL DEFAULT now()
        )`,
      );
    });
  }

  async read(manager: EntityManager, name: string): Promise<CheckpointRow | null> {
    const rows: RawRow[] = await manager.query(`SELECT version, position::text AS position FROM ${this.table} WHERE name = $1`, [name]);
    return toRow(rows[0]);
  }

  /** Reads the row under a row lock: concurrent writers of the same projection serialize here. */
  async lock(tx: EntityManager, name: string): Promise<CheckpointRow | null> {
    const rows: RawRow[] = await tx.query(`SELECT version, position::text AS position FROM ${this.table} WHERE name = $1 FOR UPDATE`, [name]);
    return toRow(rows[0]);
  }

  /** Inserts an empty row for a projection seen for the first time; true when this call created it. */
  async create(tx: EntityManager, name: string, version: number): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `INSERT INTO ${this.table} (name, version, position) VALUES ($1, $2, NULL) ON CONFLICT (name) DO NOTHING RETURNING name`,
      [name, version],
    );
    return rows.length > 0;
  }

  async advance(tx: EntityManager, name: string, position: bigint | null): Promise<void> {
    await tx.query(`UPDATE ${this.table} SET position = $2, updated_at = now() WHERE name = $1`, [name, position === null ? null : position.toString()]);
  }

  async reset(tx: EntityManager, name: string, version: number): Promise<void> {
    await tx.query(`UPDATE ${this.table} SET version = $2, position = NULL, updated_at = now() WHERE name = $1`, [name, version]);
  }
}
