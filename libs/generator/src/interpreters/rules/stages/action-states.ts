import type { GuardSpec } from '@backforge/blueprint';
import type { EffectSpec, ParamSpec } from '@backforge/blueprint';
import { type FieldDraft, readFieldItem } from '../fields.js';
import { NOTE_PARTICLES, NOTE_VERBS, ANTONYMS, DECISION_SIDES, DETERMINERS, ENUM_TARGETS, LEAVE_VERBS, OCCUPANCY, OCCUPY_PREPS, PRESENCE, STATE_OF_VERB, VERBS } from '../lexicon.js';
import { keyOf, type ResourceDraft } from '../model.js';
import { camelCase, pastParticiple, splitIdentifier, verbForms } from '../text.js';
import { splitList, textOf, type Tok } from '../tokens.js';
import { type ObjectRef, type Segment } from './reading.js';
import { addField, fieldOf, resourceAt, resourceFromObject } from './resolve.js';
import { actedOn, pushTransition } from './actions.js';
import type { ReadingState } from './reading-state.js';

/**
 * Stage: actions that move a record into a state — a state verb ("close a ticket" -> closed), a
 * listed value ("set a task to done", "upgrade a customer to gold"), a mark ("mark a todo as
 * done", "report a machine broken"), occupancy ("cars park in a spot and leave it") and presence
 * ("check dogs in and out"). Called by the action phrasings (stages/action-phrasings.ts) and the
 * verb classes (stages/action-classes.ts).
 */

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
  // ("investigate an outage" whose status has "investigating": the state of being at it, last)
  const targets = [...(ENUM_TARGETS[lemma] ?? []), participle, lemma, ...verbForms(lemma).filter((f) => f.endsWith('ing'))];
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

export function readMark(ctx: ReadingState, s: Segment, obj: ObjectRef, written: readonly Tok[]): void {
  // "mark tasks complete or incomplete": one transition per state
  const orAt = written.findIndex((t) => t.w === 'or');
  if (orAt > 0) {
    const lead = written.slice(0, orAt);
    const asAt = lead.findIndex((t) => t.w === 'as');
    readMark(ctx, s, obj, lead);
    readMark(ctx, s, obj, [...(asAt >= 0 ? [lead[asAt] as Tok] : []), ...written.slice(orAt + 1)]);
    return;
  }
  const res = actedOn(ctx, obj, s, 'I cannot tell what it marks');
  if (!res) return;
  // the note is cut off before the state is read
  const noted = notedAlong(ctx, res, written);
  const after = noted.before;
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
  // "mark a request in progress": the action is named by the whole state it sets
  const stateName = typeof value === 'string' ? camelCase(value.split(/[\s_-]+/)) : name;
  const actionName = camelCase(['mark', ...res.words, ...(negated ? ['not'] : []), ...splitIdentifier(stateName)]);
  pushTransition(ctx, res, s.text, { verb: s.lemma, name: actionName, params: noted.params, effects: [{ set: field.spec.name, to: { literal: value } }, ...noted.effects] });
}

/**
 * "marks the job done and writes down the treatment used": what the writer notes while moving a
 * record on is an input of that move, kept on the record (optional: it is only known from then).
 * Returns the words before the note, and the note's params and effects.
 */
export function notedAlong(ctx: ReadingState, res: ResourceDraft, after: readonly Tok[]): { before: readonly Tok[]; params: ParamSpec[]; effects: EffectSpec[] } {
  const at = after.findIndex((t, k) => t.w === 'and' && NOTE_VERBS.has(after[k + 1]?.w ?? ''));
  if (at < 0) return { before: after, params: [], effects: [] };
  let rest = after.slice(at + 2);
  if (NOTE_PARTICLES.has(rest[0]?.w ?? '')) rest = rest.slice(1);
  const params: ParamSpec[] = [];
  const effects: EffectSpec[] = [];
  for (const item of splitList(rest)) {
    const reading = readFieldItem(item, ctx.lookup, res.words);
    if (reading.kind !== 'field') {
      ctx.unmapped.push(`"${textOf(item)}" (not a field I can read)`);
      continue;
    }
    const kept = addField(ctx, res, { ...reading.field, spec: { ...reading.field.spec, required: false } });
    params.push({ ...kept.spec, required: true, generated: undefined });
    effects.push({ set: kept.spec.name, to: { param: kept.spec.name } });
  }
  return { before: after.slice(0, at), params, effects };
}

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
