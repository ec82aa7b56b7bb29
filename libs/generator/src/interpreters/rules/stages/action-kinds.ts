import type { EffectSpec, FieldSpec, GuardSpec } from '@backforge/blueprint';
import { type FieldDraft, prepareFieldList, readFieldItem } from '../fields.js';
import { ACTOR_WORDS, ANTONYMS, DECISION_SIDES, DECREASE_WORDS, DESCRIPTIVE_NUMBERS, DETERMINERS, ENUM_TARGETS, INCREASE_WORDS, LEAVE_VERBS, LENDING_VERBS, NOMINALIZATION, OCCUPANCY, OCCUPY_PREPS, POSSESSIVES, PRESENCE, STATE_OF_VERB, VERB_SET, VERBS } from '../lexicon.js';
import { type ActionDraft, keyOf, type ResourceDraft } from '../model.js';
import { camelCase, pascalCase, pastParticiple, singular, splitIdentifier, verbLemma } from '../text.js';
import { splitList, textOf, type Tok, words as wordsOf } from '../tokens.js';
import { type ObjectRef, type Segment, sentenceCase, withDirection } from './reading.js';
import { addField, fieldOf, findResource, mentionedFields, objectOf, relationTarget, resourceAt, resourceFromObject } from './resolve.js';
import { isFieldish } from './segment.js';
import { filtersOf, pushAction, pushTransition } from './actions.js';
import { readRelation } from './relations.js';
import { readRule } from './rules.js';
import type { ReadingState } from './reading-state.js';

/** Actions of a kind: occupancy, ratings, stamps, resets, presence, quantities, states, marks, takes and releases. */
/**
 * "Cars park in a spot and leave it": a verb that goes in/into/at a record with an occupancy
 * yes/no field (occupied, taken, in use ...) sets it, refused when already set; leaving,
 * vacating or freeing it clears it, refused when not set.
 */
export function readOccupancy(ctx: ReadingState, s: Segment, obj: ObjectRef): boolean {
  const verb = s.lemma.replace(/^\?/, '');
  const occupancyOf = (res: ResourceDraft): FieldDraft | undefined => res.fields.find((f) => f.spec.type === 'boolean' && OCCUPANCY.has(f.spec.name));
  if (LEAVE_VERBS.has(verb)) {
    const res = resourceFromObject(ctx, obj, s);
    const field = res ? occupancyOf(res) : undefined;
    if (!res || !field || !ctx.actions.some((a) => a.resource === keyOf(res.words) && a.effects.some((e) => 'set' in e && e.set === field.spec.name))) return false;
    pushOccupancy(ctx, s, verb, res, field, false);
    return true;
  }
  if (s.cls !== 'unknown' || !OCCUPY_PREPS.has(s.rest[0]?.w ?? '')) return false;
  let j = 1;
  while (j < s.rest.length && DETERMINERS.has((s.rest[j] as Tok).w)) j++;
  const r = resourceAt(ctx, s.rest, j);
  const field = r ? occupancyOf(r.res) : undefined;
  if (!r || !field) return false;
  pushOccupancy(ctx, { ...s, rest: s.rest.slice(r.end) }, verb, r.res, field, true);
  return true;
}

