import { singular } from '../text.js';
import type { Clause } from './clauses.js';
import { listItems } from './declaration-items.js';
import type { FieldItem } from './phrasings.js';

/**
 * Stage 2c: a field given after its record was made. "After the blast the shotfirer fills in its
 * peak vibration" is an update of the record that holds the field; a field no list gave it is one
 * more of its fields, optional, since it stays empty until then.
 */
type FieldList = Extract<Clause, { kind: 'fieldList' }>;

/**
 * "After the blast the shotfirer fills in its peak vibration", "the captain lists the availability,
 * and fills in the result after the match", "The result gets updated when the lab replies": a
 * field given after the record was made, i.e. an update of it. `before` is a request written ahead
 * of it in the same sentence.
 */
export function filledInLater(sentence: string): { fields: FieldItem[]; before?: string } | undefined {
  const text = sentence.trim().replace(/[.!]+$/, '');
  const filled = /^(?:(.+?),?\s+and\s+|(?:after|when|once|as soon as)\s+[^,]+?,?\s+(?:(?:the|a|an|our|my)\s+)?[a-z]+\s+|(?:the|a|an|our|my)\s+[a-z]+\s+|(?:we|i|they)\s+)(?:then\s+|later\s+|also\s+)?(?:fills? in|writes? in|puts? in|enters?)\s+(?:its|their|the)\s+(.+?)(?:\s+(?:after|when|once|later|afterwards|at the end)\b.*)?$/i.exec(text);
  const passive = filled ? undefined : /^(?:the|its|their)\s+([a-z][a-z ]{0,30}?)\s+(?:gets|get|is|are)\s+(?:updated|changed|filled in|entered)(?:\s+(?:when|after|once|as soon as)\b.*)?$/i.exec(text);
  const list = filled ? (filled[2] as string) : passive?.[1];
  const items = list ? listItems(list) : undefined;
  if (!items || items.some((it) => it.words.split(/\s+/).length > 4)) return undefined;
  return { fields: items, ...(filled?.[1] ? { before: filled[1] } : {}) };
}

/**
 * The statements a "fills in" sentence stands for, read after the clauses before it (`out`), or
 * undefined when it is no such sentence or names no record: "<request before it>.", "A blast also
 * has an optional peak vibration.", "Update the peak vibration of a blast."
 */
export function filledInStatements(out: readonly Clause[], described: Clause | undefined, text: string): Clause[] | undefined {
  const filled = filledInLater(text);
  if (!filled) return undefined;
  const lists = out.filter((c): c is FieldList => c.kind === 'fieldList');
  const bare = (words: string) => words.replace(/\s*\(.*$/, '').trim().toLowerCase();
  const holder = (f: FieldItem) => lists.findLast((c) => c.items.some((it) => bare(it.words) === bare(f.words)));
  const owner = holder(filled.fields[0] as FieldItem);
  // ("After the blast ...": the record the time is told by; else the record described last)
  const named = owner?.subject ?? /\b(?:after|once|when)\s+(?:the|a|an|each)\s+([a-z]+)\b/i.exec(text)?.[1] ?? (described?.kind === 'fieldList' ? described.subject : undefined);
  if (!named) return undefined;
  const said: Clause[] = filled.before ? [{ kind: 'statement', text: `${filled.before}.` }] : [];
  const record = singular(named.toLowerCase());
  const missing = filled.fields.filter((f) => !holder(f));
  if (missing.length) said.push({ kind: 'statement', text: `${/^[aeiou]/.test(record) ? 'An' : 'A'} ${record} also has an optional ${missing.map((f) => f.words).join(' and an optional ')}.` });
  said.push({ kind: 'statement', text: `Update the ${filled.fields.map((f) => f.words).join(' and the ')} of a ${record}.` });
  return said;
}
