import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SUBJECTS, type PingReply } from '@backforge/contracts';
import { currentCorrelationId } from '@backforge/messaging';
import { INSTANCE_ID } from '@backforge/runtime';

/** The invoke-router service's message handlers (subjects `backforge.invoke-router.*`). */
@Controller()
export class InvokeRouterNatsController {
  constructor(@Inject(INSTANCE_ID) private readonly instanceId: string) {}

  /** Diagnostic round trip through the real transport: who answered, and the correlation it saw. */
  @MessagePattern(SUBJECTS['invoke-router'].ping)
  ping(): PingReply {
    return { service: 'invoke-router', instanceId: this.instanceId, correlationId: currentCorrelationId() ?? '' };
  }
}
