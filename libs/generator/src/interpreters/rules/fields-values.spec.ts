import { prepareFieldList } from './field-lists.js';
import { splitList, textOf, tokenize } from './tokens.js';

const items = (text: string): string[] => splitList(prepareFieldList(tokenize(text))).map(textOf);

describe('prepareFieldList: values written inline in a sentence list', () => {
  it.each([
    ['a number and a surface, clay or hard', ['a number', 'a surface (clay, hard)']],
    ['a name, a level, beginner, intermediate or expert, and a phone', ['a name', 'a level (beginner, intermediate, expert)', 'a phone']],
    ['a length in minutes, 45 or 90', ['a length in minutes (45, 90)']],
  ])('"%s": bare words joined by "or" after an item with an article are its values', (text, want) => {
    expect(items(text)).toEqual(want);
  });

  it.each([
    ['a name, email or phone', ['a name', 'email', 'phone']],
    ['name, colour or size', ['name', 'colour', 'size']],
  ])('"%s": words that name fields, or an item without an article, stay fields', (text, want) => {
    expect(items(text)).toEqual(want);
  });

  it('"(date and time)" is one type', () => {
    expect(items('a start time (date and time)')).toEqual(['a start time (datetime)']);
  });
});

describe('prepareFieldList: a usual value set off by a comma', () => {
  it('"a capacity, usually 15" is the capacity with a default, not an item "usually 15"', () => {
    expect(items('a date, a place and a capacity, usually 15')).toEqual(['a date', 'a place', 'a capacity (default 15)']);
  });
});

describe('prepareFieldList: a yes/no written with a slash', () => {
  it.each([
    ['delivery date, paid y/n, notes', ['delivery date', 'paid y/n', 'notes']],
    ['laying (yes/no), breed', ['laying (yes / no)', 'breed']],
    ['an on/off state', ['an on/off state']],
  ])('"%s" keeps the yes/no with its field', (text, want) => {
    expect(items(text)).toEqual(want);
  });
});

describe('prepareFieldList: values right after a value noun', () => {
  it.each([
    ['a fee and status pending, picked or delivered', ['a fee', 'status (pending, picked, delivered)']],
    ['a name, a level beginner or expert, and a phone', ['a name', 'a level (beginner, expert)', 'a phone']],
  ])('"%s": bare words joined by "or" are the noun\'s values', (text, want) => {
    expect(items(text)).toEqual(want);
  });

  it('a noun followed by field names keeps them as fields', () => {
    expect(items('type name, email or phone')).toEqual(['type name', 'email', 'phone']);
  });
});

describe('prepareFieldList: a relative clause set off by commas', () => {
  it.each([
    ["a name, which must be unique, the captain's email", ['a name which must be unique', 'the captain email']],
    ['a hazard class, which is one of flammable, toxic or none', ['a hazard class (flammable, toxic, none)']],
  ])('"%s": a clause giving a flag or values stays with its item', (text, want) => {
    expect(items(text)).toEqual(want);
  });

  it('a clause that only describes is left as it was', () => {
    expect(items('a district and max pickups, which is what one truck can manage')).toEqual(['a district', 'max pickups', 'which is what one truck can manage']);
  });
});

describe('prepareFieldList: values and types written with slashes and plus signs', () => {
  it.each([
    ['date, pace group A / B / C, ride leader', ['date', 'pace group (A, B, C)', 'ride leader']],
    ['pulse, arm left/right, comment', ['pulse', 'arm (left, right)', 'comment']],
    ['pulse, measured at date+time, comment', ['pulse', 'measured at (datetime)', 'comment']],
    ['start, pickup time (date + time), notes', ['start', 'pickup time (datetime)', 'notes']],
    ['time + kind (wet, dirty)', ['time', 'kind (wet, dirty)']],
  ])('"%s"', (text, want) => {
    expect(items(text)).toEqual(want);
  });

  it('values after "of" are left to the words that introduce them; yes/no and field names are no values', () => {
    expect(items('an urgency of low/normal/urgent')).toEqual(['an urgency (low, normal, urgent)']);
    expect(items('paid yes/no, notes')).toEqual(['paid yes/no', 'notes']);
    expect(items('name/email, notes')).toEqual(['name', 'email', 'notes']);
  });
});

