import type { DomainEvent } from '../event.js';

/** Stream `workspace-{workspaceId}`: the workspace and the platform tokens issued for it. */

export type WorkspaceCreated = DomainEvent<'WorkspaceCreated', { workspaceId: string; name: string }>;

/** A platform token was issued. Only its keyed digest is kept; the raw token was shown once. */
export type PlatformTokenIssued = DomainEvent<
  'PlatformTokenIssued',
  { tokenId: string; name: string; prefix: string; digest: string }
>;

export type PlatformTokenRevoked = DomainEvent<'PlatformTokenRevoked', { tokenId: string }>;

export type WorkspaceEvent = WorkspaceCreated | PlatformTokenIssued | PlatformTokenRevoked;

export const WORKSPACE_EVENT_TYPES = ['WorkspaceCreated', 'PlatformTokenIssued', 'PlatformTokenRevoked'] as const satisfies readonly WorkspaceEvent['type'][];
