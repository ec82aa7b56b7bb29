import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { GENERATION_SUBJECTS, PageQuery, type AgentRead, type AgentView, type Page } from '@backforge/contracts';
import { MessagingClient } from '@backforge/messaging';
import { GatewayAgentViews } from './agent-views.js';
import { envelope, type Envelope } from './envelope.js';
import { CurrentPrincipal, PlatformAuthGuard, type Principal } from './platform-auth.js';

export class ListAgentsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Only agents with this status (generating, validating, ready, deploying, deployed, failed).' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  status?: string;
}

/** GET /v1/agents (newest first, paged), /v1/agents/{id}, /v1/agents/by-slug/{slug}. */
@ApiTags('agents')
@ApiBearerAuth()
@UseGuards(PlatformAuthGuard)
@Controller('v1/agents')
export class AgentsHttpController {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly views: GatewayAgentViews,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List the workspace\'s agents, newest first: {items, nextCursor}.' })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListAgentsQuery): Promise<Envelope<Page<AgentView>>> {
    return envelope(await this.messaging.request<Page<AgentView>>(GENERATION_SUBJECTS.listAgents, { workspaceId: principal.workspaceId, ...query }));
  }

  @Get('by-slug/:slug')
  @ApiOperation({ summary: 'Read one agent by its slug.' })
  async bySlug(@CurrentPrincipal() principal: Principal, @Param('slug') slug: string): Promise<Envelope<AgentView>> {
    return envelope(await this.messaging.request<AgentView>(GENERATION_SUBJECTS.getAgentBySlug, { workspaceId: principal.workspaceId, slug }));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read one agent.' })
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<Envelope<AgentView>> {
    // Kept by the gateway while the log says nothing changed (AgentReadFastPath answers those first).
    const view = await this.views.readAgent(principal.workspaceId, id, () =>
      this.messaging.request<AgentRead>(GENERATION_SUBJECTS.getAgent, { workspaceId: principal.workspaceId, agentId: id }),
    );
    return envelope(view);
  }
}
