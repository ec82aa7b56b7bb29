import { STATE_FIELD_NAMES, TYPE_BY_WORD } from '../lexicon.js';
import { singular } from '../text.js';
import type { Clause } from './clauses.js';
import type { FieldItem } from './phrasings.js';

/**
 * Stage 2d: a field's states and values written apart from its list: "status goes queued ->
 * printing -> done", "States: submitted, approved", "### Stages (in this order)" over values.
 */
type FieldList = Extract<Clause, { kind: 'fieldList' }>;

/**
 * "status goes queued -> printing -> done, or printing -> failed", "stage moves from draft to
 * review to published": a field's states in the order written (branches after "or" add theirs).
 */
export function statesOf(sentence: string): { words: string; values: string[]; steps: { from: string; to: string }[] } | undefined {
  // ("Status flow: applied → approved → paid, or applied → rejected": the label form)
  // ("Status values, in order: received -> assessed -> returned": a label over states in order)
  const m =
    /^(?:the\s+|its\s+|their\s+|a\s+|an\s+|each\s+|every\s+)?([a-z][a-z' ]{0,30}?)\s+(?:goes|go|moves|move|flows|runs|progresses|(?:flow|workflow|lifecycle|transitions)\s*:)\s+(?:from\s+)?(.+?)[.!]?$/i.exec(sentence.trim()) ??
    /^(?:the\s+)?([a-z]+)\s+(?:values|states|stages|steps)\s*,?\s*(?:\(?\s*in\s+(?:that|this)?\s*order\s*\)?)?\s*:\s*(.+?(?:->|→|=>).+?)[.!]?$/i.exec(sentence.trim());
  if (!m) return undefined;
  // "moves through received, transcribing and sent": states listed in the order they are passed
  const through = /^through\s+(.+)$/i.exec(m[2] as string);
  const states = statesInOrder(through ? (splitItemsInOrder(through[1] as string) ?? '') : (m[2] as string));
  return states ? { words: (m[1] as string).toLowerCase(), ...states } : undefined;
}

/** "(it) can be cancelled while it is still booked", "(or) get cancelled": a state reached beside the chain, and from where. */
const SIDE_BRANCH = /^(?:(?:it|they)\s+)?(?:(?:can|may|might|could)\s+)?(?:also\s+)?(?:be|get|gets|is|are)\s+([a-z]+ed)(?:\s+(?:while|when)\s+(?:it|they)\s+(?:is|are|'s)\s+(?:still\s+)?([a-z]+(?:\s[a-z]+)?))?\s*[.!]?$/i;

/**
 * "an open or in progress case can be withdrawn", "a lodged or scheduled appeal can also be withdrawn":
 * a state reached from the states named, whatever the record is called.
 */
export function sideSteps(text: string): { from: string; to: string }[] | undefined {
  const m = /^(?:an?|the|any)\s+([a-z]+(?:\s[a-z]+)?(?:\s*,\s*[a-z]+(?:\s[a-z]+)?)*\s+or\s+[a-z]+(?:\s[a-z]+)?)\s+[a-z]+\s+(?:can|may|could)\s+(?:also\s+|still\s+)?(?:be|get)\s+([a-z]{4,})\s*[.!]?$/i.exec(text.trim());
  if (!m) return undefined;
  return (m[1] as string).split(/\s*,\s*|\s+or\s+/).map((from) => ({ from: from.trim(), to: m[2] as string }));
}

/** "received, transcribing and sent, in that order" -> "received -> transcribing -> sent" (undefined when fewer than two). */
function splitItemsInOrder(list: string): string | undefined {
  const items = list
    .replace(/\s*,?\s*(?:and\s+)?(?:always\s+)?in (?:that|this) order\s*[.!]?$/i, '')
    .split(/\s*,\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+/)
    .filter(Boolean);
  return items.length >= 2 ? items.join(' -> ') : undefined;
}

/** "quoted to booked to done, or booked to cancelled": the states as written, in order, with their moves. */
export function statesInOrder(chain: string): { values: string[]; steps: { from: string; to: string }[] } | undefined {
  // "..., nothing else", "... once it has been posted back", "..., in that order": what follows the states says no state
  // (", and I need to be able to change it as it goes along": the writer's ask after the states)
  // ("goes new, then quoted, then booked": one chain, told with commas)
  const written = chain.replace(/\s*,\s*(?:and\s+)?then\s+/gi, ' then ').replace(/\s*,\s*and\s+(?:i|we|you)\b.*$/i, '').replace(/\s*,?\s*(?:and\s+)?(?:nothing else|no other moves?|only|(?:always\s+)?in (?:that|this) order)\s*$/i, '');
  // ("..., although sadly some go from in care to died": a branch told as a clause of its own)
  // ("...; an open or in progress case can be withdrawn": moves from the states named, told apart)
  const told = written.split(/\s*;\s*/).map((t) => ({ t, side: sideSteps(t) }));
  const sides = told.flatMap(({ side }) => side ?? []);
  const branches = told.filter(({ side }) => !side).map(({ t }) => t).join('; ').split(/\s*,?\s*\bor\b\s*|\s*[,;]\s*/).map((b) => b.replace(/^(?:although|though|but|and|while|whereas)\s+(?:[a-z]+\s+){0,3}?(?:can\s+|may\s+|might\s+)?(?:go|goes|move|moves)\s+(?:straight\s+)?(?:from\s+)?/i, ''));
  const chains: string[][] = [];
  /** States reached from every state of the first chain but its last ("..., or get cancelled"). */
  const fromAny: string[] = [];
  for (const branch of branches) {
    // "or it can be cancelled while it is still booked": one move; "or get cancelled": from any state but the end
    const side = SIDE_BRANCH.exec(branch);
    if (side && !side[2]) {
      fromAny.push(side[1] as string);
      continue;
    }
    const b = side ? `${side[2] as string} -> ${side[1] as string}` : branch;
    const values = b
      .split(/\s*(?:→|->|=>|>|\bto\b|\bthen\b)\s*/)
      .map((v) => v.replace(/\s+(?:once|when|after|before|if|unless|as soon as)\b.*$/i, '').trim())
      .filter(Boolean);
    // "..., and then to collected": the branch goes on from where the one before ended
    const previous = chains[chains.length - 1];
    if (values[0] === 'and' && previous) chains.push([previous[previous.length - 1] as string, ...values.slice(1)]);
    // "draft -> submitted -> awarded or declined": a last state alone is another end of the step before
    else if (values.length === 1 && previous && previous.length >= 2) chains.push([previous[previous.length - 2] as string, values[0] as string]);
    else chains.push(values);
  }
  chains.push(...sides.map((st) => [st.from, st.to]));
  if ((chains[0]?.length ?? 0) < 2 || chains.some((c) => c.length < 2 || c.some((v) => v.split(/\s+/).length > 3))) return undefined;
  const first = chains[0] as string[];
  const steps = [...chains.flatMap((c) => c.slice(1).map((to, k) => ({ from: c[k] as string, to }))), ...fromAny.flatMap((to) => first.slice(0, -1).map((from) => ({ from, to })))];
  return { values: [...new Set([...chains.flat(), ...fromAny])], steps };
}

/** The item of a list before that `list` gives the values of: named by its subject, with no values yet, and every item of `list` a plain word or two. */
export function valuesOfListedField(out: readonly Clause[], list: FieldList): FieldItem | undefined {
  // ("Stages (in this order)": what the parenthesis says of them is no part of the name)
  const subject = list.subject.toLowerCase().replace(/\s*\([^()]*\)\s*$/, '');
  const names = new Set([subject, subject.replace(/s$/, ''), subject.replace(/es$/, '')]);
  if (!list.items.every((it) => /^[a-z][a-z-]*(?: [a-z-]+){0,2}$/i.test(it.words) && !it.type && !it.values)) return undefined;
  for (const c of [...out].reverse()) {
    if (c.kind !== 'fieldList') continue;
    const item = c.items.find((it) => names.has(it.words.toLowerCase()) && !it.values?.length);
    if (item) return item;
  }
  return undefined;
}

/** A list that gives the values of a field listed before ("States: a, b, c") sets them there; true if it did. */
export function valuesOfField(out: readonly Clause[], list: FieldList): boolean {
  const field = valuesOfListedField(out, list);
  if (!field) return false;
  field.values = list.items.map((it) => it.words);
  // ("Stages (in this order)": states a record moves through)
  if (/\bin\s+(?:this\s+|that\s+)?order\b/i.test(list.source.split(';')[0] ?? '')) field.moves = true;
  delete field.type;
  return true;
}

/**
 * Whose states a sentence of states gives, and in which field, when no field list before names them:
 * - "Articles have a title and a status." then "The status goes from draft to ...": the records of the
 *   latest sentence that gave them that field, else of the latest sentence that described records;
 * - "A commission's status goes from quoted to ...": the record and the field named;
 * - "A job goes from quoted to ...", "Jobs go from enquiry to accepted to ...": the record's status,
 *   when the prompt speaks of each one ("a job", "each job") or a sentence before described them.
 */
export function statesHolder(before: readonly Clause[], words: string, text: string, wholeText: string): { record: string; field: string } | undefined {
  const statements = [...before].reverse().filter((c): c is Extract<Clause, { kind: 'statement' }> => c.kind === 'statement');
  if (STATE_FIELD_NAMES.has(words)) {
    const said = statements.find((c) => new RegExp(`\\b(?:has|have|with)\\b.*\\b${words}\\b`, 'i').test(c.text));
    const record = describing((said ?? statements[0])?.text ?? '');
    return record ? { record, field: words } : undefined;
  }
  const whose = /^([a-z]+)'s\s+(status|state|stage)$/.exec(words);
  const record = whose ? (whose[1] as string) : words;
  if (record.includes(' ') || STATE_FIELD_NAMES.has(record) || TYPE_BY_WORD[record]) return undefined;
  const eachSaid = /^(?:a|an|each|every|the)\s/i.test(text) && new RegExp(`\\b(?:a|an|each|every|for each|for every)\\s+${record}\\b`, 'i').test(wholeText);
  const described = statements.some((c) => singular(describing(c.text) ?? '') === singular(record));
  return eachSaid || described ? { record: singular(record), field: whose ? (whose[2] as string) : 'status' } : undefined;
}

/** "Jobs have a ...", "Each order has ...": the records a sentence describes, as written (lower case). */
const describing = (text: string): string | undefined => /^(?:(?:a|an|each|every|the|my|our)\s+)?([a-z]+)\s+(?:has|have|had|got|gets|hold|holds|need|needs)\b/i.exec(text)?.[1]?.toLowerCase();

/** The latest field list before that is about `record` (its last word, singular, is the record's). */
export function latestListOf(before: readonly Clause[], record: string): FieldList | undefined {
  return before.findLast((c): c is FieldList => c.kind === 'fieldList' && singular(c.subject.toLowerCase().split(/\s+/).pop() ?? '') === singular(record));
}

/**
 * A sentence that gives a record's states on their own: "Status of a hedgehog: in care, ready,
 * released", "Job status: quoted -> accepted -> done", "also status: enquiry, surveyed, booked",
 * "status is booked, done or paid, we just change it as we go". The record is the one named, else
 * the one the sentences before described; in order (arrows, "then") the states are moves too.
 */
export function statusLine(before: readonly Clause[], text: string): FieldList | undefined {
  const m = STATUS_LINE.exec(text.trim());
  if (!m) return undefined;
  const named = m[1] ?? m[3];
  const written = (m[4] as string).replace(/\s*,\s*(?:and\s+|but\s+)?(?:i|we|you|they|it|staff)\b.*$/i, '').replace(/\s+\|\s+/g, ' or ');
  const chain = /->|→|=>|\bthen\b|\bto\b/.test(written) ? statesInOrder(written) : undefined;
  const values = chain?.values ?? written.split(/\s*(?:,|\/|\bor\b|\band\b)\s*/).filter(Boolean);
  if (values.length < 2 || values.some((v) => v.split(/\s+/).length > 3 || !/^[a-z][a-z -]*$/i.test(v))) return undefined;
  const record = named ? singular(named.toLowerCase()) : describedBefore(before);
  // ("Order status: ...": a word that names a kind of value, "order", is a record when a list was about it)
  if (!record || STATE_FIELD_NAMES.has(record) || (TYPE_BY_WORD[record] && !latestListOf(before, record))) return undefined;
  const field = (m[2] as string).toLowerCase();
  return { kind: 'fieldList', subject: record, items: [{ words: field, values, ...(chain ? { moves: true, steps: chain.steps } : {}) }], source: text, nounPhrase: true };
}

/**
 * A status line (statusLine) joined to the list of its record: it gives a listed status with no
 * values its states ("- Order: ..., status" then "Order status: received -> shipped"), or is one
 * more item of the list, or a list of its own. False when the text is no status line.
 */
export function joinStatusLine(out: Clause[], text: string): boolean {
  const status = statusLine(out, text);
  if (!status) return false;
  const item = status.items[0] as FieldItem;
  const owner = latestListOf(out, status.subject);
  if (!owner) {
    out.push(status);
    return true;
  }
  const valueless = owner.items.find((it) => it.words.toLowerCase() === item.words && !it.values?.length);
  if (valueless) Object.assign(valueless, item, { words: valueless.words });
  else if (!owner.items.some((it) => STATE_FIELD_NAMES.has(it.words.toLowerCase()))) owner.items.push(item);
  return valueless !== undefined || owner.items.includes(item);
}

const STATUS_LINE =
  /^(?:also\s+|and\s+|plus\s+)?(?:(?:the|a|an|each|every|its|their)\s+)?(?:([a-z]+?)(?:'s)?\s+)?(status|state|stage)(?:\s+of\s+(?:a|an|the|each|every)\s+([a-z]+))?(?:\s+(?:flow|values|options|workflow))?\s*(?::|\s-\s|\s+(?:is|are|can be)\s+(?:either\s+|one of\s+)?)\s*(.+?)[.!]?$/i;

/** The records the latest field list or describing sentence before was about. */
function describedBefore(before: readonly Clause[]): string | undefined {
  for (const c of [...before].reverse()) {
    if (c.kind === 'fieldList') return singular(c.subject.toLowerCase().split(/\s+/).pop() ?? '');
    const d = c.kind === 'statement' ? describing(c.text) : undefined;
    if (d) return singular(d);
  }
  return undefined;
}
