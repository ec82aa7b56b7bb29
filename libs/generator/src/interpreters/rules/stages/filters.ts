import type { FieldSpec, FilterOperator, FilterSpec } from '@backforge/blueprint';
import type { FieldDraft } from '../fields.js';
import { BIRTH_WORDS, COMPARATIVES, DAY_ADJECTIVES, DAY_NOUNS, DETERMINERS, POSSESSIVES, SAID_OF_RECORD } from '../lexicon.js';
import { type ActionDraft, referenceTo, type ResourceDraft } from '../model.js';
import { camelCase, pascalCase, plural, singular, splitIdentifier } from '../text.js';
import type { Tok } from '../tokens.js';

/**
 * Stage: the filters and the order of a list. The sentence reader finds the list and its
 * resource; this module reads what narrows it. Calendar filters are a registry of phrasings
 * (`DAY_PHRASINGS`, each with its examples, tested by filters.spec.ts): "on a given day" is the
 * records of that day (`onDay`), "between two dates" a range (`fromDay` + `toDay`). A calendar
 * filter on a resource with no date, or with several, is a warning quoting the words, not a guess.
 */
export interface FilterContext {
  /** A field of `res` named by the words at `i`. */
  fieldAt(res: ResourceDraft, toks: readonly Tok[], i: number): { field: FieldDraft; end: number } | undefined;
  /** The longest resource name starting at `i`. */
  resourceAt(toks: readonly Tok[], i: number): { res: ResourceDraft; end: number; plural: boolean } | undefined;
  /** Where a filter that cannot be kept is named. */
  unmapped: string[];
  /** Points `res` at `parent` (a reference field), for a list of `res` per `parent`. */
  link(res: ResourceDraft, parent: ResourceDraft): FieldDraft | undefined;
}

export interface DayPhrasing {
  name: string;
  /** A list request and the filters it must give ("list Match: date onDay"). */
  examples: [string, string][];
  /** How many words at `i` it reads, 0 when it does not match. */
  match: (ws: readonly string[], i: number) => number;
  ops: FilterOperator[];
}

/** "a given", "the", "one specific": the words between the preposition and "day". */
function dayAt(ws: readonly string[], i: number): number {
  let j = i;
  while (j < ws.length && (DETERMINERS.has(ws[j] as string) || DAY_ADJECTIVES.has(ws[j] as string))) j++;
  return j > i && DAY_NOUNS.has(ws[j] ?? '') ? j + 1 - i : 0;
}

export const DAY_PHRASINGS: DayPhrasing[] = [
  {
    name: 'the records of one day',
    examples: [
      ['Matches have a home team, an away team and a date. List the matches on a given day.', 'list Match: date onDay'],
      ['Shifts: nurse, date, type. List shifts on a day.', 'list Shift: date onDay'],
      ['Shoots have a client name and a date. Photographers see all shoots for a given date.', 'list Shoot: date onDay'],
      ['Bookings: reg plate, date, price. Show the bookings for today or any day.', 'list Booking: date onDay'],
      ['Deliveries have a fuel type and a delivery time. Filter the deliveries by fuel type and by day.', 'list Delivery: fuelType eq, deliveryTime onDay'],
      ['Stays have a cat name, an arrival date and a departure date. Every morning I want to see the stays arriving that day.', 'list Stay: arrivalDate onDay'],
      ['Tours have a destination, a departure date and a return date. List tours departing on a date.', 'list Tour: departureDate onDay'],
    ],
    match: (ws, i) => {
      // ("filter them by fuel type and by day", "counts per day"; "sorted by date" orders)
      if (['by', 'per'].includes(ws[i] ?? '') && ws[i + 1] === 'day' && !['sorted', 'ordered', 'sort', 'order', 'grouped', 'group'].includes(ws[i - 1] ?? '')) return 2;
      // ("the stays arriving that day": a day said after what happens on it)
      if (['that', 'this'].includes(ws[i] ?? '') && ws[i + 1] === 'day' && /[a-z]{3,}ing$/.test(ws[i - 1] ?? '')) return 2;
      if (!['on', 'of', 'for'].includes(ws[i] ?? '')) return 0;
      // "for today or any day": today is one day the caller names
      if (ws[i + 1] === 'today') return ws[i + 2] === 'or' && dayAt(ws, i + 3) > 0 ? 3 + dayAt(ws, i + 3) : 2;
      const n = dayAt(ws, i + 1);
      return n > 0 ? n + 1 : 0;
    },
    ops: ['onDay'],
  },
  {
    name: 'the records between two dates',
    examples: [
      ['Readings have a value and a measured at timestamp. List the readings between two dates.', 'list Reading: measuredAt fromDay, measuredAt toDay'],
      ['Expenses have an amount and a date. Show expenses in a date range.', 'list Expense: date fromDay, date toDay'],
    ],
    match: (ws, i) => {
      if (ws[i] === 'between' && ['two', '2'].includes(ws[i + 1] ?? '') && ['dates', 'days'].includes(ws[i + 2] ?? '')) return 3;
      if (['in', 'within', 'for', 'over'].includes(ws[i] ?? '') && ['a', 'the', 'any'].includes(ws[i + 1] ?? '') && ws[i + 2] === 'date' && ws[i + 3] === 'range') return 4;
      return 0;
    },
    ops: ['fromDay', 'toDay'],
  },
];

