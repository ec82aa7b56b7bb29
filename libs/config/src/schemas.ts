import path from 'node:path';
import { integer, oneOf, optional, port, string, url, type ConfigOf, type Env } from './settings.js';

/** pino levels; `silent` turns logging off. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const POSTGRES = ['postgres:', 'postgresql:'] as const;
const DEFAULT_DATA_DIR = '.backforge';

const dataDirOf = (env: Env): string => (env.BACKFORGE_DATA_DIR?.trim() ? env.BACKFORGE_DATA_DIR.trim() : DEFAULT_DATA_DIR);

/** Settings every process reads, whatever it runs. */
export const runtimeSettings = {
  port: port('PORT', { default: 8080 }),
  host: string('HOST', { default: '0.0.0.0' }),
  logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, { default: 'info' }),
  eventStore: oneOf('EVENT_STORE', ['postgres', 'eventstoredb'] as const, { default: 'postgres' }),
  eventStoreUrl: optional(url('EVENTSTORE_URL', { protocols: ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:'], secret: true }), {
    requiredWhen: { env: 'EVENT_STORE', equals: 'eventstoredb' },
  }),
  databasePoolSize: integer('DATABASE_POOL_SIZE', { default: 10, min: 1, max: 200 }),
  /** Default bound of a request to another service. */
  requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', { default: 10_000, min: 50, max: 300_000 }),
  /** Bound of each readiness check. */
  healthCheckTimeoutMs: integer('HEALTH_CHECK_TIMEOUT_MS', { default: 2_000, min: 50, max: 60_000 }),
  /** After SIGTERM, the process exits 1 if shutdown takes longer than this. */
  shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', { default: 10_000, min: 100, max: 300_000 }),
};

/** A service in its own process: external PostgreSQL and NATS. */
export const distributedRuntimeSettings = {
  ...runtimeSettings,
  databaseUrl: url('DATABASE_URL', { protocols: POSTGRES, secret: true }),
  natsUrl: url('NATS_URL', { protocols: ['nats:', 'tls:', 'ws:', 'wss:'], default: 'nats://127.0.0.1:4222', secret: true }),
  /** Prefix of every subject on the wire, so platforms sharing a NATS server stay apart (e.g. `staging`). */
  natsNamespace: optional(string('NATS_NAMESPACE', { pattern: /^[A-Za-z0-9_-]{1,64}$/, describe: '1-64 letters, digits, _ or -' })),
};

/** The standalone process: in-process transport; embedded PostgreSQL unless DATABASE_URL is set. */
export const standaloneRuntimeSettings = {
  ...runtimeSettings,
  databaseUrl: optional(url('DATABASE_URL', { protocols: POSTGRES, secret: true })),
  dataDir: string('BACKFORGE_DATA_DIR', { default: DEFAULT_DATA_DIR }),
  /** Port of the embedded PostgreSQL; unset: a free port picked on first start and kept in the data dir. */
  embeddedPostgresPort: optional(port('EMBEDDED_POSTGRES_PORT')),
};

/** Where artifacts live: a local folder (standalone default) or any S3-compatible store (MinIO). */
export const artifactSettings = {
  artifactStore: oneOf('ARTIFACT_STORE', ['fs', 's3'] as const, { default: 'fs' }),
  artifactsDir: string('ARTIFACTS_DIR', { default: (env) => path.join(dataDirOf(env), 'artifacts') }),
  s3Endpoint: optional(url('S3_ENDPOINT', { protocols: ['http:', 'https:'] }), { requiredWhen: { env: 'ARTIFACT_STORE', equals: 's3' } }),
  s3AccessKey: optional(string('S3_ACCESS_KEY', { secret: true }), { requiredWhen: { env: 'ARTIFACT_STORE', equals: 's3' } }),
  s3SecretKey: optional(string('S3_SECRET_KEY', { secret: true }), { requiredWhen: { env: 'ARTIFACT_STORE', equals: 's3' } }),
  s3Bucket: string('S3_BUCKET', { default: 'backforge-artifacts', pattern: /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, describe: 'a valid bucket name (3-63 lower-case letters, digits, dots, hyphens)' }),
  s3Region: string('S3_REGION', { default: 'us-east-1' }),
};

/** How prompts become blueprints. */
export const interpreterSettings = {
  interpreter: oneOf('BACKFORGE_INTERPRETER', ['rules', 'llm', 'auto'] as const, { default: 'rules' }),
  llmBaseUrl: optional(url('LLM_BASE_URL', { protocols: ['http:', 'https:'] }), { requiredWhen: { env: 'BACKFORGE_INTERPRETER', equals: 'llm' } }),
  llmApiKey: optional(string('LLM_API_KEY', { secret: true })),
  llmModel: optional(string('LLM_MODEL')),
};

/**
 * Platform auth (DESIGN §6): the key of the keyed SHA-256 digests of platform tokens and agent keys,
 * and the keyring that signs download and stream tokens. Secrets; in standalone mode the process
 * generates them once and keeps them in the data directory (see apps/standalone).
 */
export const authSettings = {
  authDigestKey: string('AUTH_DIGEST_KEY', { secret: true, minLength: 43, pattern: /^[A-Za-z0-9+/_-]+={0,2}$/, describe: 'base64 of at least 32 random bytes' }),
  authSigningKeys: string('AUTH_SIGNING_KEYS', { secret: true, pattern: /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}:[A-Za-z0-9+/_=-]{43,}(,[A-Za-z0-9][A-Za-z0-9._-]{0,63}:[A-Za-z0-9+/_=-]{43,})*$/, describe: 'kid:base64secret[,kid:base64secret...] (the first one signs)' }),
  signedTokenClockSkewSeconds: integer('SIGNED_TOKEN_CLOCK_SKEW_SECONDS', { default: 5, min: 0, max: 300 }),
};

