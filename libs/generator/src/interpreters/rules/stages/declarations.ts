import type { Clause } from './clauses.js';
import { readItem, type FieldItem } from './phrasings.js';
import { LENDING_RECORDS, NOMINALIZATION, VERB_SET } from '../lexicon.js';
import { listItems, recordWithFields } from './declaration-items.js';
import { singular, verbLemma } from '../text.js';
import { KEPT_RECORDS } from './kept-records.js';

export { pairedNames, relativeFlags, splitOutsideParens } from './list-items.js';

/**
 * Stage 2b: declaration sentences the layout can type without the sentence reader, each a
 * registry entry `{name, examples, match, read}` giving a FieldList. They cover what the reader
 * misreads: a record that belongs to another and has fields of its own ("A leave request belongs
 * to an employee and has a start date, ..." read "leave" as a verb). declarations.spec.ts turns
 * every entry's examples into a test.
 */
type FieldList = Extract<Clause, { kind: 'fieldList' }>;

export interface DeclarationPhrasing {
  name: string;
  /** A sentence, the record it declares and the words of its items. */
  examples: [string, { subject: string; items: string[] }][];
  match: (sentence: string) => RegExpExecArray | null;
  read: (m: RegExpExecArray, sentence: string) => FieldList | undefined;
}

const LINKS = '(?:belongs? to|is for|are for|is linked to|is tied to|is attached to|is part of)';
const JOINS = '(?:links|connects|joins|pairs|ties|is between)';
const HAS = '(?:has|have|records|record|stores|keeps|contains|includes|holds|with)';
// what is logged against another record: who logs it, then its name (group 1), or its name (group 2) and the passive
const LEAD = String.raw`(?:(?:then|and|so|also|after that|afterwards),?\s+)?`;
const LOG_VERBS = '(?:record|records|log|logs|enter|enters|note|notes|clock|clocks|register|registers|write down|fill in|add|adds)';
const LOGGED_ACTIVE = String.raw`(?:(?:the\s+)?[a-z]+s\s+|we\s+|i\s+|they\s+)?(?:then\s+|also\s+|each\s+)?${LOG_VERBS}\s+(?:their|the|each|every|a|an|our|my)\s+([a-z]+(?: [a-z]+)?)`;
const LOGGED_PASSIVE = String.raw`(?:the\s+|all\s+)?([a-z]+(?: [a-z]+)?)(?:\s+from\s+(?:the\s+)?[a-z]+(?: [a-z]+)?)?\s+(?:are|is|get|gets|should be|must be|will be|need to be)\s+(?:then\s+)?(?:logged|recorded|clocked|entered|noted|registered|filed|added)`;
const AGAINST = '(?:against|per|for|on|under)';

