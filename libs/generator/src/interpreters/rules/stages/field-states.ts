import { STATE_FIELD_NAMES } from '../lexicon.js';
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
    /^(?:the\s+|its\s+|their\s+|a\s+|an\s+)?([a-z][a-z' ]{0,30}?)\s+(?:goes|go|moves|move|flows|runs|progresses|(?:flow|workflow|lifecycle|transitions)\s*:)\s+(?:from\s+)?(.+?)[.!]?$/i.exec(sentence.trim()) ??
    /^(?:the\s+)?([a-z]+)\s+(?:values|states|stages|steps)\s*,?\s*(?:\(?\s*in\s+(?:that|this)?\s*order\s*\)?)?\s*:\s*(.+?(?:->|→|=>).+?)[.!]?$/i.exec(sentence.trim());
  if (!m) return undefined;
  const states = statesInOrder(m[2] as string);
  return states ? { words: (m[1] as string).toLowerCase(), ...states } : undefined;
}

/** "quoted to booked to done, or booked to cancelled": the states as written, in order, with their moves. */
export function statesInOrder(chain: string): { values: string[]; steps: { from: string; to: string }[] } | undefined {
  // "..., nothing else", "... once it has been posted back", "..., in that order": what follows the states says no state
  // (", and I need to be able to change it as it goes along": the writer's ask after the states)
  const written = chain.replace(/\s*,\s*and\s+(?:i|we|you)\b.*$/i, '').replace(/\s*,?\s*(?:and\s+)?(?:nothing else|no other moves?|only|(?:always\s+)?in (?:that|this) order)\s*$/i, '');
  // ("..., although sadly some go from in care to died": a branch told as a clause of its own)
  const branches = written.split(/\s*,?\s*\bor\b\s*|\s*[,;]\s*/).map((b) => b.replace(/^(?:although|though|but|and|while|whereas)\s+(?:[a-z]+\s+){0,3}?(?:can\s+|may\s+|might\s+)?(?:go|goes|move|moves)\s+(?:straight\s+)?(?:from\s+)?/i, ''));
  const chains: string[][] = [];
  for (const b of branches) {
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
  if ((chains[0]?.length ?? 0) < 2 || chains.some((c) => c.length < 2 || c.some((v) => v.split(/\s+/).length > 3))) return undefined;
  const steps = chains.flatMap((c) => c.slice(1).map((to, k) => ({ from: c[k] as string, to })));
  return { values: [...new Set(chains.flat())], steps };
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
 * "Articles have a title and a status." then "The status goes from draft to ...": the records of the
 * latest sentence that gave them that field, whose status the states are.
 */
export function stateHolder(before: readonly Clause[], field: string): string | undefined {
  if (!STATE_FIELD_NAMES.has(field)) return undefined;
  const said = [...before].reverse().find((c): c is Extract<Clause, { kind: 'statement' }> => c.kind === 'statement' && new RegExp(`\\b(?:has|have|with)\\b.*\\b${field}\\b`, 'i').test(c.text));
  return said ? /^(?:(?:a|an|each|every|the|my|our)\s+)?([a-z]+)\s+(?:has|have|had|got|gets)\b/i.exec(said.text)?.[1]?.toLowerCase() : undefined;
}
