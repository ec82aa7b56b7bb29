import { bareListOf, fieldListOf, isFieldLike, splitItems, toClauses } from './clauses.js';
import { statesOf } from './field-states.js';
import { actorsRecord, collectionSubject, contextOf, documentLine, keptSubject, lastNounPhrase } from './context.js';
import { normalise } from './normalise.js';

const clausesOf = (prompt: string) => toClauses(normalise(prompt).lines);

describe('typed clauses', () => {
  it('a request around "<records> with <fields>" is left out of the sentence read', () => {
    expect(clausesOf('I need my appointments with a client name and a fee.')).toEqual([{ kind: 'statement', text: 'Appointments with a client name and a fee.' }]);
    expect(clausesOf("We'd like to keep all our bookings with a date.")).toEqual([{ kind: 'statement', text: 'Bookings with a date.' }]);
  });

  it('"let" and "to" make a request only where they ask ("we let our hall out to groups" does not)', () => {
    expect(contextOf('I am the secretary of a church and we let our hall out to groups')).toBe('says who the writer is');
    expect(contextOf("I'd love to have a backend")).not.toBe('says who the writer is');
    expect(contextOf('When a customer calls.')).toBe('says when the writer acts');
    expect(contextOf('When a book is late it can not be renewed')).toBeUndefined();
    expect(contextOf('our pigeon club needs a thing for races.')).toBe('asks for the backend itself');
    expect(contextOf('Our velodrome runs track sessions')).toBe('says who the writer is');
    expect(contextOf('our club needs a new system')).toBe('asks for the backend itself');
    // one organisation needing a short something is talk about the writer; records needing fields are not
    expect(contextOf('our club needs a new kitchen')).toBe('says what the writer needs');
    expect(contextOf('Our deer park needs a herd register.')).toBe('says what the writer needs');
    expect(contextOf('hey so our office mailroom needs smth simple..')).toBe('says what the writer needs');
    expect(contextOf('our members need a name and an email')).toBeUndefined();
    expect(contextOf('our band needs a place to keep gigs')).toBeUndefined();
  });

  it('under a "Views" label or heading, a line naming records is a list to show', () => {
    expect(clausesOf('Views: admissions per ward.')).toEqual([{ kind: 'statement', text: 'List admissions per ward.' }]);
    expect(clausesOf('## Views\n- admissions per ward\n- show admissions by patient')).toEqual([
      { kind: 'heading', text: 'Views' },
      { kind: 'statement', text: 'List admissions per ward' },
      { kind: 'statement', text: 'show admissions by patient' },
    ]);
  });

  it('a heading over field-like bullets is a FieldList; over actions it is a heading and sentences', () => {
    expect(clausesOf('## Teachers\n- name\n- hourly rate (EUR)\n\nActions:\n- create an order\n- list orders by status')).toEqual([
      { kind: 'fieldList', subject: 'Teachers', items: [{ words: 'name' }, { words: 'hourly rate', type: 'number', flags: [] }], source: 'Teachers; name; hourly rate (EUR)' },
      { kind: 'heading', text: 'Actions' },
      { kind: 'statement', text: 'create an order' },
      { kind: 'statement', text: 'list orders by status' },
    ]);
  });

  it('"Things: a, b, c" and "Things - a, b" are FieldLists; values after a dash keep the rest of the list', () => {
    expect(fieldListOf('players: name, shirt number, position - goalkeeper, defender, striker.')).toEqual({
      kind: 'fieldList',
      subject: 'players',
      items: [{ words: 'name' }, { words: 'shirt number' }, { words: 'position', values: ['goalkeeper', 'defender', 'striker'] }],
      source: 'players: name, shirt number, position - goalkeeper, defender, striker.',
    });
    expect(fieldListOf('We need keep prescriptions: patient name, medicine')?.subject).toBe('prescriptions');
    expect(fieldListOf('Books have a title: it matters')).toBeUndefined();
    expect(splitItems('a name, an email and a phone')).toEqual(['name', 'email', 'phone']);
  });

  it('talk about the writer or a request for the backend itself is Context', () => {
    expect(contextOf("We're a small dental practice.")).toBe('says who the writer is');
    expect(contextOf('I manage a climbing gym and I\'d like a simple backend.')).toBe('says who the writer is');
    expect(contextOf('I need a help desk backend.')).toBe('asks for the backend itself');
    expect(contextOf('Pharmacy here.')).toBe('introduces the writer');
    expect(contextOf('I want to list the ascents of a climber.')).toBeUndefined();
    expect(contextOf('Members have a name, an email.')).toBeUndefined();
    expect(contextOf('my lego collection is getting out of hand.')).toBe("describes the writer's situation");
    expect(contextOf('Our paperwork is a mess')).toBe("describes the writer's situation");
    expect(contextOf('Our rooms are getting booked twice')).toBe("describes the writer's situation");
    expect(contextOf('My plants have been growing a lot and have names')).toBeUndefined();
    expect(contextOf('Our parish council looks after around 60 grit bins on the village roads.')).toBe("describes the writer's situation");
    expect(contextOf('We milk about 30 goats on our smallholding')).toBe("describes the writer's situation");
    expect(contextOf('Our members borrow about 30 books a week')).toBe("describes the writer's situation");
    expect(contextOf('We keep about 30 goats with a name and a tag')).toBeUndefined();
    expect(contextOf('Our members can borrow up to 3 books')).toBeUndefined();
    expect(contextOf("We're a courier with 25 vans and a small workshop.")).toBe('says who the writer is');
    expect(contextOf("We're a courier and we track vans")).toBeUndefined();
  });

  it('a table without a heading takes its subject from "an API for my tool library"', () => {
    expect(collectionSubject('I want an API for my tool library.')).toBe('tool');
    const clauses = clausesOf('I want an API for my tool library.\n\n| field | type |\n|---|---|\n| name | text |\n| deposit | money |');
    expect(clauses[1]).toEqual({ kind: 'fieldList', subject: 'tool', items: [{ words: 'name', type: 'text' }, { words: 'deposit', type: 'number' }], source: 'field | type; name | text; deposit | money' });
  });

  it('tells field-like bullets from sentences', () => {
    expect(['name', 'team name (unique)', 'role: developer / designer', 'express? (yes/no)'].every(isFieldLike)).toBe(true);
    expect(['create an order', 'Members can cancel their booking.', 'the status is open'].some(isFieldLike)).toBe(false);
  });

  it('reads a bare list as the fields of the records the sentence before it keeps', () => {
    expect(keptSubject('im a DJ and i need smth to keep my gigs.')).toBe('gigs');
    expect(keptSubject('I need system for bed reservations.')).toBe('bed reservations');
    expect(keptSubject('Members borrow books.')).toBeUndefined();
    expect(bareListOf('Guest give name, passport number, nationality, check in date and bed number.')).toEqual(['name', 'passport number', 'nationality', 'check in date', 'bed number']);
    expect(bareListOf('list books, add books, remove books')).toBeUndefined();
    // a yes/no item is a field although its first word is a verb too ("deposit")
    expect(bareListOf('pet name, deposit paid or not, weight, arrival date')).toEqual(['pet name', 'deposit paid or not', 'weight', 'arrival date']);
    expect(bareListOf('An invoice has a number (unique), a customer name, an amount')).toBeUndefined();
    const clauses = clausesOf('hey!! im a DJ and i need smth to keep my gigs. venue, date, fee, paid yes or no. also i wanna see the unpaid ones');
    expect(clauses.map((c) => c.kind)).toEqual(['context', 'fieldList', 'statement']);
    expect(clauses[1]).toMatchObject({ subject: 'gigs', items: [{ words: 'venue' }, { words: 'date' }, { words: 'fee' }, { words: 'paid', type: 'boolean' }] });
  });

  it('a field named by a verb and a typed noun is still a field; a verb with its object is not', () => {
    expect(isFieldLike('check in date')).toBe(true);
    expect(isFieldLike('create an order')).toBe(false);
  });

  it('names a list by the noun phrase after the last verb, never from a copula', () => {
    expect(fieldListOf('We run a small sports league and want to record match scores: home team, away team, home goals')?.subject).toBe('match scores');
    expect(fieldListOf('Our band needs a place to keep gigs: venue, city, date')?.subject).toBe('gigs');
    expect(fieldListOf('Board games I own: title, publisher, min players')?.subject).toBe('Board games');
    expect(fieldListOf('Status can be one of: todo, doing, done')).toBeUndefined();
  });

  it.each([
    ['People drop off donations every day and we need to log each donation: a description, the category, the price', 'donation'],
    ['I\'d like a simple system for the horses staying with us: each horse\'s name, the owner\'s name, the monthly fee', 'horse'],
    ['Log fire drills for each floor of our office: floor number, drill date, fire warden', 'fire drills'],
    ['Ladder register for the maintenance team - asset tag (unique), height in metres, last inspected date', 'Ladder'],
  ])('names the records, not the words around them: "%s"', (text, subject) => {
    expect(fieldListOf(text)?.subject).toBe(subject);
  });

  it('after a time and the writer, names the list by the records after the verb ("Each week we take bookings: ...")', () => {
    expect(fieldListOf('Each week we take bookings: the member, the date, whether they have paid the £4')?.subject).toBe('bookings');
  });

  it('a label line naming a field listed before gives its values ("States: submitted, approved")', () => {
    const clauses = toClauses([
      { kind: 'sentence', text: 'Application - applicant, zone, state' },
      { kind: 'sentence', text: 'States: submitted, approved, rejected, issued.' },
    ]);
    expect(clauses).toHaveLength(1);
    expect(clauses[0]).toMatchObject({ kind: 'fieldList', items: [{ words: 'applicant' }, { words: 'zone' }, { words: 'state', values: ['submitted', 'approved', 'rejected', 'issued'] }] });
  });

  it('names a list by the records before their preposition, and keeps short phrases in a plural records\' list', () => {
    const list = fieldListOf('Record the water meter readings for the flats in our building - flat number, reading date, cubic metres, read by');
    // three words or more name the records by their head (as "Shared sauna bookings" -> bookings)
    expect(list?.subject).toBe('readings');
    expect(list?.items.map((i) => i.words)).toEqual(['flat number', 'reading date', 'cubic metres', 'read by']);
  });

  it('under an actions label, records with a filter and no verb are a list to show', () => {
    const clauses = toClauses([{ kind: 'sentence', text: 'Endpoints needed: applications by state' }]);
    expect(clauses).toEqual([{ kind: 'statement', text: 'List applications by state' }]);
  });

  it('names a list after actors and their verb by what the verb makes ("customers book: ...")', () => {
    expect(fieldListOf('customers book: reg plate, car size, date')?.subject).toBe('booking');
    expect(keptSubject('need booking system!!')).toBe('booking');
  });

  it('reads "we keep members with their name, ..." as the records with their fields', () => {
    const clauses = toClauses([{ kind: 'sentence', text: 'We keep members with their name, address and phone.' }]);
    expect(clauses).toEqual([{ kind: 'statement', text: 'Members with their name, address and phone.' }]);
  });

  it('keeps an item a phrasing typed in a colon list although its first word is a verb ("complete y/n")', () => {
    const list = fieldListOf('want to track my lego sets: set number, built or still in box, complete y/n');
    expect(list?.subject).toBe('lego sets');
    expect(list?.items).toEqual([{ words: 'set number' }, { words: 'built', type: 'boolean' }, { words: 'complete', type: 'boolean' }]);
  });

  it('a heading over bullets that are lists of their own is a title over several FieldLists', () => {
    const clauses = clausesOf('## Choir\n\n- Singers: name, voice (soprano, alto), email\n- Rehearsals: date, location, notes\n- Attendance: singer, rehearsal, present (yes/no)');
    expect(clauses.map((c) => (c.kind === 'fieldList' ? c.subject : c.kind))).toEqual(['heading', 'Singers', 'Rehearsals', 'Attendance']);
  });

  it('"like" asks only after "I\'d" or "would": "i have like 5 fish tanks" is talk about the writer', () => {
    expect(contextOf('i have like 5 fish tanks at home')).toBe('says who the writer is');
  });

  it('a list whose subject is a pronoun ("each one: ...") lists the records the sentence before named', () => {
    expect(lastNounPhrase('my dad keeps like 300 vinyl records, want them in an app.')).toBe('vinyl records');
    const clauses = toClauses([
      { kind: 'sentence', text: 'my dad keeps like 300 vinyl records, want them in an app.' },
      { kind: 'sentence', text: 'each one: artist, title, year.' },
    ]);
    expect(clauses.map((c) => c.kind)).toEqual(['context', 'fieldList']);
    expect(clauses[1]).toMatchObject({ subject: 'vinyl records' });
  });
});

