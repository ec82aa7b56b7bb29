import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import {
  KEYS_SUBJECTS,
  NAME_LENGTH,
  PageQuery,
  ROTATION_GRACE_SECONDS,
  type ApiKeyView,
  type CreatedApiKeyView,
  type Page,
  type RevokedApiKeyView,
  type RotatedApiKeyView,
} from '@backforge/contracts';
import { MessagingClient } from '@backforge/messaging';
import { envelope, type Envelope } from './envelope.js';
import { CurrentPrincipal, PlatformAuthGuard, type Principal } from './platform-auth.js';

/** POST /v1/agents/{id}/api-keys */
export class CreateApiKeyRequest {
  @ApiProperty({ minLength: NAME_LENGTH.min, maxLength: NAME_LENGTH.max, example: 'production' })
  @IsString()
  @Length(NAME_LENGTH.min, NAME_LENGTH.max)
  name!: string;
}

/** POST /v1/agents/{id}/api-keys/{keyId}/rotate (the body is optional). */
export class RotateApiKeyRequest {
  @ApiPropertyOptional({ minimum: ROTATION_GRACE_SECONDS.min, maximum: ROTATION_GRACE_SECONDS.max, default: ROTATION_GRACE_SECONDS.default, description: 'How long the old key keeps working; 0: it stops at once.' })
  @IsOptional()
  @IsInt()
  @Min(ROTATION_GRACE_SECONDS.min)
  @Max(ROTATION_GRACE_SECONDS.max)
  gracePeriodSeconds?: number;
}

/** An agent's API keys: create (the raw key is in this answer only), list, revoke, rotate. */
@ApiTags('api-keys')
@ApiBearerAuth()
@UseGuards(PlatformAuthGuard)
@Controller('v1/agents/:id/api-keys')
export class ApiKeysHttpController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create an API key for the agent: {id, name, key, prefix, createdAt}. The raw key is shown here once and never again.' })
  async create(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: CreateApiKeyRequest): Promise<Envelope<CreatedApiKeyView>> {
    return envelope(await this.messaging.request<CreatedApiKeyView>(KEYS_SUBJECTS.create, { workspaceId: principal.workspaceId, agentId: id, name: body.name }));
  }

  @Get()
  @ApiOperation({ summary: 'List the agent\'s API keys, newest first: {items, nextCursor}. Never the raw key.' })
  async list(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: PageQuery): Promise<Envelope<Page<ApiKeyView>>> {
    return envelope(await this.messaging.request<Page<ApiKeyView>>(KEYS_SUBJECTS.list, { workspaceId: principal.workspaceId, agentId: id, ...query }));
  }

  @Post(':keyId/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke an API key at once (idempotent).' })
  async revoke(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('keyId') keyId: string): Promise<Envelope<RevokedApiKeyView>> {
    return envelope(await this.messaging.request<RevokedApiKeyView>(KEYS_SUBJECTS.revoke, { workspaceId: principal.workspaceId, agentId: id, keyId }));
  }

  @Post(':keyId/rotate')
  @HttpCode(201)
  @ApiOperation({ summary: 'Replace an API key by a new one (raw key shown once); the old key stops at once or when the grace period ends.' })
  async rotate(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('keyId') keyId: string,
    @Body() body: RotateApiKeyRequest = {},
  ): Promise<Envelope<RotatedApiKeyView>> {
    return envelope(
      await this.messaging.request<RotatedApiKeyView>(KEYS_SUBJECTS.rotate, {
        workspaceId: principal.workspaceId,
        agentId: id,
        keyId,
        ...(body.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: body.gracePeriodSeconds } : {}),
      }),
    );
  }
}
