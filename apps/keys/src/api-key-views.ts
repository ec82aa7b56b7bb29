import type { ApiKeyView } from '@backforge/contracts';
import type { ApiKeyRow } from './keys.projection.js';

/** `revoked`, `expired` (rotated and past its grace period) or `active`, as of `now`. */
export function apiKeyStatus(row: ApiKeyRow, now: Date): 'active' | 'revoked' | 'expired' {
  if (row.status === 'revoked') return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** A key as lists show it: label only, never the digest (let alone the raw key). */
export function apiKeyView(row: ApiKeyRow, now: Date): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    lastFour: row.lastFour,
    status: apiKeyStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    ...(row.revokedAt ? { revokedAt: row.revokedAt.toISOString() } : {}),
    ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
    ...(row.lastUsedAt ? { lastUsedAt: row.lastUsedAt.toISOString() } : {}),
  };
}
