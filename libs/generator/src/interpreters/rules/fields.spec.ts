import { readFieldItem, type ResourceLookup } from './fields.js';
import { tokenize } from './tokens.js';

/** Records "member" and "slot" are known; everything else is not a record. */
const lookup: ResourceLookup = (ws) => (ws.length === 1 && ['member', 'slot'].includes(ws[0] as string) ? [ws[0] as string] : undefined);
const read = (text: string) => readFieldItem(tokenize(text), lookup, ['robot']);

describe('readFieldItem: a parenthesis naming a record', () => {
  it.each([
    ['builder (a member)', 'builder', 'member'],
    ['captain (the member)', 'captain', 'member'],
    ['booked slot (a slot)', 'bookedSlot', 'slot'],
  ])('"%s" points at the record, named as written', (text, name, target) => {
    const r = read(text);
    expect(r.kind === 'field' ? [r.field.spec.name, r.field.spec.type, r.refersTo] : r).toEqual([name, 'reference', [target]]);
  });

  it('an article before a type word is that type: "night (a date)"', () => {
    const r = read('night (a date)');
    expect(r.kind === 'field' ? [r.field.spec.name, r.field.spec.type] : r).toEqual(['night', 'date']);
  });

  it('two values that are yes and no are a yes/no; a place in a row is a whole number', () => {
    const paid = read('deposit paid (yes or no)');
    expect(paid.kind === 'field' ? [paid.field.spec.name, paid.field.spec.type, paid.field.spec.values] : paid).toEqual(['depositPaid', 'boolean', undefined]);
    const kennel = read('kennel number');
    expect(kennel.kind === 'field' ? kennel.field.spec.type : kennel).toBe('integer');
    const phone = read('phone number');
    expect(phone.kind === 'field' ? phone.field.spec.type : phone).toBe('string');
  });

  it('a parenthesis naming no record leaves the field as it was', () => {
    const r = read('note (a remark)');
    expect(r.kind === 'field' ? [r.field.spec.name, r.field.spec.type] : r).toEqual(['note', 'string']);
  });
});

describe('readFieldItem: how the name is written', () => {
  const name = (text: string, given = {}): string | undefined => {
    const r = readFieldItem(tokenize(text), lookup, ['robot'], given);
    return r.kind === 'field' ? r.field.spec.name : undefined;
  };

  it.each([
    ["the age they're turning", 'age'],
    ["the pressing day it's for", 'pressingDay'],
    ['the colour she picked', 'colour'],
  ])('"%s": a pronoun and its verb after the noun end the name', (text, want) => {
    expect(name(text)).toBe(want);
  });

  it.each([
    ['the customers name', 'customerName'],
    ['parents phone', 'parentPhone'],
    ['the clients email', 'clientEmail'],
  ])('"%s": a plural before a person\'s detail is its owner', (text, want) => {
    expect(name(text)).toBe(want);
  });

  it('"address" and other words ending in "ss" are no plural owner', () => {
    expect(name('business name')).toBe('businessName');
  });

  it('"permit needed" as a yes/no keeps the participle in its name; elsewhere it is a flag', () => {
    expect(name('permit needed', { type: 'boolean' })).toBe('permitNeeded');
    const r = readFieldItem(tokenize('a phone number, needed'), lookup, ['robot']);
    expect(r.kind === 'field' ? [r.field.spec.name, r.field.spec.required] : r).toEqual(['phoneNumber', true]);
  });
});

describe('readFieldItem: numbers with a unit as values', () => {
  it('"size (2, 4, 6 or 8 yards)": the unit after the last number is not a value', () => {
    const r = readFieldItem(tokenize('size (2, 4, 6 or 8 yards)'), lookup, ['skip']);
    expect(r.kind === 'field' ? [r.field.spec.type, r.field.spec.values] : r).toEqual(['enum', ['2', '4', '6', '8']]);
  });

  it('"level (1, 2 or 3 - the RICS survey level)": a note after the last number is not a value either', () => {
    const r = readFieldItem(tokenize('level (1, 2 or 3 - the RICS survey level)'), lookup, ['job']);
    expect(r.kind === 'field' ? [r.field.spec.type, r.field.spec.min, r.field.spec.max] : r).toEqual(['integer', 1, 3]);
  });

  it('"home score (0-13, empty until played)": a value that may be empty is optional', () => {
    const r = readFieldItem(tokenize('home score (0-13, empty until played)'), lookup, ['fixture']);
    expect(r.kind === 'field' ? [r.field.spec.required, r.field.spec.min, r.field.spec.max] : r).toEqual([false, 0, 13]);
    const kept = readFieldItem(tokenize('title (never empty)'), lookup, ['note']);
    expect(kept.kind === 'field' ? kept.field.spec.required : kept).toBe(true);
  });

  it('"property (a property can only ever have one request)": one per parent is a unique link', () => {
    const r = readFieldItem(tokenize('property (a property can only ever have one request)'), (ws) => (ws[0] === 'property' ? ['property'] : undefined), ['request']);
    expect(r.kind === 'field' ? [r.field.spec.type, r.field.spec.unique] : r).toEqual(['reference', true]);
  });

  it('"the price I paid" is pricePaid: what the writer did names it', () => {
    const r = read('the price I paid');
    expect(r.kind === 'field' ? r.field.spec.name : r).toBe('pricePaid');
  });

  it('values that are words keep every word', () => {
    const r = readFieldItem(tokenize('size (small, large box)'), lookup, ['skip']);
    expect(r.kind === 'field' ? r.field.spec.values : r).toEqual(['small', 'large box']);
  });
});