const isDated = (f: FieldDraft): boolean => (f.spec.type === 'date' || f.spec.type === 'datetime') && f.spec.generated === undefined;

/** The date a verb just before the day names ("tours departing on a date": departureDate; "stays arriving that day"; "ready by"). */
function datedByVerb(dated: readonly FieldDraft[], before: readonly string[]): FieldDraft | undefined {
  for (const w of before.slice(-4).reverse()) {
    const stem = /^(?:ready|due)$/.test(w) ? w : w.replace(/(?:ing|ed|es|s)$/, '').slice(0, -1);
    if (stem.length < 3) continue;
    const named = dated.filter((f) => f.spec.name.toLowerCase().startsWith(stem));
    if (named.length === 1) return named[0];
  }
  return undefined;
}

/** The one date the calendar filter is on: the only one, the one called "date", or the one the verb before it names. */
function dayField(res: ResourceDraft, before: readonly string[] = []): FieldDraft | undefined {
  const all = res.fields.filter(isDated);
  // ("patient name, date of birth, appointment time": the appointments of a day are not its patients' birthdays)
  const happening = all.filter((f) => !splitIdentifier(f.spec.name).some((w) => BIRTH_WORDS.has(w)));
  const dated = happening.length > 0 ? happening : all;
  if (dated.length === 1) return dated[0];
  // ("a show date and a start time": the one date that is a day, not a moment, holds the day)
  const days = dated.filter((f) => f.spec.type === 'date' && !f.spec.generated);
  // ("date of death" and "funeral date" on a funeral: the date named after the record is its own)
  const own = dated.filter((f) => camelCase([...res.words, 'date']) === f.spec.name || camelCase([res.words[res.words.length - 1] as string, 'date']) === f.spec.name);
  return dated.find((f) => f.spec.name === 'date') ?? datedByVerb(dated, before) ?? (days.length === 1 ? days[0] : own.length === 1 ? own[0] : undefined);
}

export function paramName(op: FilterOperator, field: FieldSpec): string {
  const words = splitIdentifier(field.name);
  const dated = field.type === 'date' || field.type === 'datetime';
  switch (op) {
    case 'eq':
      return field.name;
    case 'contains':
      return field.type === 'stringList' ? camelCase([...words.slice(0, -1), singular(words[words.length - 1] as string)]) : field.name;
    case 'lt':
      return camelCase([...words, dated ? 'before' : 'below']);
    case 'gt':
      return camelCase([...words, dated ? 'after' : 'above']);
    case 'lte':
      return camelCase(['max', ...words]);
    case 'gte':
      return camelCase(['min', ...words]);
    case 'onDay':
      return camelCase([...words, 'day']);
    case 'fromDay':
      return camelCase([...words, 'from']);
    case 'toDay':
      return camelCase([...words, 'to']);
  }
}

/**
 * The filters a list asks for, read from the words after its verb ("by category", "cheaper than
 * a given price", "on a given day"). `lemma` is the list's verb (search reads text as contains).
 */
