import type { FieldSpec, GuardSpec } from '@backforge/blueprint';
import type { ReadingState } from './reading-state.js';
import type { FieldDraft } from '../fields.js';
import { NEGATIONS, OVERLAP_WORDS, PERIOD_NOUNS, RULE_COPULAS, SHARE_WORDS, VERB_SET, VERBS, ZERO_WORDS, BELOW_WORDS, ONCE_WORDS, DETERMINERS, PRONOUN_SUBJECTS } from '../lexicon.js';
import { keyOf, type ActionDraft, type ResourceDraft, type RuleDraft } from '../model.js';
import { camelCase, pastParticiple, plural, singular, splitIdentifier, verbInfinitive, verbLemma } from '../text.js';
import { pushOnce } from './actions.js';
import { fieldByWords, findResource } from './resolve.js';
import { splitList, textOf, words as wordsOf, type Clause } from '../tokens.js';
import { stripDeterminers } from './reading.js';
import { counterPattern } from './rules.js';
import { atMostOneOf, comparisonIn, oneRecordPerCombination, PARENT_RULE_PHRASINGS } from './rules-between-records.js';
import { CAPACITY_PHRASINGS } from './capacity-rules.js';

/**
 * The registry of rule phrasings: each entry reads one way people write a rule ("a book that is
 * already borrowed cannot be borrowed again", "an event can't take more guests than its capacity")
 * over the records, fields and actions already resolved, into a typed reading. Entries are pure:
 * they look at the analysis and never change it; `applyRuleReading` (rules.ts) does. The first
 * entry that matches reads the clause; rule-phrasings.spec.ts runs every entry's examples.
 */
export type RuleReading =
  /** Each `trigger` adds one to a managed counter on the action's record. */
  | { kind: 'count'; action: ActionDraft; resource: ResourceDraft; field: string; says: string }
  /** The action refuses a state; `guard` is absent when the action already carries it. */
  | { kind: 'guard'; action: ActionDraft; guard?: GuardSpec; says: string }
  /** `link`: the child is not yet tied to the parent; the rule says it is ("no more bookings for a ceilidh than its capacity"). */
  | { kind: 'capacity'; rule: RuleDraft; says: string; link?: { child: ResourceDraft; parent: ResourceDraft } }
  /** A compare or parent-guard rule (stages/rule-comparisons.ts). */
  | { kind: 'rule'; rule: RuleDraft; says: string }
  /** Restates what the blueprint already holds. */
  | { kind: 'noted'; says: string }
  /** A field's new spec (unique, optional, a range, values, a default, a minimum). */
  | { kind: 'field'; field: FieldDraft; spec: FieldSpec; says: string }
  /** "books cannot be deleted": the action is not offered. */
  | { kind: 'forbid'; resource: string; action: 'delete' | 'update'; says: string }
  /** No two records of `resource` share these fields' values together. */
  | { kind: 'together'; resource: ResourceDraft; fields: string[]; says: string }
  /** Recognised, but the blueprint cannot do it as written: a warning quoting the clause. */
  | { kind: 'refused'; reason: string };

/** What an entry sees: the clause, its words, and the analysis so far (read-only by convention). */
export interface RuleView {
  clause: Clause;
  ws: string[];
  ctx: ReadingState;
}

export interface RulePhrasing {
  name: string;
  /** A small prompt whose last sentence is the rule, and what the rule must be read as. */
  examples: [string, string][];
  read: (v: RuleView) => RuleReading | undefined;
}

const firstVerb = (a: ActionDraft): string => a.verb.split('_')[0] as string;
const namesVerb = (ws: readonly string[], a: ActionDraft): boolean => ws.some((w) => verbLemma(w, new Set([firstVerb(a)])) !== undefined || w === pastParticiple(firstVerb(a)));
const setsLiteral = (a: ActionDraft, field: string, value: string | boolean): boolean => a.effects.some((e) => 'set' in e && e.set === field && 'literal' in e.to && e.to.literal === value);
const cloneSpec = (spec: FieldSpec): FieldSpec => JSON.parse(JSON.stringify(spec)) as FieldSpec;


/**
 * "A broken tool can't be borrowed", "a spot that's occupied can't take another car": a negated
 * rule naming a state of the record (an enum value or a yes/no field) guards the action it names,
 * or the one that sets that state.
 */
