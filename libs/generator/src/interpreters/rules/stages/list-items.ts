/** How a written list is parted and its items flagged (stage 1b's list readers: declarations.ts, clauses.ts). */
import { CONTACT_DETAILS, ITEM_QUESTION_WORDS, PRONOUN_SUBJECTS, RULE_QUANTIFIERS, SELF_SUBJECTS, STATE_FIELD_NAMES, STATE_WORDS, TYPE_BY_WORD } from '../lexicon.js';
import { isFieldLike, isTypedItem } from './field-items.js';
import { BOUND, FLAGS, readParen, withoutTrailingNote } from './paren-notes.js';
import type { Line } from './normalise.js';
import { isPluralForm, singular } from '../text.js';
import { sharedNotes } from '../field-lists.js';

/** "start date / end date": two names of typed things on one bullet are two fields ("lace / DK" stays values); "in service? yes/no". */
export function pairedNames(bullet: string): string[] {
  const parts = bullet.split(/\s+\/\s+/);
  const typed = (p: string): boolean => p.split(/\s+/).length >= 2 && TYPE_BY_WORD[p.split(/\s+/).pop()?.toLowerCase() ?? ''] !== undefined;
  if (parts.length === 2 && parts.every(typed)) return parts;
  const owned = ownerDetails(bullet);
  if (owned.length === 2) return owned;
  // "customer name, address, phone", "width (mm), height (mm)": several fields on one bullet
  const several = /:/.test(bullet) ? [] : splitOutsideParens(bullet, /\s*,\s*/);
  const fieldy = (p: string): boolean => {
    const ws = p.replace(/\([^()]*\)/g, ' ').trim().toLowerCase().split(/\s+/);
    // ("seat number, 1 to 120": a part that starts with a number notes the field before it)
    return ws.length >= 1 && ws.length <= 3 && !/^\d/.test(ws[0] as string) && !ws.some((w) => ['and', 'or', 'if', 'is', 'are', 'can', 'must', 'e.g', 'eg', 'etc'].includes(w)) && (ws.length > 1 || TYPE_BY_WORD[ws[0] as string] !== undefined || CONTACT_DETAILS.has(ws[0] as string) || ws[0] === 'name');
  };
  // ("name, venue, date": plain words are fields too once one of them is a field's name)
  const plain = (p: string): boolean => /^[a-z]+(?: [a-z]+)?$/i.test(p.trim()) && !['and', 'or'].some((w) => p.toLowerCase().split(' ').includes(w));
  // ("company, contact email": two plain names, one of them a field's, are two fields; "price, in pounds" notes the price)
  const bare = (p: string): boolean => plain(p) && !FLAGS.has(p.trim().toLowerCase()) && !/^(?:in|of|for|per|at|on|by|with|from|to|a|an|the|no|not|max|min|up)\b/i.test(p.trim());
  if (several.length >= 2 && (several.every(fieldy) || ((several.length >= 3 ? several.every(plain) : several.every(bare)) && several.some(fieldy)))) return sharedNotes(several, true);
  // ("width (m) and depth (m)": two fields, each with its note)
  const noted = /^([a-z][a-z ]{0,30}?\s*\([^()]*\))\s+and\s+([a-z][a-z ]{0,30}?\s*\([^()]*\))$/i.exec(bullet.trim());
  if (noted) return [noted[1] as string, noted[2] as string];
  // ("red player and black player (both are players)": two fields of one head, as in a comma list)
  const pair = sameHeadPair(bullet);
  if (pair.length === 2) return pair;
  // "in service? yes/no": a question answered yes or no is a yes/no field
  return [bullet.replace(/\?\s*(?:\(?\s*(?:yes\s*\/\s*no|y\s*\/\s*n|yes or no)\s*\)?)$/i, ' (yes/no)')];
}

/**
 * "a name, which must be unique": a relative clause after an item is its flag; "the home score and
 * away score, which stay empty until ..." makes both optional.
 */
export function relativeFlags(items: string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    const flag = /^(?:which|that)\s+(?:must be|is|are|has to be|should be)\s+(unique|optional|required)$/i.exec(item)?.[1];
    const empty = /^(?:which|that)\s+(?:stays?|remains?|is|are|can be|may be)\s+(?:empty|blank)\b/i.test(item);
    const prev = out.pop();
    if (prev === undefined || (!flag && !empty)) {
      if (prev !== undefined) out.push(prev);
      out.push(item);
      continue;
    }
    const named = empty ? splitOutsideParens(prev, /\s+and\s+/).map((p) => p.replace(/^(?:a|an|the)\s+/i, '')) : [prev];
    out.push(...named.map((p) => `${p} (${flag ?? 'optional'})`));
  }
  return out;
}

