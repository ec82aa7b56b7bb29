import type { FieldDraft } from '../fields.js';
import { AGENT_RECORDS, COLLECTION_NOUNS, DECREASE_WORDS, DETERMINERS, FILLER_WORDS, INCREASE_WORDS, MANNER_WORDS, META_NOUNS, MODALS, NEGATIONS, POSSESSIVES, PREPOSITIONS, PRONOUNS, RECORD_LIST_NOUNS, RELATION_PREPS, SEPARATORS, TALLY_NOUNS, TITLE_TAILS } from '../lexicon.js';
import { keyOf, referenceTo, type ResourceDraft } from '../model.js';
import { camelCase, isPluralForm, pascalCase, plural, singular, splitIdentifier } from '../text.js';
import type { Tok } from '../tokens.js';
import { type ObjectRef, type Segment, stripDeterminers } from './reading.js';
import { lemmaAt } from './segment.js';
import { explanation } from './actions.js';
import type { ReadingState } from './reading-state.js';

/** Name resolution: the records and fields a run of words names (objects, references, pronouns). */
export function findResource(ctx: ReadingState, ws: readonly string[]): ResourceDraft | undefined {
  const clean = stripDeterminers(ws.map((w) => w.toLowerCase()));
  if (clean.length === 0) return undefined;
  const sing = [...clean.slice(0, -1), singular(clean[clean.length - 1] as string)];
  // (a record read as another, "a bay online" as the bookings: its words find that record)
  const alias = ctx.aliases.get(keyOf(sing));
  if (alias) return ctx.resources.find((r) => keyOf(r.words) === keyOf(alias));
  const joinedSing = sing.join('').replace(/-/g, '');
  const exact = ctx.resources.find((r) => keyOf(r.words) === keyOf(sing) || keyOf(r.words) === keyOf(clean) || r.words.join('') === joinedSing);
  if (exact) return exact;
  if (clean.length === 1) {
    // "the members of a club" when joining made Memberships: the people are their records
    const agentOf = AGENT_RECORDS[sing[0] as string];
    const byAgent = agentOf ? ctx.resources.filter((r) => r.words.length === 1 && agentOf.includes(r.words[0] as string)) : [];
    if (byAgent.length === 1 && !ctx.resources.some((r) => keyOf(r.words) === sing[0])) return byAgent[0];
    const byHead = ctx.resources.filter((r) => r.words[r.words.length - 1] === sing[0]);
    if (byHead.length === 1) return byHead[0];
    const joined = ctx.resources.find((r) => r.words.join('') === sing[0]);
    if (joined) return joined;
    // "a card" of LanguageFlashcards: the noun closing a compound word names the same thing
    const word = sing[0] as string;
    const byCompound = word.length >= 3 ? ctx.resources.filter((r) => { const head = r.words[r.words.length - 1] as string; return head.length > word.length + 2 && head.endsWith(word); }) : [];
    if (byCompound.length === 1) return byCompound[0];
  }
  return undefined;
}

/** Also matches one word of a longer name ("bugs" for BugReport), for objects of verbs only. */
export function findResourceLoose(ctx: ReadingState, ws: readonly string[]): ResourceDraft | undefined {
  const strict = findResource(ctx, ws);
  if (strict) return strict;
  const clean = stripDeterminers(ws.map((w) => w.toLowerCase()));
  if (clean.length !== 1) return clean.length > 1 ? findResourceByHead(ctx, clean) : undefined;
  const w = singular(clean[0] as string).replace(/-/g, '');
  const hits = ctx.resources.filter((r) => r.words.length > 1 && r.words.some((x) => x === w));
  return hits.length === 1 ? hits[0] : undefined;
}

/** "job offers" for Offer: a modifier before a resource's name, for objects of verbs only. */
export function findResourceByHead(ctx: ReadingState, ws: readonly string[]): ResourceDraft | undefined {
  const clean = stripDeterminers(ws.map((w) => w.toLowerCase()));
  if (clean.length < 2) return findResourceLoose(ctx, ws);
  return findResource(ctx, clean.slice(-1));
}

