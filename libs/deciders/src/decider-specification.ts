import type { AnyEvent, Decider } from './decider.js';

/**
 * given(events) / when(command) / then(events) for a decider (as emmett's DeciderSpecification):
 *
 *   spec.given([requested]).when(claim).then([started]);
 *   spec.given([]).when(claim).thenThrows((e) => e instanceof DomainError && e.code === 'NOT_FOUND');
 *
 * Assertions use the test runner's `expect` (passed in, so this library needs no test framework).
 */
export interface Expectation {
  toEqual(expected: unknown): void;
}

export type Expect = (actual: unknown) => Expectation;

export function deciderSpecification<State, Command, Event extends AnyEvent>(decider: Decider<State, Command, Event>, expect: Expect) {
  return {
    given(events: Event[]) {
      return {
        when(command: Command) {
          const run = (): Event[] => {
            let state = decider.initialState();
            for (const event of events) state = decider.evolve(state, event);
            return decider.decide(command, state);
          };
          return {
            then(expected: Event[]): void {
              expect(run()).toEqual(expected);
            },
            thenNothing(): void {
              expect(run()).toEqual([]);
            },
            thenThrows(check: (error: unknown) => boolean): void {
              let thrown: unknown;
              let produced: Event[] | undefined;
              try {
                produced = run();
              } catch (error) {
                thrown = error;
              }
              if (produced !== undefined) throw new Error(`expected a refusal, got events ${JSON.stringify(produced)}`);
              if (!check(thrown)) throw new Error(`the refusal did not match: ${thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)}`);
            },
          };
        },
      };
    },
  };
}
