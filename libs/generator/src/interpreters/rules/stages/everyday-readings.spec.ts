import { interpretPrompt } from '../interpret.js';

const read = (prompt: string) => {
  const r = interpretPrompt('x', prompt);
  if (!r.ok) throw new Error(`refused: ${r.error.missing.join('; ')}`);
  return r.blueprint;
};
// (each list's first filter: the one the prompt named; build.ts then adds a filter per link, state, date and yes/no field)
const firstFilterOf = (prompt: string, resource: string): string[][] => listsOf(prompt, resource).map((l) => l.slice(0, 1));
const listsOf = (prompt: string, resource: string): string[][] => read(prompt).actions.filter((a) => a.kind === 'list' && a.resource === resource).map((a) => (a.kind === 'list' ? a.filters.map((f) => f.field) : []));
const typeOf = (prompt: string, resource: string, field: string): string | undefined => read(prompt).resources.find((r) => r.name === resource)?.fields.find((f) => f.name === field)?.type;

describe('everyday readings (session 2026-11-28 late)', () => {
  it('"the guest list of each retreat" lists the guests by retreat', () => {
    expect(firstFilterOf('Retreats have a title. Guests have a retreat and a name. Show me the guest list of each retreat.', 'Guest')).toContainEqual(['retreat']);
  });

  it('two lists asked with one verb each keep their own filter', () => {
    const prompt = 'Tours have a date and a route. Tickets have a tour and a name. Please let me list the tours of a given date and the tickets for a tour.';
    expect(firstFilterOf(prompt, 'Tour')).toContainEqual(['date']);
    expect(firstFilterOf(prompt, 'Ticket')).toContainEqual(['tour']);
  });

  it('"date of visit" is a date, and the day of a record with two dates is the one named after it', () => {
    expect(typeOf('Jobs have a client name and a date of visit.', 'Job', 'dateOfVisit')).toBe('date');
    expect(firstFilterOf('Funerals have a deceased name, a date of death and a funeral date. List the funerals on a given date.', 'Funeral')).toContainEqual(['funeralDate']);
  });

  it('reads "there name" as "their name" and single words before a last "or" as values', () => {
    const bp = read('people order bulbs: there name, what bulb (tulip daffodil crocus or allium) and how many bags.');
    const order = bp.resources[0];
    expect(order?.fields.map((f) => f.name)).toContain('name');
    expect(order?.fields.find((f) => f.name === 'bulb')?.values).toEqual(['tulip', 'daffodil', 'crocus', 'allium']);
  });

  it('makes a capacity\'s limit a whole number when it was read as a number', () => {
    const bp = read('Sessions have a date and laptops (a number). Signups have a session and a name. A session can\'t take more signups than it has laptops.');
    expect(bp.rules).toContainEqual(expect.objectContaining({ kind: 'capacity', resource: 'Signup', limitField: 'laptops' }));
    expect(bp.resources.find((r) => r.name === 'Session')?.fields.find((f) => f.name === 'laptops')?.type).toBe('integer');
  });
});

describe('records said in passing (session 2026-11-28 late)', () => {
  it('"every walker books separately with their name, ...": a manner word is not what is booked', () => {
    expect(read('Treks have a date and a route. Every walker books separately with their name, phone number and age.').resources.map((r) => r.name)).not.toContain('Separately');
  });

  it('"guests book a yurt with their name, ...": the booking the verb makes, of the yurt, with what they give', () => {
    const booking = read('Yurts have a name and beds. Guests book a yurt with their name, email and arrival date.').resources.find((r) => r.name === 'Booking');
    expect(booking?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['yurt', 'name', 'email', 'arrivalDate']));
  });

  it('"every game we play should also be recorded with ...": the clause saying who plays names no other record', () => {
    expect(read('Every game we play should also be recorded with the date, the table number and the winner.').resources.map((r) => r.name)).toEqual(['Game']);
  });
});

describe('the records a label over a list names (session 2026-11-28 late)', () => {
  it('a shop\'s stock list holds what the shop sells', () => {
    expect(read('Simple stock list for my wig shop: style name, colour, length, price and quantity.').resources.map((r) => r.name)).toEqual(['Wig']);
    expect(read('Stock list for a fabric shop: fabric name, colour, price per metre and a unique roll code.').resources.map((r) => r.name)).toEqual(['Fabric']);
  });
});

