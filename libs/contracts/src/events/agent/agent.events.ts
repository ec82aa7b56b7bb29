import type { DomainEvent } from '../event.js';

/** Stream `agent-{agentId}`: the agent (a generated backend) itself. */
export type AgentCreated = DomainEvent<
  'AgentCreated',
  { agentId: string; workspaceId: string; slug: string; name: string; region: string; jobId: string }
>;

export type AgentEvent = AgentCreated;

/**
 * Stream `slug-{slug}`: a slug is held by the first agent that reserves it, for ever (slugs are never
 * reused, so an old invoke URL can never reach another backend).
 */
export type SlugReserved = DomainEvent<'SlugReserved', { slug: string; agentId: string }>;

export const AGENT_EVENT_TYPES = ['AgentCreated'] as const satisfies readonly AgentEvent['type'][];
