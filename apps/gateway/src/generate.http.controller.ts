import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { signToken } from '@backforge/auth';
import { DomainError, GENERATION_SUBJECTS, type GenerateBackendReply, type JobView } from '@backforge/contracts';
import { MessagingClient } from '@backforge/messaging';
import { envelope, type Envelope } from './envelope.js';
import { GenerateRequest, StreamTokenRequest } from './generate-request.dto.js';
import { GatewaySecrets } from './gateway-secrets.js';
import { CurrentPrincipal, PlatformAuthGuard, type Principal } from './platform-auth.js';

const DEFAULT_LINK_SECONDS = 300;

/** POST /v1/generate, GET /v1/generate/{jobId}, POST /v1/generate/{jobId}/stream-token. */
@ApiTags('generate')
@ApiBearerAuth()
@UseGuards(PlatformAuthGuard)
@Controller('v1/generate')
export class GenerateHttpController {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly secrets: GatewaySecrets,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create an agent and its generation job (the job runs off the request path).' })
  async generate(@CurrentPrincipal() principal: Principal, @Body() body: GenerateRequest): Promise<Envelope<GenerateBackendReply>> {
    if (body.autoDeploy) {
      throw new DomainError('UNPROCESSABLE', 'autoDeploy: true is not supported: send autoDeploy: false, wait for the job to be completed, then deploy with POST /v1/deploy/{id}.', [
        { field: 'autoDeploy', problems: ['must be false'] },
      ]);
    }
    const reply = await this.messaging.request<GenerateBackendReply>(GENERATION_SUBJECTS.generate, {
      workspaceId: principal.workspaceId,
      name: body.name,
      prompt: body.prompt,
      region: body.region,
    });
    return envelope(reply);
  }

  @Get(':jobId')
  @ApiOperation({ summary: 'Read a generation job: queued, a progress value, completed or failed.' })
  async job(@CurrentPrincipal() principal: Principal, @Param('jobId') jobId: string): Promise<Envelope<JobView>> {
    return envelope(await this.messaging.request<JobView>(GENERATION_SUBJECTS.getJob, { workspaceId: principal.workspaceId, jobId }));
  }

  @Post(':jobId/stream-token')
  @HttpCode(201)
  @ApiOperation({ summary: 'Mint a signed, short-lived token for the progress stream of this job.' })
  async streamToken(
    @CurrentPrincipal() principal: Principal,
    @Param('jobId') jobId: string,
    @Body() body: StreamTokenRequest = {},
  ): Promise<Envelope<{ token: string; url: string; expiresAt: string }>> {
    // The job must be the caller's: another workspace's job is not found, like a missing one.
    await this.messaging.request<JobView>(GENERATION_SUBJECTS.getJob, { workspaceId: principal.workspaceId, jobId });
    const signed = signToken({ purpose: 'stream', workspaceId: principal.workspaceId, jobId, expiresInSeconds: body.expiresInSeconds ?? DEFAULT_LINK_SECONDS }, this.secrets.keyring);
    const url = `${this.secrets.publicBaseUrl}/v1/generate/${encodeURIComponent(jobId)}/stream?token=${encodeURIComponent(signed.token)}`;
    return envelope({ token: signed.token, url, expiresAt: signed.expiresAt.toISOString() });
  }
}
