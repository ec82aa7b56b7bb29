import 'reflect-metadata';
import { Column, Entity, Index, PrimaryColumn, type EntityManager } from 'typeorm';
import { STREAM_PREFIX, type WorkspaceEvent } from '@backforge/contracts';
import type { RecordedEvent } from '@backforge/event-store';
import { defineProjection } from '@backforge/projections';

/** A platform token as the gateway checks it: by the keyed digest of the raw token, never the token. */
@Entity({ name: 'gateway_platform_tokens' })
export class PlatformTokenRow {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Index({ unique: true }) @Column({ type: 'text' }) digest!: string;
  @Column({ type: 'text', name: 'workspace_id' }) workspaceId!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) prefix!: string;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
}

export const platformTokensProjection = defineProjection({
  name: 'gateway.platform-tokens',
  version: 1,
  entities: [PlatformTokenRow],
  filter: { streamPrefixes: [STREAM_PREFIX.workspace] },
  async apply(recorded: RecordedEvent, tx: EntityManager): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as unknown as WorkspaceEvent;
    const at = new Date(recorded.metadata.occurredAt);
    const tokens = tx.getRepository(PlatformTokenRow);
    switch (event.type) {
      case 'WorkspaceCreated':
        return;
      case 'PlatformTokenIssued':
        await tokens.upsert(
          { id: event.data.tokenId, digest: event.data.digest, name: event.data.name, prefix: event.data.prefix, workspaceId: recorded.metadata.workspaceId, createdAt: at, revokedAt: null },
          ['id'],
        );
        return;
      case 'PlatformTokenRevoked':
        await tokens.update({ id: event.data.tokenId }, { revokedAt: at });
        return;
    }
  },
});
