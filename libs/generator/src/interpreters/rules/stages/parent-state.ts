import { NEGATED_STATE, NEGATIONS, REFUSALS, STATE_LINKS, STATE_OPENERS } from '../lexicon.js';
import { keyOf, type ResourceDraft } from '../model.js';
import { pascalCase, singular, splitIdentifier } from '../text.js';
import type { ReadingState } from './reading-state.js';
import type { RuleReading, RuleView } from './rule-phrasings.js';

/**
 * A record made only while the record it points at is in a state (the blueprint's `parentGuard`):
 * the state after "while", "once", "when" ("a bid can only be submitted while its tender is
 * open"), or written beside the record ("only for an active client"). Entries of the registry
 * (rules-between-records.ts lists them); pure readers of the analysis.
 */

/** The records `child` points at, each with the reference field that points. */
export const parents = (ctx: ReadingState, child: ResourceDraft): { parent: ResourceDraft; via: string }[] =>
  child.fields.flatMap((f) => {
    const parent = f.spec.type === 'reference' ? ctx.resources.find((r) => pascalCase(r.words) === f.spec.references && r !== child) : undefined;
    return parent ? [{ parent, via: f.spec.name }] : [];
  });

/**
 * "A bid can only be submitted while its tender is open", "no new comments once an application has
 * been decided (only while its decision is pending)": a record is made only while the record it
 * points at is in a state (`parentGuard`).
 */
export function whileParentIs({ ws, ctx }: RuleView): RuleReading | undefined {
  for (let k = 0; k < ws.length; k++) {
    const w = ws[k] as string;
    // ("a tub can only be hired when its status is available": only ... when holds the state too)
    // ("only ... for a tool whose induction required is yes": the state of the record just named)
    // ("orders can only be placed for a design once it is approved": only ... once holds the state)
    const during = w === 'while' || (w === 'as' && ws[k + 1] === 'long' && ws[k + 2] === 'as') || (['when', 'if', 'whose', 'once'].includes(w) && ws.slice(0, k).includes('only'));
    const from = !during && (w === 'once' || w === 'after' || w === 'when');
    if (!during && !from) continue;
    const rest = ws.slice(k + (w === 'as' ? 3 : 1));
    for (const parent of ctx.resources) {
      // ("... when its status is available": "its" is the record named before)
      // where the parent's words end in `rest`: after its name, after "its", or before it ("whose" follows the parent)
      const whose = w === 'whose' && parent.words.includes(singular(ws[k - 1] ?? ''));
      const namedBefore = ws.slice(0, k).some((x) => parent.words.includes(singular(x)));
      const its = ['its', 'their', 'it', "it's", 'they', "they're"].includes(rest[0] as string) && namedBefore;
      const named = whose ? -1 : its ? 0 : rest.findIndex((x) => parent.words.includes(singular(x)));
      // ("... for a design once the customer has approved it": the record was named before, its state follows)
      const before = named < 0 && !whose && namedBefore;
      if ((named < 0 && !whose && !before) || named > 2) continue;
      const after = rest.slice(before ? 0 : named + 1).filter((x) => !STATE_FILLERS.has(x));
      const state = stateNamed(parent, after, before ? 4 : 3);
      if (!state) continue;
      // ("in planning or rehearsing": one of several values)
      const more = typeof state.value === 'string' ? otherValues(parent, state, after) : [];
      // ("no more sign-ins than max riders, and sign-ins only when the day is open": a negation before "and" is another rule's)
      // ("a booking is refused when its workshop is cancelled": refused is said no to)
      const negated = ws.slice(clauseStart(ws, k), k).some((x) => NEGATIONS.has(x) || REFUSALS.has(x));
      // "only while it is open" holds the state; "no comments once it is decided" refuses it
      if (from && !negated) continue;
      const found = childOf(ctx, parent, ws.slice(0, k));
      if (!found) continue;
      const { child, via } = found;
      const holds = during && !negated;
      return guardReading(child, via, parent, more.length > 0 && holds ? { field: state.field, value: [state.value as string, ...more] } : state, holds);
    }
  }
  return undefined;
}

/** Where the clause holding word `at` starts: after the last ",", "and" or ";" before it. */
const clauseStart = (ws: readonly string[], at: number): number => Math.max(ws.lastIndexOf(',', at), ws.lastIndexOf('and', at), ws.lastIndexOf(';', at)) + 1;

/** Words between a record and its state: "once a gig is marked sold out", "while it is still open". */
const STATE_FILLERS = new Set(['is', 'are', 'has', 'have', 'been', 'gets', 'got', 'still', 'already', 'being', 'marked', 'set', 'flagged', 'in', 'the', 'a', 'an', 'its', 'their', 'it', 'they', 'them']);