/** Splits on `sep` where no parenthesis is open. */
export function splitOutsideParens(text: string, sep: RegExp): string[] {
  const masked = text.replace(/\([^()]*\)/g, (p) => '\u0000'.repeat(p.length));
  const parts: string[] = [];
  let from = 0;
  for (const m of masked.matchAll(new RegExp(sep.source, `${sep.flags.replace('g', '')}g`))) {
    parts.push(text.slice(from, m.index));
    from = (m.index ?? 0) + m[0].length;
  }
  parts.push(text.slice(from));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** "home team and away team", "the start date and the end date": two fields named on one head, not one. */
export function sameHeadPair(item: string): string[] {
  const parts = splitOutsideParens(item, /\s+and\s+/).map((p) => p.replace(/^(?:a|an|the|its|their)\s+/i, ''));
  const heads = parts.map((p) => p.replace(/\s*\([^()]*\)/g, '').trim().toLowerCase().split(/\s+/));
  const paired = parts.length === 2 && heads.every((h) => h.length >= 2 && h.length <= 3) && singular(heads[0]?.at(-1) ?? '') === singular(heads[1]?.at(-1) ?? '');
  // ("the home score and away score (optional)": the note is on both)
  const note = /\s*\([^()]*\)$/.exec(parts[1] ?? '')?.[0];
  return paired ? [note && !/\)$/.test(parts[0] as string) ? `${parts[0] as string}${note}` : (parts[0] as string), parts[1] as string] : [item];
}

/** "trails by grade", "service visits per stairlift", "timeslips for a racer": records (not a measure, "hours per week") by a field or another record. */
export function recordsByField(text: string): boolean {
  const m = /^(?:all\s+)?(?:the\s+)?((?:[a-z]+[- ]){0,2}[a-z]+s)\s+(by|per|for|of|on|in|from)\s+(\S+)(?:\s+\S+){0,3}$/i.exec(text.trim());
  if (!m) return false;
  const words = (m[1] as string).toLowerCase().split(/[- ]/);
  const head = words.pop() as string;
  // ("no bookings on a cancelled day", "only bookings for members" are rules)
  if (words.some((w) => RULE_QUANTIFIERS.has(w))) return false;
  const determined = /^(?:a|an|the|each|one|given|their|its|every|any)$/i.test(m[3] as string);
  return isPluralForm(head) && TYPE_BY_WORD[head] === undefined && TYPE_BY_WORD[singular(head)] === undefined && (['by', 'per'].includes((m[2] as string).toLowerCase()) || determined);
}

/** "loans by player name", "stays by cabin", "hires for a mannequin": records by a field or another record, though their first word is a verb too. */
export const pluralBy = (text: string): boolean => /^[a-z]+s\s+(?:by|per|(?:for|of|on|in)\s+(?:a|an|the|each|one|given|their|its))\s/i.test(text.trim());

/**
 * The lists a "Lists:" label asks for: "courses by discipline; a student's bookings", "events from a
 * date onwards · attendance for an event", "entries for a track day, cars by build status" (commas
 * part them only when every part names records by something).
 */
export function listParts(text: string): string[] {
  const parts = splitOutsideParens(text.replace(/[.!]$/, ''), /\s*[;·]\s*/);
  return parts.flatMap((p) => {
    const commas = splitOutsideParens(p, /\s*,\s*(?:and\s+)?/);
    return commas.length > 1 && commas.every((c) => /^(?:all\s+)?(?:the\s+)?(?:[a-z]+\s+)?[a-z]+s\s+(?:by|for|of|per|on|in|from)\s/i.test(c)) ? commas : [p];
  });
}

/** "Stays by cabin, and stays by arrival date.": a sentence made only of records by a field, its parts. */
export function recordsByFieldParts(text: string): string[] | undefined {
  const parts = splitOutsideParens(text.replace(/[.!]$/, ''), /\s*(?:,|;)\s*(?:and\s+)?|\s+and\s+(?=(?:all\s+)?(?:the\s+)?[a-z]+s\s+(?:by|per)\s)/i);
  return parts.length > 0 && parts.every((p) => recordsByField(p) && pluralBy(p)) ? parts : undefined;
}

