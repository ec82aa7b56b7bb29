import type { DomainEvent } from '@backforge/contracts';

/** Any domain event: its data is a JSON object whose exact shape each stream's union names. */
export type AnyEvent = DomainEvent<string, object>;

/**
 * A stream's rules as three pure functions (DESIGN §3): the state before anything happened, how one
 * event changes it, and which events a command causes in a state. `decide` refuses a command by
 * throwing a DomainError (its code says why: NOT_FOUND, CONFLICT, ...); returning no events means
 * "nothing to do" (an idempotent repeat).
 */
export interface Decider<State, Command, Event extends AnyEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/** The state after a sequence of events. */
export function foldEvents<State, Event extends AnyEvent>(decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>, events: Iterable<Event>): State {
  let state = decider.initialState();
  for (const event of events) state = decider.evolve(state, event);
  return state;
}
