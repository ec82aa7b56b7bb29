import type { EffectSpec, FieldSpec, FilterSpec, GuardSpec, ParamSpec } from '@backforge/blueprint';
import { prepareFieldList } from '../field-lists.js';
import { GENERATED_NOUNS, NAME_NOISE, NOMINALIZATION, POSSESSIVES, VERBS } from '../lexicon.js';
import { type ActionDraft, keyOf, type ResourceDraft, type RuleDraft } from '../model.js';
import { singular, splitIdentifier } from '../text.js';
import { splitList, type Tok, words as wordsOf } from '../tokens.js';
import { ACTION_PHRASINGS } from './action-phrasings.js';
import { readFilters, readOrder } from './filters.js';
import { type ObjectRef, type Segment, sentenceCase, stripDeterminers, withDirection } from './reading.js';
import type { ReadingState } from './reading-state.js';
import { addField, ensureResource, fieldOf, findResource, resourceFromObject, titleNoun } from './resolve.js';
import { readItems } from './sentences.js';

/**
 * Actions: one verb segment read by the first action phrasing that takes it
 * (stages/action-phrasings.ts, in order), and the drafts every action goes through (pushAction,
 * pushTransition, addRule) whichever phrasing read it.
 */
export function readSegment(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  for (const p of ACTION_PHRASINGS) {
    const m = p.match(ctx, s, obj);
    if (m === undefined || p.read(ctx, s, obj, m) === false) continue;
    ctx.actionReadings.push({ segment: s.text, phrasing: p.name });
    return;
  }
}

/** A segment no action comes of, named as a gap with the reason. */
export function rejectSegment(ctx: ReadingState, s: Segment, why: string): void {
  ctx.unmapped.push(`"${s.text}" (${why})`);
}

/** Words that explain what an action does: its parentheses and a "which ..." clause. */
export function explanation(ctx: ReadingState, s: Segment): string[] {
  const out: string[] = [];
  let relative = false;
  for (const t of s.rest) {
    if (t.inner) out.push(...t.inner.map((x) => x.w));
    if (t.w === 'which' || t.w === 'that') relative = true;
    else if (relative) out.push(t.w);
  }
  return withDirection(out);
}

export function isGeneratedAsk(ctx: ReadingState, s: Segment, obj: ObjectRef): boolean {
  if (!['get', 'receive', 'fetch', 'obtain'].includes(s.lemma)) return false;
  const ws = obj.kind === 'noun' ? obj.words : obj.kind === 'field' ? splitIdentifier(obj.field.spec.name) : [];
  const clean = ws.filter((w) => !NAME_NOISE.has(w));
  // only right after a create in the same sentence ("submit a URL and get a short code")
  return clean.length > 0 && (GENERATED_NOUNS.has(clean.join(' ')) || GENERATED_NOUNS.has(clean[clean.length - 1] as string)) && ctx.lastCreatedSentence === s.clause.sentence;
}

export function filtersOf(ctx: ReadingState, res: ResourceDraft, toks: readonly Tok[], s: Segment): FilterSpec[] {
  return readFilters(ctx.filterContext, res, toks, { lemma: s.lemma, text: s.text, subject: s.subject });
}

export function orderOf(ctx: ReadingState, res: ResourceDraft, toks: readonly Tok[]): ActionDraft['orderBy'] {
  return readOrder(ctx.filterContext, res, toks);
}

