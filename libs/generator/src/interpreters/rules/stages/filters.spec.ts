import { interpretPrompt } from '../interpret.js';
import { DAY_PHRASINGS } from './filters.js';

/** Table-driven: every calendar phrasing's examples are its tests ("list R: field op, field op"). */
describe('calendar filter phrasings', () => {
  const cases = DAY_PHRASINGS.flatMap((p) => p.examples.map(([prompt, want]) => [p.name, prompt, want] as const));

  it.each(cases)('%s: %s', (_name, prompt, want) => {
    const r = interpretPrompt('filters', prompt);
    if (!r.ok) throw new Error(r.error.missing.join('; '));
    const m = /^list (\w+): (.+)$/.exec(want) as RegExpExecArray;
    const filters = (m[2] as string).split(', ').map((f) => f.split(' '));
    const lists = r.blueprint.actions.filter((a) => a.kind === 'list' && a.resource === m[1]);
    expect(lists.some((a) => a.kind === 'list' && filters.every(([field, op]) => a.filters.some((f) => f.field === field && f.op === op)))).toBe(true);
  });

  it('filters "on a date" by the one field that is a day when a record also has a moment', () => {
    const r = interpretPrompt('filters', 'Shows have a title, a show date and a start time. List the shows on a date.');
    expect(r.ok && r.blueprint.actions.some((a) => a.kind === 'list' && a.filters.some((f) => f.field === 'showDate'))).toBe(true);
  });

  it('filters by a yes/no named by its words in another order ("who haven\'t submitted a photo" -> photoSubmitted)', () => {
    const r = interpretPrompt('filters', 'Students have a full name and photo submitted (yes/no). List the students who haven\'t submitted a photo yet.');
    expect(r.ok && r.blueprint.actions.some((a) => a.kind === 'list' && a.filters.some((f) => f.field === 'photoSubmitted'))).toBe(true);
  });

  it('names a calendar filter it cannot place instead of dropping it', () => {
    const r = interpretPrompt('filters', 'Trips have a name, a start date and an end date. List the trips on a given day.');
    expect(r.ok && r.warnings.some((w) => w.includes('on a given day'))).toBe(true);
  });

  it('reads "see a stylist\'s appointments" as the appointments of a stylist', () => {
    const r = interpretPrompt('salon', "Appointments have a client name, stylist, start time and price. I need to see a stylist's appointments for a given day.");
    const list = r.ok ? r.blueprint.actions.find((a) => a.kind === 'list' && a.resource === 'Appointment') : undefined;
    expect(list?.kind === 'list' && list.filters.map((f) => `${f.field} ${f.op}`)).toEqual(['stylist eq', 'startTime onDay']);
  });

  it('reads "the robots a member built" as the records pointing at that member', () => {
    const r = interpretPrompt('club', 'Members have a name. Robots have a name and a member. List the robots a member built.');
    expect(r.ok && r.blueprint.actions.some((a) => a.kind === 'list' && a.resource === 'Robot' && a.filters.some((f) => f.field === 'member'))).toBe(true);
  });

  it('reads "certificates expiring before a date" on the date named after the verb', () => {
    const r = interpretPrompt('certs', 'Certificates: operator name, issued on, expires on. List certificates expiring before a date.');
    expect(r.ok && r.blueprint.actions.some((a) => a.kind === 'list' && a.filters.some((f) => f.field === 'expiresOn' && f.op === 'lt'))).toBe(true);
  });

  it('reads "expiring before a given date" on the date the verb names when another date is also there', () => {
    const r = interpretPrompt('certs', 'Each certificate has the employee name, date passed, expiry date and a unique certificate number. List those expiring before a given date.');
    expect(r.ok && r.blueprint.actions.some((a) => a.kind === 'list' && a.filters.some((f) => f.field === 'expiryDate' && f.op === 'lt'))).toBe(true);
  });

  it('points the records listed per another record at it, when both are described', () => {
    const r = interpretPrompt('club', 'Tournaments have a date and max players. Each registration has the player name. List registrations per tournament.');
    expect(r.ok && r.blueprint.resources.find((x) => x.name === 'Registration')?.fields.some((f) => f.type === 'reference' && f.references === 'Tournament')).toBe(true);
    expect(r.ok && r.blueprint.actions.some((a) => a.kind === 'list' && a.resource === 'Registration' && a.filters.some((f) => f.field === 'tournament'))).toBe(true);
  });

  it('reads "their own" as the records pointing at the one asking', () => {
    const r = interpretPrompt('leave', 'Employees have a name. Absences: employee, start date, reason. An employee can list their own absences.');
    expect(r.ok && r.blueprint.actions.some((a) => a.kind === 'list' && a.resource === 'Absence' && a.filters.some((f) => f.field === 'employee' && f.op === 'eq'))).toBe(true);
  });

  it.each([
    ['Callouts have a customer name, a price and a paid flag. Show the unpaid ones.', 'Callout', 'paid'],
    ['Tickets have a title and a status (open, closed). List the open ones.', 'Ticket', 'status'],
  ])('reads a state word before "ones" as a filter on the records at hand: %s', (prompt, resource, field) => {
    const r = interpretPrompt('ones', prompt);
    expect(r.ok && r.blueprint.actions.some((a) => a.kind === 'list' && a.resource === resource && a.filters.some((f) => f.field === field))).toBe(true);
  });
});
