import { accept, action, field, fieldNames } from '../test-support.js';
import { interpretPrompt } from '../interpret.js';
import { contextOf } from './context.js';

/** What people write around their records (session 2026-11-28, night 2): their trade, counts, asides, rules among fields. */
describe('talk around the records', () => {
  it('who the writer is, then what the trade covers, keeps nothing', () => {
    expect(contextOf('My sister and I run a singing telegram business - birthdays, anniversaries, the odd breakup song.')).toBe('says who the writer is');
    expect(contextOf('We run a shop - customers, orders and their dates')).toBeUndefined();
    const r = interpretPrompt('x', 'My sister and I run a singing telegram business - birthdays, anniversaries, the odd breakup song. Bookings have a date, an address and a song.');
    expect(r.ok && r.blueprint.resources.map((x) => x.name)).toEqual(['Booking']);
    expect(r.ignored).toContain('"My sister and I run a singing telegram business - birthdays, anniversaries, the odd breakup song." (says who the writer is)');
  });

  it('"each one has ..." after a sentence counting the records names them', () => {
    for (const [prompt, record, fields] of [
      ['We have about six performers. Each one has a stage name and a phone number.', 'Performer', ['stageName', 'phoneNumber']],
      ['We look after 40 hives. Each of them has a name and a location.', 'Hive', ['name', 'location']],
      ['I have like 5 fish tanks. They each have a name and a volume in litres.', 'Tank', ['name', 'volumeLitres']],
    ] as const) {
      const bp = accept(prompt);
      expect([prompt, fieldNames(bp, record)]).toEqual([prompt, fields]);
    }
  });

  it('"and customers (they must be 18+): ..." is the customers, the aside read after them', () => {
    const r = interpretPrompt('x', 'hey, need a quick api for my vape shop. liquids: flavour, brand, price, stock. and customers (they must be 18+ so i keep it): name, date of birth, id checked yes/no. cheers');
    expect(r.ok && r.blueprint.resources.map((x) => x.name)).toEqual(['Liquid', 'Customer']);
    expect(r.ok && r.warnings.some((w) => w.includes('They must be 18+'))).toBe(true);
  });

  it('"age (must be 14 or over)" bounds the field', () => {
    expect(field(accept('Competitors:\n- name\n- age (**must be 14 or over**)\n'), 'Competitor', 'age')).toMatchObject({ type: 'integer', min: 14 });
  });
});

describe('lists under a heading', () => {
  it('"member + practice" is two fields, and a rule after the fields is read as a rule', () => {
    const bp = accept('## Members\n- name\n- email\n\n## Practices\n- date\n- max players\n\n## Attendance\n- member + practice\n- a practice is capped at its max players\n');
    expect(fieldNames(bp, 'Attendance')).toEqual(['member', 'practice']);
    expect(bp.rules).toContainEqual(expect.objectContaining({ kind: 'capacity', resource: 'Attendance', via: 'practice', limitField: 'maxPlayers' }));
  });

  it('"## Lists we want" labels lists to show', () => {
    const bp = accept('## Members\n- name\n- email - *unique*\n- joined (date)\n- grade, 1 to 5\n\n## Lists we want\n- members by grade\n');
    expect(bp.actions.some((a) => a.kind === 'list' && a.resource === 'Member' && a.filters.some((f) => f.field === 'grade'))).toBe(true);
    expect(bp.resources.map((r) => r.name)).toEqual(['Member']);
  });
});

describe('names and bounds as the writers meant them', () => {
  it('"orders ahead of Mid-Autumn" are orders; a time after the records is no part of their name', () => {
    expect(accept('Taking mooncake orders ahead of Mid-Autumn: customer name, phone, collection date.').resources.map((r) => r.name)).toEqual(['Order']);
  });

  it('"whether they want salted egg yolk" is saltedEggYolk, "pick up time" pickupTime', () => {
    for (const prompt of ['Orders: customer name, whether they want salted egg yolk, pick up time.', 'Orders have a customer name, whether they want salted egg yolk and a pick up time.']) {
      expect([prompt, fieldNames(accept(prompt), 'Order')]).toEqual([prompt, ['customerName', 'saltedEggYolk', 'pickupTime']]);
    }
  });

  it('"number of plates (1 or 2)" counts from 1 to 2', () => {
    expect(field(accept('Orders with the registration number, number of plates (1 or 2) and customer email.'), 'Order', 'numberOfPlates')).toMatchObject({ type: 'integer', min: 1, max: 2 });
  });

  it('"red player and black player" on one bullet are two links to players', () => {
    const bp = accept('## Players\n* name\n* email\n\n## Games\n* red player and black player (both are players)\n* played on (date)\n');
    expect(fieldNames(bp, 'Game')).toEqual(['redPlayer', 'blackPlayer', 'playedOn']);
    expect(field(bp, 'Game', 'blackPlayer')).toMatchObject({ type: 'reference', references: 'Player' });
  });

  it('"..., and an urn whose condition is broken can\'t be hired out" after a list is a rule, not lost', () => {
    for (const rule of ["an urn whose condition is broken can't be hired out", 'an urn whose condition is broken is not for hire']) {
      const bp = accept(`Tea urn hire: each urn has a size in litres and a condition (good, needs descaling, broken), a hire records the urn, the hirer, a start date and an end date, and ${rule}.`);
      expect([rule, bp.rules]).toEqual([rule, [expect.objectContaining({ kind: 'parentGuard', resource: 'Hire', via: 'urn', field: 'condition', op: 'ne', value: 'broken' })]]);
    }
  });
});

