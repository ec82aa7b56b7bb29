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
/** How long a miss waits before its second scan: past the PostgreSQL store's read settle time (1 s). */
const RESCAN_AFTER_MS = 1_500;
/** A scan this slow waited out the store's settle time and may have returned only a prefix of the log. */
const MAYBE_CUT_AFTER_MS = 800;
/** How long a request for a token issued moments ago waits for the read model to apply it. */
const ISSUE_WAIT_MS = 15_000;

/** The token events after the read model's checkpoint, as one scan of the log read them. */
interface PendingTokens {
  /** Keyed digests of the tokens issued there. */
  issued: Set<string>;
  /** The last issue or revocation read: where the read model must reach to show them all. */
  last: bigint | undefined;
}

/**
 * The active platform token of a keyed digest, read-your-writes: tokens are issued on the log (the
 * CLI) and the gateway's read model applies them a moment later, so a token used at once may not
 * be there yet (a loaded machine took seconds). On a miss, the log after the read model's
 * checkpoint is read for token events: if this digest's `PlatformTokenIssued` is there, the request
 * waits for the read model to reach the last token event read (revocations included) and reads
 * again; if not, the token is unknown. A read model that cannot catch up in time answers 503.
 * Misses share scans: one runs at a time, and the misses that arrive meanwhile share the next one
 * (it starts after them, so it sees what was issued before they came), so a flood of unknown tokens
 * costs the log one scan at a time. A scan reads from the checkpoint of the read model, i.e. past
 * the last token event it applied: on a long log with rare token events that is a long stretch.
 */
@Injectable()
export class PlatformTokenLookup {
  private queued: Promise<PendingTokens> | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(GATEWAY_READ_MODELS) private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The token of this digest if issued and not revoked in the read model; undefined otherwise. */
  async find(digest: string): Promise<VerifiedToken | undefined> {
    const row = await this.activeRow(digest);
    if (row) return row;
    const started = Date.now();
    let pending = await this.nextScan();
    // A scan that took the store's settle time may have stopped before a transaction still in
    // flight elsewhere, and so before this token's revocation: read once more before trusting it.
    const maybeCut = Date.now() - started >= MAYBE_CUT_AFTER_MS;
    if (!pending.issued.has(digest) || maybeCut) {
      // A log read holds back events above a transaction still in flight (the PostgreSQL store
      // settles for about a second, then returns the prefix before it), so a token issued a moment
      // ago can be missing from one scan; one more scan after that settle time sees it. An unknown
      // token pays this wait before its 401, which also slows guessing.
      await new Promise((resolve) => setTimeout(resolve, RESCAN_AFTER_MS));
      pending = await this.nextScan();
    }
    // A scan starts at the read model's checkpoint: if the read model applied the issue between the
    // first read and the scans, they start past it, and only the read model can tell.
    if (!pending.issued.has(digest) || pending.last === undefined) return this.activeRow(digest);
    try {
      await this.readModels.waitFor(pending.last, ISSUE_WAIT_MS);
    } catch (error) {
      this.logger.warn({ err: error, position: String(pending.last) }, 'a platform token issued on the log is not in the read model yet');
      throw new DomainError('UNAVAILABLE', 'This platform token was issued moments ago and cannot be checked yet: retry shortly');
    }
    return this.activeRow(digest);
  }

  private async activeRow(digest: string): Promise<VerifiedToken | undefined> {
    const row = await this.readModels.dataSource.getRepository(PlatformTokenRow).findOneBy({ digest, revokedAt: IsNull() });
    return row ? { workspaceId: row.workspaceId, tokenId: row.id } : undefined;
  }

  /** A scan that starts after this call (one already running may have missed a token issued since), shared by the calls that wait for it. */
  private nextScan(): Promise<PendingTokens> {
    this.queued ??= (async () => {
      await this.running;
      this.queued = undefined;
      const scan = this.scan();
      this.running = scan.catch(() => undefined);
      return scan;
    })();
    return this.queued;
  }

  private async scan(): Promise<PendingTokens> {
    const status = this.readModels.runner.status().find((s) => s.name === platformTokensProjection.name);
    const pending: PendingTokens = { issued: new Set(), last: status?.position ?? undefined };
    for (;;) {
      const page = await this.eventStore.readAll({
        ...(pending.last !== undefined ? { after: pending.last } : {}),
        maxCount: PAGE,
        filter: { streamPrefixes: [STREAM_PREFIX.workspace], eventTypes: ['PlatformTokenIssued', 'PlatformTokenRevoked'] },
      });
      for (const event of page) {
        const digest = (event.data as { digest?: unknown }).digest;
        if (event.type === 'PlatformTokenIssued' && typeof digest === 'string') pending.issued.add(digest);
        pending.last = event.position;
      }
      if (page.length < PAGE) return pending;
    }
  }
}
