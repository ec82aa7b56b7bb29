import type { Blueprint } from '../blueprint.js';
import { inventoryBlueprint } from './inventory.js';
import { libraryBlueprint } from './library.js';
import { pollBlueprint } from './poll.js';
import { rsvpBlueprint } from './rsvp.js';
import { todoBlueprint } from './todo.js';

export type ExampleBlueprintName = 'todo' | 'library' | 'inventory' | 'rsvp' | 'poll';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

/**
 * Realistic, valid blueprints: the LLM prompt shows one as the shape to follow, and the synthesizer
 * and checks can use them as inputs. Deeply frozen because they are shared; `structuredClone` one
 * to change it.
 */
export const exampleBlueprints: Readonly<Record<ExampleBlueprintName, Blueprint>> = deepFreeze({
  todo: todoBlueprint,
  library: libraryBlueprint,
  inventory: inventoryBlueprint,
  rsvp: rsvpBlueprint,
  poll: pollBlueprint,
});
