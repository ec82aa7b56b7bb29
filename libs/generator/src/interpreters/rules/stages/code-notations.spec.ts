import type { Blueprint } from '@backforge/blueprint';
import { interpretPrompt } from '../interpret.js';
import { accept, field, fieldNames } from '../test-support.js';

/**
 * Specs jotted as a developer jots them (session 2026-11-29, batches 59-60: 0 of 16 spec prompts
 * faithful at first contact): a type right after a name, values in code's brackets, a record given a
 * name with "=", filters listed after one "by" or "filter", and bullets whose values the reading as
 * written had made into fields.
 */
const lists = (bp: Blueprint, resource: string): string[][] =>
  bp.actions.flatMap((a) => (a.kind === 'list' && a.resource === resource ? [a.filters.map((f) => f.field)] : []));

describe('notations of written specs', () => {
  it('reads a type written right after a name, with its bound, and "?:" as optional', () => {
    const bp = accept('Delivery: date, bags int 1-50, weight_kg number, grade = grade1|grade2|substandard, moisture_pct number max 8, dilution_factor: int >= 1, clone?: string');
    expect(fieldNames(bp, 'Delivery')).toEqual(['date', 'bags', 'weightKg', 'grade', 'moisturePct', 'dilutionFactor', 'clone']);
    expect(field(bp, 'Delivery', 'bags')).toMatchObject({ type: 'integer', min: 1, max: 50 });
    expect(field(bp, 'Delivery', 'weightKg').type).toBe('number');
    expect(field(bp, 'Delivery', 'grade')).toMatchObject({ type: 'enum', values: ['grade1', 'grade2', 'substandard'] });
    expect(field(bp, 'Delivery', 'moisturePct')).toMatchObject({ type: 'number', max: 8 });
    expect(field(bp, 'Delivery', 'dilutionFactor')).toMatchObject({ type: 'integer', min: 1 });
    expect(field(bp, 'Delivery', 'clone').required).toBe(false);
  });

  it('keeps a noun that only looks like a type as part of a plain name ("phone number", "start date")', () => {
    const bp = accept('Tenants: name, phone number, start date');
    expect(fieldNames(bp, 'Tenant')).toEqual(['name', 'phoneNumber', 'startDate']);
  });

  it('reads values in brackets after "enum" or "in"', () => {
    const bp = accept('Antibody: name (unique), host_species enum[mouse, rabbit, goat], subsystem in {chassis, aero}, titre');
    expect(fieldNames(bp, 'Antibody')).toEqual(['name', 'hostSpecies', 'subsystem', 'titre']);
    expect(field(bp, 'Antibody', 'hostSpecies').values).toEqual(['mouse', 'rabbit', 'goat']);
    expect(field(bp, 'Antibody', 'subsystem').values).toEqual(['chassis', 'aero']);
  });

  it('reads a record in braces given its name with "=" or ":=", and a field typed in its parenthesis', () => {
    const bp = accept('Project = { code: str unique (e.g. SEQ-2291), pi_email: email, max_samples: int }\nSample := { project -> Project, concentration (ng/ul, float), volume (ul, int, 5..200), type: DNA | RNA }');
    expect(fieldNames(bp, 'Project')).toEqual(['code', 'piEmail', 'maxSamples']);
    expect(field(bp, 'Project', 'code').unique).toBe(true);
    expect(field(bp, 'Project', 'piEmail').type).toBe('email');
    expect(field(bp, 'Sample', 'project')).toMatchObject({ type: 'reference', references: 'Project' });
    expect(field(bp, 'Sample', 'concentration').type).toBe('number');
    expect(field(bp, 'Sample', 'volume')).toMatchObject({ type: 'integer', min: 5, max: 200 });
    expect(field(bp, 'Sample', 'type').type).toBe('enum');
  });

  it('reads every field of a list filtered "by a, by b", "filter a, b" or "(filter a, b, c)"', () => {
    expect(lists(accept('Samples have a project, a name and a status. List samples by project, by status.'), 'Sample')).toContainEqual(['project', 'status']);
    expect(lists(accept('Assays have an antibody, a run date and passed (bool). Endpoints: list Assay filter antibody, passed'), 'Assay')).toContainEqual(['antibody', 'passed', 'runDate']);
    expect(lists(accept('Deliveries have a farmer, a grade and a date. Endpoints: create deliveries, list (filter farmer, grade, date)'), 'Delivery')).toContainEqual(['farmer', 'grade', 'date']);
  });

  it('names records by their last words when a long run of plain words opens the prompt', () => {
    const bp = accept('Tank driving experience bookings with driver name, email, package (taster, half day or full day) and a status of booked, completed or cancelled; staff complete or cancel bookings on the day.');
    expect(fieldNames(bp, 'Booking')).toEqual(['driverName', 'email', 'package', 'status']);
  });

  it('prefers the layout reading when the reading as written made fields of a bullet\'s values', () => {
    const bp = accept('# Acoustic panel installs\n\nWe fit sound-absorbing panels in restaurants, studios and offices.\n\n## Quotes\n- customer name\n- venue type: restaurant / studio / office / school\n- status: draft, sent, accepted, declined\n\n## Needs\n- create, view and edit quotes\n- list quotes by status\n- a quote can only be accepted once it has been sent');
    expect(fieldNames(bp, 'Quote')).toEqual(['customerName', 'venueType', 'status']);
    expect(field(bp, 'Quote', 'venueType').values).toEqual(['restaurant', 'studio', 'office', 'school']);
  });
});