describe('types and flags said in words (session 2026-11-28 late)', () => {
  it('a range of weekdays is a day of the week, in a list or in a sentence', () => {
    expect(read('Squads: name, training day (Mon-Sun), start time.').resources[0]?.fields.find((f) => f.name === 'trainingDay')?.values).toHaveLength(7);
    expect(read('Customers have a name and a delivery day (Monday to Saturday).').resources[0]?.fields.find((f) => f.name === 'deliveryDay')?.values).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
  });

  it('"(no two the same)" and "(no duplicates)" make a field unique', () => {
    const exhibitor = read('Zine fair exhibitors: name, email, table number (no two the same) and price per copy.').resources[0];
    expect(exhibitor?.fields.find((f) => f.name === 'tableNumber')).toEqual(expect.objectContaining({ type: 'integer', unique: true }));
    expect(read('Wigs: code (no duplicates), colour and price.').resources[0]?.fields.find((f) => f.name === 'code')?.unique).toBe(true);
  });

  it('a numbered thing\'s own number is no capacity: "A table can\'t seat more guests than its seats" caps by seats', () => {
    const bp = read('Guests have a full name and a table. Tables have a table number and seats. A table can\'t seat more guests than its seats.');
    expect(bp.rules).toContainEqual(expect.objectContaining({ kind: 'capacity', limitField: 'seats' }));
  });
});

describe('values in capitals (session 2026-11-28 late)', () => {
  it('"size S M or L", "size XS S M L XL": short capitals after a field are its values', () => {
    expect(read('Bikes have a frame number, a model and a size S M or L.').resources[0]?.fields.find((f) => f.name === 'size')?.values).toEqual(['S', 'M', 'L']);
    expect(read('wetsuit: code (unique), size XS S M L XL, thickness in mm').resources[0]?.fields.find((f) => f.name === 'size')?.values).toEqual(['XS', 'S', 'M', 'L', 'XL']);
  });
});

describe('a ceilidh and its bookings (session 2026-11-28 late, after batches 27 and 28)', () => {
  const prompt = "A ceilidh has a date, a venue and a capacity. A booking is for one person and has their name, email address and phone. We'd like to take bookings online. Obviously we can't accept more bookings for a ceilidh than its capacity.";

  it('"is for one person and has their name, ...": the record\'s fields; "take bookings online" creates them', () => {
    const bp = read(prompt);
    expect(bp.resources.find((r) => r.name === 'Booking')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'email', 'phone']));
    expect(bp.actions.map((a) => a.name)).not.toContain('takeBooking');
  });

  it('a capacity naming both records ties the bookings to the ceilidh', () => {
    expect(read(prompt).rules).toContainEqual(expect.objectContaining({ kind: 'capacity', resource: 'Booking', via: 'ceilidh', limitField: 'capacity' }));
  });

  it('"a session is for one student and has ...": the student is one more of its fields', () => {
    expect(read('Students have a name. A session is for one student and has a date and a subject.').resources.find((r) => r.name === 'Session')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['student', 'date', 'subject']));
  });
});

describe('records asked for by another (session 2026-11-28 late, after batches 27 and 28)', () => {
  it('"see the bookings for each workshop": the bookings belong to a workshop', () => {
    expect(firstFilterOf('Workshops have a date and a basket. Bookings have a name and an email. I\'d like to see the bookings for each workshop.', 'Booking')).toContainEqual(['workshop']);
  });

  it('"the matches of a player" with a winner and a loser may mean either: named, never guessed', () => {
    const r = interpretPrompt('x', 'Players have a nickname. Matches have a winner, a loser and a date. List the matches of a player.');
    expect(r.ok && r.warnings.some((w) => w.includes('to filter by'))).toBe(true);
  });

  it('"| owner | the member who owns it |": the owner is a member', () => {
    const bp = read('## Members\n- name\n\n## Models\n| field | note |\n|---|---|\n| name | |\n| owner | the member who owns it |');
    expect(bp.resources.find((r) => r.name === 'Model')?.fields.find((f) => f.name === 'owner')).toEqual(expect.objectContaining({ type: 'reference', references: 'Member' }));
  });
});

