import { PHRASAL, VALUE_NOUNS, VERB_SET } from './lexicon.js';
import { splitSentences, verbLemma } from './text.js';

/**
 * A word of the prompt. `w` is the lower-case form used for matching, `raw` the text as written
 * (enum values and messages keep the user's spelling). A parenthesised group is one token whose
 * `inner` holds its words, so "(low, medium, high)" never splits a list of fields.
 */
export interface Tok {
  raw: string;
  w: string;
  inner?: Tok[];
  /** A range collapsed from "from 1 to 5" / "between 1 and 5" / "1-5". */
  range?: { min?: number; max?: number };
  /** Written with a possessive "'s" ("the captain's"), which `w` no longer shows. */
  possessive?: true;
}

export interface Clause {
  /** Index of the sentence the clause came from, and of the clause in it. */
  sentence: number;
  index: number;
  text: string;
  toks: Tok[];
  /** The body after a heading's colon ("Book: title, author"). */
  afterColon: boolean;
}

// a minus sign right before a digit, not after a word, is a sign ("-2 to 12"); "1..40" is a range
// (letters with accents are letters: "café", "pétanque"; the working word drops the accents, so
// names stay plain identifiers, while the raw word keeps them for values and messages)
const WORD_RE = /\(|\)|\[|\]|(?<![\w.])-?\d+(?:\.\d+)?(?:(?:[-–]|\.\.)-?\d+(?:\.\d+)?)?|[A-Za-z\u00C0-\u024F][A-Za-z0-9\u00C0-\u024F'’_-]*|[,;:!?/&"+]/g;
const ACCENTED = /[\u00C0-\u024F]/;
/** "café" -> "cafe", "Pétanque" -> "Petanque"; a letter with no plain form ("ß", "ø") is dropped. */
const plainLetters = (w: string): string => (ACCENTED.test(w) ? w.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9'_-]/gi, '') : w);

export function tokenize(text: string): Tok[] {
  const flat: Tok[] = [];
  // "(none | some | lots)": bars between values in parentheses part them like slashes
  const barred = text.replace(/\(([^()]*\|[^()]*)\)/g, (_all, inner: string) => `(${inner.replace(/\s*\|\s*/g, ' / ')})`);
  for (const m of barred.matchAll(WORD_RE)) {
    let raw = m[0].replace(/’/g, "'");
    let possessive = false;
    if (/^[A-Za-z\u00C0-\u024F]/.test(raw)) {
      possessive = /'s?$/i.test(raw) && !/^(?:it|that|what|there|here|who|he|she|let)'s$/i.test(raw);
      raw = raw.replace(/'s$/i, '').replace(/-+$/, '');
      if (raw.endsWith("'")) raw = raw.slice(0, -1);
    }
    const dash = /^(-?\d+(?:\.\d+)?)(?:[-–]|\.\.)(-?\d+(?:\.\d+)?)$/.exec(raw);
    if (dash) {
      flat.push({ raw, w: '#range', range: { min: Number(dash[1]), max: Number(dash[2]) } });
      continue;
    }
    const w = plainLetters(raw.toLowerCase());
    if (!w) continue;
    // ("one instrument can not be borrowed if it is broken": one negation, read as "cannot", quoted as written)
    const before = flat[flat.length - 1];
    if (w === 'not' && before?.w === 'can') {
      flat[flat.length - 1] = { raw: `${before.raw} ${raw}`, w: 'cannot' };
      continue;
    }
    flat.push({ raw, w, ...(possessive ? { possessive: true as const } : {}) });
  }
  return collapseRanges(groupParens(flat));
}

function groupParens(flat: Tok[]): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < flat.length) {
    const t = flat[i] as Tok;
    if (t.w === '(' || t.w === '[') {
      const close = t.w === '(' ? ')' : ']';
      const inner: Tok[] = [];
      i++;
      while (i < flat.length && (flat[i] as Tok).w !== close) inner.push(flat[i++] as Tok);
      i++;
      out.push({ raw: `(${inner.map((x) => x.raw).join(' ')})`, w: '#paren', inner: collapseRanges(inner) });
      continue;
    }
    if (t.w !== ')' && t.w !== ']') out.push(t);
    i++;
  }
  return out;
}

const isNum = (t: Tok | undefined): t is Tok => t !== undefined && /^-?\d+(\.\d+)?$/.test(t.w);

/** "from 1 to 5", "between 1 and 5", "1 to 5": one range token, so "and" does not split a list. */
function collapseRanges(toks: Tok[]): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < toks.length; i++) {
    const a = toks[i] as Tok;
    const b = toks[i + 1];
    const c = toks[i + 2];
    const d = toks[i + 3];
    if ((a.w === 'from' || a.w === 'between') && isNum(b) && (c?.w === 'to' || c?.w === 'and' || c?.w === '-') && isNum(d)) {
      out.push({ raw: `${a.raw} ${b.raw} ${c.raw} ${d.raw}`, w: '#range', range: { min: Number(b.w), max: Number(d.w) } });
      i += 3;
      continue;
    }
    if (isNum(a) && b?.w === 'to' && isNum(c)) {
      out.push({ raw: `${a.raw} to ${c.raw}`, w: '#range', range: { min: Number(a.w), max: Number(c.w) } });
      i += 2;
      continue;
    }
    out.push(a);
  }
  return out;
}

