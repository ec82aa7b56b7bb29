import type { FieldType } from '@backforge/blueprint';
import { NOMINALIZATION, PHRASAL, VERBS } from './lexicon-verbs.js';

/**
 * The domain vocabulary of the rules interpreter, kept in one place so what it understands can be
 * read (and documented in docs/prompts.md) without reading the parser. Entries are words or short
 * phrases, lower case, singular; inflected forms are derived with compromise.
 */

export const DETERMINERS = new Set(['a', 'an', 'the', 'each', 'every', 'all', 'any', 'our', 'my', 'their', 'its', "it's", 'his', 'her', 'your', 'some', 'this', 'that', 'these', 'those', 'one', 'single', 'given', 'specific', 'particular', 'existing', 'new', 'individual', 'multiple', 'several', 'many', 'various', 'certain', 'own', 'same', 'them', 'it']);

/** Who does things; never a resource unless the prompt gives it fields or acts on it. */
export const ACTOR_WORDS = new Set(['user', 'visitor', 'admin', 'administrator', 'people', 'person', 'someone', 'anyone', 'everyone', 'anybody', 'somebody', 'we', 'i', 'you', 'they', 'he', 'she', 'client', 'owner', 'operator', 'moderator', 'staff', 'me', 'us', 'team', 'caller', 'consumer', 'public', 'folk', 'editor', 'manager']);

/** Words that name the backend itself, not a thing in it. */
export const META_NOUNS = new Set(['backend', 'api', 'service', 'app', 'system', 'server', 'database', 'db', 'endpoint', 'endpoints', 'rest', 'microservice', 'way', 'ability', 'possibility', 'something', 'stuff', 'functionality', 'json', 'http', 'webapp', 'website', 'cms', 'crm', 'erp', 'saas', 'dashboard']);

/** Trailing words of a title that name the kind of software ("Expense tracker", "Recipe book"). */
export const TITLE_TAILS = new Set(['api', 'app', 'backend', 'service', 'system', 'server', 'tracker', 'manager', 'management', 'platform', 'tool', 'book', 'log', 'list', 'board', 'store', 'registry', 'catalog', 'catalogue', 'directory', 'database', 'planner', 'organizer', 'organiser', 'journal', 'diary', 'form', 'portal', 'hub', 'simple', 'small', 'basic', 'minimal', 'tiny', 'inventory', 'scheduling', 'booking', 'bookings', 'signup', 'rental', 'rentals', 'site', 'tracking', 'voting', 'shelter', 'clinic', 'library', 'box']);

/** Agent nouns whose thing is not the noun before them ("URL shortener" keeps short links). */
export const AGENT_NOUN_RESOURCES: Record<string, string[]> = {
  shortener: ['short', 'link'],
  'link shortener': ['short', 'link'],
};

/** Verbs of keeping records that open a list's subject ("to keep gigs: ..."). */
export const KEEPING = new Set(['keep', 'track', 'store', 'log', 'manage', 'record', 'organise', 'organize', 'save', 'list']);

/** Plurals that are written down in words, not counted ("defects", "special needs"). */
export const WRITTEN_PLURALS = new Set(['notes', 'comments', 'details', 'needs', 'requirements', 'instructions', 'symptoms', 'steps', 'contents', 'defects', 'initials', 'remarks', 'observations', 'issues', 'problems', 'findings', 'results', 'directions', 'specs', 'specifications', 'preferences', 'restrictions', 'concerns', 'faults', 'repairs', 'works', 'extras', 'credentials', 'lyrics', 'terms', 'conditions', 'goals', 'objectives', 'allergens', 'ingredients', 'materials', 'tools', 'supplies', 'equipment', 'belongings', 'contacts', 'references', 'qualifications', 'certifications', 'interests', 'hobbies', 'achievements', 'awards', 'photos', 'pictures', 'images', 'documents', 'files', 'sizes', 'colours', 'colors', 'flavours', 'flavors', 'styles', 'types', 'kinds', 'services', 'treatments', 'products', 'breeds', 'species', 'varieties', 'dishes', 'courses', 'subjects', 'names', 'emails', 'addresses', 'phones']);

/** Irregular participles after a plural that count it ("eggs set", "copies sold", "games won"). */
export const COUNTED_PARTICIPLES = new Set(['set', 'sold', 'won', 'lost', 'caught', 'read', 'run', 'done', 'made', 'kept', 'held', 'left', 'taken', 'given', 'seen', 'bought', 'found', 'grown', 'built', 'sent', 'spent', 'shot', 'hit', 'cut', 'laid', 'sung', 'swum', 'flown', 'drawn', 'thrown', 'ridden', 'driven', 'eaten', 'drunk', 'brought', 'taught', 'met', 'put', 'sat', 'slept', 'born', 'alive', 'dead', 'hatched', 'fledged', 'planted', 'picked', 'collected', 'used', 'served', 'scored', 'missed', 'returned', 'damaged', 'broken']);

/** Words naming a time a writer does something at ("Each week we take bookings"). */
export const TIME_WORDS = new Set(['day', 'week', 'month', 'year', 'morning', 'afternoon', 'evening', 'night', 'weekend', 'season', 'term', 'semester', 'quarter', 'shift', 'session', 'summer', 'winter', 'spring', 'autumn', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'weekday', 'time', 'hour', 'fortnight', 'spring', 'visit', 'class']);

/** Small words that follow a verb as its particle or open a prepositional phrase. */
export const PREPOSITION_LIKE = new Set(['in', 'on', 'at', 'by', 'to', 'for', 'from', 'with', 'up', 'out', 'off', 'down', 'over', 'back']);

export const MODALS = new Set(['can', 'could', 'may', 'might', 'should', 'must', 'will', 'would', 'shall', 'cannot', "can't", 'to', 'also', 'be', 'able', 'need', 'needs', 'want', 'wants', 'then', 'just', 'only', 'easily', 'please', 'and', 'or', 'i', "i'd", 'like', 'also,', 'both']);

/** Verbs that introduce a list of actions rather than being one ("Support creating ..."). */
export const META_VERBS = new Set(['support', 'allow', 'let', 'provide', 'offer', 'expose', 'have', 'include', 'handle', 'implement', 'build', 'give', 'enable', 'need', 'want', 'require']);

// ---- verbs (kept in lexicon-verbs.ts, part of this vocabulary)
export { type VerbClass, VERBS, PHRASAL, STATE_OF_VERB, ENUM_TARGETS, NOMINALIZATION, ENDING_VERBS, TAKING_RECORDS, LIFECYCLE_STARTS, LIFECYCLE_AUXILIARIES, MARKING, NOT_VERBS, PARTICLES, LOOK_UP_VERBS } from './lexicon-verbs.js';
export { AMOUNT_WORDS, CODE_TYPE_WORDS, DOERS, HEADS_NAMED_ALONE, HEDGE_WORDS, IRREGULAR_PARTICIPLES, JOINED_NAMES, MEASURED_QUANTITIES, NOTE_TYPES, POINTING_BACK, QUALIFIER_NOISE, RECORD_BOOKS, STATE_WORDS, UNCOUNTED, VERB_AS_NOUN_NEXT } from './lexicon-notations.js';

/** Nouns that, as the object of "show/get", ask for a tally of a relation. */
export const TALLY_NOUNS = new Set(['result', 'results', 'count', 'counts', 'tally', 'totals', 'total', 'score', 'scores', 'standings', 'breakdown', 'statistics', 'stats', 'summary']);

export interface TypeHint {
  type: FieldType;
  min?: number;
  max?: number;
}

