import type { Blueprint } from '@backforge/blueprint';
import { interpretPrompt } from '../interpret.js';

const read = (prompt: string): Blueprint => {
  const r = interpretPrompt('x', prompt);
  if (!r.ok) throw new Error(`refused: ${r.error.missing.join('; ')}`);
  return r.blueprint;
};

describe('everyday readings (session 2026-11-28 evening)', () => {
  it('"cancel jobs" with no status keeps the job, marked cancelled once, beside a delete', () => {
    const bp = read('When a customer calls we create a job with their address and the visit date. We also need to cancel jobs.');
    const job = bp.resources.find((r) => r.name === 'Job');
    expect(job?.fields.find((f) => f.name === 'cancelled')).toMatchObject({ type: 'boolean', default: false, generated: 'managed' });
    expect(bp.actions.find((a) => a.name === 'cancelJob')).toMatchObject({
      kind: 'transition',
      guards: [{ field: 'cancelled', op: 'ne', value: { literal: true } }],
      effects: [{ set: 'cancelled', to: { literal: true } }],
    });
    expect(bp.actions.some((a) => a.kind === 'delete' && a.resource === 'Job')).toBe(true);
  });

  it('a cancel with a condition and no status to hold it stays a delete with the condition named', () => {
    const r = interpretPrompt('x', 'Print jobs have a file name and pages. Cancel a print job while it is queued.');
    expect(r.ok && r.blueprint.actions.some((a) => a.kind === 'transition')).toBe(false);
    expect(r.ok && r.warnings.some((w) => w.includes('while it is queued'))).toBe(true);
  });

  it('a booking kept as cancelled frees its place: by the cancelled flag, or by the status value', () => {
    const flag = read('Classes have a title and a max size. Members book a class with their name. A class cannot take more bookings than its max size. Members can cancel a booking.');
    expect(flag.rules).toContainEqual(expect.objectContaining({ kind: 'capacity', resource: 'Booking', freedWhen: { field: 'cancelled', value: true } }));
    const status = read('Workshops have a title and a number of seats. Bookings have a workshop, a name and a status (booked, attended, cancelled). A booking can\'t be made when the workshop is full. Guests can cancel a booking.');
    expect(status.rules).toContainEqual(expect.objectContaining({ kind: 'capacity', resource: 'Booking', freedWhen: { field: 'status', value: 'cancelled' } }));
  });

  const status = (prompt: string, resource: string) => read(prompt).resources.find((r) => r.name === resource)?.fields.find((f) => f.name === 'status');

  it('"jobs go from enquiry to accepted to ..." after the jobs are described gives their status, with its moves', () => {
    for (const states of ['Jobs go from enquiry to accepted to painting to finished.', 'The status goes from enquiry to accepted to painting to finished.']) {
      expect(status(`Jobs have a customer name and a price. ${states}`, 'Job')).toMatchObject({
        type: 'enum',
        values: ['enquiry', 'accepted', 'painting', 'finished'],
        transitions: [{ from: 'enquiry', to: 'accepted' }, { from: 'accepted', to: 'painting' }, { from: 'painting', to: 'finished' }],
      });
    }
  });

  it('reads states told as a list in order, with commas and "then", and a side state reached from some or all', () => {
    expect(status('Requests have a title and a deadline. Every request moves through received, transcribing, proofreading and sent, in that order.', 'Request')?.values).toEqual(['received', 'transcribing', 'proofreading', 'sent']);
    expect(status('Enquiries have a name and a date. An enquiry goes new, then quoted, then booked.', 'Enquiry')?.transitions).toEqual([{ from: 'new', to: 'quoted' }, { from: 'quoted', to: 'booked' }]);
    expect(status('Collections have an address and a date. A collection goes from booked to collected to paid, or it can be cancelled while it is still booked.', 'Collection')?.transitions).toContainEqual({ from: 'booked', to: 'cancelled' });
    const any = status('Bookings have a name and a date. Bookings go from requested to confirmed to completed, or get cancelled.', 'Booking')?.transitions;
    expect(any?.filter((t) => t.to === 'cancelled')).toEqual([{ from: 'requested', to: 'cancelled' }, { from: 'confirmed', to: 'cancelled' }]);
  });

  it('a status line gives the states of the record it names, or of the one described before', () => {
    expect(status('Hedgehogs have a name and a weight. Status of a hedgehog: in care, ready, released.', 'Hedgehog')?.values).toEqual(['in care', 'ready', 'released']);
    expect(status('Jobs have a customer name and a price. Job status: quoted -> accepted -> done.', 'Job')?.transitions).toHaveLength(2);
    expect(status('Jobs have a customer name and a price. status is booked, done or paid, we just change the status as we go.', 'Job')?.values).toEqual(['booked', 'done', 'paid']);
    expect(status('Jobs have a customer name and a price. Status: submitted -> under review -> approved | refused.', 'Job')?.values).toEqual(['submitted', 'under review', 'approved', 'refused']);
    expect(status('Jobs have a customer name and a price. The status is set by staff.', 'Job')).toBeUndefined();
  });

  it('a record known only by its states is described by "we book a collection with ...", not booked', () => {
    const bp = read("A collection goes from booked to collected to paid. Customers ring up and we book a collection with the customer's name, the address and the date.");
    expect(bp.resources.map((r) => r.name)).toEqual(['Collection']);
    expect(bp.resources[0]?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['status', 'customerName', 'address', 'date']));
  });

  it('"parking permits for residents, each with ..." describes the permits, and a list after a semicolon is still read', () => {
    const bp = read('Parking permits for residents, each with a licence plate, a street and an expiry date; list permits by street.');
    expect(bp.resources.map((r) => [r.name, r.fields.map((f) => f.name)])).toEqual([['Permit', ['licencePlate', 'street', 'expiryDate']]]);
    expect(bp.actions.find((a) => a.kind === 'list')).toMatchObject({ filters: [{ field: 'street', op: 'eq' }, { field: 'expiryDate', op: 'eq' }] });
  });

  it('"an order for more than the stock count is refused" bounds one order, never the number of orders', () => {
    const r = interpretPrompt('x', 'Products have a name and a stock count. Orders have a product, a company name and a quantity. An order for more than the stock count of that product is refused.');
    expect(r.ok && r.blueprint.rules.filter((x) => x.kind === 'capacity')).toEqual([]);
  });

  it('"return a hire" when the hire is itself the taking ends it, once', () => {
    const bp = read('Hires have a member name and a start date. Members return a hire.');
    expect(bp.actions.find((a) => a.name === 'returnHire')).toMatchObject({ kind: 'transition', guards: [{ field: 'returned', op: 'ne' }], effects: [{ set: 'returned', to: { literal: true } }] });
  });

  it('records that "got" their fields have them', () => {
    const bp = read('menu items got a name, price, and if its spicy or not. orders got customer name, phone, pickup time.');
    expect(bp.resources.map((r) => [r.name, r.fields.map((f) => f.name)])).toEqual([
      ['MenuItem', ['name', 'price', 'spicy']],
      ['Order', ['customerName', 'phone', 'pickupTime']],
    ]);
  });

  it('the records a sentence is about, behind context and relative clauses', () => {
    const names = (prompt: string) => read(prompt).resources.map((r) => r.name);
    expect(names('Every batch we lift on the garlic farm gets recorded with its variety, the plot it came from, harvest date and weight in kilograms.')).toEqual(['Batch']);
    expect(names('We supply avocados by the crate to restaurants, so each order should hold the restaurant, the number of crates and the delivery date.')).toEqual(['Order']);
    expect(names('I need a register of pupils with their name, age (5 to 12) and a parent phone number.')).toEqual(['Pupil']);
  });

  it('"..., and customers place orders for one product giving their email and a quantity" starts the orders with their fields', () => {
    const bp = read('Products have a scent, a form (sticks, cones or resin), pack size and price, and customers place orders for one product giving their email and a quantity between 1 and 20.');
    expect(bp.resources.find((r) => r.name === 'Order')?.fields.map((f) => f.name)).toEqual(['email', 'quantity', 'product']);
    expect(bp.resources.find((r) => r.name === 'Product')?.fields.map((f) => f.name)).toEqual(['scent', 'form', 'packSize', 'price']);
  });

  it('reads a list\'s filter in parentheses, before "filter", and records by a field whose first word is a verb too', () => {
    const lists = (prompt: string) => read(prompt).actions.filter((a) => a.kind === 'list').map((a) => (a.kind === 'list' ? a.filters.map((f) => f.field) : []));
    expect(lists('Rooms have a number and smoking (yes/no).\n- add rooms, list rooms (filter on smoking)')).toEqual([['smoking']]);
    expect(lists('Jobs have a customer name and a type (a, b).\n- jobs: create, list with a type filter, get by id')).toEqual([['type']]);
    expect(lists('Loans have a player name and an issue date.\n- loans by player name')).toEqual([['playerName', 'issueDate']]);
    expect(lists('Stays have a guest name, an arrival date and a cabin. Stays by cabin, and stays by arrival date.')).toEqual([['cabin', 'arrivalDate']]);
  });

  it('"see who is coming to each lesson", "whos signed up for a gig" lists the records pointing at it', () => {
    const listOf = (prompt: string, resource: string) => read(prompt).actions.find((a) => a.kind === 'list' && a.resource === resource);
    expect(listOf('Lessons have a date. Bookings have a lesson and a name. I want see who is coming to each lesson.', 'Booking')).toMatchObject({ filters: [{ field: 'lesson', op: 'eq' }] });
    expect(listOf('Gigs have a date and max players. Signups have a gig, a name and a part. And see whos signed up for a gig.', 'Signup')).toMatchObject({ filters: [{ field: 'gig', op: 'eq' }] });
    // (a sentence that asks more after it is left to the reading of the whole)
    expect(listOf("Sessions have a title and a date. Bookings have a session and a name. I want to see who's booked on a session and what sessions are on a given day.", 'Booking')).toBeDefined();
  });

  it('a "Lists:" label parts its lists at commas and middle dots when each names records by something', () => {
    const lists = (prompt: string) => read(prompt).actions.filter((a) => a.kind === 'list').map((a) => [a.resource, a.kind === 'list' ? a.filters.map((f) => f.field) : []]);
    expect(lists('Members have a name and a unit (a, b). Events have a date. Attendances have a member and an event.\n**Lists:** attendance for an event · members by unit')).toEqual(
      expect.arrayContaining([['Member', ['unit']], ['Attendance', ['event', 'member']]]),
    );
    expect(lists('Cars have an owner name and a build status (planning, building, done). Entries have a car.\nLists: entries by car, cars by build status.')).toEqual(
      expect.arrayContaining([['Car', ['buildStatus']], ['Entry', ['car']]]),
    );
  });

  it('a temperature "in whole degrees C" is counted in whole degrees Celsius; "in degrees" of an angle is no temperature', () => {
    const field = (prompt: string) => read(prompt).resources[0]?.fields[0];
    expect(field('Batches have a sugar temperature in whole degrees C (120 to 160) and a weight.')).toMatchObject({ name: 'sugarTemperatureCelsius', type: 'integer', min: 120, max: 160 });
    expect(field('Batches have a temperature in degrees F and a weight.')).toMatchObject({ name: 'temperatureFahrenheit', type: 'number' });
    expect(field('Readings have an angle in degrees and a note.')?.name).not.toMatch(/Celsius/);
  });

  it('"whether it passed the taste check" keeps what was passed in its name; "whether they paid the £4" does not', () => {
    const names = (prompt: string) => read(prompt).resources[0]?.fields.map((f) => f.name);
    expect(names('Every batch gets a flavour, the cook date, the slab weight in grams and whether it passed the taste check.')).toContain('tasteCheckPassed');
    expect(names('Members: name, email, whether they are bringing their own instrument')).toContain('bringingOwnInstrument');
    expect(names('Members: name, email, whether they have paid the £4')).toContain('paid');
  });

  it('"- **return** a hire - once only" returns the hire', () => {
    expect(read("Hires have a member name and a start date.\n- **return** a hire - once only, a hire can't be returned twice").actions.map((a) => a.name)).toContain('returnHire');
  });

  it('"job type - resole, heel, stretch or polish - price" gives the field its values between the dashes', () => {
    const job = read('Jobs have a customer name, a job type - resole, heel, stretch or polish - price and ready date.').resources[0];
    expect(job?.fields.map((f) => f.name)).toEqual(['customerName', 'jobType', 'price', 'readyDate']);
    expect(job?.fields.find((f) => f.name === 'jobType')?.values).toEqual(['resole', 'heel', 'stretch', 'polish']);
  });

  it('"a grade from 1 to 6 for how hard it is" is a grade; "Nobody under 12 may book" is the booking\'s least age', () => {
    expect(read('Trips have a canyon name, a date, a grade from 1 to 6 for how hard it is, and a number of places.').resources[0]?.fields.find((f) => f.name === 'grade')).toMatchObject({ type: 'integer', min: 1, max: 6 });
    const bp = read('Trips have a canyon name and a date. Guests book onto a trip with their name and their age. Nobody under 12 may book.');
    expect(bp.resources.find((r) => r.name === 'Booking')?.fields.find((f) => f.name === 'age')?.min).toBe(12);
  });

  it('a clause of two rules keeps both: "Nobody under 12 may book, and once a trip\'s places are gone it must stop taking bookings"', () => {
    const bp = read("Trips have a canyon name, a date and a number of places. Guests book onto a trip with their name and their age. Nobody under 12 may book, and once a trip's places are gone it must stop taking bookings.");
    expect(bp.resources.find((r) => r.name === 'Booking')?.fields.find((f) => f.name === 'age')?.min).toBe(12);
    expect(bp.rules).toContainEqual(expect.objectContaining({ kind: 'capacity', resource: 'Booking', limitField: 'places' }));
  });
});

