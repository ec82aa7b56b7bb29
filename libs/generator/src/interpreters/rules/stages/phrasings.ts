import { TYPE_NOTATIONS, VALUE_NOUNS, WEEKDAY_RANGE, weekdaysBetween } from '../lexicon.js';
import { FLAGS, readNote, readParen } from './paren-notes.js';
export { readNote };
import { yesNoName } from './yes-no-names.js';
export { FLAGS } from './paren-notes.js';
import { item, type FieldItem } from './field-item.js';
import { statesInOrder } from './field-states.js';
import { LINK_AS_TYPE, LIST_OF_VALUES, LONG_TEXT, TYPE_AFTER_COLON, TYPE_AFTER_NAME, TYPE_IN_PARENTHESES } from './typed-phrasings.js';

/**
 * Stage 3a: the registry of field-item phrasings. Each entry reads one way of writing a field in a
 * list ("role: developer / designer", "price (EUR)", "express? (yes/no)") into a typed draft; it
 * never hands back English to be read again. A new phrasing is one entry plus its examples, and
 * phrasings.spec.ts turns every entry's examples into a test.
 */
export type { FieldItem };

export interface Phrasing {
  name: string;
  /** Input item and the draft it must give. */
  examples: [string, FieldItem][];
  match: (item: string) => RegExpExecArray | null;
  read: (m: RegExpExecArray) => FieldItem;
}

/** "new → triaged → fixed", "draft -> review": states written in order with arrows. */
export function arrowStates(text: string): string[] {
  return text.split(/\s*(?:→|->|=>|>(?!\s*=?\s*-?\d))\s*/).map((v) => v.trim()).filter(Boolean);
}



/** "a / b / c", "a | b | c", "a, b or c": the values, trimmed, in order. */
export function splitValues(text: string): string[] {
  // ("tulip daffodil crocus or allium": single words with no commas, the last after "or", are each a value;
  // "full time or part time" keeps its words)
  const spaced = /^([a-z]+(?:\s+[a-z]+){1,6})\s+or\s+([a-z]+)$/i.exec(text.trim());
  if (spaced && !/[,/|]/.test(text) && !/\bor\b/i.test(spaced[1] as string)) return [...(spaced[1] as string).split(/\s+/), spaced[2] as string];
  return text
    .split(/\s*(?:\/|\||,|\bor\b)\s*/i)
    .map((v) => v.trim().replace(/^(?:and|or)\s+/i, '').replace(/[.;]$/, ''))
    .filter((v) => v.length > 0);
}

