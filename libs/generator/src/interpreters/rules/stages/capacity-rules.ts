import type { ReadingState } from './reading-state.js';
import type { FieldDraft } from '../fields.js';
import { CAPACITY_CUES, LIMIT_NAMES, LIMIT_WORDS, NEGATIONS, REFUSALS } from '../lexicon.js';
import { keyOf, referenceTo, type ResourceDraft, type RuleDraft } from '../model.js';
import { camelCase, pascalCase, plural, singular } from '../text.js';
import type { RulePhrasing, RuleReading } from './rule-phrasings.js';

/**
 * Capacity rules, however people say them: records pointing at a parent may not outnumber one
 * of the parent's numbers ("no more guests than the capacity", "a workshop is full when its
 * bookings reach its rigging points", "an event is capped at its max participants", "seats are
 * limited"). A count of records is a whole number, so the limit becomes an integer (rules.ts).
 */
/** "while places are left", "as long as there are still seats remaining": a limit not yet reached; the words name the limit. */
export const SOME_LEFT = '(?:only\\s+)?(while|as long as)\\s+((?:there\\s+are\\s+)?(?:still\\s+)?(?:some\\s+)?([a-z]+)\\s+(?:are\\s+)?(?:left|remaining|remain|available|free))';
const LEFT_IN = new RegExp(`\\b${SOME_LEFT}\\b`);

export const pointingAt = (ctx: ReadingState, parent: ResourceDraft): ResourceDraft[] => ctx.resources.filter((r) => r !== parent && referenceTo(r, parent) !== undefined);
/** The records pointing at `parent` the words name, else the only one. */
const childNamed = (ctx: ReadingState, parent: ResourceDraft, ws: readonly string[]): ResourceDraft | undefined => {
  const pointing = pointingAt(ctx, parent);
  const named = pointing.filter((r) => ws.some((w) => r.words.includes(singular(w)) || r.words.join('') === singular(w).replace(/-/g, '')));
  return named.length === 1 ? named[0] : pointing.length === 1 ? pointing[0] : undefined;
};

export function capacity(parent: ResourceDraft, child: ResourceDraft, limit: string): Extract<RuleReading, { kind: 'capacity' }> {
  const via = referenceTo(child, parent);
  return {
    kind: 'capacity',
    rule: { kind: 'capacity', resource: keyOf(child.words), via: via?.spec.name ?? camelCase(parent.words), limitField: limit, message: `This ${parent.words.join(' ')} is full` },
    says: `a ${parent.words.join(' ')} takes at most ${limit} ${plural(child.words.join(' '))}`,
    ...(via ? {} : { link: { child, parent } }),
  };
}

/** A field that can hold a count: a number, or words the reading left as text ("how many it can take"). */
const countable = (f: FieldDraft): boolean => ['integer', 'number', 'string'].includes(f.spec.type) && !f.spec.references && !f.spec.values;
/** A numbered thing's own number ("tableNumber") names it; it holds no limit ("maxAttendeesNumber" does). */
const ownNumber = (f: FieldDraft): boolean => /^(?!max|min|total)[a-z]+Number$/.test(f.spec.name);
/** The words of a field that name it, without "max", "number of" and the like. */
const naming = (f: FieldDraft): string[] => {
  const ws = f.spec.name.replace(/([A-Z])/g, ' $1').toLowerCase().split(/\s+/).filter(Boolean);
  // ("maxParticipants", "numberOfSeats" are named by what they count; "tableNumber" by its last word too)
  while (ws.length > 1 && ['max', 'maximum', 'number', 'of', 'no', 'how', 'many', 'total'].includes(ws[0] as string)) ws.shift();
  return ws;
};

/**
 * The parent, child and limit a capacity clause speaks of, when it says one: a limit cue, and
 * either one of a parent's countable fields named in full, or the parent named with a cue that
 * only a limit takes ("full", "limited", "capped", "than it can take") and one limit-like field.
 */
