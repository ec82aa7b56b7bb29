import type { Env } from '@backforge/config';
import type { Logger } from '@backforge/runtime';
import { DataDirLockedError } from './data-dir-lock.js';
import { recordedEmbeddedPostgresUrl, startEmbeddedPostgres } from './embedded-postgres.js';
import { dataDirOf } from './standalone-secrets.js';

export interface PlatformDatabase {
  url: string;
  close(): Promise<void>;
}

/**
 * The PostgreSQL the platform's data lives in, for the admin CLI: DATABASE_URL; else the standalone
 * data directory's embedded cluster, the running platform's when it runs (its lock is held), or
 * started for the length of the command.
 */
export async function openPlatformDatabase(env: Env, logger: Logger): Promise<PlatformDatabase> {
  const external = env.DATABASE_URL?.trim();
  if (external) return { url: external, close: async () => undefined };
  const dataDir = dataDirOf(env);
  try {
    const port = env.EMBEDDED_POSTGRES_PORT?.trim() ? Number(env.EMBEDDED_POSTGRES_PORT) : undefined;
    const embedded = await startEmbeddedPostgres({ dataDir, ...(port !== undefined ? { port } : {}), logger });
    return { url: embedded.url, close: embedded.stop };
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const url = await recordedEmbeddedPostgresUrl(dataDir);
    if (!url) throw error;
    return { url, close: async () => undefined };
  }
}
