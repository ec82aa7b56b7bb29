import { CASUAL_SPELLINGS, CURRENCY_SIGNS, PHRASAL_VERBS, THAN_WORDS, VERB_SET } from '../lexicon.js';
import { CODE_REPAIRS } from './code-repairs.js';
import { EACH_HAS_AFTER_DASH, RECORDS_MADE_FOR_ANOTHER } from './record-repairs.js';
import { lookUpsByIt } from './line-layouts.js';
import { bothAreRecords } from './paren-notes.js';
import { plural } from '../text.js';

/**
 * Stage 0: the prompt with casual spellings and phrasings repaired, the layout kept. Each repair
 * is a registry entry `{name, examples, apply}`, run in order over the whole text; a new repair is
 * one entry and its examples. repairs.spec.ts turns every entry's examples into a test.
 */
export interface Repair {
  name: string;
  /** Words as written, and what this repair alone makes of them. */
  examples: [string, string][];
  apply: (text: string) => string;
}

export const CRUD_WORD = '(?:add|edit|update|remove|delete|list|view|create|see|get|show|search)';
const EXPLAINED_REQUEST = new RegExp(`^(.*?\\b(?:can|may|could|should|will|must)[ \\t]+)[a-z][a-z' \\t]{0,30}?[ \\t]*\\((?:i\\.e\\.|ie|=)?[ \\t]*((?:${CRUD_WORD}|cancel|change|remove)[ \\t]+(?:their|his|her|its|the|a|an|my|our)[ \\t]+[^()\\n]+)\\)[ \\t]*([.!]?)[ \\t]*$`, 'gim');
const EQUATED_REQUEST = new RegExp(`^([ \\t]*(?:(?:[-*•]|[a-z0-9]{1,2}[.)])[ \\t]+)?)[a-z][a-z' \\t]{0,30}?[ \\t]*=[ \\t]*((?:${CRUD_WORD}|cancel|change|remove)[ \\t]+(?:their|his|her|its|the|a|an|my|our)[ \\t]+[^\\n]+)$`, 'gim');
/** "cancel a booking (delete it)": the request as the words in parentheses say it, on the record named before them. */
const EXPLAINED_BY_PRONOUN = new RegExp(`\\b[a-z]+[ \\t]+((?:a|an|the|their|his|her|its|my|our)[ \\t]+[a-z]+(?:[ \\t][a-z]+)?)[ \\t]*\\((?:i\\.e\\.|ie|=)?[ \\t]*(${CRUD_WORD}|cancel|remove)[ \\t]+(?:it|them)\\)`, 'gi');
// (each with its object: "create / list / get students" is one request of three verbs, read as it is)
const SLASHED_REQUESTS = new RegExp(`^[ \\t]*(?:[-*•][ \\t]+)?${CRUD_WORD}[ \\t]+[a-z][^/\\n]*(?:[ \\t]\\/[ \\t]${CRUD_WORD}[ \\t]+[a-z][^/\\n]*){2,}$`, 'gim');


/** "more bookings then quads": "then" after a comparative. */
const THEN_AFTER_COMPARATIVE = new RegExp(`\\b(${[...THAN_WORDS].join('|')})\\b((?:\\s+[a-z']+){0,4}?)\\s+then\\b`, 'gi');
/** "pull up all the visits": a phrasal verb before what it acts on. */
const PHRASAL = new RegExp(`\\b(${Object.keys(PHRASAL_VERBS).join('|')})\\b(?=\\s+(?:(?:just|only)\\s+)?(?:the|all|a|an|every|any|his|her|their|its|one|each|everyone's|everybody's)\\b)`, 'gi');
/** "make list of reservation by the date", "give me a list of ...": asking for a list is listing. */
const LIST_MAKING = /\b(?:make|makes|give (?:me|us)|show (?:me|us)|get (?:me|us))\s+(?:a\s+)?list\s+of\b/gi;

const NUMBER_ABBREVIATION = /\b([A-Za-z]+)[ \t]+(no|nr)\.(?=[ \t]*[(,;:)]|[ \t]*$|[ \t])/gim;
/** Words after which a "no" is a word of its own ("yes or no", "say no", "there is no."). */
const NOT_BEFORE_NUMBER = new Set(['yes', 'or', 'and', 'say', 'says', 'said', 'is', 'are', 'was', 'were', 'be', 'with', 'have', 'has', 'had', 'there', 'answer', 'answered', 'to', 'if', 'just', 'simply', 'maybe', 'a', 'the', 'of', 'for']);

