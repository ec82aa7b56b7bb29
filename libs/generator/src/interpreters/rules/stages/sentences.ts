import { recordsBeforePlace } from './list-subject.js';
import { type ItemReading, readFieldItem } from '../fields.js';
import { prepareFieldList } from '../field-lists.js';
import { ACTOR_WORDS, AGENT_NOUN_RESOURCES, BE_WORDS, COMPARATIVES, CONNECTORS, DECREASE_WORDS, DETERMINERS, FILLER_WORDS, INCREASE_WORDS, KEEP_VERBS, LIST_LABELS, META_NOUNS, MODALS, NEGATIONS, ON_RECORD_PREPS, PLAIN_GET_VERBS, POSSESSIVES, PREPOSITIONS, PRONOUNS, SUBJECT_SKIP, TALLY_NOUNS, TITLE_TAILS, TYPE_BY_WORD, VERB_SET, VERBS, STATE_FIELD_NAMES } from '../lexicon.js';
import { keyOf, type ResourceDraft } from '../model.js';
import { camelCase, isPluralForm, pascalCase, plural, singular, splitIdentifier, verbLemma } from '../text.js';
import { type Clause, splitList, textOf, type Tok, tokenize, words as wordsOf } from '../tokens.js';
import { recordPairs } from './field-items.js';
import { connectorIndex, isBareList } from './clause-shapes.js';
import { describeField, stripDeterminers, withDirection } from './reading.js';
import { addField, addReference, ensureResource, fieldOf, findResource, titleNoun } from './resolve.js';
import { pushAction } from './actions.js';
import type { ReadingState } from './reading-state.js';

/** Declaration sentences and context read by the sentence reader ("Books have ...", headings, titles). */
export function readItems(ctx: ReadingState, res: ResourceDraft, items: Tok[][], origin: string): void {
  const parted = items.flatMap((item) => recordPairs(wordsOf(item), ctx.lookup)?.map((r) => tokenize(r.join(' '))) ?? [item]);
  keepReadings(ctx, res, parted.map((item) => readFieldItem(item, ctx.lookup, res.words)), origin);
}

export function keepReadings(ctx: ReadingState, res: ResourceDraft, readings: readonly ItemReading[], origin: string): void {
  const names: string[] = [];
  for (const reading of readings) {
    switch (reading.kind) {
      case 'field': {
        if (reading.refersTo) {
          const target = findResource(ctx, reading.refersTo);
          if (target) reading.field.spec.references = pascalCase(target.words);
        }
        addField(ctx, res, reading.field);
        names.push(describeField(reading.field.spec));
        break;
      }
      case 'hasMany': {
        const child = findResource(ctx, reading.resourceWords);
        if (child) addReference(ctx, child, res, true);
        names.push(`many ${plural(keyOf(reading.resourceWords))}`);
        break;
      }
      case 'implicit':
        names.push(`${reading.text} (kept by the store)`);
        break;
      case 'unreadable':
        ctx.unmapped.push(`"${reading.text}" in "${origin}" (not a field I can read)`);
        break;
    }
  }
  if (names.length) ctx.understood.push(`${pascalCase(res.words)} has ${names.join(', ')}`);
}

