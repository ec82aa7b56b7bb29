import type { Blueprint } from '@backforge/blueprint';
import { actionSignature } from '../corpus-match.js';
import { interpretPrompt } from '../interpret.js';
import { accept, field, fieldNames } from '../test-support.js';

/**
 * A record's section in a spec: its name on a line of its own over bullets that list its fields,
 * several to a bullet, then say what is done with the records (session 2026-11-29 fourth); and
 * the rules such specs put under them, "once a flight is closed no special meals can be added".
 */
const signatures = (bp: Blueprint): string[] => bp.actions.map(actionSignature);
const guards = (bp: Blueprint): string[] => bp.rules.map((r) => (r.kind === 'parentGuard' ? `${r.resource}.${r.via} ${r.field} ${r.op} ${JSON.stringify(r.value)}` : r.kind));

describe("a record's section", () => {
  it('reads bullets listing several fields each, and bullets saying what is done with the records', () => {
    const bp = accept('Officers\n * name, collar number (unique), station\n * create and list\n\nWitnesses\n * full name, phone, email (optional), date of birth\n * create, and retrieve one by its full name');
    expect(bp.resources.map((r) => r.name)).toEqual(['Officer', 'Witness']);
    expect(fieldNames(bp, 'Officer')).toEqual(['name', 'collarNumber', 'station']);
    expect(field(bp, 'Officer', 'collarNumber').unique).toBe(true);
    expect(fieldNames(bp, 'Witness')).toEqual(['fullName', 'phone', 'email', 'dateOfBirth']);
    expect(field(bp, 'Witness', 'email')).toMatchObject({ type: 'email', required: false });
    expect(signatures(bp)).toEqual(expect.arrayContaining(['create Officer', 'list Officer', 'create Witness', 'get Witness by fullName']));
  });

  it('reads a section of one bullet listing the fields under a Markdown heading', () => {
    const bp = accept('## Officers\n- name, collar number (unique), station\n\n## Witnesses\n- full name, phone, email (optional), date of birth');
    expect(fieldNames(bp, 'Officer')).toEqual(['name', 'collarNumber', 'station']);
    expect(fieldNames(bp, 'Witness')).toEqual(['fullName', 'phone', 'email', 'dateOfBirth']);
  });

  it("keeps a note after a comma with its field, a name and its values as one field, and a lone verb as a field", () => {
    const bp = accept('## Teams\n- name, city\n- email, **unique**\n- number of dancers, between 8 and 16\n- make\n- status: open, closed\n- list by city');
    expect(fieldNames(bp, 'Team')).toEqual(['name', 'city', 'email', 'numberOfDancers', 'make', 'status']);
    expect(field(bp, 'Team', 'email').unique).toBe(true);
    expect(field(bp, 'Team', 'numberOfDancers')).toMatchObject({ min: 8, max: 16 });
    expect(field(bp, 'Team', 'status')).toMatchObject({ type: 'enum', values: ['open', 'closed'] });
    expect(signatures(bp)).toContain('list Team by city, status');
  });

  it('ends a "Background" section at a plain heading over sentences, so the records after it are read', () => {
    const bp = accept('Mast leases - specification\n\nBackground\nThe estate owns farmland with masts on it. We want a backend.\n\nOperators\nEach operator has a name, a contact name and a contact email. The agent adds them and lists them.\n\nMasts\nEach mast has a site code that is unique, the grid reference and the height in metres.');
    expect(bp.resources.map((r) => r.name)).toEqual(['Operator', 'Mast']);
    expect(fieldNames(bp, 'Operator')).toEqual(['name', 'contactName', 'contactEmail']);
  });

  it('leaves a heading that is a request, and bullets that are one field each, to the readers before', () => {
    const r = interpretPrompt('t', 'Boxes have a number and a room.\n\n## I need\n- to record boxes\n- all boxes of a room');
    expect(r.ok && r.blueprint.resources.map((x) => x.name)).toEqual(['Box']);
  });
});

describe('a rule after "once"', () => {
  const records = 'Flights have a flight number, a departure date and a status (open or closed). Special meals have a flight, a passenger name and a seat number.';

  it('refuses the records made once the record they point at is in a state, the negation following the state', () => {
    expect(guards(accept(`${records} Once a flight is closed no special meals can be added.`))).toEqual(['SpecialMeal.flight status ne "closed"']);
  });

  it('reads it so when an action of the parent sets that state, instead of guarding the action', () => {
    expect(guards(accept(`${records} Once a flight is closed no special meals can be added. Close a flight.`))).toEqual(['SpecialMeal.flight status ne "closed"']);
  });

  it('still gives a negation after "is" to the state ("whose active flag is no")', () => {
    const bp = accept('Boats have a name and an active flag (yes/no). Repairs have a boat and a price. No new repair can be booked in for a boat whose active flag is no.');
    expect(guards(bp)).toEqual(['Repair.boat active eq true']);
  });
});

describe('a bullet of states followed by a sentence, and a state another record is in', () => {
  it('ends the values at their sentence, and refuses a session for a book already delivered (the book is, not the session)', () => {
    const bp = accept('1. Books\n   - title\n   - stage: casting -> recording -> delivered. A book only moves forward one stage at a time.\n\n2. Recording sessions\n   - book\n   - session date\n   - minutes recorded (0-480)\n\n3. Rules\n   - no session may be logged against a book that is already delivered');
    expect(field(bp, 'Book', 'stage').values).toEqual(['casting', 'recording', 'delivered']);
    expect(guards(bp)).toEqual(['RecordingSession.book stage ne "delivered"']);
    expect(fieldNames(bp, 'RecordingSession')).toEqual(['book', 'sessionDate', 'minutesRecorded']);
  });
});
