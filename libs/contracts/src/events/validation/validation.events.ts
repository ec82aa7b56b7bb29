import type { JsonValue } from '../../backend/json.js';
import type { DomainEvent } from '../event.js';
import type { JobError } from '../generation/generation.events.js';

/** Stream `validation-{jobId}`: one validation of an agent's stored artifact. */

/** One check of a report (the generator's CheckResult, as stored). */
export interface CheckData {
  kind: 'build' | 'behaviour' | 'quality';
  name: string;
  status: 'passed' | 'failed';
  durationMs: number;
  details?: JsonValue;
}

/** The outcome of the build, behaviour and quality checks of one artifact version. */
export interface CheckReportData {
  status: 'passed' | 'failed';
  generatorVersion: string;
  checks: CheckData[];
  startedAt: string;
  finishedAt: string;
  durationMs: number;
}

export type ValidationRequested = DomainEvent<
  'ValidationRequested',
  { jobId: string; agentId: string; workspaceId: string; version: number; projectFile: string }
>;

export type ValidationStarted = DomainEvent<'ValidationStarted', { attempt: number; workerId: string; leaseExpiresAt: string }>;

/** The checks ran (whether they passed is in the report). */
export type ValidationCompleted = DomainEvent<'ValidationCompleted', { attempt: number; report: CheckReportData }>;

/** The checks could not run (the artifact is gone, the worker died too often). */
export type ValidationFailed = DomainEvent<'ValidationFailed', { attempt: number; error: JobError }>;

export type ValidationEvent = ValidationRequested | ValidationStarted | ValidationCompleted | ValidationFailed;

export const VALIDATION_EVENT_TYPES = ['ValidationRequested', 'ValidationStarted', 'ValidationCompleted', 'ValidationFailed'] as const satisfies readonly ValidationEvent['type'][];
