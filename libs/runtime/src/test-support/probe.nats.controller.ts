import { randomUUID } from 'node:crypto';
import { Controller, Inject } from '@nestjs/common';
import { BaseRpcContext, Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import type { EventMetadata, EventStore } from '@backforge/event-store';
import { currentCorrelationId, eventMetadata, PlatformError } from '@backforge/messaging';
import { EVENT_STORE, PROCESS_NAME } from '../tokens.js';
import { AppendCommand, CountCommand, EchoCommand, SlowCommand } from './probe.dto.js';
import { PROBE } from './probe.subjects.js';

/** What the probe handlers of this test process saw: which process handled which message. */
export const PROBE_SEEN: Array<{ process: string; subject: string; n: number; correlationId: string | undefined }> = [];

/** Handlers with every kind of outcome, to test the transports and the runtime against. */
@Controller()
export class ProbeNatsController {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROCESS_NAME) private readonly processName: string,
  ) {}

  @MessagePattern(PROBE.count)
  count(@Payload() command: CountCommand): { handledBy: string } {
    PROBE_SEEN.push({ process: this.processName, subject: PROBE.count, n: command.n, correlationId: currentCorrelationId() });
    return { handledBy: this.processName };
  }

  @EventPattern<Record<string, CountCommand>>(PROBE.notify)
  heard(@Payload() command: CountCommand): void {
    PROBE_SEEN.push({ process: this.processName, subject: PROBE.notify, n: command.n, correlationId: currentCorrelationId() });
  }

  @MessagePattern(PROBE.echo)
  echo(
    @Payload() command: EchoCommand,
    // A class-typed context parameter: the validation pipe must hand it over untouched (not re-made as a BaseRpcContext).
    @Ctx() context: BaseRpcContext,
  ): { text: string; count: number; isInstance: boolean; correlationId: string | undefined; contextClass: string } {
    return {
      text: command.text,
      count: command.count,
      isInstance: command instanceof EchoCommand,
      correlationId: currentCorrelationId(),
      contextClass: context.constructor.name,
    };
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
    // Recorded as it starts, so a test can wait until the handler is running.
    PROBE_SEEN.push({ process: this.processName, subject: PROBE.slow, n: command.ms, correlationId: currentCorrelationId() });
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
