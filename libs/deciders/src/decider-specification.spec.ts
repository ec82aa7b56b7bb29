import { DomainError } from '@backforge/contracts';
import { deciderSpecification } from './decider-specification.js';
import { counterDecider } from './test-support/counter.decider.js';

const spec = deciderSpecification(counterDecider, expect);

describe('deciderSpecification', () => {
  it('then: the events a command causes after the given ones', () => {
    spec.given([{ type: 'Opened', data: { ceiling: 3 } }]).when({ type: 'increment', by: 2 }).then([{ type: 'Incremented', data: { by: 2 } }]);
  });

  it('thenNothing: an idempotent repeat', () => {
    spec.given([{ type: 'Opened', data: { ceiling: 3 } }]).when({ type: 'open', ceiling: 3 }).thenNothing();
  });

  it('thenThrows: a refusal with its code', () => {
    spec.given([]).when({ type: 'increment', by: 1 }).thenThrows((e) => e instanceof DomainError && e.code === 'NOT_FOUND');
  });

  it('fails when the events differ, when a refusal was expected but events came, and when the refusal differs', () => {
    expect(() => spec.given([]).when({ type: 'open', ceiling: 1 }).then([])).toThrow();
    expect(() => spec.given([]).when({ type: 'open', ceiling: 1 }).thenThrows(() => true)).toThrow(/expected a refusal/);
    expect(() => spec.given([]).when({ type: 'increment', by: 1 }).thenThrows((e) => e instanceof DomainError && e.code === 'CONFLICT')).toThrow(/did not match/);
  });
});
