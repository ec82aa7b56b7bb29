import { interpretPrompt } from '../interpret.js';
import { anchoredLists } from './anchored-lists.js';
import { normalise } from './normalise.js';

/** Each prompt: no phrasing entry reads its list, so without this stage it was refused. */
const EXAMPLES: { prompt: string; record: string; fields: string[] }[] = [
  { prompt: 'yo i clean windows, houses offices etc. want simple app for jobs: customer, address, price, date.', record: 'Job', fields: ['customer', 'address', 'price', 'date'] },
  { prompt: 'When a guest hands over the keys, we record the car\'s registration, make and colour, the guest\'s room number and the time it was dropped off.', record: 'Car', fields: ['registration', 'make', 'colour'] },
  { prompt: 'Data to capture per registration form:\n1. full name\n2. date of birth\n3. address\n4. ward (North, South)', record: 'Registration', fields: ['fullName', 'dateOfBirth', 'address', 'ward'] },
  { prompt: 'Hello, our town hall wants to move permit requests off paper. An applicant gives their full name, street, the type of permit (parking, market, event) and the date they need it.', record: 'Request', fields: ['fullName', 'street'] },
  { prompt: 'Log of the weekly cash counts for the machines in our arcade: machine name, week starting, amount taken in pounds and whether it was out of order that week.', record: 'CashCount', fields: ['machineName', 'weekStarting', 'amountTakenPounds'] },
  { prompt: 'Our chess club has rounds every month, each with a date and a venue. For each game we note the white player, the black player and the result.', record: 'Game', fields: ['whitePlayer', 'blackPlayer', 'result'] },
];

describe('anchored lists: the last stage before a refusal', () => {
  it.each(EXAMPLES)('reads the list of "$prompt" as the fields of $record', ({ prompt, record, fields }) => {
    const r = interpretPrompt('x', prompt);
    if (!r.ok) throw new Error(`refused: ${r.error.missing.join('; ')}`);
    const res = r.blueprint.resources.find((x) => x.name === record);
    expect(res?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(fields));
  });

  it('states whose fields it took them to be, quoting the words that named the record', () => {
    const r = interpretPrompt('x', EXAMPLES[0]?.prompt as string);
    expect(r.ok && r.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^named Job after "want simple app for jobs": the fields listed there are a job's/)]));
  });

  it('gives the words after a list back to the sentence reader', () => {
    const a = anchoredLists(normalise('Appointments at my salon with client name, stylist, start time and price, and I need to see the appointments for a given day.').lines);
    expect(a?.lists.map((l) => l.items.map((i) => i.words))).toEqual([['client name', 'stylist', 'start time', 'price']]);
    expect(a?.text).toBe('I need to see the appointments for a given day.');
  });

  it('finds no list in sentences that hold none, so they are still refused', () => {
    expect(anchoredLists(normalise('Hello, can you help me build something for my shop? Thanks.').lines)).toBeUndefined();
    expect(interpretPrompt('x', 'We sell flowers. It is nice. Customers like it.').ok).toBe(false);
  });
});
