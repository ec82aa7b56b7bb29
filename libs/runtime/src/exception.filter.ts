import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { httpStatusOf, type ErrorBody, type ErrorReply, type PlatformErrorCode } from '@backforge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { throwError, type Observable } from 'rxjs';
import { currentCorrelationId, expectedFailureOf, newCorrelationId } from '@backforge/messaging';
import type { Logger } from './logger.js';
import { correlationIdOfRequest } from './http/http-edge.js';

const CODE_OF_STATUS: Record<number, PlatformErrorCode> = {
  400: 'INVALID_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'ROUTE_NOT_FOUND',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
  504: 'TIMEOUT',
};

function codeOfStatus(status: number): PlatformErrorCode {
  return CODE_OF_STATUS[status] ?? (status >= 400 && status < 500 ? 'INVALID_REQUEST' : 'INTERNAL');
}

/** Status of a framework error (Nest's HttpException, or Fastify's own errors that carry `statusCode`). */
function frameworkStatus(error: unknown): number | undefined {
  if (error instanceof HttpException) return error.getStatus();
  if (error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number') return error.statusCode;
  return undefined;
}

/**
 * The edge of every service, for HTTP and for messages alike: expected failures keep their typed code;
 * framework errors become the nearest code; anything else is INTERNAL, logged with its stack, and
 * answered without internals. HTTP bodies are `{ "error": { code, message, details?, correlationId } }`.
 */
@Catch()
export class PlatformExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<never> | undefined {
    const kind = host.getType<'http' | 'rpc'>();
    if (kind === 'rpc') {
      const reply = this.toReply(exception, undefined);
      return throwError(() => reply);
    }
    if (kind !== 'http') throw exception;
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const response = http.getResponse<FastifyReply>();
    const reply = this.toReply(exception, request);
    if (response.sent) return undefined;
    const correlationId = correlationIdOfRequest(request) ?? currentCorrelationId() ?? newCorrelationId();
    const body: ErrorBody = { error: { ...reply, correlationId } };
    void response.status(httpStatusOf(reply.code)).header('content-type', 'application/json; charset=utf-8').send(body);
    return undefined;
  }

  private toReply(exception: unknown, request: FastifyRequest | undefined): ErrorReply {
    if (request?.is404) {
      // Fastify's not-found route: name the method and path, never the query (it may carry a token).
      return { code: 'ROUTE_NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0] ?? ''}` };
    }
    const expected = expectedFailureOf(exception instanceof RpcException ? exception.getError() : exception);
    if (expected) {
      if (expected.code === 'INTERNAL' || expected.code === 'UNAVAILABLE') this.logger.warn({ err: exception, code: expected.code }, expected.message);
      return expected;
    }
    const status = frameworkStatus(exception);
    if (status !== undefined && status < 500) {
      return { code: codeOfStatus(status), message: exception instanceof Error ? exception.message : 'Bad request' };
    }
    this.logger.error({ err: exception }, 'Unhandled error');
    return { code: status === undefined ? 'INTERNAL' : codeOfStatus(status), message: 'Internal error' };
  }
}
