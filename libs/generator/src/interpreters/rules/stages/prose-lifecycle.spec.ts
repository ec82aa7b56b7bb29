import { accept, action, field } from '../test-support.js';
import { LIFECYCLE_PHRASINGS, proseLifecycles } from './prose-lifecycle.js';

/** A lifecycle told in prose (session 2026-11-28, night 4): each phrasing with its examples, read through the whole interpreter. */
const EXAMPLES: Record<string, [string, string, string[], string[]][]> = {
  'a first state, then what is done to the record': [
    ['Rosette orders: show name, contact email and wording; an order starts as ordered, then I print it and post it.', 'Order', ['ordered', 'printed', 'posted'], ['printOrder', 'postOrder']],
    ['Bookings have a parent name and a fee. A booking comes in as an enquiry; I confirm it once the deposit is paid, complete it after the day, or cancel it if plans change.', 'Booking', ['enquiry', 'confirmed', 'completed', 'cancelled'], ['confirmBooking', 'completeBooking', 'cancelBooking']],
    ['Orders have a customer name and a size. Orders come in as received, go to printed once they are off the printer and shipped when they are posted.', 'Order', ['received', 'printed', 'shipped'], ['printOrder', 'shipOrder']],
    ['An order has the customer name and a pickup time. Each order has a status that starts as waiting; when I start it, it becomes brewing, when I finish it, it is ready, and when the customer collects it, it is collected.', 'Order', ['waiting', 'brewing', 'ready', 'collected'], ['startOrder', 'finishOrder', 'collectOrder']],
    ['Proposals have a title and an email. Every proposal starts as submitted; the committee then accepts or rejects it.', 'Proposal', ['submitted', 'accepted', 'rejected'], ['acceptProposal', 'rejectProposal']],
    ['Reservations have a name, a mobile number and a date. A reservation starts as booked, becomes seated when the guests arrive and finished when they leave.', 'Reservation', ['booked', 'seated', 'finished'], ['seatReservation', 'finishReservation']],
    ['Candidates have a name and a proposer. A candidate starts as proposed, is then interviewed by the committee, and after the ballot is either initiated or rejected.', 'Candidate', ['proposed', 'interviewed', 'initiated', 'rejected'], ['interviewCandidate', 'initiateCandidate', 'rejectCandidate']],
    ['Orders have a flavour and a number of trays. An order starts off as placed; when it is out of the oven I mark it baked, and after I drop it off I mark it delivered. If a cafe cancels before I have baked it, I mark it cancelled.', 'Order', ['placed', 'baked', 'delivered', 'cancelled'], ['bakeOrder', 'deliverOrder', 'cancelOrder']],
  ],
  'the states listed, then the verbs that reach them': [
    ['Reports have a store name and a score. Report must be approved by me before it goes to the client, so status is submitted, approved or rejected - I approve or reject.', 'Report', ['submitted', 'approved', 'rejected'], ['approveReport', 'rejectReport']],
  ],
  'a first state, then what is done to the record, told with "then"': [
    ["i digitise old tapes: each order has an email and a tape count. an order is received, then i digitise it, then i ship it.", 'Order', ['received', 'digitised', 'shipped'], ['digitiseOrder', 'shipOrder']],
  ],
  'a state until someone does one thing or another to it': [
    ['For each application we need the dealer name, an email and the number of tables. An application is pending until the committee either accepts it or refuses it.', 'Application', ['pending', 'accepted', 'refused'], ['acceptApplication', 'refuseApplication']],
    ['Tenants report an issue with their apartment number, a description and an urgency (low, normal, urgent). Each issue stays open until I close it, and I want to list the issues by urgency.', 'Issue', ['open', 'closed'], ['closeIssue']],
  ],
  'a record said to be in one of its states': [
    ['I keep my quotes: the homeowner name, the address and the quoted price. Each quote is pending, accepted or declined, and I want to be able to accept or decline one.', 'Quote', ['pending', 'accepted', 'declined'], ['acceptQuote', 'declineQuote']],
    ['Clients book a class with name + email, a booking is booked or cancelled. When they cancel the spot opens again.', 'Booking', ['booked', 'cancelled'], ['cancelBooking']],
  ],
  'a state until something is done, then the next': [
    ['Maps have a title and a price. A map is available until someone reserves it while they sort out payment, and then it is sold.', 'Map', ['available', 'reserved', 'sold'], ['reserveMap', 'sellMap']],
  ],
};

describe('a lifecycle told in prose', () => {
  it('has examples for every phrasing', () => {
    expect(LIFECYCLE_PHRASINGS.map((p) => p.name).sort()).toEqual(Object.keys(EXAMPLES).sort());
  });

  describe.each(Object.entries(EXAMPLES))('%s', (_name, examples) => {
    it.each(examples)('%s', (prompt, record, states, steps) => {
      const bp = accept(prompt);
      expect(field(bp, record, 'status')).toMatchObject({ type: 'enum', values: states });
      for (const step of steps) expect([step, action(bp, step, 'transition').kind]).toEqual([step, 'transition']);
    });
  });

  it('keeps the words before the telling, and leaves a prompt that names its status itself as written', () => {
    expect(proseLifecycles('Rosette orders: show name, wording; an order starts as ordered, then I print it.')).toBe('Rosette orders: show name, wording. Orders have a status (ordered, printed). Print an order (from ordered to printed).');
    const written = 'Orders have a status (ordered, printed). An order starts as ordered, then I print it.';
    expect(proseLifecycles(written)).toBe(written);
    const untold = 'Wheels have a shelf (integer, 1..40)... and a cheese type? Yes.\n- mark a wheel as sold';
    expect(proseLifecycles(untold)).toBe(untold);
  });
});
