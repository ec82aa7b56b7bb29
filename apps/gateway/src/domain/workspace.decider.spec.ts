import { DomainError } from '@backforge/contracts';
import { deciderSpecification } from '@backforge/deciders';
import { workspaceDecider } from './workspace.decider.js';

const spec = deciderSpecification(workspaceDecider, expect);
const issue = { type: 'IssuePlatformToken' as const, workspaceId: 'acme', tokenId: 'tok_1', name: 'ci', prefix: 'bfp_abcdefgh', digest: 'd1' };
const created = { type: 'WorkspaceCreated' as const, data: { workspaceId: 'acme', name: 'acme' } };
const issued = { type: 'PlatformTokenIssued' as const, data: { tokenId: 'tok_1', name: 'ci', prefix: 'bfp_abcdefgh', digest: 'd1' } };

describe('workspace decider', () => {
  it('creating a workspace twice is one creation', () => {
    spec.given([]).when({ type: 'CreateWorkspace', workspaceId: 'acme' }).then([created]);
    spec.given([created]).when({ type: 'CreateWorkspace', workspaceId: 'acme' }).thenNothing();
  });

  it('issuing a token for a new workspace creates it in the same append', () => {
    spec.given([]).when(issue).then([created, issued]);
    spec.given([created]).when(issue).then([issued]);
  });

  it('a token id is issued once', () => {
    spec.given([created, issued]).when(issue).thenThrows((e) => e instanceof DomainError && e.code === 'CONFLICT');
  });

  it('revoking is idempotent; an unknown token is NOT_FOUND', () => {
    spec.given([created, issued]).when({ type: 'RevokePlatformToken', tokenId: 'tok_1' }).then([{ type: 'PlatformTokenRevoked', data: { tokenId: 'tok_1' } }]);
    spec.given([created, issued, { type: 'PlatformTokenRevoked', data: { tokenId: 'tok_1' } }]).when({ type: 'RevokePlatformToken', tokenId: 'tok_1' }).thenNothing();
    spec.given([created]).when({ type: 'RevokePlatformToken', tokenId: 'tok_x' }).thenThrows((e) => e instanceof DomainError && e.code === 'NOT_FOUND');
  });
});
