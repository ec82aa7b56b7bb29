import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { digestSecret, generateAgentKey, generateSecret, parseSecretKey } from '@backforge/auth';
import { loadConfig, serviceConfigSchemas } from '@backforge/config';
import { FileSystemArtifactStore } from '@backforge/artifact-store';
import { streamName, type ArtifactRef, type JsonObject } from '@backforge/contracts';
import { PostgresEventStore } from '@backforge/event-store';
import { loadGoldenBlueprint, projectFile, synthesize } from '@backforge/generator';
import { createInProcessTransport, createNatsTransport, eventMetadata, MessagingClient, type MessagingTransport } from '@backforge/messaging';
import { createLogger, startService, type RunningService } from '@backforge/runtime';
import { createTestDatabase, http, testServers, type HttpResult, type TestDatabase } from '@backforge/testing';
import { InvokeRouterModule } from '../invoke-router.module.js';

const WORKSPACE = 'acme';

/** A small hand-written bundle (the shape esbuild gives a generated handler): `body` runs with `request`, `context` in scope. */
export function handBundle(body: string, prelude = ''): string {
  return `"use strict";
var BackforgeBackend = (() => {
  ${prelude}
  async function handle(request, context) {
    ${body}
  }
  return { handle };
})();
globalThis.BackforgeBackend = BackforgeBackend;
`;
}

/** The handler bundle of the golden "recipes" blueprint, as the generation service stores it. */
export async function recipesBundle(): Promise<string> {
  const project = await synthesize(loadGoldenBlueprint('recipes'), { name: 'recipes' });
  const code = projectFile(project, 'dist/handler.js');
  if (!code) throw new Error('the synthesized project has no dist/handler.js');
  return code;
}

export interface IssuedKey {
  keyId: string;
  key: string;
  lineage: string;
}

/**
 * The platform around invoke-routers for integration tests: a fresh database with the PostgreSQL
 * event store, a filesystem artifact store, and helpers that append exactly what the generation,
 * deploy and keys services append. Routers are real processes' worth of services (startService
 * with the InvokeRouterModule, each with its own event store connection and sandbox).
 */
export class RouterHarness {
  readonly routers: RunningService[] = [];
  /** This harness's own NATS subjects (a namespace), as one platform's services share them. */
  readonly natsNamespace = `inv-${randomBytes(4).toString('hex')}`;
  private readonly clients: MessagingTransport[] = [];
  private constructor(
    readonly db: TestDatabase,
    readonly events: PostgresEventStore,
    readonly artifacts: FileSystemArtifactStore,
    readonly dir: string,
    readonly digestKey: string,
  ) {}

  static async create(): Promise<RouterHarness> {
    const db = await createTestDatabase('bf_inv');
    const events = new PostgresEventStore({ connectionString: db.url });
    await events.ensureSchema();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-invoke-'));
    return new RouterHarness(db, events, new FileSystemArtifactStore({ dir: path.join(dir, 'artifacts') }), dir, generateSecret());
  }

  private natsTransport(name: string): MessagingTransport {
    const url = testServers().nats;
    if (!url) throw new Error('NATS is not available to tests');
    return createNatsTransport({ url, name, drainTimeoutMs: 2000, namespace: this.natsNamespace });
  }

  /** A client on this harness's NATS namespace: what the keys service uses to notify the routers. */
  async natsClient(): Promise<MessagingClient> {
    const transport = this.natsTransport('test-keys');
    this.clients.push(transport);
    await transport.client.connect();
    return new MessagingClient(transport, 5000);
  }

  /** Starts one invoke-router (HTTP on a free port) with these extra settings; over NATS (as in distributed mode) or in-process. */
  async startRouter(env: Record<string, string> = {}, transport: 'nats' | 'in-process' = 'in-process'): Promise<RunningService> {
    const config = loadConfig(serviceConfigSchemas['invoke-router'], {
      DATABASE_URL: this.db.url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      AUTH_DIGEST_KEY: this.digestKey,
      ARTIFACT_STORE: 'fs',
      ARTIFACTS_DIR: path.join(this.dir, 'artifacts'),
      INVOKE_SANDBOX_WORKERS: '1',
      ...env,
    });
    const router = await startService({
      processName: 'invoke-router',
      config,
      databaseUrl: this.db.url,
      modules: [InvokeRouterModule],
      transport: transport === 'nats' ? this.natsTransport('invoke-router') : createInProcessTransport({ drainTimeoutMs: 2000 }),
      logger: createLogger({ service: 'invoke-router', level: 'silent' }),
    });
    this.routers.push(router);
    return router;
  }

