export { ProjectionRunner } from './projection-runner.js';
export type { ProjectionRunnerOptions, WaitForOptions } from './projection-runner.js';
export { defineProjection } from './projection.js';
export type { Projection } from './projection.js';
export type { ProjectionState, ProjectionStatus, ProjectionErrorInfo, ProjectionLogger } from './projection-worker.js';
export { matchesFilter } from './event-filter.js';
export type { BackoffOptions } from './backoff.js';
export {
  ProjectionApplyError,
  ProjectionNotRunningError,
  ProjectionWaitTimeoutError,
  ProjectionSupersededError,
  ProjectionConfigError,
  ProjectionTimeoutError,
  isTransientError,
} from './errors.js';
