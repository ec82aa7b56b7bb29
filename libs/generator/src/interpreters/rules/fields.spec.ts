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

  it('a parenthesis naming no record leaves the field as it was', () => {
    const r = read('note (a remark)');
    expect(r.kind === 'field' ? [r.field.spec.name, r.field.spec.type] : r).toEqual(['note', 'string']);
  });
});
