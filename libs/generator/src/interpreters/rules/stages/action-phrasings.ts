import { COUNT_NOUNS, DECREASE_WORDS, GAIN_VERBS, INCREASE_WORDS, LEAVE_VERBS, NAME_NOISE, OCCUPY_PREPS, ONE_WORDS, PRESENCE, RESULT_NOUNS, STATE_ADJECTIVES, TALLY_NOUNS, VERB_PARTICLES, type VerbClass } from '../lexicon.js';
import { type ActionDraft, type ResourceDraft } from '../model.js';
import { camelCase, pascalCase, singular, splitIdentifier } from '../text.js';
import { type Clause, textOf, type Tok } from '../tokens.js';
import { readCounter, readCreate, readCrud, readDelete, readAmount, readListOrGet, readStateVerb, readTakeVerb, readToggle, readUpdate } from './action-classes.js';
import { readRelease } from './action-holding.js';
import { readQuantity, readReset, readStamp } from './action-quantities.js';
import { enumTarget, readMark, readOccupancy, readPresence, readState, setEnum, stateTarget } from './action-states.js';
import { explanation, isGeneratedAsk, rejectSegment } from './actions.js';
import type { FieldDraft } from '../fields.js';
import { type ObjectRef, type Segment } from './reading.js';
import type { ReadingState } from './reading-state.js';
import { readRelation, readTally } from './relations.js';
import { addField, fieldOf, findResource, objectOf, resourceFromObject } from './resolve.js';
import { readRule } from './rules.js';
import { lemmaAt, readSegments, segment } from './segment.js';

/**
 * The registry of action phrasings: each entry is one way people write an action ("level up a
 * character (increases the level by one)", "report a machine broken", "a team gets points"), read
 * from one verb segment (stages/segment.ts) into action drafts. `readSegment` (stages/actions.ts)
 * tries the entries in order; the first whose `match` gives a reading reads the segment. `match`
 * looks at the segment and the records read so far and says what it found; `read` writes the
 * drafts, and gives `false` when a reader that checks the records as it goes finds the segment is
 * not its phrasing after all (the next entry is tried). The order matters: particular phrasings
 * come before the verb classes, which come last. action-phrasings.spec.ts runs every entry's
 * examples; a new phrasing is one entry plus its examples.
 */
export interface ActionPhrasing<M = unknown> {
  name: string;
  /**
   * A small prompt whose last sentence holds the phrasing, and what it must come to: an action
   * signature (corpus-match.ts: "transition Character levelUpCharacter") or, for a phrasing that
   * names a gap, "gap: " and what the gap quotes.
   */
  examples: [string, string][];
  match: (ctx: ReadingState, s: Segment, obj: ObjectRef) => M | undefined;
  read: (ctx: ReadingState, s: Segment, obj: ObjectRef, m: M) => boolean | void;
}

const phrasing = <M>(p: ActionPhrasing<M>): ActionPhrasing => p as unknown as ActionPhrasing;
const changesNumber = (ws: readonly string[]): boolean => ws.some((w) => INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w));
const unknownVerb = (_ctx: ReadingState, s: Segment): true | undefined => (s.cls === 'unknown' ? true : undefined);
/** A verb class read by its own reader (stages/action-classes.ts). */
const byClass = (name: string, classes: readonly VerbClass[], read: (ctx: ReadingState, s: Segment, obj: ObjectRef) => void, examples: [string, string][]): ActionPhrasing =>
  phrasing({ name, examples, match: (_ctx, s) => (classes.includes(s.cls) ? true : undefined), read });

/** Verb classes whose explained change of a number cannot be done: one action changes one record. */
const CHANGE_REFUSED: readonly VerbClass[] = ['create', 'delete', 'list', 'crud'];
/** Verb classes whose explained change of a number is that change ("check in a habit, which increases the streak by one"). */
const CHANGE_READ: readonly VerbClass[] = ['state', 'release', 'get', 'take', 'mark', 'update', 'counter', 'relation'];
/** Verb classes that become a state change when the record has the state the verb names ("close a ticket"). */
const STATE_CLASSES: readonly VerbClass[] = ['get', 'delete', 'create', 'release', 'update', 'take'];

