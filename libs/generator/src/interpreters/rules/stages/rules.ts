import { COUNT_VERBS, NEGATIONS, REFUSALS, VERB_SET } from '../lexicon.js';
import { keyOf, type ResourceDraft } from '../model.js';
import { camelCase, singular, verbLemma } from '../text.js';
import { type Clause, tokenize, words as wordsOf } from '../tokens.js';
import { stripDeterminers } from './reading.js';
import { addField, addReference, fieldByWords, fieldOf } from './resolve.js';
import { isBaseOrGerund, segment } from './segment.js';
import { addRule } from './actions.js';
import { FIELD_STATEMENT, fieldStatement, readRuleClause, type RuleReading } from './rule-phrasings.js';
import { beatsTheRest, withinParent } from './rules-between-records.js';
import { capacity, capacitySaid, pointingAt, SOME_LEFT, wholeLimit } from './capacity-rules.js';
import { forParentInState, whileParentIs } from './parent-state.js';
import type { ReadingState } from './reading-state.js';

/** Rules: rule clauses read into guards, capacity, uniqueness, counters and field constraints. */
const ENDS_WHILE_LEFT = new RegExp(`(?:^|\\s)${SOME_LEFT}$`);

export function isRuleClause(ctx: ReadingState, c: Clause): boolean {
  const ws = wordsOf(c.toks);
  if (counterPattern(ctx, c)) return true;
  // "the party size can't be more than the campervan's berths", "an offer must beat the best offer
  // so far", "a bid can only be submitted while its tender is open": rules across two records
  const view = { clause: c, ws, ctx };
  if (withinParent(view) || beatsTheRest(view) || whileParentIs(view) || forParentInState(view)) return true;
  const said = ws.join(' ');
  // "an email can only appear once": a value that may appear once is unique
  if (/\b(?:can|may|should|must)\s+only\s+(?:appear|occur|be used)\s+once\b/.test(said)) return true;
  // "stop selling tickets once a workshop is full", "... once a workshop's seats are gone": a limit reached
  const reached = /\b(?:once|when|after|if)\b.*\b(?:is|are|gets|get|becomes)\s+(?:full|gone|taken|sold out|used up|booked up)\b/.test(said);
  if (reached && /^(?:stop|stops|close|closes|no|block|refuse)\b/.test(said)) return true;
  // "only while places are left", "as long as seats remain": a limit not yet reached
  if (ENDS_WHILE_LEFT.test(said)) return true;
  // "an event is capped at its max participants", "a workshop is full when its bookings reach its rigging points"
  // (capacitySaid leaves lists alone itself: "list ...", "show ...")
  if (!/^(?:get|sort)\b/.test(said) && capacitySaid(ctx, ws)) return true;
  // "a workshop holds at most its max attendees"
  const limitPhrase = ws.some((w, i) => (w === 'at' && ws[i + 1] === 'most') || (w === 'no' && ws[i + 1] === 'more') || (w === 'limited' && ws[i + 1] === 'to'));
  if (limitPhrase && ctx.resources.some((r) => r.fields.some((f) => f.spec.type === 'integer' && ws.some((w) => f.words.includes(w))))) return true;
  // ("mark a claim as rejected": a state a record is put in refuses nothing)
  const refusal = (w: string, prev: string | undefined): boolean => NEGATIONS.has(w) || (REFUSALS.has(w) && prev !== 'as');
  const neg = ws.findIndex((w, i) => refusal(w, ws[i - 1]));
  if (neg >= 0) {
    // "list animals that are not adopted" is an action whose filter is negated
    const first = segment(ctx, c)[0];
    const negTok = c.toks.findIndex((t, i) => refusal(t.w, c.toks[i - 1]?.w));
    return !(first && !first.passive && first.verbIndex < negTok && isBaseOrGerund(ctx, first.verbTok, first.lemma));
  }
  const firstVerbIdx = ws.findIndex((w) => ['must', 'should', 'is', 'are', 'has', 'needs'].includes(w));
  if (firstVerbIdx > 0 && ['be', 'unique', 'optional', 'required', 'mandatory', 'one', 'between', 'valid', 'an', 'a', 'to', 'at', 'positive'].includes(ws[firstVerbIdx + 1] ?? '')) {
    const left = stripDeterminers(ws.slice(0, firstVerbIdx));
    return left.length > 0 && fieldByWords(ctx, left) !== undefined;
  }
  // "each locker has at most one allocation", "a desk can only have one assignment"
  if (/\b(?:has|have|gets|get|takes|holds)\s+(?:at most|only|just|no more than)\s+one\b/.test(ws.join(' ')) || /\bonly have one\b/.test(ws.join(' '))) return true;
  // "only one enrolment per student and course"
  if (ws.includes('per') && (ws[0] === 'one' || (ws[0] === 'only' && ws[1] === 'one'))) return true;
  const copulaUnique = ws.includes('unique') && ws.some((w) => ['is', 'are', 'be', 'must', 'should'].includes(w)) && !segment(ctx, c).some((sg) => isBaseOrGerund(ctx, sg.verbTok, sg.lemma) && !sg.passive);
  return ws.includes('already') || ws.includes('twice') || copulaUnique || (ws.includes('each') && ws.some((w) => COUNT_VERBS.has(w)));
}

