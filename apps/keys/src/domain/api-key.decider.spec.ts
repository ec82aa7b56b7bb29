import { DomainError, type ApiKeyCreated } from '@backforge/contracts';
import { deciderSpecification } from '@backforge/deciders';
import { agentKeySlotsDecider, apiKeyDecider } from './api-key.decider.js';

const created: ApiKeyCreated = {
  type: 'ApiKeyCreated',
  data: { keyId: 'key_1', agentId: 'agt_1', workspaceId: 'w', name: 'ci', prefix: 'bfk_abcdefgh', lastFour: 'wxyz', digest: 'd'.repeat(64), lineage: 'key_1' },
};
const codeIs = (code: string) => (e: unknown) => e instanceof DomainError && e.code === code;

describe('API key decider', () => {
  const keys = deciderSpecification(apiKeyDecider, expect);
  const rotate = { type: 'RotateApiKey' as const, keyId: 'key_1', replacedBy: 'key_2', expiresAt: '2026-01-01T00:00:00.000Z' };
  const rotated = { type: 'ApiKeyRotated' as const, data: { keyId: 'key_1', replacedBy: 'key_2', expiresAt: '2026-01-01T00:00:00.000Z' } };
  const revoked = { type: 'ApiKeyRevoked' as const, data: { keyId: 'key_1' } };

  it('a key is created once', () => {
    keys.given([]).when({ type: 'CreateApiKey', ...created.data }).then([created]);
    keys.given([created]).when({ type: 'CreateApiKey', ...created.data }).thenThrows(codeIs('CONFLICT'));
  });

  it('revocation is idempotent; an unknown key is not found', () => {
    keys.given([created]).when({ type: 'RevokeApiKey', keyId: 'key_1' }).then([revoked]);
    keys.given([created, revoked]).when({ type: 'RevokeApiKey', keyId: 'key_1' }).thenNothing();
    keys.given([]).when({ type: 'RevokeApiKey', keyId: 'key_1' }).thenThrows(codeIs('NOT_FOUND'));
  });

  it('a key rotates once; a retry to the same new key is a no-op; a revoked key does not rotate', () => {
    keys.given([created]).when(rotate).then([rotated]);
    keys.given([created, rotated]).when(rotate).thenNothing();
    keys.given([created, rotated]).when({ ...rotate, replacedBy: 'key_3' }).thenThrows(codeIs('CONFLICT'));
    keys.given([created, revoked]).when(rotate).thenThrows(codeIs('CONFLICT'));
    keys.given([]).when(rotate).thenThrows(codeIs('NOT_FOUND'));
  });

  it('usage is recorded at most once a minute per key, never back in time; an unknown key is not found', () => {
    const use = (usedAt: string) => ({ type: 'RecordApiKeyUse' as const, keyId: 'key_1', usedAt });
    const used = (usedAt: string) => ({ type: 'ApiKeyUsed' as const, data: { keyId: 'key_1', usedAt } });
    keys.given([created]).when(use('2026-01-01T00:00:00.000Z')).then([used('2026-01-01T00:00:00.000Z')]);
    keys.given([created, used('2026-01-01T00:00:00.000Z')]).when(use('2026-01-01T00:00:59.999Z')).thenNothing();
    keys.given([created, used('2026-01-01T00:00:00.000Z')]).when(use('2026-01-01T00:01:00.000Z')).then([used('2026-01-01T00:01:00.000Z')]);
    keys.given([created, used('2026-01-01T00:05:00.000Z')]).when(use('2026-01-01T00:01:00.000Z')).thenNothing();
    keys.given([]).when(use('2026-01-01T00:00:00.000Z')).thenThrows(codeIs('NOT_FOUND'));
  });

  it('a rotated key (in its grace period) can still be revoked at once', () => {
    keys.given([created, rotated]).when({ type: 'RevokeApiKey', keyId: 'key_1' }).then([revoked]);
  });
});

describe('agent key slots decider', () => {
  const slots = deciderSpecification(agentKeySlotsDecider, expect);
  const taken = (keyId: string, replaces?: string) => ({ type: 'AgentKeySlotTaken' as const, data: { agentId: 'agt_1', keyId, ...(replaces ? { replaces } : {}) } });
  const released = (keyId: string) => ({ type: 'AgentKeySlotReleased' as const, data: { agentId: 'agt_1', keyId } });
  const take = (keyId: string, max = 2) => ({ type: 'TakeKeySlot' as const, agentId: 'agt_1', keyId, max });

  it('takes slots up to the cap, then refuses with KEY_LIMIT_REACHED', () => {
    slots.given([]).when(take('key_1')).then([taken('key_1')]);
    slots.given([taken('key_1')]).when(take('key_2')).then([taken('key_2')]);
    slots.given([taken('key_1'), taken('key_2')]).when(take('key_3')).thenThrows(codeIs('KEY_LIMIT_REACHED'));
    slots.given([taken('key_1')]).when(take('key_1')).thenNothing();
  });

  it('a released slot is free again; releasing twice is a no-op', () => {
    slots.given([taken('key_1'), taken('key_2'), released('key_1')]).when(take('key_3')).then([taken('key_3')]);
    slots.given([taken('key_1'), released('key_1')]).when({ type: 'ReleaseKeySlot', agentId: 'agt_1', keyId: 'key_1' }).thenNothing();
  });

  it('a rotation moves the slot, even at the cap, and only from an active key', () => {
    const move = { type: 'MoveKeySlot' as const, agentId: 'agt_1', from: 'key_1', to: 'key_3' };
    slots.given([taken('key_1'), taken('key_2')]).when(move).then([taken('key_3', 'key_1')]);
    slots.given([taken('key_1'), taken('key_2'), taken('key_3', 'key_1')]).when(move).thenNothing();
    slots.given([taken('key_1'), taken('key_2'), taken('key_3', 'key_1')]).when(take('key_4')).thenThrows(codeIs('KEY_LIMIT_REACHED'));
    slots.given([taken('key_1'), released('key_1')]).when(move).thenThrows(codeIs('CONFLICT'));
  });
});
