import type { ActionSpec, FieldSpec, ResourceSpec, TransitionAction } from '@backforge/blueprint';

/**
 * Walks through state machines for example setups: which transition actions move a state field
 * where, and the shortest run of them from one state to another (breadth first, in blueprint order,
 * so the same blueprint always gives the same walk).
 */

/** The state field a transition action moves, and the literal state it moves it to. */
export interface StateMove {
  field: FieldSpec;
  to: string;
}

export function stateMove(action: TransitionAction, resource: ResourceSpec): StateMove | undefined {
  for (const effect of action.effects) {
    if (!('set' in effect) || !('literal' in effect.to) || typeof effect.to.literal !== 'string') continue;
    const field = resource.fields.find((f) => f.name === effect.set);
    if (field?.transitions) return { field, to: effect.to.literal };
  }
  return undefined;
}

/** One step of a walk: run `action`, which moves the field from `from` to `to`. */
export interface Walk {
  action: TransitionAction;
  from: string;
  to: string;
}

/** Every state reachable from `start` with the shortest walk to it (start itself with none). */
export function reachable(field: FieldSpec, start: string, actions: readonly ActionSpec[], resource: ResourceSpec): Map<string, Walk[]> {
  const movers = actions.filter((a): a is TransitionAction => a.kind === 'transition' && a.resource === resource.name && a.guards.every((g) => g.field === field.name));
  const paths = new Map<string, Walk[]>([[start, []]]);
  const queue = [start];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    const here = paths.get(state) ?? [];
    for (const action of movers) {
      const move = stateMove(action, resource);
      if (!move || move.field.name !== field.name || paths.has(move.to)) continue;
      if (!(field.transitions ?? []).some((t) => t.from === state && t.to === move.to)) continue;
      paths.set(move.to, [...here, { action, from: state, to: move.to }]);
      queue.push(move.to);
    }
  }
  return paths;
}

export function allows(field: FieldSpec, from: string, to: string): boolean {
  return (field.transitions ?? []).some((t) => t.from === from && t.to === to);
}
