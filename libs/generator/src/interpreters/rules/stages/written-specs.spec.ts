import { interpretPrompt } from '../interpret.js';
import { sharedNotes } from '../field-lists.js';
import { documentLine } from './context.js';

/** Field items of a written spec, read whatever a single item's shape (session 2026-11-28 late). */
const fieldsOf = (prompt: string): Record<string, string[]> => {
  const r = interpretPrompt('x', prompt);
  if (!r.ok) throw new Error(`refused: ${r.error.missing.join('; ')}`);
  return Object.fromEntries(r.blueprint.resources.map((x) => [x.name, x.fields.map((f) => `${f.name}:${f.type}`)]));
};

describe('written specs: a section keeps its fields whatever one item looks like', () => {
  it('a lone word with a note after its comma, and a yes/no item, do not cost the section its record', () => {
    const spec = '1. Referees\n   - full name\n   - email (must be unique)\n   - grade, 1 to 9 (1 is the highest)\n   - has car (yes/no)\n2. Matches\n   - date\n   - venue';
    expect(fieldsOf(spec)['Referee']).toEqual(['fullName:string', 'email:email', 'grade:integer', 'hasCar:boolean']);
  });

  it('a lettered item over numbered ones is their heading, as a numbered one is', () => {
    const spec = 'A. Entrants\n   1. bib number (a whole number, unique)\n   2. first name\n   3. wetsuit (yes/no)\nB. Results\n   1. entrant\n   2. swim time, bike time (each in seconds)';
    expect(fieldsOf(spec)).toEqual({
      Entrant: ['bibNumber:integer', 'firstName:string', 'wetsuit:boolean'],
      Result: ['entrant:reference', 'swimTimeSeconds:integer', 'bikeTimeSeconds:integer'],
    });
  });
});

describe('sharedNotes: a note saying "each", "all" or "both" holds for its whole run', () => {
  it('on one bullet, every item before the note', () => {
    expect(sharedNotes(['swim time', 'bike time', 'run time (each in seconds)'], true)).toEqual(['swim time (in seconds)', 'bike time (in seconds)', 'run time (in seconds)']);
    expect(sharedNotes(['height', 'width (both in cm)'], true)).toEqual(['height (in cm)', 'width (in cm)']);
  });

  it('in a longer list, only the items sharing the noted one\'s last word, and never past an item with its own note', () => {
    expect(sharedNotes(['entrant name', 'swim time', 'run time (each in seconds)'], false)).toEqual(['entrant name', 'swim time (in seconds)', 'run time (in seconds)']);
    expect(sharedNotes(['start time (24h)', 'end time (each rounded)'], true)).toEqual(['start time (24h)', 'end time (rounded)']);
    expect(sharedNotes(['name', 'price (in pounds)'], true)).toEqual(['name', 'price (in pounds)']);
  });
});

describe('documentLine: a title that only says what the document is about', () => {
  it('takes a labelled title with a dash as the document, not a record', () => {
    expect(documentLine('Spec: Lakeside Sprint Triathlon 2025 - entries and results')).toBe(true);
    expect(documentLine('Spec: customers have a name - and an email, a phone')).toBe(false);
  });
});

describe('field tables: values and notes in any column', () => {
  it('reads values separated by slashes in a type column, and an example column as notes', () => {
    expect(fieldsOf('## Competition\n| field | type |\n|---|---|\n| title | text |\n| status | open / judging / closed |')['Competition']).toEqual(['title:text', 'status:enum']);
    expect(fieldsOf('**Scooters**\n\n| field | example |\n|---|---|\n| fleet number | S-014 |\n| zone | north campus / south campus / city centre |')['Scooter']).toEqual(['fleetNumber:string', 'zone:enum']);
  });
});
