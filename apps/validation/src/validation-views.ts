import type { ValidationJobView, ValidationReportView, ValidationSummary } from '@backforge/contracts';
import type { ValidationJobRow, ValidationReportRow } from './validation.projection.js';

/** Passed and failed checks, in total and per kind. */
export function summarize(checks: ValidationReportView['checks']): ValidationSummary {
  const summary: ValidationSummary = { passed: 0, failed: 0, byKind: {} };
  for (const check of checks) {
    const kind = (summary.byKind[check.kind] ??= { passed: 0, failed: 0 });
    kind[check.status] += 1;
    summary[check.status] += 1;
  }
  return summary;
}

/** The control API's view of a report row. */
export function reportView(row: ValidationReportRow): ValidationReportView {
  return {
    id: row.id,
    agentId: row.agentId,
    version: row.version,
    status: row.status,
    source: row.source,
    checks: row.checks,
    summary: summarize(row.checks),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt.toISOString(),
    durationMs: row.durationMs,
  };
}

/** The control API's view of a validation job row (with its report once the checks ran). */
export function validationJobView(row: ValidationJobRow, report: ValidationReportRow | null): ValidationJobView {
  return {
    id: row.id,
    agentId: row.agentId,
    status: row.status,
    version: row.version,
    attempts: row.attempts,
    ...(row.error ? { error: row.error as ValidationJobView['error'] } : {}),
    ...(report ? { report: reportView(report) } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.completedAt ? { completedAt: row.completedAt.toISOString() } : {}),
  };
}