describe('statesOf: a field\'s states written as a sentence', () => {
  it.each([
    ['status goes queued -> printing -> done, or printing -> failed', { words: 'status', values: ['queued', 'printing', 'done', 'failed'] }],
    ['The stage moves from draft to review to published.', { words: 'stage', values: ['draft', 'review', 'published'] }],
    ['state goes open → in progress → closed', { words: 'state', values: ['open', 'in progress', 'closed'] }],
    ['a session moves requested -> confirmed, requested -> cancelled or confirmed -> cancelled, nothing else.', { words: 'session', values: ['requested', 'confirmed', 'cancelled'] }],
    ['A repair goes from received to in repair to ready, and then to collected once it has been posted back.', { words: 'repair', values: ['received', 'in repair', 'ready', 'collected'] }],
    ['A job moves from quoted to booked to finished, in that order, and I need to be able to change it as it goes along.', { words: 'job', values: ['quoted', 'booked', 'finished'] }],
    ['Status values, in order: received -> assessed -> awaiting parts -> returned', { words: 'status', values: ['received', 'assessed', 'awaiting parts', 'returned'] }],
    ["A commission's status goes from quoted to accepted to installed.", { words: "commission's status", values: ['quoted', 'accepted', 'installed'] }],
  ])('%s', (sentence, want) => {
    expect(statesOf(sentence)).toMatchObject(want);
  });

  it.each([
    ['status goes queued -> printing -> done, or printing -> failed', ['queued>printing', 'printing>done', 'printing>failed']],
    ['Status goes from admitted to in care to released, although sadly some go from in care to died', ['admitted>in care', 'in care>released', 'in care>died']],
    ['Status goes draft -> submitted -> awarded or declined', ['draft>submitted', 'submitted>awarded', 'submitted>declined']],
  ])('keeps the moves as written when they branch: %s', (sentence, steps) => {
    expect(statesOf(sentence)?.steps.map((s) => `${s.from}>${s.to}`)).toEqual(steps);
  });

  it('leaves other sentences alone', () => {
    expect(statesOf('The count goes up when a copy is returned')).toBeUndefined();
  });

  it('gives the states to the listed field whose values they are when the sentence names the record', () => {
    const clauses = toClauses([
      { kind: 'sentence', text: 'Sessions: band name, status one of requested, confirmed, cancelled' },
      { kind: 'sentence', text: 'a session moves requested -> confirmed, confirmed -> cancelled.' },
    ]);
    expect(clauses).toHaveLength(1);
    expect(clauses[0]).toMatchObject({ kind: 'fieldList', items: [{ words: 'band name' }, { words: 'status', values: ['requested', 'confirmed', 'cancelled'], moves: true }] });
  });

  it('gives the states to the field listed before it', () => {
    const clauses = clausesOf('- print job: member name, status\n- status goes queued -> printing -> done');
    expect(clauses).toEqual([{ kind: 'fieldList', subject: 'print job', items: [{ words: 'member name' }, { words: 'status', values: ['queued', 'printing', 'done'], moves: true, steps: [{ from: 'queued', to: 'printing' }, { from: 'printing', to: 'done' }] }], source: 'print job: member name, status' }]);
  });
});

