import type { ErrorBody, PlatformErrorCode } from '@backforge/contracts';
import { httpStatusOf } from '@backforge/contracts';
import { newCorrelationId } from '@backforge/messaging';
import { correlationIdOfRequest, type Logger } from '@backforge/runtime';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Admitted, InvokeFailure, InvokeHandler } from './invoke.handler.js';

export const INVOKE_PATH = '/v1/invoke/:slug';

const ADMITTED = Symbol('backforge.invoke.admitted');
type WithAdmission = FastifyRequest & { [ADMITTED]?: Admitted };

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Fastify's own errors on this route (body too large, not JSON, malformed JSON) as platform codes. */
function codeOfFrameworkError(error: FastifyError): { code: PlatformErrorCode; message: string } {
  switch (error.statusCode) {
    case 413:
      return { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than this route accepts' };
    case 415:
      return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json' };
    case 400:
      return { code: 'INVALID_REQUEST', message: 'The request body is not valid JSON' };
    default:
      return { code: 'INTERNAL', message: 'Internal error' };
  }
}

function sendFailure(request: FastifyRequest, reply: FastifyReply, failure: Omit<InvokeFailure, 'ok'>): FastifyReply {
  const correlationId = correlationIdOfRequest(request) ?? newCorrelationId();
  const body: ErrorBody = {
    error: { code: failure.code, message: failure.message, ...(failure.details === undefined ? {} : { details: failure.details }), correlationId },
  };
  if (failure.retryAfterSeconds !== undefined) void reply.header('retry-after', String(failure.retryAfterSeconds));
  return reply.code(httpStatusOf(failure.code)).header('content-type', JSON_CONTENT_TYPE).send(body);
}

/**
 * Mounts POST /v1/invoke/{slug} as a plain Fastify route on the process's HTTP server (the
 * standalone process's one Nest app, or the invoke-router's own): no Nest pipes or interceptors on
 * the data plane's hot path. The runtime's edge hooks still run (correlation id, JSON-only 415,
 * access log). The key, rate limit and route are checked in `onRequest`, before the body is read,
 * so an unauthenticated flood never costs a body parse; errors carry the platform's error body.
 * The common case (a plain slug, a JSON body with its length) is answered before Fastify by
 * `InvokeFastPath`, alike; this route answers the rest, and everything during shutdown.
 */
export function mountInvokeRoute(fastify: FastifyInstance, handler: InvokeHandler, bodyLimit: number, logger: Logger): void {
  fastify.route<{ Params: { slug: string } }>({
    method: 'POST',
    url: INVOKE_PATH,
    bodyLimit,
    onRequest(request, reply, done) {
      const admitted = handler.admit(request.headers.authorization, request.params.slug);
      if (!admitted.ok) {
        sendFailure(request, reply, admitted);
        return;
      }
      (request as WithAdmission)[ADMITTED] = admitted;
      done();
    },
    async handler(request, reply) {
      const admitted = (request as WithAdmission)[ADMITTED];
      if (!admitted) return sendFailure(request, reply, { code: 'INTERNAL', message: 'Internal error' });
      const result = await handler.run(admitted, request.body);
      if (!result.ok) return sendFailure(request, reply, result);
      return reply.code(result.status).header('content-type', JSON_CONTENT_TYPE).send(result.body);
    },
    errorHandler(error, request, reply) {
      const failure = codeOfFrameworkError(error);
      if (failure.code === 'INTERNAL') logger.error({ err: error }, 'invoke route failed');
      void sendFailure(request, reply, failure);
    },
  });
}
