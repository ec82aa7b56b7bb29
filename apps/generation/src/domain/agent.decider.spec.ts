import { DomainError } from '@backforge/contracts';
import { deciderSpecification } from '@backforge/deciders';
import { agentDecider, slugCandidate, slugDecider } from './agent.decider.js';

describe('agent and slug deciders', () => {
  const slugs = deciderSpecification(slugDecider, expect);
  const agents = deciderSpecification(agentDecider, expect);
  const create = { type: 'CreateAgent' as const, agentId: 'a1', workspaceId: 'w', slug: 'todo', name: 'Todo', region: 'auto', jobId: 'j1' };

  it('a slug is held by its first agent for ever; the same agent may repeat', () => {
    slugs.given([]).when({ type: 'ReserveSlug', slug: 'todo', agentId: 'a1' }).then([{ type: 'SlugReserved', data: { slug: 'todo', agentId: 'a1' } }]);
    slugs.given([{ type: 'SlugReserved', data: { slug: 'todo', agentId: 'a1' } }]).when({ type: 'ReserveSlug', slug: 'todo', agentId: 'a1' }).thenNothing();
    slugs
      .given([{ type: 'SlugReserved', data: { slug: 'todo', agentId: 'a1' } }])
      .when({ type: 'ReserveSlug', slug: 'todo', agentId: 'a2' })
      .thenThrows((e) => e instanceof DomainError && e.code === 'CONFLICT');
  });

  it('an agent is created once', () => {
    const { type: _t, ...data } = create;
    agents.given([]).when(create).then([{ type: 'AgentCreated', data }]);
    agents.given([{ type: 'AgentCreated', data }]).when(create).thenThrows((e) => e instanceof DomainError && e.code === 'CONFLICT');
  });

  it('slugs are readable, ASCII and bounded', () => {
    expect(slugCandidate('My Library API!', 1)).toBe('my-library-api');
    expect(slugCandidate('Café  Orders', 2)).toBe('cafe-orders-2');
    expect(slugCandidate('!!!', 1)).toBe('backend');
    expect(slugCandidate('x'.repeat(80), 1)).toHaveLength(48);
    expect(slugCandidate('日本語', 3)).toBe('backend-3');
  });
});
