import { CONTEXT_LABELS, JOINED_NAMES, GREETINGS, SECTION_LABELS, SIGN_OFFS, TYPE_NOTATIONS } from '../lexicon.js';
import { documentLine } from './context.js';
import { endpointLines, labelledRoutes } from './endpoints.js';
import { columnsAsItems } from './line-layouts.js';
import { CRUD_WORD } from './repairs.js';
import { readSections } from './sections.js';
import { singular, splitIdentifier } from '../text.js';
import { splitSentence } from './split-sentence.js';

export { repairSpelling } from './repairs.js';

/**
 * Stage 1: the prompt's layout, before any word is read. Markdown headings, bold headings, short
 * lines ending with a colon, bullets and numbered items, table rows, and sentences of plain
 * text. A greeting in front of a sentence and a sign-off are cut and kept in `dropped`, so the
 * words the user wrote can still be quoted.
 */
export type Line =
  | { kind: 'heading'; text: string; level: number }
  | { kind: 'bullet'; text: string; depth: number }
  | { kind: 'row'; cells: string[] }
  | { kind: 'sentence'; text: string };

export interface Normalised {
  lines: Line[];
  /** Words cut from the text (greetings, sign-offs), quoted as ignored. */
  dropped: string[];
}

const BULLET = /^\s*(?:[-*•+]|\d{1,2}[.)]|[a-h]\)|[A-H][.)](?=\s+[A-Z]))\s+\S/;
const ABBREVIATIONS = /\b(?:e\.g|i\.e|etc|vs|approx|incl|min|max)\.$/i;
/** "No. 5" is a number; "yes or no. also ..." ends a sentence. */
/** A name written as code writes it ("weight_kg", "listDate"), then a type word and no colon. */
const CODE_NAME_THEN_TYPE = new RegExp(`\\b([a-z]+(?:_[a-z0-9]+)+|[a-z]{2,}(?:[A-Z][a-z0-9]+)+)[ \\t]+(${Object.keys(TYPE_NOTATIONS).filter((t) => /^[a-z]+$/.test(t)).join('|')})\\b(?![ \\t]*[:(])`, 'g');
const NUMBER_SIGN = /\bno\.$/i;
/** Emoji (with skin tones, joiners and variation selectors) and the space before them say nothing of the backend. */
const EMOJI = /[ \t]*(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D})+/gu;
/** "getting out of hand 😅 want to track ...": an emoji between two words ends the sentence before it. */
const EMOJI_BETWEEN_WORDS = /(?<=[\p{L}\p{N})])[ \t]*(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D})+[ \t]+(?=\p{L})/gu;

