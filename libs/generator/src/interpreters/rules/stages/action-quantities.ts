import type { FieldSpec } from '@backforge/blueprint';
import { type FieldDraft, readFieldItem } from '../fields.js';
import { prepareFieldList } from '../field-lists.js';
import { DECREASE_WORDS, DESCRIPTIVE_NUMBERS, DETERMINERS, INCREASE_WORDS, NOMINALIZATION, POSSESSIVES, VERB_SET } from '../lexicon.js';
import { type ActionDraft } from '../model.js';
import { camelCase, pascalCase, pastParticiple, splitIdentifier, verbLemma } from '../text.js';
import { splitList, type Tok, words as wordsOf } from '../tokens.js';
import { type ObjectRef, type Segment, withDirection } from './reading.js';
import { addField, fieldOf, mentionedFields, objectOf, resourceFromObject } from './resolve.js';
import { actedOn, pushOnce, pushTransition } from './actions.js';
import { readRule } from './rules.js';
import type { ReadingState } from './reading-state.js';
import { setEnum, stateTarget } from './action-states.js';

/**
 * Stage: actions on a number of a record — amounts added or taken ("restock a product", "a team
 * gets points"), a score on a scale ("rate a film from 1 to 10"), a date stamped ("water a
 * plant (records the last watered date)") and a reset ("reset a habit's streak"). Called by the
 * action phrasings (stages/action-phrasings.ts) and the verb classes (stages/action-classes.ts).
 */

