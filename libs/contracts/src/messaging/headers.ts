/**
 * The correlation id ties one client request to every log line, message and event it causes.
 * HTTP: request and response header. NATS: message header of the same name. Events: metadata.correlationId.
 */
export const CORRELATION_HEADER = 'x-correlation-id';

/** An incoming correlation id is accepted only in this shape (else the edge makes a new UUID). */
export const CORRELATION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function isValidCorrelationId(value: unknown): value is string {
  return typeof value === 'string' && CORRELATION_ID_PATTERN.test(value);
}
