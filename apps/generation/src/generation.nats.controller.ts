import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  GENERATION_SUBJECTS,
  GenerateBackendMessage,
  GetAgentBySlugMessage,
  GetAgentMessage,
  GetJobMessage,
  ListAgentsMessage,
  SUBJECTS,
  type AgentRead,
  type AgentView,
  type GenerateBackendReply,
  type JobView,
  type Page,
  type PingReply,
} from '@backforge/contracts';
import { currentCorrelationId } from '@backforge/messaging';
import { INSTANCE_ID } from '@backforge/runtime';
import { AgentQueriesHandler } from './agent-queries.handler.js';
import { GenerateBackendHandler } from './generate-backend.handler.js';

/** The generation service's message handlers (subjects `backforge.generation.*`): each delegates in one line. */
@Controller()
export class GenerationNatsController {
  constructor(
    @Inject(INSTANCE_ID) private readonly instanceId: string,
    private readonly generate: GenerateBackendHandler,
    private readonly queries: AgentQueriesHandler,
  ) {}

  /** Diagnostic round trip through the real transport: who answered, and the correlation it saw. */
  @MessagePattern(SUBJECTS.generation.ping)
  ping(): PingReply {
    return { service: 'generation', instanceId: this.instanceId, correlationId: currentCorrelationId() ?? '' };
  }

  @MessagePattern(GENERATION_SUBJECTS.generate)
  generateBackend(@Payload() message: GenerateBackendMessage): Promise<GenerateBackendReply> {
    return this.generate.handle(message);
  }

  @MessagePattern(GENERATION_SUBJECTS.getJob)
  getJob(@Payload() message: GetJobMessage): Promise<JobView> {
    return this.queries.getJob(message);
  }

  @MessagePattern(GENERATION_SUBJECTS.listAgents)
  listAgents(@Payload() message: ListAgentsMessage): Promise<Page<AgentView>> {
    return this.queries.listAgents(message);
  }

  @MessagePattern(GENERATION_SUBJECTS.getAgent)
  getAgent(@Payload() message: GetAgentMessage): Promise<AgentRead> {
    return this.queries.getAgent(message);
  }

  @MessagePattern(GENERATION_SUBJECTS.getAgentBySlug)
  getAgentBySlug(@Payload() message: GetAgentBySlugMessage): Promise<AgentView> {
    return this.queries.getAgentBySlug(message);
  }
}