/** "Bug tracker", "A todo list API.", "I need a backend for a small library." */
export function readContext(ctx: ReadingState, c: Clause, next: Clause | undefined): boolean {
  const ws = wordsOf(c.toks);
  if (ws.length === 0) return true;
  if (ws.every((w) => FILLER_WORDS.has(w) || DETERMINERS.has(w) || w === 'i' || w === 'you')) {
    return ws.some((w) => FILLER_WORDS.has(w)) ? note(ctx, `"${c.text}" is small talk`) : false;
  }
  // "I run a small bakery and I'd love a backend for my orders": talk about the backend
  // ("I want a way to list just the finished ones": a way to list or see records is a request)
  const toList = ws.some((w, k) => ws[k - 1] === 'to' && (w === 'list' || w === 'filter' || w === 'search' || PLAIN_GET_VERBS.has(w)));
  if (ws.some((w) => META_NOUNS.has(w)) && ws.some((w) => ['i', "i'd", "i'm", 'we', "we'd", 'my', 'our', 'me', 'us'].includes(w)) && !c.toks.some((t) => t.w === ',' || t.w === '#paren') && connectorIndex(ctx, c.toks) < 0 && !toList) {
    const domain = ws.filter((w) => !META_NOUNS.has(w) && !DETERMINERS.has(w) && !PREPOSITIONS.has(w) && !FILLER_WORDS.has(w) && !VERB_SET.has(w) && !['i', "i'd", "i'm", 'we', "we'd", 'my', 'our', 'me', 'us', 'need', 'want', 'love', 'like', 'would', 'run', 'have', 'build', 'and'].includes(w));
    ctx.titleWords.push(...domain.slice(-1));
    return note(ctx, `"${c.text}" describes the backend`);
  }
  // "No more bookings than max students": a rule, however short, never a title
  if (ws.some((w) => NEGATIONS.has(w)) || ws.includes('than')) return false;
  if (ws.includes('crud') || ws.some((w) => ['can', 'should', 'must', 'will', 'may', 'cannot', "can't", 'are', 'is', 'be', 'have', 'has'].includes(w) && !META_NOUNS.has(ws[ws.length - 1] as string))) return false;
  if (connectorIndex(ctx, c.toks) >= 0 && !ws.some((w) => META_NOUNS.has(w))) return false;
  const hasMeta = ws.some((w) => META_NOUNS.has(w) || TITLE_TAILS.has(w) || AGENT_NOUN_RESOURCES[w] !== undefined);
  const isHeading = next?.afterColon === true && next.sentence === c.sentence && !c.afterColon;
  // "Pet: name, species" is a declaration, its heading the resource
  if (isHeading && next && isBareList(ctx, next) && !next.toks.some((t, i) => t.inner?.some((x) => x.w === ',') && isPluralForm(next.toks[i - 1]?.w ?? '')) && ws.some((w) => !META_NOUNS.has(w) && !TITLE_TAILS.has(w) && !DETERMINERS.has(w))) return false;
  // the opening words of a prompt often just name it ("Equipment rental.", "Volunteer scheduling.")
  const isOpening = c.sentence === 0 && c.index === 0 && !c.afterColon && (ws.length <= 4 || (ws.length <= 6 && !ws.some((w) => VERB_SET.has(w))));
  if ((!hasMeta && !isHeading && !isOpening) || toList) return false;
  // "Staff want the bookings for each slot": a later sentence asking for records is a requirement
  if (!isHeading && !isOpening && ws.some((w) => ['want', 'wants', 'need', 'needs'].includes(w)) && !ws.some((w) => META_NOUNS.has(w))) return false;
  // "fill a keg", "track my spending": a word and then its object is a requirement, even one whose verb we do not know
  if (!isHeading && ws.length > 2 && !DETERMINERS.has(ws[0] as string) && (DETERMINERS.has(ws[1] as string) || POSSESSIVES.has(ws[1] as string))) return false;
  if (c.toks.some((t) => t.w === ',' || t.w === '#paren')) return false;
  // "list unclaimed items" starts with a verb and ends with no word naming software: a requirement
  // ("Please list reservation by the date": a polite word first changes nothing)
  const asked = ws.filter((w, k) => k > 0 || !['please', 'pls', 'kindly', 'also', 'and', 'then'].includes(w));
  const firstLemma = asked[0] !== undefined ? verbLemma(asked[0], VERB_SET) : undefined;
  const lastWord = ws[ws.length - 1] as string;
  if (!isHeading && firstLemma !== undefined && asked[0] === firstLemma && asked.length > 1 && !META_NOUNS.has(lastWord) && !TITLE_TAILS.has(lastWord) && AGENT_NOUN_RESOURCES[lastWord] === undefined) return false;
  // an imperative anywhere ("managers list entries") is a requirement, not a heading
  for (let i = 0; i < ws.length && !isHeading; i++) {
    const w = ws[i] as string;
    const lv = verbLemma(w, VERB_SET);
    const nx = ws[i + 1];
    if (!lv || (w !== lv && !w.endsWith('ing')) || nx === undefined) continue;
    // ("members book onto sessions": people doing it to a record, however short)
    if (DETERMINERS.has(nx) || POSSESSIVES.has(nx) || PRONOUNS.has(nx) || nx === 'me' || (isPluralForm(nx) && !META_NOUNS.has(nx) && !TITLE_TAILS.has(nx)) || (i > 0 && isPluralForm(ws[i - 1] as string) && ON_RECORD_PREPS.has(nx))) return false;
  }
  // "List the guests of an event" is an imperative, not a heading

  const content = ws.filter((w) => !DETERMINERS.has(w) && !PREPOSITIONS.has(w) && !FILLER_WORDS.has(w) && !['i', 'we', 'me', 'us', 'need', 'want', 'would', 'like', 'build', 'make', 'create', 'write', 'please', 'is', 'this', 'be', 'should', 'a', 'an', 'design', 'just', 'generate', 'called', 'named', 'new', "i'd", 'looking'].includes(w));
  const domain = content.filter((w) => !META_NOUNS.has(w) && !TITLE_TAILS.has(w));
  // A heading may only name the domain; anything with a verb we act on is a requirement.
  if (domain.some((w) => VERB_SET.has(w) && !['list', 'log', 'book', 'post', 'order', 'review', 'report', 'request', 'record', 'track', 'file', 'feature', 'rate', 'comment', 'answer', 'reply', 'vote', 'rsvp', 'store', 'like', 'page', 'flag', 'star', 'bid', 'pledge', 'purchase', 'donate', 'checkout', 'loan', 'swap', 'exchange', 'rent', 'return', 'returns', 'share', 'signup', 'watch', 'plan', 'count', 'score'].includes(w))) return false;
  if (domain.length > 4) return false;
  if (isHeading && !hasMeta && domain.length > 3) return false;
  const agent = ws.find((w) => AGENT_NOUN_RESOURCES[w] !== undefined);
  ctx.titleWords.push(...(agent ? (AGENT_NOUN_RESOURCES[agent] as string[]) : domain));
  ctx.titleAgent ||= agent !== undefined;
  ctx.headings.add(c);
  ctx.understood.push(`"${c.text}" names the backend`);
  return true;
}

