import { COUNTED_PARTICIPLES, DETERMINERS, DOERS, IRREGULAR_PARTICIPLES, MEASURED_HEADS, MEASURED_QUANTITIES, POINTING_BACK, EVENT_VERBS, PRONOUN_SUBJECTS, RELATIVE_SUBJECTS, SELF_SUBJECTS, MEASURE_UNITS, MORE_UNITS, QUANTITY_QUALIFIERS, SEQUENCE_NUMBERS, TYPE_BY_WORD, type TypeHint, WRITTEN_PLURALS } from './lexicon.js';
import { isPluralForm, singular } from './text.js';

/**
 * The type a field's name says, from its words ("total price" a price, "max players" a count,
 * "room number" an identifier, "eggs set" a count, "battery checked on" a date). `hint` is what a
 * phrase of the lexicon already said; the caller's own words (a type written, values, a unit)
 * come first.
 */
export function hintFromName(ws: readonly string[], given: { hint?: TypeHint; countLead: boolean; countOf: boolean; unitInName?: string; boolean: boolean }): TypeHint | undefined {
  const { hint, countLead, countOf, unitInName } = given;
  const headWord = ws[ws.length - 1] as string;
  const ownHint = TYPE_BY_WORD[headWord] ?? TYPE_BY_WORD[singular(headWord)];
  // "total price" is a price; "max players" a count
  let headHint = hint ?? (countLead && ownHint?.type !== 'number' ? { type: 'integer' as const, min: 0 } : undefined) ?? ownHint;
  if (headHint?.type === 'boolean' && ws.length > 1 && !given.boolean) {
    // "done" is a yes/no, but "pages read" is a number of pages: the first word decides
    // "pages read" counts pages, "year published" is a year
    headHint = TYPE_BY_WORD[ws[0] as string] ?? { type: 'string' };
    if (headHint.type === 'boolean') headHint = { type: 'string' };
  }
  if (!hint && headWord === 'number' && ws.length > 1 && !countOf && !countLead) {
    // "room number", "card number": identifiers, not quantities; "shirt number", "episode number":
    // places in a sequence, whole numbers
    headHint = SEQUENCE_NUMBERS.has(ws[ws.length - 2] as string) ? { type: 'integer' } : { type: 'string' };
  }
  // "goals for", "rate per word", "weight kg": the quantity named first decides
  const qualified = ws.findIndex((w, k) => k > 0 && QUANTITY_QUALIFIERS.has(w));
  if (!hint && qualified > 0 && !countLead) headHint = TYPE_BY_WORD[ws[qualified - 1] as string] ?? headHint;
  if (!hint && unitInName && ws.length > 1) headHint = TYPE_BY_WORD[ws[ws.length - 2] as string] ?? headHint;
  // "ammonia ppm", "wind mph": a unit of measure written last measures what it follows
  const lastWord = ws[ws.length - 1] as string;
  if (!hint && !headHint && ws.length > 1 && (MEASURE_UNITS.has(lastWord) || MORE_UNITS.has(lastWord)) && lastWord.length > 1) headHint = { type: 'number', min: 0 };
  // "the date found", "time started", "date of visit": the first word names the type when the last does not
  if (!headHint && (ws.length === 2 || ws[1] === 'of') && ['date', 'time', 'day'].includes(ws[0] as string)) headHint = TYPE_BY_WORD[ws[0] as string];
  // "year created", "hours worked", "miles driven": the quantity, whatever happened to it
  // ("age turning", "miles running": what is becoming so, too)
  if (!headHint && ws.length === 2 && /^[a-z]+(ed|en|t|ing)$/.test(ws[1] as string)) headHint = TYPE_BY_WORD[ws[0] as string];
  // ("year made", "year of birth", "year group": a year, or a school year, is a whole number whatever follows it)
  if (!hint && ws[0] === 'year' && ws.length <= 3 && (!headHint || headHint.type === 'string')) headHint = { type: 'integer' };
  // "eggs set", "chicks hatched", "days fermenting": how many of a plural a participle says happened
  if (!headHint && ws.length === 2 && /^[a-z]+s$/.test(ws[0] as string) && isPluralForm(ws[0] as string) && !WRITTEN_PLURALS.has(ws[0] as string) && (/^[a-z]{3,}(?:ed|en|ing)$/.test(ws[1] as string) || COUNTED_PARTICIPLES.has(ws[1] as string))) headHint = { type: 'integer', min: 0 };
  // "played on", "born on": when something happened, a date; "sent at": a moment
  // ("battery checked on": after what the participle happened to)
  const on = ws.length - 1;
  if (!headHint && ws.length >= 2 && ws.length <= 3 && (/^[a-z]+(ed|en)$/.test(ws[on - 1] as string) || EVENT_VERBS.has(ws[on - 1] as string)) && ['on', 'at'].includes(ws[on] as string)) headHint = { type: ws[on] === 'on' ? 'date' : 'datetime' };
  return headHint;
}

