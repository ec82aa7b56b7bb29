import { DomainError, type DomainEvent } from '@backforge/contracts';
import type { Decider } from '../decider.js';

// A tiny decider to test the machinery against: a counter with a ceiling.
export type CounterEvent = DomainEvent<'Opened', { ceiling: number }> | DomainEvent<'Incremented', { by: number }>;
export type CounterCommand = { type: 'open'; ceiling: number } | { type: 'increment'; by: number };
export interface CounterState {
  open: boolean;
  value: number;
  ceiling: number;
}

export const counterDecider: Decider<CounterState, CounterCommand, CounterEvent> = {
  initialState: () => ({ open: false, value: 0, ceiling: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'Opened':
        return { ...state, open: true, ceiling: event.data.ceiling };
      case 'Incremented':
        return { ...state, value: state.value + event.data.by };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'open':
        return state.open ? [] : [{ type: 'Opened', data: { ceiling: command.ceiling } }];
      case 'increment':
        if (!state.open) throw new DomainError('NOT_FOUND', 'no such counter');
        if (state.value + command.by > state.ceiling) throw new DomainError('CONFLICT', 'over the ceiling');
        return [{ type: 'Incremented', data: { by: command.by } }];
    }
  },
};
