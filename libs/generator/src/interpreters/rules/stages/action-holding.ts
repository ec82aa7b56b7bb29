import type { EffectSpec, FieldSpec } from '@backforge/blueprint';
import { readFieldItem } from '../fields.js';
import { prepareFieldList } from '../field-lists.js';
import { ACTOR_WORDS, LENDING_VERBS, MADE_RECORDS, POSSESSIVES, TAKING_RECORDS, VERBS } from '../lexicon.js';
import { type ActionDraft, keyOf } from '../model.js';
import { camelCase, pascalCase, pastParticiple, plural, singular, splitIdentifier } from '../text.js';
import { splitList, textOf, type Tok } from '../tokens.js';
import { type ObjectRef, type Segment, sentenceCase } from './reading.js';
import { addField, fieldOf, findResource, relationTarget, resourceFromObject } from './resolve.js';
import { isFieldish } from './segment.js';
import { actedOn, filtersOf, pushAction, pushOnce, pushTransition } from './actions.js';
import { readRelation } from './relations.js';
import type { ReadingState } from './reading-state.js';

/**
 * Stage: actions that hand a record to someone and take it back — "a member can borrow a book"
 * records who holds it and refuses a second borrow; "return it" clears the holder and refuses
 * a return of what nobody holds. Called by the take and release verb classes
 * (stages/action-phrasings.ts, stages/action-classes.ts).
 */

/** "a member can borrow a book": who holds it is recorded, and a held record cannot be taken again. */
export function readTake(ctx: ReadingState, s: Segment, obj: ObjectRef, after: readonly Tok[]): void {
  const res = actedOn(ctx, obj, s, `I cannot tell what is ${pastParticiple(s.lemma.split('_')[0] as string)}`);
  if (!res) return;
  // "we take bookings online", "take orders by phone": a record made by the verb it names is taken in, created
  if (s.lemma === 'take' && MADE_RECORDS.has(res.words[res.words.length - 1] as string)) {
    ctx.understood.push(`"${s.text}" records ${plural(res.words.join(' '))} (created)`);
    return;
  }
  // "every booking takes a room", "one booking is one car": a record using up one of its parent's
  // counted places says what a capacity counts, no one takes the parent
  const subjectRes = s.subject.length ? findResource(ctx, s.subject) : undefined;
  if (s.lemma === 'take' && obj.kind === 'field' && subjectRes && subjectRes !== res && !ACTOR_WORDS.has(subjectRes.words[subjectRes.words.length - 1] as string)) {
    ctx.understood.push(`"${s.text}" says each ${subjectRes.words.join(' ')} uses one of a ${res.words.join(' ')}'s ${obj.field.spec.name}`);
    return;
  }
  // "neighbours lend tools ... members borrow a tool": one lending seen from both sides, not
  // two independent holds that a single return could only half undo
  const sameLending = LENDING_VERBS.has(s.lemma) ? ctx.actions.find((a) => a.resource === keyOf(res.words) && a.kind === 'transition' && a.verb !== s.lemma && LENDING_VERBS.has(a.verb)) : undefined;
  if (sameLending) {
    ctx.understood.push(`"${s.text}" is the same lending as ${sameLending.name ?? sameLending.verb}`);
    return;
  }
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
  // "return a hire" when the hire is itself the taking: it ends, once
  const parts = s.lemma.split('_');
  if (res && !take && TAKING_RECORDS.has(res.words[res.words.length - 1] as string) && pushOnce(ctx, res, s.text, { verb: s.lemma, name: camelCase([...parts, ...res.words]), state: pastParticiple(parts[0] as string) })) return;
  if (!res || !take) {
    ctx.unmapped.push(`"${s.text}" (${res ? `nothing takes a ${res.words.join(' ')} first` : 'I cannot tell what is given back'})`);
    return;
  }
  ctx.lastResource = res;
  const held = take.effects.map((e) => ('set' in e ? e.set : undefined)).filter((x): x is string => x !== undefined);
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