  /** AgentCreated and SlugReserved, as the generation service appends them. */
  async createAgent(slug: string): Promise<string> {
    const agentId = `agt_${randomBytes(12).toString('hex')}`;
    await this.events.append(streamName('slug', slug), [{ type: 'SlugReserved', data: { slug, agentId }, metadata: eventMetadata({ workspaceId: WORKSPACE }) }], 'no_stream');
    await this.events.append(
      streamName('agent', agentId),
      [{ type: 'AgentCreated', data: { agentId, workspaceId: WORKSPACE, slug, name: slug, region: 'auto', jobId: 'job_x' }, metadata: eventMetadata({ workspaceId: WORKSPACE }) }],
      'no_stream',
    );
    return agentId;
  }

  /** Stores `<slug>-v<version>.bundle.js` as the generation service does; its ArtifactRef. */
  async storeBundle(agentId: string, slug: string, version: number, code: string): Promise<ArtifactRef> {
    const filename = `${slug}-v${version}.bundle.js`;
    const bytes = Buffer.from(code, 'utf8');
    await this.artifacts.put({ agentId, filename }, bytes, { contentType: 'text/javascript' });
    return { filename, kind: 'bundle', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), contentType: 'text/javascript' };
  }

  /** Stores `<slug>-v<version>.bundle.js` and appends DeploymentSucceeded, as the deploy service does. */
  async deploy(agentId: string, slug: string, version: number, code: string): Promise<{ deploymentId: string; position: bigint }> {
    const bundle = await this.storeBundle(agentId, slug, version, code);
    const deploymentId = `dep_${randomBytes(8).toString('hex')}`;
    const data = { deploymentId, attempt: 1, agentId, slug, version, bundle, smoke: { action: 'describe', status: 200, durationMs: 1 } } as unknown as JsonObject;
    const { position } = await this.events.append(streamName('deployment', agentId), [{ type: 'DeploymentSucceeded', data, metadata: eventMetadata({ workspaceId: WORKSPACE }) }], 'any');
    return { deploymentId, position };
  }

  /** ApiKeyCreated with the keyed digest, as the keys service appends it; the raw key stays here. */
  async createKey(agentId: string, lineage?: string): Promise<IssuedKey> {
    const keyId = `key_${randomBytes(12).toString('hex')}`;
    const { key, prefix, lastFour } = generateAgentKey();
    const digest = digestSecret(key, parseSecretKey(this.digestKey, 'AUTH_DIGEST_KEY'));
    const data = { keyId, agentId, workspaceId: WORKSPACE, name: 'test', prefix, lastFour, digest, lineage: lineage ?? keyId };
    await this.events.append(streamName('apikey', keyId), [{ type: 'ApiKeyCreated', data, metadata: eventMetadata({ workspaceId: WORKSPACE }) }], 'no_stream');
    return { keyId, key, lineage: data.lineage };
  }

  async revokeKey(keyId: string): Promise<void> {
    await this.events.append(streamName('apikey', keyId), [{ type: 'ApiKeyRevoked', data: { keyId }, metadata: eventMetadata({ workspaceId: WORKSPACE }) }], 'any');
  }

  /** A rotation: the new key shares the lineage; the old one ends after `graceSeconds`. */
  async rotateKey(old: IssuedKey, agentId: string, graceSeconds: number): Promise<IssuedKey> {
    const fresh = await this.createKey(agentId, old.lineage);
    const expiresAt = new Date(Date.now() + graceSeconds * 1000).toISOString();
    await this.events.append(streamName('apikey', old.keyId), [{ type: 'ApiKeyRotated', data: { keyId: old.keyId, replacedBy: fresh.keyId, expiresAt }, metadata: eventMetadata({ workspaceId: WORKSPACE }) }], 'any');
    return fresh;
  }

  async close(): Promise<void> {
    await Promise.all(this.routers.map((r) => r.close()));
    await Promise.all(this.clients.map((c) => c.close()));
    await this.artifacts.close();
    await this.events.close();
    await this.db.drop();
    await fs.rm(this.dir, { recursive: true, force: true });
  }
}

/** POST /v1/invoke/{slug} on one router. */
export function invoke(router: RunningService, slug: string, key: string | undefined, json: unknown, init: { headers?: Record<string, string>; rawBody?: string; path?: string } = {}): Promise<HttpResult> {
  return http(`${router.url}${init.path ?? `/v1/invoke/${slug}`}`, {
    method: 'POST',
    ...(key === undefined ? {} : { token: key }),
    ...(init.rawBody === undefined ? { json } : { rawBody: init.rawBody }),
    headers: init.headers ?? {},
  });
}

/**
 * POST /v1/invoke/{slug} with a chunked body (no content-length): the framework's route answers it,
 * not the fast path, so a test can compare the two.
 */
export function chunkedInvoke(router: RunningService, slug: string, key: string, rawBody: string, correlationId: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${router.url}/v1/invoke/${slug}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked', 'x-correlation-id': correlationId },
      timeout: 30_000,
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.write(rawBody.slice(0, 5));
    req.end(rawBody.slice(5));
  });
}