describe('labels over lists (session 2026-11-28 late, after batches 27 and 28)', () => {
  it('"the refills sold: ...": a participle after the records ends their name', () => {
    expect(read('I want to track the products: name, price, stock. And the refills sold: product, weight in grams, date.').resources.map((r) => r.name)).toContain('Refill');
  });

  it('"stuff comes in as donations - each item: ...": the record after "each"', () => {
    expect(read('stuff comes in as donations - each item: description, category (clothes, books, toys), price, date donated').resources.map((r) => r.name)).toEqual(['Item']);
  });
});

describe('values and units in everyday notation (session 2026-11-28 late)', () => {
  it('"status present or absent or late", "value in £", "length in minutes, 15-90"', () => {
    expect(read('Attendance: student, date, status present or absent or late.').resources[0]?.fields.find((f) => f.name === 'status')?.values).toEqual(['present', 'absent', 'late']);
    expect(read('Prizes:\n  - description\n  - value in £\n  - claimed - yes/no').resources[0]?.fields.map((f) => f.name)).toContain('valueGbp');
    expect(read('Appointments: client name, date, area treated (back, neck or knee) and length in minutes, 15-90').resources[0]?.fields.find((f) => f.name === 'lengthMinutes')).toEqual(expect.objectContaining({ min: 15, max: 90 }));
  });
});

describe('records said in passing (session 2026-11-28 night)', () => {
  it('"writers book a place with ...": a place is the booking itself; "every booking takes a room, so ..." is a capacity, no one takes the retreat', () => {
    const bp = read("Each retreat has a title and a number of rooms. Writers book a place with their name and email, and I tick off whether they've paid the deposit. Every booking takes a room, so a retreat can't have more bookings than it has rooms.");
    expect(bp.resources.map((r) => r.name).sort()).toEqual(['Booking', 'Retreat']);
    expect(bp.resources.find((r) => r.name === 'Booking')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'email', 'retreat']));
    expect(bp.actions.filter((a) => a.kind === 'transition')).toEqual([]);
    expect(bp.rules).toEqual([expect.objectContaining({ kind: 'capacity', resource: 'Booking', via: 'retreat', limitField: 'rooms' })]);
  });

  it('"whether they\'ve paid the deposit" names the thing first', () => {
    expect(typeOf("Bookings have a name and whether they've paid the deposit.", 'Booking', 'depositPaid')).toBe('boolean');
    // ("need" is no participle)
    expect(typeOf('Members have a name, an address and whether they need a lift.', 'Member', 'depositPaid')).toBeUndefined();
  });

  it('"whether it contains a battery" is containsBattery; "whether they need a lift" is needsLift, and "the members who need a lift" filters on it', () => {
    expect(typeOf("E-waste log: record each item's category, its weight in kg and whether it contains a battery.", 'Item', 'containsBattery')).toBe('boolean');
    expect(firstFilterOf('Members have a name and whether they need a lift. I\'d like to see everyone booked on a given date, and the members who need a lift. Bookings have a member and a date.', 'Member')).toContainEqual(['needsLift']);
  });
});

