import type { FieldSpec, FieldType } from '@backforge/blueprint';
import { IRREGULAR_PARTICIPLES, UNCOUNTED, GIVEN_BY, MEASURED_HEADS, MONEY_WORDS, YES_NO, SAID_OF_RECORD, CONTACT_DETAILS, MORE_UNITS, STRANDED_PREPOSITIONS, QUESTION_WORDS, RELATIVE_SUBJECTS, BOOLEAN_LEAD, BOOLEAN_SUFFIX, COUNT_LEADS, CURRENCY_UNITS, UNIT_NAMES, DESCRIBED, DETERMINERS, FIELD_PHRASES, LINK_PARTICIPLES, LIST_HEADS, MEASURE_UNITS, NAME_NOISE, NAME_SUFFIX_NOISE, NATURALLY_UNIQUE, OTHER_UNITS, STATE_FIELD_NAMES, STORE_PROVIDED, TIME_UNITS, TRAILING_NOISE, TYPE_BY_WORD, TYPE_WORDS, type TypeHint, VERB_NAMES, WRITTEN_PLURALS, WEEKDAY_RANGE, weekdaysBetween } from './lexicon.js';
import { camelCase, isPluralForm, plural, singular, verbLemma } from './text.js';
import { askedMoment, askedPerson, askedThing, hintFromName, unknownUnitAt } from './field-types.js';
import { statesInOrder } from './stages/field-states.js';
import { isDone, isWanting } from './stages/yes-no-names.js';
import { valuesOrNotes } from './value-notes.js';
import { type Tok, textOf, tokenize } from './tokens.js';
import { type GivenItem, type Modifiers, givenMods, parseDefault, readWords } from './field-modifiers.js';

export type { GivenItem } from './field-modifiers.js';

/**
 * Field items: one item of a field list (already grouped by field-lists.ts) read into a typed
 * field draft — its name, type, bounds, allowed values and flags — or a reference to another
 * record, a "many ..." relation, something the store provides anyway, or an unreadable item.
 */

/** A field as read from the prompt, with the words that may name it later ("the cooking time"). */
export interface FieldDraft {
  spec: FieldSpec;
  words: string[];
}

export type ItemReading =
  | { kind: 'field'; field: FieldDraft; refersTo?: string[] }
  /** "many comments": the other resource points at this one. */
  | { kind: 'hasMany'; resourceWords: string[] }
  /** An item naming something the store provides anyway ("an id", "a creation date"). */
  | { kind: 'implicit'; text: string }
  | { kind: 'unreadable'; text: string };

/** Finds a resource by the words of a noun phrase; gives back its canonical (singular) words. */
export type ResourceLookup = (words: string[]) => string[] | undefined;

/**
 * "a home team", "the white player": a record in a role, named by the role and pointing at the
 * record. Counts ("max students") and plurals are never roles.
 */
function roleOf(ws: readonly string[], lookup: ResourceLookup, self: readonly string[]): string[] | undefined {
  const [role, head] = ws;
  if (ws.length !== 2 || role === undefined || head === undefined || isPluralForm(head) || COUNT_LEADS.has(role)) return undefined;
  const target = lookup([head]);
  return target && target.length === 1 && target[0] === head && target.join(' ') !== self.join(' ') ? target : undefined;
}

/** A field's name, then its states in order: in parentheses with arrows, or in a clause that says they go from one to the next. */
const STATE_CHAIN = /^((?:an?\s+|the\s+|its\s+|their\s+)?[a-z][a-z ]{0,30}?)\s*(?:\(\s*([^()]*(?:→|->|=>)[^()]*?)\s*\)|,?\s+(?:that|which)\s+(?:goes|moves|runs|progresses)\s+(?:from\s+)?(.+?))[.]?$/i;

