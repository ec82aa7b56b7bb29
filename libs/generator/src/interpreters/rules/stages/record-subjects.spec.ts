import { accept } from '../test-support.js';

/**
 * The record a list before its colon names (stages/list-subject.ts, clauses.ts), as one-liners
 * write it (session 2026-11-29 fourth): never a pronoun, a place the records are kept at, or the
 * book they are kept in.
 */
const records = (prompt: string): string[] => accept(prompt).resources.map((r) => r.name);

describe('the record a one-line list names', () => {
  it('is the one a pronoun stands for: the records the sentence named, or the one whose fields the first item names', () => {
    expect(records("We're restoring the gargoyles on the cathedral roof and need to track each one: its name, its condition and a start date.")).toEqual(['Gargoyle']);
    expect(records("I sell braiding kits online and need a list of them: each kit's name, number of cords (8, 12 or 16) and price.")).toEqual(['Kit']);
  });

  it('is what "every" counts, before the place it happens at', () => {
    expect(records('Log every refuelling at our hydrogen bus depot: bus fleet number, amount dispensed in kg and start time.')).toEqual(['Refuelling']);
  });

  it('is what a log or a list is of, or names in the plural', () => {
    expect(records('Public log of sinkholes in the borough - location, date spotted, width in metres and a photo URL.')).toEqual(['Sinkhole']);
    expect(records('need a members list for our Vespa owners club: name, email (unique), scooter model, model year')).toEqual(['Member']);
  });

  it('is what a system is named after, whatever place it is for, when the list follows on its own', () => {
    expect(records('yo need a booking thing for my shisha lounge. table number (1-20), customer name, phone, date')).toEqual(['Booking']);
  });
});
