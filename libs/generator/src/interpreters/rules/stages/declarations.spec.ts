import { DECLARATIONS, declarationOf, laterFields, pairedNames } from './declarations.js';
import { filledInLater } from './filled-in.js';

/** Table-driven: every declaration phrasing's examples are its tests. */
describe('declaration sentence phrasings', () => {
  const cases = DECLARATIONS.flatMap((d) => d.examples.map(([sentence, want]) => [d.name, sentence, want] as const));

  it.each(cases)('%s: %s', (_name, sentence, want) => {
    const got = declarationOf(sentence);
    expect(got && { subject: got.subject, items: got.items.map((i) => i.words) }).toEqual(want);
  });

  it('keeps allowed values and reads "pending at first" as the default, not a field', () => {
    const got = declarationOf('A leave request belongs to an employee and has a reason and a status (pending, approved, rejected), pending at first.');
    expect(got?.items).toEqual([{ words: 'employee', refersTo: true }, { words: 'reason' }, { words: 'status', values: ['pending', 'approved', 'rejected'], default: 'pending' }]);
  });

  it('reads a value that stays empty until later as optional', () => {
    const got = declarationOf('A loan is one instrument lent to one player, with a start date and a return date that stays empty until it comes back.');
    expect(got?.items).toEqual([{ words: 'instrument', refersTo: true }, { words: 'player', refersTo: true }, { words: 'start date' }, { words: 'return date', flags: ['optional'] }]);
  });

  it('reads a field given after the record was made as an update of it', () => {
    expect(filledInLater('After the blast the shotfirer fills in its peak vibration.')).toEqual({ fields: [{ words: 'peak vibration' }] });
    expect(filledInLater('the captain lists the availability for a fixture, and fills in the result after the match')).toEqual({ fields: [{ words: 'result' }], before: 'the captain lists the availability for a fixture' });
    expect(filledInLater('The result gets updated when the lab replies.')).toEqual({ fields: [{ words: 'result' }] });
    expect(filledInLater('Members fill in a form when they join.')).toBeUndefined();
    expect(filledInLater('We enter the results of the whole season, the standings of every team and the top scorers of the league.')).toBeUndefined();
  });

  it('reads what the writer fills in later as fields, a trailing "each from A to B" bounding each', () => {
    expect(laterFields('We fill in the home legs and the away legs, each from 0 to 13.')?.map((i) => i.words)).toEqual(['home legs from 0 to 13', 'away legs from 0 to 13']);
    expect(laterFields('Then we add the final score and a note.')?.map((i) => i.words)).toEqual(['final score', 'note']);
    expect(laterFields('We fill in forms when it rains, and they must be signed.')).toBeUndefined();
  });

  it('leaves a sentence whose parts are not all fields to the sentence reader', () => {
    expect(declarationOf('A booking belongs to a member and has a date, and it cannot be moved.')).toBeUndefined();
  });
});

describe('pairedNames: several fields on one bullet', () => {
  it('splits "customer name, address, phone" and "width (mm), height (mm)", never values or a labelled list', () => {
    expect(pairedNames('customer name, address, phone')).toEqual(['customer name', 'address', 'phone']);
    expect(pairedNames('width (mm), height (mm)')).toEqual(['width (mm)', 'height (mm)']);
    expect(pairedNames('condition (mint, good, worn)')).toEqual(['condition (mint, good, worn)']);
    expect(pairedNames('urgency: emergency, this week, whenever')).toEqual(['urgency: emergency, this week, whenever']);
    expect(pairedNames('small, medium, large')).toEqual(['small, medium, large']);
  });
});
