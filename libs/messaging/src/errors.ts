import { DomainError, isErrorReply, type ErrorReply, type PlatformErrorCode, type JsonValue } from '@backforge/contracts';

/** An expected failure with a typed code: thrown by services, mapped to HTTP at the edge. */
export class PlatformError extends Error {
  constructor(
    readonly code: PlatformErrorCode,
    message: string,
    readonly details?: JsonValue,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PlatformError';
  }

  /**
   * Whether trying again later may pass (read by isTransientError of @backforge/resilience): the
   * other side was unavailable or did not answer in time. Whether a retry is safe (the request may
   * have been handled) stays the caller's call.
   */
  get transient(): boolean {
    return this.code === 'UNAVAILABLE' || this.code === 'TIMEOUT';
  }

  toReply(): ErrorReply {
    return this.details === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, details: this.details };
  }
}

/** The remote handler answered with a typed error; `code`, `message` and `details` are its own. */
export class RemoteError extends PlatformError {
  constructor(
    readonly pattern: string,
    reply: ErrorReply,
    options?: { cause?: unknown },
  ) {
    super(reply.code, reply.message, reply.details, options);
    this.name = 'RemoteError';
  }
}

/** No reply within the bound. The request may still have been handled. */
export class RequestTimeoutError extends PlatformError {
  constructor(
    readonly pattern: string,
    readonly timeoutMs: number,
  ) {
    super('TIMEOUT', `No reply to ${pattern} within ${timeoutMs} ms`);
    this.name = 'RequestTimeoutError';
  }
}

/** The shape of a thrown value as a typed reply; `undefined` when it is not an expected failure. */
export function expectedFailureOf(error: unknown): ErrorReply | undefined {
  if (error instanceof PlatformError) return error.toReply();
  // A refusal decided by domain rules (a decider or a handler), typed by its platform code.
  if (error instanceof DomainError) return error.details === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, details: error.details };
  if (error instanceof Error && 'code' in error) {
    // The event store's typed errors (kept as codes so this library does not depend on their classes).
    if (error.code === 'WRONG_EXPECTED_REVISION') return { code: 'CONFLICT', message: error.message };
    if (error.code === 'EVENT_STORE_UNAVAILABLE') return { code: 'UNAVAILABLE', message: 'The event store is unavailable' };
  }
  if (isErrorReply(error)) return { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) };
  return undefined;
}