describe('links and lists in any notation (session 2026-11-28 day)', () => {
  const fieldsOf = (prompt: string, resource: string): string[] | undefined => read(prompt).resources.find((r) => r.name === resource)?.fields.map((f) => f.name);

  it('"members book onto sessions" in a later sentence makes the booking, never a title ("book" names software too)', () => {
    const bp = read("Members have a name and an email. Sessions have a title and a capacity. Members book onto sessions. A session can't be overbooked.");
    expect(fieldsOf("Members have a name and an email. Sessions have a title and a capacity. Members book onto sessions. A session can't be overbooked.", 'Booking')).toEqual(expect.arrayContaining(['member', 'session']));
    expect(bp.rules).toEqual([expect.objectContaining({ kind: 'capacity', resource: 'Booking', via: 'session', limitField: 'capacity' })]);
  });

  it('"Bookings: course + student" and "the course and the student" are one reference to each', () => {
    for (const prompt of ['Courses: title, start date, places\nStudents: name, email (unique)\nBookings: course + student, date booked', 'Courses have a title and places. Students have a name and an email. Bookings have the course and the student and a date booked.']) {
      const bp = read(prompt);
      const booking = bp.resources.find((r) => r.name === 'Booking');
      expect(booking?.fields.filter((f) => f.type === 'reference').map((f) => f.references).sort()).toEqual(['Course', 'Student']);
      expect(booking?.fields.map((f) => f.name)).toContain('dateBooked');
    }
  });

  it('"Lists: courses by discipline; a student\'s bookings." asks for two lists, and makes no List record', () => {
    const prompt = "Courses: title, discipline (fight, falls), places\nStudents: name, email\nBookings: course, student\nLists: courses by discipline; a student's bookings.";
    expect(read(prompt).resources.map((r) => r.name)).not.toContain('List');
    expect(firstFilterOf(prompt, 'Course')).toContainEqual(['discipline']);
    expect(firstFilterOf(prompt, 'Booking')).toContainEqual(['student']);
    // (and in one paragraph, where the sentence reader reads it)
    const prose = "Members have a name and an email. Sessions have a title and a capacity. Members book onto sessions. Lists: sessions by title; a member's bookings.";
    expect(read(prose).resources.map((r) => r.name)).not.toContain('List');
    expect(firstFilterOf(prose, 'Session')).toContainEqual(['title']);
    expect(firstFilterOf(prose, 'Booking')).toContainEqual(['member']);
  });

  it('an example after a comma ("name (unique), e.g. \\"Heron\\"") notes the field, in a sentence or a bullet', () => {
    expect(fieldsOf('Pods: name (unique), e.g. "Heron", sleeps, nightly rate', 'Pod')).toEqual(['name', 'sleeps', 'nightlyRate']);
    expect(fieldsOf('## Pods\n- name (unique), e.g. "Heron"\n- sleeps\n- nightly rate', 'Pod')).toEqual(['name', 'sleeps', 'nightlyRate']);
  });

  it('"home team and away team" in a colon list is two fields on one head; a note after the pair is on both', () => {
    const bp = read('Games: home team and away team, the date, the field (1, 2 or 3), and the home score and away score, which stay empty until the game is played.');
    const game = bp.resources.find((r) => r.name === 'Game');
    expect(game?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['homeTeam', 'awayTeam', 'homeScore', 'awayScore']));
    expect(game?.fields.filter((f) => f.name.endsWith('Score')).map((f) => f.required)).toEqual([false, false]);
    // ("date and time" has no shared head: one item as before)
    expect(fieldsOf('Bookings: name, date and time, party size', 'Booking')).not.toContain('date');
  });

  it('a bullet naming records by a field ("- trails by grade", "enrolments per class") asks for a list under any heading; "hours per week" stays a field', () => {
    const prompt = '## Trails\n- name\n- grade: green, blue, red, black\n- status: open, closed\n### Lists we need\n1. trails by grade\n2. trails by status';
    expect(read(prompt).resources.map((r) => r.name)).toEqual(['Trail']);
    expect(listsOf(prompt, 'Trail').flat()).toEqual(expect.arrayContaining(['grade', 'status']));
    const english = 'Classes\n  name, level (1-4)\nLearners\n  name, level (1-4)\nEnrolments\n  learner, class\nReports\n  enrolments per class\n  learners by level';
    expect(read(english).resources.map((r) => r.name).sort()).toEqual(['Class', 'Enrolment', 'Learner']);
    expect(firstFilterOf(english, 'Enrolment')).toContainEqual(['class']);
    expect(firstFilterOf(english, 'Learner')).toContainEqual(['level']);
    expect(fieldsOf('## Volunteers\n- name\n- hours per week\n- phone', 'Volunteer')).toEqual(['name', 'hoursPerWeek', 'phone']);
  });

  it('"the harvests of a year" filters on a whole-number field; "| grade | A, B or C |" lists single letters as values', () => {
    const prompt = '## Harvests\n| field | notes |\n|---|---|\n| tree name | which tree |\n| year | e.g. 2024 |\n| grade | A, B or C |\n\n## I need\n- the harvests of a year';
    expect(firstFilterOf(prompt, 'Harvest')).toContainEqual(['year']);
    expect(read(prompt).resources[0]?.fields.find((f) => f.name === 'grade')).toMatchObject({ type: 'enum', values: ['A', 'B', 'C'] });
  });

  it('"no bookings on a cancelled day" under a rules label stays a rule (named when not enforced), never a list', () => {
    const r = interpretPrompt('x', '## Days\n- date\n- cancelled? (yes/no)\n\n## Bookings\n- day\n- name\n\nRules:\n- no bookings on a cancelled day');
    expect(r.ok && (r.blueprint.rules.length > 0 || r.warnings.some((w) => w.includes('no bookings on a cancelled day')))).toBe(true);
  });

  it('a record refused for a parent in a state named beside it, without "only" ("can\'t be taken out", "can not be borrowed if it is broken")', () => {
    const guard = (prompt: string) => read(prompt).rules.find((r) => r.kind === 'parentGuard');
    expect(guard('Boats have a name and a condition (race ready, training only, under repair). Outings have a boat and a date. A boat that\'s under repair can\'t be taken out.')).toMatchObject({ resource: 'Outing', via: 'boat', field: 'condition', op: 'ne', value: 'under repair' });
    expect(guard('Instruments have a name and a condition (good, ok, broken). Loans have an instrument, a member name and a date. One instrument can not be borrowed if it is broken.')).toMatchObject({ resource: 'Loan', field: 'condition', op: 'ne', value: 'broken' });
    expect(guard('Artworks have a title and available (yes/no). Loans have an artwork and a borrower name. An artwork can\'t be loaned out if it isn\'t available.')).toMatchObject({ resource: 'Loan', field: 'available', op: 'eq', value: true });
  });

  it('a yes/no is named by its thing: "whether it should be gift wrapped", "a yes/no for whether there\'s a class beforehand", "bringing a dog: yes/no"', () => {
    expect(typeOf('Orders have a customer name and whether it should be gift wrapped.', 'Order', 'giftWrapped')).toBe('boolean');
    expect(typeOf("Each milonga has a venue, a date and a yes/no for whether there's a class beforehand.", 'Milonga', 'classBeforehand')).toBe('boolean');
    expect(typeOf('## Stays\n- pod\n- guest name\n- bringing a dog: yes/no', 'Stay', 'bringingDog')).toBe('boolean');
    // ("collected at the gate - yes / no": the place is no part of the name)
    expect(typeOf('## Tickets\n- buyer name\n- quantity\n- collected at the gate - yes / no', 'Ticket', 'collected')).toBe('boolean');
  });

  it('asking for a list in passing is a list, never the title: "Please make list of reservation by the date", "a way to list just the finished ones", "pull up just the ones still waiting"', () => {
    const base = 'Reservations have a name, a date, finished (yes/no) and a status (new, waiting, done). ';
    expect(firstFilterOf(`${base}Please make list of reservation by the date.`, 'Reservation')).toContainEqual(['date']);
    expect(firstFilterOf(`${base}Can you give me a list of reservations by date?`, 'Reservation')).toContainEqual(['date']);
    expect(firstFilterOf(`${base}I want a way to list just the finished ones.`, 'Reservation')).toContainEqual(['finished']);
    expect(firstFilterOf(`${base}I need to pull up just the ones still waiting.`, 'Reservation')).toContainEqual(['status']);
  });

  it('"don\'t overbook: bookings per workshop can\'t be more than its spaces" is a capacity, its label no record', () => {
    const r = interpretPrompt('x', "Workshops have a title, a date and spaces. Bookings have a workshop, a name and an email. Don't overbook: bookings per workshop can't be more than its spaces.");
    expect(r.ok && r.blueprint.resources.map((x) => x.name).sort()).toEqual(['Booking', 'Workshop']);
    expect(r.ok && r.blueprint.rules).toEqual([expect.objectContaining({ kind: 'capacity', resource: 'Booking', via: 'workshop', limitField: 'spaces' })]);
    expect(r.ignored).toContain('"Don\'t overbook" (says the rule after it in short)');
  });

  it('a record is named by a noun, not by the writer\'s words around it ("the sundials I\'ve restored", "we need: ...")', () => {
    expect(read("A catalogue of the sundials I've restored - location, maker, year made, type (horizontal, vertical or armillary) and a photo URL.").resources.map((r) => r.name)).toEqual(['Sundial']);
    const tamales = read('my aunt and me sell tamales for christmas. we need: customer name, phone, filling (pork, chicken or rajas), how many dozens, pickup date, and paid or not. and we wanna see the orders for each pickup day.');
    expect(tamales.resources.map((r) => r.name)).toEqual(['Order']);
    expect(tamales.actions.filter((a) => a.kind === 'create').length).toBe(1);
  });

  it('a year is a whole number whatever follows it ("year made", "year of birth", "year group")', () => {
    for (const field of ['yearMade', 'yearOfBirth', 'yearGroup']) expect(typeOf('Pupils have a name, a year made, a year of birth and a year group.', 'Pupil', field)).toBe('integer');
  });

  it('a section holding one line of items lists its record\'s fields ("### Students" over "name, email, date of birth")', () => {
    const bp = read('# Kung fu school\n\n### Students\nname, email, date of birth\n\n### Instructors\nname, phone\n\n### Endpoints\n* create / list students');
    expect(bp.resources.map((r) => [r.name, r.fields.map((f) => f.name)])).toEqual([
      ['Student', ['name', 'email', 'dateOfBirth']],
      ['Instructor', ['name', 'phone']],
    ]);
    // (talk under the title, or a line with more sentences after it, is no list)
    const saddlery = read('## Saddlery repairs\n\nSmall workshop, two of us. Customers bring tack in.\n\n### Repair job\n- customer name\n- phone').resources.map((r) => r.name);
    expect(saddlery).toContain('RepairJob');
    expect(saddlery).not.toContain('SaddleryRepair');
  });

  it('"our deer park needs a herd register", "our office mailroom needs smth simple": the writer\'s organisation is no record, in any stage', () => {
    expect(read('Our deer park needs a herd register. Paddocks have a name and a capacity. Deer have a tag number and a paddock.').resources.map((r) => r.name)).toEqual(['Paddock', 'Deer']);
    const mailroom = read('hey so our office mailroom needs smth simple.. parcels come in, we log recipient name, which floor (1-9), courier (dpd, royal mail, ups, other) and the tracking no. then when the person picks it up we mark it collected. need to see the parcels for a floor pls, thx');
    expect(mailroom.resources.map((r) => r.name)).toEqual(['Parcel']);
    expect(mailroom.resources[0]?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['recipientName', 'floor', 'courier', 'trackingNumber']));
  });

  it('a bound after a field\'s name is a note on it, in any list ("hours booked from 1 to 4", "rating from 0 to 3000")', () => {
    const bp = read('Billiards hall table bookings - table number (1 to 12), player name, start time and hours booked from 1 to 4 - and I need to see the bookings for any one table.');
    expect(bp.resources.map((r) => [r.name, r.fields.filter((f) => !f.generated).map((f) => f.name)])).toEqual([['Booking', ['tableNumber', 'playerName', 'startTime', 'hoursBooked']]]);
    expect(firstFilterOf('Billiards hall table bookings - table number (1 to 12), player name, start time and hours booked from 1 to 4 - and I need to see the bookings for any one table.', 'Booking')).toContainEqual(['tableNumber']);
  });

  it('"ladder - players with name, email, ...": the records a list is of may open its first item', () => {
    const bp = read('Table tennis club ladder - players with name, email (one per player), rating from 0 to 3000 and join date.');
    expect(bp.resources.map((r) => [r.name, r.fields.map((f) => f.name)])).toEqual([['Player', ['name', 'email', 'rating', 'joinDate']]]);
    // (after a verb it is a request, read as a sentence: "log callouts with ...")
    expect(read('Emergency plumber: log callouts with customer name, phone number, address and problem.').resources.map((r) => r.name)).toEqual(['Callout']);
  });

  it('a quantity bounded by whole numbers is a whole number; money and measures such as a weight keep their fractions', () => {
    expect(typeOf('Bookings have a name and hours booked (1 to 4).', 'Booking', 'hoursBooked')).toBe('integer');
    expect(typeOf('Orders have a name and a width in cm between 30 and 200.', 'Order', 'widthCm')).toBe('integer');
    expect(typeOf('Scooters have a code and a battery percent from 0 to 100.', 'Scooter', 'batteryPercent')).toBe('integer');
    expect(typeOf('Bookings have a name and a weight in kg (40 to 120).', 'Booking', 'weightKg')).toBe('number');
    expect(typeOf('Lots have a name and a price from 1 to 500.', 'Lot', 'price')).toBe('number');
    expect(typeOf('Jobs have a name and hours (1.5 to 4).', 'Job', 'hours')).toBe('number');
  });

  it('values typed with spaces in parentheses are values ("fabric (chiffon jersey silk)"); a phrase or a clause there is not', () => {
    const values = (prompt: string, resource: string, field: string): unknown => read(prompt).resources.find((r) => r.name === resource)?.fields.find((f) => f.name === field)?.values;
    expect(values('products: name, fabric (chiffon jersey silk), colour, price.', 'Product', 'fabric')).toEqual(['chiffon', 'jersey', 'silk']);
    expect(values('members: name, belt (white blue purple brown black), email.', 'Member', 'belt')).toEqual(['white', 'blue', 'purple', 'brown', 'black']);
    expect(values('Market days have a date and a cancelled flag (bad weather happens).', 'MarketDay', 'cancelledFlag')).toBeUndefined();
    expect(values('Properties have a uprn (unique property reference number) and an address.', 'Property', 'uprn')).toBeUndefined();
    expect(values('Placements have a start date and an end date (empty while ongoing).', 'Placement', 'endDate')).toBeUndefined();
  });

  it('"a status that goes from requested to in progress to delivered" in a list of fields gives the states and their moves', () => {
    const status = read('Commissions have a client and a status which goes from consultation to blocking to trimming to finished.').resources[0]?.fields.find((f) => f.name === 'status');
    expect(status?.values).toEqual(['consultation', 'blocking', 'trimming', 'finished']);
    expect(status?.transitions).toEqual([
      { from: 'consultation', to: 'blocking' },
      { from: 'blocking', to: 'trimming' },
      { from: 'trimming', to: 'finished' },
    ]);
  });

  it('"The status goes from draft to review to published" after the record\'s sentence is that record\'s status, with its moves', () => {
    const status = read('Articles have a title and a status. The status goes from draft to review to published.').resources[0]?.fields.find((f) => f.name === 'status');
    expect(status?.values).toEqual(['draft', 'review', 'published']);
    expect(status?.transitions).toEqual([
      { from: 'draft', to: 'review' },
      { from: 'review', to: 'published' },
    ]);
  });

  it('"members book a workshop while places are left" is a capacity on the bookings, not a condition dropped', () => {
    const rules = (prompt: string): unknown => read(prompt).rules.map((r) => (r.kind === 'capacity' ? `${r.resource}.${r.via} <= ${r.limitField}` : r.kind));
    expect(rules('Workshops have a title and places. Members have a name. Members book a workshop while places are left.')).toEqual(['Booking.workshop <= places']);
    expect(rules('Trips have a date and seats. Tickets have a trip and a name. People buy tickets as long as seats remain.')).toEqual(['Ticket.trip <= seats']);
  });
});