/** Field types by the field's head word. */
export const TYPE_BY_WORD: Record<string, TypeHint> = {
  email: { type: 'email' }, 'e-mail': { type: 'email' }, mail: { type: 'email' },
  // "a start hour", "hour (6-22)": an hour of the day, a whole number
  hour: { type: 'integer', min: 0, max: 23 },
  // "ph" of water, a measure from 0 to 14
  ph: { type: 'number', min: 0, max: 14 },
  // "prize money", "float cash": an amount of money
  money: { type: 'number', min: 0 }, cash: { type: 'number', min: 0 },
  // "velocity", "wind speed": a measured rate
  velocity: { type: 'number', min: 0 }, speed: { type: 'number', min: 0 }, vibration: { type: 'number', min: 0 },
  url: { type: 'url' }, link: { type: 'url' }, website: { type: 'url' }, homepage: { type: 'url' }, webpage: { type: 'url' }, uri: { type: 'url' }, href: { type: 'url' }, permalink: { type: 'url' }, avatar: { type: 'url' }, image: { type: 'url' }, photo: { type: 'url' }, picture: { type: 'url' }, thumbnail: { type: 'url' }, logo: { type: 'url' },
  date: { type: 'date' }, deadline: { type: 'date' }, birthday: { type: 'date' }, dob: { type: 'date' }, birthdate: { type: 'date' }, day: { type: 'date' },
  timestamp: { type: 'datetime' }, time: { type: 'datetime' }, datetime: { type: 'datetime' }, at: { type: 'datetime' }, when: { type: 'datetime' }, appointment: { type: 'datetime' },
  price: { type: 'number', min: 0 }, value: { type: 'number', min: 0 }, gravity: { type: 'number' }, amount: { type: 'number', min: 0 }, cost: { type: 'number', min: 0 }, total: { type: 'number', min: 0 }, salary: { type: 'number', min: 0 }, budget: { type: 'number', min: 0 }, fee: { type: 'number', min: 0 }, charge: { type: 'number', min: 0 }, balance: { type: 'number' }, wage: { type: 'number', min: 0 }, rate: { type: 'number', min: 0 }, weight: { type: 'number', min: 0 }, temp: { type: 'number' }, dose: { type: 'number', min: 0 }, height: { type: 'number', min: 0 }, width: { type: 'number', min: 0 }, depth: { type: 'number', min: 0 }, diameter: { type: 'number', min: 0 }, thickness: { type: 'number', min: 0 }, length: { type: 'number', min: 0 }, distance: { type: 'number', min: 0 }, latitude: { type: 'number', min: -90, max: 90 }, longitude: { type: 'number', min: -180, max: 180 }, percentage: { type: 'number', min: 0, max: 100 }, percent: { type: 'number', min: 0, max: 100 }, gpa: { type: 'number', min: 0 }, odometer: { type: 'number', min: 0 }, reading: { type: 'number' }, liters: { type: 'number', min: 0 }, litres: { type: 'number', min: 0 }, temperature: { type: 'number' }, magnitude: { type: 'number' }, hectares: { type: 'number', min: 0 }, acres: { type: 'number', min: 0 }, revenue: { type: 'number', min: 0 }, score: { type: 'integer' }, hours: { type: 'number', min: 0 }, tip: { type: 'number', min: 0 }, deposit: { type: 'number', min: 0 }, discount: { type: 'number', min: 0 }, tax: { type: 'number', min: 0 }, pay: { type: 'number', min: 0 }, spend: { type: 'number', min: 0 }, rent: { type: 'number', min: 0 }, income: { type: 'number', min: 0 }, payment: { type: 'number', min: 0 }, donation: { type: 'number', min: 0 },
  quantity: { type: 'integer', min: 0 }, stock: { type: 'integer', min: 0 }, capacity: { type: 'integer', min: 0 }, count: { type: 'integer', min: 0 }, year: { type: 'integer' }, age: { type: 'integer', min: 0 }, minutes: { type: 'integer', min: 0 }, goals: { type: 'integer', min: 0 }, seconds: { type: 'integer', min: 0 }, days: { type: 'integer', min: 0 }, weeks: { type: 'integer', min: 0 }, months: { type: 'integer', min: 0 }, pages: { type: 'integer', min: 0 }, seats: { type: 'integer', min: 0 }, rating: { type: 'integer' }, rank: { type: 'integer', min: 0 }, placing: { type: 'integer', min: 0 }, level: { type: 'integer' }, points: { type: 'integer', min: 0 }, votes: { type: 'integer', min: 0 }, likes: { type: 'integer', min: 0 }, views: { type: 'integer', min: 0 }, visits: { type: 'integer', min: 0 }, stars: { type: 'integer' }, copies: { type: 'integer', min: 0 }, credits: { type: 'integer', min: 0 }, units: { type: 'integer', min: 0 }, floor: { type: 'integer' }, spots: { type: 'integer', min: 0 }, slots: { type: 'integer', min: 0 }, number: { type: 'integer' }, size: { type: 'integer', min: 0 }, duration: { type: 'integer', min: 0 }, servings: { type: 'integer', min: 0 }, calories: { type: 'integer', min: 0 }, steps: { type: 'integer', min: 0 }, reps: { type: 'integer', min: 0 }, sets: { type: 'integer', min: 0 }, limit: { type: 'integer', min: 0 }, max: { type: 'integer', min: 0 }, maximum: { type: 'integer', min: 0 }, minimum: { type: 'integer', min: 0 }, streak: { type: 'integer', min: 0 }, position: { type: 'integer', min: 0 }, order: { type: 'integer', min: 0 }, priority: { type: 'integer' }, inventory: { type: 'integer', min: 0 }, mileage: { type: 'integer', min: 0 }, goal: { type: 'integer', min: 0 }, target: { type: 'integer', min: 0 }, beds: { type: 'integer', min: 0 }, rooms: { type: 'integer', min: 0 }, bedrooms: { type: 'integer', min: 0 }, runtime: { type: 'integer', min: 0 }, episodes: { type: 'integer', min: 0 }, season: { type: 'integer', min: 0 }, frequency: { type: 'integer', min: 0 },
  flag: { type: 'boolean' }, switch: { type: 'boolean' }, toggle: { type: 'boolean' }, boolean: { type: 'boolean' }, checkbox: { type: 'boolean' }, enabled: { type: 'boolean' }, disabled: { type: 'boolean' }, done: { type: 'boolean' }, active: { type: 'boolean' }, completed: { type: 'boolean' }, complete: { type: 'boolean' }, archived: { type: 'boolean' }, published: { type: 'boolean' }, paid: { type: 'boolean' }, verified: { type: 'boolean' }, visible: { type: 'boolean' }, public: { type: 'boolean' }, private: { type: 'boolean' }, read: { type: 'boolean' }, available: { type: 'boolean' }, pinned: { type: 'boolean' }, approved: { type: 'boolean' }, resolved: { type: 'boolean' }, finished: { type: 'boolean' }, watched: { type: 'boolean' }, starred: { type: 'boolean' }, featured: { type: 'boolean' }, confirmed: { type: 'boolean' }, cancelled: { type: 'boolean' }, urgent: { type: 'boolean' }, vegetarian: { type: 'boolean' }, vegan: { type: 'boolean' }, favorite: { type: 'boolean' }, favourite: { type: 'boolean' }, billable: { type: 'boolean' }, vaccinated: { type: 'boolean' }, hidden: { type: 'boolean' }, locked: { type: 'boolean' }, open: { type: 'boolean' }, closed: { type: 'boolean' }, blocked: { type: 'boolean' }, shipped: { type: 'boolean' }, delivered: { type: 'boolean' }, checked: { type: 'boolean' }, attended: { type: 'boolean' }, rented: { type: 'boolean' }, returned: { type: 'boolean' }, sold: { type: 'boolean' }, signed: { type: 'boolean' },
  description: { type: 'text' }, body: { type: 'text' }, content: { type: 'text' }, message: { type: 'text' }, bio: { type: 'text' }, summary: { type: 'text' }, text: { type: 'text' }, details: { type: 'text' }, instructions: { type: 'text' }, review: { type: 'text' }, notes: { type: 'text' }, comment: { type: 'text' }, biography: { type: 'text' }, synopsis: { type: 'text' }, abstract: { type: 'text' }, explanation: { type: 'text' }, feedback: { type: 'text' }, directions: { type: 'text' }, reason: { type: 'text' }, answer: { type: 'text' }, question: { type: 'string' }, story: { type: 'text' }, transcript: { type: 'text' }, essay: { type: 'text' }, letter: { type: 'text' }, excerpt: { type: 'text' }, caption: { type: 'text' }, remarks: { type: 'text' }, diagnosis: { type: 'text' }, treatment: { type: 'text' }, symptoms: { type: 'text' }, resume: { type: 'text' },
  tags: { type: 'stringList' }, ingredients: { type: 'stringList' }, options: { type: 'stringList' }, labels: { type: 'stringList' }, keywords: { type: 'stringList' }, skills: { type: 'stringList' }, genres: { type: 'stringList' }, aliases: { type: 'stringList' }, choices: { type: 'stringList' }, answers: { type: 'stringList' }, topics: { type: 'stringList' }, allergies: { type: 'stringList' }, amenities: { type: 'stringList' }, features: { type: 'stringList' }, members: { type: 'stringList' }, participants: { type: 'stringList' }, items: { type: 'stringList' }, languages: { type: 'stringList' }, hashtags: { type: 'stringList' }, categories: { type: 'stringList' }, vaccinations: { type: 'stringList' }, medications: { type: 'stringList' }, actors: { type: 'stringList' }, cast: { type: 'stringList' }, authors: { type: 'stringList' }, attachments: { type: 'stringList' }, links: { type: 'stringList' }, toppings: { type: 'stringList' }, platforms: { type: 'stringList' },
};

