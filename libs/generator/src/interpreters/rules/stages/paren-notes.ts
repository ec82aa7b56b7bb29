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
    .split(/\s*,\s*|\s+and\s+/).map((p) => p.trim().toLowerCase()).filter(Boolean);
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