export function readFilters(ctx: FilterContext, res: ResourceDraft, written: readonly Tok[], s: { lemma: string; text: string; subject?: readonly string[] }): FilterSpec[] {
  const filters: FilterSpec[] = [];
  // ("list dishes (filter on vegetarian)": a filter said in parentheses is read as if it were not)
  const toks = written.flatMap((t) => (t.inner && /^(?:filter|filtered|by|per)$/.test(t.inner[0]?.w ?? '') ? t.inner : [t]));
  const add = (field: FieldDraft, op: FilterOperator): void => {
    const f: FilterSpec = { param: paramName(op, field.spec), field: field.spec.name, op };
    if (!filters.some((x) => x.param === f.param)) filters.push(f);
  };
  const eqOp = (field: FieldDraft): FilterOperator => (field.spec.type === 'stringList' ? 'contains' : s.lemma === 'search' && (field.spec.type === 'string' || field.spec.type === 'text') ? 'contains' : 'eq');
  const ws = toks.map((t) => t.w);
  for (let i = 0; i < toks.length; i++) {
    const w = ws[i] as string;
    const day = DAY_PHRASINGS.map((p) => ({ p, len: p.match(ws, i) })).find((x) => x.len > 0);
    if (day) {
      const field = dayField(res, ws.slice(0, i));
      if (field) for (const op of day.p.ops) add(field, op);
      else ctx.unmapped.push(`"${s.text}" (${pascalCase(res.words)} has ${res.fields.some((f) => isDated(f)) ? 'several dates; say which one' : 'no date'} to filter by)`);
      i += day.len - 1;
      continue;
    }
    // "an employee can list their own requests": the records pointing at the one asking
    if (POSSESSIVES.has(w) && ws[i + 1] === 'own') {
      const said = [...(s.subject ?? []), ...s.text.split(/[^A-Za-z]+/)].map((x) => singular(x.toLowerCase()));
      const refs = res.fields.filter((f) => f.spec.type === 'reference' && said.includes((f.spec.references ?? '').toLowerCase()));
      if (refs.length === 1) add(refs[0] as FieldDraft, 'eq');
      else ctx.unmapped.push(`"${s.text}" (${pascalCase(res.words)} does not say whose it is; give it a reference to the one asking)`);
      i += 1;
      continue;
    }
    const comp = COMPARATIVES.find((c) => c.words.every((cw, k) => ws[i + k] === cw));
    if (comp && !(w === 'over' && false)) {
      const near = nearestField(ctx, res, toks, i, i + comp.words.length, comp.impliedField);
      if (near && ['integer', 'number', 'date', 'datetime'].includes(near.spec.type)) {
        add(near, comp.op);
        i += comp.words.length - 1;
        continue;
      }
    }
    if (w === 'by' && ['sorted', 'ordered', 'sort', 'order', 'sorting', 'ordering', 'ranked'].includes(ws[i - 1] ?? '')) {
      i += 1;
      continue;
    }
    // ("list Assay filter antibody, passed", "(filter farmer, grade, date)": a filter named as code names it)
    const filterWord = ['filter', 'filtered', 'filters', 'filterable'].includes(w);
    if (w === 'by' || (w === 'for' && ws[i + 1] === 'a' && ws[i + 2] === 'given') || w === 'per' || filterWord) {
      let j = i + 1;
      while (j < toks.length) {
        const t = toks[j] as Tok;
        // ("by project, by status", "filter on farmer": each field named after its own "by")
        // (but "by day" is the records of one day, read as such next)
        if (DETERMINERS.has(t.w) || POSSESSIVES.has(t.w) || t.w === ',' || t.w === 'or' || t.w === 'and' || t.w === 'given' || t.w === 'their' || (t.w === 'by' && ws[j + 1] !== 'day') || t.w === 'on' || t.w === '&' || t.w === '+') {
          j++;
          continue;
        }
        const f = ctx.fieldAt(res, toks, j);
        if (f) {
          add(f.field, eqOp(f.field));
          j = f.end;
          continue;
        }
        const r = ctx.resourceAt(toks, j);
        const ref = r ? referenceTo(res, r.res) ?? linkTo(ctx, res, r.res, s.text) : undefined;
        if (r && ref) {
          add(ref, 'eq');
          j = r.end;
          continue;
        }
        break;
      }
      i = j - 1;
      continue;
    }
    // "the robots a member built", "the bookings a customer made": the records pointing at the one named
    if ((w === 'a' || w === 'an') && i > 0) {
      const r = ctx.resourceAt(toks, i + 1);
      const ref = r && r.res !== res ? referenceTo(res, r.res) : undefined;
      if (r && ref && r.end < toks.length && /^[a-z]+(?:ed|ew|ade|ote|uilt|ought|ook|ent)$/.test(toks[r.end]?.w ?? '')) {
        add(ref, 'eq');
        i = r.end;
        continue;
      }
    }
    if (['of', 'for', 'in', 'at', 'from', 'on', 'to', 'with', 'have', 'has'].includes(w)) {
      let j = i + 1;
      while (j < toks.length && (DETERMINERS.has((toks[j] as Tok).w) || POSSESSIVES.has((toks[j] as Tok).w))) j++;
      const r = ctx.resourceAt(toks, j);
      const ref = r ? referenceTo(res, r.res) : undefined;
      if (r && ref) {
        add(ref, 'eq');
        i = r.end - 1;
        continue;
      }
      if (r && r.res !== res && w !== 'to' && w !== 'with') {
        // "see the bookings for each workshop", "the loans of a pattern": the records asked for by
        // another belong to it, when nothing of theirs names it already ("the matches of a player"
        // with a home player and an away player may mean either side: named, never guessed)
        const head = r.res.words[r.res.words.length - 1] as string;
        // (a field that names it, or one naming a person by a role, "winner", "owner", may already be it)
        const namesIt = res.fields.some((f) => splitIdentifier(f.spec.name).some((x) => singular(x.toLowerCase()) === head) || (f.spec.type === 'string' && /^[a-z]+(?:er|or|ee)$/.test(f.spec.name)));
        if (['for', 'of', 'in'].includes(w) && !namesIt) {
          const linked = linkTo(ctx, res, r.res, s.text);
          if (linked) add(linked, 'eq');
        } else ctx.unmapped.push(noFilterField(res, r.res, s.text));
        i = r.end - 1;
        continue;
      }
      // "employees in a department", "tasks with a given priority"
      const GIVEN = ['given', 'particular', 'specific', 'certain', 'chosen'];
      // ("all orders for one collection day", "the shouts for each boat": one value at a time)
      const given = GIVEN.includes(toks[j]?.w ?? '') || ['a', 'an', 'one', 'each', 'every'].includes(toks[j - 1]?.w ?? '') || GIVEN.includes(toks[j - 1]?.w ?? '');
      const f = given ? ctx.fieldAt(res, toks, GIVEN.includes(toks[j]?.w ?? '') ? j + 1 : j) : undefined;
      if (f && w !== 'to' && !COMPARATIVES.some((c) => c.words[0] === toks[j]?.w) && f.field.spec.type !== 'number') {
        add(f.field, eqOp(f.field));
        i = f.end - 1;
        continue;
      }
    }
    // "currently checked in", "that are out of order": a yes/no field named by several words
    let multiWord = 0;
    for (let n = 3; n >= 2 && multiWord === 0; n--) {
      const phrase = ws.slice(i, i + n);
      const flag = phrase.length === n ? res.fields.find((f) => f.spec.type === 'boolean' && f.spec.name === camelCase(phrase)) : undefined;
      if (flag) {
        add(flag, 'eq');
        multiWord = n;
      }
    }
    if (multiWord > 0) {
      i += multiWord - 1;
      continue;
    }
    // "list jobs with a status filter": the field named before "filter"
    const before = ws[i + 1] === 'filter' ? ctx.fieldAt(res, toks, i) : undefined;
    if (before && before.end === i + 1) {
      add(before.field, eqOp(before.field));
      continue;
    }
    // "todos that are done", "open issues": a state value names a boolean or enum filter
    const stateField = res.fields.find((f) => (f.spec.type === 'boolean' && (f.spec.name === w || (w.startsWith('un') && f.spec.name === w.slice(2)))) || (f.spec.type === 'enum' && (f.spec.values ?? []).some((v) => v.toLowerCase() === w)));
    if (stateField && !['by'].includes(ws[i - 1] ?? '')) add(stateField, 'eq');
  }
  // "the students who haven't submitted a photo yet": a yes/no named by its words in another order
  for (const f of res.fields) {
    const named = splitIdentifier(f.spec.name).map((x) => x.toLowerCase());
    // ("the members who need a lift": needsLift, its verb said of the members)
    if (f.spec.type === 'boolean' && named.length >= 2 && named.every((x, k) => ws.includes(x) || (k === 0 && SAID_OF_RECORD.has(x.replace(/s$/, '')) && ws.includes(x.replace(/s$/, ''))))) add(f, 'eq');
  }
  return filters;
}

