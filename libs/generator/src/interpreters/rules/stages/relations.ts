import { type FieldDraft } from '../fields.js';
import { prepareFieldList } from '../field-lists.js';
import { STATE_FIELD_NAMES, ACTOR_WORDS, COUNTED_VOTES, CREATES_OBJECT, DETERMINERS, NOMINALIZATION, PERSON_WORDS, POSSESSIVES, PREPOSITIONS, RATE_VERBS, RELATION_PREPS, SEPARATORS } from '../lexicon.js';
import { keyOf, type ResourceDraft, type RuleDraft } from '../model.js';
import { camelCase, pascalCase, plural, singular, splitIdentifier } from '../text.js';
import { splitList, type Tok, words as wordsOf } from '../tokens.js';
import { type ObjectRef, type Segment, sentenceCase } from './reading.js';
import { addField, addReference, ensureResource, fieldAt, fieldOf, findResource, findResourceLoose, resourceAt } from './resolve.js';
import { readItems } from './sentences.js';
import { addRule, pushAction, pushTransition } from './actions.js';
import { readRating } from './action-quantities.js';
import type { ReadingState } from './reading-state.js';

/** Relation verbs that create linking records ("students enroll in a course"), and tallies. */
/**
 * "people vote for one option", "guests RSVP to an event with their name and email",
 * "members enroll in courses": a record of its own that points at what it is about.
 */
