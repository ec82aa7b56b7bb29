import type { FieldType } from '@backforge/blueprint';
import type { JsonValue } from '@backforge/contracts';
import { CURRENCY_UNITS, FLAG_WORDS, MEASURE_UNITS, NEGATIONS, OTHER_UNITS, PHRASE_WORDS, TIME_UNITS, TYPE_BY_WORD, TYPE_WORDS, type TypeHint } from './lexicon.js';
import { taggedAsVerb } from './text.js';
import { type Tok, splitList, textOf } from './tokens.js';

/** Flags, bounds, defaults, units and values written with a field item ("an optional note", "at most 100 characters"). */
const isNumber = (w: string | undefined): boolean => w !== undefined && /^-?\d+(\.\d+)?$/.test(w);

export function givenMods(given: GivenItem): Modifiers {
  const mods: Modifiers = {};
  if (given.type === 'boolean') mods.boolean = true;
  else if (given.type) mods.type = given.type;
  if (given.values?.length) mods.values = [...new Set(given.values)];
  if (given.optional) mods.optional = true;
  if (given.required) mods.required = true;
  if (given.unique) mods.unique = true;
  if (given.defaultText !== undefined) mods.defaultText = given.defaultText;
  return mods;
}

export interface Modifiers {
  optional?: boolean;
  required?: boolean;
  unique?: boolean;
  type?: FieldType;
  hint?: TypeHint;
  min?: number;
  max?: number;
  lengthBounds?: boolean;
  values?: string[];
  defaultText?: string;
  unit?: string;
  boolean?: boolean;
  positive?: boolean;
}

/** "3 letters", "10 digits": a length said alone is both the least and the most a text takes. */
function exactLength(mods: Modifiers, n: number): void {
  mods.min = n;
  mods.max = n;
  mods.lengthBounds = true;
}

