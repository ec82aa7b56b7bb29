import type { JsonValue } from '../../backend/json.js';
import type { DomainEvent } from '../event.js';
import type { CheckReportData } from '../validation/validation.events.js';

/** Stream `generation-{jobId}`: one generation job, from request to its outcome. */

/** Progress values of a job, in order; `queued` before the first claim. */
export const GENERATION_STAGES = ['interpreting', 'synthesizing', 'building', 'validating', 'storing'] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

/** A stored file of an agent version. */
export interface ArtifactRef {
  filename: string;
  /** What the file is: the project archive, the handler bundle, or a single file users want alone. */
  kind: 'project' | 'bundle' | 'openapi' | 'blueprint' | 'report';
  size: number;
  sha256: string;
  contentType: string;
}

/** A typed failure of a job (the generator's code, message and details). */
export interface JobError {
  code: string;
  message: string;
  details?: JsonValue;
}

/** What a completed job made, in a few words: the Blueprint's resources and actions. */
export interface GenerationSummary {
  interpreter: string;
  resources: Array<{ name: string; fields: string[] }>;
  actions: string[];
  warnings: string[];
}

export type GenerationRequested = DomainEvent<
  'GenerationRequested',
  { jobId: string; agentId: string; workspaceId: string; slug: string; name: string; prompt: string; region: string }
>;

/** A worker claimed the job (attempt n) until `leaseExpiresAt`; a later claim supersedes it. */
export type GenerationStarted = DomainEvent<'GenerationStarted', { attempt: number; workerId: string; leaseExpiresAt: string }>;

/** The claimed attempt moved to a stage; the lease is renewed. */
export type GenerationProgressed = DomainEvent<'GenerationProgressed', { attempt: number; stage: GenerationStage; leaseExpiresAt: string }>;

export type GenerationCompleted = DomainEvent<
  'GenerationCompleted',
  { attempt: number; version: number; artifacts: ArtifactRef[]; summary: GenerationSummary; report: CheckReportData }
>;

export type GenerationFailed = DomainEvent<'GenerationFailed', { attempt: number; error: JobError; report?: CheckReportData }>;

export type GenerationEvent = GenerationRequested | GenerationStarted | GenerationProgressed | GenerationCompleted | GenerationFailed;

export const GENERATION_EVENT_TYPES = [
  'GenerationRequested',
  'GenerationStarted',
  'GenerationProgressed',
  'GenerationCompleted',
  'GenerationFailed',
] as const satisfies readonly GenerationEvent['type'][];