export function normalise(prompt: string): Normalised {
  const lines: Line[] = [];
  const dropped: string[] = [];
  // ("name | length (feet) | berths": items split by bars, with no table around them and no "=" or ":" before values, are a list)
  const raw = labelledRoutes(prompt.replace(/\r\n?/g, '\n')).replace(EMOJI_BETWEEN_WORDS, '. ').replace(EMOJI, '').split('\n').filter((l) => l.trim() !== '')
    // ("POST /jobs/{id}/start": a route says an action)
    .flatMap((l) => endpointLines(l))
    .map((l, k, all) => (/^\s*[^|\s:=][^|:=]*(?:\s\|\s[^|:=]+){2,}$/.test(l) && !/^\s*\|?\s*:?-{2,}/.test(all[k + 1] ?? '') ? l.replace(/\s\|\s/g, ', ') : l))
    // ("manage yachts (add, edit, remove, list)": the verbs in parentheses are what is asked)
    .map((l) => l.replace(MANAGE_VERBS, (_m, what: string, verbs: string) => `${verbs} ${what}`))
    // ("- boards: add, list by level, delete": each verb acts on the records the label names)
    .map((l) => l.replace(RECORD_VERBS, (all, mark: string, what: string, verbs: string) => {
      const parts = verbs.split(/\s*[,;]\s*|\s+and\s+/).map((p) => p.replace(/^(?:also|then|plus)\s+/i, '')).filter(Boolean);
      // (bare verbs only, "players: create, list, get", are read as they are)
      const apply = parts.every((p) => CRUD_START.test(p)) && parts.some((p) => /\s/.test(p));
      // ("get by sail number": one record is got by a field, so it is "get a yacht by sail number")
      // ("courses: create, list, update, delete": a bare verb but a list's acts on one record)
      const single = (p: string): boolean => /^(?:get|show|view|see)\s+by\b/i.test(p) || (!/\s/.test(p) && !/^(?:list|search|see|view)$/i.test(p));
      const one = (p: string): string => (single(p) ? p.replace(/^(\S+)/, `$1 a ${singular(what)}`) : p.replace(/^(\S+)/, `$1 ${what}`));
      return apply ? `${mark}${parts.map((p) => (/^\S+\s+(?:a|an|the|one)\s/i.test(p) ? p : one(p))).join(', ')}` : all;
    }));
  joinUnfinishedLists(raw);
  raw.splice(0, raw.length, ...raw.flatMap(recordStatesLine));
  columnsAsItems(raw);
  // ("date_of_birth", "contact_phone": a name written as a programmer writes it is its words)
  // ("clientName", "installedOn": so is one in camel case; "iPhone" and "eBay" are names, not two words)
  // ("FeedOrder:", "-> TrackDay": a record's name as code writes it is its words too, brands aside)
  // ("weight_kg number", "listDate date": a type word right after such a name is its type, as if after a colon)
  raw.forEach((l, k) => (raw[k] = l.replace(CODE_NAME_THEN_TYPE, '$1: $2')));
  raw.forEach((l, k) => (raw[k] = l.replace(/\b([a-z]+(?:_[a-z0-9]+)+)\b/gi, (w: string) => w.replace(/_/g, ' ')).replace(/\b[a-z]{2,}(?:[A-Z][a-z0-9]+)+[A-Z]?\b/g, (w: string) => splitIdentifier(w).join(' '))
    .replace(/\b[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+\b/g, (w: string) => (JOINED_NAMES.has(w.toLowerCase()) ? w : splitIdentifier(w).join(' ').replace(/^./, (c) => c.toUpperCase())))));
  const consumed = new Set<number>();
  /** What was said beside field items, read after everything else (fieldItem). */
  const ruleNotes: string[] = [];
  // "1. Customers" or "Teams" over one unmarked, deeper line: "Customers: name, address, ..."
  // ("4. Notes" over "Two vans, ..." stays a section label over its sentences)
  const labelsOneList = (label: string, at: number): boolean => {
    const only = raw[at + 1] as string;
    if (BULLET.test(only) || isDeeper(raw[at + 2], only) || SECTION_LABELS.has(label.toLowerCase())) return false;
    consumed.add(at + 1);
    for (const s of sentences(`${label}: ${stripMarks(only.trim())}`)) for (const part of splitSentence(s)) lines.push({ kind: 'sentence', text: part });
    return true;
  };
  raw.forEach((rawLine, at) => {
    if (consumed.has(at)) return;
    const line = rawLine.replace(/\s+$/, '');
    const trimmed = line.trim();
    const md = /^(#{1,6})\s+(.+?)\s*#*$/.exec(trimmed);
    if (md) {
      lines.push({ kind: 'heading', text: stripMarks(md[2] as string).replace(/:$/, ''), level: (md[1] as string).length });
      return;
    }
    const bold = /^(?:\*\*|__)(.+?)(?:\*\*|__)\s*:?$/.exec(trimmed);
    if (bold) {
      lines.push({ kind: 'heading', text: (bold[1] as string).replace(/:$/, '').trim(), level: 3 });
      return;
    }
    if (/^\|.*\|$/.test(trimmed)) {
      const cells = trimmed.slice(1, -1).split('|').map((c) => stripMarks(c.trim()));
      if (cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '')) return; // the separator row
      lines.push({ kind: 'row', cells });
      return;
    }
    // ("A. Members: name, ...": a lettered item, as numbered ones)
    const bullet = /^(\s*)(?:[-*•+]|\d{1,2}[.)]|[a-h]\)|[A-H][.)](?=\s+[A-Z]))\s+(.+)$/.exec(line);
    // "1. Customers" over more indented lines: an item holding others is their heading
    // ("- status" over "  - new, paid" is a field with its values: only a numbered item labels a group)
    // ("A. Entrants" over "   1. bib number": a lettered item, as a numbered one)
    if (bullet && /^\s*(?:\d|[A-Ha-h][.)])/.test(line) && isGroupLabel(bullet[2] as string, (bullet[1] as string).length, raw[at + 1])) {
      const label = stripMarks(bullet[2] as string).replace(/:$/, '').trim();
      if (!labelsOneList(label, at)) lines.push({ kind: 'heading', text: label, level: 4 });
      return;
    }
    if (bullet) {
      for (const part of valuesThenSentence(bullet[2] as string)) {
        const item = fieldItem(part);
        ruleNotes.push(...item.readLater);
        dropped.push(...item.context);
        lines.push({ kind: 'bullet', text: item.text, depth: Math.floor((bullet[1] as string).length / 2) });
      }
      return;
    }
    // "Wheel" over "  code: unique": a short indented line under an unindented one is a bullet
    const indent = /^(\s{2,})\S/.exec(line);
    if (indent && at > 0 && trimmed.split(/\s+/).length <= 8 && !/[.!?]\s/.test(trimmed)) {
      lines.push({ kind: 'bullet', text: stripMarks(trimmed), depth: Math.floor((indent[1] as string).length / 2) });
      return;
    }
    // "Cafe menu with allergens." over "Dish: name, ..." lines: the first line of a spec names it
    if (at === 0 && isSpecTitle(trimmed, raw.slice(1))) {
      lines.push({ kind: 'heading', text: stripMarks(trimmed.replace(/\.$/, '')), level: 1 });
      return;
    }
    // "Purpose: club night court bookings and the member list.": a line that explains the spec, kept as context
    const explained = /^([A-Za-z ]{3,20}):\s+\S/.exec(stripMarks(trimmed));
    if (explained && CONTEXT_LABELS.has((explained[1] as string).trim().toLowerCase())) {
      dropped.push(stripMarks(trimmed));
      return;
    }
    // "Purpose", "Background:" alone on a line: a section of the spec over what explains it
    if (CONTEXT_LABELS.has(trimmed.replace(/:$/, '').toLowerCase())) {
      lines.push({ kind: 'heading', text: stripMarks(trimmed.replace(/:$/, '')), level: 4 });
      return;
    }
    // "Orders:" alone on a line, short: a heading over what follows; "Dogs" alone over bullets too
    // "Teams" over "  name, division, captain's email": a label over its one list
    if (!/^\s/.test(line) && at > 0 && isGroupLabel(trimmed, 0, raw[at + 1]) && /,/.test(raw[at + 1] ?? '') && labelsOneList(stripMarks(trimmed).replace(/:$/, ''), at)) return;
    const overIndented = !/^\s/.test(line) && /^\s{2,}\S/.test(raw[at + 1] ?? '');
    const overBullets = (BULLET.test(raw[at + 1] ?? '') || overIndented) && !/[.!?,;]$/.test(trimmed);
    // ("Tickets (one ticket = one seat)" over bullets: a note in parentheses is no part of the label's length;
    // "EMBROIDERY ORDERS - spec v1 (workwear)" over them is the document's title, no label)
    // ("Operators" alone after a blank line, over the sentences describing them: a section's heading in plain text)
    const overProse = at > 0 && /[.!?)]$/.test((raw[at - 1] ?? '').trim()) && /^[A-Z][A-Za-z-]*(?: [A-Za-z-]+){0,3}$/.test(trimmed) && !/^(?:hi|hello|hey|thanks|thank|cheers|regards|best|ok|okay)\b/i.test(trimmed) && /^[A-Z]\S*(?:\s+\S+){3,}/.test((raw[at + 1] ?? '').trim());
    if ((/^[^.!?]{1,40}:$/.test(trimmed) || overBullets || overProse) && trimmed.replace(/\s*\([^)]*\)/g, '').split(/\s+/).length <= 5 && !(at === 0 && documentLine(trimmed))) {
      lines.push({ kind: 'heading', text: stripMarks(trimmed.replace(/:$/, '')), level: 4 });
      return;
    }
    // ("**We need to:** list productions, see the cast": what follows the colon is what they need to do)
    const said = sentences(stripMarks(trimmed).replace(/^((?:i|we)\s+(?:need|want|would like)\s+to|(?:i|we)\s+(?:need|want))\s*:\s+/i, '$1 '));
    said.forEach((s, k) => {
      // "Our association organises litter picks. For each litter pick we want:" over bullets: the last sentence heads them
      if (k === said.length - 1 && k > 0 && /:$/.test(s.trim()) && s.split(/\s+/).length <= 8 && BULLET.test(raw[at + 1] ?? '') && !/:\s*\S[^,]*,/.test(raw[at + 1] ?? '')) {
        lines.push({ kind: 'heading', text: s.trim().replace(/:$/, ''), level: 4 });
        return;
      }
      // ("For our bureau de change counter, record each transaction ...": where the writer works is context)
      const place = /^for\s+(?:our|my)\s+[a-z' -]{2,50}?,\s+(?=[a-z])/i.exec(s)?.[0] ?? '';
      if (place) dropped.push(place.replace(/,\s*$/, ''));
      // ("and customers (they must be 18+): name, ...": the "and" joins the record to what came before, it names nothing)
      const { text, cut } = trimTalk(s.slice(place.length).replace(/^(?:and|also|plus)\s+(?=[a-z][a-z ]{0,30}(?:\s*\([^)]*\))?\s*:)/i, ''));
      dropped.push(...cut);
      // ("customers (they must be 18+ so i keep it): name, ...": a sentence beside the label is said after the list)
      const aside = /^([a-z][a-z ]{0,30}?)\s*\(((?:they|it|he|she|we|i|each|every|all)\b[^()]{3,80})\)\s*:\s*(\S.*)$/i.exec(text);
      const parts = aside ? [`${aside[1] as string}: ${aside[3] as string}`, `${(aside[2] as string).charAt(0).toUpperCase()}${(aside[2] as string).slice(1)}.`] : [text];
      for (const part of parts.flatMap((t) => splitSentence(t))) lines.push({ kind: 'sentence', text: part });
    });
  });
  // the rules said beside fields are read as rules, once every record is known
  if (ruleNotes.length > 0) lines.push({ kind: 'heading', text: 'Rules', level: 2 }, ...ruleNotes.map((text) => ({ kind: 'sentence' as const, text })));
  return { lines: readSections(lines), dropped };
}