/** Multi-word field names and what they become ("email address" -> email). */
export const FIELD_PHRASES: { words: string[]; name: string[]; hint?: TypeHint }[] = [
  { words: ['email', 'address'], name: ['email'], hint: { type: 'email' } },
  { words: ['e-mail', 'address'], name: ['email'], hint: { type: 'email' } },
  { words: ['mail', 'address'], name: ['email'], hint: { type: 'email' } },
  { words: ['due', 'back'], name: ['due', 'back'], hint: { type: 'date' } },
  { words: ['due', 'by'], name: ['due', 'by'], hint: { type: 'date' } },
  // ("week starting", "week commencing": the date a week is named by)
  { words: ['week', 'starting'], name: ['week', 'starting'], hint: { type: 'date' } },
  { words: ['week', 'beginning'], name: ['week', 'beginning'], hint: { type: 'date' } },
  { words: ['week', 'commencing'], name: ['week', 'commencing'], hint: { type: 'date' } },
  { words: ['week', 'ending'], name: ['week', 'ending'], hint: { type: 'date' } },
  { words: ['month', 'starting'], name: ['month', 'starting'], hint: { type: 'date' } },
  { words: ['month', 'beginning'], name: ['month', 'beginning'], hint: { type: 'date' } },
  { words: ['month', 'commencing'], name: ['month', 'commencing'], hint: { type: 'date' } },
  { words: ['month', 'ending'], name: ['month', 'ending'], hint: { type: 'date' } },
  { words: ['phone', 'number'], name: ['phone', 'number'], hint: { type: 'string' } },
  { words: ['telephone', 'number'], name: ['telephone', 'number'], hint: { type: 'string' } },
  { words: ['mobile', 'number'], name: ['mobile', 'number'], hint: { type: 'string' } },
  { words: ['date', 'of', 'birth'], name: ['date', 'of', 'birth'], hint: { type: 'date' } },
  // fixed expressions kept as written ("day of week" is not a "week day")
  { words: ['day', 'of', 'week'], name: ['day', 'of', 'week'], hint: { type: 'string' } },
  { words: ['day', 'of', 'the', 'week'], name: ['day', 'of', 'week'], hint: { type: 'string' } },
  { words: ['time', 'of', 'day'], name: ['time', 'of', 'day'], hint: { type: 'string' } },
  { words: ['web', 'site'], name: ['website'], hint: { type: 'url' } },
  { words: ['home', 'page'], name: ['homepage'], hint: { type: 'url' } },
  { words: ['zip', 'code'], name: ['zip', 'code'], hint: { type: 'string' } },
  { words: ['postal', 'code'], name: ['postal', 'code'], hint: { type: 'string' } },
  { words: ['post', 'code'], name: ['postcode'], hint: { type: 'string' } },
  { words: ['postcode'], name: ['postcode'], hint: { type: 'string' } },
  { words: ['license', 'plate'], name: ['license', 'plate'], hint: { type: 'string' } },
  { words: ['licence', 'plate'], name: ['licence', 'plate'], hint: { type: 'string' } },
  { words: ['plate', 'number'], name: ['plate', 'number'], hint: { type: 'string' } },
  { words: ['isbn'], name: ['isbn'], hint: { type: 'string' } },
  { words: ['sku'], name: ['sku'], hint: { type: 'string' } },
  { words: ['serial', 'number'], name: ['serial', 'number'], hint: { type: 'string' } },
  { words: ['order', 'number'], name: ['order', 'number'], hint: { type: 'string' } },
  { words: ['invoice', 'number'], name: ['invoice', 'number'], hint: { type: 'string' } },
  { words: ['account', 'number'], name: ['account', 'number'], hint: { type: 'string' } },
  { words: ['room', 'number'], name: ['room', 'number'], hint: { type: 'string' } },
  { words: ['flight', 'number'], name: ['flight', 'number'], hint: { type: 'string' } },
  { words: ['house', 'number'], name: ['house', 'number'], hint: { type: 'string' } },
  { words: ['id', 'number'], name: ['id', 'number'], hint: { type: 'string' } },
  { words: ['start', 'time'], name: ['start', 'time'], hint: { type: 'datetime' } },
  { words: ['end', 'time'], name: ['end', 'time'], hint: { type: 'datetime' } },
  { words: ['post', 'code'], name: ['postcode'], hint: { type: 'string' } },
];

/** Identifier-like words that are unique by nature. */
export const NATURALLY_UNIQUE = new Set(['isbn', 'sku', 'slug', 'serialNumber']);

/** Unique fields that are natural lookup keys ("check a flag by key", "resolve a code"). */
export const LOOKUP_KEYS = new Set(['key', 'code', 'slug', 'handle', 'username', 'shortCode', 'token']);

/** Nouns that a backend hands out rather than receives ("get a short code"). */
export const GENERATED_NOUNS = new Set(['code', 'token', 'slug', 'short code', 'id', 'identifier', 'reference', 'ticket number', 'confirmation code', 'confirmation number', 'pin']);

/** Adjectives that describe a value but are not part of the field's name. */
export const NAME_NOISE = new Set(['long', 'short', 'brief', 'little', 'simple', 'valid', 'random', 'generated', 'auto-generated', 'autogenerated', 'unique', 'optional', 'required', 'mandatory', 'plain', 'free', 'free-text', 'numeric', 'whole', 'actual', 'proper', 'real', 'possible', 'associated', 'corresponding', 'relevant', 'distinct', 'non-empty', 'nonempty', 'small', 'big', 'large', 'nice', 'few', 'some', 'optionally', 'also', 'additional']);

/** Units that become part of an integer field's name ("cooking time in minutes" -> cookingTimeMinutes). */
export const TIME_UNITS = new Set(['minutes', 'minute', 'hours', 'hour', 'seconds', 'second', 'days', 'day', 'weeks', 'week', 'months', 'month', 'years', 'year', 'mins', 'secs', 'ms', 'milliseconds']);
export const OTHER_UNITS = new Set(['kw', 'kwh', 'watts', 'feet', 'ft', 'inches', 'tonnes', 'tons', 'm2', 'sqm', 'sqft', 'dollars', 'euros', 'pounds', 'cents', 'usd', 'eur', 'gbp', 'kg', 'kilograms', 'grams', 'g', 'lbs', 'km', 'kilometers', 'kilometres', 'miles', 'meters', 'metres', 'cm', 'liters', 'litres', 'ml', 'percent', 'calories', 'kcal', 'mg', 'milligrams']);

/** Trailing phrases that say nothing about the field ("a quantity in stock"). */
export const TRAILING_NOISE: string[][] = [['in', 'stock'], ['on', 'hand'], ['available'], ['left'], ['remaining'], ['if', 'any'], ['too'], ['as', 'well'], ['each'], ['per', 'item'], ['so', 'far'], ['to', 'date'], ['if', 'they', 'have', 'one'], ['if', 'known'], ['if', 'applicable']];

/** Comparison words in list filters ("recipes that take less than a given time"). */
export const COMPARATIVES: { words: string[]; op: 'lt' | 'lte' | 'gt' | 'gte'; impliedField?: string }[] = [
  { words: ['less', 'than'], op: 'lt' }, { words: ['fewer', 'than'], op: 'lt' }, { words: ['shorter', 'than'], op: 'lt', impliedField: 'length' }, { words: ['lighter', 'than'], op: 'lt', impliedField: 'weight' }, { words: ['narrower', 'than'], op: 'lt', impliedField: 'width' }, { words: ['lower', 'than'], op: 'lt' }, { words: ['below'], op: 'lt' }, { words: ['under'], op: 'lt' }, { words: ['before'], op: 'lt' }, { words: ['earlier', 'than'], op: 'lt' }, { words: ['cheaper', 'than'], op: 'lt', impliedField: 'price' }, { words: ['younger', 'than'], op: 'lt', impliedField: 'age' },
  { words: ['at', 'most'], op: 'lte' }, { words: ['up', 'to'], op: 'lte' }, { words: ['no', 'more', 'than'], op: 'lte' }, { words: ['not', 'more', 'than'], op: 'lte' }, { words: ['within'], op: 'lte' }, { words: ['maximum'], op: 'lte' }, { words: ['max'], op: 'lte' },
  { words: ['more', 'than'], op: 'gt' }, { words: ['greater', 'than'], op: 'gt' }, { words: ['longer', 'than'], op: 'gt', impliedField: 'length' }, { words: ['heavier', 'than'], op: 'gt', impliedField: 'weight' }, { words: ['wider', 'than'], op: 'gt', impliedField: 'width' }, { words: ['taller', 'than'], op: 'gt', impliedField: 'height' }, { words: ['deeper', 'than'], op: 'gt', impliedField: 'depth' }, { words: ['higher', 'than'], op: 'gt' }, { words: ['above'], op: 'gt' }, { words: ['over'], op: 'gt' }, { words: ['after'], op: 'gt' }, { words: ['later', 'than'], op: 'gt' }, { words: ['older', 'than'], op: 'gt', impliedField: 'age' }, { words: ['pricier', 'than'], op: 'gt', impliedField: 'price' },
  { words: ['at', 'least'], op: 'gte' }, { words: ['no', 'less', 'than'], op: 'gte' }, { words: ['minimum'], op: 'gte' }, { words: ['min'], op: 'gte' },
];

