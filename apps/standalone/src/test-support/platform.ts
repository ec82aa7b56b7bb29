import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateKeyringSpec, generateSecret } from '@backforge/auth';
import { SERVICE_NAMES } from '@backforge/contracts';
import { createTestDatabase, http, testS3, testServers, waitFor, type TestDatabase } from '@backforge/testing';
import { appEntry, spawnApp, startedPort, WORKSPACE_ROOT, type AppProcess } from './processes.js';

const run = promisify(execFile);

export type PlatformMode = 'standalone' | 'distributed';

/** A platform token issued by the CLI. */
export interface IssuedToken {
  id: string;
  workspace: string;
  name: string;
  token: string;
}

/** A running platform as a client sees it: one base URL, plus the processes and data behind it. */
export interface Platform {
  mode: PlatformMode;
  baseUrl: string;
  /** Where POST /v1/invoke/{slug} is served: the one process (standalone) or the invoke-router's own port (distributed). */
  invokeUrl: string;
  db: TestDatabase;
  /** Every process of the platform, by name (`standalone`, or each service; `generation-2`... for replicas). */
  processes: Map<string, AppProcess>;
  /** The platform's AUTH_SIGNING_KEYS: lets a test sign a token the platform would never mint (wrong purpose). */
  signingKeys: string;
  /** Issues a platform token with the CLI, on the platform's own data. */
  issueToken(workspace: string): Promise<IssuedToken>;
  revokeToken(id: string): Promise<void>;
  stop(): Promise<void>;
}

export interface PlatformOptions {
  /** Generation processes in distributed mode (default 1). */
  generationReplicas?: number;
  /** Extra settings for the generation processes (distributed) or the one process (standalone). */
  generationEnv?: Record<string, string>;
  /** Extra settings for every process. */
  env?: Record<string, string>;
}

/**
 * Seven Node processes starting at once on a loaded 2-core machine: each needs about 4 s of CPU to
 * start, and at a load of 45 the seven took 210 s. A generous deadline; an idle machine takes seconds.
 */
export const START_DEADLINE_MS = 480_000;

const CLI = path.join(WORKSPACE_ROOT, 'apps', 'standalone', 'dist', 'cli.js');

async function cli(env: Record<string, string>, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, ['--no-node-snapshot', CLI, ...args], {
      cwd: WORKSPACE_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      timeout: 240_000,
    });
    return stdout;
  } catch (error) {
    const { stderr, killed } = error as { stderr?: string; killed?: boolean };
    throw new Error(`backforge ${args.join(' ')} failed${killed ? ' (timed out)' : ''}: ${stderr ?? String(error)}`, { cause: error });
  }
}

/** Waits until the gateway answers ready: its routes are then served. */
async function waitReady(baseUrl: string): Promise<void> {
  await waitFor(async () => (await http(`${baseUrl}/health/ready`, { timeoutMs: 5_000 })).status === 200, { timeoutMs: START_DEADLINE_MS, description: `${baseUrl} ready` });
}

/**
 * Starts the whole platform for an e2e suite: one standalone process against a fresh test database,
 * or each of the seven services in its own process over NATS + PostgreSQL + the S3 test server.
 */
export async function startPlatform(mode: PlatformMode, options: PlatformOptions = {}): Promise<Platform> {
  const db = await createTestDatabase(mode === 'standalone' ? 'bf_cps' : 'bf_cpd');
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), `bf-cp-${mode}-`));
  const processes = new Map<string, AppProcess>();
  const common = { DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...options.env };
  // The keys the CLI issues tokens with must be the platform's own.
  let cliEnv: Record<string, string>;
  let baseUrl: string;
  let invokeUrl: string;
  let signingKeys: string;
  const stopAll = async (): Promise<void> => {
    await Promise.all([...processes.values()].map((p) => p.stop('SIGKILL')));
  };
  try {
    if (mode === 'standalone') {
      const dataDir = path.join(tmp, 'data');
      const env = { ...common, BACKFORGE_DATA_DIR: dataDir, ...options.generationEnv };
      const app = spawnApp(appEntry('standalone'), env, tmp);
      processes.set('standalone', app);
      baseUrl = `http://127.0.0.1:${await startedPort(app, START_DEADLINE_MS)}`;
      invokeUrl = baseUrl;
      cliEnv = { DATABASE_URL: db.url, BACKFORGE_DATA_DIR: dataDir };
      signingKeys = (JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { authSigningKeys: string }).authSigningKeys;
    } else {
      const s3 = testS3();
      const auth = { AUTH_DIGEST_KEY: generateSecret(), AUTH_SIGNING_KEYS: generateKeyringSpec() };
      const distributed = {
        ...common,
        ...auth,
        NATS_URL: testServers().nats ?? '',
        // This platform's own subjects: another suite's services on the same NATS never answer ours.
        NATS_NAMESPACE: `e2e-${randomBytes(4).toString('hex')}`,
        ARTIFACT_STORE: 's3',
        S3_ENDPOINT: s3.url,
        S3_ACCESS_KEY: s3.accessKey,
        S3_SECRET_KEY: s3.secretKey,
        S3_BUCKET: `bf-e2e-${randomBytes(4).toString('hex')}`,
      };
      for (const service of SERVICE_NAMES) {
        const replicas = service === 'generation' ? (options.generationReplicas ?? 1) : 1;
        for (let i = 1; i <= replicas; i++) {
          const env = service === 'generation' ? { ...distributed, ...options.generationEnv } : distributed;
          processes.set(i === 1 ? service : `${service}-${i}`, spawnApp(appEntry(service), env, tmp));
        }
      }
      const ports = await Promise.all(
        [...processes.entries()].map(async ([name, p]) => {
          try {
            return [name, await startedPort(p, START_DEADLINE_MS)] as const;
          } catch (error) {
            const last = p.logs.slice(-5).map((l) => JSON.stringify(l)).join('\n');
            throw new Error(`${name} did not start: ${(error as Error).message}\nlast log lines:\n${last}`, { cause: error });
          }
        }),
      );
      baseUrl = `http://127.0.0.1:${ports.find(([name]) => name === 'gateway')?.[1] ?? 0}`;
      invokeUrl = `http://127.0.0.1:${ports.find(([name]) => name === 'invoke-router')?.[1] ?? 0}`;
      cliEnv = { DATABASE_URL: db.url, BACKFORGE_DATA_DIR: path.join(tmp, 'cli'), ...auth };
      signingKeys = auth.AUTH_SIGNING_KEYS;
    }
    await waitReady(baseUrl);
  } catch (error) {
    await stopAll();
    await db.drop();
    throw error;
  }
  return {
    mode,
    baseUrl,
    invokeUrl,
    db,
    processes,
    signingKeys,
    async issueToken(workspace) {
      return JSON.parse(await cli(cliEnv, ['tokens', 'create', '--workspace', workspace, '--json'])) as IssuedToken;
    },
    async revokeToken(id) {
      await cli(cliEnv, ['tokens', 'revoke', id]);
    },
    async stop() {
      await stopAll();
      await db.drop();
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}


/** The public prompts of the corpus (libs/generator/corpus/public.json). */
export async function publicPrompts(): Promise<Array<{ name: string; prompt: string }>> {
  const corpus = JSON.parse(await fs.readFile(path.join(WORKSPACE_ROOT, 'libs/generator/corpus/public.json'), 'utf8')) as { prompts: Array<{ name: string; prompt: string }> };
  return corpus.prompts;
}
