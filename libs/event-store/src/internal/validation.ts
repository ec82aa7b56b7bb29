import type { ExpectedRevision, NewEvent } from '../event-store.port.js';

/** Caller mistakes, not store failures: thrown before anything reaches the server. */
export class InvalidAppendError extends Error {
  readonly code = 'INVALID_APPEND';
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAppendError';
  }
}

export function validateAppend(streamName: string, events: NewEvent[], expected: ExpectedRevision, maxEvents: number): void {
  if (typeof streamName !== 'string' || streamName.length === 0) throw new InvalidAppendError('stream name must be a non-empty string');
  if (streamName.startsWith('$')) throw new InvalidAppendError(`stream name '${streamName}' is reserved: names starting with '$' belong to the store`);
  if (events.length === 0) throw new InvalidAppendError(`append to '${streamName}' needs at least one event`);
  if (events.length > maxEvents) throw new InvalidAppendError(`append to '${streamName}' has ${events.length} events; at most ${maxEvents} per append`);
  if (typeof expected === 'bigint' && expected < 0n) throw new InvalidAppendError(`expected revision must be >= 0, got ${expected}`);
  const seen = new Set<string>();
  for (const event of events) {
    const id = event.metadata?.eventId;
    if (typeof id !== 'string' || id.length === 0) throw new InvalidAppendError(`an event for '${streamName}' has no metadata.eventId`);
    if (seen.has(id)) throw new InvalidAppendError(`event id '${id}' appears twice in one append to '${streamName}'`);
    seen.add(id);
    if (typeof event.type !== 'string' || event.type.length === 0) throw new InvalidAppendError(`event '${id}' has no type`);
    if (event.type.startsWith('$')) throw new InvalidAppendError(`event type '${event.type}' is reserved: types starting with '$' belong to the store`);
  }
}

export function expectedRevisionText(expected: ExpectedRevision): string {
  return typeof expected === 'bigint' ? expected.toString(10) : expected;
}
