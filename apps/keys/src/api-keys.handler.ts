import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { digestSecret, generateAgentKey } from '@backforge/auth';
import {
  agentKeySlotsStream,
  KEYS_SUBJECTS,
  ROTATION_GRACE_SECONDS,
  type KeyEndedNotification,
  streamName,
  type CreateApiKeyMessage,
  type RecordApiKeyUseMessage,
  type CreatedApiKeyView,
  type RevokeApiKeyMessage,
  type RevokedApiKeyView,
  type RotateApiKeyMessage,
  type RotatedApiKeyView,
} from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { eventMetadata, MessagingClient } from '@backforge/messaging';
import type { ReadModels } from '@backforge/projections';
import { EVENT_STORE } from '@backforge/runtime';
import { AgentScope } from './agent-scope.js';
import { agentKeySlotsDecider, apiKeyDecider } from './domain/api-key.decider.js';
import { KeysSettings } from './keys-settings.js';
import { ApiKeyRow } from './keys.projection.js';
import { KEYS_READ_MODELS } from './keys.tokens.js';

/** `key_…`: a kind prefix and 96 random bits in hex, like every id the platform mints. */
function newKeyId(): string {
  return `key_${randomBytes(12).toString('hex')}`;
}

/** Lost races on the slot stream are decided again this many times (many keys created at once). */
const SLOT_RETRIES = 20;

/**
 * Create, revoke and rotate agent API keys. The raw key is generated here, digested (keyed
 * SHA-256) and returned once; only the digest and a label (prefix, last four) reach the log. The
 * slot stream `apikey-agent-{agentId}` is written first, so the cap holds under concurrency; a key
 * whose own stream cannot be written gives its slot back.
 */
@Injectable()
export class ApiKeysHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(KEYS_READ_MODELS) private readonly readModels: ReadModels,
    private readonly scope: AgentScope,
    private readonly settings: KeysSettings,
    /** Tells every invoke-router at once that a key ended; absent in tests of the handler alone. */
    @Optional() private readonly messaging?: MessagingClient,
  ) {}

  async create(message: CreateApiKeyMessage): Promise<CreatedApiKeyView> {
    const { workspaceId, agentId } = message;
    await this.scope.requireAgent(workspaceId, agentId);
    const keyId = newKeyId();
    const metadata = () => eventMetadata({ workspaceId });
    await handleCommand(this.events, agentKeySlotsStream(agentId), agentKeySlotsDecider, { type: 'TakeKeySlot', agentId, keyId, max: this.settings.maxActiveKeysPerAgent }, { metadata, maxRetries: SLOT_RETRIES });
    return this.issue(keyId, { workspaceId, agentId, name: message.name, lineage: keyId }, metadata);
  }

  async revoke(message: RevokeApiKeyMessage): Promise<RevokedApiKeyView> {
    const { workspaceId, agentId, keyId } = message;
    await this.scope.requireKey(workspaceId, agentId, keyId);
    const metadata = () => eventMetadata({ workspaceId });
    const revoked = await handleCommand(this.events, streamName('apikey', keyId), apiKeyDecider, { type: 'RevokeApiKey', keyId }, { metadata });
    this.announceEnd({ keyId, revoked: true });
    const released = await handleCommand(this.events, agentKeySlotsStream(agentId), agentKeySlotsDecider, { type: 'ReleaseKeySlot', agentId, keyId }, { metadata, maxRetries: SLOT_RETRIES });
    await this.readModels.waitFor(released.position ?? revoked.position);
    const row = await this.readModels.dataSource.getRepository(ApiKeyRow).findOneByOrFail({ id: keyId });
    return { id: keyId, status: 'revoked', revokedAt: (row.revokedAt ?? new Date()).toISOString() };
  }

  /**
   * The slot moves from the old key to the new one first (at the expected revision: of two
   * concurrent rotations of one key, one wins), then the new key is created with the old one's
   * lineage, then the old key is marked to stop at once or at the end of its grace period.
   */
  async rotate(message: RotateApiKeyMessage): Promise<RotatedApiKeyView> {
    const { workspaceId, agentId, keyId } = message;
    const old = await this.scope.requireKey(workspaceId, agentId, keyId);
    const metadata = () => eventMetadata({ workspaceId });
    const newId = newKeyId();
    await handleCommand(this.events, agentKeySlotsStream(agentId), agentKeySlotsDecider, { type: 'MoveKeySlot', agentId, from: keyId, to: newId }, { metadata, maxRetries: SLOT_RETRIES });
    const created = await this.issue(newId, { workspaceId, agentId, name: old.name, lineage: old.lineage }, metadata);
    const grace = message.gracePeriodSeconds ?? ROTATION_GRACE_SECONDS.default;
    const expiresAt = new Date(Date.now() + grace * 1000).toISOString();
    const rotated = await handleCommand(this.events, streamName('apikey', keyId), apiKeyDecider, { type: 'RotateApiKey', keyId, replacedBy: newId, expiresAt }, { metadata });
    this.announceEnd({ keyId, expiresAt });
    await this.readModels.waitFor(rotated.position);
    return { ...created, replaces: keyId, oldKeyExpiresAt: expiresAt };
  }

  /**
   * An invoke-router saw the key used. The decider keeps one `ApiKeyUsed` per key per minute; the
   * router does not wait for the read model (lastUsedAt is informative, not a guard).
   */
  async recordUse(message: RecordApiKeyUseMessage): Promise<void> {
    const [first] = await this.events.readStream(streamName('apikey', message.keyId), { maxCount: 1 });
    if (!first) return; // not a key (the router only reports keys it saw created; nothing to record)
    const { workspaceId } = first.metadata;
    await handleCommand(this.events, streamName('apikey', message.keyId), apiKeyDecider, { type: 'RecordApiKeyUse', keyId: message.keyId, usedAt: message.usedAt }, {
      metadata: () => eventMetadata({ workspaceId }),
    });
  }

  /**
   * After the event is in the log (the truth), a fan-out notification lets every router refuse the
   * key without waiting for its log subscription; a lost one only delays that.
   */
  private announceEnd(notification: KeyEndedNotification): void {
    this.messaging?.notify(KEYS_SUBJECTS.keyEnded, notification).catch(() => undefined);
  }

  /** A new key's own stream, its slot already held; the raw key leaves only in the answer. */
  private async issue(
    keyId: string,
    owner: { workspaceId: string; agentId: string; name: string; lineage: string },
    metadata: () => ReturnType<typeof eventMetadata>,
  ): Promise<CreatedApiKeyView> {
    const { key, prefix, lastFour } = generateAgentKey();
    const digest = digestSecret(key, this.settings.digestKey);
    let position: bigint | undefined;
    try {
      ({ position } = await handleCommand(this.events, streamName('apikey', keyId), apiKeyDecider, { type: 'CreateApiKey', keyId, ...owner, prefix, lastFour, digest }, { metadata }));
    } catch (error) {
      await handleCommand(this.events, agentKeySlotsStream(owner.agentId), agentKeySlotsDecider, { type: 'ReleaseKeySlot', agentId: owner.agentId, keyId }, { metadata, maxRetries: SLOT_RETRIES }).catch(() => undefined);
      throw error;
    }
    await this.readModels.waitFor(position);
    const row = await this.readModels.dataSource.getRepository(ApiKeyRow).findOneByOrFail({ id: keyId });
    return { id: keyId, name: row.name, key, prefix, createdAt: row.createdAt.toISOString() };
  }
}
