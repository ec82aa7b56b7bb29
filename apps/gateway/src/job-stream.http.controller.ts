import { Controller, Get, Headers, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { verifyToken } from '@backforge/auth';
import { CORRELATION_HEADER, DomainError, streamName } from '@backforge/contracts';
import type { EventStore, RecordedEvent } from '@backforge/event-store';
import { correlationIdOfRequest, EVENT_STORE, LOGGER, type Logger } from '@backforge/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewaySecrets } from './gateway-secrets.js';
import { isTerminal, progressMessage, sseFrame } from './job-progress.js';

/** A comment line every 15 s keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
const LAST_EVENT_ID = /^\d{1,18}$/;

/**
 * GET /v1/generate/{jobId}/stream?token=: Server-Sent Events. The job's history first, then live
 * progress from the log's subscription, each event with `id:` = its revision in the job's stream;
 * `Last-Event-ID` resumes after that revision with no gap and no duplicate. Closes after
 * `completed` or `failed`. A signed stream token in the query (EventSource sends no headers).
 */
@ApiTags('generate')
@Controller('v1/generate')
export class JobStreamHttpController {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly secrets: GatewaySecrets,
  ) {}

  @Get(':jobId/stream')
  @ApiOperation({ summary: 'Stream the job\'s progress (text/event-stream). Auth: a stream token from POST /v1/generate/{jobId}/stream-token.' })
  @ApiQuery({ name: 'token', required: true })
  async stream(
    @Param('jobId') jobId: string,
    @Query('token') token: unknown,
    @Headers('last-event-id') lastEventIdHeader: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const verified = verifyToken(token, this.secrets.keyring, { purpose: 'stream', jobId }, Date.now(), { clockSkewSeconds: this.secrets.clockSkewSeconds });
    if (!verified.ok) throw new DomainError('UNAUTHENTICATED', 'A valid stream token is required: ?token= from POST /v1/generate/{jobId}/stream-token');
    let after = -1n;
    if (lastEventIdHeader !== undefined && lastEventIdHeader !== '') {
      if (!LAST_EVENT_ID.test(lastEventIdHeader)) throw new DomainError('VALIDATION_FAILED', 'Last-Event-ID must be an id this stream sent', [{ field: 'Last-Event-ID', problems: ['not an event id'] }]);
      after = BigInt(lastEventIdHeader);
    }
    const stream = streamName('generation', jobId);
    const history = await this.events.readStream(stream);
    const first = history[0];
    // The token names the workspace; the job must be that workspace's (else: not found, as a missing job).
    if (!first || (first.data as { workspaceId?: unknown }).workspaceId !== verified.claims.workspaceId) throw new DomainError('NOT_FOUND', `No generation job ${jobId}`);

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      [CORRELATION_HEADER]: correlationIdOfRequest(request) ?? '',
    });
    raw.write(': backforge progress stream\n\n');

    let closed = false;
    let lastSent = after;
    const send = (recorded: RecordedEvent): boolean => {
      if (recorded.revision <= lastSent) return false;
      raw.write(sseFrame(recorded, progressMessage(jobId, recorded)));
      lastSent = recorded.revision;
      return isTerminal(recorded);
    };
    const end = (): void => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      void subscription?.close();
      raw.end();
    };
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    request.raw.on('close', end);

    let subscription: ReturnType<EventStore['subscribeToAll']> | undefined;
    try {
      for (const recorded of history) if (send(recorded) || isTerminal(recorded)) return end();
      const from = (history[history.length - 1] as RecordedEvent).position;
      subscription = this.events.subscribeToAll({ from, filter: { streamPrefixes: [stream] } });
      for await (const recorded of subscription) {
        if (closed) break;
        if (recorded.streamName !== stream) continue;
        if (send(recorded) || isTerminal(recorded)) break;
      }
    } catch (error) {
      if (!closed) this.logger.warn({ err: error, jobId }, 'progress stream ended by an error');
    } finally {
      end();
    }
  }
}
