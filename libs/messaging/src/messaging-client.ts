import { CORRELATION_HEADER, isErrorReply } from '@backforge/contracts';
import { lastValueFrom, timeout, TimeoutError } from 'rxjs';
import { currentCorrelationId, newCorrelationId } from './correlation.js';
import { PlatformError, RemoteError, RequestTimeoutError } from './errors.js';
import type { MessagingTransport } from './transports/transport.js';

export interface RequestOptions {
  /** Bound of the whole request; default: the client's (REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** Nest's answer when nobody handles a pattern (in-process, or a server without that handler). */
const NO_HANDLER = /no matching message handler/i;
/** Nest's EmptyResponseException (not exported): NATS answered "no responders" for the subject. */
const NO_SUBSCRIBERS = /There are no subscribers listening/;
const CONNECTION = /connection/i;

/**
 * Requests and notifications to other services, the same in both run modes. Every message carries
 * the current correlation id in its headers. Failures are never swallowed: a typed error reply
 * rejects with RemoteError (its code, message and details), no reply in time with
 * RequestTimeoutError, no service listening with RemoteError UNAVAILABLE.
 */
export class MessagingClient {
  constructor(
    private readonly transport: MessagingTransport,
    private readonly defaultTimeoutMs = 10_000,
  ) {}

  get kind(): MessagingTransport['kind'] {
    return this.transport.kind;
  }

  async request<TReply>(pattern: string, payload: object, options: RequestOptions = {}): Promise<TReply> {
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    const record = this.transport.record(payload, this.headers());
    try {
      if (this.transport.request) return (await this.transport.request(pattern, record, timeoutMs)) as TReply;
      return await lastValueFrom(this.transport.client.send<TReply>(pattern, record).pipe(timeout({ first: timeoutMs })), {
        defaultValue: undefined as TReply,
      });
    } catch (error) {
      throw toRequestError(pattern, timeoutMs, error);
    }
  }

  /** Fire-and-forget notification; resolves once handed to the transport. */
  async notify(pattern: string, payload: object): Promise<void> {
    const record = this.transport.record(payload, this.headers());
    await lastValueFrom(this.transport.client.emit(pattern, record), { defaultValue: undefined });
  }

  private headers(): Record<string, string> {
    return { [CORRELATION_HEADER]: currentCorrelationId() ?? newCorrelationId() };
  }
}

function toRequestError(pattern: string, timeoutMs: number, error: unknown): Error {
  if (error instanceof PlatformError) return error;
  if (error instanceof TimeoutError) return new RequestTimeoutError(pattern, timeoutMs);
  if (isErrorReply(error)) return new RemoteError(pattern, error);
  if ((error instanceof Error && NO_SUBSCRIBERS.test(error.message)) || (typeof error === 'string' && NO_HANDLER.test(error))) {
    return new RemoteError(pattern, { code: 'UNAVAILABLE', message: `No service answers ${pattern}` }, { cause: error });
  }
  // A transport failure (an Error, or ClientNats's "Connection lost..." string) is UNAVAILABLE;
  // Nest's own reply for an error no filter typed (`{status:'error', message}`) is INTERNAL.
  const message = typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : String(error);
  const code = error instanceof Error || (typeof error === 'string' && CONNECTION.test(error)) ? 'UNAVAILABLE' : 'INTERNAL';
  return new RemoteError(pattern, { code, message: `${pattern}: ${message}` }, { cause: error });
}