/** Longest resource name starting at `i` ("blog posts", "posts"). */
export function resourceAt(ctx: ReadingState, toks: readonly Tok[], i: number): { res: ResourceDraft; end: number; plural: boolean } | undefined {
  for (let len = 3; len >= 1; len--) {
    const slice = toks.slice(i, i + len);
    if (slice.length < len || slice.some((t) => !/^[a-z]/.test(t.w))) continue;
    const res = findResource(ctx, slice.map((t) => t.w));
    if (res) {
      const lastWord = (slice[slice.length - 1] as Tok).w;
      return { res, end: i + len, plural: isPluralForm(lastWord) };
    }
  }
  return undefined;
}

export function ensureResource(ctx: ReadingState, ws: string[], origin: string, declared: boolean): ResourceDraft {
  const existing = findResource(ctx, ws);
  if (existing) {
    if (declared) existing.declared = true;
    return existing;
  }
  return newResource(ctx, ws, origin, declared);
}

export function newResource(ctx: ReadingState, ws: string[], origin: string, declared = false): ResourceDraft {
  // "Science fair 2027": a year or a number says which one, it names no kind of record
  const named = ws.filter((w) => /^[a-z]/i.test(w));
  const alias = ctx.aliases.get(keyOf(named));
  const res: ResourceDraft = { words: alias ? [...alias] : named.length > 0 ? named : ['record'], fields: [], origin, declared };
  ctx.resources.push(res);
  return res;
}

export function fieldOf(ctx: ReadingState, res: ResourceDraft, name: string): FieldDraft | undefined {
  return res.fields.find((f) => f.spec.name === name);
}

export function addField(ctx: ReadingState, res: ResourceDraft, field: FieldDraft): FieldDraft {
  const existing = fieldOf(ctx, res, field.spec.name);
  // ("PurchaseOrder: ..., status" and later "status: draft -> submitted": a field named bare, then its values)
  const bare = existing !== undefined && existing.spec.type === 'string' && existing.spec.unique !== true && field.spec.type === 'enum';
  if (existing && bare) {
    res.fields.splice(res.fields.indexOf(existing), 1, field);
    return field;
  }
  if (existing) return existing;
  res.fields.push(field);
  return field;
}

/** A field of `res` named by the words at `i` ("status", "cooking time", "tag" for tags). */
export function fieldAt(ctx: ReadingState, res: ResourceDraft, toks: readonly Tok[], i: number): { field: FieldDraft; end: number } | undefined {
  const t = toks[i];
  if (!t || !/^[a-z]/.test(t.w)) return undefined;
  for (let len = 3; len >= 1; len--) {
    const slice = toks.slice(i, i + len).map((x) => x.w);
    if (slice.length < len) continue;
    const name = camelCase([...slice.slice(0, -1), slice[slice.length - 1] as string]);
    const nameSing = camelCase([...slice.slice(0, -1), singular(slice[slice.length - 1] as string)]);
    const f = res.fields.find((x) => x.spec.name === name || x.spec.name === nameSing || (x.spec.type === 'stringList' && singular(x.spec.name) === nameSing));
    if (f) return { field: f, end: i + len };
  }
  const NOMINAL_STATES: Record<string, string> = { visibility: 'visible', availability: 'available', activity: 'active', completion: 'completed', publication: 'published', approval: 'approved', archival: 'archived' };
  const w = NOMINAL_STATES[t.w] ?? singular(t.w);
  // ("update their order" on an order with an order number: the record's own name is the record, not one of its fields)
  if (DETERMINERS.has(t.w) || PREPOSITIONS.has(t.w) || TALLY_NOUNS.has(t.w) || (res.words.length === 1 && res.words[0] === w)) return undefined;
  const byWord = res.fields.filter((x) => x.words.includes(t.w) || x.words.includes(w) || splitIdentifier(x.spec.name).includes(w));
  if (byWord.length >= 1) return { field: byWord[0] as FieldDraft, end: i + 1 };
  return undefined;
}