export function stateGuard({ ws, ctx }: RuleView): RuleReading | undefined {
  const neg = ws.findIndex((w) => NEGATIONS.has(w));
  if (neg < 0) return undefined;
  for (const res of ctx.resources) {
    if (!ws.some((w) => res.words.includes(singular(w)))) continue;
    // the state is named with the thing, before the negation ("a car in maintenance can't ...")
    const lead = ws.slice(0, neg);
    let state: { field: FieldDraft; value: string | boolean } | undefined;
    for (const f of res.fields) {
      if (f.spec.type === 'boolean' && lead.some((w) => w === f.spec.name.toLowerCase())) state = { field: f, value: true };
      if (f.spec.type === 'enum') {
        const v = (f.spec.values ?? []).find((val) => lead.includes(val.toLowerCase()));
        if (v !== undefined) state = { field: f, value: v };
      }
      if (state) break;
    }
    if (!state) continue;
    const { field, value } = state;
    const own = ctx.actions.filter((a) => a.resource === keyOf(res.words) && a.kind === 'transition');
    // the action named after the negation ("can't be borrowed"), else the one that sets the state
    const named = own.find((a) => namesVerb(ws.slice(neg + 1), a));
    const setter = own.find((a) => setsLiteral(a, field.spec.name, value));
    // (not the setter when another record is refused: "once a flight is closed no special meals can be added")
    const guarded = named ?? (ctx.resources.some((o) => o !== res && ws.slice(neg + 1).some((w) => o.words.at(-1) === singular(w))) ? undefined : setter);
    if (!guarded) continue;
    const thing = res.words.join(' ');
    const label = typeof value === 'string' ? value : splitIdentifier(field.spec.name).join(' ');
    const has = guarded.guards.some((g) => g.field === field.spec.name && g.op === 'ne' && JSON.stringify(g.value) === JSON.stringify({ literal: value }));
    const message = guarded === setter && !named ? `This ${thing} is already ${label}` : `A ${label} ${thing} cannot be ${pastParticiple(firstVerb(guarded))}`;
    return { kind: 'guard', action: guarded, ...(has ? {} : { guard: { field: field.spec.name, op: 'ne', value: { literal: value }, message } }), says: `${guarded.name ?? guarded.verb} is refused when the ${thing} is ${label}` };
  }
  return undefined;
}

export const FIELD_STATEMENT = 'a constraint on one field';

/**
 * "Payments must be at least £1", "a payment must be at least 1": a bound said of a record with one
 * amount (one number that is not generated) is said of that amount.
 */
function amountOfRecord(ctx: ReadingState, subject: readonly string[], tail: readonly string[]): { res: ResourceDraft; field: FieldDraft } | undefined {
  if (subject.length !== 1 || !tail.some((w) => /^\d/.test(w)) || !tail.some((w) => ['least', 'most', 'between', 'over', 'under', 'more', 'less'].includes(w))) return undefined;
  const res = findResource(ctx, [...subject]);
  const numbers = res?.fields.filter((f) => (f.spec.type === 'number' || f.spec.type === 'integer') && !f.spec.generated) ?? [];
  return res && numbers.length === 1 ? { res, field: numbers[0] as FieldDraft } : undefined;
}

