import { ableTo, activeVoice, pairedUnits, passiveDelete, splitAtSecondRule, valuesAfterColon, lightVerb, recordsInParentheses, splitAtSoftwareAsk, splitAtLeadingCondition, splitLeadingTime, splitPurpose, viewRequest, splitAtDashedSubject, splitAtNewRecordClause, splitTrailingRule, tickedWhether, splitAtSoRule, splitParenthesisedAndWith, eachOnesFields, namedCollection, scaleNote, searchableBy, splitAtRequestAfterContext, splitSentence, splitTrailingRequest } from './split-sentence.js';
import { splitAtDashedTail, splitCoordinatedLists, splitRepeatedVerb } from './split-requests.js';
describe('split-sentence: one sentence that holds two', () => {
  it('a dash before a new subject starts a new sentence', () => {
    expect(splitAtDashedSubject('I tune pianos — I need my appointments with a fee')).toEqual(['I tune pianos.', 'I need my appointments with a fee']);
    expect(splitAtDashedSubject('We run a hall - our bookings have a date')).toEqual(['We run a hall.', 'our bookings have a date']);
    expect(splitAtDashedSubject('position - goalkeeper, defender')).toEqual(['position - goalkeeper, defender']);
    // a dash inside a parenthesis explains the item before it
    expect(splitAtDashedSubject('name, email (unique - we look customers up by it)')).toEqual(['name, email (unique - we look customers up by it)']);
  });

  it('a request for a view closing a list is a sentence of its own', () => {
    expect(splitTrailingRequest('appointments with client name, address, and a view of the appointments on a given day.')).toEqual([
      'appointments with client name, address.',
      'List the appointments on a given day.',
    ]);
    expect(splitTrailingRequest('orders with a date, a total and we need to see the orders of a customer')).toEqual(['orders with a date, a total.', 'We need to see the orders of a customer']);
    expect(splitTrailingRequest('log callouts with customer name, phone, status (open or closed), and let me close a callout.')).toEqual(['log callouts with customer name, phone, status (open or closed).', 'Let me close a callout.']);
    expect(splitTrailingRequest("We'd like to see all the orders for a delivery date, and to mark an order as delivered.")).toEqual(["We'd like to see all the orders for a delivery date.", 'Mark an order as delivered.']);
    expect(splitTrailingRequest('Let residents report faults with the pole number and a description, and let council staff mark a fault as fixed.')).toEqual(['Let residents report faults with the pole number and a description.', 'Let council staff mark a fault as fixed.']);
    // one clause before "and": left whole
    expect(splitTrailingRequest('Add a book and a list of its authors')).toEqual(['Add a book and a list of its authors']);
  });
});


describe('split-sentence: a list wanted', () => {
  it('"need a list of unpaid fees and a list per player" asks for both lists', () => {
    expect(viewRequest('need a list of unpaid fees and a list per player')).toBe('List unpaid fees and list them per player');
  });
});

describe('split-sentence: a second list of records', () => {
  it('"..., and hires with the hat, ..." after "hats with ..." is a sentence of its own', () => {
    expect(splitAtNewRecordClause('Hats with a name, size and daily price, and hires with the hat, customer name and hire date.')).toEqual(['Hats with a name, size and daily price.', 'Hires with the hat, customer name and hire date.']);
    // one list with no second "<records> with" stays whole
    expect(splitAtNewRecordClause('Hats with a name, size, and the colour.')).toEqual(['Hats with a name, size, and the colour.']);
  });
});

