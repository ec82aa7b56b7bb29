import { TYPE_NOTATIONS } from '../lexicon.js';
import { item } from './field-item.js';
import { BOUND, boundNote, readParen, SPEC_ONLY_TYPES, withoutTrailingNote } from './paren-notes.js';
import type { Phrasing } from './phrasings.js';

/**
 * Stage 3a, continued: the field-item phrasings that state a type, a link or flags ("code: str
 * unique", "weight_kg number", "project (FK -> Project)", "notes (a paragraph or two)"). Each is an
 * entry of stages/phrasings.ts's registry, which lists them in the order they are tried.
 */

export const LINK_AS_TYPE: Phrasing = {
  name: 'a link written as a type',
  examples: [
    ['tent: ref Tent', item('tent (a tent)')],
    ['owner: reference to Member', item('owner (a member)')],
    ['customer_id -> Customer', item('customer id (a customer)')],
    ['sire -> Sheep (optional)', item('sire (a sheep)', { flags: ['optional'] })],
    ['project (FK -> Project)', item('project (a project)')],
  ],
  // ("tent: ref Tent", "owner: FK member": the record it points at, read as "builder (a member)" is)
  // ("sire -> Sheep (optional)": flags in parentheses after it are the link's)
  // ("project (FK -> Project)", "owner (ref Member)": the same in parentheses)
  match: (s) => {
    const inParens = /^([a-z][\w '-]{0,40}?)\s*\(\s*(?:(?:fk|ref|reference|references|foreign key|link|links)(?:\s+to)?\s*(?:->|→)?|->|→)\s*([a-z][\w-]*?(?: [a-z][\w-]*)?)(?:[\s._]?id)?\s*\)()$/i.exec(s);
    if (inParens) return inParens;
    const m = /^([a-z][\w '-]{0,40}?)\s*(?:[:=]\s*(?:ref|reference|references|fk|foreign key|link|links)(?:\s+to)?|(?:->|→))\s+([a-z][\w-]*?(?: [a-z][\w-]*)?)(?:[\s._]?id)?(?:\s*\(([^()]*)\))?$/i.exec(s);
    // (the parenthesis holds flags only: a type there would make it no link)
    const note = m?.[3] === undefined ? undefined : readParen(m[3]);
    return m && (m[3] === undefined || (note !== undefined && note.type === undefined)) ? m : null;
  },
  read: (m) => {
    const flags = m[3] === undefined ? [] : (readParen(m[3])?.flags ?? []);
    return item(`${(m[1] as string).replace(/_/g, ' ')} (a ${(m[2] as string).toLowerCase()})`, flags.length ? { flags } : {});
  },
};

export const TYPE_IN_PARENTHESES: Phrasing = {
  name: 'a type or flags in parentheses',
  examples: [
    ['price (EUR)', item('price', { type: 'number', flags: [] })],
    ['available from (date)', item('available from', { type: 'date', flags: [] })],
    ['team name (unique)', item('team name', { flags: ['unique'] })],
    ['email (unique, required)', item('email', { flags: ['unique', 'required'] })],
    ['catalogue id (e.g. M31, unique)', item('catalogue id', { flags: ['unique'] })],
    ['start time (date and time)', item('start time', { type: 'datetime', flags: [] })],
    ['original gravity (e.g. 1.052)', item('original gravity', { type: 'number', flags: [] })],
    ['collected (boolean, default false)', item('collected', { type: 'boolean', flags: [], default: 'false' })],
    ['email (one sign-up per email)', item('email', { flags: ['unique'] })],
  ],
  match: (s) => {
    const m = /^([a-z][\w '-]{0,40}?)\s*\(([^()]+)\)$/i.exec(s);
    return m && readParen(m[2] as string) ? m : null;
  },
  read: (m) => {
    const p = readParen(m[2] as string) as NonNullable<ReturnType<typeof readParen>>;
    // ("(whole number, not negative)": the bound is read as the plain name's "(0 or more)" is)
    return item(p.notNegative ? `${m[1] as string} (0 or more)` : (m[1] as string), { ...(p.type ? { type: p.type } : {}), flags: p.flags, ...(p.default !== undefined ? { default: p.default } : {}) });
  },
};

export const TYPE_AFTER_COLON: Phrasing = {
  name: 'a type or flags after a colon',
  examples: [
    ['code: unique', item('code', { flags: ['unique'] })],
    ['made on: date', item('made on', { type: 'date', flags: [] })],
    ['shelf: integer 1..40', item('shelf (1-40)', { type: 'integer', flags: [] })],
    ['code: string, unique', item('code', { type: 'string', flags: ['unique'] })],
    ['notes: text, optional', item('notes', { type: 'text', flags: ['optional'] })],
    ['clone?: string', item('clone', { type: 'string', flags: ['optional'] })],
    ['dilution_factor: int >= 1', item('dilution_factor (at least 1)', { type: 'integer', flags: [] })],
    ['number: string unique (e.g. "4B")', item('number', { type: 'string', flags: ['unique'] })],
    ['share pct: number 0-100', item('share pct (0-100)', { type: 'number', flags: [] })],
    ['paid: bool = false', item('paid', { type: 'boolean', flags: [] })],
  ],
  // ("clone?: string": a question mark after the name, as TypeScript writes it, makes the field optional)
  // ("number: string (e.g. "4B")", "paid: bool = false": an example or a default after the type says no more of it)
  match: (s) => {
    const m = new RegExp(`^([a-z][\\w '-]{0,40}?)(\\?)?\\s*:\\s*([a-z][a-z ,]*?)(?:\\s+(${BOUND}))?$`, 'i').exec(withoutTrailingNote(s));
    return m && readParen(m[3] as string) ? m : null;
  },
  read: (m) => {
    const p = readParen(m[3] as string) as { type?: string; flags: string[] };
    const flags = m[2] && !p.flags.includes('optional') ? [...p.flags, 'optional'] : p.flags;
    return item(`${m[1] as string}${boundNote(m[4])}`, { ...(p.type ? { type: p.type } : {}), flags });
  },
};

export const TYPE_AFTER_NAME: Phrasing = {
  name: 'a type written right after the name',
  examples: [
    ['mass_g int', item('mass_g', { type: 'integer', flags: [] })],
    ['bags int 1-50', item('bags (1-50)', { type: 'integer', flags: [] })],
    ['code str unique', item('code', { type: 'string', flags: ['unique'] })],
    ['weight_kg number', item('weight_kg', { type: 'number', flags: [] })],
    ['moisture_pct number max 8', item('moisture_pct (max 8)', { type: 'number', flags: [] })],
    ['dilution_factor int >= 1', item('dilution_factor (at least 1)', { type: 'integer', flags: [] })],
    ['startsAt datetime', item('startsAt', { type: 'datetime', flags: [] })],
    ['fee decimal', item('fee', { type: 'number', flags: [] })],
  ],
  // (a word that is only ever a type, "int", "str", "decimal", ends any name; one that is also a
  // noun, "number", "date", "text", only a name written as an identifier: "phone number" is a name,
  // "weight_kg number" a typed field)
  match: (s) => {
    const m = new RegExp(`^([a-z][\\w'-]*(?: [a-z][\\w'-]*){0,3}?)\\s+([a-z]+)((?:\\s+(?:unique|optional|required))*)(?:\\s+(${BOUND}))?$`, 'i').exec(s);
    if (!m || TYPE_NOTATIONS[(m[2] as string).toLowerCase()] === undefined) return null;
    const identifier = /^[a-z][a-z0-9]*(?:_[a-z0-9]+|[A-Z][a-z0-9]*)+$/.test(m[1] as string);
    return SPEC_ONLY_TYPES.has((m[2] as string).toLowerCase()) || identifier ? m : null;
  },
  read: (m) => item(`${m[1] as string}${boundNote(m[4])}`, { type: TYPE_NOTATIONS[(m[2] as string).toLowerCase()] as string, flags: (m[3] ?? '').trim().split(/\s+/).filter(Boolean).map((f) => f.toLowerCase()) }),
};

export const LIST_OF_VALUES: Phrasing = {
  name: 'a list of values',
  examples: [
    ['finishes it comes in (a list, e.g. matt, gloss, satin)', item('finishes it comes in', { type: 'stringList' })],
    ['waste types (one or more of: rubble, wood, garden)', item('waste types', { type: 'stringList' })],
  ],
  // "(a list, e.g. ...)", "(one or more of: ...)": several values at once, never one of them
  match: (s) => /^([a-z][\w '-]{0,40}?)\s*\((?:a list|list|several|one or more|any number)\b[^()]*\)$/i.exec(s),
  read: (m) => item(m[1] as string, { type: 'stringList' }),
};

export const LONG_TEXT: Phrasing = {
  name: 'a long text said in parentheses',
  examples: [
    ['description (long: clothing, height, etc.)', item('description', { type: 'text' })],
    ['description (a paragraph or two)', item('description', { type: 'text' })],
    ['notes (free text)', item('notes', { type: 'text' })],
    ['notes (long text, optional)', item('notes', { type: 'text', flags: ['optional'] })],
  ],
  // ("(long: clothing, height, etc.)": what it may hold, said at length, is no list of values; a bound, "(a paragraph, max 1000 chars)", is left to the notes)
  match: (s) => /^([a-z][\w '-]{0,40}?)\s*\(((?:long|longer|a (?:long )?paragraph|paragraphs?|free[- ]?(?:text|form)|multi-?line|several lines|a few lines)\b[^()\d]*)\)$/i.exec(s),
  // (a flag beside it is the field's: "(long text, optional)")
  read: (m) => {
    const flags = (m[2] as string).split(/\s*,\s*/).slice(1).map((f) => f.trim().toLowerCase()).filter((f) => f === 'optional' || f === 'unique');
    return item(m[1] as string, { type: 'text', ...(flags.length ? { flags } : {}) });
  },
};