/** Words that say a sentence is chit-chat about the backend, not a requirement. */
export const FILLER_WORDS = new Set(['please', 'thanks', 'thank', 'hi', 'hello', 'hey', 'simple', 'basic', 'small', 'just', 'nothing', 'fancy', 'quick', 'minimal']);

/**
 * Being somewhere: "check dogs in and out", "clock in": a yes/no field set on the way in and cleared
 * on the way out (check in/out lend a thing instead when something takes it first).
 */
export const PRESENCE: Record<string, { field: string; value: boolean }> = {
  check_in: { field: 'checkedIn', value: true }, check_out: { field: 'checkedIn', value: false },
  sign_in: { field: 'signedIn', value: true }, sign_out: { field: 'signedIn', value: false },
  clock_in: { field: 'clockedIn', value: true }, clock_out: { field: 'clockedIn', value: false },
};

// ---- vocabulary of the normalising stages (stages/*.ts) ----

/** Words that open a greeting; the greeting is dropped, the rest of its sentence kept. */
/** Records that are something written to be read: a message left with only its author listed still has its text. */
export const MESSAGE_RECORDS = new Set(['message', 'comment', 'note', 'review', 'reply', 'answer', 'feedback', 'post', 'testimonial', 'story', 'memo', 'remark', 'suggestion', 'question', 'announcement', 'content', 'body', 'text', 'description', 'summary', 'bio', 'remarks', 'notes', 'comments', 'response', 'entry']);

/** Measures of size a unit after a pair can share ("width and height in cm"). */
export const DIMENSIONS = new Set(['width', 'height', 'length', 'depth', 'weight', 'diameter', 'thickness', 'breadth', 'area', 'volume', 'girth', 'span']);

/**
 * Casual spellings people type without a second look, repaired before anything is read: a missing
 * apostrophe ("cant", "theyve") and a few everyday misspellings. Only words that are never meant
 * as written ("cant" as a noun is not in a backend prompt).
 */
export const CASUAL_SPELLINGS: Record<string, string> = {
  cant: "can't", dont: "don't", doesnt: "doesn't", didnt: "didn't", isnt: "isn't", arent: "aren't", wasnt: "wasn't", werent: "weren't",
  shouldnt: "shouldn't", wouldnt: "wouldn't", couldnt: "couldn't", havent: "haven't", hasnt: "hasn't", wont: "won't",
  theyve: "they've", theyre: "they're", youre: "you're", weve: "we've", ive: "I've",
  thats: "that's", whats: "what's", whos: "who's",
  wanna: 'want to', gonna: 'going to', gotta: 'have to',
  qty: 'quantity', wether: 'whether', adress: 'address', adresses: 'addresses', recieve: 'receive', recieved: 'received', seperate: 'separate', untill: 'until', tommorow: 'tomorrow', wich: 'which', teh: 'the',
};

/** Phrasal verbs people use for a plain one ("pull up the visits of a client" is seeing them). */
export const PHRASAL_VERBS: Record<string, string> = { 'pull up': 'see', 'pulls up': 'sees', 'bring up': 'see', 'brings up': 'sees', 'call up': 'see', 'look through': 'see', 'looks through': 'sees', 'go through': 'see' };

/** Comparatives after which a "then" is a "than" typed as it sounds ("more bookings then quads"). */
export const THAN_WORDS = new Set(['more', 'less', 'fewer', 'bigger', 'smaller', 'larger', 'higher', 'lower', 'longer', 'shorter', 'later', 'earlier', 'greater', 'older', 'younger', 'heavier', 'lighter', 'cheaper', 'dearer', 'sooner', 'other']);

export const GREETINGS = ['hello', 'salam', 'salaam', 'hii', 'hiii', 'hi', 'hey', 'heya', 'hiya', 'hallo', 'olá', 'ola', 'hola', 'bonjour', 'ciao', 'evening', 'morning', 'dear', 'greetings', 'good morning', 'good afternoon', 'good evening', 'yo', 'ok so', 'so'];

/** Sentence closers that carry nothing for the backend ("thanks!", "lol"). */
export const SIGN_OFFS = ['thanks', 'thank you', 'thx', 'cheers', 'lol', 'haha', 'please', 'pls', 'regards', 'best', 'kind regards'];

/** First-person openers of a sentence about the user, not about the data ("we're a small bakery"). */
export const SELF_SUBJECTS = ['i', 'we', "i'm", 'im', "we're", 'were', "i've", "we've", "i'd", "we'd", 'id'];

/** Verbs that, after a first-person subject, tell who the user is ("I run a gym", "we fix bikes"). */
export const SELF_VERBS = new Set(['am', 'are', 'is', "'m", "'re", 'run', 'runs', 'own', 'owns', 'manage', 'manages', 'work', 'works', 'operate', 'operates', 'fix', 'fixes', 'repair', 'repairs', 'sell', 'sells', 'teach', 'teaches', 'coach', 'coaches', 'organise', 'organize', 'organises', 'organizes', 'lead', 'leads', 'host', 'hosts', 'have', 'has', 'volunteer', 'let', 'lets', 'rent', 'rents', 'hire', 'hires', 'tune', 'tunes', 'deliver', 'delivers', 'grow', 'grows', 'breed', 'breeds', 'brew', 'brews', 'bake', 'bakes', 'make', 'makes', 'train', 'trains', 'serve', 'serves', 'help', 'helps', 'started', 'opened', 'drowning', 'struggling', 'currently', 'just', 'recently', 'also', 'so', 'really', 'basically', 'look', 'looks', 'lend', 'lends', 'oversee', 'oversees', 'supervise', 'supervises', 'maintain', 'maintains', 'coordinate', 'coordinates', 'install', 'installs', 'inspect', 'inspects', 'offer', 'offers', 'provide', 'provides', 'support', 'supports', 'care', 'cares', 'do', 'does', 'fly', 'flies', 'clean', 'cleans', 'collect', 'collects']);

/** Words that make a first-person sentence a request about the data ("I want to list ..."). */
export const REQUEST_WORDS = new Set(['want', 'need', 'needs', 'like', "i'd", "we'd", 'would', 'wish', 'should', 'must', 'can', 'could', 'to', 'let', 'please']);

/** Nouns naming the software or the place, never a kind of record ("my tool library" keeps tools). */
export const COLLECTION_TAILS = new Set(['library', 'inventory', 'stock', 'catalog', 'catalogue', 'collection', 'list', 'tracker', 'log', 'database', 'db', 'registry', 'directory', 'archive', 'shop', 'store', 'service', 'system', 'app', 'api', 'backend', 'manager', 'management', 'book', 'journal', 'diary', 'board', 'cellar', 'register']);

/** Column headers of a field table that hold the field's name, type and notes. */
export const TABLE_NAME_HEADERS = new Set(['field', 'fields', 'name', 'column', 'attribute', 'property', 'field name']);
export const TABLE_TYPE_HEADERS = new Set(['type', 'kind', 'data type', 'format']);
export const TABLE_NOTE_HEADERS = new Set(['notes', 'note', 'comment', 'comments', 'description', 'constraints', 'rules', 'details', 'example', 'examples', 'values', 'allowed values', 'options']);

/** Type words written in a table or after a field ("price (EUR)", "deposit | money"). */
export const TYPE_NOTATIONS: Record<string, string> = {
  text: 'text', string: 'string', str: 'string', varchar: 'string', int: 'integer', integer: 'integer', number: 'number', num: 'number', decimal: 'number', float: 'number', money: 'number', currency: 'number', price: 'number',
  eur: 'number', euro: 'number', euros: 'number', usd: 'number', dollars: 'number', gbp: 'number', '€': 'number', '$': 'number', '£': 'number',
  date: 'date', datetime: 'datetime', timestamp: 'datetime', time: 'datetime', bool: 'boolean', boolean: 'boolean', 'yes/no': 'boolean', 'true/false': 'boolean', email: 'email', url: 'url', link: 'url',
};

/** "CRUD for all three (records)": counts written as words, and the nouns that only mean "records". */
export const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, both: 2 };
export const RECORD_WORDS = ['records', 'resources', 'entities', 'tables', 'kinds', 'things'];

/** Nouns that close a field's name: "file name", "order number", "book title" are fields whatever the word before. */
export const NAMING_HEADS = new Set(['name', 'number', 'title', 'id', 'code', 'type', 'size']);

