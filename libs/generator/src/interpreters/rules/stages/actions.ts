import type { EffectSpec, FilterSpec, GuardSpec, ParamSpec } from '@backforge/blueprint';
import { prepareFieldList } from '../fields.js';
import { AGENT_NOUN_RESOURCES, COUNT_NOUNS, DECREASE_WORDS, DETERMINERS, GENERATED_NOUNS, INCREASE_WORDS, LOOKUP_KEYS, META_NOUNS, NAME_NOISE, NOMINALIZATION, POSSESSIVES, PREPOSITIONS, PRESENCE, SCALE_NOUNS, SEPARATORS, TALLY_NOUNS, TITLE_TAILS, VERB_SET, VERBS, COUNT_WORDS, RECORD_WORDS } from '../lexicon.js';
import { type ActionDraft, keyOf, type ResourceDraft, type RuleDraft } from '../model.js';
import { camelCase, isPluralForm, pascalCase, plural, singular, splitIdentifier, verbLemma } from '../text.js';
import { readFilters, readOrder } from './filters.js';
import { type Clause, splitList, textOf, type Tok, words as wordsOf } from '../tokens.js';
import { type ObjectRef, type Segment, sentenceCase, stripDeterminers, withDirection } from './reading.js';
import { addField, addReference, ensureResource, fieldAt, fieldOf, findResource, lookupField, mentionedFields, objectOf, relationTarget, resourceAt, resourceFromObject, titleNoun } from './resolve.js';
import { readItems } from './sentences.js';
import { isFieldish, lemmaAt, readSegments, segment } from './segment.js';
import { enumTarget, readMark, readOccupancy, readPresence, readQuantity, readRating, readRelease, readReset, readStamp, readState, readTake, setEnum, stateTarget } from './action-kinds.js';
import { readRelation, readTally } from './relations.js';
import { readRule } from './rules.js';
import type { ReadingState } from './reading-state.js';

