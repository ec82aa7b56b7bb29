/**
 * @backforge/projections: read models kept as projections of the event log (DESIGN §3).
 *
 *   const runner = new ProjectionRunner({ eventStore, dataSource, projections: [agentsProjection] });
 *   await runner.start();                       // catch-up, then live; checkpoint in each batch's transaction
 *   const { position } = await eventStore.append(stream, events, expected);
 *   await runner.waitFor(position, { projections: ['agents'] });   // read your own write
 *   await runner.rebuild('agents');             // truncate + reset in one transaction, replay the log
 *   runner.status();                            // per projection: state, position, retries, error
 *   await runner.stop();                        // finishes the in-flight batch
 */
export { ProjectionRunner } from './projection-runner.js';
export type { ProjectionRunnerOptions, WaitForOptions } from './projection-runner.js';
export { defineProjection } from './projection.js';
export type { Projection } from './projection.js';
export type { ProjectionState, ProjectionStatus, ProjectionErrorInfo, ProjectionLogger } from './projection-worker.js';
export { matchesFilter } from './event-filter.js';
// Retry pacing after an infrastructure error (ProjectionRunnerOptions.backoff).
export type { BackoffOptions } from '@backforge/resilience';
export {
  ProjectionApplyError,
  ProjectionNotRunningError,
  ProjectionWaitTimeoutError,
  ProjectionSupersededError,
  ProjectionConfigError,
  ProjectionTimeoutError,
} from './errors.js';
export { ReadModels } from './read-models.js';
export { LogInvalidatedCache } from './log-invalidated-cache.js';
export type { ReadModelsOptions } from './read-models.js';
