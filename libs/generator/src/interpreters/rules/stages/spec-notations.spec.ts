import { accept, action, field, fieldNames } from '../test-support.js';
import { interpretPrompt } from '../interpret.js';
import { endpointLines } from './endpoints.js';
import { chainSteps } from './lifecycle.js';

/** The notations of written specs (session 2026-11-28, night 2): routes, lifecycles, columns, labels. */
describe('notations of a written spec', () => {
  it('a heading "Entity: Closure", "Resource: Microscope" or "Fields per fencer" names the record, not its label', () => {
    for (const heading of ['Entity: Closure', 'Resource: Closure', 'Table - Closure', 'Fields per closure', 'Fields for each closure']) {
      const bp = accept(`Road closures\n\n${heading}\n  * road name\n  * starts on (date)\n  * contractor\n`);
      expect([heading, bp.resources.map((r) => r.name)]).toEqual([heading, ['Closure']]);
      expect(fieldNames(bp, 'Closure')).toEqual(['roadName', 'startsOn', 'contractor']);
    }
  });

  it('fields laid out in two columns of spaces are items with their notes', () => {
    const bp = accept('Entity: Download\n  driver_name       text\n  download_date     date\n  infringements     whole number, not negative\n  reviewed          yes/no, no when recorded\n  roasted_weight    kg, decimal\n');
    expect(field(bp, 'Download', 'driverName').type).toBe('text');
    expect(field(bp, 'Download', 'downloadDate').type).toBe('date');
    expect(field(bp, 'Download', 'infringements')).toMatchObject({ type: 'integer', min: 0 });
    expect(field(bp, 'Download', 'reviewed').type).toBe('boolean');
    expect(field(bp, 'Download', 'roastedWeight').type).toBe('number');
  });

  it('a method in a column over what it does is that action', () => {
    const bp = accept('Entity: Batch\n  batch code      unique\n  roast date      date\n\nEndpoints\n  POST   create a batch\n  GET    one batch by batch code\n');
    expect(action(bp, 'getBatchByBatchCode', 'get').by).toBe('batchCode');
  });

  it('a name written in snake case is its words, typed by them', () => {
    const bp = accept('Patients:\n- full_name\n- date_of_birth\n- valid_until (date)\n');
    expect(fieldNames(bp, 'Patient')).toEqual(['fullName', 'dateOfBirth', 'validUntil']);
    expect(field(bp, 'Patient', 'dateOfBirth').type).toBe('date');
  });

  it('"string" written as a type is a short string; "(date and hour)" a date and time', () => {
    const bp = accept('Dishes:\n- name (string, unique)\n- served at (date and hour)\n- notes (text)\n');
    expect(field(bp, 'Dish', 'name')).toMatchObject({ type: 'string', unique: true });
    expect(field(bp, 'Dish', 'servedAt').type).toBe('datetime');
    expect(field(bp, 'Dish', 'notes').type).toBe('text');
  });

  it('"deposit paid? yes/no" is a yes/no, and the item after it stays its own', () => {
    const bp = accept('## Commission\n- customer name\n- deposit paid? yes/no\n- price\n');
    expect(fieldNames(bp, 'Commission')).toEqual(['customerName', 'depositPaid', 'price']);
    expect(field(bp, 'Commission', 'depositPaid').type).toBe('boolean');
  });

  it('"Order status: a -> b -> c" after a list naming the status gives it its states, an order being a record there', () => {
    const bp = accept('Entities:\n- Order: customer name, due date, status\n\nOrder status: received -> raising -> shipped\n');
    expect(field(bp, 'Order', 'status')).toMatchObject({ type: 'enum', values: ['received', 'raising', 'shipped'] });
  });
});