/**
 * "which glider", "which slot they're in", "which lot it's in": the thing asked about ("which side
 * won" asks a question of its own: left for the reader to name).
 */
export function askedThing(ws: string[]): string[] {
  if (ws[0] !== 'which' || ws.length < 2 || ['kind', 'type', 'sort', 'one', 'ones'].includes(ws[1] as string)) return ws;
  const end = ws.findIndex((w, k) => k > 1 && (RELATIVE_SUBJECTS.has(w) || PRONOUN_SUBJECTS.has(w) || SELF_SUBJECTS.includes(w) || ['its', 'theyre', 'you'].includes(w)));
  return ws.length === 2 || end === 2 ? ws.slice(1, end > 0 ? end : undefined) : ws;
}

const isParticiple = (w: string | undefined): w is string => w !== undefined && (/^[a-z]{3,}ed$/.test(w) || IRREGULAR_PARTICIPLES.has(w));

/**
 * "who paid" -> paidBy, "who collected it" -> collectedBy, "who it's for" -> recipient, "who does it"
 * -> assignee: the person a question names (8 of 8 such fields in batches 29-70 expected so).
 */
export function askedPerson(ws: string[]): string[] {
  if (ws[0] !== 'who') return ws;
  if (ws[ws.length - 1] === 'it' && ws.slice(1, -1).some((w) => ['does', 'do', 'handles', 'owns', 'doing'].includes(w))) return ['assignee'];
  if (ws.length < 2) return ws;
  if (ws.length === 3 && isParticiple(ws[1]) && POINTING_BACK.has(ws[2] as string)) return [ws[1], 'by'];
  return ws[ws.length - 1] === 'for' ? ['recipient'] : ws.length === 2 ? [ws[1] as string, 'by'] : ws;
}

/**
 * "when it stopped", "when they arrived", "date and time observed" -> stoppedAt, arrivedAt,
 * observedAt: the moment something was done, named by the doing (a date and time); the writers of
 * batches 64 and 69 named all three so.
 */
export function askedMoment(ws: string[]): string[] {
  const [a, b, c, d] = ws;
  if (a === 'when' && ws.length === 2 && isParticiple(b)) return [b, 'at'];
  if (a === 'when' && ws.length === 3 && DOERS.has(b as string) && isParticiple(c)) return [c, 'at'];
  if (a === 'date' && b === 'and' && c === 'time' && ws.length === 4 && isParticiple(d)) return [d, 'at'];
  return ws;
}

/**
 * "area in hectares", "resistance in ohms", "speed in words per minute": after a measured
 * quantity, "in" and a unit the lexicon does not know are that quantity's unit and no part of its
 * name; the index of "in", or -1. The writers of batches 08-70 left such a unit out of the name in
 * every one of 14 fields (a unit the lexicon knows joins the name, as `weightKg`).
 */
export function unknownUnitAt(ws: readonly string[]): number {
  const at = ws.lastIndexOf('in');
  const head = ws[at - 1] ?? '';
  const unit = ws.slice(at + 1);
  if (at < 1 || unit.length === 0 || unit.length > 3 || unit.some((w) => DETERMINERS.has(w) || !/^[a-z][a-z0-9]*$/.test(w))) return -1;
  return MEASURED_QUANTITIES.has(head) || MEASURED_HEADS.has(head) || ['number', 'integer'].includes(TYPE_BY_WORD[head]?.type ?? '') ? at : -1;
}