export function capacitySaid(ctx: ReadingState, ws: readonly string[]): { parent: ResourceDraft; child: ResourceDraft; limit: FieldDraft } | undefined {
  const said = ws.join(' ');
  // ("list listings by type and max price" asks for a list; "a wind forecast over 25 knots" is a bound, not a count)
  if (/\b(?:list|show|see|view|filter|search|find)\b/.test(said) || ws.some((w) => /^\d/.test(w))) return undefined;
  // ("an order for more than the stock count is refused" bounds what one order asks for, not how many orders there are)
  if (/\bfor (?:more|fewer|less) than\b/.test(said)) return undefined;
  if (!ws.some((w) => CAPACITY_CUES.has(w)) && !/\bthan (?:it|they) (?:can take|has|have|holds?)\b/.test(said)) return undefined;
  const seen = new Set(ws.map((w) => singular(w)));
  /** The parent's countable fields the words name in full, the longest name first. */
  const namedFields = (parent: ResourceDraft): FieldDraft[] =>
    parent.fields.filter((f) => countable(f) && naming(f).length > 0 && naming(f).every((w) => seen.has(singular(w)) || seen.has(w))).sort((a, b) => naming(b).length - naming(a).length);
  const named = (r: ResourceDraft): boolean => seen.has(r.words[r.words.length - 1] as string);
  const parents = ctx.resources.filter((r) => pointingAt(ctx, r).length > 0);
  for (const parent of parents) {
    const limit = namedFields(parent)[0];
    const child = limit && childNamed(ctx, parent, ws);
    if (limit && child) return { parent, child, limit };
  }
  // "no more bookings for a ceilidh than its capacity": both records named, the one not yet tied to
  // the other is tied to it by the rule
  for (const parent of ctx.resources.filter((r) => named(r) && pointingAt(ctx, r).length === 0)) {
    const limit = namedFields(parent).find((f) => !ownNumber(f));
    // (never a record the parent itself points at: "a booking can't carry more passengers than its carriage's seats")
    const children = ctx.resources.filter((r) => r !== parent && named(r) && !r.fields.some((f) => f.spec.type === 'reference') && !parent.fields.some((f) => f.spec.references === pascalCase(r.words)));
    // ("... for a ceilidh than ...", or the parent as the subject: "a session can't take more reservations than its mats")
    const parentSaid = new RegExp(`\\b(?:for|per|in|on) (?:a|an|the|each|one) ${parent.words.join(' ')}\\b`).test(said) || new RegExp(`^(?:(?:a|an|the|each|every|one) )?${parent.words.join(' ')} (?:${[...NEGATIONS].join('|')}|must not|may not|should not|can not) (?:ever )?(?:take|have|hold|get|accept|allow|receive|fit)\\b`).test(said);
    if (limit && children.length === 1 && parentSaid) return { parent, child: children[0] as ResourceDraft, limit };
  }
  const strong = /\b(?:full|limited|capped|overbook\w*|oversell|oversold|sold out)\b|\bthan (?:it|they) can take\b/.test(said);
  for (const parent of strong ? parents.filter(named) : []) {
    const limits = parent.fields.filter((f) => countable(f) && LIMIT_NAMES.test(f.spec.name));
    const child = childNamed(ctx, parent, ws);
    if (limits.length === 1 && child) return { parent, child, limit: limits[0] as FieldDraft };
  }
  return undefined;
}

/** A capacity's limit, read as a number or as words, holds a count: a whole number from zero. */
export function wholeLimit(ctx: ReadingState, rule: Extract<RuleDraft, { kind: 'capacity' }>): void {
  const child = ctx.resources.find((r) => keyOf(r.words) === rule.resource);
  const parentName = child?.fields.find((f) => f.spec.name === rule.via)?.spec.references;
  const limit = ctx.resources.find((r) => pascalCase(r.words) === parentName)?.fields.find((f) => f.spec.name === rule.limitField);
  if (!limit || limit.spec.type === 'integer') return;
  limit.spec.type = 'integer';
  if (limit.spec.min === undefined) limit.spec.min = 0;
}

