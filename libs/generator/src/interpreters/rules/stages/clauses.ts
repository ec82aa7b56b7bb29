import { CONTEXT_LABELS, KEEPING, REQUEST_HEADING, LIST_LABELS, META_NOUNS, RECORD_SECTION_LABELS, MODALS, PRONOUN_SUBJECTS, SELF_SUBJECTS, SENTENCE_HEADINGS, STATE_FIELD_NAMES, VERB_SET } from '../lexicon.js';
import { isFieldLike, isTypedItem, itemCore } from './field-items.js';
import { isPluralForm, singular, verbLemma } from '../text.js';
import type { Line } from './normalise.js';
import { declarationOf, laterFields, pairedNames } from './declarations.js';
import { bareListOf, itemsLine, listParts, pluralBy, recordsByField, recordsByFieldParts, splitItems } from './list-items.js';
import { joinStatusLine, latestListOf, statesHolder, statesOf, valuesOfField } from './field-states.js';
import { actorsRecord, collectionSubject, contextOf, documentLine, keptSubject, openingTitle, lastNounPhrase, tradeCovers, withPronounResolved, type ListSetting } from './context.js';
import { readItem, type FieldItem } from './phrasings.js';
import { tableAt } from './table-rows.js';
import { FIELD_NOTE_AFTER_COMMA } from '../field-lists.js';
import { filledInStatements } from './filled-in.js';
import { eachOpeningItems, headingNoun, recordsNamedBefore, recordsOpeningItems } from './list-subject.js';
import { sectionBullets } from './section-bullets.js';

/**
 * Stage 2: typed clauses. Layout decides what can be decided without reading the sentence: a
 * heading over field-like bullets, "Things: a, b, c", "Things - a, b, c" and a field table are
 * FieldLists; talk about the user ("we're a small bakery", "I'd like a simple backend") is
 * Context; a heading over nothing is a Heading. Every other sentence is a Statement, read by the
 * sentence reader (declarations, actions, rules, state machines).
 */
export type Clause =
  /** `nounPhrase`: the subject followed a determiner ("A leave request ..."), so its first word is never a verb. */
  | { kind: 'fieldList'; subject: string; items: FieldItem[]; source: string; nounPhrase?: boolean }
  | { kind: 'context'; text: string; why: string }
  | { kind: 'heading'; text: string }
  | { kind: 'statement'; text: string };