export function readRelation(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  const rest = s.rest;
  if (RATE_VERBS.has(s.lemma) && readRating(ctx, s, obj)) return;
  const subjectRes = s.subject.length ? findResource(ctx, s.subject) : undefined;
  const subjectWords = s.subject.length ? [...s.subject.slice(0, -1), singular(s.subject[s.subject.length - 1] as string)] : [];
  const givingAt = rest.findIndex((t, i) => t.w === 'by' && ['giving', 'providing', 'entering', 'submitting', 'supplying', 'leaving'].includes(rest[i + 1]?.w ?? ''));
  const withIdx = givingAt >= 0 ? givingAt + 1 : rest.findIndex((t) => t.w === 'with');
  let withItems = withIdx >= 0 ? splitList(prepareFieldList(rest.slice(withIdx + 1).filter((t) => !POSSESSIVES.has(t.w)))) : [];
  // "book an appointment for a pet with a vet at a given time": with a record is a reference
  const withRecords: ResourceDraft[] = [];
  withItems = withItems.flatMap((item) => {
    let j = 0;
    while (j < item.length && DETERMINERS.has((item[j] as Tok).w)) j++;
    const r = resourceAt(ctx, item, j);
    if (!r) return [item];
    withRecords.push(r.res);
    const tail = item.slice(r.end);
    const prep = tail.findIndex((t) => ['at', 'on', 'for'].includes(t.w));
    return prep === 0 ? [tail.slice(1).filter((t) => !['given', 'specific', 'chosen', 'certain'].includes(t.w))] : tail.length ? [tail] : [];
  });
  // what it is about: "to an event", "for one option" (a listed value), else the direct object
  let target: ResourceDraft | undefined;
  let listField: FieldDraft | undefined;
  for (let i = 1; i <= rest.length && !target; i++) {
    const prep = (rest[i - 1] as Tok).w;
    if (!RELATION_PREPS.has(prep) || prep === 'with' || (withIdx >= 0 && i - 1 > withIdx)) continue;
    let j = i;
    while (j < rest.length && (DETERMINERS.has((rest[j] as Tok).w) || POSSESSIVES.has((rest[j] as Tok).w))) j++;
    const r = resourceAt(ctx, rest, j);
    if (r && r.res !== subjectRes) {
      target = r.res;
      break;
    }
    for (const res of ctx.resources) {
      const f = fieldAt(ctx, res, rest, j);
      if (f && f.field.spec.type === 'stringList') {
        target = res;
        listField = f.field;
        break;
      }
    }
  }
  // "choose exactly one answer per survey": the direct object is one of a list
  if (!listField) {
    let j = 0;
    while (j < rest.length && (DETERMINERS.has((rest[j] as Tok).w) || ['exactly', 'a', 'single', 'one', 'only'].includes((rest[j] as Tok).w))) j++;
    for (const res of ctx.resources) {
      const f = fieldAt(ctx, res, rest, j);
      if (f && f.field.spec.type === 'stringList' && (target === undefined || target === res)) {
        target = res;
        listField = f.field;
        break;
      }
    }
  }
  // "answer a question by picking one of its choices"
  if (!listField) {
    for (let i = 0; i < rest.length && !listField; i++) {
      if (rest[i]?.w !== 'one' || rest[i + 1]?.w !== 'of') continue;
      let j = i + 2;
      while (j < rest.length && (DETERMINERS.has((rest[j] as Tok).w) || POSSESSIVES.has((rest[j] as Tok).w))) j++;
      const ownerAt = resourceAt(ctx, rest, j);
      if (ownerAt) j = ownerAt.end;
      const owner = target ?? ownerAt?.res ?? (obj.kind === 'resource' ? obj.res : undefined);
      const f = owner ? fieldAt(ctx, owner, rest, j) : undefined;
      if (owner && f?.field.spec.type === 'stringList') {
        target = owner;
        listField = f.field;
      }
    }
  }
  const noun = NOMINALIZATION[s.lemma];
  const nominal = noun ? findResource(ctx, noun) : undefined;
  const headRes = obj.kind === 'noun' ? findResourceLoose(ctx, obj.words) : undefined;
  if (!target && (obj.kind === 'resource' || headRes)) {
    const direct = obj.kind === 'resource' ? obj.res : (headRes as ResourceDraft);
    // "join the waitlist with their email": a list with no fields of its own keeps the entries
    // ("we book a collection with the customer's name, ..." after "a collection goes from booked to ...":
    // a record known only by its states is described here, not booked)
    const undescribed = direct.fields.length === 0 ? !direct.declared : direct.fields.every((f) => STATE_FIELD_NAMES.has(f.spec.name));
    if (undescribed && withItems.length > 0) {
      // "Patients book appointments with a date": the appointment is the patient's
      if (subjectRes && subjectRes !== direct && subjectRes.declared && subjectRes.fields.length > 0) addReference(ctx, direct, subjectRes, true);
      readItems(ctx, direct, withItems, s.text);
      direct.declared = true;
      pushAction(ctx, { kind: 'create', resource: keyOf(direct.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
      ctx.lastResource = direct;
      return;
    }
    // "book appointments", "register owners", "report bugs": the object is the record itself;
    // "pick parts", "vote for ..." never create what they act on
    const subjectKept = subjectRes !== undefined && subjectRes !== direct && subjectRes.declared && subjectRes.fields.length > 0;
    if ((!nominal || nominal === direct) && withItems.length === 0 && CREATES_OBJECT.has(s.lemma) && !subjectKept) {
      pushAction(ctx, { kind: 'create', resource: keyOf(direct.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
      ctx.lastResource = direct;
      ctx.lastCreated = direct;
      ctx.lastCreatedSentence = s.clause.sentence;
      return;
    }
    target = direct;
  }
  // "pick parts": choosing is only understood as one of a record's listed options
  if (!listField && ['pick', 'choose', 'select'].includes(s.lemma) && withItems.length === 0) {
    ctx.unmapped.push(`"${s.text}" (I cannot tell what "${s.lemma}" does: choosing is understood as picking one of a record's listed options, e.g. "people pick one of a poll's options"; or say what it changes, e.g. "(decreases the count)")`);
    return;
  }
  // "judges vote for a project": with no options to choose from, a vote counts on the project
  if (target && !listField && withItems.length === 0 && COUNTED_VOTES.has(s.lemma) && !nominal) {
    const name = plural(NOMINALIZATION[s.lemma]?.[0] ?? s.lemma);
    const field = fieldOf(ctx, target, name) ?? addField(ctx, target, { spec: { name, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [name, singular(name)] });
    field.spec.generated = 'managed';
    pushTransition(ctx, target, s.text, { verb: s.lemma, name: camelCase([s.lemma, ...target.words]), effects: [{ increment: field.spec.name, by: { literal: 1 } }] });
    ctx.understood.push(`${s.lemma} adds one to ${pascalCase(target.words)}.${name}`);
    ctx.lastResource = target;
    return;
  }
  if (!target && withItems.length === 0) {
    ctx.unmapped.push(`"${s.text}" (I cannot tell what the ${s.lemma.replace('_', ' ')} is for)`);
    return;
  }
  // the record: a resource named after the verb ("bookings"), the subject when the prompt acts
  // on it elsewhere ("list the guests"), a lone record without fields ("list all subscribers"),
  // else one named after the verb
  const fieldless = ctx.resources.filter((r) => r.fields.length === 0 && !r.declared && r !== target);
  const subjectIsActor = subjectWords.length === 0 || ACTOR_WORDS.has(subjectWords[subjectWords.length - 1] as string);
  // "Teams register with a team name": a group or role with details of its own is a record
  const subjectIsPerson = subjectWords.length === 0 || PERSON_WORDS.has(subjectWords[subjectWords.length - 1] as string);
  let rel: ResourceDraft;
  const namedObject = obj.kind === 'noun' && CREATES_OBJECT.has(s.lemma) && target !== undefined && !headRes && obj.words.length <= 2 && !obj.words.some((w) => DETERMINERS.has(w) || PREPOSITIONS.has(w)) ? [...obj.words.slice(0, -1), singular(obj.words[obj.words.length - 1] as string)] : undefined;
  // "book an appointment for a pet": the record is named by what is booked
  if (namedObject) rel = ensureResource(ctx, namedObject, s.text, true);
  else if (!target && nominal && withItems.length > 0) rel = nominal;
  // "Scholarship applications: students apply with ... each application": the prompt names the
  // record after the verb elsewhere, so the students are who applies, not the record
  else if (!target && noun && withItems.length > 0 && !subjectRes && ctx.clauses.some((c) => c !== s.clause && wordsOf(c.toks).some((w) => singular(w) === noun[noun.length - 1]))) rel = ensureResource(ctx, noun, s.text, true);
  else if (!target && !subjectIsPerson && !subjectRes && withItems.length > 0) rel = ensureResource(ctx, subjectWords, s.text, true);
  else if (!target && subjectRes && withItems.length > 0 && !subjectIsActor) rel = subjectRes;
  else if (nominal && nominal !== target) rel = nominal;
  else if (subjectRes && subjectRes !== target && !(subjectRes.declared && subjectRes.fields.length > 0)) rel = subjectRes;
  else if (fieldless.length === 1) rel = fieldless[0] as ResourceDraft;
  else if (noun) rel = ensureResource(ctx, noun, s.text, true);
  else if (!subjectIsActor && !subjectRes) rel = ensureResource(ctx, subjectWords, s.text, true);
  else rel = ensureResource(ctx, [s.lemma.replace('_', '')], s.text, true);
  rel.declared = true;
  if (rel === target) {
    ctx.unmapped.push(`"${s.text}" (a ${s.lemma} cannot point at itself)`);
    return;
  }
  const via = target ? addReference(ctx, rel, target, true) : undefined;
  if (subjectRes && subjectRes !== rel && subjectRes !== target && subjectRes.declared && subjectRes.fields.length > 0) addReference(ctx, rel, subjectRes, true);
  if (listField && target && via) {
    const listWords = splitIdentifier(listField.spec.name);
    const fname = camelCase([...listWords.slice(0, -1), singular(listWords[listWords.length - 1] as string)]);
    const field = fieldOf(ctx, rel, fname) ?? addField(ctx, rel, { spec: { name: fname, type: 'string', required: true }, words: [fname, listField.spec.name] });
    field.spec.required = true;
    listField.spec.required = true;
    listField.spec.min = Math.max(listField.spec.min ?? 0, 2);
    delete listField.spec.default;
    addRule(ctx, { kind: 'membership', resource: keyOf(rel.words), via: via.spec.name, field: field.spec.name, listField: listField.spec.name, message: `This ${target.words.join(' ')} has no such ${fname}` });
  }
  // "rate a recipe from 1 to 5 stars with an optional comment": the score is on the record
  const rangeTok = rest.slice(0, withIdx >= 0 ? withIdx : rest.length).find((t) => t.w === '#range');
  if (rangeTok?.range) {
    if (!RATE_VERBS.has(s.lemma)) {
      ctx.unmapped.push(`"${s.text}" (I cannot tell what "${rangeTok.raw}" limits)`);
      return;
    }
    const name = NOMINALIZATION[s.lemma]?.[0] ?? 'rating';
    const bounds = { ...(rangeTok.range.min !== undefined ? { min: rangeTok.range.min } : {}), ...(rangeTok.range.max !== undefined ? { max: rangeTok.range.max } : {}) };
    if (rel.words.join(' ') === name) addField(ctx, rel, { spec: { name: 'score', type: 'integer', required: true, ...bounds }, words: ['score', 'stars', 'rating'] });
    else addField(ctx, rel, { spec: { name, type: 'integer', required: true, ...bounds }, words: [name, 'stars', 'score'] });
  }
  for (const other of withRecords) if (other !== rel && other !== target) addReference(ctx, rel, other, true);
  if (withItems.length) readItems(ctx, rel, withItems, s.text);
  // "reserve a room for a time slot": what else the record is for is a field of its own
  const extras = prepositionalFields(ctx, rest.slice(0, withIdx >= 0 ? withIdx : rest.length), listField);
  if (extras.length) readItems(ctx, rel, extras, s.text);
  pushAction(ctx, { kind: 'create', resource: keyOf(rel.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
  ctx.understood.push(`${s.lemma.replace('_', ' ')} creates a ${pascalCase(rel.words)}${target ? ` for a ${pascalCase(target.words)}` : ''}`);
  if (target && subjectWords.length) ctx.relationsBySubject.set(keyOf(subjectWords), { rel, target });
  ctx.lastResource = target ?? rel;
  ctx.lastCreated = rel;
  ctx.lastCreatedSentence = s.clause.sentence;
}

/** Noun phrases after for/on/at that name neither a record nor a listed option. */
export function prepositionalFields(ctx: ReadingState, toks: readonly Tok[], listField: FieldDraft | undefined): Tok[][] {
  const out: Tok[][] = [];
  for (let i = 0; i < toks.length; i++) {
    if (!['for', 'on', 'at'].includes((toks[i] as Tok).w)) continue;
    let j = i + 1;
    while (j < toks.length && DETERMINERS.has((toks[j] as Tok).w)) j++;
    if (j === i + 1 || resourceAt(ctx, toks, j) || ['one', 'each', 'them', 'it', 'every', 'all'].includes(toks[i + 1]?.w ?? '')) continue;
    const phrase: Tok[] = [];
    let k = j;
    while (k < toks.length && /^[a-z]/.test((toks[k] as Tok).w) && !PREPOSITIONS.has((toks[k] as Tok).w) && !SEPARATORS.has((toks[k] as Tok).w) && phrase.length < 3) phrase.push(toks[k++] as Tok);
    if (phrase.length === 0 || (listField && ctx.resources.some((r) => fieldAt(ctx, r, phrase, 0)?.field === listField))) continue;
    out.push(phrase);
    i = k - 1;
  }
  return out;
}

export function readTally(ctx: ReadingState, s: Segment): void {
  const rule = ctx.rules.find((r): r is Extract<RuleDraft, { kind: 'membership' }> => r.kind === 'membership');
  // "show the tally" of votes counted on the records themselves: the records, most votes first
  const counted = rule ? undefined : ctx.resources.map((r) => ({ r, f: r.fields.find((f) => f.spec.generated === 'managed' && f.spec.type === 'integer' && ctx.actions.some((a) => a.resource === keyOf(r.words) && COUNTED_VOTES.has(a.verb) && a.effects.some((e) => 'increment' in e && e.increment === f.spec.name))) })).find((x) => x.f !== undefined);
  if (counted?.f) {
    pushAction(ctx, { kind: 'list', resource: keyOf(counted.r.words), verb: 'tally', description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [], orderBy: { field: counted.f.spec.name, direction: 'desc' } });
    ctx.understood.push(`"${s.text}" lists ${plural(counted.r.words.join(' '))} by ${counted.f.spec.name}, highest first`);
    ctx.lastResource = counted.r;
    return;
  }
  if (!rule) {
    const aggregate = s.rest.some((t) => ['total', 'sum', 'average', 'avg', 'mean', 'median'].includes(t.w));
    ctx.unmapped.push(aggregate ? `"${s.text}" (totals, sums and averages are not supported; a backend can count votes per option)` : `"${s.text}" (results need votes for one of a list of options, e.g. "people vote for one option")`);
    return;
  }
  const rel = ctx.resources.find((r) => keyOf(r.words) === rule.resource) as ResourceDraft;
  const via = fieldOf(ctx, rel, rule.via);
  const parent = ctx.resources.find((r) => pascalCase(r.words) === via?.spec.references) as ResourceDraft;
  pushAction(ctx, {
    kind: 'custom',
    resource: keyOf(parent.words),
    verb: 'tally',
    name: camelCase([...parent.words, 'results']),
    description: sentenceCase(s.text),
    filters: [],
    params: [],
    guards: [],
    effects: [],
    tally: { countResource: pascalCase(rel.words), via: rule.via, groupField: rule.field, optionsField: rule.listField },
  });
  ctx.understood.push(`results count ${plural(rel.words.join(' '))} per ${rule.field}`);
}
