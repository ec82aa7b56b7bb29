import { CONTACT_DETAILS, RECORD_HEADING_LABELS, RECORD_SECTION_LABELS, SECTION_LABELS, TYPE_BY_WORD, VALUE_NOUNS } from '../lexicon.js';
import { readLifecycles } from './lifecycle.js';
import type { Line } from './normalise.js';

/**
 * Stage 1b: the labels of a written spec. People who write a spec label its parts ("Entities:",
 * "Operations: a; b; c", "R1 Customers: ...", "Entity Ticket: ...", "Repair job fields:"); the
 * labels say what the lines are and are never records themselves. This stage takes the label off
 * what it labels, so the next stages read "Ticket: number, ..." and one sentence per operation:
 * - a requirement number or an "Entity"/"Record" word before a list is dropped ("R2 Installations
 *   belong to ..." -> "Installations belong to ...");
 * - a heading "X fields" / "X attributes" names the record X;
 * - a labelled line of several parts separated by semicolons ("Operations: create rooms; confirm a
 *   session") is one line per part, each keeping its label (so "Queries: a; b" is two lists to show).
 */
export function readSections(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    if (line.kind === 'heading') {
      out.push({ ...line, text: recordOfHeading(withoutFieldsWord(withoutNumber(line.text))) });
      continue;
    }
    if (line.kind === 'row') {
      out.push(line);
      continue;
    }
    const text = valuesInParens(withoutEntityWord(withoutNumber(line.text)));
    const pair = line.kind === 'bullet' ? pairedFields(text) : undefined;
    if (pair) {
      for (const part of pair) out.push({ ...line, text: part });
      continue;
    }
    for (const part of labelledParts(text)) out.push({ ...line, text: part });
  }
  return readLifecycles(describedAfterItems(out));
}

/** An item that asks for something done ("list bookings for a date"), not a field. */
const ASKS = /^(?:list|show|see|add|create|get|find|search|view|update|edit|change|delete|remove|cancel|mark|book|record|log)\s+(?:a|an|the|all|my|our|their|[a-z]+s)\b/i;

/**
 * "## Sightings" / "Logged by the crew during each trip." / "- trip" / "- species": a sentence or
 * two between a heading and its items describe the record; the items are still the heading's, and
 * the sentences are read after them (what they say is kept, in order after the record is known).
 */
function describedAfterItems(lines: Line[]): Line[] {
  const out = [...lines];
  for (let i = 0; i < out.length; i++) {
    if (out[i]?.kind !== 'heading') continue;
    let j = i + 1;
    while (j < out.length && j <= i + 2 && out[j]?.kind === 'sentence' && !/:\s*\S/.test((out[j] as { text: string }).text)) j++;
    if (j === i + 1 || out[j]?.kind !== 'bullet' || out[j + 1]?.kind !== 'bullet') continue;
    let k = j;
    while (k < out.length && out[k]?.kind === 'bullet') k++;
    // ("A trader books a pitch ..." over "- list bookings for a date": the sentence declares what the items act on)
    if (out.slice(j, k).some((b) => ASKS.test((b as { text: string }).text))) continue;
    const said = out.slice(i + 1, j);
    out.splice(i + 1, k - i - 1, ...out.slice(j, k), ...said);
    i = k - 1;
  }
  return out;
}

/** The prompt with each line's requirement number and "Entity" word taken off, for the reading as written. */
export function unlabelled(prompt: string): string {
  return prompt
    .split('\n')
    .map((line) => {
      const lead = /^\s*(?:[-*•+]\s+|\d{1,2}[.)]\s+)?/.exec(line)?.[0] ?? '';
      return lead + withoutEntityWord(withoutNumber(line.slice(lead.length)));
    })
    .join('\n');
}

/** "R1 Customers: ...", "FR-2 The status ...", "Req 3: ...": a requirement's number says nothing of it. */
function withoutNumber(text: string): string {
  return text.replace(/^(?:(?:req(?:uirement)?|fr|nfr|r|us)[\s-]?\d{1,3}[a-z]?|\d{1,2}(?:\.\d{1,2})+)[.:)]?\s+(?=\S)/i, '');
}

/** "Entity Ticket: number, ..." -> "Ticket: number, ...". */
function withoutEntityWord(text: string): string {
  const m = /^([A-Za-z]+)\s+([A-Z]?[a-z][\w ]{0,40}?)\s*(:|\s[-–—]\s)(.*)$/.exec(text);
  if (!m || !RECORD_SECTION_LABELS.has((m[1] as string).toLowerCase())) return text;
  return `${m[2] as string}${m[3] as string}${m[4] as string}`;
}