describe('isFieldLike: a participle before a noun', () => {
  it.each([['estimated hours', true], ['planned date', true], ['file name', true]])('%s -> %s', (text, want) => {
    expect(isFieldLike(text)).toBe(want);
  });
});

describe('records in lists whose words could be verbs (irecords)', () => {
  it('a hyphenated word before the colon is part of the sentence naming the records', () => {
    expect(fieldListOf('A key-cutting kiosk needs to log orders: customer name, key type, copies, price')?.subject).toBe('orders');
    expect(fieldListOf('Our dog-walking firm needs walks: dog name, route, duration in minutes')?.subject).toBe('walks');
  });

  it('"how many ...", "whether ..." items are fields whatever verb follows', () => {
    expect(isFieldLike('how many jars are left')).toBe(true);
    expect(isFieldLike('whether it has been paid')).toBe(true);
    expect(isFieldLike('how many seats can be booked')).toBe(false);
    expect(splitItems("copies, price and whether it's been collected")).toEqual(['copies', 'price', "whether it's collected"]);
    expect(fieldListOf('i want to keep track of my batches - flavour, date made, price per jar and how many jars are left')?.subject).toMatch(/batches$/);
  });

  it('a question word before a noun asks for that field, not before a pronoun', () => {
    expect(splitItems('phone, address and which colour')).toEqual(['phone', 'address', 'colour']);
    expect(splitItems('name, email, what size')).toEqual(['name', 'email', 'size']);
    expect(splitItems('phone, name and what they want')).toEqual(['phone', 'name', 'what they want']);
  });

  it('"wants a booking thing" names the records a bare list after it describes', () => {
    expect(keptSubject('she wants a booking thing.')).toBe('booking');
    expect(keptSubject('he needs a repair system')).toBe('repair');
  });

  it('a line labelled as the document is context, never a record', () => {
    expect(documentLine('Dialysis unit scheduling - spec')).toBe(true);
    expect(documentLine('Project: cattle weigh-ins')).toBe(true);
    // a side that only names the document or the software, and a version after a note
    expect(documentLine('Backend spec - small accountancy practice (self-assessment season)')).toBe(true);
    expect(documentLine('Volunteer weather station network - data backend')).toBe(true);
    expect(documentLine('EMBROIDERY ORDERS - spec v1 (workwear & team kit)')).toBe(true);
    expect(documentLine('Orders - name, date')).toBe(false);
    expect(documentLine('SPEC: planning applications tracker (town council)')).toBe(true);
    expect(documentLine('Project: name, deadline, budget')).toBe(false);
    expect(documentLine('Herbarium database — requirements v0.3')).toBe(true);
    expect(documentLine('Projects - name, deadline')).toBe(false);
    expect(clausesOf('Forklift licence register - spec\n\nOperator: name, depot')[0]).toEqual({ kind: 'context', text: 'Forklift licence register - spec', why: 'names the document' });
  });

  it('a requirement number ("R1.") is context, and the list after it stays a list', () => {
    const got = clausesOf('Coach tours - requirements\nR1. Tour: destination, departure date, coach seats\nR2. Reservations can be cancelled.');
    expect(got.filter((c) => c.kind === 'context').map((c) => (c.kind === 'context' ? c.why : ''))).toEqual(['names the document', 'numbers a requirement', 'numbers a requirement']);
    expect(got.find((c) => c.kind === 'fieldList')).toMatchObject({ subject: 'Tour' });
  });

  it('what the writer fills in later joins the record described before, past a "once ..." line', () => {
    const got = clausesOf('A match is played between a home team and an away team on a date, and once it has been played we fill in the home legs and the away legs.');
    expect(got.find((c) => c.kind === 'fieldList')).toMatchObject({ subject: 'match', items: [{ words: 'home team' }, { words: 'away team' }, { words: 'date' }, { words: 'home legs' }, { words: 'away legs' }] });
    expect(got.some((c) => c.kind === 'statement')).toBe(false);
  });

  it('a status and its values, written loosely after a record described in a sentence, is one more of its fields', () => {
    expect(clausesOf('order have customer name, phone and total price. also status new, cooking, on the way, done.')[1]).toEqual({ kind: 'statement', text: 'Each order also has a status (new, cooking, on the way, done).' });
  });

  it('under "Purpose" or "Context" the sentences explain the spec until a labelled list starts the next part', () => {
    expect(clausesOf('Purpose\nMembers report damaged walls.\nWalls: grid reference, landowner').map((c) => c.kind)).toEqual(['heading', 'context', 'fieldList']);
  });

  it('under "Records" each bullet is a record; under "Lists wanted" each bullet is a list to show', () => {
    const got = clausesOf('Records\n* Wall - grid reference, landowner.\n* Volunteer - name, experience.\nLists wanted\n- walls by landowner');
    expect(got.filter((c) => c.kind === 'fieldList').map((c) => (c.kind === 'fieldList' ? c.subject : ''))).toEqual(['Wall', 'Volunteer']);
    expect(got[got.length - 1]).toEqual({ kind: 'statement', text: 'List walls by landowner' });
  });

  it('states of a record described in a sentence, and states listed under a heading, are its status', () => {
    expect(clausesOf('Every job has the client name and a price. A job moves from quoted to booked to finished.').slice(1)).toEqual([
      { kind: 'fieldList', subject: 'job', items: [{ words: 'status', values: ['quoted', 'booked', 'finished'], moves: true, steps: [{ from: 'quoted', to: 'booked' }, { from: 'booked', to: 'finished' }] }], source: 'A job moves from quoted to booked to finished.', nounPhrase: true },
    ]);
    const [jobs] = clausesOf('### Repair job\n- customer name\n- stage\n### Stages (in this order)\n1. booked in\n2. waiting for leather\n3. collected');
    expect(jobs).toMatchObject({ kind: 'fieldList', items: [{ words: 'customer name' }, { words: 'stage', values: ['booked in', 'waiting for leather', 'collected'], moves: true }] });
    // ("## Tables" over "table number", "seats" names a record, not the values of a "table" field)
    expect(clausesOf('## Guests\n- name\n- table\n## Tables\n- table number\n- seats').filter((c) => c.kind === 'fieldList')).toHaveLength(2);
  });

  it('a field filled in after the record was made is an update of the record that has it, or gets it', () => {
    expect(clausesOf('Fixtures: team, opponent, result (won or lost)\nthe captain lists the fixtures, and fills in the result after the match').slice(1)).toEqual([
      { kind: 'statement', text: 'the captain lists the fixtures.' },
      { kind: 'statement', text: 'Update the result of a fixture.' },
    ]);
    expect(clausesOf('Please record the planned blasts with the date and the bench. After the blast the shotfirer fills in its peak vibration.').slice(1)).toEqual([
      { kind: 'statement', text: 'A blast also has an optional peak vibration.' },
      { kind: 'statement', text: 'Update the peak vibration of a blast.' },
    ]);
  });

  it('"dietary needs" is a field; "start date / end date" on one bullet is two', () => {
    expect(isFieldLike('dietary needs: none / vegetarian / vegan')).toBe(true);
    expect(isFieldLike('needs a lift')).toBe(false);
    const [list] = clausesOf('## Retreats\n- title\n- start date / end date\n- yarn weight: lace / DK');
    expect(list).toMatchObject({ kind: 'fieldList', items: [{ words: 'title' }, { words: 'start date' }, { words: 'end date' }, { words: 'yarn weight', values: ['lace', 'DK'] }] });
  });

  it('under a heading naming records a lone verb-like word is a field; "in service? yes/no" is a yes/no', () => {
    const [list] = clausesOf('## Vans\n- registration (unique)\n- make\n- mileage\n- in service? yes/no');
    expect(list).toMatchObject({ kind: 'fieldList', items: [{ words: 'registration' }, { words: 'make' }, { words: 'mileage' }, { words: 'in service', type: 'boolean' }] });
    expect(clausesOf('## Actions\n- make\n- list vans')[0]).toEqual({ kind: 'heading', text: 'Actions' });
  });

  it('a list ends at a semicolon; three words or more name the records by their head; "start hour (6-22)" is a field', () => {
    expect(isFieldLike('start hour (6-22)')).toBe(true);
    expect(isFieldLike('start engine')).toBe(false);
    const got = clausesOf('Shared sauna bookings for our building: flat number, date, start hour (6-22); show the bookings on a given day.');
    expect(got).toEqual([
      expect.objectContaining({ kind: 'fieldList', subject: 'bookings' }),
      { kind: 'statement', text: 'Show the bookings on a given day.' },
    ]);
  });

  it('"the teams (a, b) and the fixtures: c, d" is two records; relative clauses after items are their flags', () => {
    const got = clausesOf("I need to keep the teams (a name, which must be unique, the captain's name) and the fixtures: home team, away team, and the home score and away score, which stay empty until the match is played.");
    expect(got).toEqual([
      expect.objectContaining({ kind: 'fieldList', subject: 'Teams', items: [{ words: 'name', flags: ['unique'] }, { words: "captain's name" }] }),
      expect.objectContaining({ kind: 'fieldList', subject: 'fixtures', items: [{ words: 'home team' }, { words: 'away team' }, { words: 'home score', flags: ['optional'] }, { words: 'away score', flags: ['optional'] }] }),
    ]);
  });

  it('a record named as one identifier ("WeighIn") is a noun phrase of its words', () => {
    expect(fieldListOf('WeighIn: animal, date, weight kg')).toMatchObject({ subject: 'Weigh In', nounPhrase: true });
    expect(fieldListOf('And projects: name, pattern link, needles')?.subject).toBe('projects');
  });

  it('"status a, b, c or d" with its quotes dropped gives the state field its values', () => {
    expect(splitItems('passenger, destination, status requested, confirmed, done or cancelled')).toEqual(['passenger', 'destination', 'status: requested, confirmed, done or cancelled']);
    expect(splitItems('name, status code, colour or size')).toEqual(['name', 'status code', 'colour or size']);
    expect(splitItems('street, date reported and a status of reported, scheduled or fixed')).toEqual(['street', 'date reported', 'status: reported, scheduled or fixed']);
  });
});

