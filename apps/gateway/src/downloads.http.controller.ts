import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { ArtifactNotFoundError } from '@backforge/artifact-store';
import { signToken, verifyToken } from '@backforge/auth';
import { DomainError, DOWNLOAD_NAME_PATTERN, DOWNLOADS_SUBJECTS, LATEST_DOWNLOAD, type ResolvedDownload } from '@backforge/contracts';
import { MessagingClient } from '@backforge/messaging';
import { LOGGER, type Logger } from '@backforge/runtime';
import type { FastifyReply } from 'fastify';
import { envelope, type Envelope } from './envelope.js';
import { GatewayArtifacts } from './gateway-artifacts.js';
import { GatewaySecrets } from './gateway-secrets.js';
import { CurrentPrincipal, PlatformAuthGuard, PlatformBearerStrategy, type Principal } from './platform-auth.js';

const DEFAULT_LINK_SECONDS = 300;
const MAX_LINK_SECONDS = 3600;
/** One answer for every refusal (expired, tampered, wrong purpose, agent or file): the caller learns nothing. */
const SIGNED_REFUSED = 'A valid download token is required: ?token= from POST /v1/downloads/{agentId}/token';
const LATEST_REFUSED = 'A valid platform token (Authorization: Bearer <token>) or download token (?token=) is required';
const BEARER = /^Bearer ([^\s]+)$/i;

/** POST /v1/downloads/{agentId}/token. */
export class DownloadTokenRequest {
  @ApiPropertyOptional({ default: LATEST_DOWNLOAD, description: '`latest` (the newest project archive), `openapi.json`, `backforge.blueprint.json`, `validation-report.json`, or a stored file name.' })
  @IsOptional()
  @IsString()
  @Matches(DOWNLOAD_NAME_PATTERN, { message: 'filename must be latest, an alias or a stored file name' })
  filename?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_LINK_SECONDS, default: DEFAULT_LINK_SECONDS })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_LINK_SECONDS)
  expiresInSeconds?: number;
}

/**
 * Downloads: signed links, and the files themselves, streamed from the artifact store (never
 * buffered) with Content-Type, Content-Length, Content-Disposition and ETag = the sha256. Which
 * file a name means, and whether it is the caller's, is the downloads service's answer.
 */
@ApiTags('downloads')
@Controller('v1/downloads')
export class DownloadsHttpController {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly secrets: GatewaySecrets,
    private readonly artifacts: GatewayArtifacts,
    private readonly platformTokens: PlatformBearerStrategy,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post(':agentId/token')
  @HttpCode(201)
  @ApiBearerAuth()
  @UseGuards(PlatformAuthGuard)
  @ApiOperation({ summary: 'Mint a signed, short-lived download link for one file of the agent (default: latest).' })
  async token(
    @CurrentPrincipal() principal: Principal,
    @Param('agentId') agentId: string,
    @Body() body: DownloadTokenRequest = {},
  ): Promise<Envelope<{ token: string; url: string; expiresAt: string }>> {
    const filename = body.filename ?? LATEST_DOWNLOAD;
    // Only a file that exists in the caller's workspace gets a link (else: not found, like a missing one).
    await this.resolve(principal.workspaceId, agentId, filename);
    const signed = signToken({ purpose: 'download', workspaceId: principal.workspaceId, agentId, filename, expiresInSeconds: body.expiresInSeconds ?? DEFAULT_LINK_SECONDS }, this.secrets.keyring);
    const url = `${this.secrets.publicBaseUrl}/v1/downloads/${encodeURIComponent(agentId)}/${encodeURIComponent(filename)}?token=${encodeURIComponent(signed.token)}`;
    return envelope({ token: signed.token, url, expiresAt: signed.expiresAt.toISOString() });
  }

  @Get(':agentId/latest')
  @ApiBearerAuth()
  @ApiQuery({ name: 'token', required: false, description: 'A download token for `latest` (instead of the Authorization header).' })
  @ApiOperation({ summary: 'Download the newest project archive. Auth: a platform token, or a download token minted for `latest`.' })
  async latest(
    @Param('agentId') agentId: string,
    @Query('token') token: unknown,
    @Headers('authorization') authorization: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const workspaceId = token !== undefined ? this.verified(token, agentId, LATEST_DOWNLOAD, LATEST_REFUSED) : await this.platformWorkspace(authorization);
    await this.serve(workspaceId, agentId, LATEST_DOWNLOAD, ifNoneMatch, reply);
  }

  @Get(':agentId/:filename')
  @ApiQuery({ name: 'token', required: true, description: 'A download token minted for this agent and file name.' })
  @ApiOperation({ summary: 'Download one file through a signed link (the token names the workspace, the agent and the file).' })
  async named(
    @Param('agentId') agentId: string,
    @Param('filename') filename: string,
    @Query('token') token: unknown,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const workspaceId = this.verified(token, agentId, filename, SIGNED_REFUSED);
    await this.serve(workspaceId, agentId, filename, ifNoneMatch, reply);
  }

  /** The workspace a download token grants, or the same 401 whatever was wrong with it. */
  private verified(token: unknown, agentId: string, filename: string, refusal: string): string {
    const result = verifyToken(token, this.secrets.keyring, { purpose: 'download', agentId, filename }, Date.now(), { clockSkewSeconds: this.secrets.clockSkewSeconds });
    if (!result.ok) {
      this.logger.debug({ agentId, reason: result.reason }, 'download token refused');
      throw new DomainError('UNAUTHENTICATED', refusal);
    }
    return result.claims.workspaceId;
  }

  /** `Authorization: Bearer <platform token>` on the one download route that accepts it. */
  private async platformWorkspace(authorization: string | undefined): Promise<string> {
    const raw = authorization === undefined ? undefined : BEARER.exec(authorization.trim())?.[1];
    const principal = raw === undefined ? false : await this.platformTokens.validate(raw);
    if (!principal) throw new DomainError('UNAUTHENTICATED', LATEST_REFUSED);
    return principal.workspaceId;
  }

  private resolve(workspaceId: string, agentId: string, filename: string): Promise<ResolvedDownload> {
    return this.messaging.request<ResolvedDownload>(DOWNLOADS_SUBJECTS.resolve, { workspaceId, agentId, filename });
  }

  private async serve(workspaceId: string, agentId: string, filename: string, ifNoneMatch: string | undefined, reply: FastifyReply): Promise<void> {
    const file = await this.resolve(workspaceId, agentId, filename);
    const etag = `"${file.sha256}"`;
    const headers = { etag, 'cache-control': 'private, no-cache' };
    if (matchesEtag(ifNoneMatch, file.sha256)) {
      await reply.status(304).headers(headers).send();
      return;
    }
    let opened: Awaited<ReturnType<GatewayArtifacts['store']['get']>>;
    try {
      opened = await this.artifacts.store.get({ agentId: file.agentId, filename: file.filename });
    } catch (error) {
      if (error instanceof ArtifactNotFoundError) throw new DomainError('NOT_FOUND', `No file ${filename} for agent ${agentId}`);
      throw error;
    }
    await reply
      .status(200)
      .headers({
        ...headers,
        'content-type': file.contentType,
        'content-length': String(opened.info.size),
        'content-disposition': `attachment; filename="${file.downloadName}"`,
        'x-content-type-options': 'nosniff',
      })
      .send(opened.stream);
  }
}

/** If-None-Match: `*`, or a list of (weak or strong) entity tags, one of which is this file's. */
export function matchesEtag(header: string | undefined, sha256: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === `"${sha256}"`;
  });
}