/**
 * Sentences (compromise), then clauses: ";" always separates; ":" separates a heading from its
 * body ("Bug tracker: issues have ..."), and the heading stays a clause of its own.
 */
export function splitClauses(prompt: string): Clause[] {
  const clauses: Clause[] = [];
  splitSentences(prompt).forEach((sentence, si) => {
    const body = sentence.replace(/[.!?]+$/, '');
    let index = 0;
    for (let part of splitOutsideParens(slashesToClauses(dashesToClauses(body)), ';')) {
      // "one of: a, b, c" and "the following: ..." keep their list in the same clause
      let colon = indexOutsideParens(part, ':');
      // "Repairs have a name and a status: received, in repair, ready": the values of that field
      if (colon > 0 && valuesAfterColon(part.slice(0, colon), part.slice(colon + 1))) {
        part = `${part.slice(0, colon)} (${part.slice(colon + 1).trim()})`;
        colon = -1;
      }
      if (colon > 0 && (/\b(of|are|is|include|includes|following|be|values|either)\s*$/i.test(part.slice(0, colon)) || /^\s*how\s+many\b/i.test(part.slice(colon + 1)))) {
        part = `${part.slice(0, colon)} ${part.slice(colon + 1)}`;
        colon = -1;
      }
      const pieces = colon > 0 && !/\d:\d/.test(part) ? [part.slice(0, colon), `:${part.slice(colon + 1)}`] : [part];
      for (const piece of pieces) {
        const toks = expandParticlePairs(tokenize(piece.replace(/^:/, '')));
        if (toks.length === 0) continue;
        clauses.push({ sentence: si, index: index++, text: piece.replace(/^:/, '').trim(), toks, afterColon: piece.startsWith(':') });
      }
    }
  });
  return clauses;
}

/**
 * A dash before a conjunction or a subject starts a new clause ("paid y/n — and I mark it paid");
 * any other spaced dash introduces what follows ("position - goalkeeper, defender").
 */
