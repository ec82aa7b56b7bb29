import { DETERMINERS, KEEPING, MODALS, PREPOSITIONS, PRONOUN_SUBJECTS, SELF_SUBJECTS, VERB_SET } from '../lexicon.js';
import { isPluralForm, plural } from '../text.js';
import { FIELD_NOTE_AFTER_COMMA } from '../field-lists.js';
import { splitItems } from './list-items.js';

/**
 * Stage 2, a record's section: "Officers" (or "## Officers") over bullets that list its fields
 * several to a bullet ("- name, collar number (unique), station") and then say what is done with
 * the records ("- create and list", "- the date taken cannot be earlier than the incident date").
 * Specs and notes are written so whatever their words; the bullets of fields become the section's
 * items, one per field, and every other bullet is a sentence of its own, its records named where the
 * bullet only gave the verbs ("create and list" is "Create and list officers").
 */
export interface SectionBullets {
  /** The fields, one item each. */
  fields: string[];
  /** The other bullets, in order, as sentences about the section's records. */
  said: string[];
}

/** "create and list", "retrieve one by its crime reference", "list by status": a bullet saying what is done, not a field ("listing", "order number"). */
function saysWhatIsDone(text: string): boolean {
  const first = text.trim().split(/\s+/)[0] as string;
  const ws = text.trim().split(/\s+/).map((w) => w.replace(/[,;:.]$/, '').toLowerCase());
  const isVerb = (w: string): boolean => VERB_SET.has(w);
  // ("return by (date)": a name with its type in parentheses is a field; "finish: black paint | copper", "make: string":
  // a name before a colon is a field's)
  if (!isVerb(ws[0] as string) || ws.length < 2 || first.endsWith(':') || /\((?:date|time|datetime|yes\s*\/\s*no|number|integer|int|text|email|url)\)\s*$/i.test(text)) return false;
  if (ws.every((w) => ['and', 'or', '&', '/'].includes(w) || isVerb(w))) return true;
  // ("list gradings by grading date", "pass a grading / fail a grading": a verb before a determiner or a preposition
  // in the item's own words, before its note, is a request; "order number - printed on the invoice" is a name)
  const core = text.split(/\s*\(|\s[-–—]\s|,|:/)[0]?.trim().toLowerCase().split(/\s+/) ?? [];
  if (core.length >= 3 && core.slice(1).some((w) => DETERMINERS.has(w) || PREPOSITIONS.has(w) || w === '/')) return true;
  const next = ws[1] as string;
  // ("create, and retrieve one ...", "add, edit and list"; not "grade, 1 to 9")
  return (first.endsWith(',') && (next === 'and' || isVerb(next))) || ['and', 'or', '&'].includes(next) || DETERMINERS.has(next) || PREPOSITIONS.has(next);
}

/**
 * The bullets of a section headed `heading`, when at least two fields are listed and either a
 * bullet lists several of them or a bullet says something other than a field; undefined when the
 * bullets are one field each (the reading of such a list is unchanged) or too few fields.
 */
export function sectionBullets(heading: string, bullets: readonly string[], isField: (item: string) => boolean): SectionBullets | undefined {
  const fields: string[] = [];
  const said: string[] = [];
  let several = false;
  const records = recordsOf(heading);
  if (!records) return undefined;
  for (const b of bullets) {
    const parts = splitItems(b);
    // ("email, **unique**", "number of dancers, between 8 and 16": a note after a comma is the field's, not another field)
    // ("status: draft -> submitted, or submitted -> rejected", "size: S, M, L": a name and its values)
    const noted = parts.slice(1).some((p) => FIELD_NOTE_AFTER_COMMA.test(`, ${p.replace(/\*+/g, '')}`)) || /[:=]|->|→/.test(parts[0] ?? '');
    // ("all events, filterable by category and by day": a filter is no field)
    const filters = parts.some((p) => /\bby\b|^(?:filterable|searchable|sortable)\b/i.test(p) || PREPOSITIONS.has((p.split(/\s+/)[0] ?? '').toLowerCase()));
    const request = saysWhatIsDone(b);
    if (!request && !noted && !filters && parts.length >= 2 && parts.every(isField)) {
      fields.push(...parts);
      several = true;
      // (a lone word in a record's section is a field, verb or not: "make", "record")
    } else if (!request && (isField(b) || /^[a-z]+$/i.test(b.trim()))) fields.push(b);
    else said.push(request ? withRecords(b, records) : b.trim().replace(/[.;]+$/, ''));
  }
  return fields.length >= 2 && (several || said.length > 0) && fields.length >= said.length ? { fields, said } : undefined;
}

/** "Officers", "Rent reviews", "## Incident": the records the heading names, in the plural. */
function recordsOf(heading: string): string | undefined {
  const ws = heading.replace(/\s*\([^)]*\)/g, '').trim().split(/\s+/);
  if (ws.length === 0 || ws.length > 3 || !ws.every((w) => /^[A-Za-z][a-z-]*$/.test(w))) return undefined;
  // ("I need", "What we keep", "Track visits": a request or a sentence, not records)
  const lower = ws.map((w) => w.toLowerCase());
  if (lower.some((w) => SELF_SUBJECTS.includes(w) || PRONOUN_SUBJECTS.has(w) || MODALS.has(w)) || KEEPING.has(lower[0] as string)) return undefined;
  const last = (ws[ws.length - 1] as string).toLowerCase();
  return [...ws.slice(0, -1).map((w) => w.toLowerCase()), isPluralForm(last) ? last : plural(last)].join(' ');
}

/**
 * "create and list" -> "Create and list officers"; "create, and retrieve one by its crime
 * reference" -> "Create incidents, and retrieve one by its crime reference"; "list by status" ->
 * "List officers by status" (a request, saysWhatIsDone). A bullet whose verb has its own object is left as written.
 */
function withRecords(bullet: string, records: string): string {
  const text = bullet.trim().replace(/[.;]+$/, '');
  const ws = text.split(/\s+/);
  const bare = (w: string): string => w.replace(/[,;:]$/, '').toLowerCase();
  const verbRun = ws.every((w) => ['and', 'or', '&', '/'].includes(bare(w)) || VERB_SET.has(bare(w)));
  const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  if (verbRun) return capital(`${text} ${records}`);
  const first = ws[0] as string;
  const next = bare(ws[1] ?? '');
  if (/[,;:]$/.test(first) || ['and', 'or', '&'].includes(next) || PREPOSITIONS.has(next)) {
    const verb = first.replace(/[,;:]$/, '');
    return capital([`${verb} ${records}${first.slice(verb.length)}`, ...ws.slice(1)].join(' '));
  }
  return capital(text);
}