/** A bullet that says a rule in a sentence of its own ("a practice is capped at its max players", "bookings can't overlap"). */
const RULE_BULLET = /^(?:(?:a|an|the|each|every|no)\s+)?[a-z]+(?:\s[a-z]+)?\s+(?:is|are|must|can't|cannot|can not|may not|should|never|has to|have to)\s+\S+(?:\s+\S+){2,}$/i;

/** Verbs of looking that open a list to show ("show", "see", "search ..."), besides the verbs we act on. */
const LOOKING = new Set(['show', 'see', 'search', 'find', 'view', 'filter', 'browse', 'look']);
const COPULAS = new Set(['can', 'is', 'are', 'be', 'must', 'should', 'will', 'may', 'could']);

/** "I need my", "we'd like to keep all our": a request opening a sentence that then declares records. */
const REQUEST_FRAME = new RegExp(
  // ("need tournaments with ...": casual writers drop the "I")
  `^(?:(?:so|ok|and|also|then|basically)\\s+)*(?:(?:i|we)(?:(?:'d|’d|\\s+would)?\\s+(?:really\\s+|just\\s+)?(?:need|want|like|require)\\s+(?:to\\s+(?:${[...KEEPING, 'have'].join('|')})\\s+)?|\\s+(?:${[...KEEPING].join('|')})\\s+)|(?:need|want|wanna)\\s+(?:to\\s+(?:${[...KEEPING, 'have'].join('|')})\\s+)?)(?:(?:all\\s+)?(?:my|our|the)\\s+)?`,
  'i',
);

// ("A key-cutting kiosk needs to log orders: ...": a hyphen inside a word is part of it; "bookings = name, ...")
const LIST_RE = /^([A-Za-z](?:[A-Za-z0-9' ]|(?<=[A-Za-z0-9])-(?=[A-Za-z])){0,120}?)\s*(?::|\s[-–—=])\s+(.+)$/;
/** "a list of performers", "for each specimen", "a record of each tyre set": the records a list is of. */
const LIST_OF = /(?:\b(?:(?:a|the|one)\s+(?:list|record|log|register|catalogue|catalog|database|note)\s+of|(?:for|of)\s+(?:each|every))|(?:\s[-–—]\s|[,;]\s)(?:each|every))\s+(?:(?:each|every|all|the|my|our)\s+)?([a-z][a-z' ]*)$/i;

export { bareListOf, isFieldLike, isTypedItem, splitItems };

export function toClauses(input: readonly Line[]): Clause[] {
  // (a record's section puts back the bullets that are no fields, to be read as sentences: stages/section-bullets.ts)
  const lines: Line[] = [...input];
  const out: Clause[] = [];
  let subjectHint: string | undefined;
  /** The records the last sentence said it keeps, and where that sentence is in `out`. */
  let named: { subject: string; at: number } | undefined;
  /** Under "## Views" / "Reports:", a bullet naming records is a list to show. */
  let underListLabel = false;
  /** Under "Purpose" / "Background", sentences explain the spec: context, until the next heading. */
  let underContextLabel = false;
  let underRequests = false; // under "## What we need" / "Needs"
  const wholeText = lines.map((l) => (l.kind === 'row' ? l.cells.join(' ') : l.text)).join('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (line.kind === 'heading') {
      underListLabel = LIST_LABELS.has(line.text.toLowerCase());
      underRequests = (SENTENCE_HEADINGS.has(line.text.toLowerCase()) && !/rules?$|constraints/i.test(line.text)) || REQUEST_HEADING.test(line.text);
      underContextLabel = CONTEXT_LABELS.has(line.text.toLowerCase());
      if (underContextLabel) {
        out.push({ kind: 'heading', text: line.text });
        continue;
      }
      const bullets: string[] = [];
      let j = i + 1;
      for (; j < lines.length && (lines[j] as Line).kind === 'bullet'; j++) bullets.push((lines[j] as Extract<Line, { kind: 'bullet' }>).text);
      // ("## Attendance" over "- member", "- practice", "- a practice is capped at its max players": the rule after the
      // fields is said of them, read once the list is)
      const said = bullets.length > 2 ? bullets.filter((b, k) => k >= 2 && RULE_BULLET.test(b)) : [];
      if (said.length > 0) bullets.splice(bullets.length - said.length, said.length);
      // "### Students" over "name, email, date of birth": one line of items instead of bullets (not under the
      // document's title, and only as the whole section: "Small saddler's workshop, two of us." over more is talk)
      const alone = j + 1 >= lines.length || (lines[j + 1] as Line).kind === 'heading';
      const lineUnder = j === i + 1 && line.level >= 2 && alone ? itemsLine(lines[j]) : undefined;
      if (lineUnder) {
        bullets.push(...lineUnder);
        j += 1;
      }
      // "## Choir" over "- Singers: name, voice, email": each bullet is a list of its own, the heading a title
      const subLists = bullets.map((b) => fieldListOf(b));
      // under "Entities" / "Objects" every such bullet is a record, however it is written
      const recordsLabel = RECORD_SECTION_LABELS.has(line.text.toLowerCase());
      const nested =
        subLists.every((l) => l !== undefined) &&
        ((recordsLabel && bullets.length > 0) || (bullets.length > 1 && subLists.filter((l) => isPluralForm((l?.subject.split(' ').pop() ?? '').toLowerCase())).length * 2 > bullets.length));
      if (nested) {
        out.push({ kind: 'heading', text: line.text });
        for (const l of subLists) out.push(l);
        i = j - 1;
        continue;
      }
      // a label over records is a title: each line under it is read on its own
      if (recordsLabel) {
        out.push({ kind: 'heading', text: line.text });
        continue;
      }
      // under a heading naming records ("Vans"), a lone word that is a verb too ("make") is a field
      const plural = line.text.split(/\s+/).some((w) => w.length > 3 && !VERB_SET.has(w.toLowerCase()) && isPluralForm(w.toLowerCase()));
      // ("needs generator: yes/no": an item its phrasing types is a field whatever its words; so is a yes/no item in the count below)
      // ("seat number, 1 to 120", "code, unique", "active (yes/no); ...": what follows notes the field; "count (at least 1)", "grade, 1 to 9 (1 is the highest)": a lone word with its note)
      const fieldLike = (b: string): boolean => isFieldLike(b) || (/^[a-z ]+(?:,\s*(?:-?\d|from\s+-?\d|unique|optional|required)|\s*\([^)]*\)\s*;)/i.test(b) && isFieldLike(b.split(/[,;]/)[0] as string));
      const fieldish = (b: string): boolean => fieldLike(b) || isTypedItem(b) || (plural && /^[a-z]+$/i.test(b.replace(/\s*\(.*\)\s*$/, '').replace(FIELD_NOTE_AFTER_COMMA, '').trim()));
      const asked = SENTENCE_HEADINGS.has(line.text.toLowerCase()) || REQUEST_HEADING.test(line.text) || underListLabel;
      const section = !asked && said.length === 0 && bullets.length > 0 && !bullets.every(recordsByField) && subLists.every((l) => l === undefined) ? sectionBullets(line.text, bullets, fieldish) : undefined;
      if (section) {
        out.push(headedList(line.text, bullets, section.fields));
        // the other bullets are read next, each as a sentence about the section's records
        lines.splice(i + 1, j - i - 1, ...section.said.map((text): Line => ({ kind: 'bullet', text, depth: 0 })));
        continue;
      }
      if (bullets.length > 0 && !asked && !bullets.every(recordsByField) && bullets.every(fieldish) && bullets.filter((b) => fieldLike(b) || (isTypedItem(b) && !/:\s*[^,]+,/.test(b))).length * 2 > bullets.length) {
        const list = headedList(line.text, bullets, bullets);
        i = j - 1;
        // "### Stages (in this order)" over "1. booked in", ...: the values of a field listed before
        // (only a heading naming states does: "## Tables" over "table number", "seats" is a record)
        const states = /\(.*\border\b.*\)/i.test(line.text) || STATE_FIELD_NAMES.has(singular(line.text.toLowerCase().replace(/\s*\(.*$/, '')));
        if (!(states && valuesOfField(out, list))) out.push(list);
        for (const rule of said) out.push({ kind: 'statement', text: rule });
        continue;
      }
      const rows = j === i + 1 ? tableAt(lines, i + 1) : undefined;
      if (rows) {
        out.push({ kind: 'fieldList', subject: line.text, items: rows.items, source: rows.source, ...headingNoun(line.text) });
        i = rows.end - 1;
        continue;
      }
      subjectHint = line.text;
      out.push({ kind: 'heading', text: line.text });
      continue;
    }
    if (line.kind === 'row') {
      const rows = tableAt(lines, i);
      if (rows && subjectHint) {
        out.push({ kind: 'fieldList', subject: subjectHint, items: rows.items, source: rows.source });
        i = rows.end - 1;
      } else out.push({ kind: 'statement', text: line.cells.join(', ') });
      continue;
    }
    // ("1. Customers" over its list, written "Customers: name, ...", starts the next section)
    if (underContextLabel && line.kind === 'sentence' && /^[A-Za-z][A-Za-z ]{0,30}:\s/.test(line.text)) underContextLabel = false;
    if (underContextLabel && line.kind === 'sentence') {
      out.push({ kind: 'context', text: line.text, why: 'explains the spec' });
      continue;
    }
    // "Status of a hedgehog: in care, ready, released": the states of a record, joined to its list by name
    if (line.kind === 'sentence' && joinStatusLine(out, line.text)) continue;
    // "Dialysis unit scheduling - spec", "Project: cattle weigh-ins": a document's label names no record; "R1." only numbers one
    const title = line.kind === 'sentence' && (documentLine(line.text) || (i === 0 && openingTitle(line.text)));
    if (line.kind === 'sentence' && (title || /^[A-Z]{0,3}\d{1,3}[.)]?$/.test(line.text.trim()))) {
      out.push({ kind: 'context', text: line.text, why: title ? 'names the document' : 'numbers a requirement' });
      continue;
    }
    // ("don't overbook: bookings per workshop can't be more than its spaces": a warning as a label is a rule, and so is what follows it)
    const warning = /^((?:don'?t|do not|never|no)\s[^:]{1,30}):\s+(\S.*)$/i.exec(line.text);
    if (warning) {
      out.push({ kind: 'context', text: warning[1] as string, why: 'says the rule after it in short' }, { kind: 'statement', text: warning[2] as string });
      continue;
    }
    // "Rule: no more bookings than seats", "Note: ...": the label says what the sentence is, the rest is it;
    // under a list label, a label names the view ("## Screens" over "day view: appointments on a date")
    const label = /^([A-Za-z][A-Za-z ]{1,20}):\s+(\S.*)$/.exec(line.text);
    const labelled = label && (SENTENCE_HEADINGS.has((label[1] as string).toLowerCase()) || LIST_LABELS.has((label[1] as string).toLowerCase()) || (line.kind === 'bullet' && underListLabel)) ? (label[2] as string) : line.text;
    // under an actions label, "applications by state" (records and a filter, no verb) is a list to show too
    const recordsBy = label !== null && !startsWithVerb(labelled) && /^[a-z]+s\s+(?:by|of|for|on|per|in)\s+\S/i.test(labelled);
    // (and under "## What we need", "- fixtures on a date")
    // (and anywhere, a bullet naming records by a field, "- trails by grade", "- enrolments per class": no field is named so)
    const bulletBy = label === null && line.kind === 'bullet' && (!startsWithVerb(line.text) || pluralBy(line.text)) && (recordsByField(line.text) || (underRequests && /^(?:all\s+)?[a-z]+s\s+(?:by|of|for|on|per|in)\s+(?:a|an|the|each|one|given|their|its)\s+\S/i.test(line.text))) && !/\b(?:is|are|be|must|can|can't|cannot|should|will|may|never)\b/i.test(line.text);
    const toShow = (label && LIST_LABELS.has((label[1] as string).toLowerCase())) || (line.kind === 'bullet' && underListLabel) || (recordsBy && SENTENCE_HEADINGS.has((label[1] as string).toLowerCase())) || bulletBy;
    const text = withPronounResolved(out, toShow && (!startsWithVerb(labelled) || pluralBy(labelled)) ? `List ${labelled}` : labelled);
    // ("Lists: courses by discipline; a student's bookings", "Stays by cabin, and stays by arrival date.": each part is a list to show)
    const byParts = label === null && line.kind === 'sentence' ? recordsByFieldParts(line.text) : undefined;
    const shown = toShow && label ? listParts(labelled) : (byParts ?? []);
    if (shown.length > 1 || byParts) {
      for (const part of shown) out.push({ kind: 'statement', text: startsWithVerb(part) && !pluralBy(part) ? part : `List ${part}` });
      continue;
    }
    // "status goes queued -> printing -> done, or printing -> failed": the states of a field listed before
    const states = statesOf(text);
    // ("a session moves requested -> confirmed": the record's field whose values are those states)
    const items = [...out].reverse().flatMap((c) => (c.kind === 'fieldList' ? c.items : []));
    const sameValues = (it: FieldItem): boolean => states !== undefined && it.values !== undefined && states.values.every((v) => it.values?.some((x) => x.toLowerCase() === v.toLowerCase()));
    const listed = states ? (items.find((it) => it.words.toLowerCase().replace(/^(?:its|their|the|a|an)\s+/, '') === states.words) ?? items.find(sameValues)) : undefined;
    if (states && listed) {
      listed.values = [...states.values, ...(listed.values ?? []).filter((v) => !states.values.some((x) => x.toLowerCase() === v.toLowerCase()))];
      listed.moves = true;
      listed.steps = states.steps;
      delete listed.type;
      continue;
    }
    // "a job goes from quoted to in progress to ready": the record's states, kept in its status
    const owner = states && !states.words.includes(' ') ? latestListOf(out, states.words) : undefined;
    if (states && owner && !owner.items.some((it) => STATE_FIELD_NAMES.has(it.words.toLowerCase()))) {
      owner.items.push({ words: 'status', values: states.values, moves: true, steps: states.steps });
      continue;
    }
    // (a record described in a sentence the reader reads: its status is a list of its own, joined to it by name)
    const held = states && !owner ? statesHolder(out, states.words, text, wholeText) : undefined;
    if (states && held) {
      out.push({ kind: 'fieldList', subject: held.record, items: [{ words: held.field, values: states.values, moves: true, steps: states.steps }], source: text, nounPhrase: true });
      continue;
    }
    // "status - booked in, diagnosing, ..." on a line after a record's fields is one more of them;
    // so is what the writer fills in later ("We fill in the home legs and the away legs")
    const prevList = out[out.length - 1];
    // ("Once it has been played." between them says only when)
    const described = out.findLast((c) => c.kind !== 'context');
    const later = described?.kind === 'fieldList' ? laterFields(text) : undefined;
    if (described?.kind === 'fieldList' && later) {
      described.items.push(...later);
      described.source += `; ${text}`;
      continue;
    }
    // "After the blast the shotfirer fills in its peak vibration": an update (stages/filled-in.ts)
    const filled = filledInStatements(out, described, text);
    if (filled) {
      out.push(...filled);
      continue;
    }
    // "order have customer name, ... . also status new, cooking, on the way, done": a status with
    // its values after a record described in a sentence is one more of its fields
    const looseState = /^(?:also\s+|and\s+|plus\s+)?(status|state|stage)\s+(?!is\b|goes\b|moves\b|of\b)([a-z][^,:]*(?:,[^,]+)+)$/i.exec(text.replace(/[.!]+$/, ''));
    const holder = prevList?.kind === 'statement' ? /^(?:(?:a|an|each|every|the|my|our)\s+)?([a-z]+)\s+(?:has|have|had|got|gets)\b/i.exec(prevList.text) : null;
    if (looseState && holder) {
      out.push({ kind: 'statement', text: `Each ${(holder[1] as string).toLowerCase()} also has a ${(looseState[1] as string).toLowerCase()} (${looseState[2] as string}).` });
      continue;
    }
    const stateLine = /^([a-z]+)\s*(?::|\s[-–—])\s*\S/i.exec(text);
    if (prevList?.kind === 'fieldList' && stateLine && STATE_FIELD_NAMES.has((stateLine[1] as string).toLowerCase()) && text.includes(',')) {
      prevList.items.push(readItem(text).item);
      prevList.source += `; ${text}`;
      continue;
    }
    // "I need my appointments with a client name, ...": the request around a declaration says nothing more
    const unframed = text.replace(REQUEST_FRAME, '');
    const setting = { text: lines.map((l) => (l.kind === 'row' ? l.cells.join(' ') : l.text)).join('\n'), records: out.flatMap((c) => (c.kind === 'fieldList' ? [c.subject] : [])) };
    // "keep the teams (a name, ...) and the fixtures: home team, ...": two records, each with its list
    const two = /^(.*?\b)([a-z]+s)\s*\(([^()]*,[^()]*)\)\s+and\s+(?:the\s+|their\s+|our\s+|my\s+)?([a-z]+(?: [a-z]+)?)\s*:\s*(.+)$/i.exec(text);
    const second = two ? fieldListOf(`${two[4] as string}: ${two[5] as string}`, setting) : undefined;
    if (two && second) {
      out.push({ kind: 'fieldList', subject: two[2] as string, items: splitItems(two[3] as string).map((p) => readItem(p).item), source: text }, second);
      continue;
    }
    // "Sauna bookings: flat number, date; show the bookings on a given day": the list ends at the semicolon
    const semi = text.indexOf(';');
    const before = semi > 0 && !/\([^)]*;/.test(text) ? (fieldListOf(text.slice(0, semi), setting) ?? declarationOf(text.slice(0, semi))) : undefined;
    if (before) {
      out.push(before);
      for (const rest of text.slice(semi + 1).split(';').map((p) => p.trim()).filter(Boolean)) out.push({ kind: 'statement', text: rest.charAt(0).toUpperCase() + rest.slice(1) });
      continue;
    }
    if (tradeCovers(text)) {
      out.push({ kind: 'context', text, why: 'says who the writer is' });
      continue;
    }
    const list = declarationOf(text) ?? fieldListOf(text, setting) ?? (unframed !== text ? declarationOf(unframed) : undefined);
    if (!list && unframed !== text && /^[a-z][a-z' -]{0,40}?,?\s+with\s+\S/i.test(unframed)) {
      out.push({ kind: 'statement', text: unframed.charAt(0).toUpperCase() + unframed.slice(1) });
      continue;
    }
    if (list) {
      // "... 200 recipe cards ... each one: name, ingredients": a pronoun names the records the
      // sentence before named, and that sentence was only context
      const prev = out[out.length - 1];
      if (PRONOUN_SUBJECTS.has(list.subject.toLowerCase()) && prev?.kind === 'statement') {
        const antecedent = named?.subject ?? lastNounPhrase(prev.text);
        if (antecedent) {
          out[out.length - 1] = { kind: 'context', text: prev.text, why: 'names the records listed after it' };
          list.subject = antecedent;
        }
      }
      // ("restoring the gargoyles ... and need to track each one: its name, ...", "a list of them: each kit's name, ...":
      // the records the same sentence named, or whose fields the first item names)
      if (PRONOUN_SUBJECTS.has(list.subject.toLowerCase())) {
        const colon = text.search(/:|\s[-–—]\s/);
        const whose = /^\s*(?:each|every|the)\s+([a-z]+)(?:'s|s')\s/i.exec(text.slice(colon + 1))?.[1];
        const antecedent = whose ?? (colon > 0 ? lastNounPhrase(text.slice(0, colon).replace(/\b(?:each|every)\s+(?:one|ones)\b|\b(?:them|it|these|those)\b/gi, '')) : undefined);
        if (antecedent) list.subject = antecedent;
      }
      // "States: submitted, approved, rejected": the values of a field listed before, not a record
      if (valuesOfField(out, list)) continue;
      out.push(list);
      continue;
    }
    // "... i need smth to keep my gigs." then "venue, date, fee, paid yes or no.": the bare list
    // describes the records the sentence before it named, and that sentence was only context
    const bare = named ? bareListOf(text) : undefined;
    if (bare && named) {
      const prev = out[named.at];
      if (prev?.kind === 'statement') out[named.at] = { kind: 'context', text: prev.text, why: 'names the records listed after it' };
      out.push({ kind: 'fieldList', subject: named.subject, items: bare.map((b) => readItem(b).item), source: text });
      named = undefined;
      continue;
    }
    const kept = keptSubject(text);
    named = kept ? { subject: kept, at: out.length } : undefined;
    const why = contextOf(text);
    if (why) {
      const hint = collectionSubject(text);
      if (hint) subjectHint = hint;
      out.push({ kind: 'context', text, why });
      continue;
    }
    out.push({ kind: 'statement', text });
  }
  return out;
}

/** A heading's field list: the heading names the records ("Tickets (one ticket = one seat)": its note is no part of it), `items` are its fields. */
function headedList(heading: string, bullets: readonly string[], items: readonly string[]): Extract<Clause, { kind: 'fieldList' }> {
  const subject = heading.replace(/\s*\([^)]*\)/g, '').trim() || heading;
  return { kind: 'fieldList', subject, items: items.flatMap(pairedNames).map((b) => readItem(b).item), source: [heading, ...bullets].join('; '), ...headingNoun(subject) };
}

/** "show bookings ...", "search by theme": the line says itself what to do. */
function startsWithVerb(text: string): boolean {
  const first = (/^[a-z]+/i.exec(text)?.[0] ?? '').toLowerCase();
  return verbLemma(first, VERB_SET) !== undefined || LOOKING.has(first);
}

/** "Players: name, shirt number, position - goalkeeper, defender", "Classes - name, coach". */
export function fieldListOf(text: string, setting?: ListSetting): Extract<Clause, { kind: 'fieldList' }> | undefined {
  const listed = listOfRecords(text);
  if (listed) return listed;
  const m = LIST_RE.exec(text.replace(/[.!]$/, ''));
  if (!m) return undefined;
  const before = (m[1] as string).trim();
  const parts = splitItems(m[2] as string).map((p) => p.replace(/^(?:which\s+)?([a-z]+)\s+(?:has|holds|keeps|owns)\s+(?:him|her|it|them)$/i, '$1')); // ("which walker has him": its record)
  // "Bookings: table, name, start, hours": after records named in the plural, a lone word is a field even when it is a verb too
  // ("Review: apprentice, score (0-100), comments": so is it after a record's name written as a label)
  // ("record every job: farmer name, village, charge, date": so is it after a record named with "each" or "every")
  const plural = before.split(/\s+/).some((w) => w.length > 3 && !VERB_SET.has(w.toLowerCase()) && isPluralForm(w.toLowerCase())) || /^[A-Z][a-z]+$/.test(before) || /\b(?:each|every)\s+[a-z]+$/i.test(before);
  // ("grade (3 to 8)": a note in parentheses after the name says no more about whether it is a field)
  const bareName = (core: string): boolean => /^[a-z]+(?: [a-z]+)?(?:\s*\([^()]*\))?$/i.test(core) && !core.toLowerCase().replace(/\(.*\)/, '').split(' ').some((w) => MODALS.has(w));
  const fieldish = (p: string): boolean => isFieldLike(p) || isTypedItem(p) || (plural && bareName(itemCore(p)));
  const opened = recordsOpeningItems(parts) ?? eachOpeningItems(parts);
  if (opened) return { kind: 'fieldList', subject: opened.subject, items: opened.items.map((p) => readItem(p).item), source: text, nounPhrase: true };
  if (parts.length < 2 || !parts.every(fieldish) || parts.filter((p) => isFieldLike(p) || isTypedItem(p)).length * 2 < parts.length) return undefined;
  // ("And projects: name, ...": the conjunction only joins it to the list before)
  const ws = before.split(/\s+/).filter((w, k) => k > 0 || !/^(?:and|also|plus|then)$/i.test(w));
  // "Runners' results are entered afterwards: ...": the records, kept in the passive
  const passive = /^(.+?)\s+(?:are|is|get|gets)\s+(?:entered|recorded|logged|added|kept|stored|tracked|filled in|noted)\b[^:]*$/i.exec(before);
  if (passive) ws.splice(0, ws.length, ...(passive[1] as string).split(/\s+/));
  // "Status can be one of: a, b" gives values, not the fields of a record
  else if (ws.some((w) => COPULAS.has(w.toLowerCase())) || /\bof$/i.test(before)) return undefined;
  // ("Attendances have a date and a code: present, late or absent": the values of the last thing they have)
  else if (/^[a-z]+s\s+(?:have|has|with|get|gets)\s.*\b(?:a|an|the|its|their)\s+[a-z]+$/i.test(before)) return undefined;
  const byActors = setting ? actorsRecord(before, setting) : undefined;
  if (byActors) return { kind: 'fieldList', subject: byActors.subject, items: [...(byActors.on ? [{ words: byActors.on, refersTo: true }] : []), ...parts.map((p) => readItem(p).item)], source: text, nounPhrase: true };
  const named = recordsNamedBefore(ws, parts.length, setting);
  return named ? { kind: 'fieldList', subject: named.subject, items: parts.map((p) => readItem(p).item), source: text, ...(named.nounPhrase ? { nounPhrase: true } : {}) } : undefined;
}

/**
 * "For our open mic nights I need a list of performers: name, ...", "catalogue — for each
 * specimen: mineral, ...": the words after "a list of" / "for each" name the records, whatever
 * comes before them.
 */
function listOfRecords(text: string): Extract<Clause, { kind: 'fieldList' }> | undefined {
  const m = /^(.{1,160}?):\s+(.+)$/.exec(text.replace(/[.!]$/, ''));
  const listOf = m ? LIST_OF.exec((m[1] as string).trim()) : null;
  if (!m || !listOf) return undefined;
  const parts = splitItems(m[2] as string);
  if (parts.length < 2 || !parts.every((p) => isFieldLike(p) || isTypedItem(p))) return undefined;
  // "... tyre set we store for customers over winter": a contact clause qualifies the records
  const ws = (listOf[1] as string).split(/\s+/);
  const pronoun = ws.findIndex((w, k) => k > 0 && SELF_SUBJECTS.concat(['you', 'they']).includes(w.toLowerCase()));
  const subject = (pronoun > 0 ? ws.slice(0, pronoun) : ws).join(' ');
  return subject && !META_NOUNS.has(subject.toLowerCase()) ? { kind: 'fieldList', subject, items: parts.map((p) => readItem(p).item), source: text } : undefined;
}