/** "(mint, good, worn)", "(haircut, beard trim or both)": short plain words that are not a type, flag, number or example. */
export function valueList(inner: string): string[] | undefined {
  if (/\d|\bdefault|\b(?:yes|true)\s*\//i.test(inner)) return undefined;
  if (/^(?:e\.?g\.?|eg|for example|for instance|such as|like|optional|max|min|up to|at least|at most)\b/i.test(inner.trim())) return undefined;
  const values = splitValues(inner);
  const plain = values.every((v) => v.split(/\s+/).length <= 3 && !FLAGS.has(v.toLowerCase()) && TYPE_NOTATIONS[v.toLowerCase()] === undefined && !/\b(?:etc|so on|and so)\b/i.test(v));
  return values.length >= 2 && plain && (/,/.test(inner) || /\bor\b/i.test(inner)) ? values : undefined;
}

export { item };

export const PHRASINGS: Phrasing[] = [
  {
    name: 'states in order, with arrows',
    examples: [
      ['status: new → triaged → fixed', item('status', { values: ['new', 'triaged', 'fixed'], moves: true })],
      ['stage - draft -> review -> published', item('stage', { values: ['draft', 'review', 'published'], moves: true })],
      ['state (open > in progress > done)', item('state', { values: ['open', 'in progress', 'done'], moves: true })],
      ['status requested -> assigned -> completed', item('status', { values: ['requested', 'assigned', 'completed'], moves: true })],
      ['status: draft -> submitted -> approved, or submitted -> rejected', item('status', { values: ['draft', 'submitted', 'approved', 'rejected'], moves: true, steps: [{ from: 'draft', to: 'submitted' }, { from: 'submitted', to: 'approved' }, { from: 'submitted', to: 'rejected' }] })],
      ['status: awaiting inspection -> released OR rejected', item('status', { values: ['awaiting inspection', 'released', 'rejected'], moves: true, steps: [{ from: 'awaiting inspection', to: 'released' }, { from: 'awaiting inspection', to: 'rejected' }] })],
    ],
    // ("status requested -> assigned": after a noun that takes values no colon is needed;
    // "project (FK -> Project)" is a link, not states)
    match: (s) => {
      const m =
        /^([a-z][\w '-]{0,40}?)\s*(?::|=|\s[-–—](?!>)|\()\s*(\S[^()]*?(?:\s*(?:→|->|=>|>(?!\s*=?\s*-?\d))\s*[^()]+?)+)\)?$/i.exec(s) ??
        new RegExp(`^((?:[a-z][\\w'-]*\\s)?(?:${[...VALUE_NOUNS].join('|')}))\\s+(\\S[^()]*?(?:\\s*(?:→|->|=>|>(?!\\s*=?\\s*-?\\d))\\s*[^()]+?)+)$`, 'i').exec(s);
      return m && !/^(?:fk|ref|reference|references|foreign key|link)$/i.test(arrowStates(m[2] as string)[0] ?? '') ? m : null;
    },
    // ("draft -> submitted -> approved, or submitted -> rejected", "awaiting -> released OR rejected": branches as stages/field-states.ts reads them)
    read: (m) => {
      const chain = (m[2] as string).replace(/\bOR\b/g, 'or');
      const branched = /,|\bor\b|;/.test(chain) ? statesInOrder(chain) : undefined;
      return branched ? item(m[1] as string, { values: branched.values, moves: true, steps: branched.steps }) : item(m[1] as string, { values: arrowStates(m[2] as string), moves: true });
    },
  },
  LINK_AS_TYPE,
  {
    name: 'values after a colon or an equals sign',
    examples: [
      ['role: developer / designer / other', item('role', { values: ['developer', 'designer', 'other'] })],
      ['plan = free | premium', item('plan', { values: ['free', 'premium'] })],
      ['status: received, washing, ready, collected', item('status', { values: ['received', 'washing', 'ready', 'collected'] })],
      ['status: open or closed', item('status', { values: ['open', 'closed'] })],
      ['status: pending | baked | delivered (starts pending)', item('status', { values: ['pending', 'baked', 'delivered'], default: 'pending' })],
    ],
    // ("status: open or closed": two values joined by "or" are values too, never a name; "code: string, unique" is a type and a flag)
    match: (s) => {
      const m = /^([a-z][\w '-]{0,40}?)\s*[:=]\s*(\S.*[/|,].*|[a-z][\w-]*(?:\s[a-z][\w-]*)?\s+or\s+[a-z][\w-]*(?:\s[a-z][\w-]*)?)$/i.exec(s);
      return m && !(/^[a-z][a-z ,]*$/i.test(m[2] as string) && readParen(m[2] as string)) ? m : null;
    },
    read: (m) => {
      // ("status: pending | baked | delivered (starts pending)": a note after the values says where it starts)
      const note = /^(.*?)\s*\(\s*(?:starts?|starting|defaults?|default is|initially)\s+(?:as\s+|at\s+|to\s+)?([^()]+?)\s*\)$/i.exec(m[2] as string);
      const values = splitValues((note?.[1] ?? m[2]) as string);
      const start = note && values.includes((note[2] as string).trim()) ? (note[2] as string).trim() : undefined;
      return item(m[1] as string, { values, ...(start !== undefined ? { default: start } : {}) });
    },
  },
  {
    name: 'values after a dash',
    examples: [
      ['position - goalkeeper, defender, midfielder, striker', item('position', { values: ['goalkeeper', 'defender', 'midfielder', 'striker'] })],
      ['membership – monthly / yearly', item('membership', { values: ['monthly', 'yearly'] })],
      ['result — pass or fail', item('result', { values: ['pass', 'fail'] })],
    ],
    // ("IMEI - 15 digits, unique" is a note: a flag or a type is no value)
    match: (s) => {
      const m = /^([a-z][\w '-]{0,40}?)\s+[-–—]\s+(\S.*(?:[/|,]|\sor\s).*)$/i.exec(s);
      const note = m ? readNote(m[2] as string) : undefined;
      return m && note && note.flags.length === 0 && note.type === undefined ? m : null;
    },
    read: (m) => item(m[1] as string, { values: splitValues(m[2] as string) }),
  },
  {
    name: 'a note after a dash',
    examples: [
      ['ticket – unique code we print on the bag', item('ticket', { flags: ['unique'] })],
      ['work – what needs doing', item('work')],
      ['estimate – in euros', item('estimate', { type: 'number' })],
      ['builder - a member', item('builder (a member)')],
      ['seats — whole number', item('seats', { type: 'integer' })],
      ['IMEI - 15 digits, unique', item('IMEI', { flags: ['unique'] })],
    ],
    // the name is short and written first (markdown "**name** – note"); the note says what it is
    match: (s) => /^([a-z][\w'-]*(?:\s[a-z][\w'-]*){0,3})\s+[-–—]\s+(\S.*)$/i.exec(s),
    read: (m) => {
      const note = readNote(m[2] as string);
      const name = note.record ? `${m[1] as string} (a ${note.record})` : (m[1] as string);
      return item(name, { ...(note.type ? { type: note.type } : {}), ...(note.flags.length ? { flags: note.flags } : {}) });
    },
  },
  {
    name: 'values with slashes or bars right after the name',
    examples: [
      ['difficulty easy/moderate/hard', item('difficulty', { values: ['easy', 'moderate', 'hard'] })],
      ['arm left/right', item('arm', { values: ['left', 'right'] })],
      ['personality like shy/playful/lazy', item('personality', { values: ['shy', 'playful', 'lazy'] })],
      ['sex ram|ewe', item('sex', { values: ['ram', 'ewe'] })],
    ],
    // ("date/time" names types and "fragile yes/no" a yes/no: left to the other phrasings)
    match: (s) => {
      const m = /^([a-z][\w '-]{0,30}?)(?:\s+(?:like|e\.g\.|eg|such as))?\s+([a-z][\w-]*(?:\s*[/|]\s*[a-z][\w-]*)+)$/i.exec(s);
      const values = m ? splitValues(m[2] as string).map((v) => v.toLowerCase()) : [];
      const yesNo = values.every((v) => ['yes', 'no', 'y', 'n', 'true', 'false'].includes(v));
      return m && !yesNo && !values.some((v) => TYPE_NOTATIONS[v] !== undefined) ? m : null;
    },
    read: (m) => item(m[1] as string, { values: splitValues(m[2] as string) }),
  },
  {
    name: 'values after "one of" or "either"',
    examples: [
      ['status one of requested, confirmed, cancelled', item('status', { values: ['requested', 'confirmed', 'cancelled'] })],
      ['size is one of small, medium or large', item('size', { values: ['small', 'medium', 'large'] })],
      ['kind either walk-in or booked', item('kind', { values: ['walk-in', 'booked'] })],
    ],
    match: (s) => /^([a-z][\w '-]{0,40}?)\s+(?:is\s+|can be\s+)?(?:one of|either)\s*:?\s+(\S.*(?:[/|,]|\sor\s).*)$/i.exec(s),
    read: (m) => item(m[1] as string, { values: splitValues(m[2] as string) }),
  },
  {
    name: 'two values with "or" right after the name',
    examples: [
      ['sex buck or doe', item('sex', { values: ['buck', 'doe'] })],
      ['payment cash or card', item('payment', { values: ['cash', 'card'] })],
    ],
    // ("first name or nickname", "delivery date or time": a name or a type after the first word is no value)
    match: (s) => {
      const m = /^([a-z][\w'-]*(?:\s[a-z][\w'-]*)?)\s+([a-z][\w-]*)\s+or\s+([a-z][\w-]*)$/i.exec(s);
      const values = m ? [m[2] as string, m[3] as string].map((v) => v.toLowerCase()) : [];
      return m && !values.some((v) => TYPE_NOTATIONS[v] !== undefined || ['name', 'nickname', 'not', 'yes', 'no'].includes(v)) ? m : null;
    },
    read: (m) => item(m[1] as string, { values: [m[2] as string, m[3] as string] }),
  },
  {
    name: 'a range of weekdays',
    examples: [
      ['training day (Mon-Sun)', item('training day', { values: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] })],
      ['delivery day (monday to saturday)', item('delivery day', { values: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] })],
    ],
    // "day (mon-fri)": the days of a week from one to the other, a day of the week, not a date
    match: (s) => ((m) => (m && weekdaysBetween(m[2] as string, m[3] as string) ? m : null))(WEEKDAY_RANGE.exec(s)),
    read: (m) => item(m[1] as string, { values: weekdaysBetween(m[2] as string, m[3] as string) ?? [] }),
  },
  {
    name: 'a range of letters',
    examples: [
      ['motor class A to G', item('motor class', { values: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] })],
      ['grade (A-E)', item('grade', { values: ['A', 'B', 'C', 'D', 'E'] })],
      ['band from A to C', item('band', { values: ['A', 'B', 'C'] })],
    ],
    // capital letters only: "a to b" in lower case is more often words than a range
    match: (s) => {
      const m = /^([A-Za-z][\w '-]{0,40}?)\s*(?:\(\s*)?(?:from\s+)?\b([A-Z])\s*(?:to|-|–|\.\.)\s*([A-Z])\b\s*\)?$/.exec(s);
      return m && (m[2] as string) < (m[3] as string) ? m : null;
    },
    read: (m) => {
      const [from, to] = [(m[2] as string).charCodeAt(0), (m[3] as string).charCodeAt(0)];
      return item(m[1] as string, { values: Array.from({ length: to - from + 1 }, (_, k) => String.fromCharCode(from + k)) });
    },
  },
  {
    name: 'a yes/no question',
    examples: [
      ['express? (yes/no)', item('express', { type: 'boolean' })],
      ['paid?', item('paid', { type: 'boolean' })],
      ['deposit paid? yes/no', item('deposit paid', { type: 'boolean' })],
    ],
    match: (s) => /^([a-z][\w '-]{0,40}?)\s*\?\s*(?:\(?(?:yes\s*\/\s*no|y\/n|true\s*\/\s*false)\)?)?$/i.exec(s),
    read: (m) => item(m[1] as string, { type: 'boolean' }),
  },
  {
    name: 'yes/no written after the name',
    examples: [
      ['paid yes or no', item('paid', { type: 'boolean' })],
      ['fragile yes/no', item('fragile', { type: 'boolean' })],
      ['sold or not', item('sold', { type: 'boolean' })],
    ],
    match: (s) => /^([a-z][\w '-]{0,40}?)\s+(?:yes\s*(?:\/|or)\s*no|y\/n|true\s*\/\s*false|or not)$/i.exec(s),
    read: (m) => item(m[1] as string, { type: 'boolean' }),
  },
  {
    name: 'a state or its opposite',
    examples: [
      ['built or still in box', item('built', { type: 'boolean' })],
      ['signed or unsigned', item('signed', { type: 'boolean' })],
      ['painted or not yet', item('painted', { type: 'boolean' })],
    ],
    // one participle, then its opposite ("still ...", "not yet", "un-"): a yes/no, named by the state
    match: (s) => /^([a-z]{3,}(?:ed|en|t))\s+or\s+(?:still\b.*|not yet\b.*|un\1)$/i.exec(s),
    read: (m) => item(m[1] as string, { type: 'boolean' }),
  },
  {
    name: 'whether something holds',
    examples: [
      ["whether it's for trade", item('for trade', { type: 'boolean' })],
      ['whether it is signed', item('signed', { type: 'boolean' })],
      ['whether paid', item('paid', { type: 'boolean' })],
      ['whether they have paid the £4', item('paid', { type: 'boolean' })],
      ['whether the student attended', item('attended', { type: 'boolean' })],
      ['whether there is step-free access', item('step-free access', { type: 'boolean' })],
      ['whether it passed the taste check', item('taste check passed', { type: 'boolean' })],
    ],
    // ("they have paid the £4": what was paid is not part of the name; what was passed is: yes-no-names.ts)
    match: (s) => /^whether\s+(?:(?:it|they|he|she|we|there|(?:the|their|his|her)\s+[a-z]+(?=\s+(?:is|was|has been|[a-z]+ed)\b))(?:'s|'re|'ve|\s+is|\s+are|\s+was|\s+were|\s+has been|\s+have|\s+has)?\s+)?([a-z][\w '-]{0,30}?)(?:\s+(?:the|a|an|their|its)\s+(\S.*))?$/i.exec(s),
    read: (m) => item(yesNoName(m[1] as string, m[2]), { type: 'boolean' }),
  },
  {
    name: 'a question word before the noun',
    examples: [
      ['what mushroom', item('mushroom')],
      ['which kind of boat', item('boat')],
    ],
    match: (s) => /^(?:what|which)\s+(?:(?:kind|type|sort)\s+of\s+)?([a-z][\w-]*(?:\s[a-z][\w-]*)?)$/i.exec(s),
    read: (m) => item(m[1] as string),
  },
  {
    name: 'values separated by slashes in parentheses',
    examples: [
      ['how it felt (good/ok/bad)', item('how it felt', { values: ['good', 'ok', 'bad'] })],
      ['size (S / M / L / XL)', item('size', { values: ['S', 'M', 'L', 'XL'] })],
      ['purpose (survey | inspection | training)', item('purpose', { values: ['survey', 'inspection', 'training'] })],
      ['attended (y/n, filled in after)', item('attended', { type: 'boolean' })],
    ],
    match: (s) => (/\bdefault/i.test(s) ? null : /^([a-z][\w '-]{0,40}?)\s*\(\s*([^()/|]+(?:[/|][^()/|]+)+)\)$/i.exec(s)),
    read: (m) => {
      const values = splitValues(m[2] as string);
      // ("(yes/no, no when recorded)": what it starts as, said after the yes/no, is no third value)
      // ("(y/n, filled in after)": a note after the yes/no says when it is filled in, no third value)
      const yesNo = values.length >= 2 && /^(yes|true|y)$/i.test(values[0] as string) && /^(no|false|n)$/i.test(values[1] as string) && values.slice(2).every((v) => v.split(/\s+/).length >= 2);
      return yesNo ? item(m[1] as string, { type: 'boolean' }) : item(m[1] as string, { values });
    },
  },
  TYPE_IN_PARENTHESES,
  TYPE_AFTER_COLON,
  TYPE_AFTER_NAME,
  LIST_OF_VALUES,
  LONG_TEXT,
  {
    name: 'values separated by commas in parentheses',
    examples: [
      ['condition (mint, good, worn)', item('condition', { values: ['mint', 'good', 'worn'] })],
      ['service (haircut, beard trim or both)', item('service', { values: ['haircut', 'beard trim', 'both'] })],
    ],
    match: (s) => {
      const m = /^([a-z][\w '-]{0,40}?)\s*\(([^()]+)\)$/i.exec(s);
      return m && valueList(m[2] as string) ? m : null;
    },
    read: (m) => item(m[1] as string, { values: valueList(m[2] as string) as string[] }),
  },
  {
    name: 'a plain name',
    examples: [
      ['pupil name', item('pupil name')],
      ['surface in m2', item('surface in m2')],
    ],
    match: (s) => /^(.+)$/.exec(s),
    read: (m) => item(m[1] as string),
  },
];

/** The first phrasing that matches reads the item. */
export function readItem(text: string): { item: FieldItem; phrasing: string } {
  // ("an 'on hire' yes/no": a name in quotes is the name)
  const s = text.trim().replace(/[.;]$/, '').replace(/^((?:an?|the)\s+)?['"‘“]([^'"‘’“”]+)['"’”](?=\s|$)/i, '$2');
  for (const p of PHRASINGS) {
    const m = p.match(s);
    if (m) return { item: p.read(m), phrasing: p.name };
  }
  return { item: item(s), phrasing: 'a plain name' };
}
