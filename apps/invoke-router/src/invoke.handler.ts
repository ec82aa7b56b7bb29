import { bearerCredential, digestSecret, parseAgentKey, safeEqual } from '@backforge/auth';
import type { BackendRequest, JsonValue, PlatformErrorCode } from '@backforge/contracts';
import type { Logger } from '@backforge/runtime';
import { SandboxError, type SandboxErrorCode } from '@backforge/sandbox';
import type { BackendRunner } from './backends.js';
import type { InvokeTables, KeyEntry, DeployedVersion } from './invoke-tables.js';
import { REFUSALS } from './invoke-tables.js';
import { KeyDigests } from './key-digests.js';
import type { KeyUsage } from './key-usage.js';
import type { TokenBuckets } from './token-bucket.js';

/** A refusal or failure the route answers with the platform's error body. */
export interface InvokeFailure {
  ok: false;
  code: PlatformErrorCode;
  message: string;
  details?: JsonValue;
  retryAfterSeconds?: number;
}

/** The key and deployment an accepted request runs with. */
export interface Admitted {
  ok: true;
  key: KeyEntry;
  deployed: DeployedVersion;
}

/** The backend's own answer, passed through unchanged. */
export interface BackendAnswer {
  ok: true;
  status: number;
  body: JsonValue;
}

/**
 * Sandbox outcomes that are not the backend's answer. Over its time (CPU or wall): 504. Its queue
 * full (OVERLOADED) and a sandbox that cannot run it right now: 503 with Retry-After, because the
 * backend as a whole is saturated or restarting, not this key over its quota (that is 429). A
 * backend that broke, crashed or answered garbage: 502 BACKEND_FAILED with the sandbox's code.
 */
const SANDBOX_FAILURES: Record<SandboxErrorCode, { code: PlatformErrorCode; message: string; retryAfterSeconds?: number }> = {
  CPU_TIME_EXCEEDED: { code: 'TIMEOUT', message: 'The backend did not answer within its CPU time limit' },
  WALL_TIME_EXCEEDED: { code: 'TIMEOUT', message: 'The backend did not answer within its time limit' },
  OVERLOADED: { code: 'UNAVAILABLE', message: 'The backend is at capacity; retry later', retryAfterSeconds: 1 },
  SANDBOX_UNAVAILABLE: { code: 'UNAVAILABLE', message: 'The backend cannot run right now; retry later', retryAfterSeconds: 1 },
  NOT_LOADED: { code: 'UNAVAILABLE', message: 'The backend cannot run right now; retry later', retryAfterSeconds: 1 },
  LOAD_FAILED: { code: 'UNAVAILABLE', message: 'The deployed backend could not be loaded; retry later', retryAfterSeconds: 1 },
  MEMORY_EXCEEDED: { code: 'BACKEND_FAILED', message: 'The backend exceeded its memory limit' },
  OUTPUT_TOO_LARGE: { code: 'BACKEND_FAILED', message: 'The backend answered more than its output limit' },
  STORE_LIMIT_EXCEEDED: { code: 'BACKEND_FAILED', message: 'The backend made more store calls than it may' },
  HANDLER_FAILED: { code: 'BACKEND_FAILED', message: 'The backend failed while handling the request' },
  INVALID_RESPONSE: { code: 'BACKEND_FAILED', message: 'The backend answered with an invalid response' },
};

const unauthenticated = (): InvokeFailure => ({ ok: false, ...REFUSALS.unauthenticated });

/**
 * POST /v1/invoke/{slug}, the use case. `admit` runs before the body is read: key format and
 * checksum (no lookup for a malformed key), keyed digest (remembered for keys the table accepted)
 * looked up in the in-memory key table,
 * the key lineage's token bucket, then the slug (404), the key's agent (403) and its deployment
 * (409). `run` passes the JSON object to the deployed backend and its answer back unchanged.
 */
export class InvokeHandler {
  /** Digests of the keys in use (see KeyDigests): the checksum and HMAC run once per key, not per request. */
  private readonly digests = new KeyDigests();

  constructor(
    private readonly tables: InvokeTables,
    private readonly buckets: TokenBuckets,
    private readonly runner: BackendRunner,
    private readonly usage: KeyUsage,
    private readonly digestKey: Buffer,
    private readonly logger: Logger,
  ) {}

  admit(authorization: string | string[] | undefined, slug: string): Admitted | InvokeFailure {
    const credential = bearerCredential(authorization);
    const remembered = credential === undefined ? undefined : this.digests.get(credential);
    let digest = remembered;
    if (digest === undefined) {
      const parsed = parseAgentKey(credential);
      if (!parsed.ok) return unauthenticated();
      digest = digestSecret(parsed.value, this.digestKey);
    }
    const now = Date.now();
    const checked = this.tables.checkKey(digest, now);
    if (!checked.ok || !safeEqual(checked.key.digest, digest)) return unauthenticated();
    if (remembered === undefined) this.digests.remember(credential as string, digest);
    const rate = this.buckets.take(checked.key.lineage, now);
    if (!rate.ok) {
      return { ok: false, code: 'RATE_LIMITED', message: 'Too many requests with this API key; retry after the time in Retry-After', retryAfterSeconds: rate.retryAfterSeconds };
    }
    const route = this.tables.route(slug, checked.key);
    if (!route.ok) return { ok: false, ...route.refusal };
    this.usage.used(checked.key.keyId, now);
    return { ok: true, key: checked.key, deployed: route.deployed };
  }

  /**
   * Runs the admitted request's body (`bodyJson`: its JSON text as it came, when the caller has it;
   * else `body` is serialised). `correlationId` names the request in log lines when it runs outside
   * the correlation's async context (the fast path).
   */
  async run(admitted: Admitted, body: unknown, bodyJson?: string, correlationId?: string): Promise<BackendAnswer | InvokeFailure> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return { ok: false, code: 'INVALID_REQUEST', message: 'The request body must be a JSON object' };
    }
    try {
      // The backend defines its body; generated backends read {action, input} and refuse the rest themselves.
      const response = await this.runner.invoke(admitted.deployed.agentId, bodyJson ?? (body as BackendRequest));
      return { ok: true, status: response.status, body: response.body as unknown as JsonValue };
    } catch (error) {
      if (error instanceof SandboxError) {
        const failure = SANDBOX_FAILURES[error.code];
        const log = failure.code === 'BACKEND_FAILED' || failure.code === 'UNAVAILABLE' ? 'warn' : 'info';
        const fields = { agentId: admitted.deployed.agentId, deploymentId: admitted.deployed.deploymentId, sandbox: error.message };
        this.logger[log](correlationId === undefined ? fields : { ...fields, correlationId }, 'invoke failed in the sandbox');
        return { ok: false, ...failure, details: { reason: error.code } };
      }
      throw error;
    }
  }
}