/** Calls per platform token to the control API: a token bucket (429 with Retry-After past it). */
export const controlRateSettings = {
  controlRatePerSecond: integer('CONTROL_RATE_LIMIT_PER_SECOND', { default: 50, min: 1, max: 1_000_000 }),
  controlRateBurst: integer('CONTROL_RATE_LIMIT_BURST', { default: 200, min: 1, max: 1_000_000 }),
};

/** The address clients reach the platform at: links in token responses and deploy endpoints. */
export const publicUrlSettings = {
  publicBaseUrl: optional(url('PUBLIC_BASE_URL', { protocols: ['http:', 'https:'] })),
};

/** How generation, validation and deploy workers claim jobs from the log (DESIGN §3). */
export const workerSettings = {
  /** A claimed job is taken over when its worker has not renewed the lease for this long. */
  jobLeaseMs: integer('JOB_LEASE_MS', { default: 60_000, min: 500, max: 3_600_000 }),
  /** Attempts of one job (a worker that died counts as one) before it is failed with a reason. */
  jobMaxAttempts: integer('JOB_MAX_ATTEMPTS', { default: 3, min: 1, max: 20 }),
  /** Jobs one process works on at once. */
  jobConcurrency: integer('JOB_CONCURRENCY', { default: 2, min: 1, max: 64 }),
  /** How often a worker looks for claimable jobs when nothing woke it. */
  jobPollMs: integer('JOB_POLL_MS', { default: 1_000, min: 10, max: 60_000 }),
};

/** Agent API keys: their digests use AUTH_DIGEST_KEY (authSettings); how many an agent may hold. */
export const apiKeySettings = {
  maxActiveKeysPerAgent: integer('MAX_ACTIVE_KEYS_PER_AGENT', { default: 10, min: 1, max: 1_000 }),
};

/**
 * The invoke-router (data plane): the body bound of POST /v1/invoke/{slug}, the per-key token
 * bucket (kept per router process, keyed by the key's lineage so a rotation does not refill it),
 * the handler's time limit (504 past it), the sandbox workers that run deployed backends, and how
 * often a key's use is reported to the keys service (lastUsedAt).
 */
export const invokeSettings = {
  invokeBodyLimitBytes: integer('INVOKE_BODY_LIMIT_BYTES', { default: 1024 * 1024, min: 1024, max: 16 * 1024 * 1024 }),
  invokeRatePerSecond: integer('INVOKE_RATE_LIMIT_PER_SECOND', { default: 100, min: 1, max: 1_000_000 }),
  invokeRateBurst: integer('INVOKE_RATE_LIMIT_BURST', { default: 200, min: 1, max: 1_000_000 }),
  invokeTimeoutMs: integer('INVOKE_TIMEOUT_MS', { default: 2_000, min: 50, max: 60_000 }),
  invokeCpuTimeMs: integer('INVOKE_CPU_TIME_MS', { default: 100, min: 1, max: 10_000 }),
  invokeSandboxWorkers: integer('INVOKE_SANDBOX_WORKERS', { default: 2, min: 1, max: 64 }),
  invokeUsageReportMs: integer('INVOKE_USAGE_REPORT_MS', { default: 60_000, min: 100, max: 3_600_000 }),
};

/** What each service's own module needs besides the runtime (its domain settings). */
export const serviceSettings = {
  gateway: { ...authSettings, ...publicUrlSettings, ...controlRateSettings, ...artifactSettings },
  generation: { ...artifactSettings, ...interpreterSettings, ...workerSettings },
  validation: { ...artifactSettings, ...workerSettings },
  deploy: { ...artifactSettings, ...workerSettings },
  keys: { ...authSettings, ...apiKeySettings },
  'invoke-router': { ...artifactSettings, authDigestKey: authSettings.authDigestKey, ...invokeSettings },
  downloads: { ...artifactSettings },
};

export type ServiceKey = keyof typeof serviceSettings;
export type ServiceSettings<S extends ServiceKey> = ConfigOf<(typeof serviceSettings)[S]>;

/** The whole configuration of one service in its own process. */
export const serviceConfigSchemas = {
  gateway: { ...distributedRuntimeSettings, ...serviceSettings.gateway },
  generation: { ...distributedRuntimeSettings, ...serviceSettings.generation },
  validation: { ...distributedRuntimeSettings, ...serviceSettings.validation },
  deploy: { ...distributedRuntimeSettings, ...serviceSettings.deploy },
  keys: { ...distributedRuntimeSettings, ...serviceSettings.keys },
  'invoke-router': { ...distributedRuntimeSettings, ...serviceSettings['invoke-router'] },
  downloads: { ...distributedRuntimeSettings, ...serviceSettings.downloads },
};

/** The standalone process: its runtime plus every service's settings. */
export const standaloneConfigSchema = {
  ...standaloneRuntimeSettings,
  ...serviceSettings.gateway,
  ...serviceSettings.generation,
  ...serviceSettings.validation,
  ...serviceSettings.deploy,
  ...serviceSettings.keys,
  ...serviceSettings['invoke-router'],
  ...serviceSettings.downloads,
};

export type RuntimeConfig = ConfigOf<typeof runtimeSettings>;
export type DistributedRuntimeConfig = ConfigOf<typeof distributedRuntimeSettings>;
export type ServiceConfig<S extends ServiceKey> = ConfigOf<(typeof serviceConfigSchemas)[S]>;
export type StandaloneConfig = ConfigOf<typeof standaloneConfigSchema>;
