import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SUBJECTS, type PingReply } from '@backforge/contracts';
import { currentCorrelationId } from '@backforge/messaging';
import { INSTANCE_ID } from '@backforge/runtime';

/** The deploy service's message handlers (subjects `backforge.deploy.*`). */
@Controller()
export class DeployNatsController {
  constructor(@Inject(INSTANCE_ID) private readonly instanceId: string) {}

  /** Diagnostic round trip through the real transport: who answered, and the correlation it saw. */
  @MessagePattern(SUBJECTS.deploy.ping)
  ping(): PingReply {
    return { service: 'deploy', instanceId: this.instanceId, correlationId: currentCorrelationId() ?? '' };
  }
}