export const DECLARATIONS: DeclarationPhrasing[] = [
  {
    name: 'a record of another record, with fields of its own',
    examples: [
      ['A leave request belongs to an employee and has a start date, an end date and a reason.', { subject: 'leave request', items: ['employee', 'start date', 'end date', 'reason'] }],
      ['Each donation belongs to a donor and records the date and the volume in ml.', { subject: 'donation', items: ['donor', 'date', 'volume in ml'] }],
      ['A session is for one student and has a date, a duration in minutes and a subject.', { subject: 'session', items: ['student', 'date', 'duration in minutes', 'subject'] }],
      ['Each tasting note belongs to a batch, with a date, a rating 1-10 and comments.', { subject: 'tasting note', items: ['batch', 'date', 'rating 1-10', 'comments'] }],
      ['Bookings are for a hay ride, with a name and phone.', { subject: 'booking', items: ['hay ride', 'name', 'phone'] }],
    ],
    // ("Bookings are for a hay ride, with a name and phone": records named in the plural need no article)
    match: (s) => new RegExp(`^(?:(?:a|an|each|every|the)\\s+([a-z][a-z -]{1,40}?)|([a-z][a-z -]{0,40}?[a-z]s))\\s+${LINKS}\\s+(?:a|an|one|the|exactly one|a single)\\s+([a-z]+(?: [a-z]+)?)\\s*(?:,?\\s+and\\s+${HAS}|,\\s*with)\\s+(.+?)[.!]?$`, 'i').exec(s),
    read: (m, sentence) => {
      const items = listItems(m[4] as string);
      const subject = m[1] ?? singular(m[2] as string);
      return items ? { kind: 'fieldList', subject, items: [{ words: (m[3] as string).toLowerCase(), refersTo: true }, ...items], source: sentence, nounPhrase: true } : undefined;
    },
  },
  {
    name: 'a record linking two records, with fields of its own',
    examples: [
      ['An assignment links a volunteer and a shift and holds a role and a rating between 1 and 5.', { subject: 'assignment', items: ['volunteer', 'shift', 'role', 'rating between 1 and 5'] }],
      ['Each loan connects a member with a book and has a due date.', { subject: 'loan', items: ['member', 'book', 'due date'] }],
      ['A match pairs a mentor and a mentee.', { subject: 'match', items: ['mentor', 'mentee'] }],
    ],
    match: (s) => new RegExp(`^(?:a|an|each|every|the)\\s+([a-z][a-z -]{1,40}?)\\s+${JOINS}\\s+(?:a|an|one|the)\\s+([a-z]+(?: [a-z]+)?)\\s+(?:and|with|to)\\s+(?:a|an|one|the)\\s+([a-z]+(?: [a-z]+)?)(?:\\s*,?\\s+and\\s+${HAS}\\s+(.+?))?[.!]?$`, 'i').exec(s),
    read: (m, sentence) => linkingRecord(m, sentence),
  },
  {
    name: 'a record that is one record given to another, with fields of its own',
    examples: [
      ['A loan is one instrument lent to one player, with a start date and a return date.', { subject: 'loan', items: ['instrument', 'player', 'start date', 'return date'] }],
      ['A placement is a student assigned to a company and has a start date.', { subject: 'placement', items: ['student', 'company', 'start date'] }],
      ['Each rental is one bike rented by one customer.', { subject: 'rental', items: ['bike', 'customer'] }],
    ],
    // "is one instrument lent to one player": the participle says how the two records meet
    match: (s) => new RegExp(`^(?:a|an|each|every|the)\\s+([a-z][a-z -]{1,40}?)\\s+is\\s+(?:a|an|one)\\s+([a-z]+(?: [a-z]+)?)\\s+[a-z]+(?:ed|en|t)\\s+(?:to|by|for|from|with|at)\\s+(?:a|an|one|the)\\s+([a-z]+(?: [a-z]+)?)(?:\\s*(?:,?\\s+and\\s+${HAS}|,\\s*with)\\s+(.+?))?[.!]?$`, 'i').exec(s),
    read: (m, sentence) => linkingRecord(m, sentence),
  },
  {
    name: 'what the writer notes for each record',
    examples: [
      ['every house we need the address, the customers name and the price', { subject: 'house', items: ['address', 'customers name', 'price'] }],
      ['then every visit we write down the house, the date and payment', { subject: 'visit', items: ['house', 'date', 'payment'] }],
      ['For each booking we store the charger, the driver and the start time.', { subject: 'booking', items: ['charger', 'driver', 'start time'] }],
      ["For each grit bin we want to record its location, the last refill date and whether it's damaged.", { subject: 'grit bin', items: ['location', 'last refill date', 'damaged'] }],
      ["For every music box that comes in I note the owner's name, the maker and a fault description.", { subject: 'music box', items: ["owner's name", 'maker', 'fault description'] }],
      ["For each review I'd like to keep the client name, client email and the price.", { subject: 'review', items: ['client name', 'client email', 'price'] }],
    ],
    // "every house we need ...": the record, then the writer keeping its fields ("that comes in" is said of the records)
    match: (s) => /^(?:(?:then|and|also|so)\s+)?(?:for\s+)?(?:each|every|per)\s+([a-z][a-z -]{1,30}?)(?:\s+(?:that|which|who)\s+[^,]{1,40}?)?\s*,?\s+(?:we|i)(?:'d|’d)?\s+(?:(?:want|need|have|would like|like)\s+to\s+)?(?:need|want|write down|note down|note|record|keep|store|track|log|take|ask for|collect)\s+(?:down\s+)?(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => recordWithFields((m[1] as string).toLowerCase(), m[2] as string, sentence),
  },
  ...KEPT_RECORDS,
  {
    name: 'what the writer notes when a record comes in',
    examples: [
      ['When a case comes in we note the address, the dispute type and the referral date.', { subject: 'case', items: ['address', 'dispute type', 'referral date'] }],
      ['Whenever a new repair arrives, I write down the owner, the fault and the date.', { subject: 'repair', items: ['owner', 'fault', 'date'] }],
      ['Once an order is placed we need the customer name, the pickup date and the total.', { subject: 'order', items: ['customer name', 'pickup date', 'total'] }],
    ],
    // "when a case comes in we note ...": the record that arrives holds what the writer notes (it is not a "come")
    match: (s) => /^(?:when|whenever|once|as soon as|every time|each time)\s+(?:a|an|each|every|the|new)\s+(?:new\s+)?([a-z]+(?: [a-z]+)?)\s+(?:comes in|arrives|(?:is|gets)\s+(?:made|booked|reported|opened|placed|logged|received|raised|created|added|registered|submitted))\s*,?\s+(?:we|i)(?:'d|’d)?\s+(?:(?:want|need|have|would like|like)\s+to\s+)?(?:note down|note|write down|record|keep|log|take down|take|save|store|enter|ask for|collect|need)\s+(?:down\s+)?(?!(?:a|an)\s+[a-z]+(?:\s+[a-z]+)?\s*:)(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => recordWithFields((m[1] as string).toLowerCase(), m[2] as string, sentence),
  },
  {
    name: 'a record logged with its fields',
    examples: [
      ['Every roast gets logged with the bean origin, the roast level and the roast date.', { subject: 'roast', items: ['bean origin', 'roast level', 'roast date'] }],
      ['Each delivery is recorded with a date and a weight in kg.', { subject: 'delivery', items: ['date', 'weight in kg'] }],
      ["Volunteers do the refilling, so each refill should be recorded too, with the grit bin, the volunteer's name and the date.", { subject: 'refill', items: ['grit bin', "volunteer's name", 'date'] }],
      ['Every batch we lift on the garlic farm gets recorded with its variety, the plot it came from and the harvest date.', { subject: 'batch', items: ['variety', 'plot it came from', 'harvest date'] }],
    ],
    // ("Volunteers do the refilling, so each refill should be recorded too, with ...": what leads up to it says why)
    match: (s) => /^(?:[^,]{1,80},\s*(?:so|and)\s+)?(?:each|every|a|an)\s+([a-z][a-z -]{1,30}?)(?:\s+(?:that|which|we|i)\s+[^,]{1,40}?)?\s+(?:gets|is|are|get|(?:should|must|will|needs to)(?:\s+also)?\s+be)(?:\s+also)?\s+(?:logged|recorded|stored|saved|entered|registered|noted|kept)\s*(?:too|as well)?\s*,?\s+with\s+(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => recordWithFields((m[1] as string).toLowerCase(), m[2] as string, sentence),
  },
  {
    name: 'records logged against another record, with their fields',
    examples: [
      ['Volunteers then record their haul against the clean: volunteer name, bags filled, plastic weight in kg and any unusual finds.', { subject: 'haul', items: ['clean', 'volunteer name', 'bags filled', 'plastic weight in kg', 'unusual finds'] }],
      ['Complaints from neighbours are logged against a blast with their address and a comment.', { subject: 'complaint', items: ['blast', 'address', 'comment'] }],
      ['then arrivals get clocked per race - ring number, owner, arrival time, velocity', { subject: 'arrival', items: ['race', 'ring number', 'owner', 'arrival time', 'velocity'] }],
      ['We log each catch per trip with the species, the length in cm and whether it was released.', { subject: 'catch', items: ['trip', 'species', 'length in cm', 'released'] }],
    ],
    // "record their haul against the clean: ...", "complaints ... are logged against a blast with
    // ...": what is logged is a record of its own, made for the record it is logged against
    match: (s) => new RegExp(`^${LEAD}(?:${LOGGED_ACTIVE}|${LOGGED_PASSIVE})\\s+(?:${AGAINST}\\s+(?:the|a|an|its|their|each|every|one)|per)\\s+([a-z]+(?: [a-z]+)?)\\s*(?::|\\s[-–—]|,?\\s+with)\\s+(.+?)[.!]?$`, 'i').exec(s),
    read: (m, sentence) => {
      const logged = (m[1] ?? m[2]) as string;
      const items = listItems(m[4] as string);
      // ("we note the result for each match: win, draw or loss" lists values, not fields)
      if (!items || items.length < 2 || items.some((it) => /\bor\b/i.test(it.words.replace(/\([^()]*\)/g, '')))) return undefined;
      const words = logged.toLowerCase().split(/\s+/);
      const subject = [...words.slice(0, -1), singular(words[words.length - 1] as string)].join(' ');
      return { kind: 'fieldList', subject, items: [{ words: singular((m[3] as string).toLowerCase()), refersTo: true }, ...items], source: sentence, nounPhrase: true };
    },
  },
  {
    name: 'people making a record on another, and what the writer notes of it',
    examples: [
      ['Patients book onto a clinic and we need the patient name, NHS number, date of birth and a time slot.', { subject: 'booking', items: ['clinic', 'patient name', 'NHS number', 'date of birth', 'time slot'] }],
      ['Volunteers register for a shift, and we keep their phone and a t-shirt size.', { subject: 'registration', items: ['shift', 'phone', 't-shirt size'] }],
      ['Guests reserve a table at a restaurant and we note the party size and the time.', { subject: 'reservation', items: ['restaurant', 'party size', 'time'] }],
      ["Customers book a campervan with a pickup date and a return date, and we take the customer's name, their email and the party size.", { subject: 'booking', items: ['campervan', 'pickup date', 'return date', "customer's name", 'email', 'party size'] }],
    ],
    // "Patients book onto a clinic and we need ...": what the writer needs is kept on the booking
    // the verb makes, which belongs to the record it is made on
    // ("Customers book a campervan with a pickup date ..., and we take ...": the fields come in both parts)
    match: (s) => /^(?:the\s+|our\s+)?[a-z]+s\s+([a-z]+)\s+(?:(?:a|an|one)\s+[a-z]+\s+(?:on|onto|for|to|at|in|into)\s+|(?:on|onto|for|to|at|in|into)\s+)?(?:a|an|the|one)\s+([a-z]+(?: [a-z]+)?)(?:\s+with\s+([^,]+?))?\s*,?\s+and\s+(?:we|i)\s+(?:need|keep|record|store|take|want|note|ask for|collect|write down)\s+(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => {
      const made = NOMINALIZATION[verbLemma((m[1] as string).toLowerCase(), VERB_SET) ?? '']?.[0];
      const items = made ? listItems(m[3] === undefined ? (m[4] as string) : `${m[3]}, ${m[4] as string}`) : undefined;
      return made && items ? { kind: 'fieldList', subject: made, items: [{ words: (m[2] as string).toLowerCase(), refersTo: true }, ...items], source: sentence, nounPhrase: true } : undefined;
    },
  },
  {
    name: 'when people do something, what the writer writes down',
    examples: [
      ['When member borrow instrument we write member name, which instrument, date borrowed and date returned.', { subject: 'loan', items: ['instrument', 'member name', 'instrument', 'date borrowed', 'date returned'] }],
      ['When a family books a tour, we record the lead name, the email and the party size.', { subject: 'booking', items: ['tour', 'lead name', 'email', 'party size'] }],
    ],
    // "when a member borrows an instrument we write ...": the record the verb makes (a loan, a
    // booking) holds what is written down, and is of the thing acted on
    match: (s) => /^(?:when|whenever|every time|each time)\s+(?:a|an|the|some|one)?\s*[a-z]+\s+([a-z]+)\s+(?:(?:on|onto|for|to|at|in|into)\s+)?(?:a|an|the|one)?\s*([a-z]+)\s*,?\s+(?:we|i)\s+(?:write down|write|record|note|keep|log|take down|take|save|store|enter)\s+(?:down\s+)?(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => {
      const lemma = verbLemma((m[1] as string).toLowerCase(), VERB_SET) ?? (m[1] as string).toLowerCase();
      const made = LENDING_RECORDS[lemma] ?? NOMINALIZATION[lemma]?.[0];
      const items = made ? listItems(m[3] as string) : undefined;
      return made && items && items.length >= 2 ? { kind: 'fieldList', subject: made, items: [{ words: (m[2] as string).toLowerCase(), refersTo: true }, ...items], source: sentence, nounPhrase: true } : undefined;
    },
  },
  {
    name: 'people doing something, with what they give',
    examples: [
      ['Guests book a yurt with their name, email and arrival date.', { subject: 'booking', items: ['yurt', 'name', 'email', 'arrival date'] }],
      ['Every walker books separately with their name, phone number and age.', { subject: 'booking', items: ['name', 'phone number', 'age'] }],
      ['Volunteers register for a shift with their name and a t-shirt size.', { subject: 'registration', items: ['shift', 'name', 't-shirt size'] }],
      ['A production company applies with its company name, a contact email and the filming date.', { subject: 'application', items: ['company name', 'contact email', 'filming date'] }],
    ],
    // "people book with their name and email", "guests book a yurt with their ...": the verb makes the
    // record (a booking), what they do it for is its reference, what they give its fields (the thing
    // made itself, "send a message with their name", is the action reader's; so is an item that says
    // whose it is, "a link to their CV")
    match: (s) => /^(?:the\s+|our\s+|every\s+|each\s+|a\s+|an\s+)?(?:(?!(?:to|can|will|must|should|may|also|then|just|like|want|need|on|in|at|for|of|from|by|with)\s)[a-z]+\s+){1,2}?(?:can\s+|will\s+|must\s+|should\s+)?([a-z]+)(?:\s+(?:(?:for|on|onto|to|at|in|into)\s+)?(?:a|an|the|one)\s+([a-z]+))?(?:\s+separately|\s+online|\s+ahead)?\s+(?:with|by giving|giving)\s+(?:their|his|her|its)\s+(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => {
      // ("customers place orders ... giving": a verb before the one read is the real one, and the subject is one word)
      const before = new RegExp(`(\\S+)\\s+(?:(?:can|will|must|should)\\s+)?${m[1] as string}\\b`, 'i').exec(sentence)?.[1]?.toLowerCase() ?? '';
      if (VERB_SET.has(before) && sentence.toLowerCase().indexOf(before) > 0) return undefined;
      const made = NOMINALIZATION[verbLemma((m[1] as string).toLowerCase(), VERB_SET) ?? '']?.[0];
      const items = made && !/\b(?:to|of|for)\s+their\b/i.test(m[3] as string) ? listItems(m[3] as string) : undefined;
      if (!made || !items || items.length < 2) return undefined;
      // ("guests book a yurt with ...": the yurt is what the booking is of; "send a message with ..." makes the message itself)
      if (m[2] !== undefined && singular(m[2].toLowerCase()) === made) return undefined;
      // ("writers book a place with ...": a place, a spot or a space is the booking itself, not a record it is of)
      const on = m[2] === undefined || BOOKED_UNITS.has(m[2].toLowerCase()) ? [] : [{ words: m[2].toLowerCase(), refersTo: true as const }];
      return { kind: 'fieldList', subject: made, items: [...on, ...items], source: sentence, nounPhrase: true };
    },
  },
  {
    name: 'someone taking a record, what the writer keeps on the record named last',
    examples: [
      ["A tenant rents a unit from a start date to an optional end date, and we keep the tenant's name, email and phone on the rental.", { subject: 'rental', items: ['unit', 'start date', 'optional end date', "tenant's name", 'email', 'phone'] }],
      ['A member borrows a tool and we note the due date and the condition on the loan.', { subject: 'loan', items: ['tool', 'due date', 'condition'] }],
    ],
    // "..., and we keep <fields> on the rental": the record is named last; what the person took
    // is a reference, and "from a start date to an end date" two more fields
    match: (s) => /^(?:a|an|the|each|every)\s+[a-z]+\s+[a-z]+\s+(?:a|an|the|one)\s+([a-z]+)(?:\s+from\s+(?:a|an|the)\s+([a-z ]+?)\s+(?:to|until|till)\s+(?:a|an|the)\s+([a-z ]+?))?\s*,?\s+and\s+(?:we|i)\s+(?:keep|record|store|note|need|take|write down|save)\s+(.+?)\s+(?:on|for|with|in)\s+(?:the|each|every)\s+([a-z]+)[.!]?$/i.exec(s),
    read: (m, sentence) => {
      const items = listItems(m[4] as string);
      const period = [m[2], m[3]].filter((w): w is string => w !== undefined).map((w) => readItem(w).item);
      return items ? { kind: 'fieldList', subject: (m[5] as string).toLowerCase(), items: [{ words: (m[1] as string).toLowerCase(), refersTo: true }, ...period, ...items], source: sentence, nounPhrase: true } : undefined;
    },
  },
  {
    name: 'a record that happens between two others, and what the writer fills in',
    examples: [
      ['A match is played between a home team and an away team on a date, and once it has been played we fill in the home legs and the away legs, each from 0 to 13.', { subject: 'match', items: ['home team', 'away team', 'date', 'home legs from 0 to 13', 'away legs from 0 to 13'] }],
      ['A game is played between two players.', { subject: 'game', items: ['player', 'player'] }],
      ['Each bout is fought between a red fighter and a blue fighter.', { subject: 'bout', items: ['red fighter', 'blue fighter'] }],
    ],
    // "is played between a home team and an away team on a date": the two sides and the day; what
    // the writer fills in later is the rest ("each from 0 to 13" bounds every item it follows)
    match: (s) => /^(?:a|an|each|every)\s+([a-z]+)\s+is\s+[a-z]+(?:ed|en|ght)\s+between\s+(?:(?:a|an|the)\s+([a-z]+(?: [a-z]+)?)\s+and\s+(?:a|an|the)\s+([a-z]+(?: [a-z]+)?)|two\s+([a-z]+))(?:\s+on\s+(?:a|an|the)\s+([a-z]+))?(?:\s*,?\s+and\s+(?:(?:once|when|after)\s+[a-z' ]+?\s+)?(?:we|i)\s+(?:fill in|record|keep|note|enter|add|write down)\s+(.+?))?[.!]?$/i.exec(s),
    read: (m, sentence) => {
      const pair = m[4] ? singular(m[4].toLowerCase()) : undefined;
      const sides = (pair ? [pair, pair] : [m[2] as string, m[3] as string]).map((w) => ({ words: w.toLowerCase() }));
      const later = m[6] ? boundedItems(m[6]) : [];
      if (!later) return undefined;
      return { kind: 'fieldList', subject: (m[1] as string).toLowerCase(), items: [...sides, ...(m[5] ? [{ words: m[5].toLowerCase() }] : []), ...later], source: sentence, nounPhrase: true };
    },
  },
  {
    name: 'a record that is its list of fields',
    examples: [
      ['A booking is: sheet, date, start time, group name and number of curlers.', { subject: 'booking', items: ['sheet', 'date', 'start time', 'group name', 'number of curlers'] }],
      ["each booking is the trek, rider name, age and if theyve ridden before", { subject: 'booking', items: ['trek', 'rider name', 'age', 'if theyve ridden before'] }],
      ['then every day we collect sap so a collection is the tree, the date and how many litres', { subject: 'collection', items: ['tree', 'date', 'how many litres'] }],
    ],
    // "an order is the customer's name, how many fish, ...": what a record is, told as its fields
    // (three at least: "a session is a class with a date" says what it is, not what it has)
    match: (s) => /^(?:.{0,80}?\b(?:so|and|then)\s+)?(?:a|an|each|every)\s+([a-z]+(?: [a-z]+)?)\s+is\s*:?\s+(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => {
      const items = listItems(m[2] as string);
      return items && items.length >= 3 ? { kind: 'fieldList', subject: (m[1] as string).toLowerCase(), items, source: sentence, nounPhrase: true } : undefined;
    },
  },
  {
    name: 'more records, added as an afterthought, with their fields',
    examples: [
      ['and litters too - the rabbit, birth date, kits born, kits alive.', { subject: 'litters', items: ['rabbit', 'birth date', 'kits born', 'kits alive'] }],
      ['Also the suppliers as well: name, phone and email.', { subject: 'suppliers', items: ['name', 'phone', 'email'] }],
    ],
    // "and litters too - ...": a second record named in passing, its fields after a dash or colon
    match: (s) => /^(?:(?:and|also|plus)\s+)?(?:also\s+)?(?:the\s+|my\s+|our\s+)?([a-z]+s)\s+(?:too|as well|also)\s*(?:[-–—:]|,)\s*(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => recordWithFields((m[1] as string).toLowerCase(), m[2] as string, sentence),
  },
  {
    name: 'records said what they are, each with its fields',
    examples: [
      ['Slots are the time slots on the day, each with a start time and how many people it can take (usually 6).', { subject: 'slots', items: ['start time', 'how many people it can take (usually 6)'] }],
    ],
    // "Slots are the time slots on the day, each with ...": what they are, then what each has
    match: (s) => /^(?:the\s+|our\s+)?([a-z]+s)\s+are\s+(?:the\s+|our\s+)?[a-z' ]{1,50}?,\s*each\s+(?:with|having|has)\s+(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => recordWithFields((m[1] as string).toLowerCase(), m[2] as string, sentence),
  },
  {
    name: 'records for someone or something, each with its fields',
    examples: [
      ['Parking permits for residents, each with a licence plate, a street and an expiry date.', { subject: 'parking permits', items: ['licence plate', 'street', 'expiry date'] }],
      ['We keep lockers at the pool, each with a number and a size.', { subject: 'lockers', items: ['number', 'size'] }],
    ],
    // "Parking permits for residents, each with ...": "each" is one of the records named first, not of
    // whom or where they are for
    match: (s) => /^(?:(?:we|i)\s+(?:keep|have|hire out|rent out|run|sell)\s+)?(?:the\s+|our\s+)?((?:[a-z]+\s+)?[a-z]+s)\s+(?:for|of|at|in|from|on)\s+[a-z' ]{1,40}?,\s*each\s+(?:with|having|has|holding)\s+(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => recordWithFields((m[1] as string).toLowerCase(), m[2] as string, sentence),
  },
  {
    name: 'what each record should hold',
    examples: [
      ['We supply avocados by the crate to restaurants, so each order should hold the restaurant, the number of crates and the delivery date.', { subject: 'order', items: ['restaurant', 'number of crates', 'delivery date'] }],
      ['Judging is on the day, so every entry must include the entrant name, the category and the score.', { subject: 'entry', items: ['entrant name', 'category', 'score'] }],
    ],
    // "..., so each order should hold ...": what leads up to it is context, the records are the ones each names
    // (with no context before, "Every book should store ..." is read by the sentence reader)
    match: (s) => /^.{1,120}?,\s*(?:so|and|then)\s+(?:each|every)\s+([a-z]+(?: [a-z]+)?)\s+(?:should|must|needs to|will|has to|would|can)\s+(?:hold|have|include|contain|record|store|keep|carry|show)\s+(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => recordWithFields((m[1] as string).toLowerCase(), m[2] as string, sentence),
  },
  {
    name: "each record's fields, told with a possessive",
    examples: [
      ["Our jaffle van's menu needs each filling's name, price, whether it's vegan and whether it's sold out today", { subject: 'filling', items: ['name', 'price', 'vegan', 'sold out today'] }],
      ["We keep every volunteer's name, phone and start date.", { subject: 'volunteer', items: ['name', 'phone', 'start date'] }],
    ],
    // "the menu needs each filling's name, price, ...": the records are the ones whose fields are listed
    match: (s) => /^(?:.{0,80}?\b(?:needs?|has|have|holds?|keeps?|lists?|shows?|records?|wants?|stores?|logs?|tracks?)\s+)(?:each|every)\s+([a-z]+(?: [a-z]+)?)'s\s+(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => recordWithFields((m[1] as string).toLowerCase(), m[2] as string, sentence),
  },
  {
    name: 'what each record gets',
    examples: [
      ['Batch log for my nougat kitchen: every batch gets a flavour (honey almond, pistachio or plain), the cook date, the slab weight in grams and whether it passed the taste check.', { subject: 'batch', items: ['flavour', 'cook date', 'slab weight in grams', 'taste check passed'] }],
      ['Each guest gets a name, a table number and a meal choice.', { subject: 'guest', items: ['name', 'table number', 'meal choice'] }],
    ],
    // "every batch gets a flavour, the cook date, ...": what each record is given is its fields (three at least:
    // "each member gets a badge" says what happens to it)
    match: (s) => /^(?:[^:]{1,60}:\s+)?(?:each|every)\s+([a-z]+(?: [a-z]+)?)\s+gets\s+((?:a|an|the|its|their)\s.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => {
      const items = listItems(m[2] as string);
      return items && items.length >= 3 ? { kind: 'fieldList', subject: (m[1] as string).toLowerCase(), items, source: sentence, nounPhrase: true } : undefined;
    },
  },
  {
    name: 'a register of records, with their fields',
    examples: [
      ["For my Saturday abacus lessons I need a register of pupils with their name, age and a parent's phone number", { subject: 'pupils', items: ['name', 'age', "parent's phone number"] }],
      ['We want a log of deliveries with the supplier, the weight and the date.', { subject: 'deliveries', items: ['supplier', 'weight', 'date'] }],
    ],
    // "I need a register of pupils with ...": the register is the records it holds (a colon after starts another list)
    match: (s) => /^(?:.{0,120}?\b)?(?:a|an|the)\s+(?:register|list|log|record|database|directory|roster|catalogue|catalog|inventory|book)\s+of\s+(?:all\s+)?(?:the\s+|our\s+|my\s+)?([a-z]+s)\s+(?:with|including|showing|holding)\s+([^:]+?)[.!]?$/i.exec(s),
    read: (m, sentence) => recordWithFields((m[1] as string).toLowerCase(), m[2] as string, sentence),
  },
  {
    name: 'records noted one by one, with their fields',
    examples: [
      ['We are volunteers doing an otter survey, so I need to record each sighting with the river stretch, the date and the surveyor', { subject: 'sighting', items: ['river stretch', 'date', 'surveyor'] }],
      ['We log every delivery with the supplier, the weight and the date received.', { subject: 'delivery', items: ['supplier', 'weight', 'date received'] }],
    ],
    // "so I need to record each sighting with ...": the records kept one at a time, whatever context came first
    match: (s) => /^(?:.{0,120}?\b(?:so|and|then|to|i|we)\s+)?(?:record|log|keep|track|note|store|register|enter)\s+(?:each|every)\s+([a-z]+(?: [a-z]+)?)\s+with\s+(.+?)[.!]?$/i.exec(s),
    read: (m, sentence) => recordWithFields((m[1] as string).toLowerCase(), m[2] as string, sentence),
  },
  {
    name: 'records whose first word is a verb too, with what they have',
    examples: [
      ['Order lines have a tile, a finish and a quantity.', { subject: 'order lines', items: ['tile', 'finish', 'quantity'] }],
      ['Book loans have a member, a book and a due date.', { subject: 'book loans', items: ['member', 'book', 'due date'] }],
    ],
    // "Order lines have ...": "have" after two words makes them a noun phrase, "order" no command
    match: (s) => {
      const m = /^([a-z]+)\s+([a-z]+s)\s+(?:have|has|hold|contain)\s+(.+?)[.!]?$/i.exec(s);
      return m && VERB_SET.has((m[1] as string).toLowerCase()) ? m : null;
    },
    read: (m, sentence) => recordWithFields(`${m[1] as string} ${m[2] as string}`.toLowerCase(), m[3] as string, sentence),
  },
  {
    name: 'records under a coordinated qualifier, with their fields',
    examples: [
      ['Arts and crafts kits with a name, a price and an age range.', { subject: 'kits', items: ['name', 'price', 'age range'] }],
      ['Bed and breakfast rooms with a number, a view and a nightly price.', { subject: 'rooms', items: ['number', 'view', 'nightly price'] }],
    ],
    // "lost and found items": a name never holds "and", so the pair only says what the records are
    // for; what is left is the head noun (a pair in a name is read this way wherever it stands)
    match: (s) => new RegExp(`^([a-z]+ and [a-z]+)\\s+([a-z]+)\\s+with\\s+(.+?)[.!]?$`, 'i').exec(s),
    read: (m, sentence) => recordWithFields((m[2] as string).toLowerCase(), m[3] as string, sentence),
  },
];

/** "An assignment links a volunteer and a shift and holds ...": the two records it links (groups 2, 3), then its own fields (group 4). */
function linkingRecord(m: RegExpExecArray, sentence: string): FieldList | undefined {
  const items = m[4] === undefined ? [] : listItems(m[4]);
  if (!items) return undefined;
  const refs = [m[2] as string, m[3] as string].map((w) => ({ words: w.toLowerCase(), refersTo: true }));
  return { kind: 'fieldList', subject: m[1] as string, items: [...refs, ...items], source: sentence, nounPhrase: true };
}

/** "We fill in the home legs and the away legs, each from 0 to 13": fields the writer adds to the record just described. */
export function laterFields(sentence: string): FieldItem[] | undefined {
  const m = /^(?:(?:then|later|afterwards)\s+)?(?:we|i)\s+(?:then\s+|later\s+|also\s+)?(?:fill in|write in|add|enter)\s+(.+?)[.!]?$/i.exec(sentence.trim());
  return m ? boundedItems(m[1] as string) : undefined;
}

/** A list whose ", each from 0 to 13" bounds every item. */
function boundedItems(list: string): FieldItem[] | undefined {
  const bound = /,?\s*each\s+((?:from|between)\s+\d+\s+(?:to|and)\s+\d+)$/i.exec(list);
  const items = listItems(bound ? list.slice(0, bound.index) : list);
  if (!items || !bound) return items;
  return items.map((it) => ({ ...it, words: `${it.words} ${(bound[1] as string).replace(/^between (\d+) and/i, 'from $1 to')}` }));
}

export function declarationOf(sentence: string): FieldList | undefined {
  for (const d of DECLARATIONS) {
    const m = d.match(sentence.trim());
    const read = m ? d.read(m, sentence) : undefined;
    if (read) return read;
  }
  return undefined;
}

/** What a booking takes that is no record of its own ("book a place", "reserve a spot"). */
const BOOKED_UNITS = new Set(['place', 'spot', 'space']);
