import { COLLECTION_TAILS, DETERMINERS, META_NOUNS, PRONOUN_SUBJECTS, SELF_SUBJECTS, VERB_SET } from '../lexicon.js';
import { isPluralForm } from '../text.js';
import { isFieldLike, isTypedItem, splitItems } from './clauses.js';
import { contextOf } from './context.js';
import { givenOf, recordWords } from './declare.js';
import { pairedNames, splitOutsideParens } from './declarations.js';
import type { Line } from './normalise.js';
import { readItem } from './phrasings.js';
import type { TypedList } from './reading-state.js';

/**
 * The last stage before a refusal. When neither reading found a record, the prompt may still hold
 * a plain list of a record's fields written in a way no phrasing entry reads ("want simple app for
 * jobs: customer, address, ...", "When a guest hands over the keys, we record the car's
 * registration, make and colour, ...", "Data to capture per registration form:" over numbered
 * items). Such a list is found by its items alone (short noun phrases, most of them field-like),
 * and tied to the record named nearest it, in this order: "for each / per / every X" before it;
 * the noun right before its colon or "with"; whose the first item is ("the car's registration");
 * the last plural noun before it in the sentence; the last plural noun of the sentences before;
 * the heading over it. The rest of the prompt goes on to the sentence reader as written.
 */
export interface AnchoredLists {
  lists: TypedList[];
  /** The statements left for the sentence reader, one per line. */
  text: string;
  /** The words before each list that only named its record, quoted as ignored. */
  ignored: string[];
  /** Per list, the words its record was named by: a reading stated, since no phrasing said it. */
  anchors: { words: string[]; by: string }[];
}

