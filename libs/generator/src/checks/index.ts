export { runChecks, QUALITY_LIMITS, CHECK_INVOCATION_LIMITS } from './run-checks.js';
export type { RunChecksOptions } from './run-checks.js';
export type { CheckKind, CheckReport, CheckResult, CheckStatus } from './report.js';
export { scanBundle, ALLOWED_GLOBALS, FORBIDDEN_NAMES } from './quality.js';
export type { Violation } from './quality.js';
export { typecheckProject } from './typecheck.js';
export { runExample, resolveRefs, mismatch } from './examples.js';
