import { REPAIRS, repairSpelling } from './repairs.js';

/** Table-driven: every repair's examples are its tests, each read by that repair alone. */
describe.each(REPAIRS)('repair: $name', (repair) => {
  it.each(repair.examples)('%s', (input, output) => {
    expect(repair.apply(input)).toBe(output);
  });
});

describe('repairSpelling: the repairs in order', () => {
  it('runs every repair over the prompt, the layout kept', () => {
    expect(repairSpelling('cant have more bookings then quads\n- add item / list items / get item by sku')).toBe("can't have more bookings than quads\n- add item, list items, get item by sku");
  });
});
