import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { CORRELATION_HEADER, httpStatusOf, type ErrorBody } from '@backforge/contracts';
import { correlationIdFrom } from '@backforge/messaging';
import { redactUrl, type Logger } from '@backforge/runtime';
import type { InvokeFailure, InvokeHandler } from './invoke.handler.js';

/** POST /v1/invoke/<slug>, the slug plain (no escapes, no slash), with or without a query string. */
const PLAIN_TARGET = /^\/v1\/invoke\/([A-Za-z0-9_-]{1,200})(?:\?|$)/;
/** The two JSON content types every client sends; any other form goes the framework's way. */
const PLAIN_JSON = /^application\/json(?:\s*;\s*charset=utf-8)?$/i;
const DIGITS = /^[0-9]{1,10}$/;
/** Text that may hold a key secure-json-parse refuses (`__proto__`, `constructor.prototype`), escaped or not. */
const SUSPECT = /__proto__|constructor|\\u/;
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const NOT_JSON = 'The request body is not valid JSON';

type Failure = Omit<InvokeFailure, 'ok'>;

/**
 * Does the parsed body hold what the framework's JSON parser refuses (Fastify's defaults through
 * Nest: `onProtoPoisoning` and `onConstructorPoisoning` 'error')? Only walked when the text has a
 * suspect word, so the answer is the framework's for every body.
 */
function poisoned(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(poisoned);
  const record = value as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(record, '__proto__')) return true;
  const ctor = Object.prototype.hasOwnProperty.call(record, 'constructor') ? record.constructor : undefined;
  if (typeof ctor === 'object' && ctor !== null && Object.prototype.hasOwnProperty.call(ctor, 'prototype')) return true;
  return Object.values(record).some(poisoned);
}

/**
 * The invoke route's common case, served from the HTTP server's request event before Fastify sees
 * it: a POST to a plain slug with a JSON body of a declared length within the limit. Under load the
 * framework's share of the router's busy time (Nest's adapter with its seven request hooks and
 * middie, Fastify's routing, hooks, body parser and reply, the runtime's edge hooks entering the
 * correlation's AsyncLocalStorage twice per request) was larger than the key check and the store
 * relay together. The answers are the route's (`mountInvokeRoute`): the same admission before the
 * body is read, the same refusals and bodies, the correlation id (the caller's when valid) in the
 * header and in every error body, the access log line when the level allows it. The body's JSON
 * text goes to the sandbox as it came (it was parsed only to check it is an object), not parsed
 * and serialised again. Anything else (another method or content type, a chunked or empty body,
 * an escaped slug, a body over the limit) falls through to the Fastify route, which answers it as
 * before, and so does every request once `disable()` ran (shutdown: Nest's 503 while closing).
 */
export class InvokeFastPath {
  private enabled = true;

  constructor(
    private readonly handler: InvokeHandler,
    private readonly bodyLimit: number,
    private readonly logger: Logger,
  ) {}

  /** Puts the fast path in front of the server's request listeners (Fastify's). */
  install(server: Server): void {
    const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      let taken: boolean;
      try {
        taken = this.take(req, res);
      } catch (error) {
        // A fault of ours must not take the process down from the server's event: answer 500.
        this.internal(res, correlationIdFrom(req.headers[CORRELATION_HEADER]), error);
        return;
      }
      if (!taken) for (const listener of listeners) listener.call(server, req, res);
    });
  }

  disable(): void {
    this.enabled = false;
  }

  /** True when this request is the fast path's to answer (it then answers it). */
  take(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.enabled || req.method !== 'POST') return false;
    const url = req.url ?? '';
    const target = PLAIN_TARGET.exec(url);
    if (!target) return false;
    const { headers } = req;
    const type = headers['content-type'];
    const length = headers['content-length'];
    if (type === undefined || !PLAIN_JSON.test(type) || length === undefined || !DIGITS.test(length) || headers['transfer-encoding'] !== undefined) return false;
    const size = Number(length);
    if (size === 0 || size > this.bodyLimit) return false;
    this.serve(req, res, url, target[1] as string);
    return true;
  }

  private serve(req: IncomingMessage, res: ServerResponse, url: string, slug: string): void {
    const started = performance.now();
    const correlationId = correlationIdFrom(req.headers[CORRELATION_HEADER]);
    if (this.logger.isLevelEnabled('info')) {
      res.once('finish', () => {
        const line = { correlationId, method: 'POST', url: redactUrl(url), status: res.statusCode, durationMs: Math.round((performance.now() - started) * 10) / 10 };
        this.logger.info(line, 'http request');
      });
    }
    let admitted;
    try {
      admitted = this.handler.admit(req.headers.authorization, slug);
    } catch (error) {
      this.internal(res, correlationId, error);
      return;
    }
    if (!admitted.ok) {
      this.fail(res, correlationId, admitted); // the body is read and dropped by Node
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= this.bodyLimit) chunks.push(chunk);
    });
    req.on('error', () => undefined); // the client went away: nobody to answer
    req.on('end', () => {
      if (received > this.bodyLimit) {
        this.fail(res, correlationId, { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than this route accepts' });
        return;
      }
      const raw = chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks, received).toString('utf8');
      const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw; // a BOM, as the framework's parser skips it
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        this.fail(res, correlationId, { code: 'INVALID_REQUEST', message: NOT_JSON });
        return;
      }
      if (SUSPECT.test(text) && poisoned(body)) {
        this.fail(res, correlationId, { code: 'INVALID_REQUEST', message: NOT_JSON });
        return;
      }
      this.handler.run(admitted, body, text, correlationId).then(
        (result) => {
          if (!result.ok) this.fail(res, correlationId, result);
          else this.send(res, result.status, JSON.stringify(result.body), correlationId);
        },
        (error: unknown) => this.internal(res, correlationId, error),
      );
    });
  }

  private send(res: ServerResponse, status: number, json: string, correlationId: string, retryAfterSeconds?: number): void {
    if (res.headersSent || res.destroyed) return;
    const headers: Record<string, string | number> = {
      'content-type': JSON_CONTENT_TYPE,
      'content-length': Buffer.byteLength(json),
      [CORRELATION_HEADER]: correlationId,
    };
    if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
    res.writeHead(status, headers);
    res.end(json);
  }

  private fail(res: ServerResponse, correlationId: string, failure: Failure): void {
    const body: ErrorBody = {
      error: { code: failure.code, message: failure.message, ...(failure.details === undefined ? {} : { details: failure.details }), correlationId },
    };
    this.send(res, httpStatusOf(failure.code), JSON.stringify(body), correlationId, failure.retryAfterSeconds);
  }

  private internal(res: ServerResponse, correlationId: string, error: unknown): void {
    this.logger.error({ err: error, correlationId }, 'invoke route failed');
    this.fail(res, correlationId, { code: 'INTERNAL', message: 'Internal error' });
  }
}