export function note(ctx: ReadingState, s: string): boolean {
  ctx.understood.push(s);
  return true;
}

/**
 * "Each todo has a title, ...", "Books have ...", "products with a name, ...", "For each pet we
 * store ...", "Track expenses with an amount ...", "Book: title, author".
 */
export function readDeclaration(ctx: ReadingState, c: Clause, prev: Clause | undefined): boolean {
  const toks = c.toks;
  // "each locker has at most one allocation": a limit on the records pointing at it, a rule
  if (/\b(?:(?:has|have|gets|get|takes|holds)\s+(?:at most|only|just|no more than)|only\s+(?:has|have|gets|get|takes|holds))\s+one\s+[a-z]/i.test(c.text)) return false;
  // "We keep books (title, author, unique ISBN) and patrons (name, email)"
  const parenDecls = toks
    .map((t, i) => ({ t, i }))
    .filter(({ t, i }) => t.inner && t.inner.some((x) => x.w === ',') && !withDirection(t.inner.map((x) => x.w)).some((w) => INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w) || NEGATIONS.has(w)) && /^[a-z]/.test(toks[i - 1]?.w ?? '') && !DETERMINERS.has(toks[i - 1]?.w ?? '') && (isPluralForm(toks[i - 1]?.w ?? '') || ['each', 'every'].includes(toks[i - 2]?.w ?? '')));
  if (parenDecls.length > 0 && !toks.some((t, i) => i > 0 && ['have', 'has', 'with'].includes(t.w))) {
    for (const { t, i } of parenDecls) {
      const nounToks: string[] = [];
      for (let k = i - 1; k >= 0 && nounToks.length < 2; k--) {
        const w = (toks[k] as Tok).w;
        if (!/^[a-z]/.test(w) || DETERMINERS.has(w) || VERB_SET.has(w) || CONNECTORS.some((cn) => cn[0] === w) || SUBJECT_SKIP.has(w) || w === 'and' || ACTOR_WORDS.has(w)) break;
        nounToks.unshift(w);
      }
      if (nounToks.length) declare(ctx, nounToks, t.inner ?? [], c, undefined);
    }
    // ("Log deliveries (...) and filter them by fuel type": what follows the last parenthesis is read on its own)
    const lastAt = (parenDecls[parenDecls.length - 1] as { i: number }).i;
    let tail = toks.slice(lastAt + 1);
    while (tail.length && [',', 'and', ';', 'then', 'also'].includes(tail[0]?.w ?? '')) tail = tail.slice(1);
    if (tail.some((t) => /^[a-z]/.test(t.w))) ctx.extraClauses.push({ sentence: c.sentence, index: c.index + 100, text: textOf(tail), toks: tail, afterColon: false });
    return true;
  }
  // "Fleet fuel logs: every time a driver fills up a vehicle we record the plate, ...": the occasion says when a record is made, the list after "we record" is what it holds
  const cw = wordsOf(toks);
  if (c.afterColon && prev && prev.sentence === c.sentence && ((['every', 'each'].includes(cw[0] ?? '') && cw[1] === 'time') || cw[0] === 'whenever')) {
    const at = toks.findIndex((t, k) => k > 2 && ['we', 'i', 'you'].includes(toks[k - 1]?.w ?? '') && (KEEP_VERBS.has(t.w) || ['note', 'write', 'enter', 'save'].includes(t.w)));
    const heading = stripDeterminers(wordsOf(prev.toks).filter((w) => !META_NOUNS.has(w)));
    if (at > 0 && heading.length >= 1 && heading.length <= 3 && isPluralForm(heading[heading.length - 1] as string)) {
      const ok = declare(ctx, heading, toks.slice(at + 1), c, prev);
      if (ok) {
        ctx.handled.add(prev);
        ctx.understood.push(`"${textOf(toks.slice(0, at - 1))}" says when a ${heading.join(' ')} is recorded`);
      }
      return ok;
    }
  }
  // ("Lists: sessions by title; ...": a label over lists to show names no record)
  if (c.afterColon && prev && prev.sentence === c.sentence && connectorIndex(ctx, toks) < 0 && !LIST_LABELS.has(wordsOf(prev.toks).join(' '))) {
    let subject = stripDeterminers(wordsOf(prev.toks).filter((w) => !META_NOUNS.has(w) && !TITLE_TAILS.has(w)));
    // "Our band needs a place to keep gigs: ...", "i save each booking: ...": the things kept are named last
    const keptAt = Math.max(...[...KEEP_VERBS, 'save', 'saves'].map((v) => subject.lastIndexOf(v)));
    const kept = stripDeterminers(subject.slice(keptAt + 1)).filter((w, k) => k > 0 || !['each', 'every'].includes(w));
    const keeper = subject[keptAt - 1] === 'to' || (['i', 'we'].includes(subject[keptAt - 1] ?? '') && ['each', 'every'].includes(subject[keptAt + 1] ?? ''));
    if (keptAt > 0 && keeper && kept.length >= 1 && kept.length <= 3 && (isPluralForm(kept[kept.length - 1] as string) || subject[keptAt + 1] !== undefined)) subject = kept;
    if (subject.length > 3) subject = recordsBeforePlace(subject);
    const first = toks[0]?.w ?? '';
    const startsWithVerb = verbLemma(first, VERB_SET) !== undefined && !TYPE_BY_WORD[first];
    if (subject.length >= 1 && subject.length <= 3 && !handledAsTitle(ctx, prev) && !startsWithVerb) {
      const ok = declare(ctx, subject, toks, c, prev);
      if (ok) ctx.handled.add(prev);
      return ok;
    }
  }
  // "contacts api. name, phone, email.": a bare list right after a heading
  if (!c.afterColon && prev && ctx.headings.has(prev) && ctx.titleWords.length > 0 && c.toks.some((t) => t.w === ',') && isBareList(ctx, c) && wordsOf(c.toks).every((w) => !VERB_SET.has(w) || TYPE_BY_WORD[w] !== undefined)) {
    const noun = titleNoun(ctx);
    if (noun) return declare(ctx, noun, toks, c, prev);
  }
  // "Our office has a few meeting rooms, each with a name, ...": the things listed after "each with"
  const eachAt = toks.findIndex((t, i) => t.w === ',' && toks[i + 1]?.w === 'each' && ['with', 'having', 'has'].includes(toks[i + 2]?.w ?? ''));
  if (eachAt > 0) {
    const noun: string[] = [];
    for (let k = eachAt - 1; k >= 0 && noun.length < 3; k--) {
      const w = (toks[k] as Tok).w;
      if (!/^[a-z]/.test(w) || DETERMINERS.has(w) || PREPOSITIONS.has(w) || ['few', 'couple', 'bunch', 'lot', 'lots', 'number', 'has', 'have', 'are', 'is', 'keep', 'with'].includes(w) || /^\d/.test(w)) break;
      noun.unshift(w);
    }
    if (noun.length > 0 && isPluralForm(noun[noun.length - 1] as string) && !noun.some((w) => META_NOUNS.has(w))) return declare(ctx, noun, toks.slice(eachAt + 3), c, undefined);
  }
  for (let i = 1; i < toks.length; i++) {
    // "for a store": a connector that is also a noun, after an article
    if (DETERMINERS.has(toks[i - 1]?.w ?? '') && ['store', 'stores', 'record', 'records', 'track', 'tracks', 'keep', 'keeps', 'need', 'needs', 'hold', 'holds'].includes(toks[i]?.w ?? '')) continue;
    const conn = CONNECTORS.find((cn) => cn.every((w, k) => toks[i + k]?.w === w));
    if (!conn) continue;
    let left = wordsOf(toks.slice(0, i));
    const rawLeft = left;
    let items = toks.slice(i + conn.length);
    // "Expenses belong to a trip and have a description, ...": the owner is one more field
    const belongAt = left.findIndex((w) => ['belong', 'belongs'].includes(w));
    if (belongAt > 0 && left[belongAt + 1] === 'to' && left[left.length - 1] === 'and' && left.length - belongAt <= 6) {
      const owner = stripDeterminers(left.slice(belongAt + 2, -1));
      if (owner.length > 0 && findResource(ctx, owner)) {
        items = [...owner.map((w): Tok => ({ raw: w, w })), { raw: ',', w: ',' }, ...items];
        left = left.slice(0, belongAt);
      }
    }
    if (items.length === 0) continue;
    // "Dentist appointments for patients, with a date ...": whom each is for is one more field
    const forAt = left.indexOf('for');
    const forWhom = forAt > 0 ? stripDeterminers(left.slice(forAt + 1)) : [];
    // only with the pause before "with": "books for kids with a title" names an audience, not a field
    if (forAt > 0 && forAt <= 3 && toks[i - 1]?.w === ',' && forWhom.length >= 1 && forWhom.length <= 2 && isPluralForm(forWhom[forWhom.length - 1] as string) && forWhom.every((w) => /^[a-z]+$/.test(w) && !VERB_SET.has(w) && !META_NOUNS.has(w))) {
      const whom = [...forWhom.slice(0, -1), singular(forWhom[forWhom.length - 1] as string)];
      items = [...whom.map((w): Tok => ({ raw: w, w })), { raw: ',', w: ',' }, ...items];
      left = left.slice(0, forAt);
    }
    // "Orders for my little candle shop on Etsy with ...": whose the records are says no more of them
    const forShop = left.indexOf('for');
    if (forShop >= 1 && forShop <= 2 && (POSSESSIVES.has(left[forShop + 1] ?? '') || ['a', 'an', 'the', 'our', 'my'].includes(left[forShop + 1] ?? '')) && isPluralForm(left[forShop - 1] as string) && !toks.slice(0, i).some((t) => t.w === ',')) left = left.slice(0, forShop);
    // "needs a place to keep gigs": what is needed is a purpose, the things come after it
    if (['need', 'needs', 'want', 'wants'].includes(conn[0] as string) && wordsOf(items).some((w, k, ws) => w === 'to' && KEEP_VERBS.has(ws[k + 1] ?? ''))) return false;
    // "Reception needs the list of bookings for a clinic": someone asking to see records, not a record
    if (['need', 'needs', 'want', 'wants'].includes(conn[0] as string) && ['list', 'lists', 'overview', 'report'].includes(stripDeterminers(wordsOf(items))[0] ?? '') && items.some((t) => t.w === 'of')) return false;
    // "For each book we store", "Every member should"
    if (left[0] === 'for' && (left[1] === 'each' || left[1] === 'every')) left = left.slice(2);
    // "There are books, each with a title ..."
    const thereAre = left[0] === 'there' && ['are', 'is', 'will'].includes(left[1] ?? '');
    if (thereAre) left = left.slice(left[2] === 'be' ? 3 : 2).filter((w) => w !== 'each' && w !== 'every');
    // "Recipes: each has a name, ...": the heading names the thing
    if (c.afterColon && prev && prev.sentence === c.sentence && stripDeterminers(rawLeft).length === 0 && ['each', 'every', 'it', 'they', 'one'].includes(rawLeft[0] ?? '')) {
      left = stripDeterminers(wordsOf(prev.toks).filter((w) => !META_NOUNS.has(w) && !TITLE_TAILS.has(w)));
      ctx.handled.add(prev);
    }
    // "Recipes API where each recipe has ...", "a to-do app where a todo item has ..."
    const each = Math.max(left.lastIndexOf('each'), left.lastIndexOf('every'), left.lastIndexOf('where'));
    if (each > 0) left = left.slice(each + 1);
    // "a catalog of courses with ..."
    const of = left.indexOf('of');
    if (of > 0 && ['catalog', 'catalogue', 'list', 'set', 'collection', 'database', 'inventory', 'registry', 'directory', 'log', 'record', 'records', 'archive'].includes(left[of - 1] as string)) left = left.slice(of + 1);
    while (left.length && ['should', 'must', 'will', 'can', 'also', 'always', 'typically', 'usually', 'just', 'only', 'simply', 'we', 'you', 'i', 'it', 'they', 'then', 'to', 'would', 'may', 'need', 'each', 'will'].includes(left[left.length - 1] as string)) left = left.slice(0, -1);
    let leadVerb: string | undefined;
    const lead = left[0] ? verbLemma(left[0], VERB_SET) : undefined;
    // "List vegetarian meals with under 600 calories": a list with a condition, not a declaration
    if (conn[0] === 'with' && lead && ['list', 'show', 'find', 'search', 'get'].includes(lead) && (findResource(ctx, left.slice(-1)) || COMPARATIVES.some((cmp) => cmp.words[0] === items[0]?.w))) return false;
    if (conn[0] === 'with' && lead && ['track', 'manage', 'store', 'keep', 'record', 'log', 'save', 'create', 'add', 'list', 'register', 'crud', 'maintain', 'administer'].includes(lead) && left.length >= 2) {
      leadVerb = lead;
      left = left.slice(1);
    }
    let subject = stripDeterminers(left);
    // ("Tank driving experience bookings with ..."): a long run of plain words names the records by its last three
    if (subject.length > 3 && subject.length <= 5 && !leadVerb && subject.every((w) => /^[a-z]+$/.test(w) && !PREPOSITIONS.has(w) && !DETERMINERS.has(w) && !MODALS.has(w) && !NEGATIONS.has(w) && !POSSESSIVES.has(w) && !BE_WORDS.has(w) && !['and', 'or', 'we', 'you', 'i'].includes(w))) subject = subject.slice(-3);
    // "can i have something where each tree has ...": the request names software; the records come later
    if (subject.length === 0 && META_NOUNS.has(stripDeterminers(wordsOf(items))[0] ?? '')) continue;
    if (subject.length === 0 || subject.length > 3) return false;
    if (subject.some((w) => PREPOSITIONS.has(w) || DETERMINERS.has(w) || MODALS.has(w) || NEGATIONS.has(w) || POSSESSIVES.has(w) || w === 'you' || w === 'we' || /^\d/.test(w))) return false;
    if (subject.length >= 2 && VERB_SET.has(subject[0] as string) && !leadVerb) return false;
    if (subject.every((w) => META_NOUNS.has(w)) || subject.some((w) => CONNECTORS.some((cn) => cn.length === 1 && cn[0] === w))) return false;
    // "visitors subscribe with ...", "entries, list entries with ...": not a noun phrase
    if (subject.slice(0, -1).some((w) => isPluralForm(w) && !w.endsWith('ss'))) return false;
    // a comma right before the connector ("appointments for patients, with ...") is only a pause
    if (toks.slice(0, toks[i - 1]?.w === ',' ? i - 1 : i).some((t) => t.w === ',') && !['for', 'there'].includes(wordsOf(toks.slice(0, i))[0] ?? '')) return false;
    if (subject.some((w) => TALLY_NOUNS.has(w))) return false;
    // "A support chat needs conversations and messages": things, not fields
    if (['need', 'needs', 'require', 'requires'].includes(conn[0] as string) && splitList(items).every((it) => isPluralForm(wordsOf(it).pop() ?? '') && !DETERMINERS.has(wordsOf(it)[0] ?? ''))) {
      ctx.understood.push(`"${c.text}" describes the backend`);
      return true;
    }
    const ok = declare(ctx, subject, items, c, undefined);
    if (ok && leadVerb) {
      const res = findResource(ctx, subject);
      if (res) extraAction(ctx, leadVerb, res, c);
    }
    return ok;
  }
  return false;
}

