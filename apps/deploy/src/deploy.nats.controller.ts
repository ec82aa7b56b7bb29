import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DEPLOY_SUBJECTS, DeployAgentMessage, GetDeploymentMessage, SUBJECTS, type DeploymentView, type PingReply } from '@backforge/contracts';
import { currentCorrelationId } from '@backforge/messaging';
import { INSTANCE_ID } from '@backforge/runtime';
import { DeployQueriesHandler, type EndpointReply } from './deploy-queries.handler.js';
import { RequestDeploymentHandler } from './request-deployment.handler.js';

/** The deploy service's message handlers (subjects `backforge.deploy.*`): each delegates in one line. */
@Controller()
export class DeployNatsController {
  constructor(
    @Inject(INSTANCE_ID) private readonly instanceId: string,
    private readonly requests: RequestDeploymentHandler,
    private readonly queries: DeployQueriesHandler,
  ) {}

  /** Diagnostic round trip through the real transport: who answered, and the correlation it saw. */
  @MessagePattern(SUBJECTS.deploy.ping)
  ping(): PingReply {
    return { service: 'deploy', instanceId: this.instanceId, correlationId: currentCorrelationId() ?? '' };
  }

  @MessagePattern(DEPLOY_SUBJECTS.deploy)
  deploy(@Payload() message: DeployAgentMessage): Promise<DeploymentView> {
    return this.requests.handle(message);
  }

  @MessagePattern(DEPLOY_SUBJECTS.status)
  status(@Payload() message: GetDeploymentMessage): Promise<DeploymentView> {
    return this.queries.status(message);
  }

  @MessagePattern(DEPLOY_SUBJECTS.endpoint)
  endpoint(@Payload() message: GetDeploymentMessage): Promise<EndpointReply> {
    return this.queries.endpoint(message);
  }
}
