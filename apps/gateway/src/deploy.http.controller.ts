import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DEPLOY_SUBJECTS, DomainError, type DeploymentView, type EndpointView } from '@backforge/contracts';
import { MessagingClient } from '@backforge/messaging';
import type { FastifyRequest } from 'fastify';
import { envelope, type Envelope } from './envelope.js';
import { GatewaySecrets } from './gateway-secrets.js';
import { CurrentPrincipal, PlatformAuthGuard, type Principal } from './platform-auth.js';

/** A body that says nothing: none at all, or an empty JSON object (some clients always send one). */
function isEmptyBody(body: unknown): boolean {
  return body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);
}

/** POST /v1/deploy/{id}, GET /v1/deploy/{id}/status, GET /v1/deploy/{id}/endpoint. */
@ApiTags('deploy')
@ApiBearerAuth()
@UseGuards(PlatformAuthGuard)
@Controller('v1/deploy')
export class DeployHttpController {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly secrets: GatewaySecrets,
  ) {}

  @Post(':id')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Deploy the agent\'s newest stored version (no body): 202 with the deployment, status `deploying`; the bundle is loaded in the sandbox and answers its smoke case off the request path. 409 AGENT_NOT_READY (still generating, or its generation failed), 409 DEPLOYMENT_IN_PROGRESS.',
  })
  async deploy(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Req() request: FastifyRequest): Promise<Envelope<DeploymentView>> {
    // The spec sends no body; one with content would carry options this route does not have.
    if (!isEmptyBody(request.body)) {
      throw new DomainError('VALIDATION_FAILED', 'POST /v1/deploy/{id} takes no body: it deploys the agent\'s newest stored version', [{ field: 'body', problems: ['must be empty'] }]);
    }
    return envelope(await this.messaging.request<DeploymentView>(DEPLOY_SUBJECTS.deploy, { workspaceId: principal.workspaceId, agentId: id }));
  }

  @Get(':id/status')
  @ApiOperation({
    summary:
      'Read the agent\'s deployment: status `not_deployed`, `deploying`, `deployed` or `failed` (with `error`), the newest deployment\'s `version`, the `servingVersion` (a failed redeploy leaves the older one serving) and `deployedAt`.',
  })
  async status(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<Envelope<DeploymentView>> {
    return envelope(await this.messaging.request<DeploymentView>(DEPLOY_SUBJECTS.status, { workspaceId: principal.workspaceId, agentId: id }));
  }

  @Get(':id/endpoint')
  @ApiOperation({ summary: 'The invoke URL of the deployed backend: {agentId, slug, url}, url = PUBLIC_BASE_URL + /v1/invoke/{slug}. 409 AGENT_NOT_DEPLOYED while no version serves.' })
  async endpoint(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<Envelope<EndpointView>> {
    const serving = await this.messaging.request<Omit<EndpointView, 'url'>>(DEPLOY_SUBJECTS.endpoint, { workspaceId: principal.workspaceId, agentId: id });
    return envelope({ agentId: serving.agentId, slug: serving.slug, url: `${this.secrets.publicBaseUrl}/v1/invoke/${encodeURIComponent(serving.slug)}` });
  }
}
