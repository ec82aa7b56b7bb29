import { DomainError, type WorkspaceEvent } from '@backforge/contracts';
import type { Decider } from '@backforge/deciders';

/**
 * A workspace (stream `workspace-{workspaceId}`) and the platform tokens issued for it. Tokens are
 * issued by the admin CLI (the spec keeps issuing out of the API); issuing a token for a workspace
 * that does not exist yet creates it in the same append.
 */
export interface WorkspaceState {
  exists: boolean;
  tokens: ReadonlyMap<string, { revoked: boolean }>;
}

export type WorkspaceCommand =
  | { type: 'CreateWorkspace'; workspaceId: string }
  | { type: 'IssuePlatformToken'; workspaceId: string; tokenId: string; name: string; prefix: string; digest: string }
  | { type: 'RevokePlatformToken'; tokenId: string };

export const workspaceDecider: Decider<WorkspaceState, WorkspaceCommand, WorkspaceEvent> = {
  initialState: () => ({ exists: false, tokens: new Map() }),

  evolve(state, event) {
    switch (event.type) {
      case 'WorkspaceCreated':
        return { ...state, exists: true };
      case 'PlatformTokenIssued':
        return { ...state, tokens: new Map(state.tokens).set(event.data.tokenId, { revoked: false }) };
      case 'PlatformTokenRevoked':
        return { ...state, tokens: new Map(state.tokens).set(event.data.tokenId, { revoked: true }) };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateWorkspace':
        return state.exists ? [] : [{ type: 'WorkspaceCreated', data: { workspaceId: command.workspaceId, name: command.workspaceId } }];
      case 'IssuePlatformToken': {
        if (state.tokens.has(command.tokenId)) throw new DomainError('CONFLICT', `token ${command.tokenId} already exists`);
        const { type: _type, workspaceId, ...token } = command;
        const created: WorkspaceEvent[] = state.exists ? [] : [{ type: 'WorkspaceCreated', data: { workspaceId, name: workspaceId } }];
        return [...created, { type: 'PlatformTokenIssued', data: token }];
      }
      case 'RevokePlatformToken': {
        const token = state.tokens.get(command.tokenId);
        if (!token) throw new DomainError('NOT_FOUND', `No token ${command.tokenId} in this workspace`);
        return token.revoked ? [] : [{ type: 'PlatformTokenRevoked', data: { tokenId: command.tokenId } }];
      }
    }
  },
};