/** "the ISBN must be unique", "notes are optional", "difficulty is between 1 and 5". */
export function fieldStatement({ clause: c, ws, ctx }: RuleView): Extract<RuleReading, { kind: 'field' }> | undefined {
  const cop = ws.findIndex((w) => RULE_COPULAS.has(w) || MODAL_NEGATIONS.has(w));
  // ("... can only be recorded for a tool whose induction required is yes": a condition, no field's flag)
  if (cop <= 0 || ws.some((w) => ['whose', 'while', 'unless', 'once'].includes(w))) return undefined;
  const hit = fieldByWords(ctx, stripDeterminers(ws.slice(0, cop))) ?? amountOfRecord(ctx, stripDeterminers(ws.slice(0, cop)), ws.slice(cop + 1));
  if (!hit) return undefined;
  const spec = cloneSpec(hit.field.spec);
  const tail = ws.slice(cop + 1);
  let did = false;
  if (tail.includes('unique') && spec.type !== 'boolean' && spec.type !== 'stringList') {
    spec.unique = true;
    did = true;
  }
  if (tail.includes('optional') || (tail.includes('be') && tail.includes('empty'))) {
    spec.required = false;
    did = true;
  }
  if (tail.includes('required') || tail.includes('mandatory')) {
    spec.required = true;
    delete spec.default;
    did = true;
  }
  if (tail.includes('email')) {
    spec.type = 'email';
    did = true;
  }
  if (tail.includes('url') || tail.includes('link')) {
    spec.type = 'url';
    did = true;
  }
  if (tail.includes('positive') && (spec.type === 'integer' || spec.type === 'number')) {
    spec.min = spec.type === 'integer' ? 1 : 0;
    did = true;
  }
  const range = c.toks.find((t) => t.w === '#range' || (t.inner ?? []).some((x) => x.w === '#range'));
  const r = range?.range ?? range?.inner?.find((x) => x.w === '#range')?.range;
  if (r && (spec.type === 'integer' || spec.type === 'number' || spec.type === 'string')) {
    if (spec.type === 'string') spec.type = 'integer';
    if (r.min !== undefined) spec.min = r.min;
    if (r.max !== undefined) spec.max = r.max;
    did = true;
  }
  const bound = !r ? literalBound(ws.slice(cop)) : undefined;
  if (bound && (spec.type === 'integer' || spec.type === 'number')) {
    // ("less than 13" on a whole number is at most 12; on a number the bound itself is kept)
    const exclusive = spec.type === 'integer' && (bound.op === 'lt' || bound.op === 'gt') ? (bound.op === 'lt' ? -1 : 1) : 0;
    if (bound.op === 'lt' || bound.op === 'lte') spec.max = bound.value + exclusive;
    else spec.min = bound.value + exclusive;
    did = true;
  }
  const paren = c.toks.find((t) => t.w === '#paren');
  const oneOf = ws.indexOf('of');
  if ((paren || (oneOf > 0 && ws[oneOf - 1] === 'one')) && !r) {
    const values = paren ? splitList(paren.inner ?? []).map(textOf) : splitList(c.toks.slice(c.toks.findIndex((t, i) => t.w === 'of' && c.toks[i - 1]?.w === 'one') + 1)).map(textOf);
    if (values.length >= 2) {
      spec.type = 'enum';
      spec.values = values;
      delete spec.min;
      delete spec.max;
      if (!spec.required || spec.default === undefined) spec.default = values[0];
      spec.required = false;
      did = true;
    }
  }
  const def = ws.findIndex((w) => w === 'default' || w === 'defaults' || w === 'starts');
  if (def >= 0) {
    const raw = ws.slice(def + 1).filter((w) => !['to', 'at', 'as', 'of', 'is', 'out', 'with'].includes(w))[0];
    if (raw !== undefined) {
      const value = spec.type === 'boolean' ? ['true', 'yes', 'on'].includes(raw) : spec.type === 'integer' || spec.type === 'number' ? Number(raw === 'zero' ? 0 : raw) : spec.type === 'enum' ? (spec.values ?? []).find((v) => v.toLowerCase() === raw) : raw;
      if (value !== undefined && !(typeof value === 'number' && Number.isNaN(value))) {
        spec.default = value;
        spec.required = false;
        did = true;
      }
    }
  }
  return did ? { kind: 'field', field: hit.field, spec, says: `${spec.name}: ${c.text}` } : undefined;
}

/** Negations that are also the copula of a field statement ("the band size can't be more than 12"). */
const MODAL_NEGATIONS = new Set(['cannot', "can't", "mustn't", "shouldn't", "won't"]);

/**
 * "can't be more than 12", "must be at most 12", "may not exceed 12", "at least 2": a bound written
 * as a comparison with a number, the comparison turned round by a negation before it.
 */
export function literalBound(ws: readonly string[]): { op: 'lt' | 'lte' | 'gt' | 'gte'; value: number } | undefined {
  const cmp = comparisonIn(ws, { skip: ['before', 'after', 'within'], verbs: ['exceed', 'exceeds', 'top', 'tops'], withImplied: false });
  const written = cmp ? ws[cmp.at + cmp.len] : undefined;
  return cmp && written !== undefined && /^\d+(?:\.\d+)?$/.test(written) ? { op: cmp.op, value: Number(written) } : undefined;
}