describe('types said beside a name', () => {
  it('a decimal whatever its bounds, "number > 0", "num", and names that say a number ("final placing", "magnitude")', () => {
    const bp = accept('Events have a station, the magnitude (a decimal from 0 to 10), a period in days (number > 0), an area in hectares (num), a count (int >= 1) and a final placing.');
    expect(field(bp, 'Event', 'magnitude')).toMatchObject({ type: 'number', min: 0, max: 10 });
    expect(field(bp, 'Event', 'periodDays')).toMatchObject({ type: 'number', min: 0 });
    // (a unit the lexicon does not know is no part of the name: field-types.ts, unknownUnitAt)
    expect(field(bp, 'Event', 'area').type).toBe('number');
    expect(field(bp, 'Event', 'count')).toMatchObject({ type: 'integer', min: 1 });
    expect(field(bp, 'Event', 'finalPlacing').type).toBe('integer');
  });

  it('reads "w/" as "with", and a value "with decimals" as a decimal', () => {
    const bp = accept('Laps have a car, a race date and a lap time in seconds w/ decimals.');
    expect(field(bp, 'Lap', 'lapTimeSeconds').type).toBe('number');
  });
});

describe('requests around a list', () => {
  it('reads what follows a list in parentheses, thousands written with commas, and "by day"', () => {
    const bp = accept('Log deliveries (tanker registration, fuel type diesel/petrol, volume in whole litres up to 40,000, delivery time) and filter them by fuel type and by day.');
    expect(field(bp, 'Delivery', 'volumeLitres')).toMatchObject({ type: 'integer', max: 40000 });
    const list = bp.actions.find((a) => a.kind === 'list' && a.resource === 'Delivery');
    expect(list?.kind === 'list' && list.filters.map((f) => `${f.field} ${f.op}`)).toEqual(['fuelType eq', 'deliveryTime onDay']);
  });

  it('reads a list asked for after a dash as a participle ("- listed by variety")', () => {
    const bp = accept('Seed potato orders - customer name, variety, delivery method collect/post - listed by variety.');
    expect(field(bp, 'Order', 'deliveryMethod').values).toEqual(['collect', 'post']);
    expect(lists(bp, 'Order')).toContainEqual(['variety', 'deliveryMethod']);
  });
});

describe('whose contact details', () => {
  it('gives the one person a record is about plain contact details ("the customer\'s name, phone, mower make")', () => {
    expect(fieldNames(accept("Lawnmower repair shop: each repair has the customer's name, phone, mower make and the fault."), 'Repair')).toEqual(['customerName', 'phone', 'mowerMake', 'fault']);
    expect(fieldNames(accept("Each booking has the client's name, email and a date of birth."), 'Booking')).toEqual(['clientName', 'email', 'dateOfBirth']);
  });

  it("keeps the owner on details joined by \"and\", or when the record names two people", () => {
    expect(fieldNames(accept("The pub darts league has teams and matches. A team has a unique name plus the captain's name and phone. A match is played between a home team and an away team on a date."), 'Team')).toEqual(['name', 'captainName', 'captainPhone']);
    expect(fieldNames(accept("Each villa has a name and a nightly price. Guests book a villa with the guest's name and email, an arrival date and a departure date."), 'Booking')).toEqual(expect.arrayContaining(['guestName', 'guestEmail']));
  });
});

describe('states in order', () => {
  it('gives each state no action reaches the step its word names, once one step is asked for', () => {
    const bp = accept('## Orders\n- customer name\n- status: proofing -> approved -> printing -> dispatched\n\nCustomers approve an order.');
    expect(bp.actions.filter((a) => a.kind === 'transition').map((a) => a.name)).toEqual(['approveOrder', 'printOrder', 'dispatchOrder']);
  });

  it('leaves a state that is no doing ("ready", "done") to the warning', () => {
    const r = interpretPrompt('t', '## Repairs\n- customer name\n- status: received -> diagnosed -> ready -> collected\n\nDiagnose a repair.');
    expect(r.ok && r.blueprint.actions.filter((a) => a.kind === 'transition').map((a) => a.name)).toEqual(['diagnoseRepair', 'collectRepair']);
    expect(r.ok && r.warnings.some((w) => w.includes('"ready"'))).toBe(true);
  });
});