/** Headings whose bullets are sentences (actions, rules), not fields. */
export const SENTENCE_HEADINGS = new Set(['actions', 'action', 'endpoints', 'endpoint', 'endpoints needed', 'features', 'feature', 'rules', 'rule', 'requirements', 'operations', 'functions', 'api', 'use cases', 'user stories', 'stories', 'functionality', 'what it should do', 'business rules', 'constraints', 'flows', 'flow', 'workflow', 'notes', 'views', 'view', 'needs', 'needed', 'queries', 'also']);

/** Headings over what the writer asks for, said as a question or a wish ("What we need", "Must haves"). */
export const REQUEST_HEADING = /^(?:what (?:we|i|it) (?:need|needs|want|wants|should do)|must[- ]haves?|wanted|wishlist|wish list)\b/i;
/** Verbs a yes/no says of its record, named in its third person ("whether they need a lift": needsLift). */
export const SAID_OF_RECORD = new Set(['need', 'want', 'own', 'like', 'prefer', 'require', 'use', 'smoke', 'drive']);
/** The record a lending verb makes ("when a member borrows an instrument we write ...": a loan). */
export const LENDING_RECORDS: Record<string, string> = { borrow: 'loan', lend: 'loan', loan: 'loan', rent: 'rental', hire: 'hire', lease: 'lease', checkout: 'loan' };
/** Words people use for a capacity ("no overbooking!"): a line of them is traced to the capacity rule. */
export const CAPACITY_TRACES = ['overbook', 'overbooking', 'overbooked', 'oversell', 'overselling', 'oversold', 'full', 'capacity'];
/** Labels over the records of a spec ("Entities:", "Data", "Objects"); never a record themselves. */
export const RECORD_SECTION_LABELS = new Set(['entities', 'entity', 'objects', 'object', 'data', 'data model', 'resources', 'resource', 'records', 'record types']);
/** Labels before the one record a heading names ("Entity: Closure", "Table - bookings"). */
export const RECORD_HEADING_LABELS = new Set([...RECORD_SECTION_LABELS, 'table', 'model', 'record', 'collection', 'record type', 'object type', 'entity type']);

/** Every label of a spec's parts (stages/sections.ts). */
export const SECTION_LABELS = new Set([...SENTENCE_HEADINGS, ...RECORD_SECTION_LABELS]);

/** Labels whose items are lists to show ("Views: admissions per ward"); "Reports" and "Pages" are too often records themselves. */
export const LIST_LABELS = new Set(['views', 'view', 'screens', 'queries', 'lists', 'lists wanted', 'lists needed', 'reports wanted', 'searches wanted', 'lists we want', 'lists we need', 'lists i want', 'lists i need', 'views we want', 'views we need', 'views wanted', 'views needed']);
/** Section labels of a spec over what explains it, never what it keeps ("Purpose", "Background"): what follows is context. */
export const CONTEXT_LABELS = new Set(['purpose', 'background', 'context', 'overview', 'introduction', 'intro', 'about', 'about us', 'who we are', 'motivation', 'problem', 'notes from the code']);

/** Fields whose values are often listed after them ("a status: received, in repair, ready"). */
export const VALUE_NOUNS = new Set(['status', 'state', 'stage', 'type', 'kind', 'category', 'level', 'priority', 'size', 'colour', 'color', 'condition', 'mode', 'grade', 'tier', 'plan', 'role', 'genre', 'position', 'surface', 'severity', 'difficulty']);

/** Qualifier pairs that share one noun ("a start and end time" is a start time and an end time). */
export const PAIRED_QUALIFIERS: Record<string, string> = { start: 'end', first: 'last', opening: 'closing', arrival: 'departure', pickup: 'dropoff', min: 'max', minimum: 'maximum', home: 'away', departure: 'arrival', check_in: 'check_out', begin: 'end', from: 'to' };

/** Possessives before a noun ("their name", "its owner"). */
export const POSSESSIVES = new Set(['their', 'its', 'his', 'her', 'your', 'my', 'our']);

/** "on a given day", "for one specific date": the words naming a calendar day in a list filter. */
export const DAY_NOUNS = new Set(['day', 'date']);
/** Words of a date that is a person's, not when the record happens: "the appointments of a given day" is never filtered on a date of birth. */
export const BIRTH_WORDS = new Set(['birth', 'birthday', 'birthdate', 'dob', 'born']);
export const DAY_ADJECTIVES = new Set(['given', 'specific', 'particular', 'certain', 'chosen', 'single', 'selected', 'any', 'one']);

/** Words that carry no requirement of their own, for stages/coverage.ts (a line made only of them needs no trace). */
export const COVERAGE_STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'that', 'this', 'these', 'those', 'are', 'is', 'was', 'were', 'be', 'been', 'can', 'could', 'should', 'would', 'will', 'must', 'may', 'might', 'need', 'needs', 'want', 'wants', 'wanna', 'like', 'love', 'also', 'just', 'only', 'some', 'any', 'all', 'each', 'every', 'our', 'your', 'their', 'they', 'them', 'you', 'she', 'his', 'her', 'its', 'who', 'what', 'when', 'where', 'which', 'how', 'not', 'but', 'there', 'here', 'have', 'has', 'had', 'get', 'got', 'please', 'thanks', 'thank', 'api', 'app', 'backend', 'system', 'service', 'simple', 'small', 'basic', 'able', 'allow', 'let', 'lets', 'support', 'way', 'thing', 'things', 'stuff', 'etc', 'too', 'well', 'very', 'really', 'so', 'into', 'from', 'than', 'then', 'one', 'two', 'more', 'less', 'user', 'users', 'people', 'someone', 'anyone', 'everyone', 'staff', 'admin', 'admins', 'smth', 'something', 'lol', 'haha', 'hey', 'hello', 'want', 'don', 'doesn', 'isn', 'can\'t', 'cannot', 'yes', 'per', 'via', 'out', 'off', 'over', 'about', 'again', 'already', 'once', 'twice', 'always', 'never', 'new', 'list', 'lists', 'show', 'see', 'view', 'add', 'create', 'delete', 'remove', 'update', 'edit', 'track', 'keep', 'store', 'manage', 'record', 'log', 'find', 'search', 'given', 'rule', 'rules', 'actions', 'action', 'crud', 'endpoint', 'endpoints', 'database', 'data', 'info', 'information', 'details']);

// ---- the sentence reader's vocabulary (the stages under stages/)
export const VERB_SET: ReadonlySet<string> = new Set(Object.keys(VERBS));
export const REFUSALS = new Set(['refused', 'denied', 'forbidden', 'disallowed', 'prevented', 'prohibited', 'rejected']);
export const DESCRIPTIVE_NUMBERS = new Set(['percentage', 'percent', 'discount', 'price', 'rate', 'fee', 'cost', 'year', 'age', 'temperature', 'weight', 'height', 'length', 'width', 'duration', 'minutes', 'latitude', 'longitude', 'gpa']);
export const LENDING_VERBS = new Set(['borrow', 'lend', 'loan', 'rent', 'lease', 'hire', 'check_out', 'checkout']);
/** Decisions with two outcomes: true accepts, false turns down. */
export const DECISION_SIDES: Record<string, boolean> = { accept: true, approve: true, reject: false, decline: false, deny: false };
/** Verbs saying records are kept ("a place to keep gigs"). */
export const KEEP_VERBS = new Set(['keep', 'track', 'store', 'manage', 'log', 'record', 'organize', 'organise', 'catalogue', 'catalog']);
/** Marks given on a scale ("give it a score from 1 to 10") and the verb that gives each. */
export const SCALE_NOUNS: Record<string, string> = { score: 'score', rating: 'rate', grade: 'grade', mark: 'grade' };
export const INCREASE_WORDS = new Set(['adds', 'add', 'increases', 'increase', 'raises', 'plus', 'increments', 'increment', 'tops', 'bumps']);
export const DECREASE_WORDS = new Set(['subtracts', 'subtract', 'decreases', 'decrease', 'reduces', 'reduce', 'removes', 'lowers', 'minus', 'decrements', 'deducts', 'takes']);
/** Actors that are people using the backend, never records of it (teams and owners may be). */
export const PERSON_WORDS = new Set(['user', 'visitor', 'people', 'person', 'someone', 'anyone', 'everyone', 'anybody', 'somebody', 'we', 'i', 'you', 'they', 'he', 'she', 'me', 'us', 'caller', 'consumer', 'public', 'folk', 'client']);
/** Things counted on a record rather than kept as records ("add points to a team"). */
export const COUNT_NOUNS = new Set(['points', 'credits', 'coins', 'stars', 'tokens', 'hours', 'minutes', 'miles', 'kilometers', 'goals', 'wins', 'losses', 'xp']);
/** People named by the records their relation verbs create ("the members of a club"). */
export const AGENT_RECORDS: Record<string, string[]> = { member: ['membership'], subscriber: ['subscription'], attendee: ['attendance', 'booking', 'registration', 'rsvp', 'signup'], participant: ['registration', 'enrollment', 'signup'], bidder: ['bid'], voter: ['vote'], applicant: ['application'], enrollee: ['enrollment'], registrant: ['registration'], donor: ['donation'] };
/** States that undo another ("mark it fixed" after "report it broken"). */
export const ANTONYMS: Record<string, string> = { fixed: 'broken', repaired: 'broken', found: 'lost', returned: 'lost', unlocked: 'locked', unblocked: 'blocked', resolved: 'broken', working: 'broken', available: 'unavailable', healthy: 'sick', recovered: 'sick' };
/** Relation verbs that, with nothing to choose between, count on their target. */
export const COUNTED_VOTES = new Set(['vote', 'upvote', 'endorse', 'nominate']);
/** Nouns that, after "the/my", name the whole collection being described ("see the list"). */
export const COLLECTION_NOUNS = new Set(['list', 'watchlist', 'wishlist', 'backlog', 'catalog', 'catalogue', 'collection', 'queue', 'roster', 'lineup', 'leaderboard', 'ranking', 'rankings', 'waitlist']);
/** Verbs that give a record a score on a stated scale ("rate them from 1 to 10"). */
export const RATE_VERBS = new Set(['rate', 'score', 'grade']);
/** Yes/no fields that say a place is taken, and the verbs that free it. */
export const OCCUPANCY = new Set(['occupied', 'taken', 'inUse', 'busy', 'inService', 'booked', 'reserved', 'parked', 'full']);
export const LEAVE_VERBS = new Set(['leave', 'vacate', 'exit', 'free', 'release', 'depart', 'empty', 'clear']);
/** Relation verbs whose direct object is the record they create ("book an appointment", "order pizzas"). */
export const CREATES_OBJECT = new Set(['book', 'reserve', 'order', 'report', 'request', 'register', 'submit', 'post', 'upload', 'log', 'record', 'file', 'purchase', 'buy', 'apply', 'bid', 'pledge', 'donate', 'complain', 'rsvp', 'sign_up', 'enroll', 'enrol', 'subscribe', 'join', 'attend', 'comment', 'review', 'answer', 'reply', 'respond', 'nominate', 'endorse', 'cast']);
export const PHRASAL_HEADS: ReadonlySet<string> = new Set(PHRASAL.map(([head]) => head));