export const RULE_PHRASINGS: RulePhrasing[] = [
  {
    name: 'each action counts on its record',
    examples: [
      ['Make a link shortener. You submit a URL and get back a short code. Looking up a code gives you the URL and counts one visit.', 'each look_up adds one to visits'],
      ['Posts have a title. Users can view a post. Every view counts as one view.', 'each view adds one to views'],
    ],
    read: ({ clause: c, ctx }) => {
      const counter = counterPattern(ctx, c);
      if (!counter) return undefined;
      const action = [...ctx.actions].reverse().find((a) => a.verb === counter.trigger);
      if (!action) return { kind: 'refused', reason: `nothing in the prompt does "${counter.trigger}"` };
      const resource = ctx.resources.find((r) => keyOf(r.words) === action.resource) as ResourceDraft;
      const field = plural(singular(counter.counted));
      if (action.kind !== 'get' && action.kind !== 'transition') return { kind: 'refused', reason: `only a lookup or a change can count ${field}` };
      return { kind: 'count', action, resource, field, says: `each ${counter.trigger} adds one to ${field}` };
    },
  },
  {
    name: 'an action done once cannot be done again',
    examples: [
      ['Books have a title and a status (available, borrowed). Members can borrow a book, which marks it borrowed. A book that is already borrowed cannot be borrowed again.', 'borrowBook is refused when it was already done'],
      ['Invoices have a number and a paid flag. Staff can mark an invoice as paid. An invoice cannot be paid twice.', 'markInvoicePaid is refused when it was already done'],
      ['Refunds have an amount and an order reference. A refund that was already issued can\'t be issued again.', 'issueRefund is refused when it was already done'],
    ],
    read: ({ clause: c, ws, ctx }) => {
      // ("Once a flight is closed no ...": "once" opening a clause says when, not how often)
      if (!ws.some((w, k) => ONCE_WORDS.has(w) && !(w === 'once' && (k === 0 || DETERMINERS.has(ws[k + 1] as string) || PRONOUN_SUBJECTS.has(ws[k + 1] as string))))) return undefined;
      const sets = (a: ActionDraft, w: string): boolean => a.effects.some((e) => 'set' in e && 'literal' in e.to && (e.set === w || e.to.literal === w));
      const guarded = ctx.actions.find((a) => a.kind === 'transition' && ws.some((w) => verbLemma(w, new Set([firstVerb(a)])) !== undefined || w === pastParticiple(firstVerb(a)) || sets(a, w))) ?? doneOnce(ctx, ws, c.text);
      if (!guarded) return undefined;
      const says = `${guarded.name ?? guarded.verb} is refused when it was already done`;
      if (guarded.guards.length > 0) return { kind: 'guard', action: guarded, says };
      const effect = guarded.effects[0];
      if (!(effect && 'set' in effect && 'literal' in effect.to)) return undefined;
      const state = typeof effect.to.literal === 'string' ? effect.to.literal : effect.set;
      return { kind: 'guard', action: guarded, guard: { field: effect.set, op: 'ne', value: effect.to, message: `This ${guarded.resource} is already ${state}` }, says };
    },
  },
  {
    name: 'a record in a state cannot be acted on',
    examples: [
      ['Tools have a name and a status (available, broken). Members can borrow a tool. A broken tool cannot be borrowed.', 'borrowTool is refused when the tool is broken'],
      ['Cars have a make and a status (available, rented, maintenance). Customers rent a car and return it; a car in maintenance cannot be rented.', 'rentCar is refused when the car is maintenance'],
    ],
    read: stateGuard,
  },
  {
    name: 'a taken record cannot be taken',
    examples: [
      ['Books have a title. Members can borrow a book and return it. It must not be possible to borrow a book that is currently on loan.', 'borrowBook is refused while it is taken'],
      ['Bikes have a frame number. Riders rent bikes and give them back. It must not be possible to rent a bike that is currently out.', 'rentBike is refused while it is taken'],
    ],
    read: ({ ws, ctx }) => {
      const take = ctx.actions.find((a) => a.kind === 'transition' && VERBS[a.verb] === 'take' && ws.some((w) => verbLemma(w, new Set([firstVerb(a)])) !== undefined));
      if (!take || !ws.some((w) => NEGATIONS.has(w)) || take.guards.length === 0) return undefined;
      return { kind: 'noted', says: `${take.name ?? take.verb} is refused while it is taken` };
    },
  },
  // rules between a record and its parent (stages/rules-between-records.ts)
  ...PARENT_RULE_PHRASINGS,
  // capacities, however they are said (stages/capacity-rules.ts)
  ...CAPACITY_PHRASINGS,
  {
    name: 'nobody under an age may do it',
    examples: [
      ['Trips have a canyon name and a date. Guests book onto a trip with their name and their age. Nobody under 12 may book.', 'age is at least 12'],
      ['Parties have a date. Bookings have a party, a child name and an age. No children under 4 can book.', 'age is at least 4'],
    ],
    read: ({ ws, ctx }) => {
      const said = ws.join(' ');
      // ("must be at least 16 to ride" is read as an action, "ride", before any rule sees it)
      const m = /^(?:nobody|no one|noone|no-one|no guests?|no kids|no children)\s+(?:under|younger than|below)\s+(\d+)\b/.exec(said);
      const min = Number(m?.[1]);
      if (!m) return undefined;
      const aged = ctx.resources.flatMap((r) => r.fields.filter((f) => (f.spec.type === 'integer' || f.spec.type === 'number') && /^(?:age|ageYears|ageInYears)$/.test(f.spec.name)));
      const field = aged.length === 1 ? aged[0] : undefined;
      if (!field || !Number.isFinite(min)) return undefined;
      const spec = cloneSpec(field.spec);
      spec.min = min;
      return { kind: 'field', field, spec, says: `${spec.name} is at least ${min}` };
    },
  },
  {
    name: 'a number that never goes below zero',
    examples: [
      ['Racks have a label and a used units count. Allocate units on a rack (increase used units by an amount). Used units can never go below zero.', 'usedUnitsCount never goes below zero'],
      ['Items have a name and a quantity. The quantity cannot be negative.', 'quantity never goes below zero'],
    ],
    read: ({ ws, ctx }) => {
      if (!ws.some((w) => BELOW_WORDS.has(w)) || !ws.some((w) => ZERO_WORDS.has(w))) return undefined;
      const hit = fieldByWords(ctx, ws);
      if (!hit || (hit.field.spec.type !== 'integer' && hit.field.spec.type !== 'number')) return undefined;
      const spec = cloneSpec(hit.field.spec);
      spec.min = Math.max(spec.min ?? 0, 0);
      return { kind: 'field', field: hit.field, spec, says: `${spec.name} never goes below zero` };
    },
  },
  {
    name: 'one record per combination of values',
    examples: [
      ['Enrolments have a student and a course. Only one enrolment per student and course.', 'no two enrolments share student and course'],
      ['Sessions have a chair number, a date and a shift. A chair cannot be booked twice for the same date and shift.', 'no two sessions share chairNumber, date and shift'],
      ['Hires have a castle and a hire date. A castle cannot be hired twice on the same date.', 'no two hires share castle and hireDate'],
    ],
    read: oneRecordPerCombination,
  },
  {
    name: 'a record has at most one of another',
    examples: [
      ['Lockers have a number. Allocations have a locker and a pupil name. Each locker has at most one allocation.', 'locker is unique'],
      ['Desks have a code. Assignments have a desk and a person. A desk can only have one assignment.', 'desk is unique'],
    ],
    read: atMostOneOf,
  },
  {
    name: 'no two records share a value',
    examples: [
      ['Books have a title and an isbn. No two books share an isbn.', 'isbn is unique'],
      ['Members have a name and an email. Two members cannot have the same email.', 'email is unique'],
      ['Tickets have a name and an email. One ticket per email.', 'email is unique'],
      ['Tickets have a name and an email. An email can only appear once.', 'email is unique'],
      ['Tags have a number and a car. Tag numbers must never be used twice.', 'number is unique'],
    ],
    read: ({ ws, ctx }) => {
      // "... in same dates", "at the same time": two records over one period, not a unique value
      const samePeriod = ws.some((w, k) => w === 'same' && PERIOD_NOUNS.has(ws[k + 1] ?? ''));
      const overlap = samePeriod || ws.some((w) => OVERLAP_WORDS.has(w));
      // ("an email can only appear once", "key tag numbers must never be used twice", "one ticket per email")
      const once = ws.includes('once') && ws.some((w) => ['only', 'appear', 'appears', 'occur', 'occurs'].includes(w));
      const twice = ws.includes('twice') && ws.some((w) => ['used', 'reused', 'repeated', 'entered', 'issued', 'given', 'assigned'].includes(w));
      const perValue = (ws[0] === 'one' || (ws[0] === 'only' && ws[1] === 'one')) && ws.includes('per');
      const sharing = ws.includes('share') || ws.includes('duplicate') || ws.includes('unique') || (ws.includes('same') && ws.includes('two')) || once || twice || perValue;
      if (!sharing || overlap || !fieldByWords(ctx, ws)) return undefined;
      const hit = fieldByWords(ctx, perValue ? ws.slice(ws.indexOf('per') + 1) : ws.filter((w) => !SHARE_WORDS.has(w)));
      if (!hit || hit.field.spec.type === 'boolean' || hit.field.spec.type === 'stringList') return undefined;
      const spec = cloneSpec(hit.field.spec);
      spec.unique = true;
      return { kind: 'field', field: hit.field, spec, says: `${spec.name} is unique` };
    },
  },
  {
    name: 'records that cannot be deleted or changed',
    examples: [
      ['Books have a title. Books cannot be deleted.', 'books cannot be deleted'],
      ['Payments have an amount. Payments can never be updated.', 'payments cannot be updated'],
    ],
    read: ({ ws, ctx }) => {
      const neg = ws.findIndex((w) => NEGATIONS.has(w));
      if (neg < 0) return undefined;
      const verb = ws.slice(neg + 1).map((w) => verbLemma(w, VERB_SET)).find((x): x is string => x !== undefined);
      const res = ctx.resources.find((r) => ws.slice(0, neg).some((w) => r.words.includes(singular(w))));
      if (!verb || !res || !['delete', 'update'].includes(VERBS[verb] ?? '')) return undefined;
      const action = VERBS[verb] as 'delete' | 'update';
      return { kind: 'forbid', resource: keyOf(res.words), action, says: `${plural(res.words.join(' '))} cannot be ${action}d` };
    },
  },
  {
    name: FIELD_STATEMENT,
    examples: [
      ['Books have a title and an isbn. The isbn must be unique.', 'isbn: The isbn must be unique'],
      ['Climbs have a name and a difficulty. Difficulty is between 1 and 5.', 'difficulty: Difficulty is between 1 and 5'],
      ["Bookings have a date and a band size. The band size can't be more than 12.", "bandSize: The band size can't be more than 12"],
      ['Orders have a buyer and a quantity. The quantity must be at least 2.', 'quantity: The quantity must be at least 2'],
    ],
    read: fieldStatement,
  },
];