export function addReference(ctx: ReadingState, child: ResourceDraft, parent: ResourceDraft, required: boolean): FieldDraft {
  const name = camelCase(parent.words);
  const existing = referenceTo(child, parent);
  if (existing) return existing;
  return addField(ctx, child, { spec: { name, type: 'reference', required, references: pascalCase(parent.words) }, words: [...parent.words, plural(parent.words[parent.words.length - 1] as string)] });
}

export function objectOf(ctx: ReadingState, rest: readonly Tok[], context: ResourceDraft | undefined): ObjectRef {
  let i = 0;
  let all = false;
  while (i < rest.length) {
    const w = (rest[i] as Tok).w;
    if (w === 'all' || w === 'every' || w === 'any') all = true;
    // ("books separately with their name": a manner says nothing of what is booked)
    if (MANNER_WORDS.has(w)) {
      i++;
      continue;
    }
    if ((DETERMINERS.has(w) && !PRONOUNS.has(w) && !POSSESSIVES.has(w)) || w === 'me' || w === 'us' || (i === 0 && (w === 'which' || w === 'what') && rest[i + 1] !== undefined && isPluralForm(rest[i + 1]?.w ?? ''))) {
      if (w === 'which' || w === 'what') all = true;
      i++;
    }
    else if (w === 'of' && all) i++;
    else if (['list', 'set', 'collection', 'bunch', 'number'].includes(w) && rest[i + 1]?.w === 'of') {
      // "manage a list of conferences"
      all = true;
      i += 2;
    }
    else break;
  }
  const t = rest[i];
  if (!t) return { kind: 'none', end: i };
  if (PRONOUNS.has(t.w) && !(t.w === 'one' && rest[i + 1]?.w === 'of')) return { kind: 'pronoun', plural: t.w !== 'it' && t.w !== 'one', end: i + 1 };
  // "the unpaid ones", "the open ones": a state word before "ones" narrows the records at hand (the filters read it)
  if (rest[i + 1]?.w === 'ones' && /^[a-z]+$/.test(t.w) && !findResource(ctx, [t.w])) return { kind: 'pronoun', plural: true, end: i + 2 };
  // "see the list sorted by rating": the records at hand, not a record called List
  if (COLLECTION_NOUNS.has(t.w) && i > 0 && ctx.resources.length > 0 && !findResource(ctx, [t.w]) && !['of'].includes(rest[i + 1]?.w ?? '')) return { kind: 'pronoun', plural: true, end: i + 1 };
  // "delete spam", "remove duplicates": the records at hand
  if (['spam', 'junk', 'duplicates', 'everything', 'records', 'entries'].includes(t.w) && !findResource(ctx, [t.w])) return { kind: 'pronoun', plural: true, end: i + 1 };
  if (t.w === 'back' && i === 0) return objectOf(ctx, rest.slice(1), context);
  // "start working on a bug", "stop waiting for a table": the object follows the gerund
  if (i === 0 && /^[a-z]{3,}ing$/.test(t.w) && ['on', 'with', 'at', 'for', 'in'].includes(rest[1]?.w ?? '') && !findResource(ctx, [t.w])) {
    const inner = objectOf(ctx, rest.slice(2), context);
    return { ...inner, end: inner.end + 2 };
  }
  let possessive = false;
  if (POSSESSIVES.has(t.w)) {
    possessive = true;
    i++;
  }
  let r = resourceAt(ctx, rest, i);
  // "available vehicles", "waiting patients", "unclaimed items": a state word before the noun
  if (!r && rest[i + 1]) {
    const skipped = resourceAt(ctx, rest, i + 1);
    const w = rest[i]?.w ?? '';
    if (skipped && (skipped.res.fields.some((f) => (f.spec.type === 'boolean' && f.spec.name === w) || (f.spec.values ?? []).some((v) => v.toLowerCase() === w)) || /(ing|ed)$|^un/.test(w))) r = skipped;
  }
  const fieldOfContext = context ? fieldAt(ctx, context, rest, i) : undefined;
  // "the guest list of each retreat", "the class register": a record's list is its records
  const listed = r !== undefined && RECORD_LIST_NOUNS.has(rest[r.end]?.w ?? '') && !findResource(ctx, [rest[r.end]?.w ?? '']);
  if (r && listed) return { kind: 'resource', res: r.res, plural: true, all, end: r.end + 1 };
  if (r && !(possessive && fieldOfContext)) return { kind: 'resource', res: r.res, plural: r.plural || all, all, end: r.end };
  if (fieldOfContext && context) return { kind: 'field', res: context, field: fieldOfContext.field, end: fieldOfContext.end, possessive };
  for (const res of ctx.resources) {
    const f = fieldAt(ctx, res, rest, i);
    if (f && !(['name', 'title'].includes(f.field.spec.name) && rest[i]?.w !== f.field.spec.name)) return { kind: 'field', res, field: f.field, end: f.end, possessive };
  }
  const loose = rest[i] ? findResourceLoose(ctx, [(rest[i] as Tok).w]) : undefined;
  if (loose) return { kind: 'resource', res: loose, plural: isPluralForm((rest[i] as Tok).w) || all, all, end: i + 1 };
  const nounWords: string[] = [];
  let e = i;
  while (e < rest.length) {
    const w = (rest[e] as Tok).w;
    if (!/^[a-z]/.test(w) || PREPOSITIONS.has(w) || SEPARATORS.has(w) || NEGATIONS.has(w) || MODALS.has(w) || DETERMINERS.has(w) || ['where', 'so', 'because', 'while', 'back', 'again', 'too', 'now', 'later', 'please', 'instantly', 'immediately'].includes(w)) break;
    if (nounWords.length > 0 && lemmaAt(ctx, rest, e) && !isPluralForm(w) && ctx.verbs.has(w) && rest[e + 1] !== undefined && DETERMINERS.has((rest[e + 1] as Tok).w)) break;
    if (nounWords.length > 0 && (w.endsWith('ed') || w.endsWith('ing')) && lemmaAt(ctx, rest, e)) break;
    if (nounWords.length > 0 && lemmaAt(ctx, rest, e) && rest[e + 1] !== undefined && DETERMINERS.has((rest[e + 1] as Tok).w)) break;
    nounWords.push(w);
    e++;
    if (nounWords.length >= 4) break;
  }
  if (nounWords.length === 0) return { kind: 'none', end: i };
  return { kind: 'noun', words: nounWords, plural: isPluralForm(nounWords[nounWords.length - 1] as string) || all, end: e };
}