export function handledAsTitle(ctx: ReadingState, c: Clause): boolean {
  return ctx.handled.has(c);
}

export function extraAction(ctx: ReadingState, verb: string, res: ResourceDraft, c: Clause): void {
  const cls = VERBS[verb];
  if (cls === 'crud') for (const kind of ['create', 'get', 'list', 'update', 'delete'] as const) pushAction(ctx, { kind, resource: keyOf(res.words), verb, description: c.text, filters: [], params: [], guards: [], effects: [] });
  else if (cls === 'list') pushAction(ctx, { kind: 'list', resource: keyOf(res.words), verb, description: c.text, filters: [], params: [], guards: [], effects: [] });
  else pushAction(ctx, { kind: 'create', resource: keyOf(res.words), verb, description: c.text, filters: [], params: [], guards: [], effects: [] });
  // "log callouts with ...": records kept as a log are read back, so they are listed too
  if (cls === 'create' && ['log', 'track', 'record', 'keep', 'store'].includes(verb)) pushAction(ctx, { kind: 'list', resource: keyOf(res.words), verb: 'list', description: c.text, filters: [], params: [], guards: [], effects: [] });
  ctx.lastResource = res;
  if (cls !== 'list') {
    ctx.lastCreated = res;
    ctx.lastCreatedSentence = c.sentence;
  }
}

