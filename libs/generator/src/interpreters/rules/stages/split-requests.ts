import { KEEP_VERBS, VERB_SET } from '../lexicon.js';
import { plural } from '../text.js';
import { SOME_LEFT } from './capacity-rules.js';

/** Splits of one sentence that says or asks for several things (stage 1a, split-sentence.ts applies them). */

/** The sentence with its first letter in upper case, as a sentence split off another starts. */
const capitalized = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);

/** "mark a claim as approved or mark it as rejected": the verb said again starts a second action. */
export function splitRepeatedVerb(sentence: string): string[] {
  const m = /^(.*?\b([a-z]+)\s+((?:a|an|the|each|this|that)\s+[a-z]+)\s+as\s+[a-z ]+?),?\s+(?:or|and)\s+\2\s+(it|them|the\s+[a-z]+|a\s+[a-z]+)(\s+as\s+.+)$/i.exec(sentence);
  if (!m || !VERB_SET.has((m[2] as string).toLowerCase())) return [sentence];
  // ("mark it as rejected": the record the first one named)
  const object = /^(?:it|them)$/i.test(m[4] as string) ? (m[3] as string) : (m[4] as string);
  return [`${m[1] as string}.`, capitalized(`${m[2] as string} ${object}${m[5] as string}`)];
}

/**
 * "list the tours of a given date and the tickets for a tour", "see everyone booked on a date, and
 * the members who need a lift": two lists, each with its own filter, asked with one verb; each is a
 * request of its own, so the second keeps its filter.
 */
export function splitCoordinatedLists(sentence: string): string[] {
  const records = "(?:all\\s+)?(?:the\\s+|my\\s+|our\\s+)?[a-z]+s\\s+(?:of|for|on|by|in|from|with|per|at|who|that)\\s+";
  const m = new RegExp(`^(.*?\\b(list|see|show|view|find|look up|pull up|get)\\s+(?:${records}|(?:everyone|everybody)\\s+[a-z]+\\s+(?:on|for|in|at)\\s+)[^,]+?),?\\s+and\\s+(${records}.+)$`, 'i').exec(sentence);
  return m ? [`${m[1] as string}.`, capitalized(`${(m[2] as string).toLowerCase()} ${m[3] as string}`)] : [sentence];
}

/**
 * "A booking is for one person and has their name, email address and phone": what the record is
 * and what it has are two sentences, so the list is read as the record's fields.
 */
export function splitIsAndHas(sentence: string): string[] {
  const m = /^((?:a|an|each|every|the)\s+[a-z]+(?:\s+[a-z]+)?)\s+(is|are)\s+([^,]+?)\s+and\s+(has|have)\s+(.+)$/i.exec(sentence);
  if (!m) return [sentence];
  // ("A session is for one student and has a date, ...": the student it is for is one more of its fields; "for one person" says only how many)
  const forOne = /^for\s+(?:one|a|an|each|the)\s+([a-z]+)$/i.exec(m[3] as string);
  if (forOne && !ONE_PERSON.has((forOne[1] as string).toLowerCase())) return [`${m[1] as string} ${m[4] as string} a ${forOne[1] as string}, ${m[5] as string}`];
  return [`${m[1] as string} ${m[2] as string} ${m[3] as string}.`, capitalized(`${m[1] as string} ${m[4] as string} ${m[5] as string}`)];
}

/** Who a record is for when that only says how many it is for ("a booking is for one person"). */
const ONE_PERSON = new Set(['person', 'individual', 'adult', 'child', 'family', 'group', 'household', 'guest', 'visitor']);

/** A rule said of a record: "a session can't ...", "no booking may ...", "each class can only ...". */
export const RULE_CLAUSE = "(?:a|an|the|each|every|no)\\s+[a-z]+(?:\\s+[a-z]+)?\\s+(?:can't|cannot|can not|must|mustn't|may not|should not|shouldn't|never|can only|may only|must only|is only|are only)\\s+\\S.*";

/** What a record is said to hold ("each weigh-in records the member, ..."). */
const HOLDING = '(?:has|have|holds|records|keeps|gets|needs|stores|logs|tracks|contains|includes|lists|notes|carries)';
/** "a booking", "each weigh-in", "every dive log": a record named by its article; never "a carer who ..." nor "a meetup cannot have ...", a rule. */
const A_RECORD = "(?:for\\s+)?(?:a|an|each|every)\\s+[a-z]+(?:[\\s-](?!(?:who|that|which|whose|and|can|cannot|can't|must|should|will|may|never|not|only|always)\\b)[a-z]+)?";
const RECORD_CLAUSE = new RegExp(`,\\s+(?:and\\s+|then\\s+|plus\\s+|while\\s+)?(${A_RECORD}\\s+(?:(?:belongs|belong)\\s+to\\s+(?:a|an|one|the|its)\\s+[a-z]+(?:\\s[a-z]+)?\\s+and\\s+)?(?:${HOLDING}\\s|(?:we|i)\\s+(?:store|keep|record|note|need|write down|track|log)\\s).*)$`, 'i');
/** ", and we log readings with the tank, ...": the records the writer keeps, and what each holds. */
const WE_KEEP = /,\s+(?:and\s+)?(?:then\s+)?(?:we|i)\s+(?:also\s+)?(?:log|record|keep|store|track|note|take|save|register|write down|keep track of)\s+(?:the\s+|our\s+|all\s+|their\s+)?([a-z]+s)\s+(?:with|:)\s+(.*)$/i;

