import { interpretPrompt } from '../interpret.js';
import { isNamingNote } from './names.js';

const read = (prompt: string) => {
  const r = interpretPrompt('names', prompt);
  if (!r.ok) throw new Error(`refused: ${r.error.missing.join('; ')}`);
  return { names: r.blueprint.resources.map((x) => x.name), notes: r.warnings.filter(isNamingNote), blueprint: r.blueprint, draft: r.draft };
};

describe('record names are their head noun', () => {
  it('cuts the words before the head in the opening sentence and says so, with the longer name', () => {
    const r = read('My fishing catches - species, weight in kg, lake, date caught.');
    expect(r.names).toEqual(['Catch']);
    expect(r.notes).toEqual(['named Catch after "fishing catches": if "fishing" is part of the name, rename it FishingCatch in the draft']);
    expect(read('Ski school lessons with a date, a level and a price.').names).toEqual(['Lesson']);
    expect(read('Log my sourdough starter feedings: date, flour in grams, and a note.').names).toEqual(['Feeding']);
  });

  it('keeps a heading\'s first word though it is a verb too, and a qualifier whose head is another record\'s qualifier', () => {
    const r = read('# Greengrocer - stock and supplier orders\n### Supplier orders\n- supplier\n- order date\n### Order lines\n- supplier order\n- quantity');
    expect(r.names.sort()).toEqual(['OrderLine', 'SupplierOrder']);
  });

  it('keeps one qualifier of a generic head ("song request", "time entry")', () => {
    expect(read('Karaoke song requests with song title, artist and singer name.').names).toEqual(['SongRequest']);
    expect(read('Time entries have a date, hours and a note.').names).toEqual(['TimeEntry']);
  });

  it('says so when a generic head keeps its one qualifier', () => {
    const r = read('Time entries have a date, hours and a note.');
    expect(r.notes).toEqual(['named TimeEntry after "Time entries": if "time" is not part of the name, rename it Entry in the draft']);
  });

  it('keeps the words of a record named later, as a label among others', () => {
    expect(read('Farm animals tracker\n\n- Animals: tag number (unique), species\n- Vet visits: animal, date, vet name\n').names).toEqual(['Animal', 'VetVisit']);
  });

  it('keeps a participle and a title before a colon', () => {
    expect(read('Found items have a description and a location.').names).toEqual(['FoundItem']);
    expect(read('Jobs board: companies post job offers with a title and a salary.').names).toEqual(['JobOffer']);
  });

  it('keeps both names when two records share the head', () => {
    const r = read('Hotel rooms have a number and a floor. Meeting rooms have a name and a capacity.');
    expect(r.names).toEqual(['HotelRoom', 'MeetingRoom']);
  });

  it('renames the record everywhere: references, action names, list and transition names', () => {
    const r = read('Bakery orders have a customer name and a pickup date. An order line belongs to a bakery order and has a product and a quantity. Mark an order as collected.');
    expect(r.names).toEqual(['OrderLine', 'Order']);
    const line = r.blueprint.resources.find((x) => x.name === 'OrderLine');
    expect(line?.fields.find((f) => f.type === 'reference')).toMatchObject({ name: 'order', references: 'Order' });
    expect(r.blueprint.actions.map((a) => a.name)).toContain('markOrderCollected');
    expect(r.blueprint.actions.map((a) => a.name).filter((n) => /Bakery/.test(n))).toEqual([]);
  });

  it('a naming note is shown in the draft as a line to settle', () => {
    expect(read('Ferry crossings with a date, a departure time and a car deck capacity.').draft).toContain('- [ ] named Crossing after "Ferry crossings"');
  });
});

describe('heads writers name records by alone (HEADS_NAMED_ALONE)', () => {
  it('cuts an adjective before them in the opening ("Wholesale orders", "Damp surveys")', () => {
    expect(read('Wholesale orders at our tortilla factory: restaurant name, dough (corn or flour), quantity and delivery date.').names).toEqual(['Order']);
    expect(read('Damp surveys: property address, postcode, damp type (rising, penetrating or condensation) and surveyor name.').names).toEqual(['Survey']);
  });

  it('keeps an adjective or a participle before other heads ("Lost pets", "Found items")', () => {
    expect(read('Lost pets: name, species, last seen date.').names).toEqual(['LostPet']);
    expect(read('Found items: description, place and date.').names).toEqual(['FoundItem']);
  });
});