export function readParen(inner: Tok[], mods: Modifiers): void {
  const ws = inner.map((t) => t.w);
  const joined = ws.filter((w) => w !== ',' && w !== '/').join(' ');
  if (ws[0] === 'e.g' || ws[0] === 'eg' || ws[0] === 'e' || ws[0] === 'like' || ws[0] === 'for' || ws[0] === 'ex' || ws[0] === 'i.e') return;
  // "(a property can only ever have one request)", "(one per pitch)", "(at most one each)": no two share it
  if (/\b(?:(?:can|may) only (?:ever )?(?:have|has|get|take|hold)|at most|no more than|only ever) one\b|^one (?:[a-z]+ )?per [a-z]+$/.test(joined)) {
    mods.unique = true;
    return;
  }
  // "(date + time)", "(date & time)": one type
  if (/^date (?:and|&|\+) time$/.test(joined)) {
    mods.type = 'datetime';
    return;
  }
  if (TYPE_WORDS[joined]) {
    mods.type = TYPE_WORDS[joined];
    return;
  }
  // ("(five lines of text)", "(a few paragraphs)": text longer than a line)
  if (/^(?:[a-z0-9]+\s+)?(?:lines?|paragraphs?|sentences?)(?:\s+of\s+(?:text|prose))?$/.test(joined)) {
    mods.type = 'text';
    return;
  }
  // ("(12 and up - molten metal!)", "(16+)", "(18 or over)": a least value, with what is said after it a note)
  const upward = /^(-?\d+(?:\.\d+)?)\s*(?:\+|(?:and|or)\s+(up|upwards|over|above|older|more|higher|under|below|younger|less|fewer|lower))(?:\s*[-–—,;:]?\s+[a-z].*)?$/.exec(joined);
  if (upward) {
    if (upward[2] === undefined || ['up', 'upwards', 'over', 'above', 'older', 'more', 'higher'].includes(upward[2])) mods.min = Number(upward[1]);
    else mods.max = Number(upward[1]);
    return;
  }
  // ("(no more than 150)", "(not less than 2)": a bound said in words)
  const said = /^(?:no|not)\s+(more|less|fewer)\s+than\s+(-?\d+(?:\.\d+)?)$/.exec(joined);
  if (said) {
    if (said[1] === 'more') mods.max = Number(said[2]);
    else mods.min = Number(said[2]);
    return;
  }
  // ("(3 letters)", "(exactly 3 characters)", "(10 digits, unique)": a length alone is both its least and its most)
  const length = /^(?:exactly )?(\d+) (?:characters|chars|letters|digits)(?: (unique|optional|required))?$/.exec(joined);
  if (length) {
    exactLength(mods, Number(length[1]));
    if (length[2] === 'unique') mods.unique = true;
    else if (length[2] === 'optional') mods.optional = true;
    return;
  }
  const defIdx = ws.findIndex((w) => w === 'default' || w === 'defaults' || w === 'defaulting');
  if (defIdx >= 0) {
    readWords(inner.slice(0, defIdx), mods);
    let k = defIdx + 1;
    while (inner[k] && (inner[k]?.w === 'to' || inner[k]?.w === ':' || inner[k]?.w === 'is')) k++;
    mods.defaultText = inner.slice(k).map((t) => t.raw).join(' ');
    return;
  }
  // ("(0-13, empty until played)", "(blank if unknown)": a value that may be missing is optional)
  if (ws.some((w) => w === 'empty' || w === 'blank') && !ws.some((w) => NEGATIONS.has(w) || w === 'non')) mods.optional = true;
  const rest = inner.filter((t) => !FLAG_WORDS.has(t.w) && t.w !== ',' && t.w !== 'and');
  readWords(inner.filter((t) => FLAG_WORDS.has(t.w)), mods);
  if (rest.length === 0) return;
  const restWords = rest.map((t) => t.w);
  // "(whole percentage, 0-100)", "(whole number of minutes)": whole numbers
  if (restWords.includes('whole') && !mods.type) mods.type = 'integer';
  // "(a decimal from 0 to 10)": a decimal whatever its bounds
  else if (restWords.some((w) => w === 'decimal' || w === 'decimals') && !mods.type) mods.type = 'number';
  if (rest.some((t) => t.w === '#range') || restWords.some((w) => ['max', 'maximum', 'min', 'minimum', 'least', 'most', 'up'].includes(w))) {
    readWords(rest, mods);
    return;
  }
  // "(minutes)", "(GBP)", "(kg)": a unit alone
  if (restWords.length === 1 && (TIME_UNITS.has(restWords[0] as string) || OTHER_UNITS.has(restWords[0] as string) || CURRENCY_UNITS.has(restWords[0] as string) || MEASURE_UNITS.has(restWords[0] as string))) {
    mods.unit = restWords[0];
    return;
  }
  if (restWords[0] === 'in' && restWords.length === 2) {
    mods.unit = restWords[1];
    return;
  }
  // ("(number > 0)", "(int >= 1)": the comparison sign is not a word; a type and a bound after it)
  const bounded = restWords.length === 2 && /^\d+(?:\.\d+)?$/.test(restWords[1] as string) ? TYPE_WORDS[restWords[0] as string] : undefined;
  if (bounded) {
    mods.type = bounded;
    mods.min ??= Number(restWords[1]);
    return;
  }
  const typeWord = TYPE_WORDS[restWords.join(' ')];
  if (typeWord) {
    mods.type = typeWord;
    return;
  }
  // "(the dome has 120, so never more than 120)": a note written as a sentence lists no values
  // ("won, drawn or lost - empty until the game is played": the values come first, the note after)
  const cut = inner.findIndex((t) => t.w === ',' || t.w === 'or' || t.w === '-');
  const firstPart = inner.slice(0, cut > 0 ? cut : inner.length).map((t) => t.w);
  if (firstPart.some((w) => SENTENCE_WORDS.has(w))) return;
  // "(1 or more)", "(0 or less)": a bound, not two values
  const orMore = /^(-?\d+(?:\.\d+)?) or (more|above|higher|over|less|fewer|below|lower|under)$/.exec(restWords.join(' '));
  if (orMore) {
    if (['more', 'above', 'higher', 'over'].includes(orMore[2] as string)) mods.min ??= Number(orMore[1]);
    else mods.max ??= Number(orMore[1]);
    return;
  }
  // ("seconds for track events, metres for field events, with decimals": parts that say what the field holds are a note)
  const commaParts = inner.map((t) => t.w).join(' ').split(/\s*,\s*/).filter(Boolean);
  if (commaParts.filter((p) => /\b(?:for|with|per|when|if)\b/.test(p)).length * 2 >= commaParts.length && commaParts.length >= 2) {
    if (/\bdecimals?\b/.test(commaParts.join(' ')) && !mods.type) mods.type = 'number';
    return;
  }
  // ("(optional, we serve mulled wine & mince pies)": a part that opens with the writer is a note too)
  if (inner.some((t, k) => k > 0 && [',', ';'].includes(inner[k - 1]?.w ?? '') && ['we', 'i', 'our', 'it', 'they'].includes(t.w))) return;
  const values = splitList(inner.filter((t) => !FLAG_WORDS.has(t.w)))
    .map((v) => textOf(v).trim())
    .filter((v) => v.length > 0);
  // "fabric (chiffon jersey silk)", "belt (white blue purple brown black)": words typed without commas,
  // three or more, none a word of a phrase, are the values one by one
  // (not beside a flag or after a comma: "(optional, empty until filed)", "(unique property reference number)")
  const spaced = values.length === 1 && !inner.some((t) => t.w === ',' || FLAG_WORDS.has(t.w)) ? (values[0] as string).split(/\s+(?:or\s+)?/) : [];
  if (spaced.length >= 3 && spaced.every((w) => /^[a-z]+$/i.test(w) && !PHRASE_WORDS.has(w.toLowerCase()) && TYPE_BY_WORD[w.toLowerCase()] === undefined) && !spaced.some((w) => taggedAsVerb(values[0] as string, w))) values.splice(0, 1, ...spaced);
  if (values.length >= 2) {
    const lowered = values.map((v) => v.toLowerCase());
    if (lowered.length === 2 && ((lowered.includes('yes') && lowered.includes('no')) || (lowered.includes('true') && lowered.includes('false')))) {
      mods.type = 'boolean';
      return;
    }
    // "(2, 4, 6 or 8 yards)", "(1, 2 or 3 - the RICS survey level)": a unit or a note written once
    // after the last number is no part of the values
    const lastNumber = /^(-?\d+(?:\.\d+)?)\s+[a-z].*$/i.exec(values[values.length - 1] as string);
    if (lastNumber && values.slice(0, -1).every((v) => isNumber(v))) values[values.length - 1] = lastNumber[1] as string;
    // ("reina pepiada, domino, ... - if they want two flavors they make two orders": a sentence after the values is a note)
    const kept = values.filter((v) => v.split(/\s+/).length <= 4);
    if (kept.length >= 2) mods.values = [...new Set(kept)];
  }
}