export function readQuantity(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  // "resolving the code ... increments a visit counter": a counter on the action before it
  if (s.cls === 'increment' && obj.kind === 'noun' && ['counter', 'count', 'tally'].includes(obj.words[obj.words.length - 1] as string) && obj.words.length > 1) {
    const prior = [...ctx.actions].reverse().find((a) => a.kind === 'get' || a.kind === 'transition');
    if (prior) {
      const counted = obj.words[obj.words.length - 2] as string;
      readRule(ctx, { ...s.clause, text: `each ${prior.verb} counts a ${counted}`, toks: [{ raw: 'each', w: 'each' }, { raw: prior.verb, w: prior.verb }, { raw: 'counts', w: 'counts' }, { raw: 'a', w: 'a' }, { raw: counted, w: counted }] });
      return;
    }
  }
  const res = actedOn(ctx, obj, s, 'I cannot tell what it changes');
  if (!res) return;
  // "(adds to the quantity)", "(subtracts, but never below zero)"
  const explained = s.rest.flatMap((t) => (t.inner ? t.inner : [t]));
  const inParens = s.rest.flatMap((t) => t.inner ?? []);
  const numeric0 = (f: FieldDraft): boolean => f.spec.type === 'integer' || f.spec.type === 'number';
  const mentioned = mentionedFields(ctx, res, inParens).find(numeric0) ?? mentionedFields(ctx, res, explained).find(numeric0);
  const numeric = res.fields.filter((f) => (f.spec.type === 'integer' || f.spec.type === 'number') && !f.spec.generated);
  const stockish = numeric.find((f) => ['quantity', 'stock', 'balance', 'count', 'units', 'inventory', 'points', 'credits', 'copies', 'seats', 'spots', 'amount', 'level', 'hours'].some((w) => f.words.includes(w)));
  // a price, a percentage or a year is a property, not a quantity that goes up and down: with
  // no field named, changing it would be a guess ("redeem a coupon" is not "lower its discount")
  const quantityLike = numeric[0] && !numeric[0].words.some((w) => DESCRIPTIVE_NUMBERS.has(w)) ? numeric[0] : undefined;
  const field = mentioned ?? stockish ?? quantityLike;
  if (!field && s.cls === 'decrement' && !s.passive && s.rest.some((t) => t.w === 'once')) {
    // "customers redeem a coupon once": with nothing to count down, a single use is a state kept
    // (409 after); "the token can be used once" names no action anyone takes, and stays refused
    const state = pastParticiple(s.lemma.split('_')[0] as string);
    if (pushOnce(ctx, res, s.text, { verb: s.lemma, name: camelCase([...s.lemma.split('_'), ...res.words]), state })) {
      ctx.understood.push(`${s.lemma} marks ${pascalCase(res.words)} ${state}, once`);
      return;
    }
  }
  // ("withdraw a case" where a case's status has "withdrawn": with no number to change, the verb names a state)
  const state = field ? undefined : stateTarget(ctx, res, s.lemma);
  if (state && typeof state.value === 'string') {
    setEnum(ctx, s, res, { field: state.field, value: state.value }, false);
    return;
  }
  if (!field) {
    ctx.unmapped.push(`"${s.text}" (${pascalCase(res.words)} has no number to change)`);
    return;
  }
  const ws = withDirection(explained.map((t) => t.w));
  let decrement = s.cls === 'decrement';
  if (ws.some((w) => ['subtracts', 'subtract', 'decreases', 'reduces', 'removes', 'lowers', 'minus'].includes(w))) decrement = true;
  if (ws.some((w) => ['adds', 'increases', 'raises', 'plus'].includes(w))) decrement = false;
  if (decrement && (ws.includes('below') || ws.includes('negative') || ws.includes('under')) && (ws.includes('zero') || ws.includes('0') || ws.includes('negative'))) {
    if (field.spec.min === undefined || field.spec.min < 0) field.spec.min = 0;
  }
  if (decrement && field.spec.min === undefined) field.spec.min = 0;
  const byIdx = ws.lastIndexOf('by');
  // "by one", "by 5", "(removes one item)"
  const oneAfterVerb = ws.findIndex((w, i) => (INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w)) && (ws[i + 1] === 'one' || ws[i + 1] === 'a' || ws[i + 1] === 'an'));
  // "earns 10 points": a number right before the quantity's own word
  const counted = ws.findIndex((w, i) => /^\d+$/.test(w) && (field.words.includes(ws[i + 1] ?? '') || field.spec.name === ws[i + 1]));
  const literal = byIdx >= 0 ? (ws[byIdx + 1] === 'one' ? 1 : /^\d+$/.test(ws[byIdx + 1] ?? '') ? Number(ws[byIdx + 1]) : undefined) : oneAfterVerb >= 0 && ws[oneAfterVerb + 1] === 'one' ? 1 : counted >= 0 ? Number(ws[counted]) : undefined;
  const params = literal === undefined ? [{ name: 'amount', type: field.spec.type, required: true, min: field.spec.type === 'integer' ? 1 : 0 } satisfies FieldSpec] : [];
  const by = literal === undefined ? { param: 'amount' } : { literal };
  // "give a raise": the thing given names the action (giveRaiseEmployee)
  const objectWords = (obj.kind === 'noun' ? obj.words.filter((w) => !['more', 'less', 'extra', 'some'].includes(w)) : obj.kind === 'field' ? wordsOf(s.rest.slice(0, obj.end)).filter((w) => !DETERMINERS.has(w) && !POSSESSIVES.has(w)) : []).filter((w) => !INCREASE_WORDS.has(w) && !DECREASE_WORDS.has(w) && (verbLemma(w, VERB_SET) === undefined || verbLemma(w, VERB_SET) === w));
  const thing = objectWords.length > 0 && objectWords.length <= 2 && !['money', 'cash', 'funds', 'stock'].includes(objectWords[objectWords.length - 1] as string) && !(obj.kind === 'field' && objectWords.join('') === field.spec.name.toLowerCase() && ['quantity', 'stock', 'balance'].includes(field.spec.name)) ? objectWords : [];
  pushTransition(ctx, res, s.text, {
    verb: s.lemma,
    name: camelCase([...s.lemma.split('_'), ...thing, ...res.words]),
    params,
    effects: [decrement ? { decrement: field.spec.name, by } : { increment: field.spec.name, by }],
  });
  ctx.understood.push(`${s.lemma} ${decrement ? 'decreases' : 'increases'} ${field.spec.name}${decrement ? ` (never below ${field.spec.min ?? 0})` : ''}`);
}

/**
 * "rate them from 1 to 10 once watched": a score on the record itself, set by a transition whose
 * param carries the scale; "once <state>" also marks the record so.
 */
