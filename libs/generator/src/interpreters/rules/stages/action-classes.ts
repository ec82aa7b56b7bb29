import { prepareFieldList } from '../field-lists.js';
import { AGENT_NOUN_RESOURCES, ALL_WORDS, INDEFINITE_ARTICLES, RELATIVE_BE, AWARD_VERBS, CHARACTER_WORDS, CONDITION_WORDS, COUNT_NOUNS, COUNT_WORDS, CRUD_FILLERS, DETERMINERS, LIST_LEAD_WORDS, LOOKUP_KEYS, META_NOUNS, NOMINALIZATION, PLAIN_GET_VERBS, POSSESSIVES, PREPOSITIONS, RECORD_LIST_NOUNS, RELATIVE_WORDS, SCALE_NOUNS, SEPARATORS, STATE_FIELD_NAMES, TALLY_NOUNS, TITLE_TAILS, VERB_SET, VERBS, ENDING_VERBS } from '../lexicon.js';
import type { GuardSpec } from '@backforge/blueprint';
import { type ActionDraft, keyOf, referenceTo, type ResourceDraft } from '../model.js';
import { camelCase, isPluralForm, pascalCase, pastParticiple, plural, singular, splitIdentifier, verbLemma } from '../text.js';
import { splitList, textOf, words as wordsOf } from '../tokens.js';
import { readTake } from './action-holding.js';
import { readQuantity, readRating } from './action-quantities.js';
import { enumTarget, readState, setEnum, stateTarget } from './action-states.js';
import { filtersOf, orderOf, pushAction, pushOnce, pushTransition, readFieldListCreate, rejectSegment } from './actions.js';
import { type ObjectRef, type Segment, sentenceCase } from './reading.js';
import type { ReadingState } from './reading-state.js';
import { readRelation } from './relations.js';
import { addField, addReference, fieldAt, fieldOf, findResource, lookupField, mentionedFields, objectOf, relationTarget, resourceAt, resourceFromObject } from './resolve.js';
import { readItems } from './sentences.js';
import { isFieldish } from './segment.js';

/**
 * Actions by verb class: what a segment whose verb the lexicon knows (VERBS) is read as, once no
 * more particular phrasing in stages/action-phrasings.ts took it. One reader per class (create,
 * crud, list/get, update, delete, amounts, toggle, state, take, counter); the registry's last
 * entries call them, so each class is a phrasing with its own examples.
 */

