/**
 * The real servers tests talk to. The jest global setup (jest/global-setup.js) finds them once per
 * run: a URL in the environment, else the server on its local default port, else a container
 * started by testcontainers (where a Docker engine runs), and s3rver for S3 when no S3 URL is
 * given. It writes what it found to BACKFORGE_TEST_* variables; tests read them here.
 */
export type ServerKind = 'postgres' | 'nats' | 's3';

export const TEST_ENV = {
  postgres: 'BACKFORGE_TEST_DATABASE_URL',
  nats: 'BACKFORGE_TEST_NATS_URL',
  s3: 'BACKFORGE_TEST_S3_URL',
  missing: 'BACKFORGE_TEST_MISSING',
} as const;

export interface TestServers {
  postgres?: string;
  nats?: string;
  s3?: string;
  missing: ServerKind[];
}

/** What the global setup found, as seen from inside a test worker. */
export function testServers(env: NodeJS.ProcessEnv = process.env): TestServers {
  const missing = (env[TEST_ENV.missing] ?? '').split(',').filter((k): k is ServerKind => k === 'postgres' || k === 'nats' || k === 's3');
  return {
    postgres: env[TEST_ENV.postgres] || undefined,
    nats: env[TEST_ENV.nats] || undefined,
    s3: env[TEST_ENV.s3] || undefined,
    missing,
  };
}
