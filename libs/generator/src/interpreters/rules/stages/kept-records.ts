import type { Clause } from './clauses.js';
import type { DeclarationPhrasing } from './declarations.js';
import { recordWithFields } from './declaration-items.js';
import { isPluralForm, singular } from '../text.js';

/**
 * Stage 2b (part): declaration phrasings for the records a writer keeps, named in the plural with
 * what each has: "we have members with a name and a phone", "need a backend for boats with ...",
 * "my boats each have ...", "each repair record includes ...", "I run classes and each has ...",
 * "keep track of my boats (a name and a phone)". Entries of stages/declarations.ts's registry;
 * declarations.spec.ts tests their examples.
 */
type FieldList = Extract<Clause, { kind: 'fieldList' }>;

/** Records named in the plural ("leopard geckos") with their fields; undefined when the words are no plural. */
function pluralRecordWithFields(records: string, list: string, sentence: string): FieldList | undefined {
  const words = records.toLowerCase().split(' ');
  const last = words[words.length - 1] as string;
  return isPluralForm(last) ? recordWithFields([...words.slice(0, -1), singular(last)].join(' '), list, sentence) : undefined;
}

export const KEPT_RECORDS: DeclarationPhrasing[] = [
  {
    name: 'records the writer has, with their fields',
    examples: [
      ['We have members with a name and a phone.', { subject: 'member', items: ['name', 'phone'] }],
      ['I sell candles with a scent, a size and a price.', { subject: 'candle', items: ['scent', 'size', 'price'] }],
      ['We run 4 boats, each with a name and a capacity.', { subject: 'boat', items: ['name', 'capacity'] }],
      ['We also have leopard geckos with a morph and a hatch date.', { subject: 'leopard gecko', items: ['morph', 'hatch date'] }],
    ],
    // "we have members with a name and a phone": what the writer has is the record, what it comes with its fields
    match: (s) => /^(?:(?:so|and|then)\s+)?(?:we|i)\s+(?:also\s+)?(?:have got|have|got|run|manage|sell|offer|rent out|hire out|look after|own|make|stock|breed|grow|host|organise|organize)\s+(?:also\s+)?(?:some|several|a few|lots of|many|about\s+\d+|\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|our|my)?\s*([a-z]+(?: [a-z]+)?s)\s*,?\s+(?:each\s+)?(?:with|having|that have|which have)\s+(?!their\s)(.+?[a-z)])(?<!\s(?:and|or))[.!]?$/i.exec(s),
    read: (m, sentence) => pluralRecordWithFields(m[1] as string, m[2] as string, sentence),
  },
  {
    name: 'the records a backend is for, with their fields',
    examples: [
      ['Need a backend for boats with a name and a phone.', { subject: 'boat', items: ['name', 'phone'] }],
      ['I want a simple app to track my repairs with a date, a fault and a price.', { subject: 'repair', items: ['date', 'fault', 'price'] }],
    ],
    // "need a backend for boats with a name and a phone": the records it keeps, with what each has
    match: (s) => /^(?:(?:i|we)\s+)?(?:(?:really\s+)?(?:need|want|would like|'d like)\s+)?(?:a|an)\s+(?:(?:simple|small|little|basic|quick|new)\s+)?(?:backend|api|app|system|database|db|service|tool)\s+(?:for|to manage|to track|to keep track of|to store|to log|of)\s+(?:all\s+)?(?:my|our|the)?\s*([a-z]+(?: [a-z]+)?s)\s*,?\s+(?:each\s+)?(?:with|having|that have|which have)\s+(?!their\s)(.+?[a-z)])(?<!\s(?:and|or))[.!]?$/i.exec(s),
    read: (m, sentence) => pluralRecordWithFields(m[1] as string, m[2] as string, sentence),
  },
  {
    name: "the writer's records, each with its fields",
    examples: [
      ['My boats each have a name and a phone.', { subject: 'boat', items: ['name', 'phone'] }],
      ['Our classes all have a title, a day and a teacher.', { subject: 'class', items: ['title', 'day', 'teacher'] }],
    ],
    match: (s) => /^(?:my|our|the|all (?:my|our|the))\s+([a-z]+(?: [a-z]+)?s)\s+(?:each|all)\s+(?:have|has|need|get|come with|carry)\s+(.+?[a-z)])(?<!\s(?:and|or))[.!]?$/i.exec(s),
    read: (m, sentence) => pluralRecordWithFields(m[1] as string, m[2] as string, sentence),
  },
  {
    name: "a record's entry, what it includes",
    examples: [
      ['Each repair record includes a date, a fault and a price.', { subject: 'repair', items: ['date', 'fault', 'price'] }],
      ['Every member row has a name and a phone.', { subject: 'member', items: ['name', 'phone'] }],
    ],
    // ("each repair record includes ...": the record of a repair is the repair; "a time entry has ..." is a TimeEntry)
    match: (s) => /^(?:each|every|a|an)\s+([a-z]+(?: [a-z]+)?)\s+(?:record|row)\s+(?:includes|has|holds|contains|stores|needs|should have|must have|will have)\s+(.+?[a-z)])(?<!\s(?:and|or))[.!]?$/i.exec(s),
    read: (m, sentence) => recordWithFields((m[1] as string).toLowerCase(), m[2] as string, sentence),
  },
  {
    name: 'records named, then what each one has',
    examples: [
      ['I run classes and each has a title and a day.', { subject: 'class', items: ['title', 'day'] }],
      ['We track repairs and for each one we need a date and a fault.', { subject: 'repair', items: ['date', 'fault'] }],
    ],
    match: (s) => /^(?:we|i)\s+(?:also\s+)?(?:[a-z]+\s+){1,2}?([a-z]+(?: [a-z]+)?s)\s*,?\s+and\s+(?:for\s+)?(?:each|every)(?:\s+one|\s+of them)?\s*,?\s+(?:(?:we|i)(?:'d|’d)?\s+(?:(?:want|need|would like|like)\s+to\s+)?(?:need|keep|record|note|store|want|track|log|take)|has|have|needs|gets|comes with)\s+(.+?[a-z)])(?<!\s(?:and|or))[.!]?$/i.exec(s),
    read: (m, sentence) => pluralRecordWithFields(m[1] as string, m[2] as string, sentence),
  },
  {
    name: 'records kept, their fields in parentheses',
    examples: [
      ['I want to keep track of my boats (a name and a phone).', { subject: 'boat', items: ['name', 'phone'] }],
      ['Log our repairs (date, fault, price).', { subject: 'repair', items: ['date', 'fault', 'price'] }],
    ],
    match: (s) => /^(?:.{0,60}?\b)?(?:keep track of|track|keep|store|manage|log|record|catalogue|list)\s+(?:all\s+)?(?:my|our|the)?\s*([a-z]+(?: [a-z]+)?s)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*[.!]?$/i.exec(s),
    read: (m, sentence) => pluralRecordWithFields(m[1] as string, m[2] as string, sentence),
  },
];
