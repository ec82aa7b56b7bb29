import { randomUUID } from 'node:crypto';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { EventMetadata, EventStore } from '@backforge/event-store';
import { currentCorrelationId } from '../correlation.js';
import { PlatformError } from '../errors.js';
import { eventMetadata } from '../event-metadata.js';
import { EVENT_STORE } from '../runtime/tokens.js';
import { AppendCommand, EchoCommand, SlowCommand } from './probe.dto.js';
import { PROBE } from './probe.subjects.js';

/** Handlers with every kind of outcome, to test the transports and the runtime against. */
@Controller()
export class ProbeNatsController {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  @MessagePattern(PROBE.echo)
  echo(@Payload() command: EchoCommand): { text: string; count: number; isInstance: boolean; correlationId: string | undefined } {
    return { text: command.text, count: command.count, isInstance: command instanceof EchoCommand, correlationId: currentCorrelationId() };
  }

  @MessagePattern(PROBE.fail)
  fail(): never {
    throw new PlatformError('CONFLICT', 'The probe refuses', { reason: 'asked to fail' });
  }

  @MessagePattern(PROBE.crash)
  crash(): never {
    throw new Error('secret internal detail');
  }

  @MessagePattern(PROBE.slow)
  async slow(@Payload() command: SlowCommand): Promise<{ sleptMs: number }> {
    await new Promise((resolve) => setTimeout(resolve, command.ms));
    return { sleptMs: command.ms };
  }

  @MessagePattern(PROBE.append)
  async append(@Payload() command: AppendCommand): Promise<{ streamName: string; metadata: EventMetadata }> {
    const streamName = `probe-${randomUUID()}`;
    const metadata = eventMetadata({ workspaceId: command.workspaceId });
    await this.events.append(streamName, [{ type: 'ProbeAppended', data: { workspaceId: command.workspaceId }, metadata }], 'no_stream');
    return { streamName, metadata };
  }
}