describe('readFieldItem: types read from the name', () => {
  const spec = (text: string) => {
    const r = readFieldItem(tokenize(text), lookup, ['certificate']);
    return r.kind === 'field' ? [r.field.spec.name, r.field.spec.type] : r;
  };

  it.each([
    ['expires on', 'expiresOn', 'date'],
    ['dietary needs (optional, we serve mulled wine & mince pies)', 'dietaryNeeds', 'string'],
    ['performance (seconds for track events, metres for field events, with decimals)', 'performance', 'number'],
    ['position (1 or more)', 'position', 'integer'],
    ['how many (max 12)', 'quantity', 'integer'],
    ['flavor (reina, domino or pabellon, one flavor per order - if they want two they make two orders)', 'flavor', 'enum'],
    ['starts at', 'startsAt', 'datetime'],
    ['issued on', 'issuedOn', 'date'],
  ])('"%s": when something happens is a date or a moment', (text, name, type) => {
    expect(spec(text)).toEqual([name, type]);
  });

  it('"a quantity in ml" is measured (a number); "a quantity" alone is counted', () => {
    expect(spec('a quantity in ml')).toEqual(['quantityMl', 'number']);
    expect(spec('a quantity')).toEqual(['quantity', 'integer']);
  });
});

describe('readFieldItem: counts of what is left, units and stranded prepositions', () => {
  const spec = (text: string) => {
    const r = readFieldItem(tokenize(text), lookup, ['bottle']);
    return r.kind === 'field' ? [r.field.spec.name, r.field.spec.type] : r;
  };

  it.each([
    ['number of bottles left', 'bottlesLeft'],
    ['how many refills left', 'refillsLeft'],
    ['the jars remaining', 'jarsLeft'],
  ])('"%s" counts what is left', (text, name) => {
    expect(spec(text)).toEqual([name, 'integer']);
  });

  it.each([
    ['tiers', 'tiers', 'integer'],
    ['berths', 'berths', 'integer'],
    ['defects', 'defects', 'string'],
    ['tester initials', 'testerInitials', 'string'],
    ['tags', 'tags', 'stringList'],
  ])('a bare plural "%s" counts unless it is written in words or the lexicon lists it', (text, name, type) => {
    expect(spec(text)).toEqual([name, type]);
  });

  it.each([
    ['eggs set', 'eggsSet', 'integer'],
    ['chicks hatched', 'chicksHatched', 'integer'],
    ['days fermenting', 'daysFermenting', 'integer'],
    ['due back', 'dueBack', 'date'],
    ['battery checked on', 'batteryCheckedOn', 'date'],
    ['prize money', 'prizeMoney', 'number'],
    ['age turning', 'ageTurning', 'integer'],
    ['gas appliances (count)', 'gasAppliances', 'integer'],
    ['ammonia ppm', 'ammoniaPpm', 'number'],
    ['chlorine in ppm', 'chlorinePpm', 'number'],
    ['a price (GBP)', 'priceGbp', 'number'],
    ['score (whole percentage, 0-100)', 'score', 'integer'],
    ['a start hour', 'startHour', 'integer'],
    ['a yes/no for the colour enlarger', 'colourEnlarger', 'boolean'],
    ['did i do a water change (yes or no)', 'waterChange', 'boolean'],
  ])('"%s" is %s, %s', (text, name, type) => {
    expect(spec(text)).toEqual([name, type]);
  });

  it('"safe to use y/n": the verb after the adjective of a yes/no stays in its name', () => {
    const given = readFieldItem(tokenize('safe to use'), lookup, ['ladder'], { type: 'boolean' });
    expect(given.kind === 'field' ? [given.field.spec.name, given.field.spec.type] : given).toEqual(['safeToUse', 'boolean']);
    expect(spec('a URL to check')).toEqual(['url', 'url']);
  });

  it('"each bottle\'s label" in the bottle\'s own list is its label', () => {
    expect(spec("each bottle's label")).toEqual(['label', 'string']);
    expect(spec("the owner's name")).toEqual(['ownerName', 'string']);
  });

  it('"left" after a word that is no plural stays noise', () => {
    expect(spec('a note left')).toEqual(['note', 'string']);
    expect(spec('a quantity left')).toEqual(['quantityLeft', 'integer']);
  });

  it.each([
    ['height in hands', 'heightHands'],
    ['steep temp in °C', 'steepTempC'],
  ])('"%s": the unit joins the name of a number', (text, name) => {
    expect(spec(text)).toEqual([name, 'number']);
  });

  it('"the wall it is on": the preposition left at the end is no part of the name', () => {
    expect(spec('the wall it is on')).toEqual(['wall', 'string']);
    expect(spec('the year it was published')).toEqual(['yearPublished', 'integer']);
  });
});