export function declare(ctx: ReadingState, subjectWords: string[], items: Tok[], c: Clause, _heading: Clause | undefined): boolean {
  const sing = [...subjectWords.slice(0, -1), singular(subjectWords[subjectWords.length - 1] as string)];
  let list = items;
  while (list.length && ['the', 'following', 'fields', 'properties', 'attributes', ':', 'these', 'things', 'like', 'such', 'as'].includes(list[0]?.w ?? '')) list = list.slice(1);
  const prepared = prepareFieldList(list);
  const parts = stateValues(splitList(prepared), prepared.some((t) => t.w === 'or'));
  const fieldItems: Tok[][] = [];
  for (let k = 0; k < parts.length; k++) {
    const part = flagClause(parts[k] as Tok[]);
    const head = part[0]?.w ?? '';
    // "... and can borrow books": the rest of the clause is about actions
    const lemma = verbLemma(head, VERB_SET);
    const isAction = MODALS.has(head) && head !== 'and' && head !== 'or' ? part.length > 1 : lemma !== undefined && VERBS[lemma] !== undefined && !TYPE_BY_WORD[head] && (part[1] === undefined || DETERMINERS.has(part[1].w) || POSSESSIVES.has(part[1].w) || PRONOUNS.has(part[1].w)) && part.length > 1;
    const belongs = ['belong', 'belongs', 'linked', 'attached', 'assigned', 'tied'].includes(head) || (head === 'is' && ['for', 'linked'].includes(part[1]?.w ?? ''));
    if (belongs) {
      const idx = part.findIndex((t, n) => n > 0 && findResource(ctx, [t.w]) !== undefined);
      const target = idx > 0 ? findResource(ctx, [(part[idx] as Tok).w]) : undefined;
      if (target) {
        fieldItems.push(part.slice(idx));
        continue;
      }
    }
    // "..., and it cannot be overbooked": a statement about the thing, not a field
    const statement = (PRONOUNS.has(head) || head === 'it') && part.slice(1).some((t) => MODALS.has(t.w) || NEGATIONS.has(t.w) || BE_WORDS.has(t.w));
    if (statement) {
      const subjectTok: Tok[] = subjectWords.map((w) => ({ raw: w, w }));
      const restToks = [...subjectTok, ...part.slice(1)];
      ctx.extraClauses.push({ sentence: c.sentence, index: c.index + 100 + k, text: textOf(restToks), toks: restToks, afterColon: false });
      continue;
    }
    // "..., and let me close a callout": the writer asking for an action, said as an imperative
    if (head === 'let' && ['me', 'us', 'people', 'users', 'them', 'staff', 'customers'].includes(part[1]?.w ?? '') && part.length > 2) {
      const restToks = [...part.slice(2), ...parts.slice(k + 1).flatMap((p) => [{ raw: ',', w: ',' }, ...p])];
      ctx.extraClauses.push({ sentence: c.sentence, index: c.index + 100, text: textOf(restToks), toks: restToks, afterColon: false });
      break;
    }
    if (isAction) {
      const restToks = parts.slice(k).flatMap((p, n) => (n === 0 ? p : [{ raw: ',', w: ',' }, ...p]));
      const subjectTok: Tok[] = subjectWords.map((w) => ({ raw: w, w }));
      ctx.extraClauses.push({ sentence: c.sentence, index: c.index + 100, text: textOf([...subjectTok, ...restToks]), toks: [...subjectTok, ...restToks], afterColon: false });
      break;
    }
    fieldItems.push(part);
  }
  if (fieldItems.length === 0) return false;
  const res = ensureResource(ctx, sing, c.text, true);
  ctx.lastResource = res;
  ctx.pendingItems.push({ res, items: fieldItems, origin: c.text });
  return true;
}