describe('what the writer notes when a record comes in (session 2026-11-29)', () => {
  it('"When a case comes in we note ..." keeps the fields on the case, not on a record named "come"', () => {
    const bp = read('Our council runs a mediation service. When a case comes in we note the address, the dispute type and the referral date. Coordinators want to list cases.');
    expect(bp.resources.map((r) => [r.name, r.fields.map((f) => f.name)])).toEqual([['Case', ['address', 'disputeType', 'referralDate']]]);
  });

  it('"mother, father (both are geckos)" makes each a link to a gecko', () => {
    const bp = read('geckos: name, morph, hatch date. and clutches: mother, father (both are geckos ofc), lay date, number of eggs.');
    const clutch = bp.resources.find((r) => r.name === 'Clutch');
    expect(clutch?.fields.filter((f) => f.type === 'reference').map((f) => [f.name, f.references])).toEqual([['mother', 'Gecko'], ['father', 'Gecko']]);
  });

  it('"look products up by name" where names are unique gets one product by its name, and products can still be listed', () => {
    const bp = read('Each product has a unique name, a firmness (silken, soft or firm) and a price, and I want to look products up by name.');
    expect(bp.actions.filter((a) => a.kind === 'get' || a.kind === 'list').map((a) => (a.kind === 'get' ? `get by ${a.by}` : a.kind === 'list' ? `list by ${a.filters.map((f) => f.field).join(',')}` : ''))).toEqual(expect.arrayContaining(['get by name', 'list by firmness']));
    expect(bp.actions.some((a) => a.kind === 'list' && a.filters.some((f) => f.field === 'name'))).toBe(false);
  });

  it.each([
    ['Colonies have a tag code and a species. Tag codes are unique and I want to look a colony up by its tag code.', 'Colony', 'tagCode'],
    ['Items have a sku and a size.\n- add item / list items / get item by sku / update item', 'Item', 'sku'],
    ['Yachts have a sail number and an owner name.\n- yachts: create, list, get by sail number', 'Yacht', 'sailNumber'],
    ['Jobs have a job number (unique) and a part count.\nGET  /jobs/{jobNumber}', 'Job', 'jobNumber'],
    ['Generators have a serial (unique) and a daily rate.\nGET  /generators/serial/{serial}', 'Generator', 'serial'],
  ])('a look-up once dropped without a word is read: %s', (prompt, resource, by) => {
    expect(read(prompt).actions).toContainEqual(expect.objectContaining({ kind: 'get', resource, by }));
  });

  it.each([
    ['Registrations have a name and an email. Members can drop out (delete their registration).', 'Registration'],
    ['Tickets have a name and a code.\nOperations\n a. sell a ticket\n d. refund = delete the ticket', 'Ticket'],
  ])('a request said again in plain words after the words it explains is read: %s', (prompt, resource) => {
    expect(read(prompt).actions).toContainEqual(expect.objectContaining({ kind: 'delete', resource }));
  });

  it('a counted word is named as written ("number of tins", "the number of crew"), and "made on date", "best before date" are dates named by what comes before the date', () => {
    const bp = read('Batches: batch code (unique), number of tins, made on date and best before date. Applications have a company name and the number of crew.');
    expect(bp.resources.map((r) => [r.name, r.fields.map((f) => `${f.name}:${f.type}`)])).toEqual([
      ['Batch', ['batchCode:string', 'numberOfTins:integer', 'madeOn:date', 'bestBefore:date']],
      ['Application', ['companyName:string', 'crew:integer']],
    ]);
  });

  it('a capacity, then ", and" a rule on records named in the plural, are two rules: the capacity is kept', () => {
    const bp = read('Stallions have a name, a book limit and a status (active or retired). Bookings have a stallion and a mare name. A stallion can\'t take more bookings than his book limit, and bookings are only allowed for active stallions.');
    expect(bp.rules).toContainEqual(expect.objectContaining({ kind: 'capacity', resource: 'Booking', limitField: 'bookLimit' }));
  });

  it('"women enrol" makes enrolments, spelt as the writer spells the verb, and "only open courses" after another rule\'s negation holds the state', () => {
    const bp = read('Courses have a title, a maximum number of participants and a status, which is open or cancelled. Women enrol on a course with their name and email. Once a course is full it shouldn\'t take any more enrolments, and only open courses can take enrolments at all.');
    expect(bp.resources.map((r) => r.name).sort()).toEqual(['Course', 'Enrolment']);
    expect(bp.rules).toContainEqual(expect.objectContaining({ kind: 'parentGuard', field: 'status', op: 'eq', value: 'open' }));
  });

  it('"update their order" on an order with an order number changes the order, not its number; "pull up an order using its order number" gets it by that number', () => {
    const bp = read('Orders have a customer name, a pickup date and an order number. Customers can update their order. Pull up an order using its order number.');
    expect(bp.actions).toContainEqual(expect.objectContaining({ kind: 'update', resource: 'Order', fields: ['customerName', 'pickupDate', 'orderNumber'] }));
    expect(bp.actions).toContainEqual(expect.objectContaining({ kind: 'get', resource: 'Order', by: 'orderNumber' }));
  });
});