describe('readFieldItem: names written as phrases', () => {
  const name = (text: string, self = ['chore']): string | undefined => {
    const r = readFieldItem(tokenize(text), lookup, self);
    return r.kind === 'field' ? r.field.spec.name : undefined;
  };

  it('"the name of the chore" on a chore is its name; of another thing it keeps the thing', () => {
    expect(name('the name of the chore')).toBe('name');
    expect(name('the name of the venue')).toBe('venueName');
    expect(name('number of tickets', ['ticket'])).toBe('numberOfTickets');
  });

  it('"X of Y" stays as written; "the X of the Y" is the Y\'s X; "out of 10" is a scale', () => {
    expect(name('country of origin')).toBe('countryOfOrigin');
    expect(name('a date of death')).toBe('dateOfDeath');
    expect(name('the date of the exam')).toBe('examDate');
    const score = readFieldItem(tokenize('a score out of 10'), lookup, ['tasting']);
    expect(score.kind === 'field' ? [score.field.spec.name, score.field.spec.type, score.field.spec.min, score.field.spec.max] : score).toEqual(['score', 'integer', 0, 10]);
  });

  it('"a phone number if they have one" is optional; "the amount raised so far" is the amount raised', () => {
    const phone = readFieldItem(tokenize('a phone number if they have one'), lookup, ['client']);
    expect(phone.kind === 'field' ? [phone.field.spec.name, phone.field.spec.required] : phone).toEqual(['phoneNumber', false]);
    expect(name('the amount raised so far')).toBe('amountRaised');
  });

  it('"discount in percent" keeps its unit; "kits born" counts', () => {
    expect(name('discount in percent')).toBe('discountPercent');
    const kits = readFieldItem(tokenize('kits born'), lookup, ['litter']);
    expect(kits.kind === 'field' ? [kits.field.spec.name, kits.field.spec.type] : kits).toEqual(['kitsBorn', 'integer']);
  });

  it('the label "quantity of packets" is kept as written', () => {
    expect(name('quantity of packets', ['seed'])).toBe('quantityOfPackets');
  });

  it.each([['who does it'], ['who is doing it'], ['who handles it']])('"%s" is the assignee', (text) => {
    expect(name(text)).toBe('assignee');
  });
});

describe('readFieldItem: what follows the name (a relative clause, a pointing phrase, a unit of sense) and the type it gives', () => {
  it.each([
    ['face value', 'faceValue', 'number'],
    ['resale value', 'resaleValue', 'number'],
    ['status value', 'status', 'string'],
    ['week starting', 'weekStarting', 'date'],
    ['wood where we find them', 'wood', 'string'],
    ['session number within their programme', 'sessionNumber', 'string'],
    ['strokes on that hole', 'strokes', 'integer'],
    ['accepted it', 'accepted', 'string'],
    ['the date they\'d like to come in', 'date', 'date'],
    ['expires on', 'expiresOn', 'date'],
    ['dietary needs (optional, we serve mulled wine & mince pies)', 'dietaryNeeds', 'string'],
    ['performance (seconds for track events, metres for field events, with decimals)', 'performance', 'number'],
    ['position (1 or more)', 'position', 'integer'],
    ['how many (max 12)', 'quantity', 'integer'],
    ['flavor (reina, domino or pabellon, one flavor per order - if they want two they make two orders)', 'flavor', 'enum'],
    ['month ending', 'monthEnding', 'date'],
  ])('"%s" -> %s (%s)', (text, name, type) => {
    const r = read(text);
    expect(r.kind === 'field' ? [r.field.spec.name, r.field.spec.type] : r).toEqual([name, type]);
  });
});

describe('readFieldItem: a question naming who did it or when, and a unit the lexicon does not know', () => {
  it.each([
    ['who collected it', 'collectedBy', 'string'],
    ['who referred them', 'referredBy', 'string'],
    ['who paid', 'paidBy', 'string'],
    ['when it stopped', 'stoppedAt', 'datetime'],
    ['when they arrived', 'arrivedAt', 'datetime'],
    ['date and time observed', 'observedAt', 'datetime'],
    ['area in hectares', 'area', 'number'],
    ['earth resistance in ohms', 'earthResistance', 'number'],
    ['dictation speed in words per minute', 'dictationSpeed', 'number'],
    ['quantity in dozens', 'quantity', 'integer'],
    // a unit the lexicon knows still joins the name; "in" after a word that is no quantity stays
    ['weight in kg', 'weightKg', 'number'],
    ['name in full', 'nameInFull', 'string'],
  ])('"%s" -> %s (%s)', (text, name, type) => {
    const r = read(text);
    expect(r.kind === 'field' ? [r.field.spec.name, r.field.spec.type] : r).toEqual([name, type]);
  });
});
