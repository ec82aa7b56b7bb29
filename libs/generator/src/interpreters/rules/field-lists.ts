import { CONTACT_DETAILS, ENUM_MARKERS, PAIRED_QUALIFIERS, TYPE_BY_WORD, VALUE_NOUNS } from './lexicon.js';
import { type Tok, splitList, textOf } from './tokens.js';

/**
 * Field lists before they are split into items: values written inline ("one of low, medium or
 * high", "a surface, clay or hard") are grouped with their field and a yes/no written with a
 * slash ("paid y/n") becomes one item, so each item can then be read on its own (fields.ts).
 */

/**
 * Turns "one of low, medium or high" into a parenthesised group before the list is split, so the
 * values stay with their field. Values end where a new item starts ("..., and a due date").
 */
export function prepareFieldList(input: readonly Tok[]): Tok[] {
  // "an on/off state", "a yes/no answer", "paid y/n": a yes/no field, not two items
  const toks: Tok[] = [];
  for (let i = 0; i < input.length; i++) {
    // "a name, which must be unique, ...", "a class, which is one of a, b or c": a relative clause set
    // off by commas that gives a flag or values qualifies the item before it
    if (input[i]?.w === ',' && i > 0 && ['which', 'that'].includes(input[i + 1]?.w ?? '') && input[i - 1]?.w !== ',' && qualifies(input.slice(i + 2))) continue;
    // "a capacity, usually 15": a usual value set off by a comma is the item's default, not an item
    if (input[i]?.w === ',' && i > 0 && USUALLY.has(input[i + 1]?.w ?? '') && /^[\w.-]+$/.test(input[i + 2]?.w ?? '') && [undefined, ',', 'and', ')'].includes(input[i + 3]?.w)) {
      toks.push({ raw: `(default ${(input[i + 2] as Tok).raw})`, w: '#paren', inner: [{ raw: 'default', w: 'default' }, input[i + 2] as Tok] });
      i += 2;
      continue;
    }
    const [a, slash, b] = [input[i], input[i + 1], input[i + 2]];
    if (a && slash?.w === '/' && b && ((a.w === 'on' && b.w === 'off') || ((a.w === 'yes' || a.w === 'y') && (b.w === 'no' || b.w === 'n')) || (a.w === 'true' && b.w === 'false'))) {
      toks.push({ raw: `${a.raw}/${b.raw}`, w: 'boolean' });
      i += 2;
      continue;
    }
    // "done or not", "paid or not": a yes/no field named by the word before
    const [or, not, after] = [input[i + 1], input[i + 2], input[i + 3]];
    if (a && /^[a-z]/.test(a.w) && or?.w === 'or' && not?.w === 'not' && (after === undefined || after.w === ',' || after.w === 'and')) {
      // ("if the deposit is paid or not": the question already makes it a yes/no)
      let start = toks.length;
      while (start > 0 && ![',', 'and'].includes((toks[start - 1] as Tok).w)) start--;
      // ("deposit paid or not": the yes/no goes in front of the whole item, never inside its name)
      if (!['if', 'whether'].includes(toks[start]?.w ?? '')) toks.splice(start, 0, { raw: 'yes/no', w: 'boolean' });
      toks.push(a);
      i += 2;
      continue;
    }
    // "a start and end time", "first and last name": two fields sharing the noun
    const [and2, b2, noun] = [input[i + 1], input[i + 2], input[i + 3]];
    if (a && and2?.w === 'and' && b2 && noun && PAIRED_QUALIFIERS[a.w] === b2.w && /^[a-z]+$/.test(noun.w) && !['and', 'or'].includes(noun.w)) {
      toks.push(a, { raw: noun.raw, w: noun.w }, { raw: ',', w: ',' }, b2, noun);
      i += 3;
      continue;
    }
    // "(date and time)", "(date & time)", "(date + time)": one type, not two allowed values
    if (a?.w === '#paren' && a.inner?.map((x) => x.w).join(' ').replace(/&|\+/, 'and') === 'date and time') {
      toks.push({ raw: '(datetime)', w: '#paren', inner: [{ raw: 'datetime', w: 'datetime' }] });
      continue;
    }
    // "measured at date+time": the type written after the name, not a second item
    if (i > 0 && a?.w === 'date' && slash?.w === '+' && b?.w === 'time' && /^[a-z]/.test(input[i - 1]?.w ?? '') && ![',', 'and'].includes(input[i - 1]?.w ?? '')) {
      toks.push({ raw: '(datetime)', w: '#paren', inner: [{ raw: 'datetime', w: 'datetime' }] });
      i += 2;
      continue;
    }
    // "pace group A / B / C", "arm left/right": single words joined by slashes after a name are its values
    const run = slashRun(input, i);
    // (after "of", "like", "is" the words that introduce values are read below)
    if (run && i > 0 && /^[a-z]/.test(input[i - 1]?.w ?? '') && ![',', 'and', 'or', 'of', 'like', 'is', 'are', 'be', 'either', 'eg', 'e.g'].includes(input[i - 1]?.w ?? '')) {
      toks.push({ raw: `(${run.map((t) => t.raw).join(', ')})`, w: '#paren', inner: run.flatMap((t, k) => (k === 0 ? [t] : [{ raw: ',', w: ',' }, t])) });
      i += run.length * 2 - 2;
      continue;
    }
    toks.push(a as Tok);
  }
  const out: Tok[] = [];
  for (let i = 0; i < toks.length; i++) {
    const marker = ENUM_MARKERS.find((m) => m.every((w, k) => toks[i + k]?.w === w));
    const itemStart = i === 0 || toks[i - 1]?.w === ',' || toks[i - 1]?.w === 'and';
    if (marker && !itemStart) {
      let j = i + marker.length;
      // "that is one of ...": markers may follow each other
      for (let again = ENUM_MARKERS.find((m) => m.every((w, k) => toks[j + k]?.w === w)); again; again = ENUM_MARKERS.find((m) => m.every((w, k) => toks[j + k]?.w === w))) j += again.length;
      const values: Tok[] = [];
      while (j < toks.length) {
        const t = toks[j] as Tok;
        const next = toks[j + 1];
        if ((t.w === ',' || t.w === 'and') && next && (['a', 'an', 'the', 'optional', 'unique', 'its', 'their', 'some', 'and'].includes(next.w) || next.w === ',')) break;
        if (t.w === '#paren' || t.w === '#range') break;
        values.push(t);
        j++;
      }
      const items = splitList(values).map((v) => textOf(v)).filter((v) => v.length > 0);
      // "a severity of low, medium or high" lists values; "a list of tags and notes" does not
      const offersChoice = marker.length > 1 || marker[0] !== 'of' || values.some((t) => t.w === 'or' || t.w === '/');
      if (offersChoice && items.length >= 2 && items.every((v) => v.split(' ').length <= 3)) {
        out.push({ raw: `(${items.join(', ')})`, w: '#paren', inner: values });
        i = j - 1;
        continue;
      }
    }
    out.push(toks[i] as Tok);
  }
  return sharedOwner(valuesAfterComma(valuesAfterNoun(out)));
}

