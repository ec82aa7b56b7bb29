import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SUBJECTS, type PingReply } from '@backforge/contracts';
import { currentCorrelationId } from '@backforge/messaging';
import { INSTANCE_ID } from '@backforge/runtime';

/** The validation service's message handlers (subjects `backforge.validation.*`). */
@Controller()
export class ValidationNatsController {
  constructor(@Inject(INSTANCE_ID) private readonly instanceId: string) {}

  /** Diagnostic round trip through the real transport: who answered, and the correlation it saw. */
  @MessagePattern(SUBJECTS.validation.ping)
  ping(): PingReply {
    return { service: 'validation', instanceId: this.instanceId, correlationId: currentCorrelationId() ?? '' };
  }
}