describe('records people make with a verb (irecords)', () => {
  const setting = { text: 'Trips: time, seats. Passengers book a seat on a trip: name, phone. List bookings per trip.', records: ['Trips'] };
  it('the record of a verb the prompt names elsewhere, on a record listed before', () => {
    expect(actorsRecord('Passengers book a seat on a trip', setting)).toEqual({ subject: 'booking', on: 'trip' });
    expect(actorsRecord('customers order arches and i need', { text: 'customers order arches and i need: name. list orders by date', records: [] })).toEqual({ subject: 'order' });
    // no booking named elsewhere: the verb's object stays the record
    expect(actorsRecord('Passengers book a seat on a trip', { text: 'Passengers book a seat on a trip: name, phone.', records: ['trips'] })).toBeUndefined();
    expect(actorsRecord('Let residents report potholes', { text: 'Let residents report potholes: street, size.', records: [] })).toBeUndefined();
  });

  it('in the prompt, the list is that record with a reference to the one it is made on', () => {
    const lists = clausesOf('Trips: departure time, seats.\nPassengers book a seat on a trip: name, phone, number of bags.\nList bookings per trip.');
    expect(lists[1]).toMatchObject({ kind: 'fieldList', subject: 'booking', items: [{ words: 'trip', refersTo: true }, { words: 'name' }, { words: 'phone' }, { words: 'number of bags' }] });
  });

  it('"register there bike": "there" typed for "their" is no part of the record', () => {
    expect(fieldListOf('I want residents register there bike: resident name, flat number, brand')?.subject).toBe('bike');
  });

  it('a "status - a, b, c" line after a record\'s fields is one more of them', () => {
    const lists = clausesOf('Repair job fields:\n  customer name\n  device model\nstatus - booked in, diagnosing, repaired, returned');
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({ kind: 'fieldList', items: [{ words: 'customer name' }, { words: 'device model' }, { words: 'status', values: ['booked in', 'diagnosing', 'repaired', 'returned'] }] });
  });

  it('"Contestant fields: a; b; c (3 to 8)" is a list of the contestant, and "Service:" over fields a record', () => {
    expect(fieldListOf('Contestant fields: full name; school; grade (3 to 8)')).toMatchObject({ subject: 'Contestant', items: [{ words: 'full name' }, { words: 'school' }, { words: 'grade (3 to 8)' }] });
    expect(clausesOf('Tractor: registration, model, engine hours.\nService: tractor, service date, notes.').map((c) => c.kind)).toEqual(['fieldList', 'fieldList']);
    expect(clausesOf('Actions:\na) register a contestant\nb) list contestants').filter((c) => c.kind === 'statement').map((c) => (c as { text: string }).text)).toEqual(['register a contestant', 'list contestants']);
  });
});

