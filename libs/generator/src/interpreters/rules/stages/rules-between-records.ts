import type { CompareOperator, FieldSpec } from '@backforge/blueprint';
import { BEAT_VERBS, COMPARATIVES, HIGHEST, LOWEST, NEGATIONS, OVERLAP_WORDS, PERIOD_NOUNS } from '../lexicon.js';
import { keyOf, type ResourceDraft } from '../model.js';
import { pascalCase, plural, singular, splitIdentifier } from '../text.js';
import { stripDeterminers } from './reading.js';
import type { Tok } from '../tokens.js';
import type { FieldDraft } from '../fields.js';
import type { ReadingState } from './reading-state.js';
import { fieldAt } from './resolve.js';
import type { RulePhrasing, RuleReading, RuleView } from './rule-phrasings.js';
import { forParentInState, notForParentInState, parents, whileParentIs } from './parent-state.js';

/**
 * Rule phrasings between records: a record compared with its parent or with the records beside it,
 * held to its parent's state (the blueprint's `compare` and `parentGuard` rules), one per
 * combination of values (`uniqueTogether`), at most one per parent (a unique reference). Entries of
 * the registry in rule-phrasings.ts; pure readers of the analysis.
 */

const FLIP: Record<CompareOperator, CompareOperator> = { gt: 'lte', gte: 'lt', lt: 'gte', lte: 'gt' };
const SAYS: Record<CompareOperator, string> = { gt: 'more than', gte: 'at least', lt: 'less than', lte: 'at most' };
const DATE_SAYS: Record<CompareOperator, string> = { gt: 'after', gte: 'on or after', lt: 'before', lte: 'on or before' };
const NUMERIC = new Set(['integer', 'number', 'date', 'datetime']);

/** What a comparison between records is not said with ("before" is a date's, "max 12" a bound's). */
const NOT_BETWEEN_RECORDS = ['before', 'after', 'within', 'maximum', 'max', 'minimum', 'min', 'under', 'over'];

/**
 * The comparison written in `ws`: where it is, how long, and its operator once any negation before
 * it is applied. `skip` leaves out comparatives by their first word, `verbs` are the one-word verbs
 * meaning "more than", and `withImplied` keeps the comparatives that name a measure ("longer than").
 */
export function comparisonIn(ws: readonly string[], opts: { skip?: readonly string[]; verbs?: readonly string[]; withImplied?: boolean } = {}): { at: number; len: number; op: CompareOperator; dated?: true; implied?: string } | undefined {
  const { skip = NOT_BETWEEN_RECORDS, verbs = ['exceed', 'exceeds', 'beyond', 'outnumber', 'outnumbers'], withImplied = true } = opts;
  for (let k = 0; k < ws.length; k++) {
    const written = COMPARATIVES.find((c) => (withImplied || !c.impliedField) && c.words.every((w, n) => ws[k + n] === w) && !skip.includes(c.words[0] as string));
    const verb = verbs.includes(ws[k] as string) ? { len: 1, op: 'gt' as const } : undefined;
    const hit = written ? { len: written.words.length, op: written.op } : verb;
    if (!hit) continue;
    const negated = ws.slice(0, k).some((w) => NEGATIONS.has(w)) && !(written && written.words[0] === 'no');
    return { at: k, len: hit.len, op: negated ? FLIP[hit.op] : hit.op, ...(written?.impliedField ? { implied: written.impliedField } : {}) };
  }
  return undefined;
}

/** The number or date fields of `res` named in `ws`, the last named first ("an order's quantity": the head noun is the field). */
function numbersNamed(ctx: ReadingState, res: ResourceDraft, ws: readonly string[]): { name: string; dated: boolean }[] {
  const toks: Tok[] = ws.map((w) => ({ raw: w, w }));
  const out: { name: string; dated: boolean }[] = [];
  // a field named in several words first ("the client's referral date": referralDate, not the first date-ish field of "date")
  for (const whole of [true, false]) {
    for (let i = toks.length - 1; i >= 0; i--) {
      const hit = fieldAt(ctx, res, toks, i);
      if (hit && (hit.end - i > 1) === whole && NUMERIC.has(hit.field.spec.type) && !out.some((o) => o.name === hit.field.spec.name)) out.push({ name: hit.field.spec.name, dated: hit.field.spec.type.startsWith('date') });
    }
  }
  return out;
}

/**
 * "a visit can't be dated before the install date of its install", "must happen after": before
 * and after compare dates; negated the same way as the comparatives.
 */
