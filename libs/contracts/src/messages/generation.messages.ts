import { IsIn, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { STREAM_PREFIX } from '../events/streams.js';
import { subjectOf } from '../messaging/subjects.js';
import { PageQuery } from './paging.js';
import { WorkspaceScoped, WORKSPACE_ID_PATTERN } from './workspace-scoped.js';

/** Regions the spec names; `auto` is the only one it describes. */
export const REGIONS = ['auto'] as const;
export const NAME_LENGTH = { min: 1, max: 100 } as const;
export const PROMPT_LENGTH = { min: 1, max: 20_000 } as const;
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export const GENERATION_SUBJECTS = {
  generate: subjectOf('generation', 'generate'),
  getJob: subjectOf('generation', 'jobs.get'),
  listAgents: subjectOf('generation', 'agents.list'),
  getAgent: subjectOf('generation', 'agents.get'),
  getAgentBySlug: subjectOf('generation', 'agents.get-by-slug'),
  /** Notification: a job's log moved (the SSE stream re-reads it). Carries the job id in the subject. */
  jobProgressed: (jobId: string) => subjectOf('generation', `notify.job.${jobId}`),
} as const;

export class GenerateBackendMessage extends WorkspaceScoped {
  @IsString()
  @Length(NAME_LENGTH.min, NAME_LENGTH.max)
  name!: string;

  @IsString()
  @Length(PROMPT_LENGTH.min, PROMPT_LENGTH.max)
  prompt!: string;

  @IsIn(REGIONS)
  region!: string;
}

export class GetJobMessage extends WorkspaceScoped {
  @IsString()
  @MaxLength(100)
  jobId!: string;
}

export class GetAgentMessage extends WorkspaceScoped {
  @IsString()
  @MaxLength(100)
  agentId!: string;
}

export class GetAgentBySlugMessage extends WorkspaceScoped {
  @IsString()
  @MaxLength(100)
  slug!: string;
}

export class ListAgentsMessage extends PageQuery {
  @IsString()
  @Matches(WORKSPACE_ID_PATTERN)
  workspaceId!: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  status?: string;
}

/** An agent as the control API shows it. */
export interface AgentView {
  id: string;
  slug: string;
  name: string;
  status: string;
  region: string;
  createdAt: string;
  updatedAt: string;
  jobId: string;
  latestArtifact?: { version: number; files: Array<{ filename: string; kind: string; size: number; sha256: string; contentType: string }> };
  latestValidation?: { jobId: string; status: string; updatedAt: string };
  deployment?: { status: string; version: number | null; url: string | null; updatedAt: string };
}

/**
 * The streams whose events can change an agent view: the generation projection's filter, and what
 * a cache of agent views outside the generation service follows to stay as fresh as that projection.
 */
export const AGENT_VIEW_STREAM_PREFIXES: readonly string[] = [STREAM_PREFIX.agent, STREAM_PREFIX.generation, STREAM_PREFIX.validation, STREAM_PREFIX.deployment];

/**
 * The `getAgent` reply: the view, and the generation projection's log position it reflects at
 * least (a decimal string; null: the projection had applied nothing). A cache of views in another
 * service keeps a view only if it has heard every event up to that position (docs/decisions.md,
 * "Gateway read path").
 */
export interface AgentRead {
  view: AgentView;
  position: string | null;
}

/** A generation job as the control API shows it. */
export interface JobView {
  id: string;
  agentId: string;
  status: string;
  stage: string | null;
  attempts: number;
  error?: { code: string; message: string; details?: unknown };
  result?: { version: number; summary: unknown; artifacts: string[] };
  createdAt: string;
  updatedAt: string;
  completedAt?: string;
}

export interface GenerateBackendReply {
  agent: AgentView;
  job: JobView;
}