export function readRating(ctx: ReadingState, s: Segment, obj: ObjectRef): boolean {
  let range = s.rest.find((t) => t.w === '#range')?.range ?? s.rest.flatMap((t) => t.inner ?? []).find((t) => t.w === '#range')?.range;
  let name = NOMINALIZATION[s.lemma]?.[0] ?? 'rating';
  let givenType: FieldSpec['type'] | undefined;
  const withAt = s.rest.findIndex((t) => t.w === 'with');
  if (withAt >= 0) {
    // "grade a submission with a score (0-100)": the one number it gives
    const items = splitList(prepareFieldList(s.rest.slice(withAt + 1)));
    const reading = items.length === 1 ? readFieldItem(items[0] as Tok[], ctx.lookup, []) : undefined;
    if (reading?.kind !== 'field' || !['integer', 'number'].includes(reading.field.spec.type)) return false;
    name = reading.field.spec.name;
    givenType = reading.field.spec.type;
    range ??= { ...(reading.field.spec.min !== undefined ? { min: reading.field.spec.min } : {}), ...(reading.field.spec.max !== undefined ? { max: reading.field.spec.max } : {}) };
  }
  if (!range) return false;
  if (obj.kind !== 'pronoun' && obj.kind !== 'resource') return false;
  const res = resourceFromObject(ctx, obj, s);
  if (!res || res.fields.length === 0) return false;
  const bounds = { ...(range.min !== undefined ? { min: range.min } : {}), ...(range.max !== undefined ? { max: range.max } : {}) };
  const integer = givenType ? givenType === 'integer' : Number.isInteger(range.min ?? 0) && Number.isInteger(range.max ?? 0);
  const existing = fieldOf(ctx, res, name);
  const field = existing ?? addField(ctx, res, { spec: { name, type: integer ? 'integer' : 'number', required: false, generated: 'managed', ...bounds }, words: [name, s.lemma, 'score'] });
  if (existing) {
    field.spec.generated = 'managed';
    field.spec.required = false;
    delete field.spec.default;
    Object.assign(field.spec, bounds);
  }
  const effects: ActionDraft['effects'] = [{ set: field.spec.name, to: { param: field.spec.name } }];
  const once = s.rest.findIndex((t) => t.w === 'once' || t.w === 'after' || t.w === 'when');
  const stateWord = once >= 0 ? s.rest.slice(once + 1).find((t) => /^[a-z]+(ed|en)$/.test(t.w))?.w : undefined;
  if (once >= 0 && !stateWord) return false;
  if (stateWord) {
    const flag = fieldOf(ctx, res, stateWord) ?? addField(ctx, res, { spec: { name: stateWord, type: 'boolean', required: false, default: false, generated: 'managed' }, words: [stateWord] });
    if (flag.spec.type !== 'boolean') return false;
    effects.push({ set: flag.spec.name, to: { literal: true } });
  }
  ctx.lastResource = res;
  pushTransition(ctx, res, s.text, {
    verb: s.lemma,
    name: camelCase([s.lemma, ...res.words]),
    params: [{ name: field.spec.name, type: field.spec.type, required: true, ...bounds }],
    effects,
  });
  ctx.understood.push(`${s.lemma} sets ${field.spec.name} (${range.min ?? ''} to ${range.max ?? ''})${stateWord ? ` and marks it ${stateWord}` : ''}`);
  return true;
}

/** "water a plant (records the last watered date)": the action stamps a date or time. */
export function readStamp(ctx: ReadingState, s: Segment): boolean {
  const verb = s.lemma.replace(/^\?/, '');
  const paren = s.rest.find((t) => t.inner && ['records', 'sets', 'updates', 'stamps', 'saves', 'stores', 'logs', 'record', 'set', 'update'].includes(t.inner[0]?.w ?? ''));
  if (!paren?.inner) return false;
  const words = wordsOf(paren.inner.slice(1)).filter((w) => !DETERMINERS.has(w) && !POSSESSIVES.has(w));
  const last = words[words.length - 1] ?? '';
  if (words.length === 0 || words.length > 4 || !['date', 'time', 'timestamp', 'day', 'at', 'on'].includes(last)) return false;
  const o = objectOf(ctx, s.rest, ctx.lastResource);
  const res = resourceFromObject(ctx, o, s);
  if (!res) return false;
  const name = camelCase(words);
  const type = last === 'date' || last === 'day' ? 'date' : 'datetime';
  const field = fieldOf(ctx, res, name) ?? addField(ctx, res, { spec: { name, type, required: false, generated: 'managed' }, words: [name, ...words] });
  field.spec.generated = 'managed';
  field.spec.required = false;
  ctx.lastResource = res;
  pushTransition(ctx, res, s.text, { verb, name: camelCase([verb, ...res.words]), effects: [{ set: name, to: { now: true } }] });
  ctx.understood.push(`${verb} sets ${name} to now`);
  return true;
}

/** "reset a habit's streak": a number back to zero (or its default), a yes/no back to false. */
export function readReset(ctx: ReadingState, s: Segment): boolean {
  if (s.lemma !== '?reset') return false;
  const o = objectOf(ctx, s.rest, ctx.lastResource);
  const res = resourceFromObject(ctx, o, s);
  if (!res) return false;
  const field = o.kind === 'field' ? o.field : mentionedFields(ctx, res, s.rest)[0];
  if (!field || !['integer', 'number', 'boolean'].includes(field.spec.type)) return false;
  const to = field.spec.type === 'boolean' ? false : typeof field.spec.default === 'number' ? field.spec.default : Math.max(0, field.spec.min ?? 0);
  ctx.lastResource = res;
  pushTransition(ctx, res, s.text, { verb: 'reset', name: camelCase(['reset', ...res.words, ...splitIdentifier(field.spec.name)]), effects: [{ set: field.spec.name, to: { literal: to } }] });
  ctx.understood.push(`reset sets ${field.spec.name} back to ${String(to)}`);
  return true;
}
