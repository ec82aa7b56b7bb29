import type { FieldType } from '@backforge/blueprint';
import type { Modifiers } from './field-modifiers.js';
import { HEDGE_WORDS, NOTE_TYPES } from './lexicon.js';

/**
 * Notes read as allowed values: "word count (integer, greater than 0)", "rented at (date/time)",
 * "exhibit reference (unique, e.g. EX/2291/24)", "max points (usually 100 or 110, depends on the
 * course)", "running order (integer, 1 upwards)". Whatever notation split them, values that name a
 * type, a flag, an example, a bound or a hedge are what the writer says about the field, never the
 * values it may take (over batches 08-66 the interpreter this came from read 69 fields so; of the 50
 * whose type their writer stated, none was meant as a list of values). What they say is kept: the type, the flags and the bounds.
 */
export interface ValueNotes {
  type?: FieldType;
  min?: number;
  /** The least is written "greater than": a whole number must be one more. */
  above?: true;
  max?: number;
  unique?: true;
  optional?: true;
}

const FLAGS = /^(?:unique|optional|required|mandatory|nullable|generated|unique obv)$/i;
/** "e.g. EX", "like 12/345", "such as ..." (not the value "like new"). */
const EXAMPLE = /^(?:e\.?\s?g\b\.?|eg\b|such as\b|for example\b|for instance\b|like\s+(?:["'\d]|[A-Z0-9-]{2,}\b))/;
/** "usually 100", "depends on the course", "empty until it comes back": a hedge in a phrase, not a one-word state ("empty"). */
const HEDGE = new RegExp(`\\b(?:${HEDGE_WORDS.join('|')})\\b`, 'i');
/** "integer (e g 925)", "whole number 0 to 14", "float (ng": a type word opening a value (not "number of hands", a name). */
const TYPED: [string, RegExp][] = Object.keys(NOTE_TYPES).map((t) => [t, new RegExp(`^${t}(?:\\s*\\(|\\s+-?\\d|\\s+(?:e\\s?g|from|between|only|upwards)\\b)`)]);
const NUM = '(-?\\d+(?:\\.\\d+)?)';
const BOUNDS: { re: RegExp; set: (n: number, m?: number) => Pick<ValueNotes, 'min' | 'max' | 'above'> }[] = [
  { re: new RegExp(`^(?:greater|more|higher|bigger) than ${NUM}$|^over ${NUM}$|^above ${NUM}$`, 'i'), set: (n) => ({ min: n, above: true }) },
  { re: new RegExp(`^(?:at least|minimum(?: run)?|min|not less than|no less than|never below|never less than|from) ${NUM}$|^${NUM}\\s*(?:\\+|upwards|or (?:more|over|above|higher))$`, 'i'), set: (n) => ({ min: n }) },
  { re: new RegExp(`^(?:at most|maximum|max|no more than|not more than|up to|never more than|never above) ${NUM}$|^${NUM} or (?:less|fewer|under|below)$`, 'i'), set: (n) => ({ max: n }) },
  { re: new RegExp(`^${NUM}\\s*(?:\\.\\.|to|–)\\s*${NUM}$`, 'i'), set: (n, m) => ({ min: n, ...(m !== undefined ? { max: m } : {}) }) },
];

function boundOf(value: string): Pick<ValueNotes, 'min' | 'max' | 'above'> | undefined {
  for (const b of BOUNDS) {
    const m = b.re.exec(value.trim());
    if (!m) continue;
    const nums = m.slice(1).filter((x): x is string => x !== undefined).map(Number);
    return b.set(nums[0] as number, nums[1]);
  }
  return undefined;
}

/** (a hedge word ending the last value, a word or two after it: "lost empty until played") */
const TRAILING_HEDGE = new RegExp(`^(\\S+(?:\\s+\\S+)??)\\s+(?=(?:${HEDGE_WORDS.filter((w) => !/^(?:generally|mostly|depend)/.test(w)).join('|')})\\b)`, 'i');

/** "won, drawn or lost - empty until played", "yes/no - we untick it while ...": a note after a dash is said of them all; the values come first. */
export function withoutTrailingNote(values: readonly string[]): string[] {
  const last = values[values.length - 1] ?? '';
  // (the dash may be gone already: "lost empty until played" ends at the hedge)
  // ("lost empty": what is left of "lost - empty until played" once its clause is read)
  const hedge = values.length >= 2 ? TRAILING_HEDGE.exec(last) : null;
  if (hedge) return [...values.slice(0, -1), hedge[1] as string];
  const [value, note] = last.split(/\s+[-–—]\s+/, 2);
  return note !== undefined && value !== undefined && value.trim() !== '' && note.trim().split(/\s+/).length >= 2 ? [...values.slice(0, -1), value.trim()] : [...values];
}

/** The notes, when the values read are notes; undefined when they are values. */
export function notesNotValues(values: readonly string[]): ValueNotes | undefined {
  const notes: ValueNotes = {};
  let isNotes = false;
  for (const raw of values) {
    const v = raw.trim().replace(/^\*+|\*+$/g, '').toLowerCase();
    const typed = TYPED.find(([t, opening]) => v === t || opening.test(v))?.[0];
    const bound = boundOf(v) ?? (typed ? boundOf(v.slice(typed.length).trim().replace(/^\(|\)$/g, '')) : undefined);
    if (typed) notes.type ??= NOTE_TYPES[typed];
    if (bound?.min !== undefined && notes.min === undefined) Object.assign(notes, { min: bound.min }, bound.above ? { above: true } : {});
    if (bound?.max !== undefined) notes.max ??= bound.max;
    if (FLAGS.test(v)) {
      if (v.startsWith('unique')) notes.unique = true;
      if (v === 'optional' || v === 'nullable') notes.optional = true;
    }
    // ("the statement text, can be long": a description of what it holds)
    const described = /\b(?:can|could|may|must|should|will)\s+be\b/.test(v);
    if (/\b(?:can be long|long text|free text)\b/.test(v)) notes.type ??= 'text';
    if (typed || bound || described || FLAGS.test(v) || EXAMPLE.test(raw.trim()) || /^(?:e\.?\s?g|eg)\b/i.test(v) || (HEDGE.test(v) && v.split(/\s+/).length >= 2)) isNotes = true;
  }
  // ("date and time of the match", "date/time": both say a moment)
  if (isNotes && values.some((v) => /^date\b/i.test(v.trim())) && values.some((v) => /^time\b/i.test(v.trim()))) notes.type = 'datetime';
  return isNotes ? notes : undefined;
}

/** The values read with a field item, cleaned of a trailing note, or, when they are notes, the notes in their place. */
export function valuesOrNotes(mods: Modifiers): void {
  if (!mods.values) return;
  mods.values = withoutTrailingNote(mods.values);
  const notes = notesNotValues(mods.values);
  if (!notes) return;
  delete mods.values;
  mods.type ??= notes.type;
  mods.min ??= notes.min !== undefined && notes.above && notes.type === 'integer' ? notes.min + 1 : notes.min;
  mods.max ??= notes.max;
  if (notes.unique) mods.unique = true;
  if (notes.optional) mods.optional = true;
}
