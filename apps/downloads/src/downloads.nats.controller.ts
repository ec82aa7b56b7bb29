import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DOWNLOADS_SUBJECTS,
  ListDownloadsMessage,
  ResolveDownloadMessage,
  SUBJECTS,
  type ListDownloadsReply,
  type PingReply,
  type ResolvedDownload,
} from '@backforge/contracts';
import { currentCorrelationId } from '@backforge/messaging';
import { INSTANCE_ID } from '@backforge/runtime';
import { DownloadQueriesHandler } from './download-queries.handler.js';

/** The downloads service's message handlers (subjects `backforge.downloads.*`): each delegates in one line. */
@Controller()
export class DownloadsNatsController {
  constructor(
    @Inject(INSTANCE_ID) private readonly instanceId: string,
    private readonly queries: DownloadQueriesHandler,
  ) {}

  /** Diagnostic round trip through the real transport: who answered, and the correlation it saw. */
  @MessagePattern(SUBJECTS.downloads.ping)
  ping(): PingReply {
    return { service: 'downloads', instanceId: this.instanceId, correlationId: currentCorrelationId() ?? '' };
  }

  @MessagePattern(DOWNLOADS_SUBJECTS.resolve)
  resolve(@Payload() message: ResolveDownloadMessage): Promise<ResolvedDownload> {
    return this.queries.resolve(message);
  }

  @MessagePattern(DOWNLOADS_SUBJECTS.list)
  list(@Payload() message: ListDownloadsMessage): Promise<ListDownloadsReply> {
    return this.queries.list(message);
  }
}