/**
 * "Customers order bags from a roast, and an order has the customer's name, ...", "members have a
 * name and a target weight, each weigh-in records the member, ...", "..., and we log readings with
 * the tank, the date and the level": a clause that declares another record after a comma is a
 * sentence of its own, so its list is not read as more fields of the record before.
 */
export function splitAtNewRecordClause(sentence: string): string[] {
  const m =
    RECORD_CLAUSE.exec(sentence) ??
    // ("hats with a name, size and price, and hires with the hat, ...": a second "<records> with" list)
    (/\b[a-z]+s\s+with\s+\S/i.test(sentence) ? /,\s+and\s+([a-z]+s\s+with\s+(?:a|an|the|their|its)\s.*)$/i.exec(sentence) : null);
  if (m && m.index > 0) return [`${sentence.slice(0, m.index)}.`, capitalized(m[1] as string)];
  const kept = WE_KEEP.exec(sentence);
  if (kept && kept.index > 0 && !/ss$/i.test(kept[1] as string)) return [`${sentence.slice(0, kept.index)}.`, `${capitalized(kept[1] as string)} have ${kept[2] as string}`];
  return [sentence];
}

/** A flag after a relative pronoun, read with its item (declarations.ts relativeFlags): not a rule. */
const RELATIVE_FLAG = /^(?:must be|is|are|has to be|should be|stays?|remains?|can be|may be)\s+(?:unique|optional|required|empty|blank)\b/i;

/**
 * "..., the date and the water level in litres, which can never be above that tank's capacity": a
 * rule said of the last item of a list is a sentence of its own with that item as its subject
 * ("The water level can never be above that tank's capacity"), so the rule is read and the item
 * stays a field.
 */
