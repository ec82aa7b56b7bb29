import { RECORD_BOOKS, COLLECTION_TAILS, DETERMINERS, QUALIFIER_NOISE, FIELD_LABELS, PLAIN_ADJECTIVES, PREPOSITIONS, SHOP_WORDS, KEEPING, META_NOUNS, MISSPELT_POSSESSIVES, MODALS, NOMINALIZATION, POSSESSIVES, SELF_SUBJECTS, TIME_WORDS, VERB_SET, VERBS } from '../lexicon.js';
import { isPluralForm } from '../text.js';
import { isFieldLike, isTypedItem } from './field-items.js';
import { objectAfter, type ListSetting } from './context.js';

/**
 * Stage 2b: the records a list's words before its colon name ("Log fire drills for each floor:",
 * "Ladder register for the maintenance team -", "... and we need to log each donation:"): the
 * noun phrase the writer's verbs keep, without the book it is kept in, the place it is for or a
 * clause qualifying it. `nounPhrase`: its first word is never a verb (it followed one).
 */
export function recordsNamedBefore(words: readonly string[], items: number, setting?: ListSetting): { subject: string; nounPhrase: boolean } | undefined {
  // "Each dish also has: ...": the record the fields are more of
  let ws = words.length > 1 && /^(?:has|have|includes|include|gets|get)$/i.test(words[words.length - 1] as string) ? words.slice(0, -1).filter((w) => !/^also$/i.test(w)) : [...words];
  // ("Runners' results": whose records they are is no part of their name)
  if (ws.length === 2 && /s'$|'s$/i.test(ws[0] as string)) ws = ws.slice(1);
  // "Record chess games: ..." opens on a verb; "We need keep prescriptions: ..." names the thing last
  // ("Log fire drills: ...": after the verb, a word before a plural is its qualifier, verb or not)
  let verbs = 0;
  // ("Purchase order:", "Work order:": a label of two words, the second one singular, names a record with a verb-like word)
  const compound = ws.length === 2 && /^[A-Z][a-z]+$/.test(ws[0] as string) && /^[a-z]+$/.test(ws[1] as string) && !isPluralForm(ws[1] as string);
  while (!compound && ws.length > 1 && (ws[0] as string).toLowerCase() in VERBS && !(verbs > 0 && isPluralForm((ws[1] as string).toLowerCase()))) {
    ws.shift();
    verbs += 1;
  }
  // "the horses staying with us", "bikes that need a service": a participle or relative word after records ends them
  // ("the refills sold", "the items donated": a past participle after records ends them too)
  const relative = ws.findIndex((w, k) => k > 0 && /^(?:[a-z]{3,}ing|that|which|who|[a-z]{3,}ed|sold|bought|made|given|taken|brought|kept|lent|sent|held|won)$/i.test(w) && isPluralForm((ws[k - 1] as string).toLowerCase()) && !VERB_SET.has((ws[k - 1] as string).toLowerCase()));
  if (relative > 0) ws = ws.slice(0, relative);
  // "Each week we take bookings": after a time and the writer, the records follow the verb
  const pronoun = ws.findIndex((w, k) => k > 0 && SELF_SUBJECTS.concat(['you', 'they']).includes(w.toLowerCase()));
  // ("each tyre set we store for customers": a record, not a time, before the writer)
  const timed = pronoun > 0 && /^(?:each|every|on|in|at|per)$/i.test(ws[0] as string) && pronoun <= 3 && ws.length > pronoun + 2 && ws.slice(1, pronoun).some((w) => TIME_WORDS.has(w.toLowerCase()));
  const object = pronoun > 0 ? objectAfter(ws.slice(pronoun + 1)) : undefined;
  if (timed) ws = ws.slice(pronoun + 2);
  // "... and we need to log each donation": what the writer's verbs keep
  else if (object) ws = object;
  // "Board games I own": a contact clause qualifies the noun before it
  else if (pronoun > 0) ws.splice(pronoun);
  // "We run a league and want to record match scores": the noun phrase after the last verb
  // (not a qualifier kept after the verb, "Log fire drills for ...", nor a book after a noun, "Ladder register for ...")
  const lower = ws.map((w) => w.toLowerCase());
  const nounAfterNoun = (w: string, k: number): boolean => COLLECTION_TAILS.has(w) && k > 0 && !MODALS.has(lower[k - 1] as string) && !SELF_SUBJECTS.includes(lower[k - 1] as string);
  const lastVerb = ws.length > 3 ? lower.findLastIndex((w, k) => (k > 0 || verbs === 0) && !nounAfterNoun(w, k) && (w in VERBS || w === 'to')) : -1;
  if (lastVerb >= 0 && lastVerb < ws.length - 1) ws = ws.slice(lastVerb + 1);
  // ("Public log of sinkholes in the borough": the records a book is of)
  const bookOf = ws.findIndex((w, k) => k > 0 && k < ws.length - 1 && /^of$/i.test(w) && COLLECTION_TAILS.has((ws[k - 1] as string).toLowerCase()));
  if (bookOf > 0) ws = ws.slice(bookOf + 1);
  // ("Log every refuelling at our depot": what "each" or "every" counts ends before its preposition, plural or not)
  const counted = ws.length > 2 && /^(?:each|every)$/i.test(ws[0] as string);
  while (ws.length > 1 && ([DETERMINERS, KEEPING, MISSPELT_POSSESSIVES].some((set) => set.has((ws[0] as string).toLowerCase())) || /^(?:each|every)$/i.test(ws[0] as string))) ws.shift();
  // "the water meter readings for the flats in our building": the records end before the preposition
  // ("mooncake orders ahead of Mid-Autumn", "orders before the festival": so do they before a time)
  const prep = ws.findIndex((w, k) => k > 0 && ['for', 'in', 'at', 'from', 'on', 'of', 'by', 'per', 'ahead', 'before', 'after', 'during', 'until', 'till', 'over'].includes(w.toLowerCase()));
  // ("Ladder register for the maintenance team": or after the book they are kept in, unless the records follow: "a system for the horses")
  const keptFor = prep > 0 && COLLECTION_TAILS.has((ws[prep - 1] as string).toLowerCase()) && !isPluralForm((ws[ws.length - 1] as string).toLowerCase());
  if (prep > 0 && (isPluralForm((ws[prep - 1] as string).toLowerCase()) || keptFor || counted)) ws = ws.slice(0, prep);
  // "Contestant fields: ...", "dog licence register: ...", "sneaker collection - ...": the record, not its fields or the book they are kept in
  // ("customers book: ..." names actors and their verb, below)
  // ("Koi stock list": a book in a book, both taken off)
  // ("members list", "plants register": a list of records named in the plural too, though "customers book" is their verb)
  const keptIn = (): boolean => COLLECTION_TAILS.has((ws[ws.length - 1] ?? '').toLowerCase()) && (!isPluralForm((ws[ws.length - 2] ?? '').toLowerCase()) || RECORD_BOOKS.has((ws[ws.length - 1] ?? '').toLowerCase()));
  if (ws.length > 1 && FIELD_LABELS.has((ws[ws.length - 1] as string).toLowerCase())) ws = ws.slice(0, -1);
  while (ws.length > 1 && keptIn()) ws = ws.slice(0, -1);
  // ("Simple stock list for my wig shop", "Stock list for a fabric shop": a book with nothing else before
  // it, for a shop, keeps what the shop sells)
  const shop = lower.findIndex((w, k) => k >= 2 && SHOP_WORDS.has(w) && !PREPOSITIONS.has(lower[k - 1] as string) && !DETERMINERS.has(lower[k - 1] as string));
  const bookOnly = ws.length === 1 && (COLLECTION_TAILS.has((ws[0] as string).toLowerCase()) || PLAIN_ADJECTIVES.has((ws[0] as string).toLowerCase()));
  if (shop > 0 && bookOnly) ws = [lower[shop - 1] as string];
  // ("Daily pollen counts", "Log of mastitis tests": a word no name is made of, or the "of" after the verb, goes first)
  while (ws.length > 2 && (QUALIFIER_NOISE.has((ws[0] as string).toLowerCase()) || /^of$/i.test(ws[0] as string))) ws = ws.slice(1);
  // ("shared sauna bookings", "model rocket launches": three words or more name the records by their head)
  let subject = ws.length <= 2 ? ws.join(' ') : (ws[ws.length - 1] as string);
  // "customers book: reg plate, ...": the actors and their verb; the records are what the verb makes
  const verb = (ws[ws.length - 1] ?? '').toLowerCase();
  const made = ws.length >= 2 && isPluralForm((ws[ws.length - 2] as string).toLowerCase()) ? NOMINALIZATION[verb]?.[0] : undefined;
  if (made) subject = made;
  // ("Service: tractor, service date, ...": a one-word label over fields naming another record is a record)
  if (META_NOUNS.has(subject.toLowerCase()) && !(ws.length === 1 && setting !== undefined && items >= 3)) return undefined;
  // "WeighIn: animal, date": a name written as one identifier is a noun phrase, its parts words
  const identifier = /^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/.test(subject);
  if (identifier) subject = subject.replace(/([a-z])([A-Z])/g, '$1 $2');
  // what follows a verb is its object, a noun phrase
  const verbObject = verbs > 0 && ws.length === 2 && subject === ws.join(' ');
  return { subject, nounPhrase: identifier || verbObject || compound };
}