describe('bounds said in a sentence', () => {
  it('"The smallest payment we accept is £1" and "Payments must be at least £1" bound the one amount a payment has', () => {
    for (const rule of ['The smallest payment we accept is £1.', 'Payments must be at least £1.']) {
      const bp = accept(`Payments have a donor name and an amount in pounds. ${rule}`);
      expect([rule, bp.resources[0]?.fields.find((f) => f.type === 'number')?.min]).toEqual([rule, 1]);
    }
  });

  it('"dancers age between 3 and 90 lol" bounds the age, however casually said', () => {
    expect(field(accept('dancers have name, age and group. and dancers age between 3 and 90 lol. list dancers pls'), 'Dancer', 'age')).toMatchObject({ min: 3, max: 90 });
  });
});

describe('a lookup said of the field it names', () => {
  it.each([
    ['Joke shop stock: every product has a name, price, quantity and a unique product code I can look it up by.', 'productCode'],
    ['## Products\n| Field | Notes |\n|---|---|\n| SKU | unique, we look products up by it |\n| name | |\n| price | in £ |\n', 'sku'],
    ['Products:\n- name\n- price\n- barcode (unique - we look products up by it)\n', 'barcode'],
    ["Stock on my counter: each product has a bar code (unique - I look products up by it), the maker's name and a price.", 'barCode'],
  ])('%s', (prompt, by) => {
    expect(accept(prompt).actions).toContainEqual(expect.objectContaining({ kind: 'get', resource: 'Product', by }));
  });
});

describe('one-liners that open on where or what', () => {
  it('"For our bureau de change counter, record each transaction with a 3-letter currency code, amount in, ..."', () => {
    const r = interpretPrompt('x', "For our bureau de change counter, record each transaction with a 3-letter currency code, amount in, exchange rate, amount out and the cashier's initials, and let us list transactions by currency code.");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(fieldNames(r.blueprint, 'Transaction')).toEqual(['currencyCode', 'amountIn', 'exchangeRate', 'amountOut', 'cashierInitials']);
    expect(field(r.blueprint, 'Transaction', 'currencyCode')).toMatchObject({ type: 'string', min: 3, max: 3 });
    expect(field(r.blueprint, 'Transaction', 'amountIn').type).toBe('number');
    expect(r.ignored).toContain('"For our bureau de change counter" (greeting or sign-off)');
  });

  it('"Catalogue for my shop: for each product the brand, ..." lists the products', () => {
    const bp = accept('Catalogue for my yerba mate shop: for each product the brand, cut (con palo, sin palo or despalada), pack size in grams, price and stock quantity, with a product list I can filter by brand.');
    expect(fieldNames(bp, 'Product')).toEqual(['brand', 'cut', 'packSizeGrams', 'price', 'stockQuantity']);
  });

  it('"(3 letters)", "(10 digits, unique)": a length alone is both its least and its most', () => {
    expect(field(accept('Patients have an nhs number (10 digits, unique) and a name.'), 'Patient', 'nhsNumber')).toMatchObject({ type: 'string', unique: true, min: 10, max: 10 });
  });
});

describe('a rule on a field that was not kept', () => {
  it('goes with the field, named, instead of refusing the prompt with the blueprint check', () => {
    const r = interpretPrompt('x', 'Kimono rental shop in Kyoto: kimonos have a code, pattern, size (S, M, L) and daily price, and rentals link a kimono to a customer name and rental date; a kimono can\'t be rented twice on the same date.');
    expect(r.ok).toBe(true);
    expect(r.ok && r.warnings.some((w) => w.startsWith('not kept: "rentals link a kimono to a customer name"'))).toBe(true);
  });
});

