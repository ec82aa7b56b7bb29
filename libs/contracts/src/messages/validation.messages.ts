import { IsString, Matches, MaxLength } from 'class-validator';
import type { CheckData, CheckReportData } from '../events/validation/validation.events.js';
import type { JobError } from '../events/generation/generation.events.js';
import { subjectOf } from '../messaging/subjects.js';
import { PageQuery } from './paging.js';
import { WorkspaceScoped, WORKSPACE_ID_PATTERN } from './workspace-scoped.js';

export const VALIDATION_SUBJECTS = {
  /** Start a validation of the agent's newest stored artifact: answers the queued job. */
  validate: subjectOf('validation', 'validate'),
  getJob: subjectOf('validation', 'jobs.get'),
  listReports: subjectOf('validation', 'reports.list'),
} as const;

export class ValidateAgentMessage extends WorkspaceScoped {
  @IsString()
  @MaxLength(100)
  agentId!: string;
}

export class GetValidationJobMessage extends WorkspaceScoped {
  @IsString()
  @MaxLength(100)
  jobId!: string;
}

export class ListValidationReportsMessage extends PageQuery {
  @IsString()
  @Matches(WORKSPACE_ID_PATTERN)
  workspaceId!: string;

  @IsString()
  @MaxLength(100)
  agentId!: string;
}

export type ValidationJobStatus = 'queued' | 'running' | 'passed' | 'failed' | 'error';

/** Who ran the checks: the generation job (before storing) or a validation job (on the stored artifact). */
export type ValidationReportSource = 'generation' | 'validation';

/** Counts of a report's checks, in total and per kind (build, behaviour, quality). */
export interface ValidationSummary {
  passed: number;
  failed: number;
  byKind: Partial<Record<CheckData['kind'], { passed: number; failed: number }>>;
}

/** A report as the control API shows it (its fields may change during the beta, spec §9). */
export interface ValidationReportView {
  /** The job that ran the checks: a validation job (`val_…`) or a generation job (`job_…`). */
  id: string;
  agentId: string;
  /** The artifact version checked; null when a generation's checks failed (nothing was stored). */
  version: number | null;
  status: CheckReportData['status'];
  source: ValidationReportSource;
  checks: Array<Pick<CheckData, 'kind' | 'name' | 'status' | 'durationMs'>>;
  summary: ValidationSummary;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
}

export interface ValidationJobView {
  id: string;
  agentId: string;
  status: ValidationJobStatus;
  version: number;
  attempts: number;
  /** Why the checks could not run (status `error`). */
  error?: JobError;
  report?: ValidationReportView;
  createdAt: string;
  updatedAt: string;
  completedAt?: string;
}

export interface ValidateAgentReply {
  job: { id: string; status: ValidationJobStatus };
}