describe('list labels that say more than the records', () => {
  it('names the records before a preposition, out of the books they are kept in, and the record a "which X has him" item belongs to', () => {
    const subject = (prompt: string): string | undefined => clausesOf(prompt).find((c) => c.kind === 'fieldList')?.subject;
    expect(subject('Jet ski rentals by the half hour: renter name, licence number, start time.')).toBe('rentals');
    expect(subject('Koi stock list for our aquatic centre: variety, price, pond.')).toBe('Koi');
    expect(subject('bookings = client name, event date, venue, hours (2 to 6).')).toBe('bookings');
    const [puppies] = clausesOf('The puppies: name, breed, date of birth, and which walker has him.');
    expect(puppies).toMatchObject({ kind: 'fieldList', items: [{ words: 'name' }, { words: 'breed' }, { words: 'date of birth' }, { words: 'walker' }] });
  });
});

describe('toClauses: records and a filter under a heading of what is asked for', () => {
  it('"## What we need" over "- fixtures on a date" is a list to show; a rule under "Rules" is not', () => {
    const texts = (md: string): string[] => toClauses(normalise(md).lines).flatMap((c) => ('text' in c ? [c.text] : []));
    expect(texts('# League\n\n## Fixtures\n- date\n- piste\n\n## What we need\n- fixtures on a date')).toContain('List fixtures on a date');
    expect(texts('# Rink\n\n## Rules\n- tickets for a session are capped at the session\'s maximum skaters')).not.toContain("List tickets for a session are capped at the session's maximum skaters");
  });
});
