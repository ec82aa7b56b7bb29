export type CheckKind = 'build' | 'behaviour' | 'quality';
export type CheckStatus = 'passed' | 'failed';

export interface CheckResult {
  kind: CheckKind;
  name: string;
  status: CheckStatus;
  durationMs: number;
  details?: unknown;
}

export interface CheckReport {
  status: CheckStatus;
  generatorVersion: string;
  checks: CheckResult[];
}

/** Times `run`; a thrown error fails the check with its message instead of escaping. */
export async function timed(kind: CheckKind, name: string, run: () => Promise<{ ok: boolean; details?: unknown }> | { ok: boolean; details?: unknown }): Promise<CheckResult> {
  const started = performance.now();
  let outcome: { ok: boolean; details?: unknown };
  try {
    const value = run();
    outcome = value instanceof Promise ? await value : value;
  } catch (error) {
    outcome = { ok: false, details: { error: error instanceof Error ? error.message : String(error) } };
  }
  const result: CheckResult = { kind, name, status: outcome.ok ? 'passed' : 'failed', durationMs: Math.round((performance.now() - started) * 10) / 10 };
  if (outcome.details !== undefined) result.details = outcome.details;
  return result;
}