/** "..., and status pending, picked or delivered": a state name, then its values to the end of the list. */
function stateValues(parts: Tok[][], ending: boolean): Tok[][] {
  const at = parts.findIndex((p, k) => k < parts.length - 1 && p.length === 2 && STATE_FIELD_NAMES.has(p[0]?.w ?? '') && /(?:ed|ing)$/.test(p[1]?.w ?? ''));
  const rest = parts.slice(at + 1);
  const plain = (p: Tok[]): boolean => p.every((t) => /^[a-z]+$/.test(t.w)) && (p.length === 1 || (p.length === 3 && p[1]?.w === 'or'));
  if (at < 0 || !rest.every(plain) || !(ending || rest.some((p) => p.length === 3))) return parts;
  const values = [(parts[at] as Tok[])[1] as Tok, ...rest.flatMap((p) => p.filter((t) => t.w !== 'or'))];
  const inner = values.flatMap((v, n): Tok[] => (n === 0 ? [v] : [{ raw: n === values.length - 1 ? 'or' : ',', w: n === values.length - 1 ? 'or' : ',' }, v]));
  return [...parts.slice(0, at), [(parts[at] as Tok[])[0] as Tok, { raw: `(${inner.map((t) => t.raw).join(' ')})`, w: '#paren', inner }]];
}