/** "register owners and pets": further resources listed right after the object. */
export function moreObjects(ctx: ReadingState, rest: readonly Tok[], obj: ObjectRef): Extract<ObjectRef, { kind: 'resource' }>[] {
  if (obj.kind !== 'resource') return [];
  const out: Extract<ObjectRef, { kind: 'resource' }>[] = [];
  let i = obj.end;
  while (i < rest.length && (rest[i]?.w === ',' || rest[i]?.w === 'and')) {
    let j = i + 1;
    while (j < rest.length && (rest[j]?.w === 'and' || DETERMINERS.has((rest[j] as Tok).w))) j++;
    const r = resourceAt(ctx, rest, j);
    if (!r || r.res === obj.res) break;
    out.push({ kind: 'resource', res: r.res, plural: r.plural, all: false, end: r.end });
    i = r.end;
  }
  return out;
}

export function resourceFromObject(ctx: ReadingState, obj: ObjectRef, s?: Segment): ResourceDraft | undefined {
  switch (obj.kind) {
    case 'resource':
      return obj.res;
    case 'field':
      return obj.res;
    case 'pronoun':
    case 'none':
      return ctx.lastResource ?? (ctx.resources.length === 1 ? ctx.resources[0] : undefined);
    case 'noun': {
      const found = findResourceLoose(ctx, obj.words);
      if (found) return found;
      // "deposit money into an account": the record is named later in the segment
      if (s && (s.cls === 'increment' || s.cls === 'decrement')) {
        const quantityRes = ctx.lastResource;
        for (let i = 0; i < s.rest.length; i++) {
          const r = resourceAt(ctx, s.rest, i);
          if (r) return r.res;
        }
        // "withdraw money (subtracts from the balance)": the record that owns the named field
        const words = s.rest.flatMap((t) => (t.inner ? t.inner : [t]));
        for (const res of ctx.resources) if (mentionedFields(ctx, res, words).length > 0) return res;
        // "selling removes from it": the record the sentence is about
        const why = explanation(ctx, s);
        if (s.rest.some((t) => PRONOUNS.has(t.w)) || why.some((w) => INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w))) return quantityRes;
      }
      return undefined;
    }
  }
}