/** "visitors submit their name, email and a message", "submit a long URL". */
export function readFieldListCreate(ctx: ReadingState, s: Segment): void {
  const items = splitList(prepareFieldList(s.rest.filter((t) => !POSSESSIVES.has(t.w)).map((t) => (t.w === 'with' ? { raw: ',', w: ',' } : t))));
  let res = ctx.resources.find((r) => r.fields.length === 0 && !r.declared && (ctx.lastResource === undefined || ctx.lastResource.fields.length === 0 || r === ctx.lastResource));
  res ??= ctx.resources.find((r) => r.fields.length === 0);
  if (!res && ctx.titleWords.length) {
    const tw = titleNoun(ctx);
    if (tw) res = ensureResource(ctx, tw, s.text, true);
  }
  if (!res) {
    const noun = NOMINALIZATION[s.lemma];
    if (noun) res = ensureResource(ctx, noun, s.text, true);
  }
  const subject = s.subject.length ? findResource(ctx, s.subject) : undefined;
  if (!res && subject) res = subject;
  if (!res) {
    ctx.unmapped.push(`"${s.text}" (I cannot tell which kind of record it creates; name it, e.g. "messages have a name and an email")`);
    return;
  }
  res.declared = true;
  // "submit feedback with a message": the record named first is what is created, not a field of it
  const named = res;
  const own = items.filter((it, n) => !(n === 0 && keyOf(stripDeterminers(wordsOf(it)).map((w) => singular(w))) === keyOf(named.words) && items.length > 1));
  readItems(ctx, res, own, s.text);
  pushAction(ctx, { kind: 'create', resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
  ctx.lastResource = res;
  ctx.lastCreated = res;
  ctx.lastCreatedSentence = s.clause.sentence;
}

/** A state change of one record looked up by id: the shape of every transition a prompt names. */
export function pushTransition(ctx: ReadingState, res: { words: string[] }, text: string, t: { verb: string; name: string; params?: ParamSpec[]; guards?: GuardSpec[]; effects: EffectSpec[] }): void {
  pushAction(ctx, { kind: 'transition', resource: keyOf(res.words), verb: t.verb, name: t.name, by: 'id', description: sentenceCase(text), filters: [], params: t.params ?? [], guards: t.guards ?? [], effects: t.effects });
}

/**
 * An action that puts a record in `state` once and is refused after ("redeem a coupon once", "a
 * refund that was already issued can't be issued again"): `field` takes `to`, and may not hold it yet.
 * Without a field given, a yes/no named after the state is kept (managed, false at first).
 */
export function pushOnce(ctx: ReadingState, res: ResourceDraft, text: string, t: { verb: string; name: string; state: string; field?: string; to?: string | true }): boolean {
  const flag = t.field === undefined ? (fieldOf(ctx, res, t.state) ?? addField(ctx, res, { spec: { name: t.state, type: 'boolean', required: false, default: false, generated: 'managed' }, words: [t.state] })).spec : undefined;
  if (flag && flag.type !== 'boolean') return false;
  const field = t.field ?? (flag as FieldSpec).name;
  const to = t.to ?? true;
  pushTransition(ctx, res, text, { verb: t.verb, name: t.name, guards: [{ field, op: 'ne', value: { literal: to }, message: `This ${res.words.join(' ')} is already ${t.state}` }], effects: [{ set: field, to: { literal: to } }] });
  return true;
}

export function pushAction(ctx: ReadingState, a: ActionDraft): void {
  const same = ctx.actions.find((x) => x.resource === a.resource && x.kind === a.kind && (a.kind === 'list' || a.kind === 'create' || a.kind === 'delete' || (a.kind === 'get' && x.by === a.by && x.name === a.name) || (a.kind === 'update' && keyOf(x.updateFields ?? []) === keyOf(a.updateFields ?? [])) || ((a.kind === 'transition' || a.kind === 'custom') && x.name === a.name)));
  if (same) {
    // a second verb folded into another verb's create or get is not evidence it was understood
    if (!(a.kind === 'create' && ['relation', 'take', 'state', 'mark', 'toggle', 'counter', 'increment', 'decrement', 'release'].includes(VERBS[a.verb] ?? ''))) ctx.merges++;
    for (const f of a.filters) if (!same.filters.some((x) => x.param === f.param)) same.filters.push(f);
    if (a.orderBy && !same.orderBy) same.orderBy = a.orderBy;
    return;
  }
  ctx.actions.push(a);
}

export function addRule(ctx: ReadingState, r: RuleDraft): void {
  if (!ctx.rules.some((x) => JSON.stringify(x) === JSON.stringify(r))) ctx.rules.push(r);
}

/**
 * The records an action sentence acts on, which become the ones "it"/"them" name next; when none
 * can be told, the sentence is a named gap (`whyNot`) and undefined is answered.
 */
export function actedOn(ctx: ReadingState, obj: ObjectRef, s: Segment, whyNot: string): ResourceDraft | undefined {
  const res = resourceFromObject(ctx, obj, s);
  if (!res) {
    ctx.unmapped.push(`"${s.text}" (${whyNot})`);
    return undefined;
  }
  ctx.lastResource = res;
  return res;
}