/** "an ear tag thats unique", "a code that must be unique": the relative clause is the item's flag, "(unique)". */
function flagClause(part: Tok[]): Tok[] {
  const at = part.findIndex((t, i) => i > 0 && ['thats', "that's", 'that', 'which', "which's"].includes(t.w));
  if (at < 0) return part;
  const tail = wordsOf(part.slice(at + 1)).filter((w) => !['is', 'are', 'must', 'should', 'be', 'always', 'has', 'to'].includes(w));
  const flag = tail.length === 1 && ['unique', 'optional', 'required'].includes(tail[0] as string) ? (tail[0] as string) : undefined;
  return flag ? [...part.slice(0, at), { raw: `(${flag})`, w: '#paren', inner: [{ raw: flag, w: flag }] }] : part;
}

/** "Comments belong to a post", "each task is linked to a project". */
export function readBelongsTo(ctx: ReadingState, c: Clause): boolean {
  const ws = wordsOf(c.toks);
  const idx = ws.findIndex((w) => ['belong', 'belongs', 'linked', 'attached', 'tied'].includes(w));
  if (idx < 1) return false;
  const child = findResource(ctx, stripDeterminers(ws.slice(0, idx).filter((w) => !MODALS.has(w) && w !== 'is' && w !== 'are')));
  const tail = stripDeterminers(ws.slice(idx + 1).filter((w) => w !== 'to' && w !== 'with' && w !== 'exactly' && w !== 'one'));
  const parent = findResource(ctx, tail);
  // "samples belong to a project" with no projects described: the project is named on each sample
  const described = (noun: string): boolean => ctx.clauses.some((o) => o !== c && singular(stripDeterminers(wordsOf(o.toks))[0] ?? '') === noun);
  if (child && !parent && tail.length >= 1 && tail.length <= 2 && tail.every((w) => /^[a-z]+$/.test(w) && !VERB_SET.has(w) && !META_NOUNS.has(w)) && !described(singular(tail[tail.length - 1] as string))) {
    const name = camelCase([...tail.slice(0, -1), singular(tail[tail.length - 1] as string)]);
    if (!fieldOf(ctx, child, name)) addField(ctx, child, { spec: { name, type: 'string', required: true }, words: [...tail.slice(0, -1), singular(tail[tail.length - 1] as string)] });
    ctx.understood.push(`${pascalCase(child.words)} names its ${splitIdentifier(name).join(' ')}`);
    return true;
  }
  if (!child || !parent) return false;
  addReference(ctx, child, parent, true);
  ctx.understood.push(`${pascalCase(child.words)} belongs to ${pascalCase(parent.words)}`);
  return true;
}
