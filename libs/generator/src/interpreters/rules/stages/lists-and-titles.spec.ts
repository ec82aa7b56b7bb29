import { interpretPrompt } from '../interpret.js';
import { accept, action, field, fieldNames } from '../test-support.js';

/** Lists, titles and column notes as fresh prompts write them (session 2026-11-28, night 4). */
describe('lists as people ask for them', () => {
  it('"the appointments for a given day" is filtered on when they happen, not on a date of birth', () => {
    const bp = accept('## Appointments\n- patient name\n- date of birth\n- appointment time\n\n## Endpoints we need\n- list the appointments for a given day\n');
    expect(action(bp, 'listAppointments', 'list').filters.map((f) => [f.field, f.op])).toEqual([['appointmentTime', 'onDay']]);
  });

  it('"hires for a mannequin" under a list label lists the hires of one mannequin, though "hires" is a verb too', () => {
    for (const order of [['mannequins by type', 'hires for a mannequin'], ['hires for a mannequin', 'mannequins by type']]) {
      const bp = accept(`## Mannequins\n- code\n- type: female / male\n\n## Hires\n- mannequin\n- customer name\n\n## Lists\n- ${order.join('\n- ')}\n`);
      expect([order[0], action(bp, 'listHires', 'list').filters.map((f) => f.field)]).toEqual([order[0], ['mannequin']]);
    }
  });

  it('"just the job list filtered by postcode" lists the jobs by postcode', () => {
    const bp = accept('I log jobs: client name, postcode and the price. Nothing fancy, just the job list filtered by postcode.');
    expect(action(bp, 'listJobs', 'list').filters.map((f) => f.field)).toEqual(['postcode']);
  });
});

describe('titles and column notes', () => {
  it('a first line "Wholesale orders - Rye & Co bakery" names the document, not a record', () => {
    for (const title of ['Wholesale orders - Rye & Co bakery', 'Water hygiene contractor - Legionella sampling backend']) {
      const r = interpretPrompt('t', `${title}\n\nOrders have a delivery date and a number of loaves.\n`);
      expect([title, r.ok && r.blueprint.resources.map((x) => x.name)]).toEqual([title, ['Order']]);
      expect(r.ignored.some((i) => i.includes(title))).toBe(true);
    }
  });

  it('a first line "Site - name, address" is still a list', () => {
    expect(field(accept('Site - name, address, contact email\n'), 'Site', 'contactEmail').type).toBe('email');
  });

  it('a note in parentheses after a column of values stays a note: "pending | baked | delivered   (starts pending)"', () => {
    const bp = accept('order\n  delivery_date  date\n  status         pending | baked | delivered   (starts pending)\n');
    expect(field(bp, 'Order', 'status')).toMatchObject({ type: 'enum', values: ['pending', 'baked', 'delivered'] });
  });
});