export const CONNECTORS: string[][] = [
  ['consist', 'of'], ['consists', 'of'], ['is', 'made', 'of'], ['are', 'made', 'of'], ['comes', 'with'], ['come', 'with'], ['is', 'described', 'by'], ['are', 'described', 'by'],
  ['should', 'have'], ['must', 'have'], ['will', 'have'], ['can', 'have'], ['may', 'have'],
  ['have'], ['has'], ['having'], ['with'], ['contain'], ['contains'], ['include'], ['includes'], ['store'], ['stores'], ['carry'], ['carries'], ['need'], ['needs'], ['require'], ['requires'], ['keep'], ['keeps'], ['track'], ['tracks'], ['record'], ['records'],
];
export const PREPOSITIONS = new Set(['to', 'for', 'on', 'in', 'at', 'of', 'by', 'from', 'into', 'onto', 'about', 'per', 'via', 'under', 'over', 'with', 'without', 'within', 'between', 'through', 'after', 'before', 'as', 'than', 'whether', 'that', 'which', 'who', 'if', 'when']);
export const PRONOUNS = new Set(['them', 'it', 'they', 'those', 'these', 'one', 'ones', 'each', 'him', 'her', 'everything', 'everyone', 'everybody']);
export const BE_WORDS = new Set(['be', 'is', 'are', 'been', 'being', 'get', 'gets', 'was', 'were', 'become', 'becomes']);
export const SEPARATORS = new Set([',', 'and', 'or', 'then', '&', 'plus', 'also', 'where']);
export const SEP_FILLERS = new Set([',', 'and', 'or', 'then', 'either', 'optionally', 'also', 'can', 'could', 'may', 'should', 'must', 'will', 'to', 'be', 'able', 'way', 'ability', 'finally', 'lastly', 'we', 'i', 'you', 'want', 'need', 'it', 'possible', 'is', 'option', 'endpoint', 'endpoints', 'let', 'allow', 'them', 'later', 'afterwards', 'both', 'easily', 'even', 'just', 'there', 'some', 'other', 'others', 'another', 'one', 'that', 'which']);
export const NEGATIONS = new Set(['cannot', "can't", 'not', 'never', "mustn't", "shouldn't", "won't", "isn't", "aren't", 'no', "don't", "doesn't", 'nobody']);
export const COUNT_VERBS = new Set(['count', 'counts', 'counted', 'increment', 'increments', 'incremented', 'increase', 'increases', 'bump', 'bumps', 'add', 'adds', 'record', 'records', 'register', 'registers', 'log', 'logs', 'track', 'tracks', 'tally', 'tallies']);
export const LIMIT_WORDS = new Set(['capacity', 'exceed', 'exceeds', 'beyond', 'full', 'limit', 'limited', 'maximum', 'more', 'over', 'most', 'max', 'extra', 'excess', 'past', 'overbooked', 'oversold']);
/** The days of the week, in order, and a word naming one of them ("mon", "Tues", "thursday"). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const WEEKDAY_WORD = '(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)[a-z]*';
/** "training day (Mon-Sun)", "delivery day (monday to saturday)": a field and a range of weekdays in parentheses. */
export const WEEKDAY_RANGE = new RegExp(`^([A-Za-z][\\w '-]{0,40}?)\\s*\\(\\s*(?:from\\s+)?(${WEEKDAY_WORD})\\s*(?:to|-|–|until|till)\\s*(${WEEKDAY_WORD})\\s*\\)$`, 'i');
const weekdayAt = (w: string): number => WEEKDAYS.findIndex((d) => d.toLowerCase().startsWith(w.toLowerCase().slice(0, 3)));
/** The days from one weekday to a later one ("Mon", "fri" -> Monday..Friday); undefined when not in order. */
export const weekdaysBetween = (from: string, to: string): string[] | undefined => (weekdayAt(from) < weekdayAt(to) ? WEEKDAYS.slice(weekdayAt(from), weekdayAt(to) + 1) : undefined);
/** Currency signs as their codes ("value in £" is in GBP). */
export const CURRENCY_SIGNS: Record<string, string> = { '£': 'GBP', '€': 'EUR', $: 'USD' };
/** Records that a verb makes ("book" a booking): taking one in is making it ("we take bookings online"). */
export const MADE_RECORDS = new Set([...Object.values(NOMINALIZATION).map((ws) => ws[ws.length - 1] as string), 'payment', 'enquiry', 'inquiry', 'deposit', 'entry']);
/** A business named after what it sells ("a wig shop", "our fabric store"). */
export const SHOP_WORDS = new Set(['shop', 'store', 'stall', 'boutique', 'warehouse', 'business']);
/** Adjectives that only say how big or plain a thing is ("a simple stock list"). */
export const PLAIN_ADJECTIVES = new Set(['simple', 'basic', 'small', 'little', 'quick', 'easy', 'new', 'tiny']);
/** Words before an object that say how, not what ("books separately with their name", "only the open ones"). */
export const MANNER_WORDS = new Set(['exactly', 'only', 'just', 'separately', 'individually', 'online', 'together', 'ahead', 'directly']);
/** "the guest list", "the class register": a record's list is its records. */
export const RECORD_LIST_NOUNS = new Set(['list', 'register', 'roster', 'rota', 'log']);
/** Words that say a count is capped ("an event is capped at ...", "when its bookings reach ..."). */
export const CAPACITY_CUES = new Set([...LIMIT_WORDS, 'capped', 'cap', 'caps', 'reach', 'reaches', 'reached', 'exceeding', 'overbook', 'overbooking', 'oversell']);
/** Names of a record's fields that hold how many it takes. */
export const LIMIT_NAMES = /capacity|seats|spots|slots|limit|max|places|spaces|tickets|size|people|stock|take/i;
export const RELATION_PREPS = new Set(['to', 'for', 'on', 'in', 'at', 'into', 'onto', 'with', 'from']);
export const SUBJECT_SKIP = new Set([...MODALS, ...META_VERBS, 'way', 'ability', 'endpoint', 'endpoints', 'possible', 'is', 'are', 'there', 'it', 'option', 'feature', 'also', 'please', 'able', 'be', 'easily', 'should', 'where', 'so', 'that']);

// ---- rule phrasings (stages/rule-phrasings.ts)
/** Verbs after a field's name that make a sentence a constraint on it ("the ISBN must be unique"). */
export const RULE_COPULAS = new Set(['must', 'should', 'is', 'are', 'has', 'have', 'needs', 'can', 'may']);