/** "name, email, date of birth" alone on its line: at least two short items and no sentence end inside. */
export function itemsLine(line: Line | undefined): string[] | undefined {
  // ("Passengers: name, address": a list with its own subject is read as one)
  if (line?.kind !== 'sentence' || /[.!?]\s|[:=]|\s[-–—]\s/.test(line.text)) return undefined;
  const items = splitOutsideParens(line.text.replace(/[.]$/, ''), /\s*,\s*(?:and\s+)?|\s+and\s+/);
  // ("We teach taster sessions and weekend courses", "Small family business, 9 inflatable tubs": talk, not fields)
  const short = (b: string): boolean => b.replace(/\s*\([^)]*\)/g, '').split(/\s+/).length <= 4 && !/^\d/.test(b) && !SELF_SUBJECTS.includes((b.split(/\s+/)[0] ?? '').toLowerCase());
  return items.length >= 2 && items.every((b) => short(b) && (isFieldLike(b) || isTypedItem(b))) ? items : undefined;
}

/** "and which theme": a question word before a noun asks for that field (not before "they want"). */
const ASKS = new RegExp(`^(?:${ITEM_QUESTION_WORDS.join('|')})\\s+(?!(?:${[...PRONOUN_SUBJECTS, ...SELF_SUBJECTS, 'you', 'he', 'she', 'the', 'a', 'an', 'is', 'are', 'kind', 'sort', 'type'].join('|')})\\b)(?=[a-z])`, 'i');

/** Comma parts outside parentheses; "position - a, b, c" or "role: a, b" keeps the rest as its values. ("whether it's been collected": "been" only says when it became true) */
/**
 * "borrower name and email", "owner name + phone", "the finder's name and phone number", "**owner name** and
 * **owner phone**": one owner's details, each a field named with its owner.
 */
export function ownerDetails(item: string): string[] {
  const details = [...CONTACT_DETAILS, 'name'].join('|');
  const owned = new RegExp(`^(?:the\\s+)?([a-z]+(?:\\s[a-z]+)??)(?:'s)?\\s+(${details})\\s*(?:and|\\+|&|\\/)\\s*(?:their\\s+|the\\s+|\\1\\s+)?(${details})(?:\\s+number)?$`, 'i').exec(item.trim().replace(/\*\*/g, ''));
  return owned && owned[2]?.toLowerCase() !== owned[3]?.toLowerCase() ? [`${owned[1] as string} ${owned[2] as string}`, `${owned[1] as string} ${owned[3] as string}`] : [item];
}

export function splitItems(list: string): string[] {
  return relativeFlags(sharedNotes(commaItems(list), false)).flatMap(ownerDetails).flatMap(sameHeadPair).map((p) => p.replace(ASKS, '').replace(/^((?:whether|if)\s+(?:it'?s|it\s+(?:is|has)|they(?:'re|\s+are|\s+have)))\s+been\s+/i, '$1 '));
}