function dashesToClauses(body: string): string {
  return body
    .replace(/\s+[—–-]\s+(?:and|but|so|plus|also|then)\s+/gi, '; ')
    .replace(/\s+[—–-]\s+(?=(?:i|we|they|you|he|she|it|it's|i'm|we're)\s)/gi, '; ')
    .replace(/\s+[—–]\s+|\s+-\s+/g, ': ');
}

/**
 * "adjourn a hearing / mark it held": a spaced slash before a verb and its object joins two
 * requirements; "mark X as a and as b" is two requirements too.
 */
function slashesToClauses(body: string): string {
  return body
    // "mark a repair as ready and as collected": one requirement per state
    .replace(/\b(mark|flag|set)\s+((?:a|an|the)\s+[a-z]+|it|them)\s+as\s+([a-z-]+)\s+(and|or)\s+as\s+([a-z-]+)/gi, '$1 $2 as $3; $1 $2 as $5')
    .replace(/\s+\/\s+(?=([a-z]+)\s+(?:a|an|the|it|them|its|their|this|that|all)\b)/gi, (m, verb: string) => (verbLemma(verb, VERB_SET) !== undefined ? '; ' : m));
}

/** A colon after a field that takes values ("a status: a, b, c"), inside a sentence that declares fields. */
function valuesAfterColon(before: string, after: string): boolean {
  const head = /([a-z]+)\s*$/i.exec(before)?.[1]?.toLowerCase() ?? '';
  if (!/\b(?:have|has|with)\b/i.test(before) || /[:()]/.test(after)) return false;
  const values = after.split(/,|\bor\b|\//).map((v) => v.trim()).filter(Boolean);
  // ("... and a code: present, late, authorised absence or unauthorised absence": three or more
  // short values ending in "or" after any thing it has are its values too)
  const listed = /\b(?:a|an|the|its|their)\s+[a-z]+\s*$/i.test(before) && values.length >= 3 && /,[^,]*\bor\b[^,]*$/i.test(after);
  return (VALUE_NOUNS.has(head) || listed) && values.length >= 2 && values.every((v) => v.split(/\s+/).length <= 3);
}

function indexOutsideParens(text: string, ch: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === ch && depth === 0) return i;
  }
  return -1;
}

function splitOutsideParens(text: string, ch: string): string[] {
  const parts: string[] = [];
  let rest = text;
  for (let i = indexOutsideParens(rest, ch); i >= 0; i = indexOutsideParens(rest, ch)) {
    parts.push(rest.slice(0, i));
    rest = rest.slice(i + 1);
  }
  parts.push(rest);
  return parts;
}

export function words(toks: readonly Tok[]): string[] {
  return toks.filter((t) => /^[a-z0-9#]/.test(t.w)).map((t) => t.w);
}

export function textOf(toks: readonly Tok[]): string {
  return toks.map((t) => t.raw).join(' ').replace(/\s+([,;:])/g, '$1');
}

/** Splits on `,`, `and`, `or`, `&`, `plus`, "as well as", "along with" (outside parentheses). */
export function splitList(toks: readonly Tok[], opts: { or?: boolean } = {}): Tok[][] {
  const items: Tok[][] = [];
  let cur: Tok[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as Tok;
    const next = toks[i + 1];
    const isSep =
      t.w === ',' || t.w === 'and' || t.w === '&' || t.w === '+' || t.w === 'plus' || t.w === '/' || (opts.or !== false && t.w === 'or') ||
      (t.w === 'as' && next?.w === 'well' && toks[i + 2]?.w === 'as') ||
      (t.w === 'along' && next?.w === 'with');
    if (isSep) {
      if (cur.length) items.push(cur);
      cur = [];
      if (t.w === 'as') i += 2;
      if (t.w === 'along') i += 1;
      continue;
    }
    cur.push(t);
  }
  if (cur.length) items.push(cur);
  return withExamples(items);
}

/** "name (unique), e.g. "Heron"": an example after a comma notes the item before it, as "(e.g. Heron)" would. */
function withExamples(items: Tok[][]): Tok[][] {
  const out: Tok[][] = [];
  for (const item of items) {
    const ws = item.map((t) => t.w);
    const lead = ws[0] === 'e' && ws[1] === 'g' ? 2 : ws[0] === 'eg' || ws[0] === 'ie' ? 1 : ws[0] === 'for' && ws[1] === 'example' ? 2 : 0;
    const prev = out[out.length - 1];
    if (lead === 0 || prev === undefined) out.push(item);
    else prev.push({ raw: `(${item.map((t) => t.raw).join(' ')})`, w: '#paren', inner: [{ raw: 'e', w: 'e' }, { raw: 'g', w: 'g' }, ...item.slice(lead).filter((t) => t.w !== '"')] });
  }
  return out;
}

/**
 * "check dogs in and out" -> "check dogs in and check dogs out": one phrasal verb with two
 * particles is two actions on the same object.
 */
export function expandParticlePairs(toks: Tok[]): Tok[] {
  for (let i = 0; i < toks.length; i++) {
    const head = toks[i]?.w ?? '';
    if (!PHRASAL.some(([h]) => h === head)) continue;
    for (let len = 1; len <= 3; len++) {
      const p1 = toks[i + 1 + len];
      const and = toks[i + 2 + len];
      const p2 = toks[i + 3 + len];
      if (!p1 || !p2 || (and?.w !== 'and' && and?.w !== 'or')) continue;
      const object = toks.slice(i + 1, i + 1 + len);
      if (object.some((t) => !/^[a-z]/.test(t.w) || t.w === 'and' || t.w === 'or')) break;
      if (!PHRASAL.some(([h, p]) => h === head && p === p1.w) || !PHRASAL.some(([h, p]) => h === head && p === p2.w) || p1.w === p2.w) continue;
      const headTok = toks[i] as Tok;
      return [...toks.slice(0, i + 2 + len), and, headTok, ...object, ...expandParticlePairs(toks.slice(i + 3 + len))];
    }
  }
  return toks;
}