export const CAPACITY_PHRASINGS: RulePhrasing[] = [
  {
    name: 'a limit field caps the records pointing at it',
    examples: [
      ['Events have a title and a capacity. Guests can RSVP to an event by giving a name and email. No more guests than the capacity.', 'a event takes at most capacity rsvps'],
      ['Courses have a code and a max enrollment. Students enroll in a course; a course cannot exceed its max enrollment.', 'a course takes at most maxEnrollment enrollments'],
    ],
    read: ({ ws, ctx }) => {
      if (!ws.some((w) => LIMIT_WORDS.has(w))) return undefined;
      for (const parent of ctx.resources) {
        const limit = parent.fields.find((f) => f.spec.type === 'integer' && !ownNumber(f) && ws.some((w) => f.words.includes(w) || f.spec.name === w));
        if (!limit) continue;
        const pointing = pointingAt(ctx, parent);
        const named = pointing.find((r) => ws.some((w) => r.words.includes(singular(w)) || r.words.join('') === singular(w).replace(/-/g, '')));
        const child = named ?? (pointing.length === 1 ? pointing[0] : undefined);
        if (child) return capacity(parent, child, limit.spec.name);
      }
      return undefined;
    },
  },
  {
    name: 'a refusal restating a known capacity',
    examples: [
      ['Workshops have a title and a max attendees number. Attendees sign up for a workshop with their name. A workshop holds at most its max attendees; extra sign-ups are rejected.', '"extra sign-ups are rejected" restates the capacity rule'],
      ['Tours have a name and a capacity. Hikers book a tour with their name. A tour holds at most its capacity; extra bookings are refused.', '"extra bookings are refused" restates the capacity rule'],
    ],
    read: ({ clause: c, ws, ctx }) => {
      if (!ws.some((w) => LIMIT_WORDS.has(w)) || !ws.some((w) => REFUSALS.has(w) || NEGATIONS.has(w))) return undefined;
      const known = ctx.rules.find((r) => r.kind === 'capacity' && ws.some((w) => keyOf(r.resource.split(' ')).replace(/ /g, '') === singular(w).replace(/-/g, '') || r.resource.split(' ').includes(singular(w))));
      return known ? { kind: 'noted', says: `"${c.text}" restates the capacity rule` } : undefined;
    },
  },
  {
    name: 'a record that cannot be overbooked',
    examples: [
      ['Screenings have a movie title and a number of seats. People reserve a seat for a screening with their name. A screening can not be overbooked.', 'a screening takes at most seats reservations'],
      ['Meetups have a title and a maximum number of attendees. Attendees register for a meetup with a name; once a meetup is full, further registrations are refused.', 'a meetup takes at most maxAttendees registrations'],
      ['Workshops have a date and seats. Tickets have a workshop and a name. Stop selling tickets once a workshop\'s seats are gone.', 'a workshop takes at most seats tickets'],
      ['Sessions have a date and a maximum number of swimmers. Bookings have a name and an email. And of course no overbooking!', 'a session takes at most maxSwimmers bookings'],
      ['Workshops have a title and places. Bookings have a workshop and a name. Bookings are taken only while places are left.', 'a workshop takes at most places bookings'],
    ],
    read: ({ ws, ctx }) => {
      // ("stop selling tickets once a workshop's seats are gone": its places used up say the same;
      // "book a workshop while places are left", "as long as seats remain": only while some are not)
      const left = LEFT_IN.exec(ws.join(' '));
      const usedUp = left !== null || /\b(?:are|is)\s+(?:gone|taken|sold out|used up|booked up)\b/.test(ws.join(' '));
      const overbooking = ws.some((w) => /^overbook/.test(w));
      if (!usedUp && !overbooking && !ws.some((w) => /^over[a-z]+ed$/.test(w) || w === 'full')) return undefined;
      const limitsOf = (parent: ResourceDraft): FieldDraft[] => parent.fields.filter((f) => f.spec.type === 'integer' && /capacity|seats|spots|slots|limit|max|places|tickets|size/i.test(f.spec.name));
      // ("and of course no overbooking!": the record with a limit is the one booked, when only one has
      // a limit; its bookings, if they point at nothing yet, are tied to it)
      const namedParents = ctx.resources.filter((r) => ws.some((w) => r.words.includes(singular(w))));
      // ("only while places are left": the record whose limit the words name)
      const byLimit = left ? ctx.resources.filter((r) => limitsOf(r).some((f) => f.spec.name.toLowerCase().includes(singular(left[3] as string)))) : [];
      const parents = byLimit.length > 0 ? byLimit : namedParents.length > 0 || !overbooking ? namedParents : ctx.resources.filter((r) => limitsOf(r).length === 1);
      const found = parents.flatMap((parent) => {
        const limits = limitsOf(parent);
        const pointing = pointingAt(ctx, parent);
        const booking = overbooking && pointing.length === 0 ? ctx.resources.filter((r) => r !== parent && r.words.join(' ') === 'booking' && !r.fields.some((f) => f.spec.type === 'reference')) : [];
        const child = pointing.length === 1 ? pointing[0] : booking.length === 1 ? booking[0] : undefined;
        return limits.length === 1 && child ? [capacity(parent, child, (limits[0] as FieldDraft).spec.name)] : [];
      });
      return found.length === 1 ? found[0] : undefined;
    },
  },
  {
    name: 'a capacity said any other way',
    examples: [
      ['Ceremonies have a date and a gown stock. Hires have a ceremony and a name. Hires for a ceremony are capped at its gown stock.', 'a ceremony takes at most gownStock hires'],
      ['Trips have a date and boat spaces. Divers have a name and a trip. A trip is full once its divers reach its boat spaces.', 'a trip takes at most boatSpaces divers'],
      ['Slots have a start time and spaces. Abseilers have a name and a slot. Please do not let more people sign up to a slot than it can take.', 'a slot takes at most spaces abseilers'],
      ['Sessions have a date and a number of mats. Reservations have a name and an email. A session can\'t take more reservations than its mats.', 'a session takes at most mats reservations'],
    ],
    read: ({ ws, ctx }) => {
      const found = capacitySaid(ctx, ws);
      return found ? capacity(found.parent, found.child, found.limit.spec.name) : undefined;
    },
  },
];
