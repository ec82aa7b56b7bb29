import { CORRELATION_HEADER } from '@backforge/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { correlationIdFrom, runWithCorrelation } from '@backforge/messaging';
import { redactUrl, type Logger } from '../logger.js';

const CORRELATION = Symbol('backforge.correlationId');

type WithCorrelation = { [CORRELATION]?: string };

/** The correlation id the edge gave this request. */
export function correlationIdOfRequest(request: FastifyRequest): string | undefined {
  return (request as FastifyRequest & WithCorrelation)[CORRELATION];
}

/** `application/json`, or a `+json` type, with or without parameters. */
const JSON_TYPE = /^\s*application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** Health probes hit every few seconds: logged at debug, not info. */
const QUIET_PATHS = /^\/health\//;

/**
 * Correlation and access logging for every HTTP request of a service:
 * - `x-correlation-id` is taken when valid, else a new UUID; it is echoed in the response header;
 * - the handler runs inside that correlation (restored after body parsing, which loses async context);
 * - one JSON line per response: method, path with credential query values redacted, status, duration.
 */
export function installHttpEdge(fastify: FastifyInstance, logger: Logger): void {
  // JSON only: a body of any other type (text, form, multipart...) is a 415 before anything parses it.
  if (fastify.hasContentTypeParser('text/plain')) fastify.removeContentTypeParser('text/plain');
  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    const type = request.headers['content-type'];
    if (type !== undefined && !JSON_TYPE.test(type)) {
      done(Object.assign(new Error('Unsupported Media Type: send the body as application/json'), { statusCode: 415 }));
      return;
    }
    done(null, payload);
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    const correlationId = correlationIdFrom(request.headers[CORRELATION_HEADER]);
    (request as FastifyRequest & WithCorrelation)[CORRELATION] = correlationId;
    void reply.header(CORRELATION_HEADER, correlationId);
    runWithCorrelation(correlationId, done);
  });
  fastify.addHook('preHandler', (request, _reply, done) => {
    const correlationId = correlationIdOfRequest(request);
    if (correlationId) runWithCorrelation(correlationId, done);
    else done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const level = QUIET_PATHS.test(request.url) ? 'debug' : 'info';
    // Nothing is built for a line the level drops (this hook runs on every request).
    if (!logger.isLevelEnabled(level)) {
      done();
      return;
    }
    const line = {
      correlationId: correlationIdOfRequest(request),
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    logger[level](line, 'http request');
    done();
  });
}