function timeComparisonIn(ws: readonly string[]): { at: number; len: number; op: CompareOperator; dated: true } | undefined {
  const at = ws.findIndex((w) => w === 'before' || w === 'after');
  if (at <= 0) return undefined;
  const op: CompareOperator = ws[at] === 'before' ? 'lt' : 'gt';
  return { at, len: 1, op: ws.slice(0, at).some((w) => NEGATIONS.has(w)) ? FLIP[op] : op, dated: true };
}

/** The date fields of `res` named in `ws`; "dated", "held", "happen" name its only date, if it has one. */
function datesNamed(ctx: ReadingState, res: ResourceDraft, ws: readonly string[]): { name: string; dated: boolean }[] {
  const named = numbersNamed(ctx, res, ws).filter((f) => f.dated);
  if (named.length > 0 || !ws.some((w) => keyOf([singular(w)]) === keyOf(res.words.slice(-1)))) return named;
  const dates = res.fields.filter((f) => f.spec.type === 'date' || f.spec.type === 'datetime');
  return dates.length === 1 ? [{ name: dates[0]?.spec.name as string, dated: true }] : [];
}

const numberNamed = (ctx: ReadingState, res: ResourceDraft, ws: readonly string[]): string | undefined => numbersNamed(ctx, res, ws)[0]?.name;

/**
 * "The party size can't be more than the campervan's berths", "a reservation's party size may not
 * be greater than the tour's coach seats": a number of the record held against a number of the
 * record it points at.
 */
export function withinParent({ ws, ctx }: RuleView): RuleReading | undefined {
  const cmp = comparisonIn(ws) ?? timeComparisonIn(ws);
  if (!cmp) return undefined;
  const [left, right] = [ws.slice(0, cmp.at), ws.slice(cmp.at + cmp.len)];
  for (const child of ctx.resources) {
    // ("a vehicle can't be longer than the bay it's in": the comparative names the measure compared)
    const implied = 'implied' in cmp && cmp.implied ? cmp.implied : undefined;
    // (its own measure first: "weight" before "maxWeight")
    const measures = (res: ResourceDraft): FieldDraft[] => res.fields.filter((f) => NUMERIC.has(f.spec.type) && !f.spec.type.startsWith('date') && splitIdentifier(f.spec.name).some((w) => w.toLowerCase() === implied));
    const measured = (res: ResourceDraft): { name: string; dated: boolean }[] => (implied ? [...measures(res)].sort((a, b) => Number(splitIdentifier(b.spec.name)[0]?.toLowerCase() === implied) - Number(splitIdentifier(a.spec.name)[0]?.toLowerCase() === implied)).map((f) => ({ name: f.spec.name, dated: false })) : []);
    const inWords = cmp.dated ? datesNamed(ctx, child, left) : numbersNamed(ctx, child, left);
    const fields = inWords.length > 0 ? inWords : measured(child);
    if (fields.length === 0) continue;
    for (const { parent, via } of parents(ctx, child)) {
      // the parent is named on the right ("the campervan's berths"), and its number after it; a
      // number is compared with a number, a date with a date
      const named = right.findIndex((w) => parent.words.includes(singular(w)));
      const said = named >= 0 ? [...numbersNamed(ctx, parent, right.slice(named + 1)), ...numbersNamed(ctx, parent, right)] : [];
      const candidates = said.length > 0 || named < 0 ? said : measured(parent);
      const pair = fields.flatMap((f) => candidates.filter((c) => c.dated === f.dated).map((c) => ({ field: f.name, parentField: c.name, dated: f.dated })))[0];
      if (!pair) continue;
      const { field, parentField } = pair;
      const thing = parent.words.join(' ');
      const says = (pair.dated ? DATE_SAYS : SAYS)[cmp.op];
      return {
        kind: 'rule',
        rule: { kind: 'compare', resource: keyOf(child.words), via, field, op: cmp.op, against: { parentField }, message: `The ${splitIdentifier(field).join(' ')} must be ${says} the ${thing}'s ${splitIdentifier(parentField).join(' ')}` },
        says: `each ${child.words.join(' ')}'s ${field} is ${says} its ${thing}'s ${parentField}`,
      };
    }
  }
  return undefined;
}


/**
 * "The finish on an order line must be one of the finishes that tile comes in": a field of the
 * record held to the list of values its parent keeps (the blueprint's `membership` rule).
 */