describe('routes as actions', () => {
  it.each([
    ['- POST /campaigns, GET /campaigns?status=', ['- create a campaign', '- list campaigns by status']],
    ['  - POST /jobs/{id}/start     (booked -> in progress)', ['  - start a job (from booked to in progress)']],
    ['GET  /tents/by-code/:code', ['- find a tent by code']],
    ['- POST/GET horses', ['- create a horse', '- list horses']],
    [' GET/POST /projects           (GET supports ?client= and ?stage=)', [' - list projects by client and stage', ' - create a project']],
    ['1. POST /customers, GET /customers/{registration}', ['1. create a customer', '1. find a customer by registration']],
    ['2. PATCH /orders/{id} to change the due date; DELETE /orders/:id', ['2. update an order', '2. delete an order']],
    ['3. GET /orders filtered by status and customer', ['3. list orders by status and customer']],
    ['We GET requests from customers.', ['We GET requests from customers.']],
  ])('%s', (line, lines) => {
    expect(endpointLines(line)).toEqual(lines);
  });

  it('a spec whose endpoints are routes gets those actions', () => {
    const bp = accept('Entities:\n- Vehicle: registration (unique), make\n- Job: vehicle, price, status (booked, in progress, done)\n\nEndpoints:\n  - POST /vehicles\n  - GET /vehicles/{registration}\n  - GET /jobs?vehicle=...\n  - POST /jobs/{id}/start (booked -> in progress)\n');
    expect(action(bp, 'createVehicle', 'create')).toBeDefined();
    expect(action(bp, 'getVehicleByRegistration', 'get').by).toBe('registration');
    expect(bp.actions.some((a) => a.kind === 'list' && a.resource === 'Job' && a.filters.some((f) => f.field === 'vehicle'))).toBe(true);
    expect(action(bp, 'startJob', 'transition').effects).toEqual([{ set: 'status', to: { literal: 'in progress' } }]);
  });

  it('"tent: ref Tent" links a hire to its tent, and "POST /hires/:id/dispatch (booked -> out)" is that step', () => {
    const bp = accept('Tent hire API\n\nTent\n- code: string, unique\n- style: dome | tunnel | bell\n\nHire\n- tent: ref Tent\n- customer_name: string\n- status: booked -> out -> returned\n\nRoutes\nGET  /tents/by-code/:code\nGET  /hires?tent=\nPOST /hires/:id/dispatch   (booked -> out)\n');
    expect(field(bp, 'Hire', 'tent')).toMatchObject({ type: 'reference', references: 'Tent' });
    expect(action(bp, 'getTentByCode', 'get').by).toBe('code');
    expect(action(bp, 'dispatchHire', 'transition').effects).toEqual([{ set: 'status', to: { literal: 'out' } }]);
  });
});

describe('a lifecycle written as a section', () => {
  it('reads each step of a chain with the verb beside the state it reaches', () => {
    expect(chainSteps('received -> consultation (publish) -> granted (grant) or refused (refuse)')).toEqual([
      { from: 'received', to: 'consultation', verb: 'publish' },
      { from: 'consultation', to: 'granted', verb: 'grant' },
      { from: 'consultation', to: 'refused', verb: 'refuse' },
    ]);
    expect(chainSteps('`draft` → `sent` → `approved`')).toEqual([
      { from: 'draft', to: 'sent' },
      { from: 'sent', to: 'approved' },
    ]);
    expect(chainSteps('a sentence with no arrows')).toBeUndefined();
  });

  it('"Campaign lifecycle" over steps a line gives the status, its moves and the named steps', () => {
    const bp = accept('Entities\n1. Campaign: title, goal (amount), status.\n\nCampaign lifecycle\n- draft -> live (launch)\n- live -> closed (close)\n- draft -> cancelled (cancel)\n');
    expect(bp.resources.map((r) => r.name)).toEqual(['Campaign']);
    expect(field(bp, 'Campaign', 'status')).toMatchObject({ type: 'enum', values: ['draft', 'live', 'closed', 'cancelled'] });
    for (const name of ['launchCampaign', 'closeCampaign', 'cancelCampaign']) expect(action(bp, name, 'transition')).toBeDefined();
  });

  it('"Workflow" over a chain belongs to the record listed before; "Buttons: ..." names its steps in order', () => {
    const bp = accept('## Commission\n- customer name\n- price\n\n## Workflow\n`ordered` -> `forging` -> `finished` -> `delivered`\n\nButtons: **Forge**, **Finish**, **Deliver**\n');
    expect(bp.resources.map((r) => r.name)).toEqual(['Commission']);
    expect(field(bp, 'Commission', 'status')).toMatchObject({ type: 'enum', values: ['ordered', 'forging', 'finished', 'delivered'] });
    expect(action(bp, 'forgeCommission', 'transition').effects).toEqual([{ set: 'status', to: { literal: 'forging' } }]);
    for (const name of ['finishCommission', 'deliverCommission']) expect(action(bp, name, 'transition')).toBeDefined();
  });
});

