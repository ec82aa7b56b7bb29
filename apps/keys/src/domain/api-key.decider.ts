import { DomainError, KEY_USAGE_RESOLUTION_MS, type AgentKeySlotEvent, type ApiKeyCreated, type ApiKeyEvent } from '@backforge/contracts';
import type { Decider } from '@backforge/deciders';

/** Stream `apikey-{keyId}`: a key is created once, then may be rotated (once) and revoked (for good). */
export interface ApiKeyState {
  exists: boolean;
  revoked: boolean;
  /** The key that replaced this one, once rotated. */
  rotatedTo: string | undefined;
  /** Epoch ms of the last recorded use (0: never). */
  lastUsedAt: number;
}

export type ApiKeyCommand =
  | ({ type: 'CreateApiKey' } & ApiKeyCreated['data'])
  | { type: 'RevokeApiKey'; keyId: string }
  | { type: 'RotateApiKey'; keyId: string; replacedBy: string; expiresAt: string }
  | { type: 'RecordApiKeyUse'; keyId: string; usedAt: string };

export const apiKeyDecider: Decider<ApiKeyState, ApiKeyCommand, ApiKeyEvent> = {
  initialState: () => ({ exists: false, revoked: false, rotatedTo: undefined, lastUsedAt: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ApiKeyCreated':
        return { ...state, exists: true };
      case 'ApiKeyRevoked':
        return { ...state, revoked: true };
      case 'ApiKeyRotated':
        return { ...state, rotatedTo: event.data.replacedBy };
      case 'ApiKeyUsed':
        return { ...state, lastUsedAt: Math.max(state.lastUsedAt, Date.parse(event.data.usedAt)) };
    }
  },
  decide(command, state) {
    if (command.type === 'CreateApiKey') {
      if (state.exists) throw new DomainError('CONFLICT', `API key ${command.keyId} already exists`);
      const { type: _type, ...data } = command;
      return [{ type: 'ApiKeyCreated', data }];
    }
    if (!state.exists) throw new DomainError('NOT_FOUND', `No API key ${command.keyId}`);
    if (command.type === 'RecordApiKeyUse') {
      // Usage is a coarse fact: one event per key per KEY_USAGE_RESOLUTION_MS at most, however many
      // routers report it, and never one going back in time.
      const at = Date.parse(command.usedAt);
      if (!Number.isFinite(at) || at < state.lastUsedAt + KEY_USAGE_RESOLUTION_MS) return [];
      return [{ type: 'ApiKeyUsed', data: { keyId: command.keyId, usedAt: new Date(at).toISOString() } }];
    }
    if (command.type === 'RevokeApiKey') return state.revoked ? [] : [{ type: 'ApiKeyRevoked', data: { keyId: command.keyId } }];
    // A retried rotation to the same new key is a no-op; any other second rotation is refused.
    if (state.rotatedTo === command.replacedBy) return [];
    if (state.revoked) throw new DomainError('CONFLICT', `API key ${command.keyId} is revoked and cannot be rotated`, { reason: 'KEY_REVOKED' });
    if (state.rotatedTo !== undefined) throw new DomainError('CONFLICT', `API key ${command.keyId} was already rotated`, { reason: 'KEY_ROTATED' });
    return [{ type: 'ApiKeyRotated', data: { keyId: command.keyId, replacedBy: command.replacedBy, expiresAt: command.expiresAt } }];
  },
};

/**
 * Stream `apikey-agent-{agentId}`: the agent's active key ids. The cap is decided here and nowhere
 * else, and the append is at the expected revision, so two concurrent creations cannot both take
 * the last slot. A rotation moves the slot (it never needs a free one); a revocation frees it.
 */
export interface AgentKeySlotsState {
  active: readonly string[];
}

export type AgentKeySlotCommand =
  | { type: 'TakeKeySlot'; agentId: string; keyId: string; max: number }
  | { type: 'MoveKeySlot'; agentId: string; from: string; to: string }
  | { type: 'ReleaseKeySlot'; agentId: string; keyId: string };

export const agentKeySlotsDecider: Decider<AgentKeySlotsState, AgentKeySlotCommand, AgentKeySlotEvent> = {
  initialState: () => ({ active: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'AgentKeySlotTaken': {
        const { keyId, replaces } = event.data;
        return { active: [...state.active.filter((id) => id !== replaces && id !== keyId), keyId] };
      }
      case 'AgentKeySlotReleased':
        return { active: state.active.filter((id) => id !== event.data.keyId) };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'TakeKeySlot':
        if (state.active.includes(command.keyId)) return [];
        if (state.active.length >= command.max) {
          throw new DomainError('KEY_LIMIT_REACHED', `The agent already has ${state.active.length} active API keys (at most ${command.max}); revoke one first`, {
            limit: command.max,
          });
        }
        return [{ type: 'AgentKeySlotTaken', data: { agentId: command.agentId, keyId: command.keyId } }];
      case 'MoveKeySlot':
        if (state.active.includes(command.to) && !state.active.includes(command.from)) return [];
        if (!state.active.includes(command.from)) throw new DomainError('CONFLICT', `API key ${command.from} is no longer active`, { reason: 'KEY_NOT_ACTIVE' });
        return [{ type: 'AgentKeySlotTaken', data: { agentId: command.agentId, keyId: command.to, replaces: command.from } }];
      case 'ReleaseKeySlot':
        return state.active.includes(command.keyId) ? [{ type: 'AgentKeySlotReleased', data: { agentId: command.agentId, keyId: command.keyId } }] : [];
    }
  },
};