export function splitTrailingRule(sentence: string): string[] {
  const m = /^(.*(?:,|\band\b)\s+(?:(?:the|their|its|a|an)\s+)?)([a-z][a-z ]*?)((?:\s+in\s+[a-z]+|\s*\([^)]*\))?)\s*,\s+(?:which|that)\s+((?:can(?:not|'t)?|could|must|mustn't|should|shouldn't|may|will|won't|is|are|has to|have to|never)\b.*)$/i.exec(sentence);
  if (!m || RELATIVE_FLAG.test(m[4] as string) || !/\b(?:never|not|n't|cannot|only|must|at most|at least|above|below|more|less|exceed|over|under)\b/i.test(m[4] as string)) return [sentence];
  const item = m[2] as string;
  if (item.split(/\s+/).length > 4) return [sentence];
  return [`${m[1] as string}${item}${m[3] as string}.`, `The ${item} ${m[4] as string}`];
}

const WHILE_LEFT_AT_END = new RegExp(`^(.+?\\S)\\s*,?\\s+(?:but\\s+)?${SOME_LEFT}\\s*[.!]?$`, 'i');

/**
 * "Members book a workshop while places are left": the condition on what is left is a rule of its
 * own ("Only while places are left."), read by the capacity phrasings, and the request stays a request.
 */
export function splitWhileLeft(sentence: string): string[] {
  const m = WHILE_LEFT_AT_END.exec(sentence);
  return m && (m[1] as string).split(/\s+/).length >= 2 ? [`${m[1] as string}.`, `Only ${(m[2] as string).toLowerCase()} ${m[3] as string}.`] : [sentence];
}

/**
 * "Swimmers book with their name and email, and can tick whether they're a season ticket holder":
 * a yes/no the writer says is ticked is one more item of the list before it ("... and whether
 * they're a season ticket holder"), never an action named "mark whether"; so is one the writer
 * ticks ("..., and I tick off whether they've paid the deposit"), but not one the writer notes.
 */
export function tickedWhether(sentence: string): string {
  const m = /^(.*\b(?:with|has|have|holds|records|gives?)\b.*?),?\s+and\s+(?:(?:they|you|people|customers|guests|visitors|members|we|i)\s+)?(?:(?:can|may|should|must|will|also|then)\s+)*(?:tick(?:\s+off)?|check|say|indicate|choose|select)\s+(?:whether|if)\s+(.+)$/i.exec(sentence);
  return m ? `${m[1] as string} and whether ${m[2] as string}` : sentence;
}

const SO_RULE = new RegExp(`,\\s+so\\s+(${RULE_CLAUSE})$`, 'i');
/**
 * "Every booking takes a room, so a retreat can't have more bookings than it has rooms": the rule
 * after "so" is a sentence of its own, its reason before it.
 */
export function splitAtSoRule(sentence: string): string[] {
  const m = SO_RULE.exec(sentence);
  return m && m.index > 0 ? [`${sentence.slice(0, m.index)}.`, capitalized(m[1] as string)] : [sentence];
}

/**
 * "keep each class (date, place and a capacity) and bookings for it with the person's name and
 * phone": a record listed in parentheses and a second one listed after "with" are two sentences;
 * the second is tied to the first when it is "for it" ("Bookings have a class, the person's name
 * and phone").
 */
export function splitParenthesisedAndWith(sentence: string): string[] {
  const m = /^(.*\b([a-z]+)\s*\([^()]*,[^()]*\))\s+and\s+(?:the\s+|their\s+|its\s+)?([a-z]+s)\s+(for\s+(?:it|them|each\s+(?:one|of\s+them))\s+)?with\s+(.+)$/i.exec(sentence);
  if (!m) return [sentence];
  const [, first, owner, records, forIt, list] = m as unknown as [string, string, string, string, string | undefined, string];
  const tie = forIt ? `${/^[aeiou]/i.test(owner) ? 'an' : 'a'} ${owner.toLowerCase()}, ` : '';
  return [`${first}.`, `${capitalized(records)} have ${tie}${list}`];
}

/**
 * "record each item's category, its weight in kg and the drop-off date": what the writer records of
 * each record, said with a possessive, is what each has ("Each item has category, its weight ...").
 */
export function eachOnesFields(sentence: string): string {
  const m = /^(.*?)\b(?:record|keep|log|track|store|note|save|capture|take down|write down)\s+(?:each|every)\s+([a-z]+)'s?\s+(.+)$/i.exec(sentence);
  if (!m || !/[,]|\band\b/.test(m[3] as string)) return sentence;
  const before = (m[1] as string).replace(/[,:;\s-]+$/, '');
  // ("record each evening's results: the member, the date, ...": the results are the records, with those fields)
  const labelled = /^([a-z]+s)\s*:\s*(.+)$/i.exec(m[3] as string);
  const declared = labelled ? `${capitalized(labelled[1] as string)} have ${labelled[2] as string}` : `Each ${(m[2] as string).toLowerCase()} has ${m[3] as string}`;
  return before ? `${before}: ${declared}` : declared;
}

const KEEPING_THEM = new RegExp(`^(.*\\b(?:collect|own|have|keep|sell|make|grow|breed|stock|rent out|hire out)\\s+(?:my\\s+|our\\s+)?([a-z]+s)\\b.*\\b(?:${[...KEEP_VERBS].join('|')})\\s+)(?:them|those)(\\s*:\\s*\\S.*)$`, 'i');
/**
 * "I collect coins and want an API to catalogue them: country, ...": the records kept are the
 * ones named before, and "a catalogue for my coin collection with ..." is a catalogue of coins.
 */
export function namedCollection(sentence: string): string {
  const them = KEEPING_THEM.exec(sentence);
  if (them) return `${them[1] as string}${them[2] as string}${them[3] as string}`;
  return sentence.replace(/\b(catalogue|catalog|database|register|inventory|log|list|record|archive|tracker)\s+for\s+(my|our|the)\s+([a-z]+)\s+(?:collection|stock|library|archive)\b/i, (_all, what: string, whose: string, thing: string) => `${what} of ${whose} ${plural(thing.toLowerCase())}`);
}

/** "grade from 1 to 70 on the Sheldon scale": the scale a range is on is a note on it, in parentheses. */
export function scaleNote(sentence: string): string {
  return sentence.replace(/(\d+\s*(?:to|-|–)\s*\d+)\s+on\s+(?:a|an|the)\s+([A-Za-z][A-Za-z ]{0,30}?)\s+scale\b/g, '$1 ($2 scale)');
}

/** "..., purchase price, searchable by country": what the records can be searched by is a request of its own. */
export function searchableBy(sentence: string): string[] {
  const m = /^(.*\S),?\s+(?:and\s+)?(?:it\s+should\s+be\s+|all\s+)?(?:searchable|filterable|findable|listable)\s+by\s+([a-z][a-z ]{0,40}?)\s*[.!]?$/i.exec(sentence);
  return m ? [`${(m[1] as string).replace(/,$/, '')}.`, `Search them by ${m[2] as string}.`] : [sentence];
}

/**
 * "Record the readings - flat number, reading date, read by - and let me list ...", "..., in stock
 * yes/no - and I want to list the ones in stock": a spaced dash before "and" closes a list; what
 * follows is a sentence of its own.
 */
export function splitAtDashedTail(sentence: string): string[] {
  // ("..., delivery method collect/post - listed by variety": a list asked for after the dash, said as a participle)
  const listed = /^(.+?,.+?)\s+[-–—]+\s+(?:listed|shown|viewable|filterable|searchable|grouped)\s+(by\s+\S.*)$/i.exec(sentence);
  if (listed) return [`${listed[1] as string}.`, `List them ${listed[2] as string}`];
  const m = /^(.+?,.+?)\s+[-–—]+\s+and\s+(\S.*)$/i.exec(sentence);
  if (!m) return [sentence];
  const rest = m[2] as string;
  return [`${m[1] as string}.`, capitalized(rest)];
}