describe('the steps of a lifecycle named in a spec (session 2026-11-28, night 3)', () => {
  const moves = (bp: ReturnType<typeof accept>, name: string): unknown => action(bp, name, 'transition').effects;

  it('"Status lifecycle: ..." is the status of the record listed before it; "Transitions: book, scan, report (...)" names its steps', () => {
    const bp = accept('Referral fields:\n- patient_name (string)\n- modality: CT, MRI\n- status\n\nStatus lifecycle: received -> booked -> scanned -> reported\nTransitions: book, scan, report (each only from the previous status).\n');
    expect(bp.resources.map((r) => r.name)).toEqual(['Referral']);
    expect(field(bp, 'Referral', 'status')).toMatchObject({ type: 'enum', values: ['received', 'booked', 'scanned', 'reported'] });
    expect(moves(bp, 'bookReferral')).toEqual([{ set: 'status', to: { literal: 'booked' } }]);
    expect(moves(bp, 'reportReferral')).toEqual([{ set: 'status', to: { literal: 'reported' } }]);
  });

  it('"flows" over "bake: pending -> baked" lines: each line a step named by its verb', () => {
    const bp = accept('Wholesale orders - a bakery\n\ncustomer\n  business_name  string, unique\n  contact_email  email\norder\n  customer       customer id\n  loaves         int, 1..500\n  status         pending | baked | delivered   (starts pending)\n\nflows\n  bake:    pending -> baked\n  deliver: baked -> delivered\n');
    expect(moves(bp, 'bakeOrder')).toEqual([{ set: 'status', to: { literal: 'baked' } }]);
    expect(action(bp, 'deliverOrder', 'transition')).toBeDefined();
  });

  it('"Actions on a repair: start (open -> in repair), ..." after "Status flow: ...": a verb the readers know still makes the step it is given', () => {
    const bp = accept('Net loft\n\n1. Boats\n   Each boat has a name (unique), the skipper and a phone.\n\n2. Repairs\n   A repair belongs to one boat and records: net type (trawl, gill or seine), price, and status.\n   Status flow: open -> in repair -> ready -> collected.\n   Actions on a repair: start (open -> in repair), finish (in repair -> ready), collect (ready -> collected).\n');
    expect(moves(bp, 'startRepair')).toEqual([{ set: 'status', to: { literal: 'in repair' } }]);
    expect(moves(bp, 'finishRepair')).toEqual([{ set: 'status', to: { literal: 'ready' } }]);
    expect(fieldNames(bp, 'Repair')).not.toContain('started');
  });
});

describe('a state reached from several, told beside the chain', () => {
  it('"Case lifecycle: ...; an open or in progress case can be withdrawn" with "withdraw a case"', () => {
    const bp = accept('Entities:\n- Case: member name, summary (text), status\n\nCase lifecycle: open -> in progress -> resolved; an open or in progress case can be withdrawn.\n\nActions needed:\n  * start a case (open -> in progress)\n  * resolve a case (in progress -> resolved)\n  * withdraw a case\n');
    expect(bp.resources.map((r) => r.name)).toEqual(['Case']);
    expect(field(bp, 'Case', 'status')).toMatchObject({ type: 'enum', values: ['open', 'in progress', 'resolved', 'withdrawn'] });
    expect(field(bp, 'Case', 'status').transitions).toEqual(expect.arrayContaining([{ from: 'open', to: 'withdrawn' }, { from: 'in progress', to: 'withdrawn' }]));
    expect(action(bp, 'withdrawCase', 'transition').effects).toEqual([{ set: 'status', to: { literal: 'withdrawn' } }]);
  });

  it('"Appeal statuses" over a chain with bars, and "uphold, dismiss, withdraw an appeal"', () => {
    const bp = accept('1. Appeal: school, child name, parent email, status\n2. Appeal statuses\nlodged -> scheduled -> upheld | dismissed; a lodged or scheduled appeal can also be withdrawn.\n3. Actions\n- uphold, dismiss, withdraw an appeal\n');
    expect(field(bp, 'Appeal', 'status')).toMatchObject({ type: 'enum', values: ['lodged', 'scheduled', 'upheld', 'dismissed', 'withdrawn'] });
    for (const name of ['upholdAppeal', 'dismissAppeal', 'withdrawAppeal']) expect(action(bp, name, 'transition')).toBeDefined();
  });

  it('"(GBP, > 0)" is an amount, not two values', () => {
    expect(field(accept('Referrals:\n  1. broker\n  2. sum insured (GBP, > 0)\n'), 'Referral', 'sumInsured')).toMatchObject({ type: 'number', min: 0 });
  });
});

describe('an edited draft with a step no record can reach', () => {
  it('is read with that step left out and named, not refused over it', () => {
    const draft = [
      '# Cooperage',
      '',
      '## Order (orders)',
      '',
      '- customerName: string, required',
      '- status: one of "received" | "finished" | "shipped", required, managed, default "received"',
      '',
      '## Actions',
      '',
      '- createOrder: create Order — Create an order.',
      '- listOrders: list Order — List orders.',
      '  - page 20 of 100',
      '- shipOrder: transition Order by id — Ship an order, only once it is finished',
      '  - guard status eq "finished" else "Only a finished order can be shipped"',
      '  - set status to "shipped"',
      '',
    ].join('\n');
    const r = interpretPrompt('cooperage', draft);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.blueprint.actions.map((a) => a.name)).toEqual(['createOrder', 'listOrders']);
    expect(r.warnings).toEqual(['not done: "Ship an order, only once it is finished" (shipOrder could never succeed: no action moves an Order to "finished"; add one (e.g. "mark it as finished"))']);
    expect(r.draft).toContain('- [ ] not done: "Ship an order, only once it is finished"');
  });
});