/** Two commas or more before `at` in its sentence: a list is being written there. */
const listBefore = (text: string, at: number): boolean => (/[^.!?\n]*$/.exec(text.slice(0, at))?.[0].split(',').length ?? 0) >= 3;

export const REPAIRS: Repair[] = [
  /** ("host_species enum[mouse, rabbit]", "subsystem in {chassis, aero}", "size one of [S, M, L]": values in code's brackets) */
  {
    name: 'values in brackets after enum, in or one of',
    examples: [
      ['host_species enum[mouse, rabbit, goat], clone', 'host_species (mouse / rabbit / goat), clone'],
      ['subsystem in {chassis, powertrain, aero}, mass', 'subsystem (chassis / powertrain / aero), mass'],
      ['kept in (a box)', 'kept in (a box)'],
    ],
    // ("lime_type     enum(NHL 2, putty)": parentheses after enum are read where columns are, stages/line-layouts.ts)
    apply: (t) => t.replace(/[ \t]?(?::[ \t]*)?\b(?:enum|in|one of)[ \t]*[[{]([^\]}\n]+)[\]}]/gi, (_m, inner: string) => ` (${inner.split(/\s*[,|]\s*/).map((v) => v.trim().replace(/^['"]|['"]$/g, '')).filter(Boolean).join(' / ')})`),
  },
  /** (lexicon CASUAL_SPELLINGS: "cant", "wanna", "adress") */
  {
    name: 'casual spellings',
    examples: [['cant have more bookings', "can't have more bookings"], ['Wether theyve paid', "Whether they've paid"]],
    apply: (t) => t.replace(/\b[A-Za-z]+\b/g, (w) => {
      const fixed = CASUAL_SPELLINGS[w.toLowerCase()];
      if (!fixed) return w;
      return /^[A-Z]/.test(w) ? fixed.charAt(0).toUpperCase() + fixed.slice(1) : fixed;
    }),
  },
  /** ("up to 40,000 litres", "no more than 6,000 words": a thousands separator is no list comma) */
  {
    name: 'thousands written with commas',
    examples: [['volume up to 40,000 litres', 'volume up to 40000 litres'], ['at most 1,250,000', 'at most 1250000'], ['sizes 1,2,3', 'sizes 1,2,3'], ['rooms 10, 200', 'rooms 10, 200']],
    apply: (t) => t.replace(/\b\d{1,3}(?:,\d{3})+\b(?![,.]?\d)/g, (n) => n.replace(/,/g, '')),
  },
  /** ("a status going ordered, carving, finished, delivered": states in order, told in words) */
  {
    name: 'a status that goes through its states',
    examples: [
      ['and a status going ordered, carving, finished, delivered.', 'and a status: ordered -> carving -> finished -> delivered.'],
      // ("goes from consultation to blocking to trimming" is read where it is written, stages/field-states.ts)
      ['a status which goes from consultation to blocking to trimming', 'a status which goes from consultation to blocking to trimming'],
      ['a status going up and down', 'a status going up and down'],
      // (arrows are read where they are written: "a status that goes pledged -> received")
      ['a status that goes pledged -> received -> distributed', 'a status that goes pledged -> received -> distributed'],
    ],
    apply: (t) => t.replace(/\b(status|state|stage)[ \t]+(?:that[ \t]+|which[ \t]+)?(?:going|goes|moving|moves|runs|running)[ \t]+([a-z]+(?:[ \t]*(?:,|,?[ \t]+and\b)[ \t]*[a-z]+){2,})(?=[ \t]*(?:[.;\n)]|$))/gim, (_m, name: string, chain: string) =>
      `${name}: ${chain.split(/\s*(?:,\s*and\b|,|\band\b)\s*/).filter(Boolean).join(' -> ')}`),
  },
  ...CODE_REPAIRS,
  /** ("lap time in seconds w/ decimals", "w/o a deposit": the shorthands of with and without) */
  {
    name: '"w/" and "w/o"',
    examples: [['lap time in seconds w/ decimals', 'lap time in seconds with decimals'], ['booking w/o deposit', 'booking without deposit'], ['w/c date', 'w/c date']],
    apply: (t) => t.replace(/\bw\/o(?=\s)/gi, 'without').replace(/\bw\/(?=\s)/gi, 'with'),
  },
  /** ("edit jobs n list them by status": a lone "n" between words is the texter's "and") */
  {
    name: '"n" for and',
    examples: [['edit jobs n list them by status', 'edit jobs and list them by status'], ['top n results', 'top n results']],
    apply: (t) => t.replace(/\b([a-z]{2,}) n (?=(?:[a-z]{2,})\b)(?!results\b|items\b|times\b|days\b)/g, '$1 and '),
  },
  /** ("lap time in seconds with decimals": what a value is written with says its type) */
  {
    name: 'a value with decimals',
    // (inside a parenthesis a second one would end the list: the words go, the field stays, as "in seconds" types it)
    examples: [['lap time in seconds with decimals.', 'lap time in seconds (decimal).'], ['laps (car, lap time in seconds with decimals)', 'laps (car, lap time in seconds)'], ['weight, with 2 decimal places', 'weight, with 2 decimal places']],
    // ("(seconds for track events, ..., with decimals)": a note of its own after a comma is read as it is)
    apply: (t) => t.replace(/(?<=[a-z])[ \t]+with[ \t]+decimals?\b/gi, (_m, at: number, text: string) => {
      const line = text.slice(text.lastIndexOf('\n', at) + 1, at);
      return (line.match(/\(/g) ?? []).length > (line.match(/\)/g) ?? []).length ? '' : ' (decimal)';
    }),
  },
  /** ("more bookings then quads": "then" after a comparative is "than") */
  {
    name: '"then" after a comparative',
    examples: [['more bookings then quads', 'more bookings than quads']],
    apply: (t) => t.replace(THEN_AFTER_COMPARATIVE, '$1$2 than'),
  },
  /** ("The smallest payment we accept is £1", "the biggest party we take is 12": a bound said as the least or most taken) */
  {
    name: 'a bound said as the least or most taken',
    examples: [['The smallest payment we accept is £1', 'The payment must be at least £1'], ['the biggest party we take is 12', 'The party must be at most 12']],
    apply: (t) => t.replace(/\b(?:the\s+)?(smallest|lowest|least|minimum|biggest|largest|highest|maximum)\s+([a-z]+(?:\s[a-z]+)?)\s+(?:(?:that\s+)?(?:we|i)\s+(?:accept|take|allow|sell|book|do)\s+|(?:allowed|accepted)\s+)?is\s+(?=[£$€]?\d)/gi, (_m, way: string, what: string) =>
      `The ${what} must be ${/^(?:smallest|lowest|least|minimum)$/i.test(way) ? 'at least' : 'at most'} `),
  },
  /** ("..., plus a way to look a card up by its code": what is asked after the list is a sentence of its own) */
  {
    name: 'a way to do something, asked after a list',
    examples: [['..., plus a way to look a card up by its code', '.... Look a card up by its code']],
    apply: (t) => t.replace(/[,;]\s+(?:plus|and|also|and also)\s+(?:a way|the ability|an option|some way)\s+(?:for\s+[a-z]+\s+)?to\s+([a-z])/gi, (_m, first: string) => `. ${first.toUpperCase()}`),
  },
  /** ("just the job list filtered by postcode": a list of records named by them is listing them; a waiting or price list is a thing) */
  {
    name: 'a list named by its records',
    examples: [['just the job list filtered by postcode', 'just the list of jobs filtered by postcode'], ['the price list sorted by date', 'the price list sorted by date']],
    apply: (t) => t.replace(/\b(?:the|a|my|our)\s+(?!(?:waiting|price|shopping|mailing|wish|reading|guest|bucket|check|short|long)\s)([a-z]+?)(s?)\s+list\s+(?=(?:filtered|sorted|ordered|searchable|by|per)\b)/gi, (_m, what: string) => `the list of ${plural(what)} `),
  },
  EACH_HAS_AFTER_DASH,
  /** ("bottomless? yes/no (otherwise a la carte)", "a whole-street yes/no flag": a yes/no after its name is its type, the note after it a note) */
  {
    name: 'a yes/no after its name',
    examples: [['bottomless? yes/no (otherwise a la carte)', 'bottomless? (yes/no)'], ['a whole-street yes/no flag', 'a whole-street (yes/no)']],
    apply: (t) => t.replace(/(?<=[a-z])(\??) (?:yes\/no|yes or no|y\/n)(?: (?:flag|field|box|tick ?box|checkbox|toggle))?(?:[ \t]*\([^()]*\))?(?=[ \t]*(?:[,.;]|$|and\b|or\b))/gim, (said: string, mark: string, at: number, all: string) => {
      // (not inside parentheses: "(which shopper, return visit yes/no, comments)" is read as it is)
      const line = all.slice(all.lastIndexOf('\n', at) + 1, at);
      return (line.match(/\(/g)?.length ?? 0) > (line.match(/\)/g)?.length ?? 0) ? said : `${mark} (yes/no)`;
    }),
  },
  /** ("mother, father (both are geckos)": each is a link to a gecko) */
  {
    name: 'two fields that are both records',
    examples: [['mother, father (both are geckos)', 'mother (a gecko), father (a gecko)']],
    apply: (t) => t.replace(/[^\n]+/g, bothAreRecords),
  },
  /**
   * ("Members can drop out (delete their registration).", "refund = delete the ticket": the words the writer
   * explains are said again as a request, and that request is what is asked)
   */
  {
    name: 'a request explained in plain words',
    examples: [['Members can drop out (delete their registration).', 'Members can delete their registration.'], ['refund = delete the ticket', 'delete the ticket'], ['a member can cancel a booking (delete it)', 'a member can delete a booking']],
    apply: (t) => t
      .replace(EXPLAINED_REQUEST, (_m, lead: string, request: string, end: string) => `${lead}${request}${end}`)
      .replace(EXPLAINED_BY_PRONOUN, (_m, object: string, verb: string) => `${verb} ${object}`)
      .replace(EQUATED_REQUEST, (_m, lead: string, request: string) => `${lead}${request}`),
  },
  /** ("- add item / list items / get item by sku": requests parted by slashes are a list of requests) */
  {
    name: 'requests parted by slashes',
    examples: [['- add item / list items / get item by sku', '- add item, list items, get item by sku'], ['- create / list / get students', '- create / list / get students']],
    apply: (t) => t.replace(SLASHED_REQUESTS, (line: string) => line.replace(/\s\/\s/g, ', ')),
  },
  /** ("hours (decimal, 0.5 - 12)": a range written with spaces round its dash is one range, not two values) */
  {
    name: 'a range with spaces round its dash',
    examples: [['hours (decimal, 0.5 - 12)', 'hours (decimal, 0.5-12)']],
    apply: (t) => t.replace(/\b(\d+(?:\.\d+)?)[ \t]+[–-][ \t]+(\d+(?:\.\d+)?)\b(?![ \t]*[-–:/])/g, '$1-$2'),
  },
  /** ("each order is from one cafe, for one flavour (...), a number of trays and ...": what it is from and for, it has) */
  {
    name: 'what a record is from and for',
    examples: [['each order is from one cafe, for one flavour (...), a number of trays and ...', 'each order has a cafe, a flavour (...), a number of trays and ...']],
    apply: (t) => t.replace(/\b(each|every)\s+([a-z]+)\s+is\s+(?:from|for)\s+(?:one|a|an)\s+([a-z]+(?: [a-z]+)?,\s[^.;\n]*)/gi, (_m, each: string, what: string, rest: string) => `${each} ${what} has a ${rest.replace(/,\s+(?:for|from|with)\s+(?:one|a|an)\s+/gi, ', a ').replace(/,\s+with\s+/i, ', ')}`),
  },
  /** ("I log the sales against a batch: the market name, ...": the records logged have the list, and the record they are against) */
  {
    name: 'records logged against another',
    examples: [['I log the sales against a batch: the market name, ...', 'Sales have a batch, market name, ...']],
    apply: (t) => t.replace(/\b(?:i|we)\s+(?:log|record|keep|track|take|enter)\s+(?:the\s+)?([a-z]+s)\s+(?:against|for|on|per)\s+(?:a|an|each|one)\s+([a-z]+):\s+(?:the\s+)?/gi, (_m, what: string, parent: string) => `${what.charAt(0).toUpperCase()}${what.slice(1)} have a ${parent}, `),
  },
  RECORDS_MADE_FOR_ANOTHER,
  /** ("status booked / done / no answer": values parted by spaced slashes after a name are its values) */
  {
    name: 'values parted by slashes after a name',
    examples: [['status booked / done / no answer', 'status (booked, done, no answer)'], ['status: open for entries / selling / closed', 'status: open for entries / selling / closed']],
    apply: (t) => t.replace(/\b([a-z]+)[ \t]+([a-z]+(?:[ \t]+\/[ \t]+[a-z]+(?: [a-z]+)?){2,})(?=[ \t]*(?:[,.;]|$|and\b))/gim, (all: string, name: string, values: string, at: number, text: string) =>
      // (after a colon the values are read as they are: "status: open for entries / selling / closed")
      /:/.test(text.slice(text.lastIndexOf('\n', at) + 1, at)) || /^(?:for|of|to|in|on|with|by|from|at|or|and|is|are)$/i.test(name) ? all : `${name} (${values.split(/[ \t]+\/[ \t]+/).join(', ')})`),
  },
  /** ("runners must be 16 or older", "No visitor under 8 years old": a least age said of the records) */
  {
    name: 'a least age',
    examples: [['runners must be 16 or older', 'runners must be at least 16'], ['No visitor under 8 years old', 'visitors must be at least 8']],
    apply: (t) => t
      .replace(/\b(must|should|have to|need to)\s+be\s+(\d+)\s+or\s+(?:older|over|above)\b/gi, '$1 be at least $2')
      .replace(/(^|[.!?]\s+|\n\s*(?:[-*•]\s+)?)no\s+([a-z]+?)s?\s+(?:under|younger than|below)\s+(\d+)(?:\s*(?:years?|yrs?)(?:\s+old)?)\b/gi, (_m, start: string, who: string, n: string) => `${start}${who}s must be at least ${n}`),
  },
  /** ("dancers age between 3 and 90 lol": a field and its bounds with no verb between them) */
  {
    name: 'a field and its bounds without a verb',
    examples: [['dancers age between 3 and 90 lol', 'dancers age must be between 3 and 90 lol']],
    apply: (t) => t.replace(/(^|[.!?]\s+)(?:(?:oh\s+)?and\s+|also\s+)?([a-z]+s'?\s+)?([a-z]+)\s+(between\s+-?\d+(?:\.\d+)?\s+and\s+-?\d+(?:\.\d+)?)(?=\s*(?:[.!]|\s+lol|$))/gim, (_m, start: string, whose: string | undefined, what: string, bounds: string) => `${start}${whose ?? ''}${what} must be ${bounds}`),
  },
  /**
   * ("Catalogue for my shop: for each product the brand, ...": the records the list is of, said after the label)
   * ("for every batch record the honey variety": a verb after the record is the writer's, read as written)
   */
  {
    name: 'the records a list is of, after its label',
    examples: [['Catalogue for my shop: for each product the brand, ...', 'Catalogue for my shop. For each product: brand, ...'], ['Honey: for every batch record the honey variety', 'Honey: for every batch record the honey variety']],
    apply: (t) => t.replace(/:\s+for\s+(each|every)\s+([a-z]+(?:\s[a-z]+)?)\s+the\s+(?=[a-z])/gi, (m, each: string, what: string) =>
      VERB_SET.has(what.split(' ')[1]?.toLowerCase() ?? '') ? m : `. For ${each.toLowerCase()} ${what}: `),
  },
  /** ("a 3-letter currency code": how many letters is a note on the field, not part of its name) */
  {
    name: 'how many letters or digits a field has',
    examples: [['a 3-letter currency code', 'a currency code (3 letters)']],
    apply: (t) => t.replace(/\b(\d+)-(letter|digit|character|char)s?\s+([a-z]+(?:\s[a-z]+)?)\b/gi, (_m, n: string, unit: string, what: string) => `${what} (${n} ${unit.toLowerCase()}s)`),
  },
  /** ("pick up time": the noun is one word before another noun, as the writers spell it, 45 times of 46) */
  {
    name: '"pick up" before a noun',
    examples: [['pick up time', 'pickup time']],
    apply: (t) => t.replace(/\bpick[- ]up\s+(?=(?:time|date|day|address|location|place|point|slot|window|spot)s?\b)/gi, 'pickup '),
  },
  /**
   * ("membership no. (unique)", "the tracking no. then ...", "no. of lions (1-3)": "no." after a
   * noun, or before "of", is a number; "paid yes or no." is not)
   */
  {
    name: '"no." for number',
    examples: [['membership no. (unique), the tracking no. then ...', 'membership number (unique), the tracking number then ...'], ['no. of lions (1-3), paid yes or no.', 'number of lions (1-3), paid yes or no.']],
    apply: (t) => t
      .replace(/\b(?!(?:yes|or|and|say|says|answer|is|was|are|were)\b)([a-z]+)\s+no\.(?=\s*(?:[(,;)]|$|(?:then|and|like|so|pls|please)\b))/gim, '$1 number')
      .replace(/(^|[,;:(]\s*|\b(?:and|the|a)\s+)no\.\s+of\b/gim, '$1number of'),
  },
  /** ("a grade from 1 to 6 for how hard it is": what the field is for says nothing of its name) */
  {
    name: 'what a field is for',
    examples: [['a grade from 1 to 6 for how hard it is', 'a grade from 1 to 6']],
    apply: (t) => t.replace(/[ \t]+(?:for|to say|to show)[ \t]+how[ \t]+[a-z]+[ \t]+(?:it|they)[ \t]+(?:is|are)\b/gi, ''),
  },
  /** ("bag colour - natural, black or navy - and how many in stock": values between dashes, in a line, are the field's) */
  {
    name: 'values between dashes',
    examples: [['bag colour - natural, black or navy - and how many in stock', 'bag colour (natural, black or navy), and how many in stock']],
    apply: (t) => t.replace(/\b([a-z]+(?: [a-z]+)?)[ \t]+[-–—][ \t]+((?:[a-z]+(?: [a-z]+)?[ \t]*,[ \t]*)+[a-z]+(?: [a-z]+)?,?[ \t]+or[ \t]+[a-z]+(?: [a-z]+)?)[ \t]+[-–—][ \t]+/gi, '$1 ($2), '),
  },
  /** ("- **return** a hire - once only, ...": a bullet that does something to a record, then a note on it) */
  {
    name: 'an act on a record, then a note after a dash',
    examples: [['- **return** a hire - once only, ...', '- **return** a hire. once only, ...']],
    apply: (t) => t.replace(/^(\s*[-*•]\s+)(\**([a-z]+)\**\s+(?:a|an|the)\s+[a-z]+)\s+[-–—]\s+(?=\S)/gim, (all, lead: string, act: string, verb: string) => (VERB_SET.has(verb.toLowerCase()) ? `${lead}${act}. ` : all)),
  },
  /** ("size S M or L", "size XS S M L XL": short capitals after a field's name are its values) */
  {
    name: 'short capitals after a name',
    examples: [['size S M or L', 'size (S, M, L)'], ['size XS S M L XL', 'size (XS, S, M, L, XL)']],
    apply: (t) => t.replace(/\b([a-z]+)\s+((?:[A-Z]{1,3}\s+(?:or\s+)?){1,7}[A-Z]{1,3})(?=\s*(?:$|[,.;)]|\s+and\s))/g, (_all, name: string, values: string) => `${name} (${values.split(/\s+(?:or\s+)?/).join(', ')})`),
  },
  /** ("every game we play should be recorded with ...": a clause saying who does it names no other record) */
  {
    name: 'who does it, between a record and its verb',
    examples: [['every game we play should be recorded with ...', 'every game should be recorded with ...']],
    apply: (t) => t.replace(/\b(every|each|all the|all|the|any)\s+([a-z]+)\s+(?:that\s+)?(?:we|i|you|they)\s+([a-z]+)\s+(?=(?:should|must|will|is|are|has|have|gets|get|needs|need|can|goes|go|records|holds|keeps|includes|stores|carries)\b)/gi, '$1 $2 '),
  },
  /** ("menu items got a name, price ...", "orders got customer name, ...": records that "got" their fields have them) */
  {
    name: 'records that "got" their fields',
    examples: [['menu items got a name, price ...', 'menu items have a name, price ...'], ['orders got customer name, ...', 'orders have customer name, ...']],
    apply: (t) => t.replace(/\b([a-z]+s)\s+got\s+(?=(?:a|an|the|their|its|[a-z]+\s+name|name)\b)(?!(?:[a-z]+ed)\b)/gi, '$1 have '),
  },
  /** ("customers place orders for one product giving their email and a quantity": what they give, they give with it) */
  {
    name: 'what is given with it',
    examples: [['customers place orders for one product giving their email and a quantity', 'customers place orders for one product with their email and a quantity']],
    apply: (t) => t.replace(/(?<!\bby\s)\b(?:giving|providing|supplying|leaving)\s+(?=(?:their|his|her)\s)/gi, 'with '),
  },
  /** ("people order: there name, what bulb ...": "there" before a field's name, opening an item, is "their") */
  {
    name: '"there" for "their"',
    examples: [['people order: there name, what bulb ...', 'people order: their name, what bulb ...']],
    apply: (t) => t.replace(/(^|[:,;(]\s*|\n\s*[-*•]?\s*)there\s+(?=(?:name|names|email|emails|phone|phones|address|addresses|age|ages|number|numbers|details)\b)/gi, '$1their '),
  },
  /** ("i need delete orders", "I want see all orders": the "to" a learner leaves out) */
  {
    name: 'the "to" left out after "need" or "want"',
    examples: [['i need delete orders', 'i need to delete orders'], ['I want see all orders', 'I want to see all orders']],
    apply: (t) => t.replace(/\b(need|needs|want|wants)\s+(see|delete|list|add|remove|change|update|find|search|view|record|keep|track|save|create|edit|mark|cancel|show|know|check)\b/gi, '$1 to $2'),
  },
  /** ("pull up all the visits of a client": the plain verb a phrasal one stands for) */
  {
    name: 'a phrasal verb',
    examples: [['pull up all the visits of a client', 'see all the visits of a client'], ["pull up one pupil's attendance, and everyone's attendance for a given date", "see one pupil's attendance, and all the attendance for a given date"]],
    // ("everyone's attendance": everybody's records are all of them)
    apply: (t) => t.replace(PHRASAL, (w) => PHRASAL_VERBS[w.toLowerCase()] ?? w).replace(/\b(?:everyone|everybody)'s\s+(?=[a-z])/gi, 'all the '),
  },
  /** ("make list of reservation by the date", "give me a list of ...": asking for a list is listing) */
  {
    name: 'asking for a list',
    examples: [['make list of reservation by the date', 'list reservation by the date'], ['give me a list of ...', 'list ...']],
    apply: (t) => t.replace(LIST_MAKING, 'list'),
  },
  /** ("value in £": the unit as it is typed on a keyboard) */
  {
    name: 'a currency sign as a unit',
    examples: [['value in £', 'value in GBP']],
    apply: (t) => t.replace(/\bin\s+([£€$])(?=\s|$|[,.;)])/g, (_all, sign: string) => `in ${CURRENCY_SIGNS[sign] as string}`),
  },
  /** ("floor area in m²": the unit as it is typed on a keyboard) */
  {
    name: 'a squared or cubed unit',
    examples: [['floor area in m²', 'floor area in m2'], ['a tank of 2 m³', 'a tank of 2 m3']],
    apply: (t) => t.replace(/(?<=\b(?:m|cm|mm|km|ft|in))²/g, '2').replace(/(?<=\b(?:m|cm|mm|ft))³/g, '3'),
  },
  /**
   * ("..., home score and away score, and list matches by date": a list request ends the list of fields)
   * ("..., a status available / rented / repair, we need to change the status": the writer's own sentence ends the list)
   */
  {
    name: "the writer's own sentence after a list",
    examples: [['..., a size, a status available / rented / repair, we need to change the status', '..., a size, a status available / rented / repair. we need to change the status']],
    apply: (t) => t.replace(/,\s+(?:and\s+)?(?=(?:i|we)\s+(?:need|want|can|must|should|have to|would|will|also)\b)/gi, (m, at: number, all: string) => (listBefore(all, at) ? '. ' : m)),
  },
  /** ("..., pack size and price, and customers place orders for one product ...": people doing something start a sentence) */
  {
    name: 'people doing something, after a list',
    examples: [['..., a name, pack size and price, and customers place orders for one product ...', '..., a name, pack size and price. Customers place orders for one product ...']],
    apply: (t) => t.replace(/,\s+and\s+(?:the\s+)?([a-z]+s)\s+([a-z]+)(?=\s+(?:a|an|the|their|one|[a-z]+s)\b)/gi, (m, who: string, verb: string, at: number, all: string) =>
      listBefore(all, at) && VERB_SET.has(verb.toLowerCase()) ? `. ${who.charAt(0).toUpperCase()}${who.slice(1)} ${verb}` : m),
  },
  /** ("..., a start date and an end date, and an urn whose condition is broken can't be hired out": a rule after the list is a sentence of its own) */
  {
    name: 'a rule after a list',
    examples: [["..., a name, a start date and an end date, and an urn whose condition is broken can't be hired out", "..., a name, a start date and an end date. an urn whose condition is broken can't be hired out"]],
    apply: (t) => t.replace(/,\s+and\s+(?=(?:a|an|the|no|each|every)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:whose|that|which|who)\b[^,.;]*?\b(?:can't|cannot|can not|mustn't|must not|may not|should not|shouldn't|won't|never|(?:is|are) not|isn't|aren't)\b)/gi, (m, at: number, all: string) =>
      listBefore(all, at) ? '. ' : m),
  },
  /** (only after a list of two commas or more in the same sentence: "..., and I want to see all orders" stays) */
  {
    name: 'a list request after a list',
    examples: [['..., the date, home score and away score, and list matches by date', '..., the date, home score and away score. List matches by date'], ['..., and I want to see all orders', '..., and I want to see all orders']],
    apply: (t) => t.replace(/,\s+and\s+(?:(?:i|we)\s+(?:can|want to|need to|would like to)\s+)?(list|show|see|view|find|search|look up)\s+(?=(?:all\s+|the\s+|my\s+|our\s+)?[a-z]+s\b)/gi, (m, verb: string, at: number, all: string) =>
      listBefore(all, at) ? `. ${verb.charAt(0).toUpperCase()}${verb.slice(1)} ` : m),
  },
  /** ("list only the confirmed bookings") */
  {
    name: '"only" after a list verb',
    examples: [['list only the confirmed bookings', 'list the confirmed bookings']],
    apply: (t) => t.replace(/\b(list|show|see|view)\s+only\s+(?=the\b|all\b|[a-z]+s\b)/gi, '$1 '),
  },
  /** ("list horseboxes by number of stalls") */
  {
    name: '"by number of"',
    examples: [['list horseboxes by number of stalls', 'list horseboxes by stalls']],
    apply: (t) => t.replace(/\bby\s+(?:the\s+)?number\s+of\s+(?=[a-z]+s\b)/gi, 'by '),
  },
  /** ("i want products by category") */
  {
    name: 'records wanted by a field',
    examples: [['i want products by category', 'i want to list products by category'], ['We need the loads per room', 'We need to list the loads per room'], ['we need the loads for each room', 'we need to list the loads for each room']],
    apply: (t) => t.replace(/\b(want|need)\s+((?:all\s+)?(?:the\s+|my\s+|our\s+)?[a-z]+s\s+(?:by|per|for each|for every|of each))\b/gi, '$1 to list $2'),
  },
  /** ("see a stylist's appointments": the records of one of those, as "the appointments of a stylist") */
  {
    name: 'the records of one record',
    examples: [["see a stylist's appointments", 'see the appointments of a stylist'], ["see one pupil's attendance, and more", 'see the attendances of one pupil, and more']],
    // ("see one pupil's attendance": a record named in the singular after one of another's is its records too)
    apply: (t) => t.replace(/\b(see|show|list|view|find|display|check)\s+(?:all\s+)?(a|an|the|each|one|every|any)\s+([a-z]+)'s\s+([a-z]+s)\b/gi, '$1 the $4 of $2 $3').replace(/\b(see|show|list|view|find|display|check)\s+(one|a|an|each|any)\s+([a-z]+)'s\s+([a-z]+)(?=\s*(?:[,.;]|$|and\b))/gim, (_m, verb: string, one: string, owner: string, what: string) => `${verb} the ${plural(what)} of ${one} ${owner}`),
  },
  /** ("board no. (unique)": the abbreviation of "number" ends no sentence; the name keeps it as written, boardNo) */
  {
    name: '"no." after a name',
    examples: [['board no. (unique)', 'board no (unique)'], ['say no. Yes', 'say no. Yes']],
    apply: (t) => t.replace(NUMBER_ABBREVIATION, (all, before: string, no: string) => (NOT_BEFORE_NUMBER.has(before.toLowerCase()) ? all : `${before} ${no}`)),
  },
];

/** The prompt with casual spellings repaired (lexicon CASUAL_SPELLINGS; "more X then Y" -> "than"; phrasal verbs), the layout kept. */
export function repairSpelling(prompt: string): string {
  const lines = prompt.split('\n');
  const text = [...lines, ...lookUpsByIt(lines)].join('\n');
  return REPAIRS.reduce((t, repair) => repair.apply(t), text);
}
