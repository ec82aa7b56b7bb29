import { analyze } from './pipeline.js';

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
});