/** The further values of the enum `state` belongs to, written after it with "or" ("in planning or rehearsing"). */
function otherValues(parent: ResourceDraft, state: { field: string; value: string | boolean }, ws: readonly string[]): string[] {
  const values = parent.fields.find((f) => f.spec.name === state.field)?.spec.values ?? [];
  const at = ws.findIndex((w) => w === String(state.value).toLowerCase().split(' ')[0]);
  const out: string[] = [];
  for (let n = at + String(state.value).split(' ').length; ws[n] === 'or' || ws[n] === ','; ) {
    const v = values.find((x) => x.toLowerCase().split(' ').every((y, j) => ws[n + 1 + j] === y));
    if (v === undefined || v === state.value || out.includes(v)) break;
    out.push(v);
    n += 1 + v.split(' ').length;
  }
  return out;
}

/** A parent guard; a yes/no is held to true or to false ("not once sold out": soldOut eq false); several values are `in`. */
function guardReading(child: ResourceDraft, via: string, parent: ResourceDraft, state: { field: string; value: string | boolean | string[] }, holds: boolean): RuleReading {
  const thing = parent.words.join(' ');
  const flag = typeof state.value === 'boolean';
  const value = flag && !holds ? !state.value : state.value;
  const op = Array.isArray(value) ? 'in' : flag || holds ? 'eq' : 'ne';
  const shown = (v: string | boolean | string[]): string => (v === true ? splitIdentifier(state.field).join(' ') : v === false ? `not ${splitIdentifier(state.field).join(' ')}` : Array.isArray(v) ? v.join(' or ') : v);
  return {
    kind: 'rule',
    rule: { kind: 'parentGuard', resource: keyOf(child.words), via, field: state.field, op, value, message: op === 'ne' ? `Not once the ${thing} is ${shown(value)}` : `Only while the ${thing} is ${shown(value)}` },
    says: `each ${child.words.join(' ')} is made only while its ${thing}'s ${state.field} ${op === 'in' ? 'is one of' : op === 'eq' ? 'is' : 'is not'} ${Array.isArray(value) ? value.join(', ') : String(value)}`,
  };
}

/** The one record pointing at `parent` that `ws` names, or the only one there is. */
function childOf(ctx: ReadingState, parent: ResourceDraft, ws: readonly string[]): { child: ResourceDraft; via: string } | undefined {
  const pointing = ctx.resources.filter((r) => r !== parent && parents(ctx, r).some((o) => o.parent === parent));
  // ("Casting is only possible while ...": the doing names the record it makes, a cast member)
  const named = (r: ResourceDraft): boolean => ws.some((x) => r.words.includes(singular(x)) || (x.endsWith('ing') && x.length > 5 && r.words[0] === x.slice(0, -3)));
  const child = pointing.find(named) ?? (pointing.length === 1 ? pointing[0] : undefined);
  const via = child ? parents(ctx, child).find((o) => o.parent === parent)?.via : undefined;
  return child && via ? { child, via } : undefined;
}

/**
 * "a tax return can only be created for an active client", "readings are only accepted for active
 * stations", "only boards in ok condition can go out", "only people with induction done can book a
 * lathe": the state written next to the record it points at (a yes/no before its name, a value or a
 * yes/no after "in" or "with"), with "only".
 */
export function forParentInState({ ws, ctx }: RuleView): RuleReading | undefined {
  if (!ws.includes('only')) return undefined;
  for (const parent of ctx.resources) {
    for (let k = 0; k < ws.length; k++) {
      if (!parent.words.includes(singular(ws[k] as string)) && !(ACTOR_STANDS_IN.has(ws[k] as string) && ['with', 'who'].includes(ws[k + 1] as string))) continue;
      // a yes/no before the record's name: "for an active client", "for paid-up members"
      // ("only open workshops", "for open workshops": so is a listed value right before it)
      const lead = stateNamed(parent, ws.slice(Math.max(0, k - 3), k).filter((x) => !STATE_FILLERS.has(x)), 3, true) ?? stateNamed(parent, ws.slice(k - 1, k), 1);
      // a state after it: "boards in ok condition", "people with induction done"
      const trail = ['in', 'with', 'that', 'which', 'who', 'whose'].includes(ws[k + 1] as string) ? stateNamed(parent, ws.slice(k + 2).filter((x) => !STATE_FILLERS.has(x) && x !== 'are' && x !== 'have'), 2) : undefined;
      const state = lead ?? trail;
      if (!state) continue;
      const found = childOf(ctx, parent, [...ws.slice(0, Math.max(0, k - 3)), ...ws.slice(k + 1)]);
      if (!found) continue;
      // ("it shouldn't take any more, and only open courses can take enrolments": a negation of another clause is not this one's)
      const negated = ws.slice(clauseStart(ws, ws.indexOf('only'))).some((x) => NEGATIONS.has(x));
      return guardReading(found.child, found.via, parent, state, !negated);
    }
  }
  return undefined;
}