describe('split-sentence: the other splits', () => {
  it('a need after what the writer does is a sentence of its own', () => {
    expect(splitAtRequestAfterContext('I run 3 padel courts and need bookings with a court, a time')).toEqual(['I run 3 padel courts.', 'I need bookings with a court, a time']);
    expect(splitAtRequestAfterContext('I need bookings and want a list')).toEqual(['I need bookings and want a list']);
  });

  it('a clause declaring another record after ", and" is a sentence of its own', () => {
    expect(splitAtNewRecordClause('Customers order bags from a roast, and an order has the name and the quantity.')).toEqual(['Customers order bags from a roast.', 'An order has the name and the quantity.']);
    expect(splitAtNewRecordClause('Staff book a charger, and for a booking we store the charger and the start.')).toEqual(['Staff book a charger.', 'For a booking we store the charger and the start.']);
    expect(splitAtNewRecordClause('Books have a title, and a member can borrow them.')).toEqual(['Books have a title, and a member can borrow them.']);
    // (without "and", or with the records the writer keeps: batches 29 and 30)
    expect(splitAtNewRecordClause('Members have a name and a target weight, each weigh-in records the member, the date and their weight.')).toEqual(['Members have a name and a target weight.', 'Each weigh-in records the member, the date and their weight.']);
    expect(splitAtNewRecordClause('Each tank has a code and a capacity, and we log readings with the tank, the date and the level.')).toEqual(['Each tank has a code and a capacity.', 'Readings have the tank, the date and the level.']);
    expect(splitAtNewRecordClause('Clients have a name, a carer who has a phone, and an address.')).toEqual(['Clients have a name, a carer who has a phone, and an address.']);
    expect(splitAtNewRecordClause('Meetups have a date and a maximum, a meetup cannot have more signups than its maximum.')).toEqual(['Meetups have a date and a maximum, a meetup cannot have more signups than its maximum.']);
    expect(splitAtNewRecordClause('Shops have a name, and we keep the address with care.')).toEqual(['Shops have a name, and we keep the address with care.']);
  });

  it('a record listed in parentheses and one listed after "with" are two sentences, the second tied to the first when it is "for it"', () => {
    expect(splitParenthesisedAndWith("I need to keep each class (date, place and a capacity) and bookings for it with the person's name and phone number.")).toEqual(['I need to keep each class (date, place and a capacity).', "Bookings have a class, the person's name and phone number."]);
    expect(splitParenthesisedAndWith('Members (name, email) and loans with a date.')).toEqual(['Members (name, email).', 'Loans have a date.']);
    expect(splitParenthesisedAndWith('Books have a title (one word) and authors.')).toEqual(['Books have a title (one word) and authors.']);
  });

  it('what the writer records of each record, said with a possessive, is what each has', () => {
    expect(eachOnesFields("E-waste log: record each item's category, its weight in kg and the drop-off date")).toBe("E-waste log: Each item has category, its weight in kg and the drop-off date");
    expect(eachOnesFields("I'd like to record each evening's results: the member, the date and their score")).toBe("I'd like to: Results have the member, the date and their score");
    expect(eachOnesFields("record each item's category")).toBe("record each item's category");
  });

  it('the records a catalogue is of: "catalogue them" after naming them, "a catalogue for my coin collection"', () => {
    expect(namedCollection('I collect coins and want a little API to catalogue them: country, year.')).toBe('I collect coins and want a little API to catalogue coins: country, year.');
    expect(namedCollection('A catalogue for my coin collection with country and year.')).toBe('A catalogue of my coins with country and year.');
    expect(scaleNote('grade from 1 to 70 on the Sheldon scale')).toBe('grade from 1 to 70 (Sheldon scale)');
    expect(searchableBy('Coins with country, year and price, searchable by country.')).toEqual(['Coins with country, year and price.', 'Search them by country.']);
  });

  it('a rule after ", so" is a sentence of its own', () => {
    expect(splitAtSoRule("Every booking takes a room, so a retreat can't have more bookings than it has rooms.")).toEqual(['Every booking takes a room.', "A retreat can't have more bookings than it has rooms."]);
    expect(splitAtSoRule('Slots are short, so we keep them simple.')).toEqual(['Slots are short, so we keep them simple.']);
  });

  it('a yes/no the writer says is ticked is one more item of the list before it', () => {
    expect(tickedWhether("Swimmers book with their name and email, and can tick whether they're a season ticket holder.")).toBe("Swimmers book with their name and email and whether they're a season ticket holder.");
    // (what the writer notes is left to the readers of the writer's records)
    expect(tickedWhether('Every visit has a price, and I note whether a certificate was issued.')).toBe('Every visit has a price, and I note whether a certificate was issued.');
  });

  it('a rule said of the last item of a list is a sentence of its own, with the item as its subject', () => {
    expect(splitTrailingRule("Readings have the tank, the date and the water level in litres, which can never be above that tank's capacity.")).toEqual(['Readings have the tank, the date and the water level in litres.', "The water level can never be above that tank's capacity."]);
    expect(splitTrailingRule('Bids have a bidder and an amount, which must be more than the best bid so far.')).toEqual(['Bids have a bidder and an amount.', 'The amount must be more than the best bid so far.']);
    // (a flag is read with its item: declarations.ts relativeFlags)
    expect(splitTrailingRule('Members have a name and a nickname, which has to be unique.')).toEqual(['Members have a name and a nickname, which has to be unique.']);
    expect(splitTrailingRule('Members have a name and a nickname, which must be unique.')).toEqual(['Members have a name and a nickname, which must be unique.']);
  });

  it('a condition in front of what the writer does is a sentence of its own', () => {
    expect(splitAtLeadingCondition('When a customer calls we create a job with their address.')).toEqual(['When a customer calls.', 'We create a job with their address.']);
    expect(splitAtLeadingCondition('When somebody moves out I need to end their rental')).toEqual(['When somebody moves out.', 'I need to end their rental']);
    expect(splitAtLeadingCondition('A match has a date, and once it has been played we fill in the home legs')).toEqual(['A match has a date.', 'Once it has been played.', 'We fill in the home legs']);
    expect(splitAtLeadingCondition('and when tourist bring it back i mark the rental returned')).toEqual(['When tourist bring it back.', 'I mark the rental returned']);
    // a rule keeps its condition; a first person that only is or has something is no action
    expect(splitAtLeadingCondition('When a workshop is full, no more registrations')).toEqual(['When a workshop is full, no more registrations']);
    expect(splitAtLeadingCondition('When I am away the shop is closed')).toEqual(['When I am away the shop is closed']);
  });

  it('why the writer asks is a sentence of its own; a view asked for without a verb is a list', () => {
    expect(splitPurpose('We would like to see all the orders for a delivery date so the driver knows where to go.')).toEqual(['We would like to see all the orders for a delivery date.', 'So the driver knows where to go.']);
    expect(splitPurpose('Also a list of pickings by variety, so we can see what each variety gave this year.')).toEqual(['Also a list of pickings by variety.', 'So we can see what each variety gave this year.']);
    expect(splitPurpose('It is so good')).toEqual(['It is so good']);
    expect(viewRequest('Also a list of pickings by variety.')).toBe('List pickings by variety.');
    expect(viewRequest('a list of tags')).toBe('List tags');
    expect(viewRequest('Reviews are listed per apprentice.')).toBe('List reviews by apprentice.');
    expect(viewRequest("and i want to see who's booked on each trek")).toBe('List the bookings of a trek.');
    expect(viewRequest('Show who signed up for a workshop.')).toBe('List the signups of a workshop.');
    expect(viewRequest('Show who won the game.')).toBe('Show who won the game.');
    expect(viewRequest('The duty instructor needs the list of launches for a day.')).toBe('List launches for a day.');
    expect(viewRequest('With readings listed per station.')).toBe('List readings by station.');
    expect(activeVoice('Guests are booked in to a night with their first name and age.')).toBe('Guests book a night with their first name and age.');
    expect(valuesAfterColon('We keep the model, and a status: available, on loan or in repair, which I change by hand.')).toBe('We keep the model, and a status (available, on loan or in repair). I change the status by hand.');
    expect(splitRepeatedVerb('Mark a claim as approved or mark it as rejected.')).toEqual(['Mark a claim as approved.', 'Mark a claim as rejected.']);
    expect(viewRequest('Staff want the bookings for each slot.')).toBe('List the bookings for each slot.');
    expect(viewRequest('Staff want the bookings to be easy.')).toBe('Staff want the bookings to be easy.');
  });

  it('how often the writer acts, said before them, is a sentence of its own', () => {
    expect(splitLeadingTime("Each morning I'd add an entry with the date")).toEqual(['Each morning.', "I'd add an entry with the date"]);
    expect(splitLeadingTime('Every week we take bookings')).toEqual(['Every week.', 'We take bookings']);
    expect(splitLeadingTime('Each morning has a date')).toEqual(['Each morning has a date']);
  });

  it('a light verb and the record it names are that record\'s verb', () => {
    expect(lightVerb('Customers make a booking for a marquee with their name')).toBe('Customers book a marquee with their name');
    expect(lightVerb('People place an order for a cake')).toBe('People order a cake');
    expect(lightVerb('We make a list of tools')).toBe('We make a list of tools');
    expect(lightVerb('Keep track of the village defibrillators with location name')).toBe('Track the village defibrillators with location name');
    expect(lightVerb('we keep a record of visits')).toBe('we record visits');
  });

  it('an ask for software is a sentence of its own', () => {
    expect(splitAtSoftwareAsk('can u make something where i save each booking - client name, phone')).toEqual(['can u make something.', 'I save each booking - client name, phone']);
    expect(splitAtSoftwareAsk('can you list the bookings')).toEqual(['can you list the bookings']);
  });

  it('a spaced dash before "and" closes a list', () => {
    expect(splitAtDashedTail('Record the readings - flat number, reading date - and let me list the readings')).toEqual(['Record the readings - flat number, reading date.', 'Let me list the readings']);
    expect(splitAtDashedTail('Players - name and number')).toEqual(['Players - name and number']);
    expect(splitAtDashedTail('Seed potato orders - customer name, variety, delivery method collect/post - listed by variety')).toEqual(['Seed potato orders - customer name, variety, delivery method collect/post.', 'List them by variety']);
  });

  it('records named with their fields in parentheses are lists of their own', () => {
    expect(recordsInParentheses('we need to keep the cats (name, age, breed) and table reservations - customer name, phone.')).toEqual(['Cats: name, age, breed.', 'Table reservations - customer name, phone.']);
    expect(recordsInParentheses('Beach hut hire: huts (number, unique; colour; weekly price) and bookings (hut, customer name).')).toEqual([
      'Beach hut hire.',
      'Huts: number (unique), colour, weekly price.',
      'Bookings: hut, customer name.',
    ]);
    // ("which must be unique" flags the item before it; "appointments for their infusions (...)" are appointments)
    expect(recordsInParentheses('We want patients (hospital number, which must be unique, name) and appointments for their infusions (the patient, drug).')).toEqual([
      'Patients: hospital number, which must be unique, name.',
      'Appointments: the patient, drug.',
    ]);
    // (a parenthesis between two that are read, and not read itself, is kept as a sentence, never dropped)
    expect(recordsInParentheses('drivers (name, phone), cars (driver, model, class: 1/10 buggy, touring) and laps (car, race date).')).toEqual([
      'Drivers: name, phone.',
      'Cars (driver, model, class: 1/10 buggy, touring).',
      'Laps: car, race date.',
    ]);
    expect(recordsInParentheses('keep the tuktuks (plate number must be unique, colour, daily rate) and the rentals - which tuktuk, tourist name.')).toEqual(['Tuktuks: plate number (unique), colour, daily rate.', 'The rentals - which tuktuk, tourist name.']);
  });

  it('leaves a parenthesis of values, of a list item, or of an explanation alone', () => {
    for (const s of ['Each show has a title, a genre (talk, music, sport or news)', 'address, dietary needs (none, vegetarian, vegan) and phone', 'people can take packets (quantity go down, never negative)']) {
      expect(recordsInParentheses(s)).toEqual([s]);
    }
  });

  it('a rule about another subject after ", and" is a sentence of its own', () => {
    expect(splitAtSecondRule("Bookings are only allowed while the session is open, and a session can't have more bookings than its bike count.")).toEqual(['Bookings are only allowed while the session is open.', "A session can't have more bookings than its bike count."]);
    expect(splitAtSecondRule('Members have a name, and a member can borrow books.')).toEqual(['Members have a name, and a member can borrow books.']);
    expect(splitAtSecondRule("We cancel a session when it storms, and you should only be able to book a session that's open.")).toEqual(['We cancel a session when it storms.', "You should only be able to book a session that's open."]);
    // (after what a record holds, too)
    expect(splitAtSecondRule("A booking holds the guest's name, and a session can't take more bookings than its places.")).toEqual(["A booking holds the guest's name.", "A session can't take more bookings than its places."]);
  });

  it('values after a comma and a last "or" are the values of a status named before them', () => {
    expect(valuesAfterColon("Each pen has a number and a status, open or closed for deep clean; I change it.")).toBe('Each pen has a number and a status (open or closed for deep clean); I change it.');
    expect(valuesAfterColon('A session has a date and a status, which is open or closed.')).toBe('A session has a date and a status (open or closed).');
    expect(valuesAfterColon('Items have a type, colour, size or price.')).toBe('Items have a type, colour, size or price.');
  });

  it('what someone should be able to do is an action', () => {
    expect(ableTo('Advisers should be able to see all the visits of a client.')).toBe('See all the visits of a client.');
    expect(ableTo('I should be able to relax.')).toBe('I should be able to relax.');
  });

  it('a unit after two measures of size measures both', () => {
    expect(pairedUnits('the window location, width and height in cm, the agreed price')).toBe('the window location, width in cm, height in cm, the agreed price');
    expect(pairedUnits('a date and distance in km')).toBe('a date and distance in km');
  });

  it('records deleted in the passive, with who they are, are deleted', () => {
    expect(passiveDelete('Subscribers who leave are deleted.')).toBe('Delete a subscriber.');
    expect(passiveDelete('Bookings are deleted after a year.')).toBe('Bookings are deleted after a year.');
  });

  it('splitSentence applies every split in order', () => {
    expect(splitSentence('I run 3 padel courts and need bookings with court (1, 2 or 3), player name, plus a list of the bookings for a given day.')).toEqual([
      'I run 3 padel courts.',
      'I need bookings with court (1, 2 or 3), player name.',
      'List the bookings for a given day.',
    ]);
  });
});

describe('splitCoordinatedLists', () => {
  it('makes two requests of two lists asked with one verb, each with its own filter', () => {
    expect(splitCoordinatedLists('Please let me list the tours of a given date and the tickets for a tour.')).toEqual(['Please let me list the tours of a given date.', 'List the tickets for a tour.']);
  });

  it('leaves a list whose second part has no filter of its own, or filters joined by "and", as one', () => {
    expect(splitCoordinatedLists('list the shouts for each boat and the crew')).toEqual(['list the shouts for each boat and the crew']);
    expect(splitCoordinatedLists('list bookings by date and by status')).toEqual(['list bookings by date and by status']);
  });
});
