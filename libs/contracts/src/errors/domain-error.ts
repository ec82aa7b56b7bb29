import type { JsonValue } from '../backend/json.js';
import type { PlatformErrorCode } from './platform-errors.js';

/**
 * A refusal decided by domain rules (a decider, a handler): typed by a platform code so every edge
 * maps it the same way (HTTP status, NATS error reply). Pure: domain code throws it without
 * depending on any transport.
 */
export class DomainError extends Error {
  constructor(
    readonly code: PlatformErrorCode,
    message: string,
    readonly details?: JsonValue,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