/**
 * "status pending, picked or delivered", "a size small, medium or large": a noun that takes
 * values (lexicon VALUE_NOUNS) followed straight by bare words joined by "or" lists its values,
 * as if written in parentheses. The values end where an item with an article starts.
 */
export function valuesAfterNoun(toks: readonly Tok[]): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as Tok;
    out.push(t);
    const itemStart = i === 0 || [',', 'and'].includes(toks[i - 1]?.w ?? '') || (ARTICLES.has(toks[i - 1]?.w ?? '') && (i === 1 || [',', 'and'].includes(toks[i - 2]?.w ?? '')));
    if (!itemStart || !VALUE_NOUNS.has(t.w) || !isBare(toks[i + 1])) continue;
    let j = i + 1;
    const values: Tok[] = [];
    while (j < toks.length && !([',', 'and'].includes((toks[j] as Tok).w) && (ARTICLES.has(toks[j + 1]?.w ?? '') || toks[j + 1]?.w === 'and'))) values.push(toks[j++] as Tok);
    const groups = splitList(values);
    if (groups.length < 2 || !values.some((v) => v.w === 'or') || !groups.every((g) => g.length <= 2 && g.every(isBare))) continue;
    out.push({ raw: `(${groups.map((g) => textOf(g)).join(', ')})`, w: '#paren', inner: values });
    i = j - 1;
  }
  return out;
}