describe('a Markdown prompt that has an "## Actions" heading', () => {
  it('is read as a prompt when its lines are no draft lines, and a draft with one slip is still refused with its line', () => {
    const prompt = '# Banquet hall\n\n## Bookings\n- client name\n- event date\n- guests (whole number)\n\n## Actions\n- create, get and update a booking\n- list bookings by event date\n';
    const r = interpretPrompt('hall', prompt);
    expect(r.ok && r.blueprint.resources.map((x) => x.name)).toEqual(['Booking']);
    expect(r.ok && r.blueprint.actions.some((a) => a.kind === 'list' && a.filters.some((f) => f.field === 'eventDate'))).toBe(true);
    const slip = interpretPrompt('hall', '# Hall\n\n## Booking (bookings)\n\n- clientName: string, required\n- eventDate: date, required\n\n## Actions\n\n- createBooking: create Booking — Create a booking.\n- listBookings: lits Booking — List bookings.\n');
    expect(slip.ok).toBe(false);
    expect(!slip.ok && slip.error.missing.some((m) => /^line \d+:/.test(m))).toBe(true);
  });

  it('"width (m) and depth (m)" on one bullet are two measures', () => {
    const bp = accept('## Orders\n- customer name\n- width (m) and depth (m)\n- delivery date\n');
    expect(fieldNames(bp, 'Order')).toEqual(['customerName', 'width', 'depth', 'deliveryDate']);
    expect(field(bp, 'Order', 'depth').type).toBe('number');
  });
});

describe('types written as code in a column layout (session 2026-11-28, night 4)', () => {
  it('"enum(active, faulty, retired)   default active" and "enum      clear | black" are the values; a long "--" comment is a note', () => {
    const bp = accept('Camera\n  location      string\n  status        enum(active, faulty, retired)   default active\n  finish        enum      clear | black | bronze\n  code          string    unique     -- from the works order book, e.g. "J-24117", never reused\n');
    expect(field(bp, 'Camera', 'status')).toMatchObject({ type: 'enum', values: ['active', 'faulty', 'retired'] });
    expect(field(bp, 'Camera', 'finish')).toMatchObject({ type: 'enum', values: ['clear', 'black', 'bronze'] });
    expect(field(bp, 'Camera', 'code').unique).toBe(true);
  });

  it('routes after a blank line under a record\'s columns are its actions, not more fields', () => {
    const bp = accept('Claim\n  employeeName   string, required\n  hours          decimal, 0.5 - 12\n  status         enum: submitted | approved | paid  (default submitted)\n\nPOST   /claims                  create (status = submitted)\nGET    /claims?status=\nPOST   /claims/:id/approve      submitted -> approved\nPOST   /claims/:id/pay          approved  -> paid\n');
    expect(field(bp, 'Claim', 'hours')).toMatchObject({ type: 'number', min: 0.5, max: 12 });
    expect(field(bp, 'Claim', 'status')).toMatchObject({ type: 'enum', values: ['submitted', 'approved', 'paid'] });
    expect(action(bp, 'approveClaim', 'transition').kind).toBe('transition');
    expect(action(bp, 'payClaim', 'transition').kind).toBe('transition');
  });
});

describe('steps and requests under labels (session 2026-11-28, night 4)', () => {
  it('"Transitions on Clamp:" over "pay      clamped -> paid" lines moves the record\'s state, with no second status', () => {
    const bp = accept('Entities:\n  Clamp   { registration: text; fee: decimal; state: clamped | paid | released }\n\nTransitions on Clamp:\n  pay      clamped -> paid\n  release  paid -> released      (so a vehicle is released only after payment)\n');
    expect(fieldNames(bp, 'Clamp')).toEqual(['registration', 'fee', 'state']);
    expect(action(bp, 'payClamp', 'transition').kind).toBe('transition');
    expect(action(bp, 'releaseClamp', 'transition').kind).toBe('transition');
  });

  it('"- clamps: create; list by registration" parts its requests at semicolons too; "also get a product by SKU" stays as written', () => {
    const bp = accept('Clamps have a registration and a fee.\nProducts have a sku (unique) and a name.\n\nQueries:\n  - clamps: create; list by registration\n  - products: create, list; also get a product by SKU\n');
    expect(action(bp, 'listClamps', 'list').filters.map((f) => f.field)).toEqual(['registration']);
    expect(action(bp, 'getProductBySku', 'get').by).toBe('sku');
  });
});