function commaItems(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  // "full name; school; grade (3 to 8)": semicolons part the items when no comma does
  const sep = /;/.test(list) && !/,/.test(list.replace(/\([^()]*\)/g, '')) ? ';' : ',';
  for (const c of list) {
    if (c === '(') depth++;
    if (c === ')') depth = Math.max(0, depth - 1);
    if (c === sep && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  const items: string[] = [];
  for (const p of parts.map((x) => x.trim().replace(/^(?:and|or|also|plus)\s+/i, '').replace(/^(?:a|an|the)\s+/i, '')).filter(Boolean)) {
    // "slot length in minutes, max 10", "length in minutes, 15-90": a bound alone belongs to the item before it
    if (items.length > 0 && /^(?:(?:max|min|maximum|minimum|at least|at most|up to|no more than)\s+\d|\d+(?:\.\d+)?\s*(?:-|–|to)\s*\d+(?:\.\d+)?$)/i.test(p)) items[items.length - 1] += `, ${p}`;
    else items.push(p);
  }
  // "status requested, confirmed, done or cancelled" (quotes dropped): a state name, then its values to the end
  // ("date reported and a status of reported, scheduled or fixed": the item before it ends at "and")
  const STATE = /^(?:(.+?)\s+and\s+)?(?:(?:a|the)\s+)?([a-z]+)\s+(?:of\s+)?([a-z]+(?:ed|ing))$/i;
  const stateAt = items.findIndex((p, k) => k < items.length - 1 && STATE_FIELD_NAMES.has((STATE.exec(p)?.[2] ?? '').toLowerCase()));
  // (the values end at the one after "or": "..., baked or delivered, with the orders listable by date" goes on after them)
  const orAt = items.findIndex((p, k) => k > stateAt && / or /i.test(p));
  const valuesAfter = items.slice(stateAt + 1, orAt < 0 ? undefined : orAt + 1);
  if (stateAt >= 0 && valuesAfter.every((p) => /^[a-z]+(?:\s+(?:or|and)\s+[a-z]+)?$/i.test(p)) && / or /i.test(valuesAfter[valuesAfter.length - 1] as string)) {
    const [, before, name, first] = STATE.exec(items[stateAt] as string) as RegExpExecArray;
    return [...items.slice(0, stateAt), ...(before ? [before] : []), `${name as string}: ${[first, ...valuesAfter].join(', ')}`, ...items.slice(stateAt + 1 + valuesAfter.length)];
  }
  // ("status waiting, processing, ready, collected": with no "or", the states run to the end of the list
  // when most of them read as states)
  const NAMED_STATE = /^(?:(?:a|the)\s+)?([a-z]+)\s+([a-z]+)$/i;
  const lastState = STATE.exec(items[items.length - 1] ?? '') ? -1 : items.findIndex((p, k) => k < items.length - 2 && STATE_FIELD_NAMES.has((NAMED_STATE.exec(p)?.[1] ?? '').toLowerCase()));
  const [, name, first] = lastState >= 0 ? (NAMED_STATE.exec(items[lastState] as string) as RegExpExecArray) : [];
  const tail = first !== undefined ? [first, ...items.slice(lastState + 1)] : [];
  const stateLike = (v: string): boolean => /^[a-z]+(?:ed|ing)$/i.test(v) || STATE_WORDS.has(v.toLowerCase());
  if (tail.length >= 3 && tail.every((v) => /^[a-z]+$/i.test(v)) && tail.filter(stateLike).length * 4 >= tail.length * 3) return [...items.slice(0, lastState), `${name as string}: ${tail.join(', ')}`];
  // "status one of requested, confirmed, cancelled" opens its values like a colon does
  // ("weight kg: number, grade = a|b": a type after the colon ends there; the items after it are more fields)
  const typedByColon = (p: string): boolean => readParen(new RegExp(`^[^:]+:\\s*([a-z][a-z ,]*?)(?:\\s+(?:${BOUND}))?$`, 'i').exec(withoutTrailingNote(p))?.[1] ?? '') !== undefined;
  const opener = items.findIndex((p) => /^[a-z][\w ]{0,30}?\s*(?::|=|\s[-–—]|\s(?:is\s+|can be\s+)?(?:one of|either))\s*\S/i.test(p) && !typedByColon(p));
  // "type: galaxy / nebula, constellation": values written with slashes, bars or arrows end at the comma
  const ownSeparators = opener >= 0 && /[/|→>]/.test(items[opener] as string);
  if (opener >= 0 && opener < items.length - 1 && !ownSeparators) return [...items.slice(0, opener), items.slice(opener).join(', ')];
  // "last name and first name" stays two items only when written with a comma
  const last = items[items.length - 1];
  // ("condition (mint, good) and whether it's for trade": "and" inside the parenthesis stays there)
  if (last && / and /.test(last.replace(/\([^()]*\)/g, '()')) && items.length > 1) items.splice(items.length - 1, 1, ...splitOutsideParens(last, /\s+and\s+/).map((p) => p.replace(/^(?:a|an|the)\s+/i, '')));
  return items;
}

/** "venue, date, fee, paid yes or no", "Guest give name, passport number, ...": a list with no subject of its own. */
export function bareListOf(sentence: string): string[] | undefined {
  const text = sentence.replace(/[.!]+$/, '').replace(/^(?:[a-z]+\s+){0,2}?(?:give|gives|provide|provides|enter|enters|fill in|fills in|tell us|tells us|write down|writes down)\s+(?:(?:their|his|her|the|us)\s+)?/i, '');
  if (/:/.test(text)) return undefined;
  const parts = splitItems(text);
  return parts.length >= 3 && parts.every((p) => isFieldLike(p) || isTypedItem(p)) ? parts : undefined;
}