export function amongParentList({ ws, ctx }: RuleView): RuleReading | undefined {
  const at = ws.findIndex((w, k) => w === 'one' && ws[k + 1] === 'of');
  if (at <= 0 || !ws.slice(0, at).some((w) => ['must', 'should', 'has', 'have', 'can', 'only', 'be', 'is'].includes(w))) return undefined;
  const [left, right] = [ws.slice(0, at), ws.slice(at + 2)];
  for (const child of ctx.resources) {
    for (const { parent, via } of parents(ctx, child)) {
      const listField = parent.fields.find((f) => f.spec.type === 'stringList' && right.some((w) => splitIdentifier(f.spec.name).includes(w)));
      if (!listField) continue;
      const toks: Tok[] = left.map((w) => ({ raw: w, w }));
      const field = left.map((_, i) => fieldAt(ctx, child, toks, i)?.field).find((f) => f !== undefined && f.spec.type !== 'reference' && f.spec.name !== via);
      if (!field) continue;
      const thing = parent.words.join(' ');
      return {
        kind: 'rule',
        rule: { kind: 'membership', resource: keyOf(child.words), via, field: field.spec.name, listField: listField.spec.name, message: `The ${splitIdentifier(field.spec.name).join(' ')} must be one of the ${thing}'s ${splitIdentifier(listField.spec.name).join(' ')}` },
        says: `each ${child.words.join(' ')}'s ${field.spec.name} is one of its ${thing}'s ${listField.spec.name}`,
      };
    }
  }
  return undefined;
}

/**
 * "an offer must beat the best offer so far", "each bid must be higher than the highest bid": a
 * record's number against the records of the same parent before it.
 */
export function beatsTheRest({ ws, ctx }: RuleView): RuleReading | undefined {
  // ("must be at least the highest ...": "least" after "at" compares, it names no lowest)
  const top = ws.findIndex((w, k) => HIGHEST.has(w) || (LOWEST.has(w) && !(w === 'least' && ws[k - 1] === 'at')));
  if (top < 0) return undefined;
  const aggregate = HIGHEST.has(ws[top] as string) ? ('max' as const) : ('min' as const);
  const beat = ws.slice(0, top).some((w) => BEAT_VERBS.has(w));
  const cmp = comparisonIn(ws.slice(0, top));
  const op: CompareOperator | undefined = beat ? (aggregate === 'max' ? 'gt' : 'lt') : cmp?.op;
  if (!op) return undefined;
  for (const child of ctx.resources) {
    if (!ws.some((w) => keyOf([singular(w)]) === keyOf(child.words.slice(-1)))) continue;
    const field = numberNamed(ctx, child, ws) ?? (child.fields.filter((f) => f.spec.type === 'integer' || f.spec.type === 'number').length === 1 ? child.fields.find((f) => f.spec.type === 'integer' || f.spec.type === 'number')?.spec.name : undefined);
    const owners = parents(ctx, child);
    const owner = owners.find((o) => ws.some((w) => o.parent.words.includes(singular(w)))) ?? owners[0];
    if (!field || !owner) continue;
    const thing = child.words.join(' ');
    return {
      kind: 'rule',
      rule: { kind: 'compare', resource: keyOf(child.words), via: owner.via, field, op, against: { aggregate }, message: `${/^[aeiou]/i.test(thing) ? 'An' : 'A'} ${thing} must be ${SAYS[op]} the ${aggregate === 'max' ? 'highest' : 'lowest'} ${splitIdentifier(field).join(' ')} so far` },
      says: `each ${thing}'s ${field} is ${SAYS[op]} the ${aggregate} so far`,
    };
  }
  return undefined;
}

/**
 * "only one party per date and slot", "a chair can't be booked twice for the same date and
 * shift", "a castle can't be hired twice on the same date": the fields named (and the thing that
 * cannot be taken twice) are a combination no two records share, on the record that holds them
 * all. One field alone is left to "no two records share a value".
 */