/** A bare word that may be a value: not an article, a separator or a word that names a field ("email"). */
const isBare = (t: Tok | undefined): boolean => t !== undefined && /^(?:[a-z][a-z'-]*|-?\d+(?:\.\d+)?)$/.test(t.w) && !ARTICLES.has(t.w) && !['and', 'or', 'with', 'in', 'of', 'for'].includes(t.w) && (TYPE_BY_WORD[t.w] === undefined || TYPE_BY_WORD[t.w]?.type === 'boolean') && !CONTACT_DETAILS.has(t.w) && t.w !== 'name';

/**
 * "the captain's name and phone", "the tenant's name, email and phone": contact details listed
 * bare after a possessive item are the same person's (captainPhone, tenantEmail) when they are joined
 * to it by "and", or when the list holds two people; "the customer's name, phone, mower make" names
 * the one person the record is about, and its phone is `phone` (54 of the 61 such lists in batches
 * 08-60 were meant so). Only contact details share the owner; "the customer's name and the date" does not.
 */
export function sharedOwner(toks: readonly Tok[]): Tok[] {
  const apart = ownersApart(toks);
  const out: Tok[] = [];
  let owner: Tok | undefined;
  /** Items since the owner's: the detail right after it by "and" is the owner's too. */
  let since = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as Tok;
    const itemStart = i === 0 || [',', 'and', 'plus', '+', '&'].includes(toks[i - 1]?.w ?? '');
    if (itemStart) {
      since++;
      const ownerAt = ARTICLES.has(t.w) ? i + 1 : i;
      const first = toks[ownerAt];
      const joined = since === 1 && ['and', '+', '&'].includes(toks[i - 1]?.w ?? '');
      if (first?.possessive && toks[ownerAt + 1] && /^[a-z]/.test(toks[ownerAt + 1]?.w ?? '')) [owner, since] = [first, 0];
      else if (owner && (apart || joined) && CONTACT_DETAILS.has(t.w) && (toks[i + 1] === undefined || [',', 'and'].includes(toks[i + 1]?.w ?? '') || (t.w === 'phone' && toks[i + 1]?.w === 'number'))) out.push({ raw: owner.raw, w: owner.w, possessive: true });
      else owner = undefined;
    }
    out.push(t);
  }
  return out;
}

const ARTICLES = new Set(['a', 'an', 'the']);

/** Two people in one list: two possessive owners, or a bare "name" beside an owner's. */
export function ownersApart(toks: readonly Tok[]): boolean {
  const owners = new Set(toks.filter((t, i) => t.possessive && /^[a-z]/.test(toks[i + 1]?.w ?? '')).map((t) => t.w));
  const bareName = toks.some((t, i) => t.w === 'name' && !toks[i - 1]?.possessive);
  return owners.size >= 2 || (owners.size === 1 && bareName);
}

/**
 * "a surface, clay or hard", "a length in minutes, 45 or 90": after an item written with an
 * article, bare words or numbers joined by "or" (with no article, none a word that names a field
 * such as "email") are that item's allowed values, as if written in parentheses.
 */
export function valuesAfterComma(toks: readonly Tok[]): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as Tok;
    if (t.w !== ',') {
      out.push(t);
      continue;
    }
    let start = out.length;
    while (start > 0 && ![',', 'and'].includes((out[start - 1] as Tok).w)) start--;
    const prevArticle = ARTICLES.has(out[start]?.w ?? '') && out.length - start >= 2 && !out.slice(start).some((x) => x.w === '#paren');
    let j = i + 1;
    const values: Tok[] = [];
    while (j < toks.length && !(((toks[j] as Tok).w === 'and' || (toks[j] as Tok).w === ',') && ARTICLES.has(toks[j + 1]?.w ?? ''))) values.push(toks[j++] as Tok);
    const groups = splitList(values);
    const bare = groups.length >= 2 && values.some((v) => v.w === 'or') && groups.every((g) => g.length <= 2 && g.every((x) => /^(?:[a-z][a-z'-]*|-?\d+(?:\.\d+)?)$/.test(x.w) && !ARTICLES.has(x.w) && TYPE_BY_WORD[x.w] === undefined));
    if (!prevArticle || !bare) {
      out.push(t);
      continue;
    }
    out.push({ raw: `(${groups.map((g) => textOf(g)).join(', ')})`, w: '#paren', inner: values });
    i = j - 1;
  }
  return out;
}

/** The relative clause (up to its comma) says a flag or lists values ("must be unique", "is one of ..."). */
function qualifies(after: readonly Tok[]): boolean {
  const end = after.findIndex((t) => t.w === ',' || t.w === 'and');
  const first = (end < 0 ? after : after.slice(0, end)).map((t) => t.w);
  return first.some((w) => ['unique', 'optional', 'required', 'either', 'default', 'defaults'].includes(w)) || first.join(' ').includes('one of');
}

/** "A / B / C" from `at`: two or more single bare words joined by slashes (never yes/no, types or field names). */
function slashRun(toks: readonly Tok[], at: number): Tok[] | undefined {
  const run: Tok[] = [];
  for (let k = at; isBare(toks[k]) || /^[A-Z]$/.test(toks[k]?.raw ?? ''); k += 2) {
    run.push(toks[k] as Tok);
    if (toks[k + 1]?.w !== '/') break;
  }
  const yesNo = run.every((t) => ['yes', 'no', 'y', 'n', 'on', 'off', 'true', 'false'].includes(t.w));
  return run.length >= 2 && !yesNo ? run : undefined;
}

/**
 * "swim time, bike time, run time (each in seconds)", "height, width (both in cm)": a note that
 * says "each", "all" or "both" holds for every item of its run, not only the last. The run is the
 * items before it with no note of their own; in a list that goes on past them (`wholeRun` false),
 * only those sharing the noted item's last word ("swim time, bike time, run time").
 */
export function sharedNotes(items: readonly string[], wholeRun: boolean): string[] {
  const out = [...items];
  for (let k = 0; k < out.length; k++) {
    const m = /^(.*?)\s*\(\s*(?:each|all|both|all of them|each of them)\s+(?:is\s+|are\s+)?([^()]+)\)\s*$/i.exec(out[k] as string);
    if (!m) continue;
    const head = (m[1] as string).trim().split(/\s+/).pop()?.toLowerCase();
    const note = `(${(m[2] as string).trim()})`;
    out[k] = `${m[1] as string} ${note}`;
    for (let j = k - 1; j >= 0; j--) {
      const item = out[j] as string;
      if (/[()]/.test(item) || (!wholeRun && item.trim().split(/\s+/).pop()?.toLowerCase() !== head)) break;
      out[j] = `${item} ${note}`;
    }
  }
  return out;
}

/** ", 1 to 9", ", unique", ", from 0", ", e.g. B07": a note after an item's comma, not another item. */
export const FIELD_NOTE_AFTER_COMMA = /\s*,\s*(?:-?\d|from\b|between\b|up to\b|at (?:most|least)\b|max\b|min\b|unique\b|optional\b|required\b|e\.g\.).*$/i;

/** Words before a value that is the usual one ("usually 15"). */
const USUALLY = new Set(['usually', 'normally', 'typically', 'mostly', 'generally']);
