import 'reflect-metadata';
import { Column, Entity, Index, PrimaryColumn, type EntityManager } from 'typeorm';
import { STREAM_PREFIX, type AgentEvent, type ApiKeyEvent } from '@backforge/contracts';
import type { RecordedEvent } from '@backforge/event-store';
import { defineProjection } from '@backforge/projections';

/** The keys service's own view of agents (table `keys_agents`): enough to scope keys to a workspace. */
@Entity({ name: 'keys_agents' })
export class KeysAgentRow {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
  @Column({ type: 'text' }) slug!: string;
}

/**
 * An agent API key (table `keys_api_keys`), looked up by the keyed digest of the raw key (which is
 * never stored). Read by the list route and by `backforge.keys.verify`; the invoke-router may keep
 * its own copy from the same events.
 */
@Entity({ name: 'keys_api_keys' })
@Index(['agentId', 'createdPosition'])
export class ApiKeyRow {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Index({ unique: true }) @Column({ type: 'text' }) digest!: string;
  @Column({ type: 'text', name: 'agent_id' }) agentId!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
  @Index() @Column({ type: 'text' }) lineage!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) prefix!: string;
  @Column({ type: 'text', name: 'last_four' }) lastFour!: string;
  /** `active` or `revoked`; a rotated key stays `active` until `expires_at`. */
  @Column({ type: 'text' }) status!: string;
  @Column({ type: 'text', name: 'replaced_by', nullable: true }) replacedBy!: string | null;
  /** Global position of ApiKeyCreated: "newest first" and the paging cursor. */
  @Column({ type: 'bigint', name: 'created_position' }) createdPosition!: string;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'expires_at', nullable: true }) expiresAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'last_used_at', nullable: true }) lastUsedAt!: Date | null;
}

type Handled = AgentEvent | ApiKeyEvent;

/**
 * Agents (from `agent-*`) and their API keys (from `apikey-*`; the slot streams `apikey-agent-*`
 * carry other event types and are passed over). Every value comes from the events: a rebuild
 * equals the live model.
 */
export const keysProjection = defineProjection({
  name: 'keys.agents-and-api-keys',
  version: 1,
  entities: [KeysAgentRow, ApiKeyRow],
  filter: { streamPrefixes: [STREAM_PREFIX.agent, STREAM_PREFIX.apikey] },
  async apply(recorded: RecordedEvent, tx: EntityManager): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as unknown as Handled;
    const at = new Date(recorded.metadata.occurredAt);
    const keys = tx.getRepository(ApiKeyRow);
    switch (event.type) {
      case 'AgentCreated':
        await tx.getRepository(KeysAgentRow).upsert({ id: event.data.agentId, workspaceId: event.data.workspaceId, slug: event.data.slug }, ['id']);
        return;
      case 'ApiKeyCreated': {
        const d = event.data;
        await keys.upsert(
          {
            id: d.keyId,
            digest: d.digest,
            agentId: d.agentId,
            workspaceId: d.workspaceId,
            lineage: d.lineage,
            name: d.name,
            prefix: d.prefix,
            lastFour: d.lastFour,
            status: 'active',
            replacedBy: null,
            createdPosition: recorded.position.toString(),
            createdAt: at,
            revokedAt: null,
            expiresAt: null,
            lastUsedAt: null,
          },
          ['id'],
        );
        return;
      }
      case 'ApiKeyRevoked':
        await keys.update({ id: event.data.keyId }, { status: 'revoked', revokedAt: at });
        return;
      case 'ApiKeyRotated':
        await keys.update({ id: event.data.keyId }, { replacedBy: event.data.replacedBy, expiresAt: new Date(event.data.expiresAt) });
        return;
      case 'ApiKeyUsed':
        await keys.update({ id: event.data.keyId }, { lastUsedAt: new Date(event.data.usedAt) });
        return;
    }
  },
});