/** The first entry that reads the clause, with its reading; a clause none reads is a warning. */
export function readRuleClause(ctx: ReadingState, clause: Clause): { phrasing: string; reading: RuleReading } {
  const view: RuleView = { clause, ws: wordsOf(clause.toks), ctx };
  for (const p of RULE_PHRASINGS) {
    const reading = p.read(view);
    if (reading) return { phrasing: p.name, reading };
  }
  return { phrasing: 'none', reading: { kind: 'refused', reason: 'a rule I cannot enforce' } };
}

/** "A refund that was already issued can't be issued again", no action issuing: a new action issues it, once (its status takes the state, else a yes/no is kept), guarded. */
function doneOnce(ctx: ReadingState, ws: readonly string[], text: string): ActionDraft | undefined {
  const res = ctx.resources.find((r) => ws.slice(0, 3).some((w) => singular(w) === r.words[r.words.length - 1]));
  // ("a desk can't be reserved twice for the same day" is one reservation per desk and day, not a desk reserved once)
  if (ws.some((w) => w === 'same' || w === 'per' || PERIOD_NOUNS.has(w))) return undefined;
  const state = ws.find((w, k) => /^[a-z]{3,}(?:ed|en)$/.test(w) && (ws.indexOf(w) !== ws.lastIndexOf(w) || ws[k - 1] === 'already'));
  const verb = state ? verbInfinitive(state) : undefined;
  // ("no session may be logged against a book that is already delivered": the state is another record's)
  if (!res || !state || !verb || verb === state || ctx.resources.some((o) => o !== res && o.fields.some((f) => f.spec.values?.includes(state) || f.spec.name === state))) return undefined;
  const status = res.fields.find((f) => f.spec.type === 'enum' && f.spec.values?.includes(state));
  const name = camelCase([verb, ...res.words]);
  if (!pushOnce(ctx, res, text, { verb, name, state, ...(status ? { field: status.spec.name, to: state } : {}) })) return undefined;
  return ctx.actions.find((a) => a.kind === 'transition' && a.name === name);
}