/** Words that make a note in parentheses a sentence, not a list of values. */
const SENTENCE_WORDS = new Set(['has', 'have', 'had', 'is', 'are', 'was', 'were', 'so', 'because', 'never', 'when', 'we', 'our', 'it', 'they', 'can', 'will', 'should', 'must']);

/** Flags, bounds, defaults and units written inline ("an optional note", "at most 100 characters"). */
export function readWords(toks: Tok[], mods: Modifiers): Tok[] {
  const kept: Tok[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as Tok;
    const w = t.w;
    const next = toks[i + 1]?.w;
    if (w === 'optional' || w === 'optionally' || w === 'nullable') {
      mods.optional = true;
      continue;
    }
    // "permit needed (yes/no)": a yes/no named by what is needed keeps the word in its name
    const yesNoAfter = toks[i + 1]?.w === '#paren' && /^(?:yes|y|true)\W+(?:or\W+)?(?:no|n|false)$/.test((toks[i + 1]?.inner ?? []).map((x) => x.w).join(' '));
    const names = (mods.boolean || mods.type === 'boolean' || yesNoAfter) && (w === 'needed' || w === 'required') && /^[a-z]/.test(toks[i - 1]?.w ?? '') && toks.slice(i + 1).every((x) => x.w === '#paren');
    if (!names && (w === 'required' || w === 'mandatory' || w === 'needed')) {
      mods.required = true;
      continue;
    }
    if (w === 'unique' || w === 'distinct') {
      mods.unique = true;
      continue;
    }
    if ((w === 'negative' && ['not', 'non', 'never'].includes(toks[i - 1]?.w ?? '')) || w === 'nonnegative') {
      // "a price (not negative)"
      mods.min = 0;
      continue;
    }
    if ((w === 'duplicates' || w === 'duplicate' || w === 'dupes') && ['no', 'without'].includes(toks[i - 1]?.w ?? '')) {
      // "a SKU (no duplicates allowed)"
      mods.unique = true;
      continue;
    }
    if (w === 'positive' || (w === 'non-negative' && (mods.min = 0) === 0)) {
      if (w === 'positive') mods.positive = true;
      continue;
    }
    if (w === 'non-empty' || (w === 'empty' && toks[i - 1]?.w === 'not')) {
      mods.min = 1;
      mods.lengthBounds = true;
      continue;
    }
    if (['must', 'be', 'should', 'not', 'always', 'is', 'no', 'allowed', 'never', 'non'].includes(w) && toks.some((x) => ['positive', 'non-negative', 'negative', 'empty', 'non-empty', 'unique', 'optional', 'required', 'duplicates', 'duplicate'].includes(x.w))) continue;
    if (w === '#paren') {
      readParen(t.inner ?? [], mods);
      continue;
    }
    if (w === '#range') {
      mods.min = t.range?.min;
      mods.max = t.range?.max;
      if (['characters', 'chars', 'letters'].includes(next ?? '')) {
        mods.lengthBounds = true;
        i++;
      }
      continue;
    }
    // ("a currency code (3 letters)", "exactly 10 digits"): a length said alone is both its least and its most
    if (/^\d+$/.test(w) && ['characters', 'chars', 'letters', 'digits'].includes(next ?? '') && !['max', 'min', 'maximum', 'minimum', 'to', 'up', 'least', 'most', 'than'].includes(toks[i - 1]?.w ?? '')) {
      exactLength(mods, Number(w));
      i++;
      continue;
    }
    const bound = boundAt(toks, i);
    if (bound) {
      if (bound.which === 'min') mods.min = bound.value;
      else mods.max = bound.value;
      if (bound.length) mods.lengthBounds = true;
      i = bound.end;
      continue;
    }
    const startsValue = (w === 'starting' || w === 'starts') && ['at', 'from', 'as', 'with'].includes(next ?? '');
    if ((w === 'default' || w === 'defaults' || w === 'defaulting' || w === 'initially' || startsValue) && next !== undefined) {
      let k = i + 1;
      while (toks[k] && ['to', 'at', 'as', 'of', 'is', ':'].includes(toks[k]?.w ?? '')) k++;
      const value = toks[k];
      if (value) {
        mods.defaultText = value.raw;
        i = k;
        continue;
      }
    }
    if (w === 'if' && (next === 'any' || next === 'known' || next === 'available' || next === 'applicable')) {
      mods.optional = true;
      i++;
      continue;
    }
    kept.push(t);
  }
  return kept;
}

