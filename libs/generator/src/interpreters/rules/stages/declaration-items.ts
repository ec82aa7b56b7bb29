import { CONTACT_DETAILS } from '../lexicon.js';
import { ownersApart } from '../field-lists.js';
import { tokenize } from '../tokens.js';
import type { Clause } from './clauses.js';
import { readItem, splitValues, type FieldItem } from './phrasings.js';

/**
 * Stage 2b's items: the comma and "and" list after a declaration's records ("a name, email and the
 * date they joined"), each read as a field, with what is said beside it (optional, a default).
 */
type FieldList = Extract<Clause, { kind: 'fieldList' }>;

/** The records a sentence names with a list of at least two fields, or undefined. */
export function recordWithFields(subject: string, list: string, sentence: string): FieldList | undefined {
  const items = listItems(list);
  return items && items.length >= 2 ? { kind: 'fieldList', subject, items, source: sentence, nounPhrase: true } : undefined;
}

/**
 * "a start date, an end date and a status (pending, approved), pending at first": the items, an
 * item opening on a value of the one before being that one's default. Undefined when an item is
 * not a noun phrase (the reader then reads the sentence and names what it cannot).
 */
export function listItems(list: string): FieldItem[] | undefined {
  const parts = splitTopLevel(list);
  const items: FieldItem[] = [];
  let owner: string | undefined;
  let ownerItem = -1;
  // (as field-lists.ts sharedOwner: the owner is shared when the list holds two people)
  const twoPeople = ownersApart(tokenize(list));
  for (const part of parts) {
    let words = part.replace(/^(?:and|or)\s+/i, '').replace(/^(?:a|an|the|its|their|any)\s+/i, '').trim();
    if (!words) continue;
    // "a return date that stays empty until it comes back": a value that may be missing is optional
    const empty = /\s+(?:that|which)\s+(?:stays|is|remains|can be|may be|is left)\s+(?:empty|blank)\b.*$/i.exec(words);
    if (empty) words = words.slice(0, empty.index);
    const prev = items[items.length - 1];
    const first = words.split(/\s+/)[0]?.toLowerCase() ?? '';
    const values = prev ? (prev.values ?? splitValues(/\(([^()]+)\)/.exec(prev.words)?.[1] ?? '')) : [];
    if (prev && values.some((v) => v.toLowerCase() === first) && /\b(?:at first|by default|to start|initially|first)\b/i.test(words)) {
      prev.default = values.find((v) => v.toLowerCase() === first);
      continue;
    }
    // (what a parenthesis says is the item's values or type, never a clause)
    const bare = words.replace(/\([^()]*\)/g, ' ').trim();
    // ("how many people it can take" asks a number, it states nothing)
    if (!/^how\s+(?:many|much|long|often)\b/i.test(bare) && (/\b(?:can|must|should|will|is|are|cannot|can't|not|never)\b/i.test(bare) || bare.split(/\s+/).length > 6)) return undefined;
    // "the tenant's name, email and phone": contact details after a possessive share its owner
    const own = /^([a-z]+)'s\s+[a-z]/i.exec(words);
    // ("their email" names its own owner)
    if (own) [owner, ownerItem] = [own[1], items.length];
    else if (owner && (twoPeople || (items.length === ownerItem + 1 && /^and\s/i.test(part.trim()))) && CONTACT_DETAILS.has(words.toLowerCase()) && !/^(?:and\s+|or\s+)?(?:their|its|his|her)\s/i.test(part)) words = `${owner}'s ${words}`;
    else owner = undefined;
    const item = readItem(words).item;
    items.push(empty ? { ...item, flags: [...(item.flags ?? []), 'optional'] } : item);
  }
  return items.length > 0 ? items : undefined;
}

/** Commas and "and" outside parentheses. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < list.length; i++) {
    const c = list[i] as string;
    if (c === '(') depth++;
    if (c === ')') depth = Math.max(0, depth - 1);
    // "between 0 and 20" is one range, not two items
    if (depth === 0 && (c === ',' || (/^\sand\s/i.test(list.slice(i, i + 5)) && !/\bbetween\s+\S+$/i.test(cur)))) {
      parts.push(cur);
      cur = '';
      if (c !== ',') i += 3;
    } else cur += c;
  }
  parts.push(cur);
  return parts.map((p) => p.trim()).filter(Boolean);
}