/** Lookup field of a get: "by <unique field>", a unique field as the object, a natural key, or id. */
export function lookupField(ctx: ReadingState, res: ResourceDraft, obj: ObjectRef, after: readonly Tok[]): string {
  // ("pull up an order using its order number", "with its", "via its": said as "by")
  const byIdx = after.findIndex((t, k) => t.w === 'by' || (['using', 'with', 'via', 'from'].includes(t.w) && POSSESSIVES.has(after[k + 1]?.w ?? '')));
  if (byIdx >= 0) {
    const f = fieldAt(ctx, res, after, byIdx + 1) ?? fieldAt(ctx, res, after, byIdx + 2);
    if (f) {
      f.field.spec.unique = true;
      return f.field.spec.name;
    }
    if (after.slice(byIdx + 1).some((t) => t.w === 'id')) return 'id';
  }
  if (obj.kind === 'field' && obj.field.spec.unique) return obj.field.spec.name;
  const key = res.fields.find((f) => f.spec.unique && ['key', 'code', 'slug', 'handle', 'username', 'shortCode', 'token'].includes(f.spec.name));
  return key ? key.spec.name : 'id';
}

export function mentionedFields(ctx: ReadingState, res: ResourceDraft, toks: readonly Tok[]): FieldDraft[] {
  const out: FieldDraft[] = [];
  for (let i = 0; i < toks.length; i++) {
    const w = (toks[i] as Tok).w;
    if (DETERMINERS.has(w) || PREPOSITIONS.has(w) || POSSESSIVES.has(w)) continue;
    const f = fieldAt(ctx, res, toks, i);
    if (f && !out.includes(f.field)) {
      out.push(f.field);
      i = f.end - 1;
    }
  }
  return out;
}

export function relationTarget(ctx: ReadingState, after: readonly Tok[], self: ResourceDraft): ResourceDraft | undefined {
  for (let i = 0; i < after.length; i++) {
    if (!RELATION_PREPS.has((after[i] as Tok).w) || (after[i] as Tok).w === 'with') continue;
    let j = i + 1;
    while (j < after.length && (DETERMINERS.has((after[j] as Tok).w) || POSSESSIVES.has((after[j] as Tok).w))) j++;
    const r = resourceAt(ctx, after, j);
    if (r && r.res !== self) return r.res;
  }
  return undefined;
}

export function titleNoun(ctx: ReadingState): string[] | undefined {
  if (ctx.titleAgent) return ctx.titleWords;
  const ws = ctx.titleWords.filter((w) => !META_NOUNS.has(w) && !TITLE_TAILS.has(w) && !FILLER_WORDS.has(w));
  if (ws.length === 0) return undefined;
  return [singular(ws[ws.length - 1] as string)];
}

export function fieldByWords(ctx: ReadingState, ws: string[]): { res: ResourceDraft; field: FieldDraft } | undefined {
  const toks: Tok[] = ws.map((w) => ({ raw: w, w }));
  for (const res of ctx.resources) {
    for (let i = 0; i < toks.length; i++) {
      const f = fieldAt(ctx, res, toks, i);
      if (f) return { res, field: f.field };
    }
  }
  return undefined;
}
