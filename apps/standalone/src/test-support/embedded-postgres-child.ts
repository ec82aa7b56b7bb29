// A standalone process reduced to its embedded PostgreSQL, for embedded-postgres.int.spec.ts:
// node --import ./ts-register.mjs embedded-postgres-child.ts <dataDir>
// Prints one JSON line {"ready": true, url, port} on stdout once the cluster answers; SIGTERM stops it.
import { createLogger, runMain, type RunningService } from '@backforge/runtime';
import { startEmbeddedPostgres } from '../embedded-postgres.js';

const dataDir = process.argv[2] ?? '';
runMain('standalone', async () => {
  const logger = createLogger({ service: 'embedded-postgres-child', level: 'warn' });
  const embedded = await startEmbeddedPostgres({ dataDir, logger });
  process.stdout.write(`${JSON.stringify({ ready: true, url: embedded.url, port: embedded.port })}\n`);
  return { url: '', port: 0, shutdownTimeoutMs: 30_000, close: embedded.stop } as unknown as RunningService;
});
