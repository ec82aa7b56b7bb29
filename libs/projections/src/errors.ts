import type { RecordedEvent } from '@backforge/event-store';

/** A projection's `apply` threw on an event (a poison event): the projection stops, nothing is skipped. */
export class ProjectionApplyError extends Error {
  readonly code = 'PROJECTION_APPLY_FAILED';
  readonly eventId: string;
  readonly eventType: string;
  readonly streamName: string;
  readonly position: bigint;
  constructor(
    readonly projection: string,
    event: RecordedEvent,
    cause: unknown,
  ) {
    super(
      `Projection '${projection}' failed to apply ${event.type} (event ${event.metadata.eventId}, stream '${event.streamName}', position ${event.position}): ${describeError(cause)}`,
      { cause },
    );
    this.name = 'ProjectionApplyError';
    this.eventId = event.metadata.eventId;
    this.eventType = event.type;
    this.streamName = event.streamName;
    this.position = event.position;
  }
}

/** `waitFor` was asked about a projection that has stopped for good (failed, superseded or stopped). */
export class ProjectionNotRunningError extends Error {
  readonly code = 'PROJECTION_NOT_RUNNING';
  constructor(
    readonly projection: string,
    readonly state: string,
    options?: { cause?: unknown },
  ) {
    super(`Projection '${projection}' is ${state}: it will not catch up`, options);
    this.name = 'ProjectionNotRunningError';
  }
}

/** The read model did not reach the requested position in time. */
export class ProjectionWaitTimeoutError extends Error {
  readonly code = 'PROJECTION_WAIT_TIMEOUT';
  constructor(
    readonly projection: string,
    readonly position: bigint,
    readonly reached: bigint | null,
    readonly timeoutMs: number,
  ) {
    super(`Projection '${projection}' did not reach position ${position} within ${timeoutMs} ms (at ${reached ?? 'start'})`);
    this.name = 'ProjectionWaitTimeoutError';
  }
}

/** A checkpoint row written by a newer version of the projection: this (older) runner must not touch it. */
export class ProjectionSupersededError extends Error {
  readonly code = 'PROJECTION_SUPERSEDED';
  constructor(
    readonly projection: string,
    readonly ownVersion: number,
    readonly storedVersion: number,
  ) {
    super(`Projection '${projection}' version ${ownVersion} is superseded by version ${storedVersion} in the checkpoint table`);
    this.name = 'ProjectionSupersededError';
  }
}

/** Bad wiring: unknown projection name, duplicate names, entities missing from the DataSource, shared tables. */
export class ProjectionConfigError extends Error {
  readonly code = 'PROJECTION_CONFIG';
  constructor(message: string) {
    super(message);
    this.name = 'ProjectionConfigError';
  }
}

/** An external call (event store read, transaction) took longer than its bound. */
export class ProjectionTimeoutError extends Error {
  readonly code = 'PROJECTION_TIMEOUT';
  constructor(what: string, timeoutMs: number) {
    super(`${what} did not finish within ${timeoutMs} ms`);
    this.name = 'ProjectionTimeoutError';
  }
}

/**
 * The checkpoint under lock is not the one this runner last committed: another replica (or a rebuild)
 * moved it. Not a failure: the runner re-reads the checkpoint and continues from there.
 */
export class CheckpointMovedError extends Error {
  readonly code = 'PROJECTION_CHECKPOINT_MOVED';
  constructor(
    readonly projection: string,
    readonly expected: bigint | null,
    readonly found: bigint | null,
  ) {
    super(`Projection '${projection}': checkpoint moved from ${expected ?? 'start'} to ${found ?? 'start'} under another writer`);
    this.name = 'CheckpointMovedError';
  }
}

export function describeError(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

// SQLSTATE classes and codes that say "the infrastructure hiccupped", not "this event cannot be applied":
// connection exceptions (08), serialization failure and deadlock (40001, 40P01), insufficient resources (53),
// operator intervention / shutdown (57P01-57P05), lock not available (55P03), statement timeout (57014).
const transientSqlStates = new Set(['40001', '40P01', '55P03', '57014', '57P01', '57P02', '57P03', '57P04', '57P05']);
const transientSqlClasses = new Set(['08', '53']);
const transientNodeCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const transientMessages = [/connection terminated/i, /not queryable/i, /timeout exceeded when trying to connect/i, /terminating connection/i, /Connection is not established/i];

/**
 * True when retrying later may succeed: the event store or PostgreSQL was unreachable, timed out,
 * or chose a victim (deadlock, serialization). Follows `cause` and TypeORM's `driverError`.
 */
export function isTransientError(err: unknown, depth = 0): boolean {
  if (depth > 5 || err === null || typeof err !== 'object') return false;
  if (err instanceof ProjectionTimeoutError || err instanceof CheckpointMovedError) return true;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; driverError?: unknown };
  if (e.code === 'EVENT_STORE_UNAVAILABLE') return true;
  if (typeof e.code === 'string') {
    if (transientSqlStates.has(e.code) || (/^[0-9A-Z]{5}$/.test(e.code) && transientSqlClasses.has(e.code.slice(0, 2)))) return true;
    if (transientNodeCodes.has(e.code)) return true;
  }
  if (typeof e.message === 'string' && transientMessages.some((re) => re.test(e.message as string))) return true;
  return isTransientError(e.driverError, depth + 1) || isTransientError(e.cause, depth + 1);
}
