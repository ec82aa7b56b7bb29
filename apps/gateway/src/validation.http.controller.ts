import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PageQuery, VALIDATION_SUBJECTS, type Page, type ValidateAgentReply, type ValidationJobView, type ValidationReportView } from '@backforge/contracts';
import { MessagingClient } from '@backforge/messaging';
import { envelope, type Envelope } from './envelope.js';
import { CurrentPrincipal, PlatformAuthGuard, type Principal } from './platform-auth.js';

/** POST /v1/validation/{id}/validate, GET /v1/validation/jobs/{jobId}, GET /v1/validation/agents/{id}/reports. */
@ApiTags('validation')
@ApiBearerAuth()
@UseGuards(PlatformAuthGuard)
@Controller('v1/validation')
export class ValidationHttpController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post(':id/validate')
  @HttpCode(202)
  @ApiOperation({ summary: 'Validate the agent\'s newest stored artifact again (build, behaviour and quality checks); the job runs off the request path.' })
  async validate(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<Envelope<ValidateAgentReply>> {
    return envelope(await this.messaging.request<ValidateAgentReply>(VALIDATION_SUBJECTS.validate, { workspaceId: principal.workspaceId, agentId: id }));
  }

  @Get('jobs/:jobId')
  @ApiOperation({ summary: 'Read a validation job: queued, running, passed, failed (the checks ran) or error (they could not run).' })
  async job(@CurrentPrincipal() principal: Principal, @Param('jobId') jobId: string): Promise<Envelope<ValidationJobView>> {
    return envelope(await this.messaging.request<ValidationJobView>(VALIDATION_SUBJECTS.getJob, { workspaceId: principal.workspaceId, jobId }));
  }

  @Get('agents/:id/reports')
  @ApiOperation({ summary: 'List the agent\'s check reports (its generation\'s and each validation\'s), newest first: {items, nextCursor}.' })
  async reports(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: PageQuery): Promise<Envelope<Page<ValidationReportView>>> {
    return envelope(await this.messaging.request<Page<ValidationReportView>>(VALIDATION_SUBJECTS.listReports, { workspaceId: principal.workspaceId, agentId: id, ...query }));
  }
}