export function counterPattern(ctx: ReadingState, c: Clause): { trigger: string; counted: string } | undefined {
  const ws = wordsOf(c.toks);
  const ci = ws.findIndex((w, i) => i > 0 && COUNT_VERBS.has(w));
  if (ci < 0) return undefined;
  const lead = ws.slice(0, ci).filter((w) => !['each', 'every', 'per', 'whenever', 'when', 'a', 'an', 'the', 'time', 'someone', 'successful', 'and'].includes(w));
  if (!['each', 'every', 'per', 'whenever', 'when'].includes(ws[0] as string)) return undefined;
  const trigger = lead.map((w) => verbLemma(w, VERB_SET)).find((x): x is string => x !== undefined);
  const counted = stripDeterminers(ws.slice(ci + 1).filter((w) => w !== 'as' && w !== 'one' && w !== 'new'))[0];
  if (!trigger || !counted) return undefined;
  return { trigger, counted };
}

/** Reads a rule clause through the registry (rule-phrasings.ts) and applies what it read. */
export function readRule(ctx: ReadingState, c: Clause): void {
  const { phrasing, reading } = readRuleClause(ctx, c);
  ctx.ruleReadings.push({ clause: c.text, phrasing, reading: reading.kind });
  applyRuleReading(ctx, c, reading);
  // "Nobody under 12 may book, and once a trip's places are gone it must stop taking bookings": one
  // clause, two rules; the reading above took the whole, so the part before ", and once" is read on
  // its own too, and kept when it is another rule (it had been dropped without a word)
  const cut = c.text.search(/,\s+and\s+(?=(?:once|when|if|as soon as)\b)/i);
  if (reading.kind === 'refused' || cut <= 0) return;
  const head: Clause = { ...c, text: c.text.slice(0, cut), toks: tokenize(c.text.slice(0, cut)) };
  const first = readRuleClause(ctx, head);
  if (first.reading.kind !== 'refused' && first.reading.kind !== reading.kind) {
    ctx.ruleReadings.push({ clause: head.text, phrasing: first.phrasing, reading: first.reading.kind });
    applyRuleReading(ctx, head, first.reading);
  }
}

/** The one place a rule reading changes the analysis. */
export function applyRuleReading(ctx: ReadingState, c: Clause, r: RuleReading): void {
  switch (r.kind) {
    case 'refused':
      ctx.unmapped.push(`"${c.text}" (${r.reason})`);
      return;
    case 'count': {
      const field = fieldOf(ctx, r.resource, r.field) ?? addField(ctx, r.resource, { spec: { name: r.field, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [r.field, singular(r.field)] });
      field.spec.generated = 'managed';
      field.spec.required = false;
      field.spec.default ??= 0;
      const action = r.action;
      if (action.kind === 'get') {
        action.kind = 'transition';
        action.name ??= camelCase([...action.verb.split('_'), ...r.resource.words]);
        action.params = [];
        action.guards = [];
        action.effects = [];
      }
      action.effects.push({ increment: field.spec.name, by: { literal: 1 } });
      break;
    }
    case 'guard':
      if (r.guard) r.action.guards.push(r.guard);
      break;
    case 'capacity':
    case 'rule': {
      if (r.kind === 'capacity' && r.link) addReference(ctx, r.link.child, r.link.parent, true);
      // (a count of records is a whole number: "how many people it can take", "laptops")
      if (r.rule.kind === 'capacity') wholeLimit(ctx, r.rule);
      // ("treatment - must be one of the therapist's specialities": a value picked from a list is short text)
      const rule = r.rule;
      const picked = rule.kind === 'membership' ? ctx.resources.find((x) => keyOf(x.words) === rule.resource)?.fields.find((f) => f.spec.name === rule.field) : undefined;
      if (picked?.spec.type === 'text') picked.spec.type = 'string';
      addRule(ctx, r.rule);
      break;
    }
    case 'field':
      for (const k of Object.keys(r.field.spec)) if (!(k in r.spec)) delete (r.field.spec as unknown as Record<string, unknown>)[k];
      Object.assign(r.field.spec, r.spec);
      break;
    case 'forbid': {
      const i = ctx.actions.findIndex((a) => a.resource === r.resource && a.kind === r.action);
      if (i >= 0) ctx.actions.splice(i, 1);
      ctx.forbidden.add(`${r.resource}:${r.action}`);
      break;
    }
    case 'together': {
      const key = r.fields.join('+');
      r.resource.uniqueTogether ??= [];
      if (!r.resource.uniqueTogether.some((names) => names.join('+') === key)) r.resource.uniqueTogether.push([...r.fields]);
      break;
    }
    case 'noted':
      break;
  }
  ctx.understood.push(r.says);
}

/** "the ISBN must be unique", "notes are optional", "difficulty is between 1 and 5". */
export function readFieldStatement(ctx: ReadingState, c: Clause): boolean {
  const reading = fieldStatement({ clause: c, ws: wordsOf(c.toks), ctx });
  if (!reading) return false;
  ctx.ruleReadings.push({ clause: c.text, phrasing: FIELD_STATEMENT, reading: reading.kind });
  applyRuleReading(ctx, c, reading);
  return true;
}

/**
 * "A club can have at most 30 members", "each session has a maximum of 20 attendees": a limit
 * field on a record that exactly one kind of record points at is that record's capacity.
 */
export function addLimitRules(ctx: ReadingState): void {
  for (const parent of ctx.resources) {
    for (const f of parent.fields) {
      if (!f.words.includes('#limit') || ctx.rules.some((r) => r.kind === 'capacity' && r.limitField === f.spec.name)) continue;
      const pointing = pointingAt(ctx, parent);
      if (pointing.length !== 1) continue;
      const reading = capacity(parent, pointing[0] as ResourceDraft, f.spec.name);
      addRule(ctx, reading.rule);
      ctx.understood.push(reading.says);
    }
  }
}
