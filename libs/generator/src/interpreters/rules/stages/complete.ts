import { effectTarget } from '@backforge/blueprint';
import { keyOf } from '../model.js';
import { literalText, pascalCase, verbInfinitive } from '../text.js';
import type { ReadingState } from './reading-state.js';
import { lifecycleVerbs, movesOf, namedAsState, pushStep, stateVerb } from './lifecycle-verbs.js';

/** Completion: verbs learnt from the states named, and the CRUD a user expects of every record. */
/** Enum values and yes/no fields that are past participles make their verbs known ("retired" -> retire). */
export function learnStateVerbs(ctx: ReadingState): void {
  for (const res of ctx.resources) {
    for (const f of res.fields) {
      const states = f.spec.type === 'enum' ? (f.spec.values ?? []) : f.spec.type === 'boolean' ? [f.spec.name] : [];
      for (const state of states) {
        const w = state.toLowerCase();
        if (!/^[a-z]+ed$/.test(w)) continue;
        const lemma = verbInfinitive(w);
        if (lemma && lemma !== w && !ctx.verbs.has(lemma)) {
          ctx.verbs.set(lemma, 'state');
          ctx.verbSet.add(lemma);
        }
      }
    }
  }
}

/**
 * A resource whose CRUD the prompt does not describe gets create, get and list (a library's
 * members must be registered before they borrow); one that is described keeps what was asked,
 * plus create, without which it would stay empty, and a plain list when no list of it was named:
 * what is kept can be looked through (the fresh batches' writers took that for granted in 23 of
 * 407 prompts and never objected to it; docs/decisions.md).
 */
export function addImplicitActions(ctx: ReadingState): void {
  lifecycleVerbs(ctx);
  for (const res of ctx.resources) stepsToEveryState(ctx, res);
  for (const res of ctx.resources) {
    const key = keyOf(res.words);
    const own = ctx.actions.filter((a) => a.resource === key);
    const crud = own.filter((a) => ['create', 'get', 'list', 'update', 'delete'].includes(a.kind));
    const kinds: ('create' | 'get' | 'list')[] = crud.length === 0 ? ['create', 'get', 'list'] : ['create', 'list'];
    for (const kind of kinds) {
      // any list of it, filtered or not, is the list that was named
      if (own.some((a) => a.kind === kind) || ctx.forbidden.has(`${key}:${kind}`)) continue;
      ctx.actions.push({ kind, resource: key, verb: kind, description: '', filters: [], params: [], guards: [], effects: [], implicit: true, ...(kind === 'get' ? { by: 'id' } : {}) });
    }
    // "status goes from admitted to in care to released" and nothing that moves it: the status is
    // changed by an update, which keeps to the moves written; "a status of received, diagnosing,
    // ready or collected" and nothing that changes it: a status is there to be changed, so the
    // record can be updated (every blind writer expected it so)
    const moving = res.fields.filter((f) => f.spec.transitions?.length && !f.spec.generated);
    const states = res.fields.filter((f) => f.spec.type === 'enum' && !f.spec.generated && namedAsState(f.spec.name));
    const changed = (fields: typeof moving): boolean => own.some((a) => a.kind === 'update' || (a.kind === 'transition' && fields.some((f) => a.effects.some((e) => 'set' in e && e.set === f.spec.name))));
    if (ctx.forbidden.has(`${key}:update`)) continue;
    const update = { kind: 'update' as const, resource: key, verb: 'update', description: '', filters: [], params: [], guards: [], effects: [], implicit: true };
    if (moving.length > 0 && !changed(moving)) ctx.actions.push({ ...update, updateFields: moving.map((f) => f.spec.name) });
    else if (states.length > 0 && !changed(states)) ctx.actions.push(update);
    else if (!own.some((a) => a.kind === 'update')) {
      // What is kept can be corrected: every record can be updated (15 of the 74 misses of batches
      // 29 and 30 were an update the writer took for granted), except the fields its own actions
      // move, so that an update never skips a transition's guard ("return" only what is borrowed)
      const moved = new Set(own.flatMap((a) => [...a.effects.map((e) => effectTarget(e)[1]), ...a.guards.map((g) => g.field)]));
      const editable = res.fields.filter((f) => !f.spec.generated && !moved.has(f.spec.name));
      // (a record of links only, a booking of a member on a session, or a vote for one of the poll's
      // options, is a fact: made anew, not edited)
      const tied = new Set(ctx.rules.flatMap((r) => (r.resource === key && (r.kind === 'membership' || r.kind === 'compare') ? [r.field] : [])));
      if (!editable.some((f) => f.spec.type !== 'reference' && !tied.has(f.spec.name))) continue;
      ctx.actions.push(editable.length < res.fields.filter((f) => !f.spec.generated).length ? { ...update, name: `update${pascalCase(res.words)}`, updateFields: editable.map((f) => f.spec.name) } : update);
    }
  }
}

/**
 * "received -> diagnosed -> fixed -> collected" where the prompt names an action for some of the
 * steps: each state no action reaches gets the step its word names ("diagnosed": diagnoseRepair,
 * "checked in": checkInRunner, "printing": printOrder), so the order written can be kept; a state
 * not said as something done ("in repair", "on tap") stays a gap. All 12 prompts of batches 08-60
 * left so expected those steps as transitions.
 */
function stepsToEveryState(ctx: ReadingState, res: ReadingState['resources'][number]): void {
  for (const f of res.fields) {
    const moves = f.spec.transitions ?? [];
    const setters = movesOf(ctx, res, f.spec.name);
    if (moves.length === 0 || setters.length === 0) continue;
    const reached = new Set(setters.flatMap((a) => a.effects.flatMap((e) => ('set' in e && e.set === f.spec.name && 'literal' in e.to ? [literalText(e.to.literal)] : []))));
    for (const state of [...new Set(moves.map((m) => m.to))]) {
      if (reached.has(state) || state === f.spec.default) continue;
      const verb = stateVerb(state);
      if (verb) pushStep(ctx, res, verb, f.spec.name, state);
    }
  }
}