/** The verb of a statement about a field named before it ("Status can be one of ...", "The price is optional"). */
export const FIELD_STATEMENT_COPULAS = new Set(['must', 'should', 'is', 'are', 'can', 'may']);
/** Words saying an action is done once ("already borrowed", "paid twice"). */
export const ONCE_WORDS = new Set(['already', 'again', 'twice', 'once']);
export const BELOW_WORDS = new Set(['below', 'under', 'negative', 'less']);
export const ZERO_WORDS = new Set(['zero', '0', 'negative']);
/** "at the same time": two records over one period, not one shared value. */
export const PERIOD_NOUNS = new Set(['date', 'dates', 'day', 'days', 'time', 'times', 'period', 'night', 'nights', 'slot']);
export const OVERLAP_WORDS = new Set(['overlap', 'overlapping', 'conflict', 'clash', 'collide', 'double']);
export const SHARE_WORDS = new Set(['same', 'share', 'duplicate']);

// ---- field names (fields.ts)
/** An item opening with one of these describes a quantity ("a weight in kg"); without, it is a label. */
export const DESCRIBED = /^(?:a|an|the|one|its|their|his|her|our|my|your)\s/i;
/** Words after a quantity that qualify it without naming its type ("goals for", "rate per word"). */
/** Units of measure a label keeps in its name ("weight in kg" -> weightKg); not currencies or areas. */
export const MEASURE_UNITS = new Set(['kw', 'kwh', 'watts', 'feet', 'ft', 'inches', 'tonnes', 'tons', 'kg', 'kilograms', 'grams', 'g', 'mg', 'milligrams', 'lbs', 'km', 'kilometers', 'kilometres', 'miles', 'meters', 'metres', 'cm', 'mm', 'millimetres', 'centimetres', 'millimeters', 'centimeters', 'meter', 'metre', 'ounces', 'oz', 'liters', 'litres', 'ml', 'cl']);
/** How a unit abbreviation reads in a field's name ("weight in g" -> weightGrams). */
export const UNIT_NAMES: Record<string, string> = { g: 'grams' };
/** Words that join a phrase ("one per player", "see the notes"), never one of several values typed with spaces. */
export const PHRASE_WORDS = new Set(['the', 'a', 'an', 'of', 'in', 'on', 'at', 'by', 'for', 'per', 'to', 'with', 'from', 'and', 'if', 'only', 'not', 'no', 'each', 'every', 'one', 'all', 'any', 'some', 'see', 'same', 'than', 'as', 'but', 'then', 'etc', 'also', 'usually', 'always', 'about', 'more', 'less', 'until', 'while', 'when', 'after', 'before', 'once', 'empty', 'blank']);
/** Continuous measures: a field whose name ends on one keeps its fractions whatever its bounds (fields.ts). */
export const MEASURED_HEADS = new Set(['weight', 'temperature', 'temp', 'area', 'distance', 'acidity', 'ph', 'humidity', 'rainfall', 'moisture', 'volume']);
/** Words naming money: a field named with one keeps its cents whatever its bounds (fields.ts). */
export const MONEY_WORDS = new Set(['price', 'prices', 'value', 'amount', 'cost', 'total', 'salary', 'budget', 'fee', 'fees', 'balance', 'wage', 'rate', 'tip', 'deposit', 'discount', 'tax', 'pay', 'spend', 'rent', 'income', 'payment', 'donation', 'takings', 'fare', 'charge', 'bid', 'refund']);
/** Currencies: "fee in pounds" written as a label keeps its currency in the name (`feePounds`), as fresh prompts' writers expect. */
export const CURRENCY_UNITS = new Set(['dollars', 'euros', 'pounds', 'usd', 'eur', 'gbp', 'cents', 'pence']);
/** Things numbered in a sequence: their "X number" is a whole number, not an identifier ("room number" is one). */
export const SEQUENCE_NUMBERS = new Set(['episode', 'shirt', 'jersey', 'pitch', 'plot', 'seat', 'bed', 'lane', 'court', 'locker', 'round', 'chapter', 'season', 'lap', 'bib', 'berth', 'stall', 'platform', 'gate', 'box', 'chair', 'entry', 'hanger', 'kennel', 'lift', 'puzzle', 'spot', 'stable', 'visit', 'issue', 'bay', 'pen', 'peg', 'cage', 'desk', 'cabin', 'hut', 'pod', 'bin', 'floor', 'level', 'storey', 'row', 'pier', 'mooring', 'tee', 'hole', 'week', 'stage', 'step', 'heat', 'page', 'verse', 'fridge', 'freezer', 'load', 'cap', 'run', 'hutch', 'tank', 'shelf', 'rack', 'tent', 'race', 'match', 'game', 'lot', 'batch', 'table', 'start', 'print', 'station', 'duck', 'class']);
export const QUANTITY_QUALIFIERS = new Set(['for', 'against', 'per', 'in', 'out']);

// ---- field items (fields.ts, field-modifiers.ts)
export const TYPE_WORDS: Record<string, FieldType> = {
  integer: 'integer', int: 'integer', 'whole number': 'integer', count: 'integer', 'how many': 'integer', number: 'number', num: 'number', numeric: 'number', decimal: 'number', float: 'number', double: 'number', money: 'number', currency: 'number',
  string: 'string', text: 'text', 'long text': 'text', date: 'date', datetime: 'datetime', timestamp: 'datetime', time: 'datetime', boolean: 'boolean', bool: 'boolean', 'yes no': 'boolean', 'true false': 'boolean', 'yes or no': 'boolean', 'true or false': 'boolean',
  email: 'email', url: 'url', link: 'url', list: 'stringList', array: 'stringList', tags: 'stringList',
};
export const FLAG_WORDS = new Set(['optional', 'optionally', 'required', 'mandatory', 'unique', 'distinct', 'nullable', 'needed']);
export const BOOLEAN_SUFFIX = new Set(['flag', 'switch', 'toggle', 'boolean', 'checkbox', 'bool', 'indicator']);
export const BOOLEAN_LEAD = new Set(['boolean']);
export const NAME_SUFFIX_NOISE = new Set(['field', 'value', 'string', 'property', 'attribute', 'info', 'information', 'itself', 'themselves']);
export const LIST_HEADS = new Set(['list', 'set', 'array', 'collection', 'bunch', 'series']);
export const ENUM_MARKERS: string[][] = [['one', 'of'], ['of'], ['either'], ['can', 'be'], ['could', 'be'], ['may', 'be'], ['which', 'is'], ['that', 'is'], ['values'], ['such', 'as'], ['like']];
export const STORE_PROVIDED = new Set(['id', 'identifier', 'createdAt', 'updatedAt', 'creationDate', 'createdDate', 'created', 'updated', 'revision']);
export const VERB_NAMES: ReadonlySet<string> = new Set([...Object.keys(VERBS), 'check', 'display', 'show', 'call', 'contact', 'visit', 'reach', 'use', 'pay', 'read']);
export const LINK_PARTICIPLES = new Set(['assigned', 'linked', 'attached', 'tied', 'related', 'associated']);
export const COUNT_LEADS = new Set(['min', 'max', 'minimum', 'maximum', 'total', 'number', 'num', 'count', 'no']);

/** List subjects that are pronouns ("each one: name, ..."): they name the records of the sentence before. */
export const PRONOUN_SUBJECTS = new Set(['one', 'ones', 'it', 'they', 'them', 'these', 'those', 'each', 'each one', 'every one']);

// ---- record names (stages/names.ts)
/** Heads too general to name a record alone: their qualifier makes the thing ("order line", "time entry"). */
export const GENERIC_HEADS = new Set(['service', 'item', 'entry', 'set', 'pass', 'list', 'piece', 'part', 'step', 'line', 'type', 'kind', 'code', 'log', 'record', 'detail', 'info', 'data', 'number', 'status', 'report', 'request', 'spot', 'card', 'unit', 'event', 'day', 'bin', 'box', 'bank', 'test', 'count']);

