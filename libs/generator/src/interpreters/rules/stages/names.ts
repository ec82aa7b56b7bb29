import { GENERIC_HEADS, HEADS_NAMED_ALONE, QUALIFIER_NOISE } from '../lexicon.js';
import { keyOf, type Analysis, type ResourceDraft } from '../model.js';
import { pascalCase } from '../text.js';
import { compromise } from '../nlp.js';

/**
 * Stage 5c: a record named in the prompt's opening sentence is named by its head noun there. "My
 * fishing catches - ...", "Archery club scorecards: ...", "Job applications with ..." are `Catch`,
 * `Scorecard`, `Application`: the opening says what the backend is for, so the words before the
 * head say the topic (batches 08-11 expect the head). A record named later, as one label among
 * others ("- Vet visits: animal, date"), was named on purpose and keeps its words. A qualifier
 * stays only when it is needed: the head alone is a generic word ("time entry" keeps one word,
 * "karaoke song request" is a `SongRequest`), another record shares the head, the qualifier names
 * another record ("team member"), or it is an adjective, a participle or a verb ("short links",
 * "found items", "sign ups"). Each cut is stated in a note quoting the words, with the longer name
 * to put in the draft if that was meant.
 */
const NOTE = 'named ';

/** A naming note is a reading stated, not a part of the prompt left undone. */
export const isNamingNote = (warning: string): boolean => warning.startsWith(NOTE) && / after "/.test(warning);

export interface Named {
  analysis: Analysis;
  notes: string[];
}

export function headNames(input: Analysis, prompt: string): Named {
  const heads = new Map<string, number>();
  for (const r of input.resources) heads.set(last(r.words), (heads.get(last(r.words)) ?? 0) + 1);
  const keys = new Set(input.resources.map((r) => keyOf(r.words)));
  const renames: { from: string[]; to: string[]; written: string }[] = [];
  const notes: string[] = [];
  for (const r of input.resources) {
    // ("## Glasses orders" later in the prompt: named on purpose, so kept, and the writer told)
    // ("### Supplier orders" under a title naming them too: the heading labels them on purpose)
    // ("PurchaseOrder: poNumber, ...": a name written as code is the name meant)
    const heading = new RegExp(`^\\s*(?:#{1,6}\\s+|\\*\\*|\\d{1,2}[.)]\\s+)${r.words.join('\\s+')}`, 'im').test(prompt) || (r.words.length > 1 && new RegExp(`\\b${pascalCase(r.words)}\\b`).test(prompt));
    // ("Five boats", "and bookings", "create hires", "weekly payments": a word no name is made of goes, wherever it is written)
    // ("Daily pollen counts": only the noise goes, the rest of the qualifier names the record)
    const noise = QUALIFIER_NOISE.has(r.words[0] as string) ? (noiseCut(r, prompt, keys) ?? cutQualifier(r, prompt, heads, keys)) : undefined;
    // ("Wholesale orders", "Damp surveys": before a head writers name records by alone, an adjective goes too)
    const alone = HEADS_NAMED_ALONE.has(last(r.words));
    const cut = noise ? { ...noise, kept: undefined } : ((heading ? undefined : cutQualifier(r, opening(prompt), heads, keys, alone)) ?? keptLabel(cutQualifier(r, prompt, heads, keys)));
    if (cut?.kept) notes.push(`${NOTE}${pascalCase(r.words)} after "${cut.written}": if "${r.words.slice(0, r.words.length - cut.to.length).join(' ')}" is not part of the name, rename it ${pascalCase(cut.to)} in the draft`);
    else if (cut) renames.push({ from: r.words, to: cut.to, written: cut.written });
  }
  let analysis = input;
  for (const rn of renames) {
    const renamed = renameRecord(analysis, rn.from, rn.to);
    if (!renamed) continue;
    analysis = renamed;
    notes.push(`${NOTE}${pascalCase(rn.to)} after "${rn.written}": if "${rn.from.slice(0, rn.from.length - rn.to.length).join(' ')}" is part of the name, rename it ${pascalCase(rn.from)} in the draft`);
  }
  return { analysis, notes };
}

/** The record's words without the noise words that open them ("daily pollen counts" -> pollen count), when more than the head is left. */
function noiseCut(r: ResourceDraft, prompt: string, keys: ReadonlySet<string>): { to: string[]; written: string } | undefined {
  const start = r.words.findIndex((w) => !QUALIFIER_NOISE.has(w));
  const to = r.words.slice(start);
  if (start <= 0 || to.length < 2 || keys.has(keyOf(to))) return undefined;
  const written = writtenIn(prompt, r.words.slice(0, -1), last(r.words));
  return written ? { to, written } : undefined;
}

