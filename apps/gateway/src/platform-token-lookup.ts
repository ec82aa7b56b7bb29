import { Inject, Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { DomainError, STREAM_PREFIX } from '@backforge/contracts';
import type { EventStore } from '@backforge/event-store';
import type { ReadModels } from '@backforge/projections';
import { EVENT_STORE, LOGGER, type Logger } from '@backforge/runtime';
import { GATEWAY_READ_MODELS } from './gateway.tokens.js';
import { platformTokensProjection, PlatformTokenRow } from './platform-tokens.projection.js';
import type { VerifiedToken } from './verified-tokens.js';

/** Issues read per page when looking for a token the read model has not applied yet. */
const PAGE = 500;
/** How long a request for a token issued moments ago waits for the read model to apply it. */
const ISSUE_WAIT_MS = 15_000;

/**
 * The active platform token of a keyed digest, read-your-writes: tokens are issued on the log (the
 * CLI) and the gateway's read model applies them a moment later, so a token used at once may not
 * be there yet (a loaded machine took seconds). On a miss, the log is asked for a
 * `PlatformTokenIssued` of this digest after the read model's checkpoint: if there is one, the
 * request waits for the read model to reach it (and any revocation read with it) and reads again;
 * if not, the token is unknown (one filtered log read, usually empty, is all an unknown token costs
 * beyond the read-model lookup). A read model that cannot catch up in time answers 503, not 401.
 */
@Injectable()
export class PlatformTokenLookup {
  constructor(
    @Inject(GATEWAY_READ_MODELS) private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The token of this digest if issued and not revoked in the read model; undefined otherwise. */
  async find(digest: string): Promise<VerifiedToken | undefined> {
    const row = await this.activeRow(digest);
    if (row) return row;
    const target = await this.pendingIssue(digest);
    if (target === undefined) return undefined;
    try {
      await this.readModels.waitFor(target, ISSUE_WAIT_MS);
    } catch (error) {
      this.logger.warn({ err: error, position: String(target) }, 'a platform token issued on the log is not in the read model yet');
      throw new DomainError('UNAVAILABLE', 'This platform token was issued moments ago and cannot be checked yet: retry shortly');
    }
    return this.activeRow(digest);
  }

  private async activeRow(digest: string): Promise<VerifiedToken | undefined> {
    const row = await this.readModels.dataSource.getRepository(PlatformTokenRow).findOneBy({ digest, revokedAt: IsNull() });
    return row ? { workspaceId: row.workspaceId, tokenId: row.id } : undefined;
  }

  /**
   * Where the read model must reach for this digest's token, if the log has its `PlatformTokenIssued`
   * after the read model's checkpoint: the last issue or revocation read, so a revocation appended
   * before this request is applied too. Undefined when the log has no such issue (an unknown token).
   */
  private async pendingIssue(digest: string): Promise<bigint | undefined> {
    const status = this.readModels.runner.status().find((s) => s.name === platformTokensProjection.name);
    let after = status?.position ?? undefined;
    let issued = false;
    for (;;) {
      const page = await this.eventStore.readAll({
        ...(after !== undefined ? { after } : {}),
        maxCount: PAGE,
        filter: { streamPrefixes: [STREAM_PREFIX.workspace], eventTypes: ['PlatformTokenIssued', 'PlatformTokenRevoked'] },
      });
      issued ||= page.some((event) => event.type === 'PlatformTokenIssued' && (event.data as { digest?: unknown }).digest === digest);
      after = page[page.length - 1]?.position ?? after;
      if (page.length < PAGE) return issued ? after : undefined;
    }
  }
}