export function pushOccupancy(ctx: ReadingState, s: Segment, verb: string, res: ResourceDraft, field: FieldDraft, value: boolean): void {
  const thing = res.words.join(' ');
  const state = splitIdentifier(field.spec.name).join(' ');
  ctx.lastResource = res;
  pushTransition(ctx, res, s.text, {
    verb,
    name: camelCase([...verb.split('_'), ...res.words]),
    guards: [{ field: field.spec.name, op: 'ne', value: { literal: value }, message: value ? `This ${thing} is already ${state}` : `This ${thing} is not ${state}` }],
    effects: [{ set: field.spec.name, to: { literal: value } }],
  });
  ctx.understood.push(`${verb} ${value ? 'sets' : 'clears'} ${field.spec.name}`);
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

/** "check dogs in and out": in sets a yes/no field, out clears it; each refused when already so. */
export function readPresence(ctx: ReadingState, s: Segment, obj: ObjectRef): boolean {
  const p = PRESENCE[s.lemma] as { field: string; value: boolean };
  const res = resourceFromObject(ctx, obj, s);
  if (!res) return false;
  const lending = ctx.actions.some((a) => a.resource === keyOf(res.words) && a.kind === 'transition' && VERBS[a.verb] === 'take');
  const existing = fieldOf(ctx, res, p.field);
  // a check-out that lends (libraries) or a check-in after a lending is handled as take/release
  if (lending || (!p.value && !existing && VERBS[s.lemma] === 'take')) return false;
  if (s.rest.some((t) => t.w === 'with')) return false;
  const field = existing ?? addField(ctx, res, { spec: { name: p.field, type: 'boolean', required: false, default: false, generated: 'managed' }, words: [p.field, ...splitIdentifier(p.field)] });
  const thing = res.words.join(' ');
  const state = splitIdentifier(p.field).join(' ');
  ctx.lastResource = res;
  pushTransition(ctx, res, s.text, {
    verb: s.lemma,
    name: camelCase([...s.lemma.split('_'), ...res.words]),
    guards: [{ field: field.spec.name, op: 'ne', value: { literal: p.value }, message: p.value ? `This ${thing} is already ${state}` : `This ${thing} is not ${state}` }],
    effects: [{ set: field.spec.name, to: { literal: p.value } }],
  });
  return true;
}

/** "to gold", "to in progress": a value of one of the resource's enums after "to". */
export function enumTarget(ctx: ReadingState, res: ResourceDraft, toks: readonly Tok[]): { field: FieldDraft; value: string } | undefined {
  for (let i = 0; i < toks.length; i++) {
    if (toks[i]?.w !== 'to' && toks[i]?.w !== 'as' && toks[i]?.w !== 'into') continue;
    let j = i + 1;
    while (j < toks.length && DETERMINERS.has((toks[j] as Tok).w)) j++;
    for (const f of res.fields.filter((x) => x.spec.type === 'enum')) {
      for (const v of f.spec.values ?? []) {
        const vw = v.toLowerCase().split(/\s+/);
        if (vw.every((w, k) => toks[j + k]?.w === w)) return { field: f, value: v };
      }
    }
  }
  return undefined;
}

export function setEnum(ctx: ReadingState, s: Segment, res: ResourceDraft, target: { field: FieldDraft; value: string }, withValue: boolean): void {
  ctx.lastResource = res;
  pushTransition(ctx, res, s.text, {
    verb: s.lemma.replace(/^\?/, ''),
    name: camelCase([...s.lemma.replace(/^\?/, '').split('_'), ...res.words, ...(withValue ? ['to', ...target.value.split(/\s+/)] : [])]),
    effects: [{ set: target.field.spec.name, to: { literal: target.value } }],
  });
}

/**
 * The records an action sentence acts on, which become the ones "it"/"them" name next; when none
 * can be told, the sentence is a named gap (`whyNot`) and undefined is answered.
 */
function actedOn(ctx: ReadingState, obj: ObjectRef, s: Segment, whyNot: string): ResourceDraft | undefined {
  const res = resourceFromObject(ctx, obj, s);
  if (!res) {
    ctx.unmapped.push(`"${s.text}" (${whyNot})`);
    return undefined;
  }
  ctx.lastResource = res;
  return res;
}

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
    const flag = fieldOf(ctx, res, state) ?? addField(ctx, res, { spec: { name: state, type: 'boolean', required: false, default: false, generated: 'managed' }, words: [state] });
    if (flag.spec.type === 'boolean') {
      pushTransition(ctx, res, s.text, {
        verb: s.lemma,
        name: camelCase([...s.lemma.split('_'), ...res.words]),
        guards: [{ field: flag.spec.name, op: 'ne', value: { literal: true }, message: `This ${res.words.join(' ')} is already ${state}` }],
        effects: [{ set: flag.spec.name, to: { literal: true } }],
      });
      ctx.understood.push(`${s.lemma} marks ${pascalCase(res.words)} ${state}, once`);
      return;
    }
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

/** Which boolean or enum value a state verb lands on ("close" -> status "closed"). */
export function stateTarget(ctx: ReadingState, res: ResourceDraft, lemma: string): { field: FieldDraft; value: string | boolean } | undefined {
  if (lemma === 'reopen') {
    // "resolve it and reopen it": reopening undoes whichever end state the record has
    const ended = res.fields.find((x) => x.spec.type === 'boolean' && ['closed', 'resolved', 'done', 'completed', 'finished', 'archived', 'fixed'].includes(x.spec.name));
    if (ended) return { field: ended, value: false };
  }
  const mapped = STATE_OF_VERB[lemma];
  const participle = pastParticiple(lemma.split('_')[0] as string);
  const boolNames = [mapped?.state, participle, lemma === 'complete' ? 'done' : undefined, lemma === 'finish' ? 'done' : undefined].filter((x): x is string => !!x);
  for (const n of boolNames) {
    const f = res.fields.find((x) => x.spec.type === 'boolean' && (x.spec.name === n || x.spec.name === camelCase(['is', n])));
    if (f) return { field: f, value: mapped && mapped.state === n ? mapped.value : true };
  }
  const targets = [...(ENUM_TARGETS[lemma] ?? []), participle, lemma];
  for (const f of res.fields.filter((x) => x.spec.type === 'enum')) {
    const v = (f.spec.values ?? []).find((val) => targets.includes(val.toLowerCase()));
    if (v !== undefined) return { field: f, value: v };
  }
  return undefined;
}

export function readState(ctx: ReadingState, s: Segment, res: ResourceDraft, _after: readonly Tok[]): void {
  let target = stateTarget(ctx, res, s.lemma);
  if (!target) {
    if (VERBS[s.lemma] !== 'state' && !ENUM_TARGETS[s.lemma]) {
      ctx.unmapped.push(`"${s.text}" (I cannot tell what state it sets)`);
      return;
    }
    const mapped = STATE_OF_VERB[s.lemma];
    const name = camelCase([mapped?.state ?? pastParticiple(s.lemma)]);
    const field = addField(ctx, res, { spec: { name, type: 'boolean', required: false, default: false, generated: 'managed' }, words: [name] });
    target = { field, value: mapped ? mapped.value : true };
  }
  pushTransition(ctx, res, s.text, {
    verb: s.lemma,
    name: camelCase([...s.lemma.split('_'), ...res.words]),
    // taking (rent, borrow, claim) a record already in that state is refused, as for holders
    guards: VERBS[s.lemma] === 'take' ? [{ field: target.field.spec.name, op: 'ne', value: { literal: target.value }, message: `This ${res.words.join(' ')} is already ${String(target.value === true ? splitIdentifier(target.field.spec.name).join(' ') : target.value)}` }] : [],
    effects: [{ set: target.field.spec.name, to: { literal: target.value } }],
  });
  excludeOppositeDecision(ctx, res, s.lemma, target.field.spec.name);
}

/** "accept or reject each talk": a decided record cannot be decided the other way (409). */
export function excludeOppositeDecision(ctx: ReadingState, res: ResourceDraft, lemma: string, flag: string): void {
  const side = DECISION_SIDES[lemma];
  if (side === undefined) return;
  const key = keyOf(res.words);
  const mine = ctx.actions.find((a) => a.kind === 'transition' && a.resource === key && a.verb === lemma);
  const other = ctx.actions.find((a) => a.kind === 'transition' && a.resource === key && DECISION_SIDES[a.verb] === !side);
  if (!mine || !other) return;
  const otherFlag = other.effects.map((e) => ('set' in e ? e.set : undefined)).find((f): f is string => f !== undefined);
  const isFlag = (name: string): boolean => res.fields.some((f) => f.spec.name === name && f.spec.type === 'boolean');
  if (!otherFlag || otherFlag === flag || !isFlag(otherFlag) || !isFlag(flag)) return;
  const thing = res.words.join(' ');
  const guard = (f: string): GuardSpec => ({ field: f, op: 'ne', value: { literal: true }, message: `This ${thing} is already ${splitIdentifier(f).join(' ')}` });
  if (!mine.guards.some((g) => g.field === otherFlag)) mine.guards.push(guard(otherFlag));
  if (!other.guards.some((g) => g.field === flag)) other.guards.push(guard(flag));
}

export function readMark(ctx: ReadingState, s: Segment, obj: ObjectRef, after: readonly Tok[]): void {
  // "mark tasks complete or incomplete": one transition per state
  const orAt = after.findIndex((t) => t.w === 'or');
  if (orAt > 0) {
    const lead = after.slice(0, orAt);
    const asAt = lead.findIndex((t) => t.w === 'as');
    readMark(ctx, s, obj, lead);
    readMark(ctx, s, obj, [...(asAt >= 0 ? [lead[asAt] as Tok] : []), ...after.slice(orAt + 1)]);
    return;
  }
  const res = actedOn(ctx, obj, s, 'I cannot tell what it marks');
  if (!res) return;
  let ws = after.map((t) => t.w).filter((w) => w !== 'as' && !DETERMINERS.has(w));
  // "tick them off when bought": the state follows the conjunction ("when they are bought")
  while (ws.length > 1 && ['when', 'once', 'after', 'if', 'they', 'it', 'are', 'is', 'been', 'have', 'has', 'get', 'gets'].includes(ws[0] as string)) ws = ws.slice(1);
  const negated = s.lemma === 'unmark' || ws[0] === 'not' || ws[0] === 'un' || (ws[0] ?? '').startsWith('un') || ws[0] === 'incomplete';
  let stateWords = ws.filter((w) => w !== 'not' && /^[a-z]/.test(w));
  if (stateWords[0]?.startsWith('un') && !fieldOf(ctx, res, stateWords[0])) stateWords = [stateWords[0].slice(2), ...stateWords.slice(1)];
  if (stateWords[0] === 'incomplete') stateWords = ['complete'];
  const state = stateWords.slice(0, 2);
  if (state.length === 0) {
    ctx.unmapped.push(`"${s.text}" (mark it as what?)`);
    return;
  }
  const name = camelCase(state.slice(0, 1));
  let field = res.fields.find((f) => f.spec.type === 'boolean' && (f.spec.name === name || f.spec.name === camelCase(['is', name]) || (name === 'complete' && f.spec.name === 'completed') || (name === 'completed' && f.spec.name === 'done') || (name === 'done' && f.spec.name === 'completed')));
  let value: string | boolean = !negated;
  if (!field) {
    const en = res.fields.find((f) => f.spec.type === 'enum' && (f.spec.values ?? []).some((v) => v.toLowerCase() === state.join(' ') || v.toLowerCase() === name.toLowerCase()));
    if (en) {
      field = en;
      value = (en.spec.values ?? []).find((v) => v.toLowerCase() === state.join(' ') || v.toLowerCase() === name.toLowerCase()) as string;
    }
  }
  // "report it broken ... mark it fixed": the opposite of a state already kept clears it
  const opposite = !field && ANTONYMS[name] ? res.fields.find((f) => f.spec.type === 'boolean' && f.spec.name === ANTONYMS[name]) : undefined;
  if (opposite) {
    field = opposite;
    value = negated;
  }
  if (!field) field = addField(ctx, res, { spec: { name, type: 'boolean', required: false, default: false, generated: 'managed' }, words: [name] });
  const actionName = camelCase(['mark', ...res.words, ...(negated ? ['not'] : []), ...splitIdentifier(name)]);
  pushTransition(ctx, res, s.text, { verb: s.lemma, name: actionName, effects: [{ set: field.spec.name, to: { literal: value } }] });
}

/** "a member can borrow a book": who holds it is recorded, and a held record cannot be taken again. */
export function readTake(ctx: ReadingState, s: Segment, obj: ObjectRef, after: readonly Tok[]): void {
  const res = actedOn(ctx, obj, s, `I cannot tell what is ${pastParticiple(s.lemma.split('_')[0] as string)}`);
  if (!res) return;
  // "neighbours lend tools ... members borrow a tool": one lending seen from both sides, not
  // two independent holds that a single return could only half undo
  const sameLending = LENDING_VERBS.has(s.lemma) ? ctx.actions.find((a) => a.resource === keyOf(res.words) && a.kind === 'transition' && a.verb !== s.lemma && LENDING_VERBS.has(a.verb)) : undefined;
  if (sameLending) {
    ctx.understood.push(`"${s.text}" is the same lending as ${sameLending.name ?? sameLending.verb}`);
    return;
  }
  const subjectRes = s.subject.length ? findResource(ctx, s.subject) : undefined;
  const target = relationTarget(ctx, after, res);
  const actor = target ?? (subjectRes !== res ? subjectRes : undefined);
  const parts = s.lemma.split('_');
  const participle = camelCase([pastParticiple(parts[0] as string), ...parts.slice(1)]);
  const toActor = ['assign', 'lend', 'loan'].includes(s.lemma);
  const holderName = `${participle}${toActor ? 'To' : 'By'}`;
  const atName = `${participle}At`;
  const params: FieldSpec[] = [];
  const effects: ActionDraft['effects'] = [];
  let guardField = atName;
  const reflexive = after.some((t) => ['themselves', 'himself', 'herself', 'themself', 'yourself', 'myself'].includes(t.w));
  const subjectNoun = s.subject.length > 0 && !ACTOR_WORDS.has(singular(s.subject[s.subject.length - 1] as string)) ? singular(s.subject[s.subject.length - 1] as string) : undefined;
  if (!actor && reflexive) {
    // "agents assign a ticket to themselves": who took it is named by the caller
    const param = subjectNoun ?? 'assignee';
    addField(ctx, res, { spec: { name: holderName, type: 'string', required: false, generated: 'managed' }, words: [holderName] });
    params.push({ name: param, type: 'string', required: true, min: 1 });
    effects.push({ set: holderName, to: { param } });
    guardField = holderName;
  }
  if (actor) {
    const actorName = pascalCase(actor.words);
    addField(ctx, res, { spec: { name: holderName, type: 'reference', references: actorName, required: false, generated: 'managed' }, words: [holderName] });
    const param = `${camelCase(actor.words)}Id`;
    params.push({ name: param, type: 'reference', references: actorName, required: true });
    effects.push({ set: holderName, to: { param } });
    guardField = holderName;
  }
  addField(ctx, res, { spec: { name: atName, type: 'datetime', required: false, generated: 'managed' }, words: [atName] });
  effects.push({ set: atName, to: { now: true } });
  // "claim an item with their name and phone": what the taker gives is kept with the record
  const withAt = after.findIndex((t) => t.w === 'with');
  if (withAt >= 0) {
    for (const item of splitList(prepareFieldList(after.slice(withAt + 1).filter((t) => !POSSESSIVES.has(t.w))))) {
      const reading = readFieldItem(item, ctx.lookup, res.words);
      if (reading.kind !== 'field' || reading.field.spec.type === 'reference') {
        ctx.unmapped.push(`"${textOf(item)}" in "${s.text}" (not a detail I can keep with the ${res.words.join(' ')})`);
        continue;
      }
      const given = reading.field.spec;
      const kept = camelCase([participle, 'by', ...splitIdentifier(given.name)]);
      addField(ctx, res, { spec: { ...given, name: kept, required: false, generated: 'managed' }, words: [kept] });
      params.push({ ...given, required: true });
      effects.push({ set: kept, to: { param: given.name } });
    }
  }
  const thing = res.words.join(' ');
  pushTransition(ctx, res, s.text, {
    verb: s.lemma,
    name: camelCase([...parts, ...res.words]),
    params,
    guards: [{ field: guardField, op: 'isNull', message: `This ${thing} is already ${pastParticiple(parts[0] as string)}${parts[1] ? ` ${parts[1]}` : ''}` }],
    effects,
  });
}

export function readRelease(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  const res = obj.kind === 'field' ? undefined : resourceFromObject(ctx, obj);
  if (obj.kind === 'field' || (obj.kind === 'noun' && isFieldish(ctx, obj.words))) {
    // "resolve a code and return its URL": a description of the answer, not an action
    ctx.understood.push(`"${s.text}" describes what is answered`);
    return;
  }
  const take = res ? [...ctx.actions].reverse().find((a) => a.resource === keyOf(res.words) && a.kind === 'transition' && VERBS[a.verb] === 'take') : undefined;
  if (!take && s.rest.some((t) => t.w === 'with')) {
    // "patients check in with their name and reason": arriving is creating a record
    readRelation(ctx, { ...s, cls: 'relation' }, obj);
    return;
  }
  if (!take && res && obj.kind === 'resource' && (obj.plural || obj.all) && s.lemma === 'return') {
    // "an endpoint that returns all quotes by a given author"
    pushAction(ctx, { kind: 'list', resource: keyOf(res.words), verb: 'list', description: sentenceCase(s.text), filters: filtersOf(ctx, res, s.rest, s), params: [], guards: [], effects: [] });
    ctx.lastResource = res;
    return;
  }
  if (!res || !take) {
    ctx.unmapped.push(`"${s.text}" (${res ? `nothing takes a ${res.words.join(' ')} first` : 'I cannot tell what is given back'})`);
    return;
  }
  ctx.lastResource = res;
  const held = take.effects.map((e) => ('set' in e ? e.set : undefined)).filter((x): x is string => x !== undefined);
  const parts = s.lemma.split('_');
  // "rent a car and return it" when renting set status to rented: back to the first status
  const stateSet = take.effects.find((e): e is Extract<EffectSpec, { set: string }> => 'set' in e && 'literal' in e.to && typeof e.to.literal === 'string');
  const stateField = stateSet ? fieldOf(ctx, res, stateSet.set) : undefined;
  if (stateSet && stateField?.spec.type === 'enum' && 'literal' in stateSet.to) {
    const back = (stateField.spec.default as string | undefined) ?? stateField.spec.values?.[0];
    if (back !== undefined && back !== stateSet.to.literal) {
      ctx.lastResource = res;
      pushTransition(ctx, res, s.text, { verb: s.lemma, name: camelCase([...parts, ...res.words]), guards: [{ field: stateSet.set, op: 'eq', value: stateSet.to, message: `This ${res.words.join(' ')} is not ${typeof stateSet.to.literal === 'string' ? stateSet.to.literal : 'taken'}` }], effects: [{ set: stateSet.set, to: { literal: back } }] });
      return;
    }
  }
  pushTransition(ctx, res, s.text, {
    verb: s.lemma,
    name: camelCase([...parts, ...res.words]),
    guards: [{ field: held[0] as string, op: 'notNull', message: `This ${res.words.join(' ')} is not ${pastParticiple((take.verb.split('_')[0]) as string)}${take.verb.includes('_') ? ` ${take.verb.split('_')[1] ?? ''}` : ''}` }],
    effects: held.map((f) => ({ clear: f })),
  });
}