/** "add a book", "submit their name and email", "add points to a team": a record made, or a number raised. */
export function readCreate(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  const after = s.rest.slice(obj.end);
  const agent = obj.kind === 'noun' ? AGENT_NOUN_RESOURCES[obj.words[obj.words.length - 1] as string] : undefined;
  if (agent) {
    ctx.titleWords.push(...agent);
    ctx.titleAgent = true;
  }
  if (obj.kind === 'noun' && (agent || META_NOUNS.has(obj.words[obj.words.length - 1] as string) || (TITLE_TAILS.has(obj.words[obj.words.length - 1] as string) && obj.words.length > 1))) {
    ctx.understood.push(`"${s.text}" describes the backend`);
    return;
  }
  const countedOn = obj.kind === 'noun' && obj.words.length === 1 && COUNT_NOUNS.has(obj.words[0] as string) && AWARD_VERBS.has(s.lemma) ? relationTarget(ctx, after, { words: [], fields: [], origin: '', declared: false }) : undefined;
  if (countedOn && obj.kind === 'noun') {
    // "add points to a team": a number kept on the team, raised by the given amount
    const name = obj.words[0] as string;
    if (!fieldOf(ctx, countedOn, name)) addField(ctx, countedOn, { spec: { name, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [name, singular(name)] });
    ctx.lastResource = countedOn;
    readQuantity(ctx, { ...s, lemma: 'add', cls: 'increment' }, { kind: 'noun', words: [name], plural: true, end: 0 });
    return;
  }
  if (AWARD_VERBS.has(s.lemma) && obj.kind === 'field' && (obj.field.spec.type === 'integer' || obj.field.spec.type === 'number')) {
    // "add points to a customer", "add stock": an increment of that number
    readQuantity(ctx, { ...s, cls: 'increment' }, obj);
    return;
  }
  // "submit their name, email and a message", "log their mood": the fields of what is created
  const possessive = POSSESSIVES.has(s.rest[0]?.w ?? '') && obj.kind !== 'resource';
  const listish = possessive || obj.kind === 'field' || (obj.kind === 'noun' && isFieldish(ctx, obj.words)) || (obj.kind === 'pronoun' && s.rest.some((t) => POSSESSIVES.has(t.w)));
  if (listish) {
    readFieldListCreate(ctx, s);
    return;
  }
  const res = resourceFromObject(ctx, obj, s);
  if (!res) return rejectSegment(ctx, s, 'I cannot tell what it creates');
  // "students submit assignments" when submissions are named elsewhere: a submission of one
  const nominal = NOMINALIZATION[s.lemma] ? findResource(ctx, NOMINALIZATION[s.lemma] as string[]) : undefined;
  if (nominal && nominal !== res && res.declared && res.fields.length > 0 && !nominal.declared) {
    readRelation(ctx, { ...s, cls: 'relation' }, obj);
    return;
  }
  const paren = after[0]?.inner;
  if (paren) {
    const bound = paren.find((t) => t.w === '#range') ?? paren.find((t) => /^\d+$/.test(t.w));
    if (bound && paren.some((t) => CHARACTER_WORDS.has(t.w))) {
      // "short messages (max 280 characters)": a limit on the record's own text
      const max = bound.range?.max ?? Number(bound.w);
      addField(ctx, res, { spec: { name: 'text', type: 'text', required: true, max, ...(bound.range?.min !== undefined ? { min: bound.range.min } : {}) }, words: ['text', 'content', 'body'] });
    } else if (res.fields.length === 0 && paren.some((t) => /^[a-z]/.test(t.w))) {
      // "create quotes (text and author)"
      readItems(ctx, res, splitList(prepareFieldList(paren)), s.text);
    }
  }
  const withIdx = after.findIndex((t) => t.w === 'with');
  if (withIdx >= 0) {
    const items = after.slice(withIdx + 1);
    const parts = splitList(prepareFieldList(items.filter((t) => !POSSESSIVES.has(t.w))));
    readItems(ctx, res, parts, s.text);
  }
  const target = relationTarget(ctx, after, res);
  if (target) addReference(ctx, res, target, true);
  pushAction(ctx, { kind: 'create', resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
  ctx.lastResource = res;
  ctx.lastCreated = res;
  ctx.lastCreatedSentence = s.clause.sentence;
  return;
}

/** "CRUD for books", "CRUD for all three": the five actions of one record or of every record. */
export function readCrud(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  const after = s.rest.slice(obj.end);
  // "CRUD for all three", "CRUD for everything": every kind of record, when the count (if given) agrees
  const whole = wordsOf(after).filter((w) => !CRUD_FILLERS.has(w));
  const counted = COUNT_WORDS[whole[1] ?? ''] ?? Number(whole[1]);
  if ((whole.length === 1 && ALL_WORDS.has(whole[0] as string)) || (whole.length === 2 && whole[0] === 'all' && counted === ctx.resources.length)) {
    for (const res of ctx.resources) {
      for (const kind of ['create', 'get', 'list', 'update', 'delete'] as const) pushAction(ctx, { kind, resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
    }
    return;
  }
  const res = resourceFromObject(ctx, obj.kind === 'none' ? objectOf(ctx, after.filter((t) => t.w !== 'for' && t.w !== 'of' && t.w !== 'on'), undefined) : obj);
  if (!res) return rejectSegment(ctx, s, 'I cannot tell what it manages');
  for (const kind of ['create', 'get', 'list', 'update', 'delete'] as const) {
    pushAction(ctx, { kind, resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters: kind === 'list' ? filtersOf(ctx, res, after, s) : [], params: [], guards: [], effects: [] });
  }
  ctx.lastResource = res;
  return;
}

/** "list books by genre", "show a recipe's ratings", "look up a link by its code": reading records. */
export function readListOrGet(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  const after = s.rest.slice(obj.end);
  // "show a recipe's ratings": the records of another kind that point at it
  const owned = obj.kind === 'resource' ? resourceAt(ctx, s.rest, obj.end) : undefined;
  const ownerRef = owned && obj.kind === 'resource' && owned.plural && owned.res !== obj.res ? owned.res.fields.find((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(obj.res.words)) : undefined;
  if (owned && ownerRef) {
    pushAction(ctx, { kind: 'list', resource: keyOf(owned.res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [{ param: ownerRef.spec.name, field: ownerRef.spec.name, op: 'eq' }], params: [], guards: [], effects: [] });
    ctx.lastResource = owned.res;
    return;
  }
  // "show a vet's appointments" when appointments are not a kind of record: not a plain get
  const trailing = obj.kind === 'resource' && !obj.plural ? s.rest[obj.end] : undefined;
  if (trailing && obj.kind === 'resource' && /^[a-z]+s$/.test(trailing.w) && isPluralForm(trailing.w) && !fieldAt(ctx, obj.res, s.rest, obj.end) && !TALLY_NOUNS.has(trailing.w) && !PREPOSITIONS.has(trailing.w) && !SEPARATORS.has(trailing.w)) {
    rejectSegment(ctx, s, `I cannot tell what the ${trailing.w} of a ${obj.res.words.join(' ')} are; name them as records (e.g. "${trailing.w} have a ${obj.res.words.join(' ')}")`);
    return;
  }
  const resolved = s.lemma === 'resolve' ? resourceFromObject(ctx, obj, s) : undefined;
  if (resolved && !resolved.fields.some((f) => f.spec.unique && LOOKUP_KEYS.has(f.spec.name)) && !after.some((t) => t.w === 'by' || t.w === 'to')) {
    // "resolve a ticket" (no code to resolve): it becomes resolved
    ctx.lastResource = resolved;
    readState(ctx, s, resolved, after);
    return;
  }
  if (['who', "who's", 'whos'].includes(s.rest[0]?.w ?? '') && s.rest[1]) {
    if (readWhoFor(ctx, s)) return;
    const lemma = verbLemma(s.rest[1].w, VERB_SET);
    const made = lemma ? [...ctx.actions].reverse().find((a) => a.kind === 'create' && a.verb === lemma) : undefined;
    const madeRes = made ? ctx.resources.find((r) => keyOf(r.words) === made.resource) : undefined;
    if (madeRes) {
      pushAction(ctx, { kind: 'list', resource: keyOf(madeRes.words), verb: s.lemma, description: sentenceCase(s.text), filters: filtersOf(ctx, madeRes, s.rest.slice(2), s), params: [], guards: [], effects: [] });
      ctx.lastResource = madeRes;
      return;
    }
  }
  const res = resourceFromObject(ctx, obj, s);
  if (!res) return rejectSegment(ctx, s, 'I cannot tell which records it reads');
  ctx.lastResource = res;
  const isList = s.cls === 'list' || (obj.kind === 'resource' && !obj.shared && (obj.plural || obj.all)) || (obj.kind === 'pronoun' && obj.plural && s.lemma !== 'resolve');
  if (isList) {
    // "sorting by title" orders; it does not filter
    const sorting = s.lemma === 'sort' || (s.lemma === 'order' && s.rest[0]?.w === 'by');
    const filters = sorting ? [] : filtersOf(ctx, res, s.rest, s);
    if (obj.kind === 'field' && (obj.field.spec.type === 'boolean' || obj.field.spec.type === 'enum') && !filters.some((f) => f.field === obj.field.spec.name)) {
      filters.unshift({ param: obj.field.spec.name, field: obj.field.spec.name, op: 'eq' });
    }
    const orderBy = orderOf(ctx, res, sorting ? [{ raw: 'sorted', w: 'sorted' }, ...s.rest] : s.rest);
    // "list pending applications" when nothing is pending: a state word that filters nothing
    if (obj.kind === 'resource') {
      const lead = s.rest.slice(0, obj.end).filter((t) => /^[a-z]/.test(t.w) && !DETERMINERS.has(t.w) && !POSSESSIVES.has(t.w) && !res.words.includes(singular(t.w)) && findResource(ctx, [t.w]) !== res && !LIST_LEAD_WORDS.has(t.w) && !RECORD_LIST_NOUNS.has(t.w));
      const unread = lead.find((t) => filtersOf(ctx, res, [t], s).length === 0 && !filters.some((f) => f.field === t.w));
      if (unread) {
        rejectSegment(ctx, s, `"${unread.w}" ${plural(res.words.join(' '))} are not something a ${res.words.join(' ')} records; add a status (e.g. "a status (${unread.w}, ...)") or a yes/no field`);
        return;
      }
    }
    // "games that work for a given number of players": a condition that became no filter
    const relAt = after.findIndex((t, n) => RELATIVE_WORDS.has(t.w) || (n === 0 && RELATIVE_BE.has(t.w)));
    if (relAt >= 0 && filters.length === 0 && !orderBy && wordsOf(after.slice(relAt + 1)).length > 0) {
      rejectSegment(ctx, s, `the condition "${textOf(after.slice(relAt))}" is not a filter I can read; say "list ${plural(res.words.join(' '))} by <field>" or "with <field> at most a given value"`);
      return;
    }
    pushAction(ctx, { kind: 'list', resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters, params: [], guards: [], effects: [], ...(orderBy ? { orderBy } : {}) });
    return;
  }
  const by = lookupField(ctx, res, obj, after);
  const draft: ActionDraft = { kind: 'get', resource: keyOf(res.words), verb: s.lemma, by, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] };
  if (!PLAIN_GET_VERBS.has(s.lemma)) draft.name = camelCase([...s.lemma.split('_'), ...res.words]);
  pushAction(ctx, draft);
  return;
}

/**
 * "see who has booked onto each retreat", "who's got tickets for a social", "who is coming to each
 * lesson": the records that point at the one named after the preposition, listed by it.
 */
function readWhoFor(ctx: ReadingState, s: Segment): boolean {
  const ws = s.rest.map((t) => t.w);
  const at = ws.findIndex((w, k) => k > 1 && ['onto', 'on', 'to', 'for', 'in', 'at', 'into'].includes(w));
  if (at < 0) return false;
  let j = at + 1;
  while (j < ws.length && (DETERMINERS.has(ws[j] as string) || POSSESSIVES.has(ws[j] as string) || ['particular', 'given', 'certain', 'specific'].includes(ws[j] as string))) j++;
  // ("list the retreats and see who has booked onto each one": "one" is the record named before)
  const named = ws[j] === 'one' || j === ws.length ? undefined : resourceAt(ctx, s.rest, j);
  // (only when the sentence ends there: "... on a session and what sessions are on a given day" asks more)
  if ((named ? named.end : Math.min(j + 1, ws.length)) < ws.length) return false;
  const parent = named ? named.res : ctx.lastResource;
  const children = parent ? ctx.resources.filter((r) => r !== parent && referenceTo(r, parent) !== undefined) : [];
  const child = children.length === 1 ? (children[0] as ResourceDraft) : undefined;
  const ref = child && parent ? referenceTo(child, parent) : undefined;
  if (!child || !ref) return false;
  pushAction(ctx, { kind: 'list', resource: keyOf(child.words), verb: s.lemma, description: sentenceCase(s.text), filters: [{ param: ref.spec.name, field: ref.spec.name, op: 'eq' }], params: [], guards: [], effects: [] });
  ctx.lastResource = child;
  return true;
}

/** "edit a book", "set a task's status to done": an update, or a transition to a named value. */
export function readUpdate(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  const after = s.rest.slice(obj.end);
  const res = resourceFromObject(ctx, obj, s);
  if (!res) return rejectSegment(ctx, s, 'I cannot tell what it changes');
  ctx.lastResource = res;
  // "set a task's status to done", "move a card to doing": a transition to that value
  const target = enumTarget(ctx, res, after);
  if (target) {
    setEnum(ctx, s, res, target, true);
    return;
  }
  // "set a todo to done": a yes/no field named after "to"
  const toAt = after.findIndex((t) => t.w === 'to');
  const flag = toAt >= 0 ? res.fields.find((f) => f.spec.type === 'boolean' && f.spec.name === after[toAt + 1]?.w) : undefined;
  if (flag) {
    pushTransition(ctx, res, s.text, { verb: s.lemma, name: camelCase(['mark', ...res.words, ...splitIdentifier(flag.spec.name)]), effects: [{ set: flag.spec.name, to: { literal: true } }] });
    return;
  }
  const mentioned = mentionedFields(ctx, res, obj.kind === 'field' ? s.rest : after).filter((f) => !f.spec.generated);
  if (obj.kind === 'field' && !mentioned.includes(obj.field)) mentioned.unshift(obj.field);
  if (s.lemma === 'rename') {
    const nameField = res.fields.find((f) => f.spec.name === 'name' || f.spec.name === 'title');
    if (nameField && !mentioned.includes(nameField)) mentioned.push(nameField);
  }
  const fields = mentioned.length ? mentioned.map((f) => f.spec.name) : undefined;
  pushAction(ctx, { kind: 'update', resource: keyOf(res.words), verb: s.lemma, updateFields: fields, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
  return;
}

/** "delete a book", "students drop a course": a delete (or the state a delete verb names). */
export function readDelete(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  const after = s.rest.slice(obj.end);
  let res = resourceFromObject(ctx, obj, s);
  if (!res) return rejectSegment(ctx, s, 'I cannot tell what it deletes');
  // "students enroll in a course ... students can drop a course": the enrollment goes
  const made = s.subject.length ? ctx.relationsBySubject.get(keyOf([...s.subject.slice(0, -1), singular(s.subject[s.subject.length - 1] as string)])) : undefined;
  if (made && made.target === res) res = made.rel;
  ctx.lastResource = res;
  if (stateTarget(ctx, res, s.lemma)) {
    readState(ctx, s, res, after);
    return;
  }
  const when = after.findIndex((t) => CONDITION_WORDS.has(t.w));
  if (s.lemma === 'cancel' && readCancel(ctx, s, res, when >= 0 ? wordsOf(after.slice(when + 1)) : [])) return;
  // "cancel a hire" with no status: a cancel that keeps the hire, marked cancelled once, beside the
  // delete the words also allow (the fresh batches' writers asked for one 30 times, the other 40)
  if (ENDING_VERBS.has(s.lemma) && VERBS[s.lemma] === 'delete' && when < 0) pushOnce(ctx, res, s.text, { verb: s.lemma, name: camelCase([s.lemma, ...res.words]), state: pastParticiple(s.lemma) });
  // "remove a print job while it is queued": a delete checks no condition, so the condition is named, not dropped
  if (when >= 0 && wordsOf(after.slice(when + 1)).length > 0) ctx.unmapped.push(`"${textOf(after.slice(when))}" in "${s.text}" (a delete checks no condition; say which state it moves to instead, e.g. "a status (..., cancelled)")`);
  pushAction(ctx, { kind: 'delete', resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
  return;
}

/** "add stock", "give each application a score from 1 to 10": an amount added, or a mark on a scale. */
export function readAmount(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  // "give each application a score from 1 to 10": a mark on a scale, not an amount added
  const given = s.cls === 'increment' && (obj.kind === 'resource' || obj.kind === 'pronoun') ? s.rest.slice(obj.end, obj.end + 4).find((t, k, ws) => SCALE_NOUNS[t.w] !== undefined && INDEFINITE_ARTICLES.has(ws[k - 1]?.w ?? ''))?.w : undefined;
  const scaleVerb = given ? SCALE_NOUNS[given] : undefined;
  if (scaleVerb && readRating(ctx, { ...s, lemma: scaleVerb }, obj)) return;
  readQuantity(ctx, s, obj);
  return;
}

/** "toggle a todo": a yes/no field flipped. */
export function readToggle(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  const res = resourceFromObject(ctx, obj, s);
  if (!res) return rejectSegment(ctx, s, 'I cannot tell what it toggles');
  ctx.lastResource = res;
  const mentioned = mentionedFields(ctx, res, s.rest).find((f) => f.spec.type === 'boolean');
  const field = mentioned ?? res.fields.find((f) => f.spec.type === 'boolean');
  if (!field) return rejectSegment(ctx, s, `${pascalCase(res.words)} has no yes/no field to toggle`);
  pushTransition(ctx, res, s.text, { verb: s.lemma, name: camelCase([s.lemma, ...res.words]), effects: [{ toggle: field.spec.name }] });
  return;
}

/** "publish a post", "archive a note": a state the verb names. */
export function readStateVerb(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  const after = s.rest.slice(obj.end);
  const res = resourceFromObject(ctx, obj, s);
  if (!res) return rejectSegment(ctx, s, 'I cannot tell what it changes');
  ctx.lastResource = res;
  readState(ctx, s, res, after);
  return;
}

/** "borrow a book", "take new orders": a record held by someone (or, with "new", created). */
export function readTakeVerb(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  const after = s.rest.slice(obj.end);
  if (s.rest[0]?.w === 'new' && obj.kind === 'resource') {
    // "take new orders"
    pushAction(ctx, { kind: 'create', resource: keyOf(obj.res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
    ctx.lastResource = obj.res;
    return;
  }
  readTake(ctx, s, obj, after);
  return;
}

/** "upvote a post": a managed count raised by one. */
export function readCounter(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  const res = resourceFromObject(ctx, obj, s);
  if (!res) return rejectSegment(ctx, s, 'I cannot tell what it counts');
  ctx.lastResource = res;
  const name = plural(s.lemma);
  const field = fieldOf(ctx, res, name) ?? addField(ctx, res, { spec: { name, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [name, s.lemma] });
  field.spec.generated = 'managed';
  pushTransition(ctx, res, s.text, { verb: s.lemma, name: camelCase([s.lemma, ...res.words]), effects: [{ increment: field.spec.name, by: { literal: 1 } }] });
  return;
}

/**
 * "cancel a print job while it is queued" when print jobs have a status: the record is kept and
 * its status gains a `cancelled` value (and, when its states move in order, a move to it from the
 * state the condition names, or from every state that moves on). Without a status a cancel stays a
 * delete: the blind writers split on it (batches 08-09 and the corpus expect a delete, 11-13 a
 * transition), and only a status says the record lives on after it.
 */
function readCancel(ctx: ReadingState, s: Segment, res: ResourceDraft, condition: readonly string[]): boolean {
  const status = res.fields.find((f) => f.spec.type === 'enum' && STATE_FIELD_NAMES.has(f.spec.name));
  if (!status) return false;
  const values = status.spec.values ?? [];
  const cancelled = values.find((v) => /^cancel+ed$/i.test(v)) ?? 'cancelled';
  if (!values.includes(cancelled)) status.spec.values = [...values, cancelled];
  const moves = status.spec.transitions;
  const named = values.filter((v) => ` ${condition.join(' ')} `.includes(` ${v.toLowerCase()} `));
  // "while it is queued" that names no state is named as a gap, never dropped
  if (condition.length > 0 && named.length === 0) ctx.unmapped.push(`"${condition.join(' ')}" in "${s.text}" (no state of ${pascalCase(res.words)}.${status.spec.name} is named; say which one, e.g. "while it is ${values[0] ?? 'new'}")`);
  const guards: GuardSpec[] = [];
  if (moves?.length) {
    const moving = values.filter((v) => moves.some((m) => m.from === v));
    for (const from of named.length ? named : moving) if (!moves.some((m) => m.from === from && m.to === cancelled)) moves.push({ from, to: cancelled });
  } else if (named.length > 0) {
    guards.push({ field: status.spec.name, ...(named.length === 1 ? { op: 'eq' as const, value: { literal: named[0] as string } } : { op: 'in' as const, value: { literal: named } }), message: `Only a ${res.words.join(' ')} that is ${named.join(' or ')} can be cancelled` });
  }
  pushTransition(ctx, res, s.text, { verb: s.lemma, name: camelCase(['cancel', ...res.words]), guards, effects: [{ set: status.spec.name, to: { literal: cancelled } }] });
  return true;
}