/** "Repair job fields" -> "Repair job". */
function withoutFieldsWord(text: string): string {
  const m = /^(.+?)\s+(?:fields|attributes|properties|columns|data|details)$/i.exec(text);
  return m && !RECORD_SECTION_LABELS.has((m[1] as string).toLowerCase()) ? (m[1] as string) : text;
}

/**
 * "Entity: Closure", "Resource: Microscope", "Fields per fencer", "Fields for each order": the
 * heading labels the record it names; the label is no part of its name.
 */
function recordOfHeading(text: string): string {
  const labelled = /^([A-Za-z]+(?: [a-z]+)?)\s*(?::|\s[-–—])\s*([A-Za-z].*)$/.exec(text);
  if (labelled && RECORD_HEADING_LABELS.has((labelled[1] as string).toLowerCase())) return labelled[2] as string;
  const per = /^(?:fields|attributes|properties|columns|details|data)\s+(?:per|for|of)\s+(?:(?:each|every|a|an|the|one)\s+)?(.+)$/i.exec(text);
  return per ? (per[1] as string) : text;
}

/** "Operations: a; b; c" -> "Operations: a", "Operations: b", "Operations: c". */
function labelledParts(text: string): string[] {
  const m = /^([A-Za-z][A-Za-z ]{1,25}):\s+(\S.*)$/.exec(text);
  if (!m || !SECTION_LABELS.has((m[1] as string).toLowerCase())) return [text];
  const rest = m[2] as string;
  // "Endpoints needed: submit an application, approve, reject, applications by state": short parts
  // separated by commas under an actions label are one line each too
  const commaParts = rest.replace(/[.!]+$/, '').split(/\s*,\s*/);
  const actionsLabel = !RECORD_SECTION_LABELS.has((m[1] as string).toLowerCase());
  const byComma = !rest.includes(';') && actionsLabel && !rest.includes('(') && commaParts.length >= 3 && commaParts.every((p) => p.split(/\s+/).length <= 6);
  if (!rest.includes(';') && !byComma) return [text];
  return rest
    .split(byComma ? /\s*,\s*(?:and\s+)?/ : /\s*;\s*/)
    .map((p) => p.replace(/[.!]+$/, '').trim())
    .filter(Boolean)
    .map((p) => `${m[1] as string}: ${p}`);
}

const WORD = "[a-z][a-z'-]*(?:\\s[a-z][a-z'-]*)?";
/** A value noun opening an item of a list, its bare values joined by commas and a last "or". */
const VALUES_AFTER_NOUN = new RegExp(
  `(^|,\\s*|\\band\\s+|:\\s*)((?:(?:a|an|the)\\s+)?(?:${[...VALUE_NOUNS].join('|')}))\\s+(${WORD}(?:(?:\\s*,\\s*|\\s+or\\s+)${WORD})*\\s+or\\s+${WORD})(?=\\s*(?:$|[.;]|,\\s*(?:and\\s+)?(?:a|an|the)\\s|\\s+and\\s+(?:a|an|the)\\s))`,
  'gi',
);

/**
 * "status requested, confirmed, done or cancelled" (markdown code marks already taken off),
 * "and status pending, picked or delivered": a noun that takes values, opening an item of a list,
 * followed straight by bare words joined by "or", lists its values; they are put in parentheses
 * so the list's commas do not make each value a field. Words that name fields are never values.
 */
export function valuesInParens(text: string): string {
  return text.replace(VALUES_AFTER_NOUN, (all, lead: string, noun: string, values: string) => {
    const words = values.split(/\s*,\s*|\s+or\s+|\s+/).map((w) => w.toLowerCase());
    const fieldish = words.some((w) => (TYPE_BY_WORD[w] !== undefined && TYPE_BY_WORD[w]?.type !== 'boolean') || CONTACT_DETAILS.has(w) || ['a', 'an', 'the', 'and', 'name'].includes(w));
    return fieldish ? all : `${lead}${noun} (${values})`;
  });
}

/**
 * "start date / end date", "home team / away team": a bullet of two fields sharing their last word,
 * written with a slash, is two fields (a slash between single words is a list of values).
 */
export function pairedFields(text: string): string[] | undefined {
  // ("member + practice": two fields joined with a plus)
  const plus = /^([a-z]+(?:\s[a-z]+)?)\s*\+\s*([a-z]+(?:\s[a-z]+)?)$/i.exec(text.trim());
  if (plus) return [plus[1] as string, plus[2] as string];
  const m = /^([a-z]+(?:\s[a-z]+)?)\s([a-z]+)\s*\/\s*([a-z]+(?:\s[a-z]+)?)\s([a-z]+)$/i.exec(text.trim());
  return m && (m[2] as string).toLowerCase() === (m[4] as string).toLowerCase() && m[1]?.toLowerCase() !== m[3]?.toLowerCase() ? [`${m[1] as string} ${m[2] as string}`, `${m[3] as string} ${m[4] as string}`] : undefined;
}