describe('names as developers and casual writers spell them', () => {
  it('a record named as code names it, "FeedOrder:" is FeedOrder, not Feedorder; a brand stays one word', () => {
    const bp = accept('Farm: name, owner, phone\n\nFeedOrder:\n  farm       (which farm)\n  tonnes     0.5 to 30\n  wanted by  (date)\n\nQuoteRequest: customer name, contact via (email / WhatsApp)');
    expect(bp.resources.map((r) => r.name)).toEqual(['Farm', 'FeedOrder', 'QuoteRequest']);
    expect(field(bp, 'QuoteRequest', 'contactVia').values).toEqual(['email', 'WhatsApp']);
  });

  it('a name in camel case is its words: "clientName  string" is clientName, not clientname', () => {
    const bp = accept('Site\n  clientName    string\n  contactEmail  email\n  installedOn   date\n');
    expect(field(bp, 'Site', 'contactEmail').type).toBe('email');
    expect(field(bp, 'Site', 'installedOn').type).toBe('date');
    expect(field(bp, 'Site', 'clientName').type).toBe('string');
  });

  it('"bottomless? yes/no (otherwise a la carte)" and "a whole-street yes/no flag" are yes/nos named by what they say', () => {
    expect(field(accept('Reservations:\n- name\n- bottomless? yes/no (otherwise a la carte)\n- phone\n'), 'Reservation', 'bottomless').type).toBe('boolean');
    expect(field(accept('Outages have a postcode and a whole-street yes/no flag.'), 'Outage', 'wholeStreet').type).toBe('boolean');
    expect(field(accept('Bookings have a phone, pitmaster yes/no (on site or we just drop off) and a date.'), 'Booking', 'pitmaster').type).toBe('boolean');
  });

  it('"number of people coming" counts the people: what they are doing is no part of the name', () => {
    expect(fieldNames(accept('Bookings have a visitor name, a phone and a number of people coming (max 3).'), 'Booking')).toEqual(['visitorName', 'phone', 'people']);
  });

  it('"weight in ounces" joins its unit to the name as "weight in kg" does', () => {
    expect(field(accept('Cars have a weight in ounces and a car number.'), 'Car', 'weightOunces').type).toBe('number');
  });
});

describe('words before a record that are no part of its name', () => {
  it('"numbered moorings" and "weekly payments" are a Mooring and a Payment, wherever the label is written', () => {
    expect(accept('We have 12 numbered moorings. Numbered moorings have a number and a max length.').resources.map((r) => r.name)).toEqual(['Mooring']);
    expect(accept('Members pay monthly. Weekly payments have a member name, an amount and a date.').resources.map((r) => r.name)).toEqual(['Payment']);
  });
});

describe('records declared in passing', () => {
  it('"each share we sell records the member, ..." is a share with those fields', () => {
    expect(fieldNames(accept('Horses have a name. Members have a name. Each share we sell records the member, the horse, the date bought and the price paid.'), 'Share')).toEqual(['member', 'horse', 'dateBought', 'pricePaid']);
  });

  it('"each order is from one cafe, for one flavour (...), a number of trays ..." is an order with those fields', () => {
    const bp = accept('Cafes have a name. Then the orders: each order is from one cafe, for one flavour (original, cherry), a number of trays and a delivery date.');
    expect(field(bp, 'Order', 'cafe')).toMatchObject({ type: 'reference', references: 'Cafe' });
    expect(field(bp, 'Order', 'flavour')).toMatchObject({ type: 'enum', values: ['original', 'cherry'] });
  });

  it('"I log the sales against a batch: ..." gives the sales the list and their batch', () => {
    const bp = accept('Batches have a code. Then at each market I log the sales against a batch: the market name, the date, jars sold and takings.');
    expect(field(bp, bp.resources.find((r) => r.name.endsWith('Sale'))?.name ?? 'Sale', 'batch')).toMatchObject({ type: 'reference', references: 'Batch' });
  });

  it('"every visit is for one household, with date, ..., status booked / done / no answer": a visit with those fields and values', () => {
    const bp = accept('Households have an address. Every visit is for one household, with date, firefighter name, alarms fitted (0 to 6) and status booked / done / no answer.');
    expect(fieldNames(bp, 'Visit')).toEqual(['household', 'date', 'firefighterName', 'alarmsFitted', 'status']);
    expect(field(bp, 'Visit', 'status')).toMatchObject({ type: 'enum', values: ['booked', 'done', 'no answer'] });
  });

  it('"(never twice)" beside a field makes it unique; "status: open for entries / selling / closed" is read as written', () => {
    expect(field(accept('Plants: botanical name (never twice), common name, price.'), 'Plant', 'botanicalName').unique).toBe(true);
    expect(field(accept('Sales:\n- date\n- status: open for entries / selling / closed\n'), 'Sale', 'status')).toMatchObject({ type: 'enum', values: ['open for entries', 'selling', 'closed'] });
  });
});
