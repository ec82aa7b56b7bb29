import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { decodeBase64Url, encodeBase64Url } from './encoding.js';
import { AuthConfigError, keyOf, type Keyring } from './keyring.js';

/**
 * Download and stream tokens: a compact JWS (RFC 7515), `base64url(header).base64url(payload).base64url(sig)`,
 * header `{"alg":"HS256","typ":"JWT","kid":…}`, HMAC-SHA256 over `header.payload` with the kid's key.
 * Each token is bound to one purpose, one resource, one workspace and a short lifetime. We are the only
 * issuer and the only verifier, so verification is strict: one algorithm, one header shape, one payload
 * shape per purpose, canonical base64url everywhere.
 */
export type SignedTokenPurpose = 'download' | 'stream';

/** A download link: one agent's one file (`latest` names the newest artifact). */
export interface DownloadTokenSubject {
  purpose: 'download';
  workspaceId: string;
  agentId: string;
  filename: string;
}

/** A progress stream: one generation job. */
export interface StreamTokenSubject {
  purpose: 'stream';
  workspaceId: string;
  jobId: string;
}

export type SignedTokenSubject = DownloadTokenSubject | StreamTokenSubject;

/** What a verified token says: the subject plus `iat` and `exp` (Unix seconds) and a random `jti`. */
export type SignedTokenClaims = SignedTokenSubject & { iat: number; exp: number; jti: string };

export type SignTokenRequest = SignedTokenSubject & { expiresInSeconds: number };

export interface SignedToken {
  token: string;
  claims: SignedTokenClaims;
  /** `exp` as a date, for the `expiresAt` of the mint response. */
  expiresAt: Date;
}

/**
 * What the route serving the request expects. `workspaceId` is checked when given; a signed-only route
 * (no platform token) leaves it out and scopes its lookup to `claims.workspaceId` instead.
 */
export type ExpectedToken =
  | { purpose: 'download'; agentId: string; filename: string; workspaceId?: string }
  | { purpose: 'stream'; jobId: string; workspaceId?: string };

/**
 * Why a token was refused. For logs and tests only: the HTTP edge answers every one of them with the
 * same status and body, so a caller learns nothing about which check failed.
 */
export type TokenFailureReason =
  | 'malformed'
  | 'bad_algorithm'
  | 'unknown_key'
  | 'bad_signature'
  | 'expired'
  | 'not_yet_valid'
  | 'wrong_purpose'
  | 'wrong_resource'
  | 'wrong_workspace';

export type VerifyTokenResult = { ok: true; claims: SignedTokenClaims } | { ok: false; reason: TokenFailureReason };

export interface VerifyTokenOptions {
  /** Tolerance for clocks of the signing and the verifying instance disagreeing (default 5 s, at most 300). */
  clockSkewSeconds?: number;
}

export const SIGNED_TOKEN_ALGORITHM = 'HS256';
export const DEFAULT_CLOCK_SKEW_SECONDS = 5;
/** Longest lifetime `signToken` grants (one day); the routes set their own, shorter bounds. */
export const MAX_SIGNED_TOKEN_TTL_SECONDS = 86_400;
/** Longer strings are refused before any decoding: ours are around 300 characters. */
export const MAX_SIGNED_TOKEN_LENGTH = 2048;

const MAX_ID_LENGTH = 200;
const MAX_FILENAME_LENGTH = 255;
const MAX_SKEW_SECONDS = 300;
const SIGNATURE_BYTES = 32;
const JTI = /^[A-Za-z0-9_-]{16,64}$/;
const HEADER_FIELDS = new Set(['alg', 'typ', 'kid']);
const SUBJECT_FIELDS: Record<SignedTokenPurpose, readonly string[]> = {
  download: ['purpose', 'workspaceId', 'agentId', 'filename'],
  stream: ['purpose', 'workspaceId', 'jobId'],
};