export function boundAt(toks: Tok[], i: number): { which: 'min' | 'max'; value: number; end: number; length: boolean } | undefined {
  const w = (k: number): string | undefined => toks[i + k]?.w;
  const pick = (which: 'min' | 'max', n: number): { which: 'min' | 'max'; value: number; end: number; length: boolean } | undefined => {
    const value = w(n);
    if (!isNumber(value)) return undefined;
    const unit = w(n + 1);
    const length = unit === 'characters' || unit === 'chars' || unit === 'letters';
    return { which, value: Number(value), end: i + n + (length ? 1 : 0), length };
  };
  if ((w(0) === 'at' && w(1) === 'least') || (w(0) === 'no' && w(1) === 'less' && w(2) === 'than')) return pick('min', w(0) === 'no' ? 3 : 2);
  if ((w(0) === 'at' && w(1) === 'most') || (w(0) === 'up' && w(1) === 'to')) return pick('max', 2);
  if (w(0) === 'no' && w(1) === 'more' && w(2) === 'than') return pick('max', 3);
  if (w(0) === 'max' || w(0) === 'maximum') return pick('max', w(1) === 'of' ? 2 : 1);
  if (w(0) === 'min' || w(0) === 'minimum') return pick('min', w(1) === 'of' ? 2 : 1);
  if (w(0) === 'of' && (w(1) === 'at' || w(1) === 'up' || w(1) === 'max' || w(1) === 'no')) {
    const inner = boundAt(toks, i + 1);
    return inner;
  }
  return undefined;
}

export function parseDefault(text: string, type: FieldType, values?: string[]): JsonValue | undefined {
  const t = text.toLowerCase();
  switch (type) {
    case 'boolean':
      if (['true', 'yes', 'on', 'enabled'].includes(t)) return true;
      if (['false', 'no', 'off', 'disabled'].includes(t)) return false;
      return undefined;
    case 'integer':
      return /^-?\d+$/.test(t) ? Number(t) : t === 'zero' ? 0 : undefined;
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t === 'zero' ? 0 : undefined;
    case 'enum':
      return values?.find((v) => v.toLowerCase() === t);
    case 'string':
    case 'text':
      return text;
    default:
      return undefined;
  }
}

/**
 * Reads one item of a field list ("an optional due date", "a priority (low, medium, high)",
 * "cooking time in minutes", "a list of tags") into a field. `lookup` recognises other resources,
 * which become reference fields.
 */
/**
 * What a typed stage already knows about an item (stages/phrasings.ts: a type, allowed values,
 * flags, states in order), so it is never written back into English to be read again.
 */
export interface GivenItem {
  type?: FieldType;
  values?: string[];
  optional?: boolean;
  required?: boolean;
  unique?: boolean;
  /** The values are states in the order written ("new → triaged → fixed"): each may move to the next. */
  moves?: boolean;
  /** The moves as written when they branch ("a to b to c, or b to d"); else each value moves to the next. */
  steps?: { from: string; to: string }[];
  /** A default as written ("pending"). */
  defaultText?: string;
  /** The item names a record this one belongs to, whether or not it is described yet. */
  reference?: boolean;
}