/**
 * "list registrations per tournament" when a registration names no tournament: "per" says each
 * belongs to one, so it points at it when both records are described with fields; else the gap is
 * named. Undefined when not made.
 */
function linkTo(ctx: FilterContext, res: ResourceDraft, parent: ResourceDraft, text: string): FieldDraft | undefined {
  if (parent === res) return undefined;
  const linked = parent.declared && parent.fields.length > 0 && res.fields.some((f) => f.spec.type !== 'reference') ? ctx.link(res, parent) : undefined;
  if (!linked) ctx.unmapped.push(noFilterField(res, parent, text));
  return linked;
}

/** The gap of a list of `res` by a `parent` it does not point at. */
const noFilterField = (res: ResourceDraft, parent: ResourceDraft, text: string): string =>
  `"${text}" (${pascalCase(res.words)} has no ${pascalCase(parent.words)} to filter by; give it one, e.g. "${plural(res.words.join(' '))} have a ${parent.words.join(' ')}")`;

/** "newest first", "sorted by price, highest first". */
export function readOrder(ctx: FilterContext, res: ResourceDraft, toks: readonly Tok[]): ActionDraft['orderBy'] {
  const ws = toks.flatMap((t) => (t.inner ? t.inner : [t])).map((t) => t.w);
  const has = (...seq: string[]): boolean => ws.some((_, i) => seq.every((w, k) => ws[i + k] === w));
  // a ranking puts the best first unless told otherwise
  const desc = has('desc') || has('descending') || has('highest', 'first') || has('largest', 'first') || has('most', 'first') || has('biggest', 'first') || ((has('ranked') || has('leaderboard') || has('ranking')) && !has('ascending') && !has('lowest', 'first'));
  const SORT = ['sorted', 'ordered', 'sort', 'order', 'sorting', 'ordering', 'ranked'];
  const sorted = ws.findIndex((w, i) => SORT.includes(w) && ws[i + 1] === 'by');
  if (sorted >= 0) {
    const at = toks.findIndex((t, i) => SORT.includes(t.w) && toks[i + 1]?.w === 'by');
    let j = at + 2;
    while (j < toks.length && (DETERMINERS.has((toks[j] as Tok).w) || POSSESSIVES.has((toks[j] as Tok).w))) j++;
    const f = at >= 0 ? ctx.fieldAt(res, toks, j) : undefined;
    if (f && f.field.spec.type !== 'stringList') return { field: f.field.spec.name, direction: desc ? 'desc' : 'asc' };
    if (toks[j]?.w === 'date' || toks[j]?.w === 'creation') return { field: 'createdAt', direction: desc ? 'desc' : 'asc' };
  }
  if (sorted < 0 && (has('highest', 'first') || has('lowest', 'first') || has('largest', 'first') || has('smallest', 'first'))) {
    // "show the bids, highest first": the record's one number
    const numbers = res.fields.filter((f) => (f.spec.type === 'integer' || f.spec.type === 'number') && !f.spec.generated);
    if (numbers.length === 1) return { field: (numbers[0] as FieldDraft).spec.name, direction: has('lowest', 'first') || has('smallest', 'first') ? 'asc' : 'desc' };
  }
  if (has('newest', 'first') || has('latest', 'first') || has('most', 'recent', 'first') || has('recent', 'first') || has('newest', 'to', 'oldest')) return { field: 'createdAt', direction: 'desc' };
  if (has('oldest', 'first') || has('oldest', 'to', 'newest')) return { field: 'createdAt', direction: 'asc' };
  return undefined;
}

