import { Body, Controller, Get, Post } from '@nestjs/common';
import { MessagingClient } from '@backforge/messaging';
import { AppendCommand } from './probe.dto.js';
import { PROBE } from './probe.subjects.js';

/** An HTTP edge in front of the probe service: HTTP -> messaging request -> reply or typed error. */
@Controller('probe')
export class ProbeHttpController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post('append')
  append(@Body() body: AppendCommand): Promise<unknown> {
    return this.messaging.request(PROBE.append, { workspaceId: body.workspaceId });
  }

  @Get('fail')
  fail(): Promise<unknown> {
    return this.messaging.request(PROBE.fail, {});
  }

  @Get('crash')
  crash(): Promise<unknown> {
    return this.messaging.request(PROBE.crash, {});
  }
}