describe('the records the prompt acts on, when their fields went to a record named by the words around them', () => {
  it('"book a bay online: the bay number, ..." then "the bookings for a particular date" gives the bookings those fields', () => {
    const bp = accept("We're a small golf range. Customers should be able to book a bay online: the bay number, the date and their name. Staff need a list of the bookings for a particular date.");
    expect(bp.resources.map((r) => r.name)).toEqual(['Booking']);
    expect(fieldNames(bp, 'Booking')).toEqual(['bayNumber', 'date', 'name']);
    expect(bp.actions).toContainEqual(expect.objectContaining({ kind: 'list', resource: 'Booking', filters: [expect.objectContaining({ field: 'date' })] }));
  });

  it('a record the prompt names as a noun keeps its name: the enrolments it lists without fields stay a gap', () => {
    const r = interpretPrompt('x', "For each workshop I need the title, the weekday and a capacity. I'd like to see the enrolments for a given workshop.");
    expect(r.ok && r.blueprint.resources.map((res) => res.name)).toEqual(['Workshop']);
    expect(r.ok && r.warnings.some((w) => w.includes('Enrolment'))).toBe(true);
  });
});

describe("one owner's details on one line, or two names on one bullet, are a field each", () => {
  it.each([
    ['## Loans\n- which banjo\n- borrower name and email\n- loan date', 'Loan', ['borrowerName', 'borrowerEmail']],
    ['Trips: pet name, owner name + phone, pickup address, price.', 'Trip', ['ownerName', 'ownerPhone']],
    ['## Items\n- ticket number\n- **owner name** and **owner phone**\n- description', 'Item', ['ownerName', 'ownerPhone']],
    ['## Orders\n- company, contact email\n- quantity', 'Order', ['company', 'contactEmail']],
  ])('%s', (prompt, record, names) => {
    expect(fieldNames(accept(prompt), record)).toEqual(expect.arrayContaining(names));
  });

  it('a flag after a comma stays a flag: "email, **unique**"', () => {
    const bp = accept('## Players\n* name\n* email, **unique**\n');
    expect(fieldNames(bp, 'Player')).toEqual(['name', 'email']);
    expect(field(bp, 'Player', 'email').unique).toBe(true);
  });
});

describe('a bound said in words', () => {
  it.each([
    ['Bookings: name, email, guest count (no more than 150).', 'Booking', 'guestCount', { max: 150 }],
    ['## Bookings\n- name\n- age (**12 and up** - molten metal!)', 'Booking', 'age', { min: 12 }],
    ['Members: name, age (18+), email.', 'Member', 'age', { min: 18 }],
    ['Runners have a name and an age. Runners must be 16 or older.', 'Runner', 'age', { min: 16 }],
    ['Visitors have a name and an age. No visitor under 8 years old.', 'Visitor', 'age', { min: 8 }],
  ])('%s', (prompt, record, name, bound) => {
    expect(field(accept(prompt), record, name)).toMatchObject(bound);
  });
});

describe('what is said beside a field in a list is a note on it', () => {
  it('"Entries for our limerick contest: ..., the limerick itself (five lines of text), and a score from 0 to 25 given by the judges"', () => {
    const bp = accept('Entries for our limerick contest: author name, email, title, the limerick itself (five lines of text), and a score from 0 to 25 given by the judges.');
    expect(fieldNames(bp, 'Entry')).toEqual(['authorName', 'email', 'title', 'limerick', 'score']);
    expect(field(bp, 'Entry', 'limerick').type).toBe('text');
    expect(field(bp, 'Entry', 'score')).toMatchObject({ type: 'integer', min: 0, max: 25 });
  });

  it('"paid by card" names a yes/no: only who gives a value ("by the judges") is a note', () => {
    expect(fieldNames(accept('Sales: date, dozens sold, price, paid by card (yes/no).'), 'Sale')).toContain('paidByCard');
  });
});

describe('what is asked after a list, in the same sentence', () => {
  it('"..., plus a way to look a card up by its code" is a lookup, and the list before it stands', () => {
    const bp = accept("Gift cards for our bookshop, each with a unique code, the amount loaded, the buyer's email and an expiry date, plus a way to look a card up by its code.");
    expect(fieldNames(bp, 'GiftCard')).toEqual(['code', 'amountLoaded', 'buyerEmail', 'expiryDate']);
    expect(action(bp, 'getGiftCardByCode', 'get').by).toBe('code');
  });
});

describe('a status with its values inside a list', () => {
  it('"a status of placed, baked or delivered": the values end after "or", and "of" opens them', () => {
    for (const tail of ['.', ', with the orders listable by delivery date.']) {
      const bp = accept(`Orders: cafe name, number of packs, delivery date and a status of placed, baked or delivered${tail}`);
      expect([tail, field(bp, 'Order', 'status')]).toEqual([tail, expect.objectContaining({ type: 'enum', values: ['placed', 'baked', 'delivered'] })]);
    }
  });
});