export function oneRecordPerCombination({ ws, ctx }: RuleView): RuleReading | undefined {
  const per = ws.findIndex((w, k) => (w === 'per' || (w === 'same' && (ws.includes('twice') || ws.includes('two') || ws.includes('once')))) && k > 0);
  if (per < 0) return undefined;
  const once = ws.slice(0, per).some((w) => w === 'one' || w === 'twice' || w === 'two' || w === 'once' || w === 'single');
  if (!once) return undefined;
  const groups = splitWords(ws.slice(per + 1).filter((w) => !DETERMINERS_OF_GROUP.has(w)));
  // "can not be reserved two times in same dates": periods that may overlap, not one value each
  if (groups.some((g) => g.length === 1 && PERIOD_NOUNS.has(g[0] as string) && (g[0] as string).endsWith('s')) || ws.some((w) => OVERLAP_WORDS.has(w))) return undefined;
  // the thing taken twice: the subject before the negation ("a chair can't be booked twice")
  const neg = ws.findIndex((w) => NEGATIONS.has(w));
  const subject = neg > 0 ? stripDeterminers(ws.slice(0, neg)).filter((w) => !['only'].includes(w)) : [];
  for (const res of ctx.resources) {
    const names: string[] = [];
    for (const g of subject.length ? [subject, ...groups] : groups) {
      const f = fieldOn(ctx, res, g);
      if (f && !names.includes(f)) names.push(f);
      else if (!(g === subject && keyOf(g.map((w) => singular(w))) === keyOf(res.words))) {
        names.length = 0;
        break;
      }
    }
    if (names.length < 2) continue;
    return { kind: 'together', resource: res, fields: names, says: `no two ${plural(res.words.join(' '))} share ${names.slice(0, -1).join(', ')} and ${names[names.length - 1] as string}` };
  }
  return undefined;
}

const DETERMINERS_OF_GROUP = new Set(['the', 'a', 'an', 'same', 'each', 'every', 'given', 'one']);

function splitWords(ws: readonly string[]): string[][] {
  const out: string[][] = [[]];
  for (const w of ws) {
    if (w === 'and' || w === ',' || w === '&' || w === '+') out.push([]);
    else (out[out.length - 1] as string[]).push(w);
  }
  return out.filter((g) => g.length > 0);
}

function fieldOn(ctx: ReadingState, res: ResourceDraft, group: readonly string[]): string | undefined {
  const toks = group.map((w) => ({ raw: w, w }));
  for (let i = 0; i < toks.length; i++) {
    const hit = fieldAt(ctx, res, toks, i);
    if (hit) return hit.field.spec.name;
  }
  return undefined;
}

/**
 * "each locker has at most one allocation", "a desk can only have one assignment": the records
 * pointing at the one named first are at most one each, so their reference to it is unique.
 */