/** The head of a record's name, its last word. */
export const last = (ws: readonly string[]): string => ws[ws.length - 1] as string;

/** The qualifier and head as written in `text` ("fishing catches", "time entries"), if they are there. */
const writtenIn = (text: string, qualifier: readonly string[], head: string): string | undefined =>
  new RegExp(`\\b${qualifier.join('[\\s-]+')}[\\s-]+${head.replace(/y$/, '')}[a-z]*`, 'i').exec(text)?.[0];

const keptLabel = (cut: ReturnType<typeof cutQualifier>): ReturnType<typeof cutQualifier> => (cut ? { ...cut, kept: true } : undefined);

/**
 * The first line or sentence of the prompt, where it says what the backend is for; a colon ends
 * it too ("Jobs board: companies post job offers ..." opens with the title alone).
 */
const opening = (prompt: string): string => /^[^\n]*?(?:[.!?:](?=\s)|\n|$)/.exec(prompt.trim())?.[0] ?? '';

/**
 * The shorter words and the words as written when a qualifier can go, else undefined; `kept` when
 * it stays only because it reads as part of the name (the writer is told, since both are common).
 */
function cutQualifier(r: ResourceDraft, text: string, heads: ReadonlyMap<string, number>, keys: ReadonlySet<string>, alone = false): { to: string[]; written: string; kept?: true } | undefined {
  const head = last(r.words);
  const generic = GENERIC_HEADS.has(head);
  if (r.words.length < 2 || (heads.get(head) ?? 0) > 1 || keys.has(head)) return undefined;
  // "vinyl records", "time entries": a generic head keeps its qualifier, and the writer is told
  if (generic && r.words.length === 2) {
    const written = writtenIn(text, r.words.slice(0, 1), head);
    return written && !keys.has(head) ? { to: [head], written, kept: true } : undefined;
  }
  const to = generic ? r.words.slice(-2) : [head];
  if (keys.has(keyOf(to))) return undefined;
  const qualifier = r.words.slice(0, -1);
  // a qualifier naming another record is a relation ("team member", "order line")
  if (qualifier.some((w) => keys.has(w))) return undefined;
  const written = writtenIn(text, qualifier, head);
  if (!written) return undefined;
  // "short links", "found items", "sign ups": an adjective, a participle or a verb is part of the name
  const first = (compromise()(written.toLowerCase()).terms().json() as { terms: { tags: string[] }[] }[])[0]?.terms[0]?.tags ?? [];
  if (!alone && (first.includes('Adjective') || first.includes('PastTense') || first.includes('Participle') || (first.includes('Verb') && !first.includes('Gerund')))) return { to, written, kept: true };
  return { to, written };
}

/**
 * Renames one record everywhere the analysis names it: its key, its Pascal name in references
 * and action names, its camel name in fields and parameters. Undefined when the new names would
 * clash with names already there (the record then keeps its qualifier).
 */
export function renameRecord(a: Analysis, from: string[], to: string[]): Analysis | undefined {
  const [fromKey, toKey] = [keyOf(from), keyOf(to)];
  const [FromP, ToP] = [pascalCase(from), pascalCase(to)];
  const [fromC, toC] = [lower(FromP), lower(ToP)];
  // (another record whose name goes on from this one's, `PurchaseOrderStatus`, would be renamed in part)
  if (a.resources.some((r) => keyOf(r.words) !== fromKey && pascalCase(r.words).startsWith(FromP))) return undefined;
  const identifier = (s: string): string =>
    s.startsWith(fromC) && !/^[a-z]/.test(s.slice(fromC.length)) ? toC + s.slice(fromC.length).replace(new RegExp(`${FromP}(?![a-z])`, 'g'), ToP) : s.replace(new RegExp(`${FromP}(?![a-z])`, 'g'), ToP);
  const walk = (v: unknown, key: string): unknown => {
    if (typeof v === 'string') {
      if (v === fromKey) return toKey;
      return PROSE_KEYS.has(key) || !/^[A-Za-z][A-Za-z0-9]*$/.test(v) ? v : identifier(v);
    }
    if (Array.isArray(v)) return key === 'words' && keyOf(v as string[]) === fromKey ? [...to] : v.map((x) => walk(x, key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  const out = walk(a, '') as Analysis;
  const clash = (names: string[]): boolean => new Set(names).size < names.length;
  if (clash(out.resources.map((r) => keyOf(r.words)))) return undefined;
  if (out.resources.some((r) => clash(r.fields.map((f) => f.spec.name)))) return undefined;
  return out;
}

const lower = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/** Strings that are the user's words or messages, never identifiers. */
const PROSE_KEYS = new Set(['origin', 'description', 'message', 'understood', 'unmapped', 'titleWords', 'words', 'values', 'default', 'verb']);