// ---- action phrasings (stages/action-phrasings.ts, stages/action-classes.ts)
/** Particles that make a phrasal verb of a verb the lexicon does not know ("level up", "wear out"). */
export const VERB_PARTICLES = new Set(['up', 'down', 'out', 'in', 'off']);
/** "count one visit": the words for one. */
export const ONE_WORDS = new Set(['one', 'a', 'an']);
export const INDEFINITE_ARTICLES = new Set(['a', 'an']);
/** "a team gets points": verbs by which a record gains a count. */
export const GAIN_VERBS = new Set(['get', 'receive', 'earn']);
/** "show a poll's results": words after a record that ask for its counts. */
export const RESULT_NOUNS = new Set(['results', 'tally', 'counts', 'totals', 'standings']);
/** "report a machine broken": states written after the object that are no participle. */
export const STATE_ADJECTIVES = new Set(['lost', 'missing', 'broken', 'sold', 'done', 'late']);
/** "park in a spot": where an occupancy verb goes. */
export const OCCUPY_PREPS = new Set(['in', 'into', 'at', 'on', 'onto']);
/** "add points to a team": verbs that raise a number by a given amount. */
export const AWARD_VERBS = new Set(['add', 'award', 'grant', 'give']);
/** "short messages (max 280 characters)": the unit of a text's length. */
export const CHARACTER_WORDS = new Set(['characters', 'chars', 'letters']);
/** "CRUD for everything", "CRUD for all three". */
export const ALL_WORDS = new Set(['all', 'everything', 'each', 'every']);
/** Words after "CRUD" that name nothing ("CRUD for them", "CRUD on all records"). */
export const CRUD_FILLERS = new Set(['for', 'of', 'on', 'the', 'them', ...RECORD_WORDS]);
/** Verbs that read one record as the plain get; any other verb names its get ("resolveLink"). */
export const PLAIN_GET_VERBS = new Set(['get', 'view', 'fetch', 'show', 'see', 'find', 'read', 'retrieve', 'look_up', 'lookup', 'check', 'access', 'inspect', 'load']);
/** Words before a listed record that are no state of it ("show me all of them", "list recent posts"). */
export const LIST_LEAD_WORDS = new Set(['all', 'of', 'every', 'any', 'which', 'what', 'exactly', 'only', 'just', 'me', 'us', 'you', 'them', 'currently', 'recent', 'latest']);
/** Words that start a condition on what a list returns ("games that work for ..."). */
export const RELATIVE_WORDS = new Set(['that', 'which', 'who', 'where', 'whose']);
/** "list games are ...": a condition starting right after the object. */
export const RELATIVE_BE = new Set(['are', 'is', 'were']);
/** Words that start a condition ("cancel a print job while it is queued"). */
export const CONDITION_WORDS = new Set(['while', 'if', 'unless', 'when', 'until', 'before', 'after']);

/** Names of a record's state field ("cancel a hire" sets it to `cancelled` when there is one). */
export const STATE_FIELD_NAMES = new Set(['status', 'state', 'stage']);

/** Fields whose values a writer lists after a colon inside a sentence ("a status: available, on loan or in repair"). */
export const VALUED_FIELD_NAMES = new Set([...STATE_FIELD_NAMES, 'type', 'kind', 'category', 'level', 'priority', 'grade', 'result', 'outcome', 'role', 'size', 'condition']);

/** Details of a person that follow the person named before them ("the captain's name and phone"). */
/** "a score from 0 to 25 given by the judges", "the fee set by the council": who gives the value is a note on it, not its name. */
export const GIVEN_BY = /\s+(?:given|set|chosen|picked|decided|awarded|assigned|entered|filled in|written|agreed|signed|approved)\s+by\s+(?:the|a|an|our|their|each|every)\s+[a-z]+(?:\s+[a-z]+)?\s*$/i;
export const CONTACT_DETAILS = new Set(['email', 'phone', 'mobile', 'address', 'telephone', 'tel', 'cell']);

// --- ifields ---
/** Pronouns (and their contractions) that open a clause after a field's noun ("the age they're turning"). */
export const RELATIVE_SUBJECTS = new Set(['it', 'he', 'she', "it's", "they're", "we're", "you're", "he's", "she's", "i'm", "i've", "we've", "they've", "they'd", "we'd", "you'd", "i'd", "they'll", "we'll", "you'll"]);
/** Words that open a question used as a field's name ("how long it takes"). */
export const QUESTION_WORDS = new Set(['how', 'what', 'when', 'where', 'whether', 'if', 'who', 'which', 'why']);
/** Verbs naming when something happens, written as a field's name with "on"/"at" ("expires on" is a date, "starts at" a moment). */
export const EVENT_VERBS = new Set(['expires', 'starts', 'ends', 'begins', 'finishes', 'opens', 'closes', 'runs', 'happens', 'arrives', 'leaves', 'departs', 'lapses', 'renews', 'falls', 'occurs', 'takes']);
/** Units of measure beyond MEASURE_UNITS that join a field's name like them ("height in hands" -> heightHands, "temp in °C" -> tempC). */
export const MORE_UNITS = new Set(['percent', 'hands', 'c', 'celsius', 'fahrenheit', 'yards', 'kilos', 'shillings', 'rupees', 'yen', 'francs', 'ppm', 'ppb', 'mhz', 'khz', 'ghz', 'hz', 'db', 'psi', 'bar', 'rpm', 'mph', 'kph', 'kmh', 'lux', 'volts', 'amps', 'mm', 'mmol', 'nm', 'knots']);
/** Prepositions that end a clause after a field's noun ("the wall it is on"). */
export const STRANDED_PREPOSITIONS = new Set(['on', 'in', 'at', 'for', 'with', 'from', 'to', 'by', 'under']);
// --- irecords ---
/** Question words that open a list item naming a field ("which theme", "what colour"; "wich" as people type it). */
export const ITEM_QUESTION_WORDS = ['which', 'what', 'wich', 'wat'];
/** Words that label the prompt itself ("Dialysis unit scheduling - spec", "Project: cattle weigh-ins"): never a record. */
export const DOCUMENT_LABELS = new Set(['spec', 'specs', 'specification', 'project', 'draft', 'brief', 'overview', 'summary', 'requirements', 'proposal', 'outline', 'rfc', 'idea', 'title', 'domain']);
/** "their" as people often type it ("register there bike"): a possessive before the records a list describes. */
export const MISSPELT_POSSESSIVES = new Set(['there', 'thier', 'ur']);
/** Prepositions before the record another record is made on ("book a seat on a trip", "book onto a clinic"). */
export const ON_RECORD_PREPS = new Set(['on', 'onto', 'for', 'to', 'at', 'in', 'into', 'with']);
/** Words that open a condition or a time ("stop once a clinic is full"): never the name of a record. */
export const CONDITION_OPENERS = new Set(['once', 'when', 'whenever', 'until', 'while', 'after', 'before', 'if', 'unless']);

// --- session 2026-11-27 (lead) ---
/** "an offer must beat the best offer so far": superlatives of the others so far, and verbs that beat them. */
export const HIGHEST = new Set(['best', 'highest', 'largest', 'biggest', 'top', 'greatest']);
export const LOWEST = new Set(['lowest', 'smallest', 'cheapest', 'least']);
export const BEAT_VERBS = new Set(['beat', 'beats', 'top', 'tops', 'outbid', 'outbids', 'exceed', 'exceeds']);
/** "marks the job done and writes down the treatment used": verbs (and particles) of noting a value while moving a record on. */
export const NOTE_VERBS = new Set(['write', 'writes', 'writing', 'note', 'notes', 'noting', 'record', 'records', 'recording', 'enter', 'enters', 'entering', 'fill', 'fills', 'filling', 'log', 'logs', 'logging', 'add', 'adds', 'adding', 'put', 'puts', 'jot', 'jots', 'take', 'takes', 'save', 'saves']);
export const NOTE_PARTICLES = new Set(['down', 'in', 'up']);
/** Words that label a record's fields rather than name it ("Contestant fields:"). */
export const FIELD_LABELS = new Set(['fields', 'details', 'attributes', 'columns', 'properties', 'info']);
/** Two allowed values that are a yes/no, sorted and joined ("deposit paid (yes or no)"). */
export const YES_NO = new Set(['no/yes', 'n/y', 'false/true']);
/** Words of the writer, or of saying that something exists, never part of a record's name ("we need: ...", "There are categories: ..."). */
export const WRITER_WORDS = new Set(['we', 'i', 'you', 'they', 'me', 'us', 'need', 'needs', 'want', 'wants', 've', "i've", "we've", "i'm", "we're", 'have', 'got']);
export const EXISTENCE_WORDS = new Set(['there', 'are', 'is', "there's"]);
/** Counts before a record's name, no part of it ("got six pitches"). */
export const LEADING_COUNTS = new Set(['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'twelve', 'twenty', 'some', 'several', 'many', 'few']);
/** Words before records that make a rule of "records by/for ..." ("no bookings on a cancelled day", "only bookings for members"). */
export const RULE_QUANTIFIERS = new Set(['no', 'not', 'never', 'only', 'more', 'fewer', 'less', 'max', 'most', 'at', 'any', 'some', 'all']);
/** Words that say a parent's state is not so ("a bike that isn't in service"), and after which a state is said ("that's", "if it"). */
export const NEGATED_STATE = new Set(["isn't", "aren't", 'not', 'isnt', 'arent', 'no']);
export const STATE_OPENERS = new Set(['that', "that's", 'thats', 'which', 'whose', 'if', 'when', 'while', 'unless']);
/** Words between a state's opener and the state ("if it is still", "that are currently"). */
export const STATE_LINKS = new Set(['is', 'are', 'be', 'been', 'still', 'currently', 'marked', 'it', 'they', 'its', 'their', 'the', 'a', 'an']);
