import { DomainError, type EventMetadata, type JsonObject } from '@backforge/contracts';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type NewEvent, type RecordedEvent } from '@backforge/event-store';
import type { AnyEvent, Decider } from './decider.js';

export interface HandleCommandOptions<Event extends AnyEvent> {
  /** Metadata of each new event (a fresh eventId each call: a retry after a conflict decides anew). */
  metadata: (event: Event) => EventMetadata;
  /**
   * How many times a lost race (the stream moved between load and append) is retried with the new
   * state before the command is refused with CONFLICT. Default 3.
   */
  maxRetries?: number;
  /** Reads a stored event into the decider's event type; default: type and data as stored. */
  read?: (recorded: RecordedEvent) => Event;
}

export interface CommandResult<State, Event extends AnyEvent> {
  /** The state after the new events. */
  state: State;
  /** What this command appended (empty: nothing to do). */
  events: Event[];
  /** The stream's revision after the command (-1n: the stream still does not exist). */
  revision: bigint;
  /** Global position of the last appended event, for read-your-write waits; undefined when nothing was appended. */
  position: bigint | undefined;
}

const defaultRead = <Event extends AnyEvent>(recorded: RecordedEvent): Event => ({ type: recorded.type, data: recorded.data }) as unknown as Event;

/**
 * Load, evolve, decide, append at the expected revision (emmett's handleCommand, DESIGN §3). A
 * concurrent writer makes the append fail; the stream is read again and the command decided anew, a
 * bounded number of times, then refused with a typed CONFLICT (never swallowed).
 */
export async function handleCommand<State, Command, Event extends AnyEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: HandleCommandOptions<Event>,
): Promise<CommandResult<State, Event>> {
  const maxRetries = options.maxRetries ?? 3;
  const read = options.read ?? defaultRead<Event>;
  for (let attempt = 0; ; attempt++) {
    const recorded = await store.readStream(stream);
    let state = decider.initialState();
    for (const event of recorded) state = decider.evolve(state, read(event));
    const revision = recorded.length === 0 ? -1n : (recorded[recorded.length - 1] as RecordedEvent).revision;

    const events = decider.decide(command, state);
    if (events.length === 0) return { state, events, revision, position: undefined };

    const expected: ExpectedRevision = revision < 0n ? 'no_stream' : revision;
    const toAppend: NewEvent[] = events.map((event) => ({ type: event.type, data: event.data as JsonObject, metadata: options.metadata(event) }));
    try {
      const result = await store.append(stream, toAppend, expected);
      for (const event of events) state = decider.evolve(state, event);
      return { state, events, revision: result.nextExpectedRevision, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= maxRetries) {
        throw new DomainError('CONFLICT', `'${stream}' kept changing while the command was decided; try again`, { stream, attempts: attempt + 1 });
      }
    }
  }
}
