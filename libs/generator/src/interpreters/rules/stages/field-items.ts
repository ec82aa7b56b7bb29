import { DETERMINERS, GIVEN_BY, MODALS, NAMING_HEADS, PREPOSITION_LIKE, TYPE_BY_WORD, VERB_SET, VERBS } from '../lexicon.js';
import { isPluralForm, singular } from '../text.js';
import { readItem } from './phrasings.js';

const N = '-?\\d+(?:[.,]\\d+)?';
/** "from 1 to 4", "1-20", "between 50 and 120", "min 1 max 20", "up to 8", "at least 1": a bound written after a field's name. */
const TRAILING_BOUND = new RegExp(`\\s+(?:(?:from\\s+)?${N}\\s*(?:to|-|–)\\s*${N}|between\\s+${N}\\s+and\\s+${N}|(?:(?:min|max|minimum|maximum|up to|at least|at most)\\s+${N}\\s*)+)\\s*$`, 'i');

/** Whether a written item reads as a field (stage 1b's list readers, stages/clauses.ts and anchored-lists.ts). */

/** A bullet that names a field: a short noun phrase, no modal, not opening on a verb ("check in date" ends on a typed noun). */
/** An item's words without who gives it or its bounds ("score from 0 to 25 given by the judges" -> "score"). */
export const itemCore = (text: string): string => text.replace(GIVEN_BY, '').replace(TRAILING_BOUND, '');

export function isFieldLike(text: string): boolean {
  // ("hours booked from 1 to 4", "weight class in kg between 50 and 120": a bound after the name is a note on it)
  const head = (text.replace(/\(.*?\)/g, '').split(/\s*[:=]\s*|\s[-–—]\s/)[0] ?? '').replace(GIVEN_BY, '').replace(TRAILING_BOUND, '');
  const ws = head.toLowerCase().split(/\s+/).filter(Boolean);
  // "did i do a water change yes or no": a question answered yes or no is a yes/no
  if (/^(?:did|do|does|is|are|was|were|has|have)\s+(?:i|we|you|they|it|he|she)\b.*\b(?:yes or no|yes\/no|y\/n)\??$/.test(ws.join(' ')) && ws.length <= 10) return true;
  if (ws.length === 0 || ws.length > 6) return false;
  if (/[.!]\s/.test(text.replace(/\(.*?\)/g, ''))) return false;
  const first = ws[0] as string;
  // "how many jars are left", "whether it's paid": a count or a yes/no, whatever verb follows
  if (/^(?:how (?:many|much)|whether|if) [a-z]/.test(ws.join(' ')) && ws.length <= 5) return !ws.some((w) => MODALS.has(w) && !['and', 'or', 'i'].includes(w));
  const typedNoun = ws.length >= 2 && !DETERMINERS.has(ws[1] as string) && TYPE_BY_WORD[ws[ws.length - 1] as string] !== undefined;
  // "estimated hours", "planned date": a participle before a noun qualifies it
  const participle = ws.length === 2 && /[a-z]{3}ed$/.test(first) && !DETERMINERS.has(ws[1] as string) && !PREPOSITION_LIKE.has(ws[1] as string);
  // "start hour (6-22)": a verb before a singular noun names what it starts, with a range or type after it
  const named = ws.length === 2 && (NAMING_HEADS.has(ws[1] as string) || (/\(/.test(text) && /^[a-z]+$/.test(ws[1] as string) && !isPluralForm(ws[1] as string) && !VERB_SET.has(ws[1] as string) && !DETERMINERS.has(ws[1] as string) && !PREPOSITION_LIKE.has(ws[1] as string)));
  // "dietary needs": a need named after what qualifies it is a noun
  const modal = (w: string, k: number): boolean => MODALS.has(w) && !['and', 'or', 'i'].includes(w) && !(k === ws.length - 1 && k > 0 && ['needs', 'wants'].includes(w));
  return (!(first in VERBS) || typedNoun || participle || named) && !ws.some(modal) && !['is', 'are', 'gets', 'goes', 'has', 'have', 'contains', 'includes'].some((w) => ws.includes(w));
}

/** "deposit paid or not", "complete y/n": an item a phrasing typed is a field although its first word is a verb too. */
export function isTypedItem(p: string): boolean {
  const { item, phrasing } = readItem(p);
  const ws = item.words.toLowerCase().split(/\s+/);
  // "has piano (boolean)": a yes/no named by what it has
  const hasWord = (w: string, k: number): boolean => ['is', 'are', 'has', 'have'].includes(w) && !(k === 0 && item.type === 'boolean');
  return phrasing !== 'a plain name' && ws.length <= 4 && !ws.some((w, k) => DETERMINERS.has(w) || hasWord(w, k));
}

/**
 * "Bookings: course + student", "a booking has the member and the class": an item joining names of
 * known records is one reference to each, not one field named after both.
 */
export function recordPairs(ws: readonly string[], lookup: (ws: string[]) => string[] | undefined): string[][] | undefined {
  const parts: string[][] = [[]];
  for (const w of ws) {
    if (['and', '+', '&'].includes(w)) parts.push([]);
    else if (!DETERMINERS.has(w)) (parts[parts.length - 1] as string[]).push(w);
  }
  if (parts.length < 2 || parts.some((p) => p.length === 0 || p.length > 3)) return undefined;
  const records = parts.map((p) => lookup([...p.slice(0, -1), singular(p[p.length - 1] as string)]));
  return records.every((r) => r !== undefined) && new Set(records.map((r) => r.join(' '))).size === records.length ? records : undefined;
}
