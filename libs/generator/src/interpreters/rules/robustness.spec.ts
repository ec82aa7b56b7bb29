import { interpretPrompt, MAX_PROMPT_LENGTH, withoutInconsistentRules } from './interpret.js';

/** Whatever arrives, the interpreter answers: a blueprint (gaps named) or PROMPT_NOT_UNDERSTOOD, never a throw. */
describe('rules interpreter on odd input', () => {
  const odd = [
    '', '🙂', 'Книги имеют название и автора.', 'a, b, c', '((((', 'Books have', 'have have have', 'List', 'Delete everything.',
    'Books have a title (', 'Books have a title)). Users add books.', ':', ';;;', 'Books: ', '- a\n- b', 'x'.repeat(5000),
    'Books have a constructor and a prototype.', 'Items have a price from 10 to 1.', 'Create create create.',
    'Polls have options. Vote for one option. Vote for one option.', 'Books have a title; ; ; Users add books;',
    'Books have a title.\n\n\n- \n* \n1. Users add books.',
  ];

  it.each(odd.map((p) => [JSON.stringify(p.slice(0, 40)), p] as const))('%s', (_label, prompt) => {
    const r = interpretPrompt('odd', prompt);
    if (!r.ok) {
      expect(r.error.code).toBe('PROMPT_NOT_UNDERSTOOD');
      expect(r.error.missing.length).toBeGreaterThan(0);
      // the example is the draft of this prompt, its gaps marked to be filled in
      expect(r.error.example).toBe(r.draft);
      expect(r.draft).toContain('- [ ] ');
    } else {
      expect(r.blueprint.resources.length).toBeGreaterThan(0);
      expect(r.draft).toContain(`## ${r.blueprint.resources[0]?.name ?? ''} (`);
    }
  });

  it('reads a clause that ends on a separator without tripping (batch 22, mahjong club: a crash before)', () => {
    const prompt = "Hello! I help run a small mahjong club that meets every Thursday in the back room of the town library, and we would like to stop using a paper notebook. We need a list of members with their name, phone number and whether they've paid this year's dues. Every game we play should also be recorded with the date, the table number, the winner's name and how many points the winning hand scored. It would be nice to see all the games played on a particular date.";
    const r = interpretPrompt('mahjong', prompt);
    expect(r.ok ? [] : r.error.missing.filter((m) => m.includes('could not be followed'))).toEqual([]);
    expect(r.ok && r.blueprint.resources.map((x) => x.name)).toContain('Member');
  });

  it('keeps "member no" as a name (memberNo), not as a statement with a negation', () => {
    const r = interpretPrompt('lathes', 'members: name, member no (unique), induction done yes/no. bookings: member, date.');
    expect(r.ok && r.blueprint.resources.find((x) => x.name === 'Member')?.fields.map((f) => f.name)).toEqual(['name', 'memberNo', 'inductionDone']);
  });

  it('reads a note in parentheses written as a sentence as no list of values, and a heading\'s note as no part of its name', () => {
    const r = interpretPrompt('planetarium', 'Shows\n- title\n- seats (the dome has 120, so never more than 120)\n- result (won, drawn or lost - empty until played)\n\nTickets (one ticket = one seat)\n- show\n- holder name\n- seat number, 1 to 120');
    const show = r.ok ? r.blueprint.resources.find((x) => x.name === 'Show') : undefined;
    expect(show?.fields.find((f) => f.name === 'seats')?.type).toBe('integer');
    expect(show?.fields.find((f) => f.name === 'result')?.type).toBe('enum');
    expect(r.ok && r.blueprint.resources.find((x) => x.name === 'Ticket')?.fields.map((f) => f.name)).toEqual(['show', 'holderName', 'seatNumber']);
  });

  it('reads "notes if it failed" as an optional field named before its condition', () => {
    const r = interpretPrompt('rides', 'Inspections: ride, date, inspector name, passed yes or no, and notes if it failed.');
    const notes = r.ok ? r.blueprint.resources[0]?.fields.find((f) => f.name === 'notes') : undefined;
    expect(notes?.required).toBe(false);
  });

  it('reads views under "## Screens" by what they show, and a value picked from a parent\'s list as short text', () => {
    const r = interpretPrompt('massage', "# Clinic\n\n## Therapists\n- name\n- specialities (a list, e.g. sports, pregnancy)\n\n## Appointments\n- therapist\n- date\n- treatment - must be one of the therapist's specialities\n\n## Screens\n1. day view: appointments on a date\n2. therapist view: appointments of one therapist");
    expect(r.ok && r.blueprint.resources.map((x) => x.name).sort()).toEqual(['Appointment', 'Therapist']);
    expect(r.ok && r.blueprint.rules.map((x) => x.kind)).toEqual(['membership']);
    expect(r.ok && r.blueprint.actions.filter((a) => a.kind === 'list' && a.resource === 'Appointment').flatMap((a) => (a.kind === 'list' ? a.filters.map((f) => f.field) : [])).sort()).toEqual(['date', 'therapist']);
  });

  it('reads whole numbers in a row as a range, other numbers as values', () => {
    const r = interpretPrompt('lathes', 'Lessons have a level (1, 2 or 3) and a length (60 or 90).');
    const [level, length] = r.ok ? (r.blueprint.resources[0]?.fields ?? []) : [];
    expect([level?.type, level?.min, level?.max]).toEqual(['integer', 1, 3]);
    expect(length?.values).toEqual(['60', '90']);
  });

  it('breaks a loop of required references the reading made instead of refusing with the validator\'s words (batch 23, luthier)', () => {
    const prompt = "I'm a luthier building and repairing guitars and violins. Customers leave instruments with me for repair. I'd like to record the customer's name and email, the instrument, what work is needed, my quote, the date it came in and the date promised. Then I need to list the repairs that are promised on a given day so I know what to finish.";
    const r = interpretPrompt('luthier', prompt);
    expect(r.ok ? [] : r.error.missing.filter((m) => m.startsWith('/'))).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it('refuses prompts that are not about data', () => {
    for (const p of ['hello', '🙂', 'Книги имеют название и автора.', 'have have have', 'Delete everything.']) {
      expect([p, interpretPrompt('odd', p).ok]).toEqual([p, false]);
    }
  });

  it('keeps the user\'s enum values once each, and refuses contradictory bounds', () => {
    const r = interpretPrompt('odd', 'Orders have a status (new, new, done).');
    expect(r.ok && r.blueprint.resources[0]?.fields[0]?.values).toEqual(['new', 'done']);
    expect(interpretPrompt('odd', 'Items have a price from 10 to 1.').ok).toBe(false);
  });

  it('refuses a prompt longer than the limit instead of reading part of it', () => {
    const r = interpretPrompt('long', `Books have a title. ${'Users add books. '.repeat(MAX_PROMPT_LENGTH / 10)}`);
    expect(r.ok).toBe(false);
  });
});

describe('a rule the blueprint refuses', () => {
  it('is left out and named, and the rest of the backend is kept', () => {
    const r = interpretPrompt('timber', 'Products have a name and a stock count. Orders have a product, a quantity and an order date. Customers place orders.');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // a date held against a count: the validator refuses it
    const bad = { ...r.blueprint, rules: [...r.blueprint.rules, { kind: 'compare' as const, resource: 'Order', via: 'product', field: 'orderDate', op: 'lte' as const, against: { parentField: 'stockCount' }, message: 'too many' }] };
    const kept = withoutInconsistentRules(bad);
    expect(kept.blueprint.rules).toEqual(r.blueprint.rules);
    expect(kept.gaps).toEqual([expect.stringMatching(/^not done: the compare rule on Order \("too many"\): /)]);
    expect(withoutInconsistentRules(r.blueprint)).toEqual({ blueprint: r.blueprint, gaps: [] });
  });
});
