import { DomainError, type AgentEvent, type SlugReserved } from '@backforge/contracts';
import type { Decider } from '@backforge/deciders';

/** Stream `agent-{agentId}`: an agent is created once, with the job that generates it. */
export interface AgentState {
  exists: boolean;
}

export type AgentCommand = { type: 'CreateAgent'; agentId: string; workspaceId: string; slug: string; name: string; region: string; jobId: string };

export const agentDecider: Decider<AgentState, AgentCommand, AgentEvent> = {
  initialState: () => ({ exists: false }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'AgentCreated':
        return { exists: true };
    }
  },
  decide(command, state) {
    if (state.exists) throw new DomainError('CONFLICT', `agent ${command.agentId} already exists`);
    const { type: _type, ...data } = command;
    return [{ type: 'AgentCreated', data }];
  },
};

/**
 * Stream `slug-{slug}`: the first agent to reserve a slug holds it for ever, so an invoke URL never
 * reaches another backend. A repeat by the same agent is a no-op (a retried request).
 */
export interface SlugState {
  heldBy: string | undefined;
}

export type SlugCommand = { type: 'ReserveSlug'; slug: string; agentId: string };

export const slugDecider: Decider<SlugState, SlugCommand, SlugReserved> = {
  initialState: () => ({ heldBy: undefined }),
  evolve: (_state, event) => ({ heldBy: event.data.agentId }),
  decide(command, state) {
    if (state.heldBy === command.agentId) return [];
    if (state.heldBy !== undefined) throw new DomainError('CONFLICT', `slug '${command.slug}' is taken`, { reason: 'SLUG_TAKEN' });
    return [{ type: 'SlugReserved', data: { slug: command.slug, agentId: command.agentId } }];
  },
};

/**
 * A readable slug from a name: lower-case ASCII letters, digits and single hyphens, 1-48 characters
 * ("My Library API!" -> "my-library-api"); `n` > 1 appends `-n` for the n-th agent with that name.
 */
export function slugCandidate(name: string, n: number): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48)
      .replace(/-+$/g, '') || 'backend';
  return n <= 1 ? base : `${base}-${n}`;
}
