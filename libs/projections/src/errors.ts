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
  /** Retried with backoff (isTransientError of @backforge/resilience reads this). */
  readonly transient = true;
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
  readonly transient = true;
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
