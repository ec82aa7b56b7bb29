import type { JsonValue } from '../backend/json.js';

/**
 * Expected failures of the platform, as typed codes. Services throw them, NATS carries them as an
 * `ErrorReply`, and the HTTP edge maps each one to its status below. Anything else is INTERNAL.
 * Add a code here (with its status) before a service answers with it.
 */
export const PLATFORM_ERROR_HTTP_STATUS = {
  /** The request body, query or message payload failed validation. */
  VALIDATION_FAILED: 400,
  /** The request could not be read at all (malformed JSON, wrong content type for a JSON route). */
  INVALID_REQUEST: 400,
  /** No credentials, or credentials that are not valid. */
  UNAUTHENTICATED: 401,
  /** Valid credentials that do not allow this operation. */
  FORBIDDEN: 403,
  /** The resource does not exist (or belongs to another workspace: answered the same). */
  NOT_FOUND: 404,
  /** No route for this method and path. */
  ROUTE_NOT_FOUND: 404,
  /** A concurrent change won (a stream's expected revision did not hold), or the state forbids it. */
  CONFLICT: 409,
  KEY_LIMIT_REACHED: 409,
  /** The agent has no stored, checked version to deploy yet (still generating, or its generation failed). */
  AGENT_NOT_READY: 409,
  /** A deployment of the agent is already in progress. */
  DEPLOYMENT_IN_PROGRESS: 409,
  /** The agent is not deployed: no endpoint, nothing to invoke. */
  AGENT_NOT_DEPLOYED: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** A well-formed request the platform will not carry out as asked (e.g. `autoDeploy: true`). */
  UNPROCESSABLE: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** An unexpected failure; details are in the logs under the correlation id, never in the reply. */
  INTERNAL: 500,
  /** A deployed backend failed while answering an invoke (broke a limit, threw, or answered no valid response). */
  BACKEND_FAILED: 502,
  /** A dependency (database, event store, a service) cannot be reached. */
  UNAVAILABLE: 503,
  /** A service did not answer in time. */
  TIMEOUT: 504,
} as const;

export type PlatformErrorCode = keyof typeof PLATFORM_ERROR_HTTP_STATUS;

export const PLATFORM_ERROR_CODES = Object.freeze(Object.keys(PLATFORM_ERROR_HTTP_STATUS)) as readonly PlatformErrorCode[];

export function isPlatformErrorCode(value: unknown): value is PlatformErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PLATFORM_ERROR_HTTP_STATUS, value);
}

/** HTTP status of a code; unknown codes are 500. */
export function httpStatusOf(code: string): number {
  return isPlatformErrorCode(code) ? PLATFORM_ERROR_HTTP_STATUS[code] : 500;
}

/** A typed failure as it travels between services (the `err` of a NATS reply). */
export interface ErrorReply {
  code: PlatformErrorCode;
  message: string;
  details?: JsonValue;
}

/** The body of every error answered over HTTP by the control API and the invoke router's own failures. */
export interface ErrorBody {
  error: {
    code: PlatformErrorCode;
    message: string;
    details?: JsonValue;
    correlationId: string;
  };
}

/** True for a value shaped like an ErrorReply (as decoded from the wire). */
export function isErrorReply(value: unknown): value is ErrorReply {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return isPlatformErrorCode(v.code) && typeof v.message === 'string';
}