/**
 * Signs a token for `request` with the keyring's active key. `now` is milliseconds since the epoch.
 * Throws TypeError/RangeError for a subject or lifetime outside the format (callers validate user
 * input first), AuthConfigError when the active key is not in the keyring.
 */
export function signToken(request: SignTokenRequest, keyring: Keyring, now: number = Date.now()): SignedToken {
  const key = keyOf(keyring, keyring.active);
  if (!key) throw new AuthConfigError(`the active signing key "${keyring.active}" is not in the keyring`);
  const ttl = request.expiresInSeconds;
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > MAX_SIGNED_TOKEN_TTL_SECONDS) {
    throw new RangeError(`expiresInSeconds must be an integer from 1 to ${MAX_SIGNED_TOKEN_TTL_SECONDS}`);
  }
  if (!Number.isFinite(now) || now < 0) throw new RangeError('now must be a time in milliseconds since the epoch');
  const purpose: unknown = request.purpose;
  if (purpose !== 'download' && purpose !== 'stream') throw new TypeError(`cannot sign a token: purpose must be download or stream (got ${JSON.stringify(purpose) ?? String(purpose)})`);
  const iat = Math.floor(now / 1000);
  const jti = randomBytes(16).toString('base64url');
  // Built field by field in a fixed order: the payload carries nothing the caller slipped in.
  const claims: SignedTokenClaims =
    request.purpose === 'download'
      ? { purpose: 'download', workspaceId: request.workspaceId, agentId: request.agentId, filename: request.filename, iat, exp: iat + ttl, jti }
      : { purpose: 'stream', workspaceId: request.workspaceId, jobId: request.jobId, iat, exp: iat + ttl, jti };
  const problem = claimsProblem(claims);
  if (problem) throw new TypeError(`cannot sign a ${String(request.purpose)} token: ${problem}`);
  const signingInput = `${encodeBase64Url(JSON.stringify({ alg: SIGNED_TOKEN_ALGORITHM, typ: 'JWT', kid: keyring.active }))}.${encodeBase64Url(JSON.stringify(claims))}`;
  const token = `${signingInput}.${hmac(key, signingInput).toString('base64url')}`;
  return { token, claims, expiresAt: new Date(claims.exp * 1000) };
}

const refuse = (reason: TokenFailureReason): VerifyTokenResult => ({ ok: false, reason });

/**
 * Verifies a presented token for the route's `expected` purpose and resource. Never throws for any
 * input: anything that is not one of our tokens is `malformed`. The checks, in order: shape, header
 * (`alg` exactly HS256, a listed `kid`), signature (constant time), payload shape, lifetime (with the
 * skew tolerance; `exp` is exclusive), then purpose, resource and workspace.
 */
export function verifyToken(
  token: unknown,
  keyring: Keyring,
  expected: ExpectedToken,
  now: number = Date.now(),
  options: VerifyTokenOptions = {},
): VerifyTokenResult {
  if (typeof token !== 'string' || token.length > MAX_SIGNED_TOKEN_LENGTH) return refuse('malformed');
  const parts = token.split('.');
  if (parts.length !== 3) return refuse('malformed');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];

  const header = decodeJsonObject(headerPart);
  if (!header || Object.keys(header).some((k) => !HEADER_FIELDS.has(k))) return refuse('malformed');
  if (header.typ !== undefined && header.typ !== 'JWT') return refuse('malformed');
  // The allow-list: `none`, RS256 (key confusion), HS512, a missing alg... all refused here.
  if (header.alg !== SIGNED_TOKEN_ALGORITHM) return refuse('bad_algorithm');
  if (header.kid === undefined) return refuse('unknown_key');
  if (typeof header.kid !== 'string') return refuse('malformed');
  const key = keyOf(keyring, header.kid);
  if (!key) return refuse('unknown_key');

  const signature = decodeBase64Url(signaturePart);
  if (!signature || signature.length !== SIGNATURE_BYTES) return refuse('bad_signature');
  if (!timingSafeEqual(signature, hmac(key, `${headerPart}.${payloadPart}`))) return refuse('bad_signature');

  // Only a payload we signed is parsed; its shape is still checked (a key is shared by every instance).
  const payload = decodeJsonObject(payloadPart);
  if (!payload || claimsProblem(payload)) return refuse('malformed');
  const claims = payload as unknown as SignedTokenClaims;

  const skew = skewOf(options);
  const nowSeconds = now / 1000;
  if (!(nowSeconds < claims.exp + skew)) return refuse('expired');
  if (claims.iat > nowSeconds + skew) return refuse('not_yet_valid');

  if (claims.purpose !== expected.purpose) return refuse('wrong_purpose');
  if (!sameResource(claims, expected)) return refuse('wrong_resource');
  if (expected.workspaceId !== undefined && claims.workspaceId !== expected.workspaceId) return refuse('wrong_workspace');
  return { ok: true, claims };
}

