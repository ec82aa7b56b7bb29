import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { STREAM_PREFIX } from '@backforge/contracts';
import type { EventStore } from '@backforge/event-store';
import { EVENT_STORE, LOGGER, LogFollower, type Logger } from '@backforge/runtime';

/** Who a verified platform token speaks for. */
export interface VerifiedToken {
  workspaceId: string;
  tokenId: string;
}

export interface VerifiedTokenCacheOptions {
  /** Bound on how long an entry is trusted without a fresh lookup (a safety net; revocations evict at once). */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * Platform tokens already found active, by keyed digest, so that a request does not cost a
 * PostgreSQL lookup (docs/decisions.md, "Verified-token cache"). Coherent with revocations:
 * `revoke(tokenId)` (from the log, in every gateway process) evicts the token and remembers it, so
 * a lookup still in flight, or a read model that has not applied the revocation yet, cannot put it
 * back. While the revocation feed is down the cache holds nothing (`suspend`). Unknown tokens are
 * never cached: each costs a lookup, as before.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, { token: VerifiedToken; expiresAt: number }>();
  private readonly revokedIds = new Set<string>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Bumped by every revocation and suspension: a lookup that overlapped one is not cached. */
  private epoch = 0;
  private live = false;

  constructor(options: VerifiedTokenCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** The token of this digest, from the cache or from `lookup` (the read model); undefined when unknown or revoked. */
  async verify(digest: string, lookup: () => Promise<VerifiedToken | undefined>): Promise<VerifiedToken | undefined> {
    const hit = this.peek(digest);
    if (hit) return hit;
    const epoch = this.epoch;
    const found = await lookup();
    if (!found || this.revokedIds.has(found.tokenId)) return undefined;
    if (this.live && epoch === this.epoch) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(digest, { token: found, expiresAt: this.now() + this.ttlMs });
    }
    return found;
  }

  /** The token of this digest if the cache holds it (unexpired), without a lookup; synchronous. */
  peek(digest: string): VerifiedToken | undefined {
    const hit = this.entries.get(digest);
    if (hit === undefined) return undefined;
    if (hit.expiresAt > this.now()) return hit.token;
    this.entries.delete(digest);
    return undefined;
  }

  /** The token is refused from now on, whatever the read model says. */
  revoke(tokenId: string): void {
    this.epoch += 1;
    this.revokedIds.add(tokenId);
    for (const [digest, entry] of this.entries) if (entry.token.tokenId === tokenId) this.entries.delete(digest);
  }

  /** Revocations are heard: lookups may be cached. */
  resume(): void {
    this.live = true;
  }

  /** Revocations may be missed: forget everything and cache nothing until `resume`. */
  suspend(): void {
    this.live = false;
    this.epoch += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The gateway's cache of verified tokens, fed by the log: every gateway process follows the
 * workspace streams from the end and evicts a token as soon as its `PlatformTokenRevoked` is
 * appended (before the read model applies it). While the subscription is down the cache is off.
 */
@Injectable()
export class PlatformTokenCache extends VerifiedTokenCache implements OnModuleInit, OnApplicationShutdown {
  private follower: LogFollower | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  onModuleInit(): void {
    this.follower = new LogFollower({
      eventStore: this.eventStore,
      filter: { streamPrefixes: [STREAM_PREFIX.workspace], eventTypes: ['PlatformTokenRevoked'] },
      from: () => 'end',
      onEvent: (event) => {
        const tokenId = (event.data as { tokenId?: unknown }).tokenId;
        if (typeof tokenId === 'string') this.revoke(tokenId);
      },
      onUp: () => this.resume(),
      onDown: () => this.suspend(),
      logger: this.logger,
      purpose: 'verified-token cache',
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.suspend();
    await this.follower?.close();
  }
}
