import { Controller, Inject } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { DEPLOY_SUBJECTS, DeployedNotification, KeyEndedNotification, KEYS_SUBJECTS, SUBJECTS, type PingReply } from '@backforge/contracts';
import { currentCorrelationId } from '@backforge/messaging';
import { INSTANCE_ID } from '@backforge/runtime';
import { InvokeRouterService } from './invoke-router.service.js';

/** The invoke-router service's message handlers (subjects `backforge.invoke-router.*`, and the keys' and deploy service's notifications). */
@Controller()
export class InvokeRouterNatsController {
  constructor(
    @Inject(INSTANCE_ID) private readonly instanceId: string,
    private readonly router: InvokeRouterService,
  ) {}

  /** Diagnostic round trip through the real transport: who answered, and the correlation it saw. */
  @MessagePattern(SUBJECTS['invoke-router'].ping)
  ping(): PingReply {
    return { service: 'invoke-router', instanceId: this.instanceId, correlationId: currentCorrelationId() ?? '' };
  }

  /** Every router hears it (no queue group): the key is refused before the log's event arrives. */
  @EventPattern<Record<string, KeyEndedNotification>>(KEYS_SUBJECTS.keyEnded)
  keyEnded(@Payload() notification: KeyEndedNotification): void {
    this.router.keyEnded(notification);
  }

  /** Every router hears it (no queue group): the new version is routed before the log's event arrives. */
  @EventPattern<Record<string, DeployedNotification>>(DEPLOY_SUBJECTS.deployed)
  deployed(@Payload() notice: DeployedNotification): void {
    this.router.deployed(notice);
  }
}
