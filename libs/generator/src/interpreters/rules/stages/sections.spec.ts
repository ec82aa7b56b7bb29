import { normalise } from './normalise.js';
import { pairedFields, readSections, unlabelled, valuesInParens } from './sections.js';

describe('sections: the labels of a written spec', () => {
  it('takes a requirement number and an "Entity" word off what they label', () => {
    expect(readSections([{ kind: 'sentence', text: 'R1 Customers: name, address.' }])).toEqual([{ kind: 'sentence', text: 'Customers: name, address.' }]);
    expect(readSections([{ kind: 'sentence', text: 'Entity Ticket: number (integer, unique), coat description.' }])).toEqual([{ kind: 'sentence', text: 'Ticket: number (integer, unique), coat description.' }]);
    // a record whose first word is not a label keeps it
    expect(readSections([{ kind: 'sentence', text: 'Exam sessions: subject, room' }])).toEqual([{ kind: 'sentence', text: 'Exam sessions: subject, room' }]);
  });

  it('reads a sentence between a heading and its field items after the items, unless the items act on what it declares', () => {
    const heading = { kind: 'heading' as const, text: 'Sightings', level: 2 };
    const said = { kind: 'sentence' as const, text: 'Logged by the crew during each trip.' };
    const fields = ['trip', 'species'].map((text) => ({ kind: 'bullet' as const, text, depth: 0 }));
    expect(readSections([heading, said, ...fields])).toEqual([heading, ...fields, said]);
    const asks = ['list bookings for a market date', "list a trader's bookings"].map((text) => ({ kind: 'bullet' as const, text, depth: 0 }));
    const declares = { kind: 'sentence' as const, text: 'A trader books a pitch for a market date.' };
    expect(readSections([heading, declares, ...asks])).toEqual([heading, declares, ...asks]);
  });

  it('a heading "X fields" names the record X', () => {
    expect(readSections([{ kind: 'heading', text: 'Repair job fields', level: 4 }])).toEqual([{ kind: 'heading', text: 'Repair job', level: 4 }]);
    expect(readSections([{ kind: 'heading', text: 'Data', level: 4 }])).toEqual([{ kind: 'heading', text: 'Data', level: 4 }]);
  });

  it('a labelled line of parts separated by semicolons is one line per part, each keeping its label', () => {
    expect(normalise('Operations: create rooms and sessions; confirm a session; list sessions on a date.').lines).toEqual([
      { kind: 'sentence', text: 'Operations: create rooms and sessions' },
      { kind: 'sentence', text: 'Operations: confirm a session' },
      { kind: 'sentence', text: 'Operations: list sessions on a date' },
    ]);
    expect(normalise('Endpoints needed: submit an application, approve, applications by state.').lines.map((l) => (l.kind === 'sentence' ? l.text : ''))).toEqual([
      'Endpoints needed: submit an application',
      'Endpoints needed: approve',
      'Endpoints needed: applications by state',
    ]);
    // an unlabelled sentence with a semicolon is left whole
    expect(readSections([{ kind: 'sentence', text: 'Rooms have a name; sessions have a band.' }])).toHaveLength(1);
  });

  it('gives the reading as written the same text without labels, line by line', () => {
    expect(unlabelled('Spec\nR2 Installations: date\n- Entity Ticket: number')).toBe('Spec\nInstallations: date\n- Ticket: number');
  });

  it('puts the bare values after a value noun in parentheses', () => {
    expect(valuesInParens('Trips: passenger, status requested, confirmed, done or cancelled')).toBe('Trips: passenger, status (requested, confirmed, done or cancelled)');
    expect(valuesInParens('Delivery have a fee and status pending, picked or delivered.')).toBe('Delivery have a fee and status (pending, picked or delivered).');
    expect(valuesInParens('a name, a size small, medium or large, and a colour')).toBe('a name, a size (small, medium or large), and a colour');
  });

  it('leaves field names, filters and values without "or" as written', () => {
    expect(valuesInParens('Orders: type name, email or phone')).toBe('Orders: type name, email or phone');
    expect(valuesInParens('list the trips by status requested or done')).toBe('list the trips by status requested or done');
    expect(valuesInParens('Jobs: status, date, notes')).toBe('Jobs: status, date, notes');
  });

  it('a bullet of two fields sharing their last word, written with a slash, is two bullets', () => {
    expect(readSections([{ kind: 'bullet', text: 'start date / end date', depth: 0 }])).toEqual([
      { kind: 'bullet', text: 'start date', depth: 0 },
      { kind: 'bullet', text: 'end date', depth: 0 },
    ]);
    expect(pairedFields('home team / away team')).toEqual(['home team', 'away team']);
    // values with slashes, or two different nouns, stay one item
    expect(pairedFields('size small / large')).toBeUndefined();
    expect(pairedFields('start date / end time')).toBeUndefined();
  });
});