/**
 * "Bookings for our indoor shooting range", "Simple stock list for my wig shop": the records a
 * label over a list names, not the place they are for (a shop's records are what it sells).
 */
export function recordsBeforePlace(subject: string[]): string[] {
  const placeAt = subject.findIndex((w, k) => k > 0 && ['for', 'at', 'in'].includes(w));
  if (placeAt <= 0) return subject;
  if (placeAt <= 2 && isPluralForm(subject[placeAt - 1] as string) && !VERB_SET.has(subject[0] as string)) return subject.slice(0, placeAt);
  return subject.slice(placeAt + 1).some((w) => SHOP_WORDS.has(w)) ? (recordsNamedBefore(subject, 2)?.subject.split(' ') ?? subject) : subject;
}

/**
 * "Table tennis club ladder - players with name, email, ...": the records a list is of, opening its
 * first item, and the items. Not after a verb or a possessive ("log callouts with ...", "keep our
 * classes with ..."), which the sentence reader reads as a request.
 */
export function recordsOpeningItems(parts: readonly string[]): { subject: string; items: string[] } | undefined {
  const opener = /^((?:[a-z]+\s+){0,2}[a-z]+)\s+with\s+(.+)$/i.exec(parts[0] ?? '');
  const ws = (opener?.[1] ?? '').toLowerCase().split(/\s+/);
  if (!opener || parts.length < 2 || !isPluralForm(ws[ws.length - 1] as string) || ws.slice(0, -1).some((w) => VERB_SET.has(w) || POSSESSIVES.has(w))) return undefined;
  const items = [opener[2] as string, ...parts.slice(1)];
  return items.every((p) => isFieldLike(p) || isTypedItem(p)) ? { subject: opener[1] as string, items } : undefined;
}