export const ACTION_PHRASINGS: readonly ActionPhrasing[] = [
  phrasing({
    name: 'a step with its states in parentheses',
    examples: [
      ['Repairs have a boat name and a status (open, in repair, ready). Start a repair (from open to in repair).', 'transition Repair startRepair'],
      ['Referrals have a name and a status (received, booked, scanned). Book a referral (from received to booked).', 'transition Referral bookReferral'],
      ['Maps have a title and a status (available, reserved, sold). Reserve a map (from available to reserved).', 'transition Map reserveMap'],
      ['Bookings have a fee and a status (enquiry, confirmed, cancelled). Cancel a booking (from enquiry or confirmed to cancelled).', 'transition Booking cancelBooking'],
    ],
    // ("start a repair (from open to in repair)", as stages/lifecycle.ts writes a spec's step: whatever the verb, it moves the status)
    match: (ctx, s, obj) => {
      const res = obj.kind === 'resource' ? resourceFromObject(ctx, obj, s) : undefined;
      const step = s.rest.map((t) => (t.w === '#paren' ? /^from\s+(.+?)\s+to\s+(.+)$/.exec(textOf(t.inner ?? [])) : null)).find((m) => m !== null);
      // ("(from enquiry or confirmed to cancelled)": a step from any of several states)
      const states = step ? [...(step[1] as string).split(/\s+or\s+|\s*,\s*/), step[2] as string] : [];
      const field = res && step ? res.fields.find((f) => f.spec.type === 'enum' && states.every((v) => (f.spec.values ?? []).includes(v.trim().toLowerCase()))) : undefined;
      return res && step && field ? { res, target: { field, value: (step[2] as string).trim().toLowerCase() } } : undefined;
    },
    read: (ctx, s, _obj, m: { res: ResourceDraft; target: { field: FieldDraft; value: string } }) => setEnum(ctx, s, m.res, m.target, false),
  }),
  phrasing({
    name: 'occupancy',
    examples: [
      ['Spots have a number and whether it is occupied. Cars park in a spot.', 'transition Spot parkSpot'],
      ['Spots have a number and whether it is occupied. Cars park in a spot and leave it.', 'transition Spot leaveSpot'],
    ],
    match: (_ctx, s) => (LEAVE_VERBS.has(s.lemma.replace(/^\?/, '')) || (s.cls === 'unknown' && OCCUPY_PREPS.has(s.rest[0]?.w ?? '')) ? true : undefined),
    read: (ctx, s, obj) => readOccupancy(ctx, s, obj),
  }),
  phrasing({
    name: 'explained change (unknown verb)',
    examples: [
      ['Characters have a name and a level. Level up a character (increases the level by one).', 'transition Character levelUpCharacter'],
      ['Snacks have a name and a quantity. Grab a snack (decreases quantity by one).', 'transition Snack grabSnack'],
    ],
    match: (ctx, s) => {
      if (s.cls !== 'unknown') return undefined;
      const why = explanation(ctx, s);
      return changesNumber(why) ? { down: why.some((w) => DECREASE_WORDS.has(w)) } : undefined;
    },
    read: (ctx, s, _obj, m: { down: boolean }) => {
      const particle = VERB_PARTICLES.has(s.rest[0]?.w ?? '') ? (s.rest[0] as Tok).w : undefined;
      const rest = particle ? s.rest.slice(1) : s.rest;
      const lemma = particle ? `${s.lemma.slice(1)}_${particle}` : s.lemma.slice(1);
      const o = objectOf(ctx, rest, ctx.lastResource);
      readQuantity(ctx, { ...s, lemma, rest, cls: m.down ? 'decrement' : 'increment' }, o);
    },
  }),
  phrasing({
    name: 'stamp or reset',
    examples: [
      ['Plants have a name and a last watered date. Water a plant (records the last watered date).', 'transition Plant waterPlant'],
      ["Habits have a name and a streak (a number). Reset a habit's streak.", 'transition Habit resetHabitStreak'],
    ],
    match: unknownVerb,
    read: (ctx, s) => readStamp(ctx, s) || readReset(ctx, s),
  }),
  phrasing({
    name: 'parenthesis names the action',
    examples: [
      ['Beds have a name. Plants have a name and a bed. Plant things in a bed (create a plant).', 'create Plant'],
      ['Notes have a title and a body. Gather thoughts (create a note).', 'create Note'],
    ],
    match: (ctx, s) => (s.cls === 'unknown' ? s.rest.find((t) => t.inner && t.inner[0] && lemmaAt(ctx, t.inner, 0))?.inner : undefined),
    read: (ctx, s, _obj, inner: Tok[]) => {
      const clause: Clause = { ...s.clause, text: textOf(inner), toks: inner };
      readSegments(ctx, segment(ctx, clause));
    },
  }),
  phrasing({
    name: 'unknown verb lands on a listed value',
    examples: [
      ['Customers have a name and a tier (bronze, silver, gold). Upgrade a customer to gold.', 'transition Customer upgradeCustomer'],
      ['Tickets have a title and a priority (low, high). Shift a ticket to high.', 'transition Ticket shiftTicket'],
      ['Appeals have a school and a status (lodged, upheld, dismissed). Uphold an appeal.', 'transition Appeal upholdAppeal'],
      ['Outages have an area and a status (reported, investigating, restored). Investigate an outage.', 'transition Outage investigateOutage'],
    ],
    match: (ctx, s) => {
      if (s.cls !== 'unknown') return undefined;
      const o = objectOf(ctx, s.rest, ctx.lastResource);
      const res = resourceFromObject(ctx, o, s);
      // ("uphold an appeal" where an appeal's status has "upheld": the state the verb names)
      const named = res ? stateTarget(ctx, res, s.lemma.replace(/^\?/, '')) : undefined;
      const target = res ? (enumTarget(ctx, res, s.rest) ?? (named && typeof named.value === 'string' ? { field: named.field, value: named.value } : undefined)) : undefined;
      return res && target ? { res, target } : undefined;
    },
    read: (ctx, s, _obj, m: { res: ResourceDraft; target: { field: FieldDraft; value: string } }) => setEnum(ctx, s, m.res, m.target, false),
  }),
  phrasing({
    name: 'unknown verb',
    examples: [
      ['Books have a title. Frobnicate a book.', 'gap: "Frobnicate a book"'],
      ['Plants have a name. Users can zorble plants.', 'gap: "zorble plants"'],
    ],
    match: unknownVerb,
    read: (ctx, s) => rejectSegment(ctx, s, `I do not know what "${s.lemma.slice(1)}" should do; use add, list, show, update, delete, mark as, toggle, or say what changes`),
  }),
  phrasing({
    name: 'generated code on get',
    examples: [
      ['Links have a long URL. Submit a link and get a short code.', 'create Link'],
      ['Pastes have a text. Create a paste and get a code.', 'create Paste'],
    ],
    match: (ctx, s, obj) => ((s.cls === 'get' || s.lemma === 'receive') && obj.kind !== 'resource' && ctx.lastCreated && isGeneratedAsk(ctx, s, obj) ? ctx.lastCreated : undefined),
    read: (ctx, _s, obj, res: ResourceDraft) => {
      const name = obj.kind === 'field' ? obj.field.spec.name : camelCase((obj.kind === 'noun' ? obj.words : ['code']).filter((w) => !NAME_NOISE.has(w)));
      const existing = fieldOf(ctx, res, name);
      if (existing) {
        existing.spec.generated = 'code';
        existing.spec.type = 'string';
        existing.spec.unique = true;
        existing.spec.required = false;
        delete existing.spec.default;
      } else addField(ctx, res, { spec: { name, type: 'string', required: false, unique: true, generated: 'code', min: 7 }, words: [name, ...splitIdentifier(name)] });
      ctx.understood.push(`creating a ${pascalCase(res.words)} hands out a generated ${name}`);
    },
  }),
  phrasing({
    name: 'counts one visit',
    examples: [
      ['Links have a URL and a unique code. Look up a link by its code and count one visit.', 'transition Link lookUpLink'],
      ['Pages have a slug and a title. View a page and count one view.', 'get Page'],
    ],
    match: (ctx, s) => (s.lemma === 'count' && ONE_WORDS.has(s.rest[0]?.w ?? '') && s.rest[1] ? [...ctx.actions].reverse().find((a) => a.kind === 'get' || a.kind === 'transition') : undefined),
    read: (ctx, s, _obj, prior: ActionDraft) => {
      const what = s.rest[1] as Tok;
      readRule(ctx, { ...s.clause, text: `each ${prior.verb.replace('_', ' ')} counts a ${what.w}`, toks: [{ raw: 'each', w: 'each' }, { raw: prior.verb, w: prior.verb }, { raw: 'counts', w: 'counts' }, { raw: 'a', w: 'a' }, what] });
    },
  }),
  phrasing({
    name: 'a record gains points',
    examples: [
      ['Teams have a name. A team gets points.', 'transition Team addPointsTeam'],
      ['Players have a name. A player gets coins.', 'transition Player addCoinsPlayer'],
    ],
    match: (ctx, s, obj) => {
      const gainer = s.cls === 'get' && obj.kind !== 'resource' && s.subject.length > 0 ? (findResource(ctx, s.subject) ?? findResource(ctx, s.subject.slice(-1))) : undefined;
      const gained = obj.kind === 'noun' ? obj.words[obj.words.length - 1] : obj.kind === 'field' ? obj.field.spec.name : undefined;
      return gainer && gained && COUNT_NOUNS.has(gained) && GAIN_VERBS.has(s.lemma) ? { gainer, gained } : undefined;
    },
    read: (ctx, s, _obj, { gainer, gained }: { gainer: ResourceDraft; gained: string }) => {
      // the gainer's count of them rises by a given amount
      if (!fieldOf(ctx, gainer, gained)) addField(ctx, gainer, { spec: { name: gained, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [gained, singular(gained)] });
      ctx.lastResource = gainer;
      readQuantity(ctx, { ...s, lemma: 'add', cls: 'increment' }, { kind: 'noun', words: [gained], plural: true, end: 0 });
    },
  }),
  phrasing({
    name: 'tally',
    examples: [
      ['Polls have a question and options (a list). People vote for one option. Show the results of a poll.', 'custom Poll tally'],
      ['Polls have a question and options (a list). People vote for one option. See how many votes a poll has.', 'custom Poll tally'],
    ],
    match: (_ctx, s, obj) => {
      const asksCount = s.subject.some((w) => TALLY_NOUNS.has(w)) || (obj.kind === 'resource' && RESULT_NOUNS.has(s.rest[obj.end]?.w ?? '')) || s.rest.some((t, i) => t.w === 'how' && s.rest[i + 1]?.w === 'many');
      return s.cls === 'tally' || ((s.cls === 'get' || s.cls === 'list') && ((obj.kind === 'noun' && obj.words.some((w) => TALLY_NOUNS.has(w))) || asksCount)) ? true : undefined;
    },
    read: (ctx, s) => readTally(ctx, s),
  }),
  phrasing({
    name: 'explained change on a create (refused)',
    examples: [
      ['Cars have a name and a mileage. Trips have a car and a distance. Log a trip, which adds the distance to the mileage.', 'gap: "Log a trip, which adds the distance to the mileage"'],
      ['Items have a name and a stock. Delete an item (decreases the stock).', 'gap: "Delete an item (decreases the stock)"'],
    ],
    match: (ctx, s) => (CHANGE_REFUSED.includes(s.cls) && changesNumber(explanation(ctx, s)) ? explanation(ctx, s) : undefined),
    read: (ctx, s, _obj, explained: string[]) => rejectSegment(ctx, s, `a ${s.cls} that also changes a number ("${explained.join(' ')}") is not supported; one action changes one record`),
  }),
  phrasing({
    name: 'explained change',
    examples: [
      ['Habits have a name and a streak (a number). Check in a habit, which increases the streak by one.', 'transition Habit checkInHabit'],
      ['Books have a title and copies (a number). Lend a book, which decreases the copies by one.', 'transition Book lendBook'],
    ],
    match: (ctx, s) => {
      const explained = explanation(ctx, s);
      return changesNumber(explained) && CHANGE_READ.includes(s.cls) ? { down: explained.some((w) => DECREASE_WORDS.has(w)) } : undefined;
    },
    read: (ctx, s, obj, m: { down: boolean }) => readQuantity(ctx, { ...s, cls: m.down ? 'decrement' : 'increment' }, obj),
  }),
  phrasing({
    name: 'presence',
    examples: [
      ['Dogs have a name. Staff check dogs in and out.', 'transition Dog checkInDog'],
      ['Guests have a name. Check in a guest. Check out a guest.', 'transition Guest checkOutGuest'],
    ],
    match: (_ctx, s) => (PRESENCE[s.lemma] ? true : undefined),
    read: (ctx, s, obj) => readPresence(ctx, s, obj),
  }),
  phrasing({
    name: 'state after the object',
    examples: [
      ['Machines have a name and a location. Report a machine broken.', 'transition Machine markMachineBroken'],
      ['Bikes have a name. Report a bike stolen.', 'transition Bike markBikeStolen'],
    ],
    match: (_ctx, s, obj) => {
      const after = s.rest.slice(obj.end);
      const stateWord = after[0]?.w ?? '';
      return (s.cls === 'relation' || s.cls === 'create') && obj.kind === 'resource' && after.length === 1 && (/^[a-z]{3,}(ed|en)$/.test(stateWord) || STATE_ADJECTIVES.has(stateWord)) ? after : undefined;
    },
    read: (ctx, s, obj, after: Tok[]) => readMark(ctx, { ...s, cls: 'mark' }, obj, after),
  }),
  phrasing({
    name: 'verb names a state of the record',
    examples: [
      ['Bookings have a date and a status (booked, cancelled). Cancel a booking.', 'transition Booking cancelBooking'],
      ['Tickets have a title and a status (open, resolved). Resolve a ticket.', 'transition Ticket resolveTicket'],
    ],
    match: (ctx, s, obj) => {
      if (!STATE_CLASSES.includes(s.cls)) return undefined;
      const res = resourceFromObject(ctx, obj, s);
      const st = res ? stateTarget(ctx, res, s.lemma) : undefined;
      return res && st && !(st.field.spec.type === 'enum' && st.value === st.field.spec.default) && !(s.cls === 'update' && st.field.spec.type !== 'enum') ? res : undefined;
    },
    read: (ctx, s, _obj, res: ResourceDraft) => {
      ctx.lastResource = res;
      readState(ctx, s, res, s.rest);
    },
  }),
  // ---- the verb classes (stages/action-classes.ts): a verb the lexicon knows, read by its class
  byClass('relation', ['relation'], readRelation, [
    ['Students have a name. Courses have a title. Students enroll in a course.', 'create Enrollment'],
    ['Members have a name. Events have a title. Members register for an event.', 'create Registration'],
  ]),
  byClass('create', ['create'], readCreate, [
    ['Books have a title and an author. Add a book.', 'create Book'],
    ['Visitors submit their name, email and a message.', 'create Submission'],
  ]),
  byClass('crud', ['crud'], readCrud, [
    ['Books have a title. CRUD for books.', 'update Book'],
    ['Books have a title. Authors have a name. CRUD for everything.', 'delete Author'],
  ]),
  byClass('list or get', ['list', 'get'], readListOrGet, [
    ['Books have a title and a genre. List books by genre.', 'list Book by genre'],
    ['Links have a URL and a unique code. Look up a link by its code.', 'get Link by code'],
  ]),
  byClass('update', ['update'], readUpdate, [
    ['Books have a title and a price. Edit a book.', 'update Book'],
    ['Tasks have a title and a status (todo, doing, done). Set a task to done.', 'transition Task setTaskToDone'],
  ]),
  byClass('delete', ['delete'], readDelete, [
    ['Books have a title. Delete a book.', 'delete Book'],
    ['Notes have a title and a body. Remove a note.', 'delete Note'],
  ]),
  byClass('amount', ['increment', 'decrement'], readAmount, [
    ['Products have a name and a stock (a number). Increase the stock of a product.', 'transition Product increaseProduct'],
    ['Applications have a name. Give each application a score from 1 to 10.', 'transition Application scoreApplication'],
  ]),
  byClass('toggle', ['toggle'], readToggle, [
    ['Todos have a title and whether it is done. Toggle a todo.', 'transition Todo toggleTodo'],
    ['Lights have a name and whether it is on. Switch a light.', 'transition Light switchLight'],
  ]),
  byClass('mark', ['mark'], (ctx, s, obj) => readMark(ctx, s, obj, s.rest.slice(obj.end)), [
    ['Todos have a title and whether it is done. Mark a todo as done.', 'transition Todo markTodoDone'],
    ['Invoices have a number and whether it is paid. Mark an invoice paid.', 'transition Invoice markInvoicePaid'],
  ]),
  byClass('state verb', ['state'], readStateVerb, [
    ['Notes have a title. Archive a note.', 'transition Note archiveNote'],
    ['Employees have a name and whether they are retired. Retire an employee.', 'transition Employee retireEmployee'],
  ]),
  byClass('take', ['take'], readTakeVerb, [
    ['Books have a title. Members have a name. A member can borrow a book.', 'transition Book borrowBook'],
    ['Orders have an item. Take new orders.', 'create Order'],
  ]),
  byClass('release', ['release'], (ctx, s, obj) => readRelease(ctx, s, obj), [
    ['Books have a title. Members have a name. A member can borrow a book and return it.', 'transition Book returnBook'],
    ['Tools have a name. Members have a name. Members check out tools and bring them back.', 'transition Tool bringBackTool'],
  ]),
  byClass('counter', ['counter'], readCounter, [
    ['Posts have a title. Upvote a post.', 'transition Post upvotePost'],
    ['Songs have a title. Like a song.', 'transition Song likeSong'],
  ]),
];
