import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { EventFilter, RecordedEvent } from '@backforge/event-store';
import { ProjectionConfigError } from './errors.js';

/**
 * A read model kept as a projection of the event log.
 *
 * `apply` runs inside the transaction that also advances the projection's checkpoint, so each
 * event reaches committed state exactly once; it must write only through `tx` and only to the
 * tables of `entities`. For the rebuilt model to equal the live one, `apply` must be a function of
 * the events alone: keys and values come from the event (stream name, revision, position, data,
 * metadata.occurredAt), never from sequences, `now()` or random ids. (Sequences are not
 * transactional: a batch rolled back by a crash still consumes them.)
 */
export interface Projection {
  /** Unique per checkpoint table; lowercase letters, digits, `_`, `-`, `.`. */
  readonly name: string;
  /** A positive integer; raising it makes the next start truncate the tables and replay the log. */
  readonly version: number;
  /** TypeORM entities whose tables this projection owns (truncated on rebuild). */
  readonly entities: readonly EntityTarget<ObjectLiteral>[];
  /** Which events to deliver; omitted: all. */
  readonly filter?: EventFilter;
  apply(event: RecordedEvent, tx: EntityManager): Promise<void>;
}

const namePattern = /^[a-z][a-z0-9_.-]{0,99}$/;

/** Checks a projection definition once, where it is written, and returns it unchanged. */
export function defineProjection<P extends Projection>(projection: P): P {
  validateProjection(projection);
  return projection;
}

export function validateProjection(projection: Projection): void {
  if (!namePattern.test(projection.name)) {
    throw new ProjectionConfigError(`Projection name '${projection.name}' must match ${namePattern.source}`);
  }
  if (!Number.isInteger(projection.version) || projection.version < 1 || projection.version > 2_147_483_647) {
    throw new ProjectionConfigError(`Projection '${projection.name}': version must be a positive integer, got ${projection.version}`);
  }
  if (typeof projection.apply !== 'function') {
    throw new ProjectionConfigError(`Projection '${projection.name}': apply must be a function`);
  }
}