function nearestField(ctx: FilterContext, res: ResourceDraft, toks: readonly Tok[], from: number, to: number, implied?: string): FieldDraft | undefined {
  if (implied) {
    const f = res.fields.find((x) => x.spec.name === implied || x.words.includes(implied));
    if (f) return f;
  }
  // ("certificates expiring before a given date": the word "date" after the comparison names no date; the verb does)
  const byVerb = datedByVerb(res.fields.filter(isDated), toks.slice(Math.max(0, from - 4), from).map((t) => t.w));
  for (let j = to; j < Math.min(toks.length, to + 5); j++) {
    const f = ctx.fieldAt(res, toks, j);
    if (f) return byVerb && ['date', 'day', 'time'].includes(toks[j]?.w ?? '') ? byVerb : f.field;
  }
  for (let j = from - 1; j >= Math.max(0, from - 5); j--) {
    const f = ctx.fieldAt(res, toks, j);
    if (f) return f.field;
  }
  // "certificates expiring before a date": the date named after the verb before the comparison ("expiresOn")
  const named = datedByVerb(res.fields.filter((f) => f.spec.type === 'date' || f.spec.type === 'datetime'), [toks[from - 1]?.w ?? '']);
  if (named) return named;
  // "recipes that take less than a given time": the field whose words include the noun
  const numeric = res.fields.filter((f) => ['integer', 'number', 'date', 'datetime'].includes(f.spec.type));
  return numeric.length === 1 ? numeric[0] : undefined;
}

