import type { FieldType } from '@backforge/blueprint';
/**
 * Words of notations (lexicon.ts re-exports them): types as code writes them, and the words before a
 * record's name that are no part of it. Kept in their own file so lexicon.ts stays under 500 lines.
 */
/** A type as code writes it (TypeScript, GraphQL, Prisma, SQL, YAML) -> the word the field readers read (stages/schema-code.ts). */
export const CODE_TYPE_WORDS: Record<string, string> = Object.fromEntries([...['string', 'str', 'varchar', 'char', 'citext', 'id', 'uuid', 'cuid'].map((t) => [t, 'string']), ['text', 'text'], ...['number', 'float', 'decimal', 'numeric', 'real', 'double', 'money', 'float4', 'float8'].map((t) => [t, 'decimal']), ...['int', 'integer', 'bigint', 'smallint', 'serial', 'bigserial', 'int4', 'int8'].map((t) => [t, 'integer']), ...['boolean', 'bool'].map((t) => [t, 'yes/no']), ['date', 'date'], ...['datetime', 'date-time', 'timestamp', 'timestamptz', 'time'].map((t) => [t, 'datetime']), ['email', 'email'], ['url', 'url']]);
/**
 * Words before a record's head that never make it a name of its own (stages/names.ts): a count ("five
 * boats"), a word of the sentence around it ("and bookings", "then enrolments", "up pressing days"),
 * the verb asking for it ("create hires", "run workshops", "organise planting days"), or when it
 * happens ("weekly payments", "upcoming workshops").
 */
/**
 * Heads writers name a record by alone, whatever was said before them ("wholesale orders", "damp
 * surveys", "bed reservations" are Order, Survey, Reservation): counted over the expectations of
 * batches 08-60, each was named alone at least four times as often as with its qualifier.
 */
export const HEADS_NAMED_ALONE = new Set(['booking', 'order', 'job', 'session', 'hire', 'ticket', 'appointment', 'application', 'registration', 'reservation', 'enrolment', 'survey', 'inspection', 'loan', 'rental', 'quote', 'commission', 'repair', 'sale', 'sighting', 'referral', 'screening', 'donation', 'callout', 'permit', 'licence', 'claim', 'treatment', 'assessment', 'placement', 'pledge', 'signup', 'attendance']);
export const QUALIFIER_NOISE = new Set(['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'twenty', 'and', 'then', 'up', 'also', 'so', 'or', 'create', 'add', 'run', 'organise', 'organize', 'manage', 'make', 'track', 'log', 'keep', 'store', 'weekly', 'monthly', 'daily', 'nightly', 'yearly', 'annual', 'upcoming', 'next', 'numbered']);

/**
 * Names written joined in capitals that are one word, not a record's name in code ("WhatsApp",
 * "YouTube"): the others, "FeedOrder", "TrackDay", are read as their words.
 */
export const JOINED_NAMES = new Set(['whatsapp', 'youtube', 'paypal', 'tiktok', 'linkedin', 'github', 'gitlab', 'facetime', 'playstation', 'javascript', 'typescript', 'postgresql', 'mysql', 'mongodb', 'wordpress', 'woocommerce', 'mailchimp', 'quickbooks', 'eventbrite', 'airbnb', 'booking.com', 'sharepoint', 'powerpoint', 'onedrive', 'dropbox', 'bitbucket', 'openai', 'chatgpt', 'macbook', 'airpods', 'ipad', 'iphone', 'datetime']);

/** Nouns counted as they are written, never made plural ("the number of crew", "the number of staff"). */
export const UNCOUNTED = new Set(['crew', 'staff', 'personnel', 'luggage', 'baggage', 'equipment', 'livestock', 'cattle', 'poultry', 'people', 'fish', 'sheep', 'deer']);

/** Past participles not ending in -ed or -en, for names such as "made on date" (madeOn, a date). */
export const IRREGULAR_PARTICIPLES = new Set(['made', 'sold', 'paid', 'built', 'sent', 'bought', 'held', 'done', 'kept', 'laid', 'found', 'born', 'seen', 'grown', 'worn', 'shown', 'cut', 'set', 'put', 'shut', 'read', 'won', 'lost', 'left', 'met', 'brought', 'caught', 'taught', 'fed', 'led', 'lent', 'spent', 'struck', 'sung', 'sunk', 'swum', 'begun', 'drunk', 'rung', 'hung', 'spun', 'dug', 'told']);

/** Words saying how many records there are, before their name ("six boats", "a dozen hives", "about twenty"): no part of it. */
export const AMOUNT_WORDS = new Set(['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'twenty', 'fifty', 'hundred', 'dozen', 'several', 'few', 'many', 'some', 'about']);

/** Words that name a state without looking like one ("ready", "open", "paid"): a list of them after "status" is its values. */
export const STATE_WORDS = new Set(['new', 'open', 'closed', 'ready', 'done', 'paid', 'unpaid', 'out', 'in', 'active', 'inactive', 'pending', 'late', 'draft', 'live', 'available', 'lost', 'retired', 'sold', 'free', 'busy', 'full', 'empty', 'due', 'overdue', 'complete', 'waiting', 'away', 'home', 'off', 'on', 'ok', 'broken', 'spare', 'gone', 'final', 'won', 'void']);

/** Type words that, read as allowed values, are a note on the field (value-notes.ts); not "email", "text" or "phone", which are values. */
export const NOTE_TYPES: Record<string, FieldType> = { integer: 'integer', int: 'integer', 'whole number': 'integer', number: 'number', decimal: 'number', float: 'number', string: 'string', 'unique string': 'string', date: 'date', time: 'datetime', datetime: 'datetime', 'date and time': 'datetime', 'date time': 'datetime', timestamp: 'datetime', boolean: 'boolean', bool: 'boolean' };
/** Words that hedge a value ("usually 100", "empty until played"): a note, not a value, once a word stands before them. */
export const HEDGE_WORDS = ['usually', 'often', 'normally', 'typically', 'generally', 'mostly', 'depends', 'depending', 'empty', 'blank', 'until', 'while', 'unless'];
/** The books a list of records is kept in, named after the records even in the plural ("members list"). */
export const RECORD_BOOKS = new Set(['list', 'register', 'log', 'database', 'catalogue', 'catalog', 'directory', 'tracker']);
/** Words after which a verb's form names a thing ("return date", "ship name"; stages/lifecycle-verbs.ts). */
export const VERB_AS_NOUN_NEXT = new Set(['date', 'dates', 'time', 'times', 'day', 'number', 'reason', 'note', 'notes', 'code', 'fee', 'address', 'point', 'slip', 'form', 'details', 'method', 'type', 'status', 'count']);
/** Quantities measured in a unit, beyond MEASURED_HEADS and the words typed as numbers ("a resistance in ohms"; field-types.ts). */
export const MEASURED_QUANTITIES = new Set(['length', 'width', 'height', 'depth', 'size', 'speed', 'resistance', 'capacity', 'load', 'pressure', 'strength', 'concentration', 'dose', 'yield', 'thickness', 'diameter', 'altitude', 'elevation', 'duration']);
/** Words that only point back at the record a question is asked of ("who collected it"; field-types.ts). */
export const POINTING_BACK = new Set(['it', 'them', 'him', 'her', 'one', 'this']);
/** Who did something, in "when it stopped", "when they arrived" (field-types.ts). */
export const DOERS = new Set(['one', 'ones', 'it', 'they', 'them', 'these', 'those', 'each', 'he', 'she', 'we', 'i']);
