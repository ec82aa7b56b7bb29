import { Inject, Injectable } from '@nestjs/common';
import { digestSecret, parseAgentKey, safeEqual } from '@backforge/auth';
import {
  decodeCursor,
  DomainError,
  encodeCursor,
  PAGE_LIMIT,
  type ApiKeyView,
  type ListApiKeysMessage,
  type Page,
  type VerifiedApiKey,
  type VerifyApiKeyMessage,
} from '@backforge/contracts';
import type { ReadModels } from '@backforge/projections';
import { AgentScope } from './agent-scope.js';
import { apiKeyStatus, apiKeyView } from './api-key-views.js';
import { KeysSettings } from './keys-settings.js';
import { ApiKeyRow } from './keys.projection.js';
import { KEYS_READ_MODELS } from './keys.tokens.js';

const POSITION = /^\d{1,20}$/;
/** One answer for every refusal: the caller learns nothing about why. */
const REFUSED = 'The API key is not valid';

/** Reads of API keys: the agent's list (workspace-scoped) and the verification of a presented key. */
@Injectable()
export class ApiKeyQueriesHandler {
  constructor(
    @Inject(KEYS_READ_MODELS) private readonly readModels: ReadModels,
    private readonly scope: AgentScope,
    private readonly settings: KeysSettings,
  ) {}

  /** Newest first; the cursor is the creation position of the last key of the previous page. */
  async list(message: ListApiKeysMessage): Promise<Page<ApiKeyView>> {
    await this.scope.requireAgent(message.workspaceId, message.agentId);
    const limit = message.limit ?? PAGE_LIMIT.default;
    let before: string | undefined;
    if (message.cursor !== undefined) {
      before = decodeCursor(message.cursor, POSITION);
      if (before === undefined) throw new DomainError('VALIDATION_FAILED', 'The cursor is not valid', [{ field: 'cursor', problems: ['not a cursor of this list'] }]);
    }
    const query = this.readModels.dataSource
      .getRepository(ApiKeyRow)
      .createQueryBuilder('k')
      .where('k.agent_id = :agent AND k.workspace_id = :ws', { agent: message.agentId, ws: message.workspaceId })
      .orderBy('k.created_position', 'DESC')
      .limit(limit + 1);
    if (before !== undefined) query.andWhere('k.created_position < :before', { before });
    const rows = await query.getMany();
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const now = new Date();
    return { items: page.map((row) => apiKeyView(row, now)), nextCursor: rows.length > limit && last ? encodeCursor(last.createdPosition) : null };
  }

  /** Format and checksum (no I/O), then the keyed digest looked up; revoked and expired keys are refused. */
  async verify(message: VerifyApiKeyMessage): Promise<VerifiedApiKey> {
    const parsed = parseAgentKey(message.key);
    if (!parsed.ok) throw new DomainError('UNAUTHENTICATED', REFUSED);
    const digest = digestSecret(parsed.value, this.settings.digestKey);
    const row = await this.readModels.dataSource.getRepository(ApiKeyRow).findOneBy({ digest });
    if (!row || !safeEqual(row.digest, digest) || apiKeyStatus(row, new Date()) !== 'active') throw new DomainError('UNAUTHENTICATED', REFUSED);
    return { keyId: row.id, agentId: row.agentId, lineage: row.lineage };
  }
}