export function atMostOneOf({ ws, ctx }: RuleView): RuleReading | undefined {
  const one = ws.findIndex((w, k) => w === 'one' && (ws[k - 1] === 'most' || ws[k - 1] === 'only' || ws[k - 1] === 'just' || ws[k - 2] === 'only' || (ws[k - 1] === 'than' && ws[k - 2] === 'more')));
  if (one < 0 || !ws.slice(0, one).some((w) => w === 'has' || w === 'have' || w === 'gets' || w === 'get' || w === 'takes' || w === 'holds')) return undefined;
  const child = ctx.resources.find((r) => keyOf(ws.slice(one + 1, one + 1 + r.words.length).map((w) => singular(w))) === keyOf(r.words));
  const parent = ctx.resources.find((r) => r !== child && ws.slice(0, one).map((w) => singular(w)).includes(r.words[r.words.length - 1] as string));
  if (!child || !parent) return undefined;
  const ref = child.fields.find((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(parent.words));
  if (!ref) return undefined;
  const spec = JSON.parse(JSON.stringify(ref.spec)) as FieldSpec;
  spec.unique = true;
  return { kind: 'field', field: ref, spec, says: `${spec.name} is unique` };
}

/** The registry entries for a record held to its parent (rule-phrasings.ts spreads them in order). */
export const PARENT_RULE_PHRASINGS: RulePhrasing[] = [
  {
    name: 'a number or a date held within its parent\'s',
    examples: [
      ['Installs have a customer name and an install date. Visits have an install, a visit date and an engineer. A visit can\'t be dated before the install date of its install.', "each visit's visitDate is on or after its install's installDate"],
      ['Campervans have a name and a number of berths. Bookings have a campervan, a customer name and a party size. The party size cannot be more than the campervan\'s berths.', "each booking's partySize is at most its campervan's berths"],
      ['Tours have a destination and coach seats. Reservations have a tour, a lead name and a party size. A reservation\'s party size may not be greater than the tour\'s coach seats.', "each reservation's partySize is at most its tour's coachSeats"],
      ['Clients have a name, a date of birth and a referral date. Sessions have a client, a session date and notes. A session cannot be dated before the client\'s referral date.', "each session's sessionDate is on or after its client's referralDate"],
      // (a comparative that names its measure: longer, heavier, wider, taller, deeper)
      ['Bays have a code and a length in metres. Vehicles have a registration, a length in metres and a bay. A vehicle can\'t be longer than the bay it\'s in.', "each vehicle's lengthMetres is at most its bay's lengthMetres"],
      ['Vans have a plate and a max weight. Parcels have a van, a label and a weight. A parcel must not be heavier than its van.', "each parcel's weight is at most its van's maxWeight"],
    ],
    read: withinParent,
  },
  {
    name: 'a value among the values its parent keeps',
    examples: [
      ['Frames have a code and a list of colours. Sales have a frame, a colour and a price. The colour on a sale must be one of the colours of its frame.', "each sale's colour is one of its frame's colours"],
      ['Courses have a name and a list of days. Enrolments have a course, a student name and a day. The day of an enrolment must be one of the days of its course.', "each enrolment's day is one of its course's days"],
    ],
    read: amongParentList,
  },
  {
    name: 'a number beating the others so far',
    examples: [
      ['Auctions have a title. Offers have an auction, a bidder name and an amount. An offer must beat the best offer so far.', "each offer's amount is more than the max so far"],
      ['Tenders have a title. Quotes have a tender, a company and a price. Each quote must be lower than the lowest quote.', "each quote's price is less than the min so far"],
      ['Each heat has a year group. Each attempt has a heat, a height in cm and a pupil name. An attempt\'s height must be at least the highest attempt so far in its heat.', "each attempt's heightCm is at least the max so far"],
    ],
    read: beatsTheRest,
  },
  {
    name: 'made only while its parent is in a state',
    examples: [
      ['Tenders have a title and a status (open, closed or awarded). Bids have a tender, a company and an amount. A bid can only be submitted while its tender is open.', "each bid is made only while its tender's status is open"],
      ['Applications have a reference and a decision (pending, approved or refused). Comments have an application, an author name and a text. No new comments once an application is approved.', "each comment is made only while its application's decision is not approved"],
      ['Each tool has a name and induction required (yes/no). Each induction has a tool, a member name and a date. Inductions can only be recorded for a tool whose induction required is yes.', "each induction is made only while its tool's inductionRequired is true"],
      ['Tubs have a name and a status (available, on hire or being cleaned). Hires have a tub, a customer name and a start date. A tub can only be hired when its status is available.', "each hire is made only while its tub's status is available"],
      ['Printers have a name and a status (online or offline). Print jobs have a printer and a file name. Maintenance visits have a printer and a date. Printing is only possible while the printer is online.', "each print job is made only while its printer's status is online"],
      ['Productions have a title and a status (planning, rehearsing, running or closed). Castings have a production, a singer name and a part. Casting is only possible while the production is in planning or rehearsing.', "each casting is made only while its production's status is one of planning, rehearsing"],
      ['Gigs have a name, a date and sold out (yes/no). Reservations have a gig, a name and a party size. No new reservations once a gig is marked sold out.', "each reservation is made only while its gig's soldOut is false"],
    ],
    read: whileParentIs,
  },
  {
    name: 'made only for a parent in a state written beside it',
    examples: [
      ['Clients have a name and active (yes/no). Tax returns have a client, a tax year and a fee. A tax return can only be created for an active client.', "each tax return is made only while its client's active is true"],
      ['Stations have a code and active (yes/no). Readings have a station and a temperature. Readings are only accepted for active stations.', "each reading is made only while its station's active is true"],
      ['Boards have a number and a condition (ok or needs repair). Hires have a board, a name and a start. Only boards in ok condition can go out.', "each hire is made only while its board's condition is ok"],
      ['Members have a name and induction done (yes/no). Bookings have a member, a lathe and a date. Only people with induction done can book a lathe.', "each booking is made only while its member's inductionDone is true"],
    ],
    read: forParentInState,
  },
  {
    name: 'refused for a parent in a state written beside it',
    examples: [
      ['Boats have a name and a condition (race ready, training only, under repair). Outings have a boat and a date. A boat that\'s under repair can\'t be taken out.', "each outing is made only while its boat's condition is not under repair"],
      ['Instruments have a name and a condition (good, worn, broken). Loans have an instrument, a member name and a date. A broken instrument can\'t be lent.', "each loan is made only while its instrument's condition is not broken"],
      ['Bikes have a number and in service (yes/no). Bookings have a bike, a class and a name. You can\'t book a bike that isn\'t in service.', "each booking is made only while its bike's inService is true"],
      ['Books have a title and withdrawn (yes/no). Loans have a book, a pupil and a date. No new loans of a withdrawn book.', "each loan is made only while its book's withdrawn is false"],
    ],
    read: notForParentInState,
  },
];
