import type { FieldType } from '@backforge/blueprint';
import type { TypedList } from './reading-state.js';
import type { GivenItem } from '../fields.js';
import { DETERMINERS, NAME_NOISE, SELF_SUBJECTS, VERBS } from '../lexicon.js';
import { singular } from '../text.js';
import type { Clause } from './clauses.js';
import type { FieldItem } from './phrasings.js';

/**
 * Stage 4a: declarations from the typed clauses. A FieldList becomes a typed list (the record's
 * singular words, each item with what its phrasing already typed: type, allowed values, flags,
 * states in order) that the reader keeps as fields without re-reading English; only Statements
 * go on as text. Context and Heading clauses are listed as ignored, with the reason.
 */
export interface Declared {
  /** The statements left for the sentence reader, one per line. */
  text: string;
  lists: TypedList[];
  /** The user's words that were read as context and ignored, each with the reason. */
  ignored: string[];
}

export function declare(clauses: readonly Clause[], dropped: readonly string[]): Declared {
  const lines: string[] = [];
  const lists: TypedList[] = [];
  const ignored = droppedAsIgnored(dropped);
  for (const c of clauses) {
    switch (c.kind) {
      case 'fieldList': {
        const words = recordWords(c.subject, c.nounPhrase === true);
        if (words.length === 0) lines.push(`${c.source}.`);
        else lists.push({ words, items: c.items.map((i) => ({ words: i.words, given: givenOf(i) })), source: c.source });
        break;
      }
      case 'statement':
        lines.push(/[.!?]$/.test(c.text) ? c.text : `${c.text}.`);
        break;
      case 'context':
        ignored.push(`"${c.text}" (${c.why})`);
        break;
      case 'heading':
        ignored.push(`"${c.text}" (a title)`);
        break;
    }
  }
  return { text: lines.join('\n'), lists, ignored };
}

/** The greetings and sign-offs normalise cut, quoted as ignored. */
export const droppedAsIgnored = (dropped: readonly string[]): string[] => dropped.map((d) => `"${d}" (greeting or sign-off)`);

const PRONOUNS = new Set(SELF_SUBJECTS.concat(['you', 'they']));

/**
 * The record a list's subject names, as singular lower-case words: "Board games I own" ->
 * board game (a contact clause qualifies it), "my Tools" -> tool, "Log expenses" -> expense.
 */
export function recordWords(subject: string, nounPhrase = false): string[] {
  let ws = subject
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const pronoun = ws.findIndex((w, k) => k > 0 && PRONOUNS.has(w));
  if (pronoun > 0) ws = ws.slice(0, pronoun);
  while (ws.length > 1 && (DETERMINERS.has(ws[0] as string) || NAME_NOISE.has(ws[0] as string) || (!nounPhrase && (ws[0] as string) in VERBS) || ws[0] === 'for' || ws[0] === 'of')) ws = ws.slice(1);
  if (ws.length > 3) ws = ws.slice(-1);
  if (ws.length === 0) return [];
  return [...ws.slice(0, -1), singular(ws[ws.length - 1] as string)];
}

const GIVEN_TYPES: Record<string, FieldType> = { string: 'string', text: 'text', integer: 'integer', number: 'number', date: 'date', datetime: 'datetime', boolean: 'boolean', email: 'email', url: 'url', stringList: 'stringList' };

/** What the item's phrasing typed, in the reader's terms. */
export function givenOf(item: FieldItem): GivenItem {
  const flags = new Set(item.flags ?? []);
  const type = item.type ? GIVEN_TYPES[item.type] : undefined;
  return {
    ...(type && !item.values?.length ? { type } : {}),
    ...(item.values?.length ? { values: item.values } : {}),
    ...(flags.has('optional') ? { optional: true } : {}),
    ...(flags.has('required') ? { required: true } : {}),
    ...(flags.has('unique') ? { unique: true } : {}),
    ...(item.moves ? { moves: true } : {}),
    ...(item.steps ? { steps: item.steps } : {}),
    ...(item.default !== undefined ? { defaultText: item.default } : {}),
    ...(item.refersTo ? { reference: true } : {}),
  };
}
