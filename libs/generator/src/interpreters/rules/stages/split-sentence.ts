import { DIMENSIONS, NOMINALIZATION, TYPE_BY_WORD, VALUED_FIELD_NAMES, VERB_SET } from '../lexicon.js';
import { isPluralForm, singular as singularOf, verbInfinitive } from '../text.js';
import { DECLARATIONS, splitOutsideParens } from './declarations.js';
import { readItem } from './phrasings.js';
import { splitAtNewRecordClause, splitCoordinatedLists, splitIsAndHas, splitRepeatedVerb, RULE_CLAUSE, eachOnesFields, namedCollection, scaleNote, searchableBy, splitAtSoRule, splitParenthesisedAndWith, splitTrailingRule, splitWhileLeft, tickedWhether, splitAtDashedTail } from './split-requests.js';

export { eachOnesFields, namedCollection, scaleNote, searchableBy, splitAtNewRecordClause, splitAtSoRule, splitParenthesisedAndWith, splitTrailingRule, tickedWhether };

/**
 * Stage 1a: one written sentence that holds several. People run a context, a list of fields and a
 * request into one sentence ("I tune pianos — I need my appointments with ..., and a view of the
 * appointments on a given day"); each part is a sentence of its own for the stages after, so the
 * list stays a list and the request a request. Each split is a pure function with its own tests
 * (split-sentence.spec.ts), applied in order by `splitSentence`.
 */
/**
 * The prompt with each plain line's sentences split the same way, for the reading as written
 * (which reads bullets, headings and tables itself, so only lines of prose change).
 */
/** The sentence with its first letter in upper case, as a sentence split off another starts. */
const capitalized = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);