/**
 * "Migraine diary for myself: every attack with its start time, ...", "Catalogue for my playbill
 * collection - each playbill's show title, ...": the record is what "each" or "every" names at the
 * start of the first item, whatever the label before the list says.
 */
export function eachOpeningItems(parts: readonly string[]): { subject: string; items: string[] } | undefined {
  const m = /^(?:each|every)\s+([a-z]+(?:[ -](?!(?:with|has|gets)\b)[a-z]+)?)(?:'s|s')?\s+(?:(?:with|has|gets)\s+(?:its|their|his|her|a|an|the)\s+)?(\S.*)$/i.exec(parts[0] ?? '');
  // ("every game has a home player and an away player, ...": two fields joined in the first item are left to the sentence readers)
  if (!m || parts.length < 2 || !/^\S+\s+\S+(?:'s|s')\s|\s(?:with|has|gets)\s/i.test(parts[0] as string) || /\sand\s/i.test((m[2] as string).replace(/\([^()]*\)/g, ''))) return undefined;
  const items = [m[2] as string, ...parts.slice(1)];
  return items.every((p) => isFieldLike(p) || isTypedItem(p)) ? { subject: m[1] as string, items } : undefined;
}

/** "## Order lines" names order lines (a heading is a label); "## Log expenses" still asks to log them. */
export function headingNoun(heading: string): { nounPhrase?: true } {
  const ws = heading.trim().split(/\s+/);
  return ws.length > 1 && !KEEPING.has(ws[0]?.toLowerCase() ?? '') ? { nounPhrase: true } : {};
}