export function readFieldItem(written: readonly Tok[], lookup: ResourceLookup, self: string[], given: GivenItem = {}): ItemReading {
  // ("a score from 0 to 25 given by the judges": who gives it is a note, not part of the field)
  const givenBy = written.findIndex((t, k) => k > 0 && t.w === 'by' && GIVEN_BY.test(` ${written.slice(k - 1).map((x) => x.raw).join(' ')}`));
  const item = givenBy > 0 ? written.slice(0, givenBy - 1) : written;
  // "a yes/no for the colour enlarger", "a tick box for paid": a yes/no named by what it is for
  const flagFor = /^(?:an?\s+)?(?:yes\s*\/\s*no|y\s*\/\s*n|tick\s*box|checkbox|check\s*box|true\s*\/\s*false)\s+(?:for|on|about)\s+(?:the\s+|a\s+|an\s+)?((?:whether\s+)?[a-z][a-z' ]{0,40})$/i.exec(textOf(item).trim());
  if (flagFor) return readFieldItem(tokenize(flagFor[1] as string), lookup, self, { ...given, type: 'boolean' });
  const text = textOf(item);
  // "a status that goes from requested to in progress to delivered", "a status (draft → review → published)":
  // states in the order written, each moving to the next
  const chain = STATE_CHAIN.exec(item.map((t) => t.raw).join(' ').trim());
  const states = chain && !given.values ? statesInOrder((chain[2] ?? chain[3]) as string) : undefined;
  if (chain && states) return readFieldItem(tokenize(chain[1] as string), lookup, self, { ...given, values: states.values, moves: true, steps: states.steps });
  const mods: Modifiers = givenMods(given);
  // "a delivery day (Monday to Saturday)": a day of the week within a range, not a date
  const weekdayRange = WEEKDAY_RANGE.exec(text.trim().replace(/^(?:a|an|the|its|their)\s+/i, ''));
  const weekdays = weekdayRange ? weekdaysBetween(weekdayRange[2] as string, weekdayRange[3] as string) : undefined;
  if (weekdayRange && weekdays && !given.values) return readFieldItem(tokenize(weekdayRange[1] as string), lookup, self, { ...given, values: weekdays });
  // "a SKU that must be unique", "a streak that starts at 0": the relative clause only qualifies
  const rel = item.findIndex((t, i) => i > 0 && (t.w === 'that' || t.w === 'which' || t.w === 'who'));
  // ("strokes on that hole": "that" points back, and the preposition before it goes with it)
  const head = rel > 1 && STRANDED_PREPOSITIONS.has(item[rel - 1]?.w ?? '') ? item.slice(0, rel - 1) : rel > 0 ? item.slice(0, rel) : [...item];
  if (rel > 0) {
    // whatever the relative clause says beyond flags, bounds and defaults is not dropped silently
    const left = readWords(item.slice(rel + 1), mods).filter((t) => /^[a-z]/.test(t.w) && !['can', 'could', 'must', 'should', 'will', 'be', 'is', 'are', 'it', 'they', 'always', 'also', 'set', 'given', 'kept', 'stored', 'defined', 'from', 'by', 'us', 'we', 'the', 'a', 'an', 'user', 'users'].includes(t.w));
    const onlyValues = left.every((t) => t.w === '#paren' || t.w === '#range');
    if (!onlyValues && left.some((t) => ['not', 'never', 'cannot', "can't", 'exceed', 'exceeded', 'change', 'changed', 'only'].includes(t.w))) return { kind: 'unreadable', text };
  }
  // "builder (a member)": a parenthesis naming a known record points the field at it
  // ("leader (one of the members)": one of the records named)
  const oneOf = (t: Tok): number => (t.inner?.[0]?.w === 'one' && t.inner[1]?.w === 'of' ? (['the', 'our', 'my'].includes(t.inner[2]?.w ?? '') ? 2 : 1) : 0);
  const refParen = head.findIndex((t) => t.w === '#paren' && ['a', 'an', 'the', 'one'].includes(t.inner?.[0]?.w ?? '') && (t.inner?.length ?? 0) <= 3 + oneOf(t));
  const inner = (head[refParen]?.inner ?? []).slice(1 + (head[refParen] ? oneOf(head[refParen]) : 0)).map((t) => t.w);
  const parenRecord = refParen > 0 ? lookup([...inner.slice(0, -1), singular(inner[inner.length - 1] ?? '')]) : undefined;
  const pointsAt = parenRecord && parenRecord.join(' ') !== self.join(' ') ? parenRecord : undefined;
  if (pointsAt) head.splice(refParen, 1);
  // "night (a date)": an article before a type word is that type
  else if (refParen > 0 && inner.length === 1 && TYPE_BY_WORD[inner[0] as string]?.type && ['date', 'datetime', 'email', 'url', 'boolean', 'integer', 'number', 'text'].includes(TYPE_BY_WORD[inner[0] as string]?.type as string)) {
    head.splice(refParen, 1, { raw: `(${inner[0] as string})`, w: '#paren', inner: [{ raw: inner[0] as string, w: inner[0] as string }] });
  }
  let toks = readWords(head, mods);
  // ("word count (integer, greater than 0)", "(unique, e.g. EX/2291/24)": notes read as values say the type, flags and bounds)
  if (!given.moves) valuesOrNotes(mods);
  // "whether it is done", "is it vegetarian", "if it's paid", "did i do a water change (yes or no)" -> a boolean
  const asked = ['did', 'does', 'was', 'were'].includes(toks[0]?.w ?? '') && ['i', 'we', 'you', 'they', 'it', 'he', 'she'].includes(toks[1]?.w ?? '');
  const boolLead = asked ? 0 : toks.findIndex((t) => ['whether', 'is', 'if', 'are'].includes(t.w) && (t.w !== 'is' || toks.length <= 3));
  if (boolLead === 0) {
    mods.boolean = true;
    toks = toks.filter((t, k) => !(asked && k <= 2 && ['did', 'does', 'do', 'was', 'were', 'get', 'have'].includes(t.w))).filter((t) => !['whether', 'is', 'if', 'it', "it's", 'there', "there's", "they're", "theyre", "he's", "she's", 'he', 'she', 're', 's', 'its', 'are', 'they', 'or', 'not', 'has', 'have', 'been', 'was', 'were', 'i', "i've", 'we', "we've", 'you', "you've", "they've", 've', 'already', 'yet', 'should', 'will', 'would', 'must', 'could', 'be'].includes(t.w));
    // "whether the student attended": the one who did it is not part of the name
    // ("whether the strings were replaced": things it has stay in the name)
    if (['the', 'their', 'his', 'her'].includes(toks[0]?.w ?? '') && toks.length === 3 && /^[a-z]+ed$/.test(toks[2]?.w ?? '') && !isPluralForm(toks[1]?.w ?? '')) toks = toks.slice(2);
  }
  // ("the strings were replaced" typed yes/no by its phrasing: the verb "to be" is no part of its name)
  else if (mods.boolean && toks.length > 2) toks = toks.filter((t, k) => k === 0 || !['was', 'were', 'is', 'are', 'been'].includes(t.w));
  let ws = toks.map((t) => t.w).filter((w) => /^[a-z0-9]/.test(w));
  // "whether they've paid the deposit": what was done to a thing is named thing first (depositPaid)
  // (stages/yes-no-names.ts names a yes/no of a list item the same way)
  if (boolLead === 0 && ws.length >= 3 && ws.length <= 4 && isDone(ws[0] as string) && ['the', 'a', 'an', 'their', 'its', 'his', 'her'].includes(ws[1] as string)) ws = [...ws.slice(2), ws[0] as string];
  // ("whether it contains a battery": an article inside a yes/no's words is no part of its name;
  // "whether they need a lift" is said of the record: needsLift)
  // ("bringing a dog: yes/no": nor in one typed yes/no)
  const answeredYesNo = mods.boolean || (given.values?.length === 2 && given.values.every((v) => /^(?:yes|no|y|n|true|false)$/i.test(v)));
  if (boolLead === 0 || answeredYesNo) {
    // ("collected at the gate", "accepting visitors at the moment": a place or a time after a preposition is no part of a yes/no's name)
    const place = ws.findIndex((w, k) => k > 0 && ['at', 'in', 'on', 'from', 'by', 'into', 'onto'].includes(w) && ['a', 'an', 'the'].includes(ws[k + 1] as string));
    if (place > 0) ws = ws.slice(0, place);
    if (ws.length >= 3) ws = ws.filter((w, k) => k === 0 || !['a', 'an', 'the'].includes(w));
  }
  // ("whether they want salted egg yolk": what they want is the name; yesNoName)
  if (boolLead === 0 && ws.length >= 2 && isWanting(ws[0] as string)) ws = ws.slice(1);
  else if (boolLead === 0 && ws.length >= 2 && SAID_OF_RECORD.has(ws[0] as string)) ws = [`${ws[0] as string}s`, ...ws.slice(1)];
  while (ws.length && (DETERMINERS.has(ws[0] as string) || ws[0] === 'of' || ws[0] === 'also')) {
    if (['many', 'several', 'multiple'].includes(ws[0] as string) && ws.length > 1) {
      const target = lookup(ws.slice(1));
      if (target && target.join(' ') !== self.join(' ')) return { kind: 'hasMany', resourceWords: target };
    }
    ws = ws.slice(1);
  }
  if (ws.length === 0) return { kind: 'unreadable', text };
  ws = askedThing(ws);
  // "each horse's name" in the horse's own list: the record's own detail, not an owner's
  if (ws.length >= 2 && singular(ws[0] as string) === self[self.length - 1] && toks.some((t) => t.w === ws[0] && t.possessive)) ws = ws.slice(1);
  // "the year it was published" -> yearPublished
  const pron = ws.findIndex((w, k) => k > 0 && ['it', 'they', 'he', 'she'].includes(w) && ['was', 'is', 'were', 'are', 'got'].includes(ws[k + 1] ?? ''));
  // ("the wall it is on": a preposition left at the end says where, not what)
  if (pron > 0 && ws[pron + 2]) ws = STRANDED_PREPOSITIONS.has(ws[pron + 2] as string) ? ws.slice(0, pron) : [...ws.slice(0, pron), ws[pron + 2] as string];
  // "the price I paid", "the date we bought it" -> pricePaid, dateBought: what the writer did names it
  const doer = ws.findIndex((w, k) => k > 0 && ['i', 'we'].includes(w) && /^(?:paid|bought|sold|spent|got|found|planted|caught|joined|started|opened)$/.test(ws[k + 1] ?? ''));
  if (doer > 0 && pron < 0) ws = [...ws.slice(0, doer), ws[doer + 1] as string];
  // "applied on date", "sent at time": the word after "on"/"at" is the type, the participle and its preposition the name
  // ("made on date", "best before date": so is a word the preposition follows, irregular participle or not)
  const [dateWord, prep, typeWord] = ws as [string, string, string];
  const namesTheDate = /^[a-z]+(ed|en)$/.test(dateWord) || IRREGULAR_PARTICIPLES.has(dateWord) || (['before', 'after'].includes(prep) && !DETERMINERS.has(dateWord));
  if (ws.length === 3 && namesTheDate && ['on', 'at', 'before', 'after'].includes(prep) && ['date', 'datetime'].includes(TYPE_WORDS[typeWord] ?? '') && !mods.type) {
    mods.type = TYPE_WORDS[ws[2] as string];
    ws = ws.slice(0, 2);
  }
  // "the month we discussed it", "the date I bought it": a contact clause qualifies the noun before it
  const subjectAt = ws.findIndex((w, k) => k > 0 && ['we', 'i', 'you', 'they'].includes(w) && !['how', 'what', 'when', 'where', 'whether', 'if'].includes(ws[k - 1] ?? ''));
  if (subjectAt > 0 && ws[subjectAt + 1] !== undefined) ws = ws.slice(0, subjectAt);
  // "the age they're turning", "the pressing day it's for": a pronoun and its verb after the noun
  // phrase qualify it, whatever the pronoun (questions such as "how long it takes" are read below)
  const clauseAt = ws.findIndex((w, k) => k > 0 && RELATIVE_SUBJECTS.has(w));
  if (clauseAt > 0 && ws[clauseAt + 1] !== undefined && !QUESTION_WORDS.has(ws[0] as string)) ws = ws.slice(0, clauseAt);
  if (!QUESTION_WORDS.has(ws[0] as string)) ws = withoutQualifier(ws);
  // "the customers name": a plural before a person's detail is its owner, written without the apostrophe
  if (ws.length === 2 && (ws[1] === 'name' || CONTACT_DETAILS.has(ws[1] as string)) && isPluralForm(ws[0] as string) && /[^s]s$/.test(ws[0] as string)) ws = [singular(ws[0] as string), ws[1] as string];
  ws = askedMoment(askedPerson(ws));
  let countOf = false;
  // "how many people fit" -> capacity; "how many copies we own" -> copies; "how many" alone -> quantity
  if (ws[0] === 'how' && ws[1] === 'many') {
    const rest = ws.slice(3);
    countOf = true;
    ws = ws[2] === undefined ? ['quantity'] : rest.some((w) => ['fit', 'fits', 'sit', 'seat', 'seats', 'hold', 'holds', 'sleep', 'sleeps', 'attend', 'can'].includes(w)) ? ['capacity'] : rest.some((w) => ['left', 'remaining'].includes(w)) ? [ws[2], 'left'] : [ws[2]];
  }
  // "how often it needs water in days" -> intervalDays (an interval, its unit kept)
  if (ws[0] === 'how' && ws[1] === 'often') ws = ['interval', ...ws.slice(2).filter((w) => ['minutes', 'hours', 'days', 'weeks', 'months'].includes(w))];
  // "a link to their CV" -> cvLink (a URL)
  if (ws.length >= 3 && ['link', 'url', 'links'].includes(ws[0] as string) && ws[1] === 'to') {
    const thing = ws.slice(2).filter((w) => !DETERMINERS.has(w));
    if (thing.length > 0 && thing.length <= 2 && verbLemma(thing[0] as string, VERB_NAMES) === undefined) {
      mods.type ??= 'url';
      ws = [...thing, ws[0] as string];
    }
  }
  // "a URL to check", "a name to display": the purpose is not part of the name ("safe to use y/n": a yes/no's verb is)
  const purpose = ws.indexOf('to');
  if (purpose > 0 && ws[purpose + 1] !== undefined && verbLemma(ws[purpose + 1] as string, VERB_NAMES) !== undefined && !(mods.boolean || mods.type === 'boolean')) ws = ws.slice(0, purpose);
  let hintFromAs: TypeHint | undefined;
  const example = ws.findIndex((w, k) => k > 0 && (w === 'like' || w === 'e.g.' || w === 'eg') && ws.slice(k + 1).some((x) => /\d/.test(x)));
  if (example > 0) ws = ws.slice(0, example); // "a code like A-12": an example is not part of the name
  // "week start as a date": the type said after the name is not part of it
  const asType = ws.findIndex((w, k) => k > 0 && w === 'as' && ['a', 'an'].includes(ws[k + 1] ?? '') && TYPE_BY_WORD[ws[k + 2] ?? ''] !== undefined && k + 3 === ws.length);
  if (asType > 0) {
    hintFromAs = TYPE_BY_WORD[ws[asType + 2] as string];
    ws = ws.slice(0, asType);
  }
  // "number of bottles left", "jars remaining", "quantity left": a count of what is left keeps "left" in its name
  const countLeft = ws.length >= 2 && ['left', 'remaining'].includes(ws[ws.length - 1] as string) && (isPluralForm(ws[ws.length - 2] as string) || ['quantity', 'stock', 'amount', 'number', 'count'].includes(ws[ws.length - 2] as string));
  // "notes if it failed": a value given only sometimes, named before its condition
  const onlyIf = ws.findIndex((w, k) => k > 0 && (w === 'if' || w === 'unless') && !TRAILING_NOISE.some((n) => n[0] === w && n.every((x, j) => ws[k + j] === x)));
  if (onlyIf > 0) [ws, mods.optional] = [ws.slice(0, onlyIf), true];
  // trailing noise: "in stock", "if any"
  // ("pairs in stock", "jars on hand": after a plural, what is in stock names the count, 10 of 10 writers; "quantity in stock" is the quantity)
  const countInStock = (noise: string[]): boolean => noise.length === 2 && ['stock', 'hand'].includes(noise[1] as string) && isPluralForm(ws[ws.length - 3] ?? '') && !['quantity', 'amount', 'number', 'count', 'units'].includes(ws[ws.length - 3] ?? '');
  for (const noise of TRAILING_NOISE) {
    if (ws.length > noise.length && noise.every((w, k) => ws[ws.length - noise.length + k] === w) && !countInStock(noise)) {
      ws = ws.slice(0, ws.length - noise.length);
      // ("a phone number if they have one": a value that may be missing is optional)
      if (noise[0] === 'if') mods.optional = true;
    }
  }
  // A unit of measure or a currency joins the field's name ("weight in kg" -> weightKg, "a fee in pounds" ->
  // feePounds; decisions.md), an area never ("surface in m2"). A label as written on a form also keeps its
  // count in the name ("number of items"); a description with an article names the quantity.
  const label = !DESCRIBED.test(text.trim());
  // "in minutes" -> unit
  const inIdx = ws.lastIndexOf('in');
  let unitWords = inIdx > 0 ? ws.slice(inIdx + 1) : [];
  // ("in whole degrees C": counted in whole units)
  if (unitWords[0] === 'whole' && unitWords.length > 1) [mods.type, unitWords] = [mods.type ?? 'integer', unitWords.slice(1)];
  // ("temperature in degrees C", "in degrees F": the temperature's scale is its unit)
  if (unitWords[0] === 'degrees' && (['c', 'celsius', 'f', 'fahrenheit'].includes(unitWords[1] ?? '') || (unitWords.length === 1 && /temp/.test(ws.join(' '))))) unitWords = [['f', 'fahrenheit'].includes(unitWords[1] ?? '') ? 'fahrenheit' : 'celsius'];
  // "the green weight in kg before roasting": what follows the unit says when, not what
  const when = unitWords.length === 2 ? ['before', 'after'] : ['before', 'after', 'when', 'at', 'on', 'per', 'for'];
  if (unitWords.length >= 2 && (TIME_UNITS.has(unitWords[0] as string) || OTHER_UNITS.has(unitWords[0] as string)) && when.includes(unitWords[1] as string)) {
    ws = ws.slice(0, inIdx + 2);
    unitWords = unitWords.slice(0, 1);
  }
  let unitInName: string | undefined;
  if (unitWords.length === 1 || (unitWords.length === 2 && ['square', 'cubic', 'sq'].includes(unitWords[0] as string))) {
    // ("depth in m": after "in", a lone m is metres)
    const unit = unitWords.length === 1 && unitWords[0] === 'm' ? 'metres' : (unitWords[unitWords.length - 1] as string);
    if (TIME_UNITS.has(unit) || OTHER_UNITS.has(unit) || MORE_UNITS.has(unit) || MEASURE_UNITS.has(unit)) {
      mods.unit = unit;
      ws = ws.slice(0, inIdx);
      // "size in square feet" -> sizeSquareFeet; "weight in g" -> weightGrams
      if (MEASURE_UNITS.has(unit) || CURRENCY_UNITS.has(unit) || MORE_UNITS.has(unit)) unitInName = unitWords.length === 2 ? unitWords.join(' ') : (UNIT_NAMES[unit] ?? unit);
    }
  } else if (label && ws.length > 1 && MEASURE_UNITS.has(ws[ws.length - 1] as string) && !mods.unit) {
    // "distance km", "dose mg": the unit written after the name
    mods.unit = ws[ws.length - 1];
    unitInName = mods.unit;
    ws = ws.slice(0, -1);
  }
  const unknownUnit = unitInName === undefined && !mods.unit ? unknownUnitAt(ws) : -1;
  if (unknownUnit > 0) [ws, mods.unit] = [ws.slice(0, unknownUnit), ws[unknownUnit + 1]];
  let listOf = false;
  /** "a maximum of 20 attendees": a limit the analyzer may turn into a capacity rule. */
  let limitField = false;
  // "a maximum of 20 attendees": a limit named after what it counts, starting at that number
  // ("places (max 16)", "kids - max 35": the bound noted after the name bounds that field, named as written, 12 of 12 fresh writers)
  const noted = /^\s*[a-z][a-z ]*?\s*(?:\(|,|\s[-–—])\s*(?:max(?:imum)?|up to|at most)\b/i.test(text);
  if (noted && mods.max !== undefined && mods.min === undefined && ws.length >= 1 && ws.length <= 2 && isPluralForm(ws[ws.length - 1] as string)) {
    countOf = true;
    limitField = true;
  } else if (mods.max !== undefined && mods.min === undefined && ws.length >= 1 && ws.length <= 2 && isPluralForm(ws[ws.length - 1] as string) && /\b(maximum|max|up to|at most|limit)\b/i.test(text) && !/\bcharacters?|chars|letters\b/i.test(text)) {
    countOf = true;
    mods.defaultText ??= String(mods.max);
    delete mods.max;
    ws = ['max', ...ws];
    limitField = true;
  }
  // "a limit on attendees", "a maximum of guests": a count
  if (ws.length > 2 && ['limit', 'maximum', 'max', 'capacity', 'minimum', 'min', 'cap'].includes(ws[0] as string) && ['on', 'for', 'of'].includes(ws[1] as string)) {
    countOf = true;
    ws = [ws[0] as string, ...ws.slice(2)];
  }
  // "list of tags", "number of pages", "name of the venue"
  const ofIdx = ws.indexOf('of');
  if (ofIdx > 0) {
    const head = ws.slice(0, ofIdx).filter((w) => !NAME_NOISE.has(w));
    const tail = ws.slice(ofIdx + 1).filter((w) => !DETERMINERS.has(w));
    const phrase = FIELD_PHRASES.find((p) => p.words.length === ws.length && p.words.every((w, k) => ws[k] === w));
    if (phrase) {
      // keep "date of birth" as written
    } else if (head.length === 1 && ['name', 'title'].includes(head[0] as string) && tail.length === self.length && tail.map((w, k) => (k === tail.length - 1 ? singular(w) : w)).join(' ') === self.join(' ')) {
      // "the name of the chore" on a chore is its name
      ws = head;
    } else if (head.length === 1 && head[0] === 'quantity' && label && tail.length > 0) {
      // the label "quantity of packets" is kept as written, a count
      countOf = true;
      ws = ['quantity', 'of', ...tail.slice(0, -1), plural(singular(tail[tail.length - 1] as string))];
    } else if (head.length === 1 && LIST_HEADS.has(head[0] as string)) {
      listOf = true;
      ws = [...tail.slice(0, -1), plural(singular(tail[tail.length - 1] ?? 'item'))];
    } else if (head.length === 1 && head[0] === 'total' && tail.length > 0) {
      // "a total of units" -> totalUnits
      countOf = true;
      ws = ['total', ...tail.slice(0, -1), plural(singular(tail[tail.length - 1] as string))];
    } else if (head.length >= 1 && (head[head.length - 1] === 'number' || head[head.length - 1] === 'count' || head[head.length - 1] === 'amount') && tail.length > 0 && (head.length === 1 || ['maximum', 'max', 'minimum', 'min', 'total'].includes(head[0] as string))) {
      // "a number of pages" -> pages, "maximum number of students" -> maxStudents (below); the label
      // "number of items" -> numberOfItems
      countOf = head[head.length - 1] !== 'amount';
      // ("number of people coming": what the people are doing is no part of what is counted)
      const counted = tail.length > 1 && /ing$/.test(tail[tail.length - 1] as string) ? tail.slice(0, -1) : tail;
      // ("a number of tins", "the number of crew": the counted word as written; made plural only when it is no noun's plural, "number of adult")
      const word = counted[counted.length - 1] as string;
      const thing = [...counted.slice(0, -1), isPluralForm(word) || plural(word) === word || UNCOUNTED.has(word) ? word : plural(singular(word))];
      const asLabel = label && head.length === 1 && head[0] === 'number' && !countLeft;
      ws = head[head.length - 1] === 'amount' ? ['amount'] : asLabel ? ['number', 'of', ...thing] : [...head.slice(0, -1), ...thing];
    } else if (head[head.length - 1] === 'out' && tail.length === 1 && /^\d+$/.test(tail[0] as string)) {
      // "a score out of 10": a whole number from 0 to 10
      ws = head.slice(0, -1);
      mods.min ??= 0;
      mods.max ??= Number(tail[0]);
      if (!mods.type) mods.type = 'integer';
    } else if (head.length === 1 && head[0] === 'type' && tail.length === 1) {
      // "type of waste" -> wasteType (4 of the 5 fresh batches' writers)
      ws = [...tail, 'type'];
    } else if (tail.length > 0 && tail.length < ws.length - ofIdx - 1) {
      // "the date of the exam" -> examDate; "country of origin", "date of death" stay as written
      // (26 of the fresh batches' 28 such fields were expected as written)
      ws = [...tail, ...head];
    }
  }
  if (ws.length > 1 && LIST_HEADS.has(ws[ws.length - 1] as string) && ws[ws.length - 1] === 'list') {
    listOf = true;
    ws = [...ws.slice(0, -2), plural(singular(ws[ws.length - 2] as string))];
  }
  // phrase lexicon ("email address" -> email)
  let hint: TypeHint | undefined;
  for (const p of FIELD_PHRASES) {
    for (let s = 0; s + p.words.length <= ws.length; s++) {
      if (p.words.every((w, k) => ws[s + k] === w)) {
        ws = [...ws.slice(0, s), ...p.name, ...ws.slice(s + p.words.length)];
        hint = p.hint;
        break;
      }
    }
    if (hint) break;
  }
  hint ??= hintFromAs;
  const original = [...ws];
  // type suffixes ("done flag", "body text", "name field")
  const last = ws[ws.length - 1] as string;
  if (ws.length > 1 && BOOLEAN_SUFFIX.has(last)) {
    mods.boolean = true;
    ws = ws.slice(0, -1);
  } else if (ws.length > 1 && last === 'text') {
    mods.type ??= 'text';
    ws = ws.slice(0, -1);
  } else if (ws.length > 1 && last === 'timestamp') {
    // "a measured at timestamp", "a created timestamp": the type, not part of the name
    mods.type ??= 'datetime';
    ws = ws.slice(0, -1);
  } else if (ws.length > 1 && NAME_SUFFIX_NOISE.has(last) && (last !== 'value' || TYPE_BY_WORD[ws[ws.length - 2] as string] !== undefined || STATE_FIELD_NAMES.has(ws[ws.length - 2] as string))) {
    // ("status value" is the status; "face value", "resale value" are values)
    ws = ws.slice(0, -1);
  }
  if (ws.length > 1 && BOOLEAN_LEAD.has(ws[0] as string)) {
    // "an on/off state" -> state (boolean)
    mods.boolean = true;
    ws = ws.slice(1);
  }
  // ("induction required (yes/no)": a yes/no keeps what it says is needed, and points at no record)
  const yesNo = mods.boolean === true || mods.type === 'boolean';
  // ("valid until", "free from": a word before a preposition it governs is the name's head, no noise)
  const named = ws.filter((w, k) => !NAME_NOISE.has(w) || (yesNo && (w === 'required' || w === 'needed')) || (k === 0 && /^(?:until|till|from|to|through)$/.test(ws[k + 1] ?? '')));
  if (named.length > 0) ws = named;
  // references to other resources ("a post", "the author (a member)")
  const target = pointsAt ?? (yesNo ? undefined : (lookup(ws) ?? roleOf(ws, lookup, self)));
  if (pointsAt && !listOf) {
    return { kind: 'field', field: { spec: { name: camelCase(ws), type: 'reference', required: !mods.optional, references: '', ...(mods.unique ? { unique: true } : {}) }, words: [...pointsAt, ...original] }, refersTo: pointsAt };
  }
  if (target && target.join(' ') !== self.join(' ') && !listOf) {
    // "home team" is named by its role; "assigned person" is just the person
    const name = camelCase(target.length === 1 && ws.length === 2 && ws[1] === target[0] && !LINK_PARTICIPLES.has(ws[0] as string) ? ws : target);
    return {
      kind: 'field',
      field: { spec: { name, type: 'reference', required: !mods.optional, references: '', ...(mods.unique ? { unique: true } : {}) }, words: [...target, ...original] },
      refersTo: target,
    };
  }
  if (countLeft && ws[ws.length - 1] !== 'left') {
    ws = [...ws, 'left'];
    countOf = true;
  }
  if (unitInName && ws[ws.length - 1] !== unitInName) ws = [...ws, ...unitInName.split(' ')];
  if (mods.unit && TIME_UNITS.has(mods.unit)) {
    const unit = mods.unit.endsWith('s') ? mods.unit : `${mods.unit}s`;
    if (ws[ws.length - 1] !== unit) ws = [...ws, unit === 'mins' ? 'minutes' : unit === 'secs' ? 'seconds' : unit];
  } else if (mods.unit && (CURRENCY_UNITS.has(mods.unit) || MEASURE_UNITS.has(mods.unit)) && ws[ws.length - 1] !== mods.unit) {
    // "a price (GBP)", "weight (kg)": a unit in parentheses joins the name as "in GBP" would
    ws = [...ws, mods.unit];
  }
  // "maximum children", "minimum age": maxChildren, minAge (11 of the 13 fresh batches' writers wrote so)
  if (ws.length > 1 && (ws[0] === 'maximum' || ws[0] === 'minimum')) ws = [ws[0] === 'maximum' ? 'max' : 'min', ...ws.slice(1)];
  const name = camelCase(ws);
  if (!name || !/^[a-z]/.test(name)) return { kind: 'unreadable', text };
  if (STORE_PROVIDED.has(name)) return { kind: 'implicit', text };

  // type: explicit word, phrase, head word, unit, bounds, plural
  const headWord = ws[ws.length - 1] as string;
  const countLead = ws.length > 1 && ['min', 'max', 'minimum', 'maximum', 'total', 'number', 'num', 'count'].includes(ws[0] as string);
  const headHint = hintFromName(ws, { hint, countLead, countOf, unitInName, boolean: mods.boolean === true });
  let type: FieldType = mods.type ?? headHint?.type ?? 'string';
  let min = headHint?.min;
  let max = headHint?.max;
  if (mods.boolean) type = 'boolean';
  const run = mods.values?.every((v) => /^\d{1,4}$/.test(v)) ? mods.values.map(Number).sort((a, b) => a - b) : undefined;
  // ("level (1, 2 or 3)": whole numbers in a row are a range, not names)
  if (mods.values) [type, min, max] = run && run.length >= 2 && run.every((v, k) => k === 0 || v === (run[k - 1] as number) + 1) ? ['integer', run[0], run[run.length - 1]] : ['enum', min, max];
  if (listOf) type = 'stringList';
  if (countOf) {
    type = 'integer';
    // ("number of plates (1 or 2)": the numbers written are its least and most)
    min = run && mods.values ? min : 0;
  }
  if (mods.unit && !mods.type && !listOf) {
    // "price (pence)", "fee in cents": whole numbers of the smallest coin
    if (mods.unit === 'pence' || mods.unit === 'cents') {
      type = 'integer';
      min = 0;
    } else if (TIME_UNITS.has(mods.unit)) {
      type = 'integer';
      min = 0;
    } else if (type !== 'integer' || MEASURE_UNITS.has(mods.unit) || MORE_UNITS.has(mods.unit)) {
      // "a quantity in ml" is measured, not counted
      type = 'number';
      min ??= 0;
    }
  }
  if (!mods.type && type === 'string' && (mods.min !== undefined || mods.max !== undefined) && !mods.lengthBounds) {
    type = Number.isInteger(mods.min ?? 0) && Number.isInteger(mods.max ?? 0) ? 'integer' : 'number';
  }
  // A bare plural no word types: things written down in words ("defects", "symptoms") are a text,
  // a plural after another noun ("tester initials") too; a plural alone counts ("tiers", "bottles
  // (how many)", "berths"): every blind batch's writer expected a count for such a field (96 of 100
  // in batches 08-16), a list only for words the lexicon types as one
  if (!mods.type && type === 'string' && !countLead && isPluralForm(headWord) && !/\b(a|an|one)\b/i.test(text) && headWord !== 'notes') {
    if (WRITTEN_PLURALS.has(headWord) || ws.length > 1 || !/^[a-z]+s$/.test(headWord)) type = 'string';
    else {
      type = 'integer';
      min ??= 0;
    }
  }
  if (type === 'datetime' && /\bdate\b/i.test(text) && !/\btime\b/i.test(text)) type = 'date';
  if (mods.min !== undefined) min = mods.min;
  if (mods.max !== undefined) max = mods.max;
  // "hours booked from 1 to 4", "width in cm between 30 and 200": a quantity written with whole-number
  // bounds is counted in whole units (the fresh batches' writers typed 501 of 522 such fields so);
  // money and a measure such as a weight or a temperature keep their fractions whatever their bounds
  if (!mods.type && type === 'number' && [mods.min, mods.max].every((b) => b !== undefined && Number.isInteger(b)) && !MEASURED_HEADS.has(ws.filter((w) => !MEASURE_UNITS.has(w) && !MORE_UNITS.has(w)).pop() ?? '') && !ws.some((w) => MONEY_WORDS.has(w)) && !(mods.unit && CURRENCY_UNITS.has(mods.unit))) type = 'integer';
  if (type === 'date' || type === 'datetime' || type === 'boolean' || type === 'enum' || type === 'reference') {
    min = undefined;
    max = undefined;
  }
  if (mods.positive && (type === 'integer' || type === 'number' || type === 'string')) {
    if (type === 'string') type = 'number';
    min = type === 'integer' ? 1 : 0;
  }
  if (type === 'integer' && min !== undefined && !Number.isInteger(min)) min = Math.ceil(min);
  if (type === 'integer' && max !== undefined && !Number.isInteger(max)) max = Math.floor(max);

  const spec: FieldSpec = { name, type, required: true };
  if (mods.unique || (type === 'string' && NATURALLY_UNIQUE.has(name))) spec.unique = true;
  if (min !== undefined) spec.min = min;
  if (max !== undefined) spec.max = max;
  // ("a status of placed, baked or delivered": the "of" opens the values, it is no part of the first)
  if (type === 'enum') spec.values = (mods.values ?? []).map((v, k, all) => (k === 0 && /^of\s+\S/i.test(v) && !all.slice(1).some((o) => /^of\s/i.test(o)) ? v.replace(/^of\s+/i, '') : v));
  // "deposit paid (yes or no)": two values that are yes and no are a yes/no
  if (type === 'enum' && spec.values && spec.values.length === 2 && YES_NO.has(spec.values.map((v) => v.toLowerCase()).sort().join('/'))) {
    type = 'boolean';
    spec.type = type;
    delete spec.values;
  }
  if (mods.defaultText !== undefined) {
    const value = parseDefault(mods.defaultText, type, spec.values);
    if (value !== undefined) spec.default = value;
  }
  // Defaults that make a field optional on create: booleans start false, enums at their first value,
  // lists empty. An explicit "required" keeps the field required (and drops the implicit default).
  if (spec.default === undefined && !mods.required) {
    if (type === 'boolean') spec.default = false;
    else if (type === 'enum' && spec.values && spec.values.length > 0) spec.default = spec.values[0];
    else if (type === 'stringList') spec.default = [];
  }
  if (mods.optional || spec.default !== undefined) spec.required = false;
  if (spec.unique && spec.type === 'stringList') delete spec.unique;
  if (given.moves && spec.values && spec.values.length > 1) {
    const known = (v: string): string | undefined => spec.values?.find((x) => x.toLowerCase() === v.toLowerCase());
    const steps = given.steps?.flatMap((st) => (known(st.from) && known(st.to) ? [{ from: known(st.from) as string, to: known(st.to) as string }] : []));
    spec.transitions = steps?.length ? steps : spec.values.slice(1).map((to, k) => ({ from: spec.values?.[k] as string, to }));
  }
  return { kind: 'field', field: { spec, words: [...new Set([...original, ...ws, ...ws.map(singular), ...(limitField ? ['#limit'] : [])])] } };
}

const POINTING = new Set(['their', 'his', 'her', 'its', 'our', 'my', 'your', 'that', 'this', 'these', 'those']);

/**
 * "wood where we find them", "strokes on that hole", "session number within their programme",
 * "accepted it", "sold yet": a relative clause, a preposition before a word that points back, or an
 * object pronoun at the end says which one, and is no part of the name.
 */
function withoutQualifier(words: readonly string[]): string[] {
  let ws = [...words];
  const relative = ws.findIndex((w, k) => k > 0 && ['where', 'which', 'who', 'whom', 'whose'].includes(w));
  if (relative > 0) ws = ws.slice(0, relative);
  // (not after a verb: "students apply with their name" names the name)
  const pointed = ws.findIndex((w, k) => k > 0 && (STRANDED_PREPOSITIONS.has(w) || ['within', 'during', 'inside', 'across'].includes(w)) && POINTING.has(ws[k + 1] ?? '') && verbLemma(ws[k - 1] as string, VERB_NAMES) === undefined);
  if (pointed > 0) ws = ws.slice(0, pointed);
  while (ws.length > 1 && ['it', 'them', 'him', 'yet', 'already', 'pls', 'please'].includes(ws[ws.length - 1] as string)) ws = ws.slice(0, -1);
  // ("paid for it": a preposition whose object was cut goes with it)
  if (ws.length > 1 && ws.length < words.length && STRANDED_PREPOSITIONS.has(ws[ws.length - 1] as string)) ws = ws.slice(0, -1);
  return ws;
}