/** Actions: one verb segment read into CRUD, lookups and lists, and the drafts every action goes through. */
export function readSegment(ctx: ReadingState, s: Segment, obj: ObjectRef): void {
  const after = s.rest.slice(obj.end);
  const reject = (why: string): void => {
    ctx.unmapped.push(`"${s.text}" (${why})`);
  };
  if (readOccupancy(ctx, s, obj)) return;
  if (s.cls === 'unknown') {
    // "level up a character (increases the level by one)", "take snacks (decreases quantity by one)"
    const why = explanation(ctx, s);
    if (why.some((w) => INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w))) {
      const particle = ['up', 'down', 'out', 'in', 'off'].includes(s.rest[0]?.w ?? '') ? (s.rest[0] as Tok).w : undefined;
      const rest = particle ? s.rest.slice(1) : s.rest;
      const lemma = particle ? `${s.lemma.slice(1)}_${particle}` : s.lemma.slice(1);
      const o = objectOf(ctx, rest, ctx.lastResource);
      readQuantity(ctx, { ...s, lemma, rest, cls: why.some((w) => DECREASE_WORDS.has(w)) ? 'decrement' : 'increment' }, o);
      return;
    }
    if (readStamp(ctx, s) || readReset(ctx, s)) return;
    // "plant things in a bed (create a plant)": the parenthesis says which action it is
    const paren = s.rest.find((t) => t.inner && t.inner[0] && lemmaAt(ctx, t.inner, 0));
    if (paren?.inner) {
      const inner: Clause = { ...s.clause, text: textOf(paren.inner), toks: paren.inner };
      readSegments(ctx, segment(ctx, inner));
      return;
    }
    // "upgrade a customer to gold": an unknown verb that lands on a listed value
    const o = objectOf(ctx, s.rest, ctx.lastResource);
    const res = resourceFromObject(ctx, o, s);
    const target = res ? enumTarget(ctx, res, s.rest) : undefined;
    if (res && target) {
      setEnum(ctx, s, res, target, false);
      return;
    }
    reject(`I do not know what "${s.lemma.slice(1)}" should do; use add, list, show, update, delete, mark as, toggle, or say what changes`);
    return;
  }
  // "get a short code" right after a create: the create hands out a generated code
  if ((s.cls === 'get' || s.lemma === 'receive') && obj.kind !== 'resource' && ctx.lastCreated && isGeneratedAsk(ctx, s, obj)) {
    const res = ctx.lastCreated;
    const name = obj.kind === 'field' ? obj.field.spec.name : camelCase((obj.kind === 'noun' ? obj.words : ['code']).filter((w) => !NAME_NOISE.has(w)));
    const existing = fieldOf(ctx, res, name);
    if (existing) {
      existing.spec.generated = 'code';
      existing.spec.type = 'string';
      existing.spec.unique = true;
      existing.spec.required = false;
      delete existing.spec.default;
    } else addField(ctx, res, { spec: { name, type: 'string', required: false, unique: true, generated: 'code', min: 7 }, words: [name, ...splitIdentifier(name)] });
    ctx.understood.push(`creating a ${pascalCase(res.words)} hands out a generated ${name}`);
    return;
  }
  // "looking up a code gives you the URL and counts one visit"
  if (s.lemma === 'count' && ['one', 'a', 'an'].includes(s.rest[0]?.w ?? '') && s.rest[1]) {
    const prior = [...ctx.actions].reverse().find((a) => a.kind === 'get' || a.kind === 'transition');
    if (prior) {
      readRule(ctx, { ...s.clause, text: `each ${prior.verb.replace('_', ' ')} counts a ${s.rest[1].w}`, toks: [{ raw: 'each', w: 'each' }, { raw: prior.verb, w: prior.verb }, { raw: 'counts', w: 'counts' }, { raw: 'a', w: 'a' }, s.rest[1]] });
      return;
    }
  }
  const gainer = s.cls === 'get' && obj.kind !== 'resource' && s.subject.length > 0 ? (findResource(ctx, s.subject) ?? findResource(ctx, s.subject.slice(-1))) : undefined;
  const gained = obj.kind === 'noun' ? obj.words[obj.words.length - 1] : obj.kind === 'field' ? obj.field.spec.name : undefined;
  if (gainer && gained && COUNT_NOUNS.has(gained) && ['get', 'receive', 'earn'].includes(s.lemma)) {
    // "a team gets points": the team's count of them rises by a given amount
    if (!fieldOf(ctx, gainer, gained)) addField(ctx, gainer, { spec: { name: gained, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [gained, singular(gained)] });
    ctx.lastResource = gainer;
    readQuantity(ctx, { ...s, lemma: 'add', cls: 'increment' }, { kind: 'noun', words: [gained], plural: true, end: 0 });
    return;
  }
  const asksCount = s.subject.some((w) => TALLY_NOUNS.has(w)) || (obj.kind === 'resource' && ['results', 'tally', 'counts', 'totals', 'standings'].includes(s.rest[obj.end]?.w ?? '')) || s.rest.some((t, i) => t.w === 'how' && s.rest[i + 1]?.w === 'many');
  if (s.cls === 'tally' || ((s.cls === 'get' || s.cls === 'list') && ((obj.kind === 'noun' && obj.words.some((w) => TALLY_NOUNS.has(w))) || asksCount))) {
    readTally(ctx, s);
    return;
  }
  // "restocking (adds to the quantity)", "check in a habit, which increases the streak by one"
  const explained = explanation(ctx, s);
  if (explained.some((w) => INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w)) && ['create', 'delete', 'list', 'crud'].includes(s.cls)) {
    // "log a trip, which adds the distance to the mileage": a change to another record on create
    reject(`a ${s.cls} that also changes a number ("${explained.join(' ')}") is not supported; one action changes one record`);
    return;
  }
  if (explained.some((w) => INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w)) && ['state', 'release', 'get', 'take', 'mark', 'update', 'counter', 'relation'].includes(s.cls)) {
    const down = explained.some((w) => DECREASE_WORDS.has(w));
    readQuantity(ctx, { ...s, cls: down ? 'decrement' : 'increment' }, obj);
    return;
  }
  if (PRESENCE[s.lemma] && readPresence(ctx, s, obj)) return;
  // "report a machine broken", "flag a listing sold": a state after the object marks it
  const stateWord = after[0]?.w ?? '';
  if (['relation', 'create'].includes(s.cls) && obj.kind === 'resource' && after.length === 1 && (/^[a-z]{3,}(ed|en)$/.test(stateWord) || ['lost', 'missing', 'broken', 'sold', 'done', 'late'].includes(stateWord))) {
    readMark(ctx, { ...s, cls: 'mark' }, obj, after);
    return;
  }
  // "close a ticket" when tickets have a status (open, closed); "resolve tickets"
  if (['get', 'delete', 'create', 'release', 'update', 'take'].includes(s.cls)) {
    const res = resourceFromObject(ctx, obj, s);
    const st = res ? stateTarget(ctx, res, s.lemma) : undefined;
    if (res && st && !(st.field.spec.type === 'enum' && st.value === st.field.spec.default) && !(s.cls === 'update' && st.field.spec.type !== 'enum')) {
      ctx.lastResource = res;
      readState(ctx, s, res, s.rest);
      return;
    }
  }
  switch (s.cls) {
    case 'relation':
      readRelation(ctx, s, obj);
      return;
    case 'create': {
      const agent = obj.kind === 'noun' ? AGENT_NOUN_RESOURCES[obj.words[obj.words.length - 1] as string] : undefined;
      if (agent) {
        ctx.titleWords.push(...agent);
        ctx.titleAgent = true;
      }
      if (obj.kind === 'noun' && (agent || META_NOUNS.has(obj.words[obj.words.length - 1] as string) || (TITLE_TAILS.has(obj.words[obj.words.length - 1] as string) && obj.words.length > 1))) {
        ctx.understood.push(`"${s.text}" describes the backend`);
        return;
      }
      const countedOn = obj.kind === 'noun' && obj.words.length === 1 && COUNT_NOUNS.has(obj.words[0] as string) && ['add', 'award', 'grant', 'give'].includes(s.lemma) ? relationTarget(ctx, after, { words: [], fields: [], origin: '', declared: false }) : undefined;
      if (countedOn && obj.kind === 'noun') {
        // "add points to a team": a number kept on the team, raised by the given amount
        const name = obj.words[0] as string;
        if (!fieldOf(ctx, countedOn, name)) addField(ctx, countedOn, { spec: { name, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [name, singular(name)] });
        ctx.lastResource = countedOn;
        readQuantity(ctx, { ...s, lemma: 'add', cls: 'increment' }, { kind: 'noun', words: [name], plural: true, end: 0 });
        return;
      }
      if (['add', 'award', 'grant', 'give'].includes(s.lemma) && obj.kind === 'field' && (obj.field.spec.type === 'integer' || obj.field.spec.type === 'number')) {
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
      if (!res) return reject('I cannot tell what it creates');
      // "students submit assignments" when submissions are named elsewhere: a submission of one
      const nominal = NOMINALIZATION[s.lemma] ? findResource(ctx, NOMINALIZATION[s.lemma] as string[]) : undefined;
      if (nominal && nominal !== res && res.declared && res.fields.length > 0 && !nominal.declared) {
        readRelation(ctx, { ...s, cls: 'relation' }, obj);
        return;
      }
      const paren = after[0]?.inner;
      if (paren) {
        const bound = paren.find((t) => t.w === '#range') ?? paren.find((t) => /^\d+$/.test(t.w));
        if (bound && paren.some((t) => ['characters', 'chars', 'letters'].includes(t.w))) {
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
    case 'crud': {
      // "CRUD for all three", "CRUD for everything": every kind of record, when the count (if given) agrees
      const whole = wordsOf(after).filter((w) => !['for', 'of', 'on', 'the', 'them', ...RECORD_WORDS].includes(w));
      const counted = COUNT_WORDS[whole[1] ?? ''] ?? Number(whole[1]);
      if ((whole.length === 1 && ['all', 'everything', 'each', 'every'].includes(whole[0] as string)) || (whole.length === 2 && whole[0] === 'all' && counted === ctx.resources.length)) {
        for (const res of ctx.resources) {
          for (const kind of ['create', 'get', 'list', 'update', 'delete'] as const) pushAction(ctx, { kind, resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
        }
        return;
      }
      const res = resourceFromObject(ctx, obj.kind === 'none' ? objectOf(ctx, after.filter((t) => t.w !== 'for' && t.w !== 'of' && t.w !== 'on'), undefined) : obj);
      if (!res) return reject('I cannot tell what it manages');
      for (const kind of ['create', 'get', 'list', 'update', 'delete'] as const) {
        pushAction(ctx, { kind, resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters: kind === 'list' ? filtersOf(ctx, res, after, s) : [], params: [], guards: [], effects: [] });
      }
      ctx.lastResource = res;
      return;
    }
    case 'list':
    case 'get': {
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
        reject(`I cannot tell what the ${trailing.w} of a ${obj.res.words.join(' ')} are; name them as records (e.g. "${trailing.w} have a ${obj.res.words.join(' ')}")`);
        return;
      }
      const resolved = s.lemma === 'resolve' ? resourceFromObject(ctx, obj, s) : undefined;
      if (resolved && !resolved.fields.some((f) => f.spec.unique && LOOKUP_KEYS.has(f.spec.name)) && !after.some((t) => t.w === 'by' || t.w === 'to')) {
        // "resolve a ticket" (no code to resolve): it becomes resolved
        ctx.lastResource = resolved;
        readState(ctx, s, resolved, after);
        return;
      }
      if (s.rest[0]?.w === 'who' && s.rest[1]) {
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
      if (!res) return reject('I cannot tell which records it reads');
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
          const lead = s.rest.slice(0, obj.end).filter((t) => /^[a-z]/.test(t.w) && !DETERMINERS.has(t.w) && !POSSESSIVES.has(t.w) && !res.words.includes(singular(t.w)) && findResource(ctx, [t.w]) !== res && !['all', 'of', 'every', 'any', 'which', 'what', 'exactly', 'only', 'just', 'me', 'us', 'you', 'them', 'currently', 'recent', 'latest'].includes(t.w));
          const unread = lead.find((t) => filtersOf(ctx, res, [t], s).length === 0 && !filters.some((f) => f.field === t.w));
          if (unread) {
            reject(`"${unread.w}" ${plural(res.words.join(' '))} are not something a ${res.words.join(' ')} records; add a status (e.g. "a status (${unread.w}, ...)") or a yes/no field`);
            return;
          }
        }
        // "games that work for a given number of players": a condition that became no filter
        const relAt = after.findIndex((t, n) => ['that', 'which', 'who', 'where', 'whose'].includes(t.w) || (n === 0 && ['are', 'is', 'were'].includes(t.w)));
        if (relAt >= 0 && filters.length === 0 && !orderBy && wordsOf(after.slice(relAt + 1)).length > 0) {
          reject(`the condition "${textOf(after.slice(relAt))}" is not a filter I can read; say "list ${plural(res.words.join(' '))} by <field>" or "with <field> at most a given value"`);
          return;
        }
        pushAction(ctx, { kind: 'list', resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters, params: [], guards: [], effects: [], ...(orderBy ? { orderBy } : {}) });
        return;
      }
      const by = lookupField(ctx, res, obj, after);
      const draft: ActionDraft = { kind: 'get', resource: keyOf(res.words), verb: s.lemma, by, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] };
      if (!['get', 'view', 'fetch', 'show', 'see', 'find', 'read', 'retrieve', 'look_up', 'lookup', 'check', 'access', 'inspect', 'load'].includes(s.lemma)) draft.name = camelCase([...s.lemma.split('_'), ...res.words]);
      pushAction(ctx, draft);
      return;
    }
    case 'update': {
      const res = resourceFromObject(ctx, obj, s);
      if (!res) return reject('I cannot tell what it changes');
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
    case 'delete': {
      let res = resourceFromObject(ctx, obj, s);
      if (!res) return reject('I cannot tell what it deletes');
      // "students enroll in a course ... students can drop a course": the enrollment goes
      const made = s.subject.length ? ctx.relationsBySubject.get(keyOf([...s.subject.slice(0, -1), singular(s.subject[s.subject.length - 1] as string)])) : undefined;
      if (made && made.target === res) res = made.rel;
      ctx.lastResource = res;
      if (stateTarget(ctx, res, s.lemma)) {
        readState(ctx, s, res, after);
        return;
      }
      // "cancel a print job while it is queued": a delete checks no condition, so the condition is named, not dropped
      const when = after.findIndex((t) => ['while', 'if', 'unless', 'when', 'until', 'before', 'after'].includes(t.w));
      if (when >= 0 && wordsOf(after.slice(when + 1)).length > 0) ctx.unmapped.push(`"${textOf(after.slice(when))}" in "${s.text}" (a delete checks no condition; say which state it moves to instead, e.g. "a status (..., cancelled)")`);
      pushAction(ctx, { kind: 'delete', resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
      return;
    }
    case 'increment':
    case 'decrement': {
      // "give each application a score from 1 to 10": a mark on a scale, not an amount added
      const given = s.cls === 'increment' && (obj.kind === 'resource' || obj.kind === 'pronoun') ? s.rest.slice(obj.end, obj.end + 4).find((t, k, ws) => SCALE_NOUNS[t.w] !== undefined && ['a', 'an'].includes(ws[k - 1]?.w ?? ''))?.w : undefined;
      const scaleVerb = given ? SCALE_NOUNS[given] : undefined;
      if (scaleVerb && readRating(ctx, { ...s, lemma: scaleVerb }, obj)) return;
      readQuantity(ctx, s, obj);
      return;
    }
    case 'toggle': {
      const res = resourceFromObject(ctx, obj, s);
      if (!res) return reject('I cannot tell what it toggles');
      ctx.lastResource = res;
      const mentioned = mentionedFields(ctx, res, s.rest).find((f) => f.spec.type === 'boolean');
      const field = mentioned ?? res.fields.find((f) => f.spec.type === 'boolean');
      if (!field) return reject(`${pascalCase(res.words)} has no yes/no field to toggle`);
      pushTransition(ctx, res, s.text, { verb: s.lemma, name: camelCase([s.lemma, ...res.words]), effects: [{ toggle: field.spec.name }] });
      return;
    }
    case 'mark':
      readMark(ctx, s, obj, after);
      return;
    case 'state': {
      const res = resourceFromObject(ctx, obj, s);
      if (!res) return reject('I cannot tell what it changes');
      ctx.lastResource = res;
      readState(ctx, s, res, after);
      return;
    }
    case 'take':
      if (s.rest[0]?.w === 'new' && obj.kind === 'resource') {
        // "take new orders"
        pushAction(ctx, { kind: 'create', resource: keyOf(obj.res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
        ctx.lastResource = obj.res;
        return;
      }
      readTake(ctx, s, obj, after);
      return;
    case 'release':
      readRelease(ctx, s, obj);
      return;
    case 'counter': {
      const res = resourceFromObject(ctx, obj, s);
      if (!res) return reject('I cannot tell what it counts');
      ctx.lastResource = res;
      const name = plural(s.lemma);
      const field = fieldOf(ctx, res, name) ?? addField(ctx, res, { spec: { name, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [name, s.lemma] });
      field.spec.generated = 'managed';
      pushTransition(ctx, res, s.text, { verb: s.lemma, name: camelCase([s.lemma, ...res.words]), effects: [{ increment: field.spec.name, by: { literal: 1 } }] });
      return;
    }
  }
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