/**
 * "a boat that's under repair can't be taken out", "a broken instrument can't be borrowed", "you
 * can't book a bike that isn't in service", "no new loans of a withdrawn book": a record refused
 * for a parent in a state named beside it (before its name, or after "that", "whose", "if it"),
 * with no "only"; a state said in the negative ("isn't in service") is the one that must hold.
 */
export function notForParentInState({ ws, ctx }: RuleView): RuleReading | undefined {
  if (ws.includes('only') || !ws.some((x) => NEGATIONS.has(x))) return undefined;
  for (const parent of ctx.resources) {
    for (let k = 0; k < ws.length; k++) {
      if (!parent.words.includes(singular(ws[k] as string))) continue;
      const lead = stateNamed(parent, ws.slice(Math.max(0, k - 2), k).filter((x) => !STATE_FILLERS.has(x)), 2);
      // the state after "that", "whose", "if it" (wherever the verb puts it: "can't be loaned out if it isn't available"), else right after the name
      const rest = ws.slice(k + 1, k + 10);
      const opener = rest.findIndex((x) => STATE_OPENERS.has(x));
      const after = opener >= 0 ? rest.slice(opener + 1) : rest;
      const said = after.filter((x) => !NEGATED_STATE.has(x) && !STATE_LINKS.has(x));
      const trail = lead ? undefined : stateNamed(parent, said, 3);
      const state = lead ?? trail;
      if (!state) continue;
      // ("a bike that isn't in service": the negation is the state's, so the state must hold)
      // ("once a flight is closed no special meals can be added": a negation after the state is the clause's,
      // unless a verb gives it to the state: "whose active flag is no")
      const stateAt = after.findIndex((x) => !NEGATED_STATE.has(x) && !STATE_LINKS.has(x));
      const statesOwn = (i: number): boolean => stateAt < 0 || i < stateAt || ['is', 'are', 'was', 'were', 'be', 'set', 'marked'].includes(after[i - 1] as string) || i === after.length - 1;
      const negatedState = trail !== undefined && after.slice(0, 4).some((x, i) => NEGATED_STATE.has(x) && statesOwn(i));
      const found = childOf(ctx, parent, [...ws.slice(0, Math.max(0, k - 2)), ...ws.slice(k + 1)]);
      if (!found) continue;
      return guardReading(found.child, found.via, parent, state, negatedState);
    }
  }
  return undefined;
}


/** "people with induction done": a person who stands for the record the state belongs to. */
const ACTOR_STANDS_IN = new Set(['people', 'person', 'someone', 'anyone', 'those', 'customers', 'clients', 'users']);

/**
 * A state of `parent` named first in the first `within` words of `ws`: an enum value, or a yes/no
 * field (its name in one or more words: "paid up", "sold out"). `flagsOnly`: a word before a
 * record's name is a yes/no ("an active client"), never an enum value.
 */
function stateNamed(parent: ResourceDraft, ws: readonly string[], within = 3, flagsOnly = false): { field: string; value: string | boolean } | undefined {
  for (let n = 0; n < Math.min(ws.length, within); n++) {
    const w = ws[n] as string;
    for (const f of parent.fields) {
      if (f.spec.type === 'enum' && !flagsOnly) {
        const v = (f.spec.values ?? []).find((x) => x.toLowerCase() === w || x.toLowerCase() === ws.slice(n, n + 2).join(' ') || x.toLowerCase() === ws.slice(n, n + 3).join(' '));
        if (v !== undefined) return { field: f.spec.name, value: v };
      }
      if (f.spec.type === 'boolean' && (f.spec.name.toLowerCase() === w || f.spec.name === `is${w.charAt(0).toUpperCase()}${w.slice(1)}`)) return { field: f.spec.name, value: true };
      if (f.spec.type !== 'boolean') continue;
      const named = splitIdentifier(f.spec.name).map((x) => x.toLowerCase());
      const said = ws[n + named.length] ?? '';
      if (!named.every((x, j) => ws[n + j] === x)) continue;
      // ("whose induction required is yes": a yes/no named in its words, then yes or no)
      if (n === 0 && ['yes', 'no', 'true', 'false', 'ticked', 'set'].includes(said)) return { field: f.spec.name, value: ['yes', 'true', 'ticked', 'set'].includes(said) };
      // ("while they are paid up": named in several words, no answer after)
      if (named.length > 1 && !['yes', 'no', 'true', 'false'].includes(said)) return { field: f.spec.name, value: true };
    }
  }
  return undefined;
}