export function resplitProse(prompt: string, sentencesOf: (line: string) => string[]): string {
  return prompt
    .split('\n')
    .map((line) => (/^\s*(?:[#|>*•+-]|\d{1,2}[.)]\s|[a-h]\)\s)/.test(line) || line.trim() === '' ? line : sentencesOf(namedCollection(line.trim())).flatMap(splitSentence).join(' ')))
    .join('\n');
}

export function splitSentence(sentence: string): string[] {
  if (!sentence) return [];
  return splitAtSoftwareAsk(sentence)
    .flatMap(splitAtDashedSubject)
    .flatMap(splitAtNewRecordClause)
    .flatMap(splitTrailingRule)
    .flatMap(splitWhileLeft)
    .flatMap(splitAtLeadingCondition)
    .flatMap(splitLeadingTime)
    .flatMap(splitAtRequestAfterContext)
    .flatMap(splitAtDashedTail)
    .flatMap(recordsInParentheses)
    .flatMap(splitTrailingRequest)
    .flatMap(splitRepeatedVerb)
    .flatMap(splitCoordinatedLists)
    .flatMap(splitIsAndHas)
    .flatMap(splitPurpose)
    .flatMap(splitAtSecondRule)
    .flatMap(splitAtSoRule)
    .flatMap(splitParenthesisedAndWith)
    .flatMap(searchableBy)
    .map(tickedWhether)
    .map(eachOnesFields)
    .map(scaleNote)
    .map(viewRequest)
    .map(passiveDelete)
    .map(ableTo)
    .map(lightVerb)
    .map(activeVoice)
    .map(valuesAfterColon)
    .map(pairedUnits);
}

/** "I tune pianos — I need my appointments with ...": a dash before a new subject starts a new sentence (never one inside parentheses). */
export function splitAtDashedSubject(sentence: string): string[] {
  const parts = splitOutsideParens(sentence, /\s+[–—-]\s+(?=(?:i|we|my|our)\s)/i);
  if (parts.length < 2 || parts.some((p) => p.split(/\s+/).length < 2)) return sentence ? [sentence] : [];
  return parts.map((p, k) => (k < parts.length - 1 && !/[.!?]$/.test(p) ? `${p}.` : p));
}

/**
 * "appointments with client name, address, ..., and a view of the appointments on a given day":
 * a request for a view closing a list is a sentence of its own ("List the appointments on a given
 * day"), so the list before it stays a list of fields.
 */
// ("and a list of tags" is a field: the records to show come with an article, "a list of the bookings")
const TRAILING_VIEW = /,?\s+(?:and|plus)\s+(?:also\s+)?(?:a|an)\s+(?:view|list|overview|page|report|screen)\s+(?:of|with|showing|for)\s+((?:the|all|my|our|every)\s+\S.*)$/i;
const TRAILING_ASK = /,?\s+(?:and|plus)\s+(?:also\s+)?((?:(?:(?:i|we)\s+(?:need|want|would like|'d like)\s+to|(?:to\s+)?be able to|let (?:me|us))\s+(?:see|list|search|find|view|look up|look|pull up|get|check)|show(?: me| us)?)\b.*)$/i;
/** ", and let me close a callout": any action the lexicon knows, asked for after a list. */
const TRAILING_ACTION = /,\s+(?:and|plus)\s+(?:also\s+)?((?:(?:i|we)(?:\s+(?:need|want|would like)|'d like|'d love|\s+would love)\s+to|(?:to\s+)?be able to|let|(?:(?:the\s+)?[a-z]+s|staff|everyone|anyone)\s+(?:should|must|need to|can|could|will)(?:\s+(?:also\s+)?be able to)?|the\s+[a-z]+\s+(?:needs|wants|has|would like)\s+to)\s+((?:[a-z]+\s+){0,3})[a-z]*\b.*)$/i;
/** The first verb the lexicon knows among the words after the ask ("let council staff mark ..."), at most two words in. */
const askedVerb = (ws: string): string | undefined => ws.trim().split(/\s+/).slice(0, 3).find((w) => VERB_SET.has(w.toLowerCase()));

/** "We'd like to see the orders ..., and to mark an order as delivered": the second thing asked for. */
const TRAILING_TO = /,?\s+and\s+(?:also\s+)?to\s+([a-z]+)\b(.*)$/i;
const ASKING_TO = /\b(?:like|love|want|need|needs|able|have|wish)\s+to\s+[a-z]+/i;

export function splitTrailingRequest(sentence: string): string[] {
  if (!sentence) return [];
  const to = TRAILING_TO.exec(sentence);
  if (to && to.index > 0 && ASKING_TO.test(sentence.slice(0, to.index)) && VERB_SET.has((to[1] as string).toLowerCase())) {
    const verb = to[1] as string;
    return [...splitTrailingRequest(`${sentence.slice(0, to.index)}.`), `${capitalized(verb)}${to[2] as string}`];
  }
  for (const [re, asList] of [[TRAILING_VIEW, true], [TRAILING_ASK, false], [TRAILING_ACTION, false]] as const) {
    const m = re.exec(sentence);
    if (!m || m.index === 0) continue;
    if (re === TRAILING_ACTION && !askedVerb(`${m[2] as string}`)) continue;
    const head = sentence.slice(0, m.index);
    // only a list closes this way: a sentence with one clause before "and" is left whole (an
    // action asked for after ", and" is a sentence of its own after any clause)
    // ("gamertag has to be unique pls, and show the players of one team": or after a rule of its own)
    if (!head.includes(',') && re !== TRAILING_ACTION && !/\b(?:must|has to|have to|needs to|can't|cannot|should|(?:is|are|be) unique)\b/i.test(head)) continue;
    const tail = m[1] as string;
    return [`${head}.`, asList ? `List ${tail}` : capitalized(tail)];
  }
  return [sentence];
}

/**
 * "I run 3 padel courts and need bookings with ...": what the writer does, then what they need;
 * the need is a sentence of its own ("I need bookings with ...").
 */
export function splitAtRequestAfterContext(sentence: string): string[] {
  const m = /^((?:i|we)\s+(?!need|want|would|'d)[a-z']+\b.*?)\s+and\s+((?:i\s+|we\s+)?(?:need|want|would like|'d like)\s+\S.*)$/i.exec(sentence);
  if (!m) return [sentence];
  const subject = /^we\b/i.test(sentence) ? 'We' : 'I';
  const need = m[2] as string;
  return [`${m[1] as string}.`, /^(?:i|we)\s/i.test(need) ? capitalized(need) : `${subject} ${need}`];
}

/** An item that names a field rather than explains something: no clause words, or a yes/no a phrasing reads. */
function namesField(item: string): boolean {
  const ws = item.toLowerCase().replace(/\(.*?\)/g, ' ').split(/\s+/).filter(Boolean);
  const head = ws[ws.length - 1] ?? '';
  // "quantity go down", "never negative": a clause explains, it names no field
  // "adoptable or not", "paid y/n": a yes/no a phrasing reads is a field
  if (readItem(item).item.type === 'boolean') return true;
  // ("hospital number, which must be unique, name": the flag of the item before it)
  if (/^(?:which|that)\s+(?:must|should|has to|needs to)\s+be\s+(?:unique|optional|required)$/i.test(item.trim())) return true;
  if (ws.length > 5 || ws.some((w) => CLAUSE_WORDS.has(w)) || /^(?:(?:in|de)creases|adds|removes|subtracts|sets|marks|means|counts)$/.test(ws[0] ?? '')) return false;
  return ws.length >= 1 && head !== '';
}

const CLAUSE_WORDS = new Set(['go', 'goes', 'never', 'not', 'no', 'is', 'are', 'can', 'must', 'will', 'should', 'when', 'if', 'only', 'up', 'down']);

/**
 * "keep the cats (name, age, breed) and table reservations", "huts (number, unique; colour; weekly
 * price) and bookings (hut, customer name, ...)": records named with their fields in parentheses.
 * Each becomes "<records>: <fields>"; what is left after the last one is a sentence of its own. A
 * parenthesis of values ("a genre (talk, music or news)") is left alone: the word before it is not
 * plural, or its items are plain values.
 */
const RECORDS_IN_PARENS = /([A-Za-z][A-Za-z' ]{0,60}?)\s*\(([^()]{6,})\)/g;
/** Words that frame a list of records rather than name them ("we need to keep the"). */
const FRAME_WORDS = /^(?:.*\b(?:to|keep|track|store|log|record|of|and|plus|need|want|have|for|with)\s+)?(?:(?:the|our|my|all|some|his|her|their)\s+)?/i;
const FRAME_ONLY = /^(?:(?:ok\s+so|so|and|also|plus)\s+)?(?:(?:i|we)\s+)?(?:need|want|would like|'d like)?(?:\s*to)?(?:\s*(?:keep|track|store|log|record)(?:\s+track\s+of)?)?(?:\s+(?:the|our|my|all))?\s*[:,+&]?$/i;

// ("a name, which must be unique" keeps its relative clause: the list reader reads that as the flag)
const FLAG_CLAUSE = /(?<!\b(?:which|that))\s+(?:must|should|has to|needs to|is to)\s+be\s+(unique|optional|required)\b/gi;

export function recordsInParentheses(sentence: string): string[] {
  const found: { start: number; end: number; records: string; fields: string }[] = [];
  for (const m of sentence.matchAll(RECORDS_IN_PARENS)) {
    const phrase = m[1] as string;
    // ("appointments for their infusions (...)": the records are the ones named before "for their")
    const forTheir = /\b([a-z]+s)\s+for\s+(?:their|his|her|its|each)\s+[a-z]+\s*$/i.exec(phrase);
    const records = forTheir && !FRAME_ONLY.test(phrase.slice(0, forTheir.index).trim() + ' x') ? (forTheir[1] as string) : phrase.replace(FRAME_WORDS, '').trim();
    // "plate number must be unique": a flag said in a clause is the item's flag
    const inner = (m[2] as string).replace(FLAG_CLAUSE, ' ($1)');
    const items = inner.split(inner.includes(';') ? /\s*;\s*/ : /\s*,\s*/).filter(Boolean);
    const head = records.split(/\s+/).pop() ?? '';
    const start = forTheir && records === forTheir[1] ? (m.index ?? 0) + forTheir.index : (m.index ?? 0) + phrase.length - phrase.trimStart().length + (phrase.trim().length - records.length);
    // a parenthesis after a comma belongs to an item of a list ("address, dietary needs (none, vegan)")
    // ("Tide stations (name, latitude) and their readings (...)": commas inside an earlier parenthesis part nothing)
    const prefix = sentence.slice(0, start).replace(/\([^()]*\)/g, '()');
    const afterComma = /,\s*[^,]*$/.test(prefix) && !/[:+&]\s*$|\band\s+$|\bplus\s+$/.test(prefix);
    if (afterComma || records.split(/\s+/).length > 3 || /\b(?:can|will|must|should|may)\b/i.test(records) || items.length < 2 || !isPluralForm(head.toLowerCase()) || !items.every(namesField)) continue;
    // "number, unique; colour; weekly price": semicolons part the fields, a comma inside one adds its flags
    const fields = inner.includes(';') ? inner.split(/\s*;\s*/).map((f) => f.replace(/^([^,]+),\s*(.+)$/, '$1 ($2)')).join(', ') : inner;
    found.push({ start, end: (m.index ?? 0) + m[0].length, records, fields });
  }
  if (found.length === 0) return [sentence];
  const out: string[] = [];
  const before = sentence.slice(0, found[0]?.start ?? 0).trim();
  if (before && !FRAME_ONLY.test(before)) {
    // ("A jigsaw lending library with puzzles (...)": the place the records are kept in, without its "with")
    const context = before.replace(/\s*\b(?:(?:i|we)\s+)?(?:need|want|would like|'d like)?\s*(?:to\s+)?(?:keep|track|store|log|record)?(?:\s+track\s+of)?(?:\s+(?:the|our|my|all))?(?:\s+with)?\s*[:,]?$/i, '').trim();
    if (context) out.push(/[.!?]$/.test(context) ? context : `${context}.`);
  }
  found.forEach((f, k) => {
    out.push(`${capitalized(f.records)}: ${f.fields}.`);
    const next = found[k + 1]?.start ?? sentence.length;
    const between = sentence.slice(f.end, next).replace(/^[\s,;.]*(?:and|plus|\+|&)?\s*/i, '').replace(/[.!?]+$/, '').replace(/[\s,;]*(?:\band|\bplus|\+|&)?\s*$/i, '').trim();
    // "and table reservations - customer name, ...", "cars (class: 1/10 buggy)" between two read: a sentence of its own
    if (between) out.push(`${capitalized(between)}.`);
  });
  return out;
}

/**
 * "When a customer calls we create a job with ...", "When somebody moves out, I need to end their
 * rental", "..., and once it has been played we fill in the home legs": a time or condition in
 * front of what the writer does. The condition is a sentence of its own (context the stages after
 * list as ignored, or read as they can); what the writer does keeps its own sentence, so its verb
 * starts it. Only a first-person main clause is cut this way: "When a workshop is full, no more
 * registrations" is a rule and stays whole.
 */
const LEADING_CONDITION = /^(?:(?:and|so|then|also)\s+)?((?:.*?,\s+and\s+)?)((?:when|whenever|once|after|before|if|as soon as)\s+\S.*?)(?:,\s*|\s+)((?:we|i)\s+(?:(?:then|also|usually|always|just|will|can|have to|need to|want to|must)\s+)*(?!am\b|are\b|was\b|were\b|have\b|had\b)[a-z]+\b.*)$/i;

const CONDITION_LIMITS = /\b(?:full|sold out|reached|left|capacity|limit|maximum|max|over|more than|less than|fewer than)\b/i;

/** A sentence one of the declaration phrasings reads as a record with its fields. */
const readsWhole = (sentence: string): boolean => DECLARATIONS.some((d) => {
  const m = d.match(sentence);
  return m !== null && d.read(m, sentence) !== undefined;
});

export function splitAtLeadingCondition(sentence: string): string[] {
  const m = LEADING_CONDITION.exec(sentence);
  if (!m) return [sentence];
  const before = (m[1] as string).replace(/,\s+and\s+$/i, '').trim();
  const condition = (m[2] as string).trim();
  const main = m[3] as string;
  // a condition of one word, or one holding a list, is not a condition ("when, where and who")
  if (condition.split(/\s+/).length < 3 || condition.includes(',')) return [sentence];
  // "once the workshop is full we close registrations" is a rule on the records: left whole
  if (CONDITION_LIMITS.test(condition)) return [sentence];
  // "when member borrow instrument we write member name, ...", "when a case comes in we note ...": what is
  // written down when it happens is a record, read whole by a declaration phrasing (declarations.ts)
  if (/^(?:we|i)\s+(?:write|record|note|keep|log|take|save|store|enter)\b[^,]*,/i.test(main) && /^(?:when|whenever)\s+(?:a|an|the|some|one)?\s*[a-z]+\s+(?:borrows?|lends?|rents?|hires?|books?|reserves?|registers?|applies|apply|orders?|enrol?ls?)\b/i.test(condition)) return [sentence];
  if (readsWhole(sentence)) return [sentence];
  return [...(before ? [`${before}.`] : []), `${capitalized(condition)}.`, capitalized(main)];
}

/**
 * "... for a delivery date so the driver knows where to go", "..., so we can see what each variety
 * gave": why the writer asks is a sentence of its own ("So ..."), read as context, so the request
 * before it stays whole.
 */
const PURPOSE = /(?:,\s*|\s+)(so(?:\s+that)?|since|because)\s+((?:we|i|they|you|he|she|it|(?:the|our|my|each|every)\s+[a-z]+)\s+[a-z']+\b[^,.!?]*)[.!]?$/i;

export function splitPurpose(sentence: string): string[] {
  const m = PURPOSE.exec(sentence);
  if (!m || m.index === 0 || sentence.slice(0, m.index).trim().split(/\s+/).length < 3) return [sentence];
  // ("..., since we have to balance the basket": why, in the writer's own word)
  const why = /^so/i.test(m[1] as string) ? 'So' : capitalized((m[1] as string).toLowerCase());
  return [`${sentence.slice(0, m.index).replace(/[,\s]+$/, '')}.`, `${why} ${m[2] as string}.`];
}

/**
 * "..., the model, and a status: available, on loan or in repair, which I change by hand": the values
 * of a field named with an article, after a colon inside a sentence, are its values in parentheses.
 */
/** "available, on loan or in repair": short values joined by commas and a last "or"/"and", up to the clause's end. */
/** A short value of up to `n` + 1 words ("on loan", "closed for deep clean"). */
const valueWords = (n: number): string => String.raw`[a-z][a-z-]*(?:\s[a-z][a-z-]*){0,${n}}`;
/** Where a run of values ends: before ", which", a full stop, a semicolon or the end. */
const VALUES_END = String.raw`(?=\s*(?:,\s*which\b|[.;]|$))`;
const VALUES_BEFORE_END = String.raw`((?:${valueWords(2)}\s*,\s*)+${valueWords(2)}\s*,?\s+(?:or|and)\s+${valueWords(2)})` + VALUES_END;
const VALUES_AFTER_COLON = new RegExp(String.raw`\b((?:a|an|the|its|their)\s+(?:[a-z]+\s)?(${[...VALUED_FIELD_NAMES].join('|')}))\s*:\s*` + VALUES_BEFORE_END, 'i');
/** "a status, open or closed for deep clean;", "a status, which is open or closed": after a comma, values joined by a last "or" only. */
const VALUES_AFTER_COMMA = new RegExp(
  String.raw`\b((?:a|an|the|its|their)\s+(?:[a-z]+\s)?(${[...VALUED_FIELD_NAMES].join('|')}))\s*,\s*(?:which\s+(?:is|can be)\s+|either\s+)?` +
    String.raw`((?:${valueWords(3)}\s*,\s*)*${valueWords(3)}\s*,?\s+or\s+${valueWords(3)})` +
    VALUES_END,
  'i',
);

export function valuesAfterColon(sentence: string): string {
  const comma = VALUES_AFTER_COMMA.exec(sentence);
  // ("a type, colour, size or price" lists fields: a value that names a typed field says so)
  const fieldsListed = comma !== null && (comma[3] as string).split(/\s*,\s*|\s+or\s+/).some((v) => (TYPE_BY_WORD[v.trim().toLowerCase()] ?? { type: 'boolean' }).type !== 'boolean' || ['name', 'colour', 'color', 'size', 'title'].includes(v.trim().toLowerCase()));
  const m = VALUES_AFTER_COLON.exec(sentence) ?? (fieldsListed ? null : comma);
  if (!m) return sentence;
  const before = sentence.slice(0, m.index);
  const after = sentence.slice(m.index + m[0].length);
  // (", which I change by hand": what the writer does with it, a sentence of its own)
  const which = /^\s*,\s*which\s+(i|we)\s+([a-z]+)\b(.*)$/i.exec(after);
  if (which) return `${before}${m[1] as string} (${m[3] as string}). ${capitalized(which[1] as string)} ${which[2] as string} the ${m[2] as string}${which[3] as string}`;
  return `${before}${m[1] as string} (${m[3] as string})${after}`;
}

/**
 * "Guests are booked in to a night with their first name and age": the people and what is done to
 * them, said the way the records are made ("Guests book a night with ..."), so the fields are the
 * booking's and the night its parent.
 */
export function activeVoice(sentence: string): string {
  const m = /^((?:the\s+)?[a-z]+s)\s+(?:are|get)\s+([a-z]+ed)\s+(?:in\s+)?(?:to|onto|into|on|for)\s+((?:a|an|the)\s+[a-z]+\s+with\s+.+)$/i.exec(sentence);
  const verb = m ? verbInfinitive((m[2] as string).toLowerCase()) : undefined;
  return m && verb && VERB_SET.has(verb) ? `${m[1] as string} ${verb} ${m[3] as string}` : sentence;
}

// ("..., and bookings are only allowed for active stallions": so is a rule on records named in the plural)
const AND_RULE = new RegExp(`,\\s+and\\s+(${RULE_CLAUSE}|(?:nobody|no one|no-one)\\s+(?:should|must|can|may|will)\\s+\\S.*|[a-z]+s\\s+(?:are|can|may|must)\\s+only\\s+\\S.*|only\\s+[a-z]+(?:\\s+[a-z]+)?\\s+(?:can|may|are|is)\\s+\\S.*)$`, 'i');
/**
 * "Bookings are only allowed while the session is open, and a session can't have more bookings
 * than its bike count": a rule about another subject after ", and" is a sentence of its own.
 */
export function splitAtSecondRule(sentence: string): string[] {
  // ("we cancel a session when it storms, and you should only be able to book a session that's open":
  // what one may only do is a rule of its own, whatever came before it)
  const onlyDo = /,\s+and\s+((?:you|we|people|they|customers|members|guests|visitors)\s+(?:should|must|can|may)\s+only\s+\S.*)$/i.exec(sentence);
  if (onlyDo && onlyDo.index > 0) return [`${sentence.slice(0, onlyDo.index)}.`, capitalized(onlyDo[1] as string)];
  const m = AND_RULE.exec(sentence);
  // (after a rule, or after what a record holds: "a booking holds the guest's name, and a session can't ...")
  if (!m || !/\b(?:only|can't|cannot|must|never|not|no|has|have|holds|records|keeps|keep|with)\b/i.test(sentence.slice(0, m.index))) return [sentence];
  return [`${sentence.slice(0, m.index)}.`, capitalized(m[1] as string)];
}

/** "Advisers should be able to pull up the visits of a client": what someone must be able to do is an action, not a rule. */
export function ableTo(sentence: string): string {
  const m = /^(?:the\s+|our\s+|all\s+)?(?:[a-z]+\s+){0,2}?[a-z]+s?\s+(?:should|must|need to|needs to|will|have to|has to)\s+be\s+able\s+to\s+(\S.*)$/i.exec(sentence);
  // ("nobody should be able to book ...": what no one may do is a rule, kept as said)
  return m && !/^(?:i|we|you|nobody|no one|no-one)\s/i.test(sentence) ? capitalized(m[1] as string) : sentence;
}

/** "width and height in cm": a unit after two measures of size measures both ("width in cm, height in cm"). */
export function pairedUnits(sentence: string): string {
  return sentence.replace(/\b([a-z]+)\s+(?:and|&|x)\s+([a-z]+)\s+(in|\()\s*([a-z0-9]+)\)?(?=\s*(?:[,.;)]|\band\b|$))/gi, (all, a: string, b: string, inOrParen: string, unit: string) =>
    DIMENSIONS.has(a.toLowerCase()) && DIMENSIONS.has(b.toLowerCase()) ? (inOrParen === '(' ? `${a} (${unit}), ${b} (${unit})` : `${a} in ${unit}, ${b} in ${unit}`) : all,
  );
}

/** "Subscribers who leave are deleted": records deleted in the passive, with who they are, are deleted. */
export function passiveDelete(sentence: string): string {
  const m = /^(?:the\s+)?([a-z]+s)\s+(?:who|that|which)\s+[a-z' ]{1,40}?\s+(?:are|get|will be|should be|must be|can be)\s+(?:deleted|removed)\b.*$/i.exec(sentence.replace(/[.!]+$/, ''));
  if (!m || !isPluralForm((m[1] as string).toLowerCase())) return sentence;
  const one = singularOf((m[1] as string).toLowerCase());
  return `Delete ${/^[aeiou]/.test(one) ? 'an' : 'a'} ${one}.`;
}

/** "Also a list of pickings by variety": a view asked for without a verb is a list to show. */
export function viewRequest(sentence: string): string {
  const m = /^(?:(?:also|and|plus)\s+)?(?:a|an)\s+(?:list|view|overview|report)\s+of\s+((?:the\s+|all\s+)?[a-z]+s\b.*)$/i.exec(sentence);
  if (m) return `List ${m[1] as string}`;
  // "Reviews are listed per apprentice", "bookings can be viewed by date": a list asked for in the passive
  const passive = /^(?:with\s+)?((?:the\s+|all\s+)?[a-z]+s)\s+(?:are\s+|get\s+|can be\s+|should be\s+|must be\s+|will be\s+|need to be\s+)?(?:listed|shown|viewed|seen|grouped|searched|filtered)\s+((?:per|by|for)\s+.+)$/i.exec(sentence.replace(/[.!]$/, ''));
  if (passive) return `List ${(passive[1] as string).toLowerCase()} ${(passive[2] as string).replace(/^per\s+/i, 'by ')}.`;
  // "i want to see who's booked on each trek", "show who signed up for a workshop": the people a
  // verb recorded, i.e. the records it makes (booking, signup), listed by the record they are for
  const who = /^(?:.*?\b)?(?:see|show|list|view|know|check)\s+(?:me\s+|us\s+)?who(?:'s|\s+is|\s+are|'re|\s+has|\s+have)?\s+([a-z]+?)(?:ed|d)?(\s+up)?\s+(?:on|for|in|onto|into|to|at)\s+(?:each|every|a|an|the|one)\s+([a-z]+(?: [a-z]+)?)$/i.exec(sentence.replace(/[.!?]+$/, ''));
  const made = who ? NOMINALIZATION[`${(who[1] as string).toLowerCase()}${who[2] ? '_up' : ''}`]?.[0] : undefined;
  if (who && made) return `List the ${made}s of a ${who[3] as string}.`;
  // "The duty instructor needs the list of launches for a day": the list wanted is a list to show
  // ("need a list of unpaid fees and a list per player": a state before the records, and a second list of them)
  const listWanted = /^(?:[a-z]+\s+){0,3}?(?:want|wants|need|needs|would like|'d like)\s+(?:the|a|an)\s+(?:list|overview|view)\s+of\s+((?:the\s+|all\s+)?(?:[a-z]+\s+)?[a-z]+s\b.*)$/i.exec(sentence);
  if (listWanted) return `List ${(listWanted[1] as string).replace(/\s+and\s+(?:a|the)\s+(?:list|view)\s+(per|by|for each|of each)\s+/i, ' and list them $1 ')}`;
  // "Staff want the bookings for each slot": records wanted, narrowed, with no verb, are a list to show
  const wanted = /^(?:[a-z]+\s+){0,2}?(?:want|wants|need|needs|would like|'d like)\s+((?:the|all(?:\s+the)?)\s+[a-z]+s\s+(?:for|by|of|per|on|in|from|between|that|which|where|with)\b.*)$/i.exec(sentence);
  return wanted && !/^(?:i|we)\s/i.test(sentence) ? `List ${wanted[1] as string}` : sentence;
}

/**
 * "Each morning I'd add an entry with the date, ...": how often the writer acts is said before
 * them; the time is a sentence of its own (context), so the writer's sentence starts with them.
 */
export function splitLeadingTime(sentence: string): string[] {
  const m = /^((?:each|every|on|most)\s+(?:morning|evening|night|day|week|month|year|weekend|season|session|visit|saturday|sunday|monday|tuesday|wednesday|thursday|friday))[,\s]+((?:i|we|you)(?:'d|'ll|'m)?\s+\S.*)$/i.exec(sentence);
  if (!m) return [sentence];
  const main = m[2] as string;
  return [`${m[1] as string}.`, capitalized(main)];
}

/** booking -> book, reservation -> reserve: the verb a record is named after (NOMINALIZATION, reversed). */
const VERB_OF_RECORD: Record<string, string> = Object.fromEntries(
  Object.entries(NOMINALIZATION).filter(([verb, noun]) => noun.length === 1 && !verb.includes('_')).map(([verb, noun]) => [noun[0] as string, verb]),
);

/**
 * "Customers make a booking for a marquee with ...", "place an order for a cake": a light verb and
 * the record it names are that record's verb ("book a marquee with ..."), so the fields after it
 * are the booking's, never the marquee's.
 */
export function lightVerb(sentence: string): string {
  // "keep track of", "keep a record of": the verb of keeping they stand for
  const kept = sentence.replace(/\b(keep|keeps|keeping)\s+(?:track\s+of|tabs\s+on|an?\s+(record|log|register)\s+of)\s+/gi, (_all, keep: string, noun?: string) => {
    const verb = noun ? noun.toLowerCase() : 'track';
    return keep.toLowerCase() === 'keeping' ? `${verb === 'log' ? 'logging' : `${verb}ing`} ` : keep.toLowerCase() === 'keeps' ? `${verb}s ` : `${keep[0] === 'K' ? capitalized(verb) : verb} `;
  });
  return kept.replace(/\b(make|makes|made|place|places|placed|put in|puts in|submit|submits)\s+(?:a|an|their|the)\s+([a-z]+)\s+(?:for|of|on)\s+/gi, (all, _light: string, noun: string) => {
    const verb = VERB_OF_RECORD[noun.toLowerCase()];
    return verb ? `${verb} ` : all;
  });
}

/**
 * "can u make something where i save each booking - client name, ...": the ask for software is a
 * sentence of its own (context); what the writer does with it is the sentence after.
 */
const ASK_FOR_SOFTWARE = '(?:can|could|would)\\s+(?:you|u|ya|someone)\\s+(?:please\\s+)?(?:make|build|create|set up|give me)\\s+(?:me\\s+|us\\s+)?(?:something|a thing|an app|a system|a tool|a database|a backend|an api)(?:\\s+(?:simple|small|quick))?';
const SOFTWARE_ASK = new RegExp(`^(${ASK_FOR_SOFTWARE})\\s+(?:where|so that|so|that|to|for)\\s+(\\S.*)$`, 'i');
const SOFTWARE_ASK_ALONE = new RegExp(`^${ASK_FOR_SOFTWARE}$`, 'i');

/** "can u make something": the ask alone, as splitAtSoftwareAsk leaves it (context, stages/context.ts). */
export const isSoftwareAsk = (text: string): boolean => SOFTWARE_ASK_ALONE.test(text);

export function splitAtSoftwareAsk(sentence: string): string[] {
  const m = SOFTWARE_ASK.exec(sentence);
  if (!m) return [sentence];
  const rest = m[2] as string;
  return [`${m[1] as string}.`, capitalized(rest)];
}