/** Sentences of one line: split after . ! ? before a space, never after an abbreviation. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    // ("sash level (1 = white ... 10 = black)": a full stop inside parentheses that close ends nothing)
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    if (depth > 0 && text.indexOf(')', i) > 0) continue;
    if ((c === '.' || c === '!' || c === '?') && (i + 1 === text.length || /\s/.test(text[i + 1] as string))) {
      const piece = text.slice(start, i + 1);
      if (c === '.' && (ABBREVIATIONS.test(piece) || (NUMBER_SIGN.test(piece) && /^\s*\d/.test(text.slice(i + 1))))) continue;
      if (piece.trim()) out.push(piece.trim());
      start = i + 1;
    }
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Cuts a leading greeting ("Hello! ", "hey so ") and a sign-off sentence ("Thanks!", "lol"). */
export function trimTalk(sentence: string): { text: string; cut: string[] } {
  const cut: string[] = [];
  let text = sentence;
  for (let changed = true; changed; ) {
    changed = false;
    const lower = text.toLowerCase();
    for (const g of GREETINGS) {
      if (lower.startsWith(g) && (lower.length === g.length || /[\s,!.:;]/.test(lower[g.length] as string))) {
        const m = new RegExp(`^.{${g.length}}[\\s,!.:;]*`).exec(text) as RegExpExecArray;
        cut.push(m[0].trim());
        text = text.slice(m[0].length);
        changed = true;
        break;
      }
    }
  }
  const bare = text.toLowerCase().replace(/[\s!.,:;)(]+/g, ' ').trim();
  if (bare === '' || SIGN_OFFS.includes(bare)) {
    if (text.trim()) cut.push(text.trim());
    return { text: '', cut };
  }
  // "... in paper lol." keeps its words and loses the laugh
  const tail = /\s+(lol|haha|thx|thanks|pls|please)[!.]*$/i.exec(text);
  if (tail) {
    cut.push(tail[1] as string);
    text = text.slice(0, tail.index) + (/[.!?]$/.test(text) ? '.' : '');
  }
  return { text: text.trim(), cut };
}

