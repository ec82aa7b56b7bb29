import { singular } from '../text.js';
import { CURRENCY_UNITS, MEASURE_UNITS, OTHER_UNITS, TIME_UNITS, TYPE_NOTATIONS } from '../lexicon.js';

/**
 * Stage 3a (part): what a parenthesis or a colon beside a field says of it when it is no list of
 * values: flags ("unique, required"), a type ("date", "EUR", "whole number"), a default ("default
 * false"), a bound that every count already has ("not negative"). The phrasings of
 * stages/phrasings.ts read items with it.
 */
export const FLAGS = new Set(['unique', 'optional', 'required', 'mandatory']);

/** "(unique, required)", "(EUR)", "(date)": flags and a type in one parenthesis, or nothing. */
export function readParen(inner: string): { type?: string; flags: string[]; default?: string; notNegative?: boolean } | undefined {
  // "(e.g. M31, unique)": an example says nothing of the type, unless it is a decimal ("e.g. 1.052"
  // is a number); "(date and time)" is one type
  const decimal = /^(?:e\.?g\.?|eg|for example|for instance|such as|like)\s+-?\d*\.\d+$/i.test(inner.trim());
  if (decimal) return { type: 'number', flags: [] };
  const parts = withoutExamples(inner)
    .replace(/\bdate\s*(?:and|&|\+)\s*(?:time|hour)\b/gi, 'datetime')
    // ("number > 0": a bound written after the type is a part of its own)
    .replace(/(?<=[a-z])\s+(?=(?:>=?|≥)\s*0\b)/gi, ', ')
    .split(/\s*,\s*|\s+and\s+/).map((p) => p.trim().toLowerCase()).filter(Boolean)
    // ("int unique", "email optional": a type and its flags jotted with spaces, as in a schema)
    .flatMap((p) => (/\s/.test(p) && p.split(/\s+/).every((w) => FLAGS.has(w) || TYPE_NOTATIONS[w] !== undefined) ? p.split(/\s+/) : [p]));
  // "(one sign-up per email)": one record per value is a unique value
  const onePer = (p: string): boolean => /^(?:one|only one|a single|max(?:imum)? one|at most one)\s+[\w -]+\s+per\s+\S/.test(p);
  // ("(no duplicates)", "(no two the same)", "(must be unique)": said in words, still unique)
  const sameNever = (p: string): boolean => /^(?:no (?:duplicates?|dupes|two (?:the same|alike|identical)|repeats)|must be unique|never (?:repeated|the same|twice|used twice)|(?:can't|cannot|can not) repeat|each (?:one )?different)$/.test(p);
  const flags = parts.filter((p) => FLAGS.has(p) || onePer(p) || sameNever(p)).map((p) => (p === 'mandatory' ? 'required' : onePer(p) || sameNever(p) ? 'unique' : p));
  // ("(kg, decimal)", "(whole number, not negative)": a unit or a bound beside a type says the same kind of value)
  const typeOf = (p: string): string | undefined => TYPE_NOTATIONS[p] ?? (parts.length > 1 ? notedType(p) : undefined);
  const bounds = parts.filter((p) => parts.length > 1 && NOT_NEGATIVE.test(p));
  const types = parts.filter((p) => typeOf(p) !== undefined);
  // "(boolean, default false)", "(yes/no, starts as no)": a default written beside the type
  const defaults = parts.map((p) => /^(?:default(?:s to|\s*[:=])?|starts? (?:as|at|with|out as)|initially)\s+(\S.*)$/.exec(p)?.[1]).filter((d): d is string => d !== undefined);
  if (flags.length + types.length + defaults.length + bounds.length !== parts.length || parts.length === 0 || flags.length + types.length === 0) return undefined;
  // (a type word says more than a unit: "(kg, decimal)" is a decimal)
  const typed = types.find((t) => TYPE_NOTATIONS[t] !== undefined) ?? types[0];
  const type = typed === undefined ? undefined : typeOf(typed);
  return { ...(type ? { type } : {}), flags, ...(defaults[0] !== undefined ? { default: defaults[0] } : {}), ...(bounds.length ? { notNegative: true } : {}) };
}

/** The type a unit says ("kg", "in minutes": a measure or an amount is a number, a time a whole number). */
export function unitType(unit: string): string | undefined {
  return TIME_UNITS.has(unit) ? 'integer' : CURRENCY_UNITS.has(unit) || MEASURE_UNITS.has(unit) || OTHER_UNITS.has(unit) ? 'number' : undefined;
}

/** A unit or a kind of number written beside a type or a flag ("kg", "in minutes", "whole number"): the type it says. */
function notedType(p: string): string | undefined {
  if (/^(?:a\s+)?whole numbers?$|^(?:positive\s+)?integers?$/.test(p)) return 'integer';
  if (/^(?:a\s+)?decimal(?:\s+number)?$/.test(p)) return 'number';
  return unitType(/^(?:in\s+)?([a-z0-9]+)$/.exec(p)?.[1] ?? '');
}

/** "not negative", "positive", "0 or more": what a count or amount already is. */
const NOT_NEGATIVE = /^(?:not negative|non-?negative|positive|never negative|(?:0|zero) or (?:more|above|higher)|(?:>|>=|≥)\s*0)$/;

/** The parenthesis without its examples ("e.g. M31, unique" -> "unique"). */
function withoutExamples(inner: string): string {
  return inner
    .split(/\s*,\s*/)
    .filter((p, k, all) => !/^(?:e\.?g\.?|eg|for example|for instance|such as|like)\s/i.test(p) && !(k > 0 && /^(?:e\.?g\.?|eg|for example|such as)\s/i.test(all[k - 1] ?? '') && /^[A-Z0-9]/.test(p) && !FLAGS.has(p.toLowerCase())))
    .join(', ');
}


/**
 * "mother, father (both are geckos)", "a white player and a black player (both are members)": a
 * note said of the two items before it makes each a link to that record, written as a link
 * note on each ("mother (a gecko), father (a gecko)").
 */
export function bothAreRecords(text: string): string {
  return text.replace(/([^,:;.\n(]+?)(\s*,\s*|\s+and\s+)([^,:;.\n(]+?)\s*\(\s*both\s+(?:are\s+|r\s+|being\s+)?(?:of\s+them\s+)?([a-z]+)(?:\s+(?:ofc|obviously|of course|lol))?\s*\)/gi, (all: string, first: string, sep: string, second: string, what: string) => {
    const one = singular(what.toLowerCase());
    if (one === what.toLowerCase()) return all;
    const note = ` (${/^[aeiou]/.test(one) ? 'an' : 'a'} ${one})`;
    return `${first}${note}${sep}${second}${note}`;
  });
}

/** Words that are only ever a type, never part of a field's name. */
export const SPEC_ONLY_TYPES = new Set(['int', 'integer', 'str', 'string', 'varchar', 'float', 'decimal', 'bool', 'boolean', 'datetime', 'timestamp']);

/** A bound written after a type: "1..40", "1-50", ">= 1", "max 8", "> 0". */
export const BOUND = String.raw`-?\d+(?:\.\d+)?\s*(?:\.\.|-|–|to)\s*-?\d+(?:\.\d+)?|(?:>=|≥|=>|min|at least|>|<=|≤|max|at most)\s*-?\d+(?:\.\d+)?`;

/** The item without an example or a default written after its type: "number: string (e.g. "4B")", "paid: bool = false". */
export function withoutTrailingNote(item: string): string {
  return item
    .replace(/\s*\((?:(?:e\.?g\.?|eg|for example|such as|like)\s+[^()]*|"[^"()]*")\)$/i, '')
    .replace(/\s*(?:=|\bdefault\b)\s*(?:true|false|yes|no|0|"[^"]*"|'[^']*')$/i, '');
}

/** The bound as the note the field readers take: " (1-40)", " (at least 1)", " (max 8)". */
export function boundNote(bound: string | undefined): string {
  if (bound === undefined) return '';
  const range = /^(-?\d+(?:\.\d+)?)\s*(?:\.\.|-|–|to)\s*(-?\d+(?:\.\d+)?)$/.exec(bound);
  if (range) return ` (${range[1] as string}-${range[2] as string})`;
  const [, op, n] = /^(>=|≥|=>|min|at least|>|<=|≤|max|at most)\s*(-?\d+(?:\.\d+)?)$/.exec(bound) ?? [];
  if (op === '>') return ` (more than ${n as string})`;
  return ['<=', '≤', 'max', 'at most'].includes(op as string) ? ` (max ${n as string})` : ` (at least ${n as string})`;
}

/**
 * What a note written beside a field says of it ("unique code we print on the bag", "in euros",
 * "whole number", "how many in the group", "date and time", "a member"): its flags and its type.
 * The rest of a note describes the field and is never part of its name. `record` is an article or
 * "which" before one noun ("a member", "which slot"): the field may point at that record, which
 * only the reader knows, so it is handed on as a parenthesis ("builder (a member)").
 */
export function readNote(note: string): { type?: string; flags: string[]; record?: string } {
  const n = note.trim().toLowerCase().replace(/[.;]$/, '');
  const flags = ['unique', 'optional', 'required'].filter((f) => new RegExp(`\\b${f}\\b`).test(n));
  if (/\bmandatory\b/.test(n) && !flags.includes('required')) flags.push('required');
  const record = /^(?:a|an|which|the)\s+([a-z]+)(?:\s+(?:who|that|which)\s+[a-z]+(?:\s+(?:it|them|this|one))?)?$/.exec(n)?.[1]; // ("the member who owns it")
  const unit = /^in\s+([a-z0-9]+)$/.exec(n)?.[1];
  let type: string | undefined;
  if (/\bwhole numbers?\b|\bintegers?\b/.test(n) || /^how many\b/.test(n)) type = 'integer';
  else if (/\bdate\s*(?:and|&|\+)\s*(?:time|hour)\b/.test(n)) type = 'datetime';
  else if (/\byes\s*(?:\/|or)\s*no\b|\btrue\s*(?:\/|or)\s*false\b/.test(n)) type = 'boolean';
  else if (unit && unitType(unit)) type = unitType(unit);
  else if (/^(?:an?\s+)?(?:decimal\s+)?number$/.test(n)) type = 'number';
  else if (/^e\.?g\.?\s/.test(n) || /^(?:e\.?g|eg|for example|such as|like)\b/.test(n)) type = undefined;
  else {
    const bare = n.split(/\s*,\s*/).filter((p) => !flags.includes(p) && p !== 'mandatory');
    const notation = bare.length === 1 ? TYPE_NOTATIONS[bare[0] as string] : undefined;
    if (notation) type = notation;
  }
  return { ...(type ? { type } : {}), flags, ...(record && !type ? { record } : {}) };
}