/** Words after which a record's fields are listed ("we record ...", "each with ...", "an applicant gives their ..."). */
const OPENER = /\b(?:record|records|note|notes|store|stores|keep|keeps|capture|captures|track|tracks|log|logs|collect|collects|enter|enters|give|gives|provide|provides|need|needs|want|wants|with|fill in|fills in|write down|writes down)\s+(?:(?:down|in|their|his|her|its|the|our|my|a|an)\s+)?/gi;
/** "a log of the weekly cash counts": the records a book is of. */
const BOOK_OF = new RegExp(`\\b(?:${[...COLLECTION_TAILS].join('|')})\\s+of\\s+(?:(?:the|our|my|all|each|every)\\s+)?((?:[a-z]+\\s+){0,2}?[a-z]+s)\\b`, 'i');
/** "per registration form", "for each speech", "every member": the record itself. */
const EACH = /\b(?:for\s+(?:each|every)|per|each|every)\s+([a-z][a-z' -]*?)\s*$/i;

export function anchoredLists(lines: readonly Line[]): AnchoredLists | undefined {
  const lists: TypedList[] = [];
  const kept: string[] = [];
  const ignored: string[] = [];
  const anchors: AnchoredLists['anchors'] = [];
  /** The plural nouns of the sentences read so far, the latest last, each with where its sentence went in `kept`. */
  const nouns: { noun: string; at: number }[] = [];
  /** Each sentence read, by its place in `kept`, and the note of those that are talk about the writer. */
  const said: string[] = [];
  const talkAt = new Map<number, string>();
  let heading: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (line.kind === 'heading' || (line.kind === 'sentence' && /:$/.test(line.text))) {
      // a heading over items: the items are the list, the heading its head
      const under: string[] = [];
      let j = i + 1;
      for (; j < lines.length && (lines[j] as Line).kind === 'bullet'; j++) under.push((lines[j] as Extract<Line, { kind: 'bullet' }>).text);
      const head = line.text.replace(/:$/, '');
      const items = under.length >= 2 ? fieldItems(under.flatMap((b) => pairedNames(b)), 2) : undefined;
      const subject = items ? recordOf(head, true, items, undefined) : undefined;
      if (items && subject) {
        const list = typedList(subject, items, [head, ...under].join('; '));
        lists.push(list);
        anchors.push({ words: list.words, by: head });
        ignored.push(`"${head}" (names the records listed under it)`);
        i = j - 1;
        continue;
      }
      heading = head;
      if (line.kind === 'heading') {
        ignored.push(`"${head}" (a title)`);
        continue;
      }
    }
    const text = line.kind === 'row' ? line.cells.join(', ') : line.text;
    for (const sentence of text.split(/(?<=[.!?])\s+(?=\S)/)) {
      const found = listIn(sentence.replace(/[.!?]+$/, ''));
      const subject = found ? (recordOf(found.head, found.attached, found.items, heading) ?? nouns[nouns.length - 1]) : undefined;
      if (found && subject) {
        // ("we take orders from the whole neighbourhood." then "need: name, phone, ..."): that sentence only named them
        const by = typeof subject === 'string' ? found.head.trim() || sentence : (said[subject.at] ?? '').replace(/[.!?]$/, '');
        if (typeof subject !== 'string') {
          const note = `"${by}" (names the records listed after it)`;
          const talk = ignored.indexOf(talkAt.get(subject.at) ?? '');
          if (talk >= 0) ignored[talk] = note;
          else ignored.push(note);
          kept[subject.at] = '';
        }
        const list = typedList(typeof subject === 'string' ? subject : subject.noun, found.items, sentence);
        lists.push(list);
        anchors.push({ words: list.words, by });
        if (found.head.trim()) ignored.push(`"${found.head.trim()}" (names the records listed after it)`);
        if (found.rest) {
          kept.push(`${found.rest.charAt(0).toUpperCase()}${found.rest.slice(1)}.`);
          said.push(kept[kept.length - 1] as string);
        }
        continue;
      }
      const whole = /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
      said.push(whole);
      // "our office mailroom needs smth simple": talk about the writer is ignored here as in the staged
      // reading (stages/clauses.ts), though its nouns may still name the records of a list after it
      const talk = contextOf(sentence);
      if (talk) {
        talkAt.set(kept.length, `"${sentence.trim()}" (${talk})`);
        ignored.push(talkAt.get(kept.length) as string);
      }
      kept.push(talk ? '' : whole);
      nouns.push(...pluralNouns(sentence).map((noun) => ({ noun: withoutBook(noun), at: kept.length - 1 })));
    }
  }
  return lists.length > 0 ? { lists, text: kept.filter(Boolean).join('\n'), ignored, anchors } : undefined;
}

/**
 * The list in a sentence: after its colon, after a word that opens one, or the whole sentence.
 * `head` is what comes before it, without the opening words; `attached` when the list follows its
 * record's name directly (a colon or "with").
 */
function listIn(sentence: string): { head: string; attached: boolean; items: string[]; rest?: string } | undefined {
  const colon = sentence.indexOf(':');
  const starts = [
    ...(colon > 0 ? [{ from: colon, at: colon + 1, attached: true }] : []),
    ...[...sentence.matchAll(OPENER)].map((m) => ({ from: m.index ?? 0, at: (m.index ?? 0) + m[0].length, attached: /^with\b/i.test(m[0]) })),
    { from: 0, at: 0, attached: false },
  ];
  for (const { from, at, attached } of starts) {
    const head = sentence.slice(0, from);
    const eachWith = /\beach\s*$/i.test(head) && attached;
    // (", which should be between 4 and 7": a note on the item before it)
    const tail = sentence.slice(at).replace(/,\s*(?:which|that)\s+(?:should|must|has to|can|may)\s+be\s+([^,]+)$/i, ' ($1)');
    const parts = splitItems(tail).flatMap(bothFields);
    // what follows the list ("..., and I need to see ...") goes back to the sentence reader
    const end = parts.findIndex((p, k) => k >= 2 && !fieldish(p) && /\b(?:i|we|you|need|want|show|list|see|let)\b/i.test(p));
    const items = fieldItems(end > 0 ? parts.slice(0, end) : parts, at === 0 ? 3 : from === colon || eachWith ? 2 : 3);
    if (items) return { head: trimHead(head), attached, items, ...(end > 0 ? { rest: parts.slice(end).join(', ') } : {}) };
  }
  return undefined;
}

/** "for each speech we", "i want to", "each": the writer and their verbs after the record are not it. */
function trimHead(head: string): string {
  let ws = head.trim().split(/\s+/).filter(Boolean);
  const tail = new Set([...SELF_SUBJECTS, 'you', 'they', 'to', 'will', 'would', 'should', 'must', 'can', 'also', 'just', 'then', 'each', 'every', 'and', 'so', 'always', 'usually']);
  while (ws.length > 0 && (tail.has((ws[ws.length - 1] as string).toLowerCase()) || VERB_SET.has((ws[ws.length - 1] as string).toLowerCase()))) ws = ws.slice(0, -1);
  return ws.join(' ');
}

/** Items most of which read as fields (a bound or a "which should be ..." joins the item before it), or undefined. */
function fieldItems(parts: readonly string[], least: number): string[] | undefined {
  const items: string[] = [];
  for (const raw of parts) {
    const p = raw.trim().replace(/^(?:and|or|also|plus)\s+/i, '');
    const note = /^(?:which|that)\s+(?:should|must|has to|have to|can|may)\s+be\s+(.+)$/i.exec(p);
    if (items.length > 0 && (note || /^(?:from\s+)?-?\d+(?:\.\d+)?\s*(?:to|-|–)\s*-?\d+/.test(p))) {
      items[items.length - 1] += ` (${note ? (note[1] as string) : p})`;
      continue;
    }
    // "what it is (shop, boat, van)": what kind of thing it is
    items.push(p.replace(/^what\s+(?:it|they)\s+(?:is|are)\b/i, 'type').replace(/^(?:the|a|an|their|his|her|its)\s+/i, ''));
  }
  if (items.length < least || items.some((p) => p.length === 0 || p.replace(/\([^()]*\)/g, '').trim().split(/\s+/).length > 8)) return undefined;
  const good = items.filter(fieldish).length;
  return good * 3 >= items.length * 2 ? items : undefined;
}

const fieldish = (p: string): boolean => isFieldLike(p) || isTypedItem(p);

/** "start time and price": two fields when both halves are ("between 4 and 7" stays one note). */
function bothFields(part: string): string[] {
  const halves = /\s+and\s+/.test(part.replace(/\([^()]*\)/g, '')) ? splitOutsideParens(part, /\s+and\s+/) : [];
  // ("make and colour": a lone word beside a field is one too)
  return halves.length > 1 && halves.some(fieldish) && halves.every((h) => fieldish(h) || /^[a-z]+$/i.test(h.trim())) ? halves : [part];
}

/** The record a list's head names, by the order in the module's comment. */
function recordOf(head: string, attached: boolean, items: readonly string[], heading: string | undefined): string | undefined {
  const clause = head.split(/[,;]/).pop()?.trim() ?? '';
  const each = EACH.exec(clause);
  if (each && nounPhrase(each[1] as string)) return withoutBook(each[1] as string);
  // "Airsoft site bookings:", "Appointments at my hair salon with": the noun right before
  const words = clause.split(/\s+/).filter(Boolean);
  const last = words[words.length - 1]?.toLowerCase() ?? '';
  if (attached && isPluralForm(last) && noun(last)) return withoutBook(words.slice(-2).filter((w) => noun(w.toLowerCase())).join(' '));
  // "Log of the weekly cash counts for the machines": the records a book is of
  const bookOf = BOOK_OF.exec(head);
  if (bookOf) {
    const ws = (bookOf[1] as string).split(/\s+/).filter((w) => !/ly$/i.test(w) && noun(w.toLowerCase()));
    if (ws.length > 0) return ws.slice(-2).join(' ');
  }
  const owner = /^([a-z]+)'s\s/i.exec(items[0] ?? '');
  if (owner && noun((owner[1] as string).toLowerCase())) return owner[1];
  const plural = pluralNouns(head).pop() ?? (heading && nounPhrase(heading) ? heading : undefined);
  return plural ? withoutBook(plural) : undefined;
}

function typedList(subject: string, items: readonly string[], source: string): TypedList {
  return { words: recordWords(subject, true), items: items.map((p) => readItem(p).item).map((i) => ({ words: i.words, given: givenOf(i) })), source };
}

/** A word that can name a record: not the writer, not a pronoun, not a verb only, not the app itself. */
function noun(w: string): boolean {
  return /^[a-z][a-z'-]+$/.test(w) && !SELF_SUBJECTS.includes(w) && !PRONOUN_SUBJECTS.has(w) && !DETERMINERS.has(w) && !META_NOUNS.has(w) && !['you', 'they', 'them', 'things', 'details', 'data', 'info', 'fields', 'needs', 'wants', 'does'].includes(w) && !(VERB_SET.has(w) && !isPluralForm(w));
}

function nounPhrase(text: string): boolean {
  const ws = text.toLowerCase().split(/\s+/).filter(Boolean);
  return ws.length > 0 && ws.length <= 3 && ws.every(noun);
}

/** Plural nouns of a sentence, in order ("measure-ups", "orders"). */
function pluralNouns(sentence: string): string[] {
  return sentence
    .toLowerCase()
    .split(/[^a-z'-]+/)
    .filter((w) => w.length > 3 && isPluralForm(w) && noun(w) && !VERB_SET.has(w));
}

/** "registration form" -> registration: the book a record is kept in is no part of its name. */
function withoutBook(subject: string): string {
  const ws = subject.trim().split(/\s+/);
  while (ws.length > 1 && (COLLECTION_TAILS.has((ws[ws.length - 1] as string).toLowerCase()) || ['form', 'forms', 'sheet', 'sheets', 'card', 'cards'].includes((ws[ws.length - 1] as string).toLowerCase()))) ws.pop();
  return ws.join(' ');
}
