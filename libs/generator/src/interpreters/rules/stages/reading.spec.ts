import { analyze } from './pipeline.js';
import { toClauses } from './clauses.js';
import { declare } from './declare.js';
import { normalise } from './normalise.js';

/** The staged reading: the layout's typed lists, then the sentences left. */
const staged = (prompt: string) => {
  const n = normalise(prompt);
  const d = declare(toClauses(n.lines), n.dropped);
  return analyze(d.text, d.lists);
};

const recordsOf = (prompt: string): string[] => analyze(prompt).resources.map((r) => r.words.join(' '));

/** The sentence reader's records (stages/sentences.ts, stages/segment.ts): what must not become one. */
describe('sentence reader records (irecords)', () => {
  it('a condition after the verb names no record ("stop once a clinic is full")', () => {
    expect(recordsOf('Bookings have a clinic and a date. Bookings must stop once a clinic is full.')).not.toContain('once');
    expect(recordsOf('Orders have a date. Orders close when a shop is shut.')).not.toContain('when');
  });

  it('someone needing "the list of" records asks to see them, and is no record', () => {
    const records = recordsOf('Clinics have a date. Bookings have a clinic and a name. Reception needs the list of bookings for a clinic.');
    expect(records).toEqual(expect.arrayContaining(['clinic', 'booking']));
    expect(records).not.toContain('reception');
  });

  it('"..., and let me close a callout" after a list of fields is an action, not a field', () => {
    const a = analyze('Log callouts with customer name, address and status (open or closed), and let me close a callout.');
    const callout = a.resources.find((r) => r.words.join(' ') === 'callout');
    expect(callout?.fields.map((f) => f.spec.name)).toEqual(['customerName', 'address', 'status']);
    expect(a.actions.some((x) => x.resource === 'callout' && x.verb === 'close')).toBe(true);
  });

  it('records logged "with" their fields are listed too', () => {
    const a = analyze('Log callouts with a customer name and an address, and let me close a callout.');
    expect(a.actions.filter((x) => x.resource === 'callout').map((x) => x.kind)).toEqual(expect.arrayContaining(['create', 'list']));
  });

  it('an untyped item named like a measured one in the same list is measured the same way', () => {
    const a = staged('## Batch\n- name\n- original gravity (e.g. 1.052)\n- final gravity\n- litres');
    const types = Object.fromEntries((a.resources[0]?.fields ?? []).map((f) => [f.spec.name, f.spec.type]));
    expect(types).toMatchObject({ name: 'string', originalGravity: 'number', finalGravity: 'number' });
  });

  it('"lists X per Y and lists Zs by W": the same verb form again on records is a second action', () => {
    const a = analyze('Vans have a registration and an MOT due date. Defect reports have a van and a description. The workshop lists the defect reports per van and lists vans by MOT due date.');
    expect(a.actions.filter((x) => x.kind === 'list').map((x) => x.resource).sort()).toEqual(['defect report', 'van']);
  });

  it('"goats just need a name and an ear tag thats unique": "just" is no part of the record, the relative clause a flag', () => {
    const a = analyze('goats just need a name and an ear tag thats unique.');
    const goat = a.resources.find((r) => r.words.join(' ') === 'goat');
    expect(goat?.fields.map((f) => [f.spec.name, f.spec.unique === true])).toEqual([['name', false], ['earTag', true]]);
  });

  it('"... and status pending, picked or delivered" in a sentence gives the status its values', () => {
    const a = analyze('Riders have a name. Deliveries have the rider, a pickup place and status pending, picked or delivered.');
    const status = a.resources.find((r) => r.words.join(' ') === 'delivery')?.fields.find((f) => f.spec.name === 'status');
    expect(status?.spec).toMatchObject({ type: 'enum', values: ['pending', 'picked', 'delivered'] });
  });

  it('"Orders for my little candle shop on Etsy with ..." declares orders; whose they are says no more of them', () => {
    const a = analyze('Orders for my little candle shop on Etsy with customer name, scent, size (small, medium, large) and quantity.');
    expect(a.resources.map((r) => r.words.join(' '))).toEqual(['order']);
    expect(a.resources[0]?.fields.map((f) => f.spec.name)).toEqual(['customerName', 'scent', 'size', 'quantity']);
  });

  it('"can i have something where each tree has ...": the request for software is passed over for the records after it', () => {
    const a = analyze('can i have something where each tree has a species, a nickname and a height.');
    expect(a.resources.map((r) => [r.words.join(' '), r.fields.map((f) => f.spec.name)])).toEqual([['tree', ['species', 'nickname', 'height']]]);
  });
});
