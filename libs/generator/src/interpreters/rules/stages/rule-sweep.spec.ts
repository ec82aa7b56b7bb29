import { interpretPrompt } from '../interpret.js';

/**
 * Everyday ways of saying a capacity and a parent guard on the same two records: each must give the
 * rule it says. Left out, still not read: "Once all places are taken, further bookings are refused",
 * "max bookings = places", "each workshop only has so many places, so no overbooking".
 */
const BASE = 'Workshops have a title, a date, a status (open or cancelled) and a number of places. Bookings have a workshop, a name and an email.';
const CAPACITY = [
  'A workshop cannot take more bookings than its places.',
  "A workshop can't have more bookings than places.",
  'No more bookings than places.',
  'Bookings close once a workshop is full.',
  'You can only book while places are left.',
  'Stop taking bookings when the workshop is full.',
  'Never overbook a workshop.',
  'The number of bookings for a workshop must not exceed its places.',
  'Bookings are limited to the number of places.',
  'A workshop is full when it has as many bookings as places.',
  "don't let people book a full workshop",
];
const GUARD = [
  'You cannot book a cancelled workshop.',
  'Bookings can only be made for open workshops.',
  "No bookings on a workshop that's cancelled.",
  'A booking is refused when its workshop is cancelled.',
  'Only open workshops can be booked.',
  "people shouldn't be able to book cancelled workshops",
];

const rulesOf = (sentence: string): unknown[] => {
  const r = interpretPrompt('x', `${BASE} ${sentence}`);
  return r.ok ? r.blueprint.rules : [];
};

describe('everyday rules, swept', () => {
  it.each(CAPACITY)('"%s" caps the bookings of a workshop at its places', (sentence) => {
    expect(rulesOf(sentence)).toContainEqual(expect.objectContaining({ kind: 'capacity', resource: 'Booking', via: 'workshop', limitField: 'places' }));
  });

  it.each(GUARD)('"%s" takes bookings only while the workshop is open', (sentence) => {
    const guard = rulesOf(sentence).find((r) => (r as { kind: string }).kind === 'parentGuard') as { field: string; op: string; value: unknown } | undefined;
    expect(guard?.field).toBe('status');
    expect(guard && (guard.op === 'eq' ? guard.value === 'open' : guard.value === 'cancelled')).toBe(true);
  });
});
