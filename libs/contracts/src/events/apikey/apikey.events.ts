import type { DomainEvent } from '../event.js';
import { streamName } from '../streams.js';

/**
 * Stream `apikey-{keyId}`: one agent API key. `digest` is the keyed SHA-256 (HMAC under
 * AUTH_DIGEST_KEY) of the raw key, never the key itself; `lineage` is shared by a key and every key
 * that rotated from it, so per-key rate limits and usage carry over a rotation.
 */
export type ApiKeyCreated = DomainEvent<
  'ApiKeyCreated',
  { keyId: string; agentId: string; workspaceId: string; name: string; prefix: string; lastFour: string; digest: string; lineage: string }
>;
export type ApiKeyRevoked = DomainEvent<'ApiKeyRevoked', { keyId: string }>;
/** The old key's stream: replaced by `replacedBy`, refused from `expiresAt` (ISO-8601; now when no grace period). */
export type ApiKeyRotated = DomainEvent<'ApiKeyRotated', { keyId: string; replacedBy: string; expiresAt: string }>;

/**
 * The key was used to invoke its agent (reported by the invoke-routers); appended at most once a
 * minute per key, so usage never costs an event per request. `usedAt` is ISO-8601.
 */
export type ApiKeyUsed = DomainEvent<'ApiKeyUsed', { keyId: string; usedAt: string }>;

export type ApiKeyEvent = ApiKeyCreated | ApiKeyRevoked | ApiKeyRotated | ApiKeyUsed;

export const API_KEY_EVENT_TYPES = ['ApiKeyCreated', 'ApiKeyRevoked', 'ApiKeyRotated', 'ApiKeyUsed'] as const satisfies readonly ApiKeyEvent['type'][];

/**
 * Stream `apikey-agent-{agentId}`: the ids of an agent's active keys, the one place the per-agent cap
 * is decided (appended at the expected revision, so concurrent creations cannot both take the last
 * slot). A rotation moves the slot from the old key to the new one in one event.
 */
export type AgentKeySlotTaken = DomainEvent<'AgentKeySlotTaken', { agentId: string; keyId: string; replaces?: string }>;
export type AgentKeySlotReleased = DomainEvent<'AgentKeySlotReleased', { agentId: string; keyId: string }>;

export type AgentKeySlotEvent = AgentKeySlotTaken | AgentKeySlotReleased;

/** Key ids are `key_…`, so `apikey-agent-…` never names a key's own stream. */
export function agentKeySlotsStream(agentId: string): string {
  return streamName('apikey', `agent-${agentId}`);
}
