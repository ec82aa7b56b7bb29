// Finds the servers the tests talk to, once per jest run, and hands them to the workers through
// BACKFORGE_TEST_* variables. Order: a URL in the environment, else the local default port, else
// testcontainers (needs a Docker engine). S3: TEST_S3_URL, else an s3rver started here.
// Under CI=true a server that cannot be found fails the run; otherwise its suites are skipped loudly.
import net from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const portOpen = (host, port, timeoutMs = 500) =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

const firstEnv = (...names) => names.map((n) => process.env[n]?.trim()).find((v) => v);

async function viaContainer(kind) {
  try {
    const { GenericContainer, Wait } = await import('testcontainers');
    if (kind === 'postgres') {
      const c = await new GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_DB: 'test' })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .start();
      globalThis.__backforgeContainers.push(c);
      return `postgres://postgres@${c.getHost()}:${c.getMappedPort(5432)}/test`;
    }
    const c = await new GenericContainer('nats:2.10-alpine').withCommand(['-js']).withExposedPorts(4222).start();
    globalThis.__backforgeContainers.push(c);
    return `nats://${c.getHost()}:${c.getMappedPort(4222)}`;
  } catch (error) {
    return { error: String(error?.message ?? error).split('\n')[0] };
  }
}

async function find(kind, envNames, host, port, scheme) {
  const fromEnv = firstEnv(...envNames);
  if (fromEnv) return { url: fromEnv, how: `from ${envNames.find((n) => process.env[n]?.trim())}` };
  if (await portOpen(host, port)) return { url: scheme, how: `local ${host}:${port}` };
  const viaDocker = await viaContainer(kind);
  if (typeof viaDocker === 'string') return { url: viaDocker, how: 'testcontainers' };
  return { url: undefined, how: `not found (env ${envNames.join('/')} unset, nothing on ${host}:${port}, testcontainers: ${viaDocker.error})` };
}

export default async function globalSetup() {
  globalThis.__backforgeContainers = [];
  const missing = [];
  const pg = await find('postgres', ['TEST_DATABASE_URL', 'DATABASE_URL'], '127.0.0.1', 5432, 'postgres://postgres@127.0.0.1:5432/test');
  const nats = await find('nats', ['TEST_NATS_URL', 'NATS_URL'], '127.0.0.1', 4222, 'nats://127.0.0.1:4222');

  let s3 = firstEnv('TEST_S3_URL');
  let s3how = 'from TEST_S3_URL';
  if (!s3) {
    const { default: S3rver } = await import('s3rver');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-s3rver-'));
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
    const address = await server.run();
    globalThis.__backforgeS3 = { server, dir };
    s3 = `http://127.0.0.1:${address.port}`;
    s3how = 's3rver started for this run';
  }

  for (const [kind, found, variable] of [
    ['postgres', pg, 'BACKFORGE_TEST_DATABASE_URL'],
    ['nats', nats, 'BACKFORGE_TEST_NATS_URL'],
  ]) {
    if (found.url) process.env[variable] = found.url;
    else missing.push(kind);
    process.stderr.write(`[backforge/testing] ${kind}: ${found.url ? `${found.url} (${found.how})` : found.how}\n`);
  }
  process.env.BACKFORGE_TEST_S3_URL = s3;
  process.stderr.write(`[backforge/testing] s3: ${s3} (${s3how})\n`);
  process.env.BACKFORGE_TEST_MISSING = missing.join(',');

  if (missing.length > 0) {
    if (process.env.CI === 'true') {
      throw new Error(`[backforge/testing] CI=true and these servers could not be found: ${missing.join(', ')}`);
    }
    process.stderr.write(`\n[backforge/testing] WARNING: suites needing ${missing.join(', ')} will be SKIPPED\n\n`);
  }
}