/** Markdown emphasis and code marks around words ("**name**", "`email`"). */
function stripMarks(text: string): string {
  return text.replace(/\*\*|__|`/g, '').replace(/(^|\s)[*_](\S[^*_]*\S|\S)[*_](?=\s|$|[,.;:])/g, '$1$2').trim();
}

/** A short first line without a verb of the writer's, over lines that label records ("Dish: name, price"). */
function isSpecTitle(line: string, rest: readonly string[]): boolean {
  // ("Service charges - Harbour View Court (32 leasehold flats)": a note in parentheses is part of a title)
  if (!/^[^,:;!?()]{1,70}(?:\([^()]*\))?\.?$/.test(line) || line.split(/\s+/).length > 9 || /\b(?:i|we|my|our|need|want|can|is|are|has|have|track|keep|log|record)\b/i.test(line)) return false;
  return rest.filter((l) => /^[A-Z][A-Za-z ]{0,30}:\s*\S/.test(l.trim())).length >= 2;
}

/**
 * "1. Customers" followed by "   name, address, ..." or by indented bullets: a short item without a
 * sentence's punctuation, the next line indented deeper, labels a group (a heading), never a field.
 */
function isGroupLabel(text: string, indent: number, next: string | undefined): boolean {
  if (!isDeeper(next, ' '.repeat(indent))) return false;
  const words = stripMarks(text).replace(/:$/, '').trim();
  return words.split(/\s+/).length <= 4 && !/[.!?,;()]/.test(words);
}

/** The line is indented deeper than the one above it. */
function isDeeper(line: string | undefined, above: string): boolean {
  const at = /^(\s*)\S/.exec(line ?? '');
  return at !== null && (at[1] as string).length > (/^\s*/.exec(above)?.[0].length ?? 0);
}

/**
 * "stage: casting -> recording -> delivered. A book only moves forward one stage at a time.": a bullet of a name
 * and its values ends with their sentence; what follows is a bullet of its own, read in its place.
 */
function valuesThenSentence(text: string): string[] {
  const m = /^([^.:]{1,40}:\s*([^.]+?[a-z0-9)]))\.\s+([A-Z]\S*(?:\s+\S+){2,})$/.exec(text.trim());
  const values = m?.[2] ?? '';
  const listed = /->|→/.test(values) || values.split(',').length >= 3;
  return m && listed && values.split(/\s+/).length <= 16 && !/\b(?:is|are|has|have|must|can)\b/i.test(values) ? [m[1] as string, m[3] as string] : [text];
}

/**
 * A field item and what is said beside it: "active (yes/no); stations get switched off when they
 * break" (a sentence after a semicolon, read once every record is known), "gender (m/f) - needed
 * for team sheets" (a note after a typed field's dash, kept as context), "guests - can't be more
 * than the house sleeps" (a rule on the field, read with the rules); bounds after a comma go in
 * parentheses.
 */
function fieldItem(written: string): { text: string; readLater: string[]; context: string[] } {
  let text = stripMarks(written);
  const readLater: string[] = [];
  const context: string[] = [];
  const said = /^([^;]{1,40});\s+(\S+(?:\s+\S+){3,})$/.exec(text);
  if (said) {
    readLater.push(`${(said[2] as string).replace(/[.!]+$/, '')}.`);
    text = said[1] as string;
  }
  // ("age (must be 14 or over)": what it must be, in parentheses, is the field's note)
  text = boundsInParens(text.replace(/\(\s*(?:must|should|has to|needs to)\s+be\s+(?=\d|at least|at most|between|over|under|no more|no less)/i, '('));
  const noted = /^([^-–—]+\([^)]*\))\s+[-–—]\s+(\S.{2,})$/.exec(text);
  if (noted && !FIELD_RULE_NOTE.test(`x - ${noted[2] as string}`)) {
    context.push(noted[2] as string);
    text = noted[1] as string;
  }
  const rule = FIELD_RULE_NOTE.exec(text);
  if (rule) {
    readLater.push(`The ${(rule[1] as string).trim()} ${(rule[2] as string).replace(/[.!]+$/, '')}.`);
    text = (rule[1] as string).trim();
  }
  return { text, readLater, context };
}

/**
 * "rainfall in mm, 0 or more", "seat number, 1 to 120", "wind speed (km/h)": bounds written after a
 * comma are the field's bounds, as in parentheses; a speed's unit is one word.
 */
export function boundsInParens(item: string): string {
  const n = '(-?\\d+(?:\\.\\d+)?)';
  return item
    .replace(/\b(km|mi)\s*\/\s*h\b/gi, (_m, u: string) => `${u.toLowerCase()}h`)
    .replace(new RegExp(`,\\s*(?:from\\s+)?${n}\\s*(?:to|-|–)\\s*${n}\\s*$`), ' ($1 to $2)')
    .replace(new RegExp(`,\\s*${n}\\s+or\\s+(more|above|over|less|below|under)\\s*$`), (_m, v: string, way: string) => ` (${['more', 'above', 'over'].includes(way) ? 'at least' : 'at most'} ${v})`)
    .replace(new RegExp(`,\\s*(at least|at most|up to|max|min)\\s+${n}\\s*$`), ' ($1 $2)');
}

const MANAGE_VERBS = new RegExp(`\\b(?:manage|maintain|handle)\\s+([a-z][a-z ]*?)\\s*\\((${CRUD_WORD}(?:(?:\\s*,\\s*|\\s+(?:and|or)\\s+|\\s*\\/\\s*)${CRUD_WORD})+)\\)`, 'gi');

const CRUD_START = new RegExp(`^${CRUD_WORD}\\b`, 'i');
/** "- boards: add, list by level": a label naming records, then only verbs. */
const RECORD_VERBS = new RegExp(`^(\\s*(?:[-*•]\\s+)?)([a-z][a-z ]{0,30}?s)\\s*:\\s*(${CRUD_WORD}\\b.*)$`, 'i');

/** A field item, a dash, then a rule on it ("room - must be one of the project's rooms"). */
const FIELD_RULE_NOTE = /^([^-–—:(]{1,40}?)\s+[-–—]+\s+((?:can't|cannot|can not|must|mustn't|may not|should|shouldn't|has to|have to|never|no more than|at most)\b.+)$/i;

/**
 * "Sheep: registration no, name, birth date," over "    flock -> Flock, sire -> Sheep": a list
 * that ends with a comma goes on in the line below (unless that line is a heading, a table row or
 * a bullet no deeper than it).
 */
function joinUnfinishedLists(raw: string[]): void {
  const indentOf = (l: string): number => (/^\s*/.exec(l)?.[0] ?? '').length;
  for (let k = 0; k < raw.length - 1; k++) {
    const line = raw[k] as string;
    const next = raw[k + 1] as string;
    if (!/,\s*$/.test(line) || /^\s*(?:#|\|)/.test(line) || /^\s*(?:#|\|)/.test(next)) continue;
    if (BULLET.test(next) && indentOf(next) <= indentOf(line)) continue;
    raw.splice(k, 2, `${line.trimEnd()} ${next.trim().replace(/^(?:[-*•+])\s+/, '')}`);
    k--;
  }
}

/**
 * "PurchaseOrder status: draft -> submitted -> approved; a submitted PO can also be rejected": the
 * states of a record's field, written on a line of their own after its list, as that record's
 * bullet (stages/resolve.ts gives the field named bare in the list its values), the rest a sentence.
 */
function recordStatesLine(line: string): string[] {
  const m = /^\s*(?:[-*•]\s+)?([A-Z][a-z]+(?:[A-Z][a-z]+)*(?: [a-z]+)?)\s+(status|state|stage)\s*:\s*([^;]*?(?:->|→)[^;]*?)\s*(?:[;.]\s+(\S.*)|\.)?$/.exec(line);
  if (!m) return [line];
  // ("...; a submitted PO can also be rejected", "an order can also be cancelled": a branch of the chain)
  const chain = (m[3] as string).split(/\s*(?:->|→)\s*/);
  const also = /^(?:an?|any)\s+(?:([a-z]+)\s+)?[a-z]+(?:\s+[a-z]+)?\s+can\s+also\s+be\s+([a-z]+)\.?$/i.exec(m[4] ?? '');
  const branch = also && (also[1] === undefined || chain.includes(also[1])) ? (also[1] ? `, or ${also[1]} -> ${also[2] as string}` : `, or get ${also[2] as string}`) : undefined;
  return [`${m[1] as string}:`, `- ${m[2] as string}: ${m[3] as string}${branch ?? ''}`, ...(m[4] && !branch ? [m[4]] : [])];
}