function sameResource(claims: SignedTokenClaims, expected: ExpectedToken): boolean {
  if (claims.purpose === 'download' && expected.purpose === 'download') {
    return claims.agentId === expected.agentId && claims.filename === expected.filename;
  }
  if (claims.purpose === 'stream' && expected.purpose === 'stream') return claims.jobId === expected.jobId;
  return false;
}

function skewOf(options: VerifyTokenOptions): number {
  const skew = options.clockSkewSeconds ?? DEFAULT_CLOCK_SKEW_SECONDS;
  if (!Number.isFinite(skew) || skew < 0 || skew > MAX_SKEW_SECONDS) {
    throw new RangeError(`clockSkewSeconds must be from 0 to ${MAX_SKEW_SECONDS}`);
  }
  return skew;
}

function hmac(key: Buffer, signingInput: string): Buffer {
  // utf8, not ascii: Node's ascii keeps only the low byte, so two different strings could share one MAC input.
  return createHmac('sha256', key).update(signingInput, 'utf8').digest();
}

function decodeJsonObject(part: string): Record<string, unknown> | undefined {
  const bytes = decodeBase64Url(part);
  if (!bytes || bytes.length === 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

const isId = (v: unknown, max = MAX_ID_LENGTH): boolean => typeof v === 'string' && v.length > 0 && v.length <= max;
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** What is wrong with a claims object, or undefined when it has exactly the fields of its purpose. */
function claimsProblem(c: Record<string, unknown> | SignedTokenClaims): string | undefined {
  const purpose = (c as Record<string, unknown>).purpose;
  if (purpose !== 'download' && purpose !== 'stream') return 'purpose must be download or stream';
  const fields = [...SUBJECT_FIELDS[purpose], 'iat', 'exp', 'jti'];
  const keys = Object.keys(c);
  if (keys.length !== fields.length || keys.some((k) => !fields.includes(k))) return `the fields must be ${fields.join(', ')}`;
  const v = c as Record<string, unknown>;
  if (!isId(v.workspaceId)) return `workspaceId must be a string of 1-${MAX_ID_LENGTH} characters`;
  if (purpose === 'download') {
    if (!isId(v.agentId)) return `agentId must be a string of 1-${MAX_ID_LENGTH} characters`;
    if (!isId(v.filename, MAX_FILENAME_LENGTH)) return `filename must be a string of 1-${MAX_FILENAME_LENGTH} characters`;
  } else if (!isId(v.jobId)) return `jobId must be a string of 1-${MAX_ID_LENGTH} characters`;
  if (!isTime(v.iat) || !isTime(v.exp) || v.exp <= v.iat || v.exp - v.iat > MAX_SIGNED_TOKEN_TTL_SECONDS) {
    return 'iat and exp must be Unix seconds with exp after iat by at most a day';
  }
  if (typeof v.jti !== 'string' || !JTI.test(v.jti)) return 'jti must be 16-64 base64url characters';
  return undefined;
}
