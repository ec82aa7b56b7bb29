import type { Blueprint } from '@backforge/blueprint';
import { interpretPrompt } from '../interpret.js';
import { accept, field, fieldNames } from '../test-support.js';

/**
 * Records jotted one per line as "Record: field type, field: type flags, ..." (session 2026-11-29
 * third, batches 59-64: the commonest shape of a spec, 154 of 2,247 prompts, 63 faithful), and the
 * small notations found beside them: a list going on in the line below, a unit per unit, a percent
 * sign, coordinates, a title with a note in parentheses.
 */
const rules = (bp: Blueprint): string[] =>
  bp.rules.map((r) => (r.kind === 'compare' && 'parentField' in r.against ? `${r.resource}.${r.field} ${r.op} ${r.via}.${r.against.parentField}` : r.kind));

describe('records jotted one per line', () => {
  it('reads a type and its flags written with spaces ("int unique") and values with bars right after the name', () => {
    const bp = accept('Herd book\n\nFlock:  flockNumber int unique, ownerName, county\nSheep:  registrationNo string unique, name, sex ram|ewe, birthDate date');
    expect(fieldNames(bp, 'Flock')).toEqual(['flockNumber', 'ownerName', 'county']);
    expect(field(bp, 'Flock', 'flockNumber')).toMatchObject({ type: 'integer', unique: true });
    expect(fieldNames(bp, 'Sheep')).toEqual(['registrationNo', 'name', 'sex', 'birthDate']);
    expect(field(bp, 'Sheep', 'registrationNo')).toMatchObject({ type: 'string', unique: true });
    expect(field(bp, 'Sheep', 'sex')).toMatchObject({ type: 'enum', values: ['ram', 'ewe'] });
  });

  it('goes on reading a list that ends with a comma in the line below', () => {
    const bp = accept('Sheep:  name, birthDate date,\n        flock -> Flock, colour white|grey|speckled\nFlock: number, county');
    expect(fieldNames(bp, 'Sheep')).toEqual(['name', 'birthDate', 'flock', 'colour']);
    expect(field(bp, 'Sheep', 'flock')).toMatchObject({ type: 'reference', references: 'Flock' });
  });

  it('keeps the type given after a colon when an example or a default follows it, and "string" over what the name suggests', () => {
    const bp = accept('Service charges - Harbour View Court (32 leasehold flats)\nFlat: number: string unique (e.g. "4B"), floor: int, leaseholderEmail: email, sharePct: number 0-100\nDemand: flat -> Flat, period: string ("2025 H1"), paid: bool = false');
    expect(bp.resources.map((r) => r.name)).toEqual(['Flat', 'Demand']);
    expect(fieldNames(bp, 'Flat')).toEqual(['number', 'floor', 'leaseholderEmail', 'sharePct']);
    expect(field(bp, 'Flat', 'number')).toMatchObject({ type: 'string', unique: true });
    expect(field(bp, 'Flat', 'sharePct')).toMatchObject({ type: 'number', min: 0, max: 100 });
    expect(field(bp, 'Demand', 'paid').type).toBe('boolean');
  });

  it('reads a link written "(FK -> Project)" or "-> Sheep (optional)"', () => {
    const bp = accept('Project: name (string, unique), tonnesAvailable (int)\nPurchase: project (FK -> Project), buyer -> Buyer (optional), tonnes (int)\nBuyer: name, email');
    expect(field(bp, 'Purchase', 'project')).toMatchObject({ type: 'reference', references: 'Project', required: true });
    expect(field(bp, 'Purchase', 'buyer')).toMatchObject({ type: 'reference', references: 'Buyer', required: false });
  });

  it('reads a comparison with the parent record written as code, with a sign or in words', () => {
    const signs = accept('Demand: period, amount: number\nPayment: demand -> Demand, amount: number, paid on: date\nrule: payment.amount <= demand.amount');
    expect(rules(signs)).toEqual(['Payment.amount lte demand.amount']);
    const words = accept('Project: name, tonnesOffered (int)\nPurchase: project (FK -> Project), tonnes (int)\nConstraints\n  - purchase.tonnes must not exceed project.tonnesOffered');
    expect(rules(words)).toEqual(['Purchase.tonnes lte project.tonnesOffered']);
  });
});

describe('notations beside the fields', () => {
  it('reads a unit per unit, a percent sign and a lone m after "in" as measures', () => {
    const bp = accept('Readings: borehole, methane %, co2 %, face velocity in m/s, rate in kg/ha, e coli (cfu/100ml), depth in m');
    expect(fieldNames(bp, 'Reading')).toEqual(['borehole', 'methane', 'co2', 'faceVelocity', 'rate', 'eColi', 'depthMetres']);
    for (const f of ['methane', 'co2', 'faceVelocity', 'rate', 'eColi', 'depthMetres']) expect(field(bp, 'Reading', f).type).toBe('number');
  });

  it('makes two fields of a latitude and a longitude written together', () => {
    expect(fieldNames(accept('Sites: name, latitude / longitude, depth'), 'Site')).toEqual(['name', 'latitude', 'longitude', 'depth']);
    expect(fieldNames(accept('Floats: serial, latitude + longitude where deployed'), 'Float')).toEqual(['serial', 'latitude', 'longitude']);
  });

  it('keeps "extra" in a name, and "in stock" after a plural count but not after "quantity"', () => {
    const bp = accept('Products: name, pairs in stock, quantity in stock, extra butter (yes/no)');
    expect(fieldNames(bp, 'Product')).toEqual(['name', 'pairsInStock', 'quantity', 'extraButter']);
  });

  it('reads a description said to be long as text', () => {
    const bp = accept('Cases: name, description (long: clothing, height, etc.), notes (a paragraph or two)');
    expect(field(bp, 'Case', 'description').type).toBe('text');
    expect(field(bp, 'Case', 'notes').type).toBe('text');
  });

  it('names records after what follows a word no name is made of ("Daily pollen counts", "Log of mastitis tests")', () => {
    expect(accept('Daily pollen counts: date (one per day), grass count, tree count').resources.map((r) => r.name)).toEqual(['PollenCount']);
    expect(accept('Log of mastitis tests on our dairy herd: ear tag, score from 0 to 4, test date').resources.map((r) => r.name)).toEqual(['MastitisTest']);
  });

  it('leaves nothing of a code comparison it cannot read unsaid', () => {
    const r = interpretPrompt('t', 'Demand: period, amount: number\nPayment: demand -> Demand, amount: number, paid on: date\nrule: payment.colour <= demand.shade');
    expect(r.ok && r.warnings.some((w) => /colour/.test(w))).toBe(true);
  });
});

describe('a spec\'s records, states and names read together', () => {
  const spec = [
    'Purchase order module - spec v0.3',
    '',
    'Entities',
    '- Supplier: name, email (unique), phone',
    '- PurchaseOrder: poNumber (unique), supplier -> Supplier, orderDate (date), notes (long text, optional), status',
    '- OrderLine: purchaseOrder -> PurchaseOrder, description, quantity (int >= 1)',
    '',
    'PurchaseOrder status: draft -> submitted -> approved -> received; a submitted PO can also be rejected.',
    '',
    'Operations',
    '- create a PO, list POs filtered by supplier and status',
    '- submit / approve / reject / receive',
  ].join('\n');

  it('keeps a record named as code whole, a verb-like first word and all ("PurchaseOrder"), and reads its initials ("PO") as it', () => {
    const bp = accept(spec);
    expect(bp.resources.map((r) => r.name)).toEqual(['Supplier', 'PurchaseOrder', 'OrderLine']);
    expect(field(bp, 'OrderLine', 'purchaseOrder')).toMatchObject({ type: 'reference', references: 'PurchaseOrder' });
    expect(field(bp, 'PurchaseOrder', 'notes')).toMatchObject({ type: 'text', required: false });
    expect(bp.actions.some((a) => a.kind === 'list' && a.resource === 'PurchaseOrder' && a.filters.some((f) => f.field === 'supplier'))).toBe(true);
  });

  it('gives a field named bare in the list the states written on a line of their own, with the branch said after them', () => {
    const status = field(accept(spec), 'PurchaseOrder', 'status');
    expect(status.values).toEqual(['draft', 'submitted', 'approved', 'received', 'rejected']);
    expect(status.transitions).toContainEqual({ from: 'submitted', to: 'rejected' });
  });

  it('reads the record "each" or "every" names before the first field, and records made for another', () => {
    expect(accept('Migraine diary for myself: every attack with its start time (date and time), duration in hours, pain level 1 to 10').resources.map((r) => r.name)).toEqual(['Attack']);
    expect(accept('Catalogue for my playbill collection - each playbill\'s show title, theatre, year').resources.map((r) => r.name)).toEqual(['Playbill']);
    const inquests = accept('Each inquest has a case number and a hearing date. Witnesses are attached to an inquest with their name, their role (family, police or other) and their attendance.');
    expect(fieldNames(inquests, 'Witness')).toEqual(['inquest', 'name', 'role', 'attendance']);
  });

  it('reads the values after the last thing a record has, whatever its name ("and a code: present, late or absent")', () => {
    const bp = accept('Attendances have a date and a code: present, late, authorised absence or unauthorised absence.');
    expect(field(bp, 'Attendance', 'code').values).toEqual(['present', 'late', 'authorised absence', 'unauthorised absence']);
  });

  it('reads a name written in quotes as the name', () => {
    expect(fieldNames(accept('Mopeds: registration (unique), model, an \'on hire\' yes/no, daily rate'), 'Moped')).toEqual(['registration', 'model', 'onHire', 'dailyRate']);
  });

  it('reads states listed after "status" with no "or" when they read as states, and a lone verb-like word after "every job:" as a field', () => {
    const bp = accept('i want to record every job: farmer name, village, weight (kg), charge, date, and status waiting, processing, ready, collected.');
    expect(fieldNames(bp, 'Job')).toEqual(['farmerName', 'village', 'weightKg', 'charge', 'date', 'status']);
    expect(field(bp, 'Job', 'status').values).toEqual(['waiting', 'processing', 'ready', 'collected']);
    expect(field(bp, 'Job', 'charge').type).toBe('number');
  });

  it('keeps the name before words that describe it ("a position in the team"), saying so', () => {
    const r = interpretPrompt('dogs', 'Each dog has a name, an age in years and a position in the team (lead, swing, team or wheel).');
    expect(r.ok && fieldNames(r.blueprint, 'Dog')).toEqual(['name', 'ageYears', 'position']);
    expect(r.ok && r.warnings.some((w) => /"position in the team"/.test(w))).toBe(true);
    expect(fieldNames(accept('Readings: station, taken at, temperature, humidity as a whole percent, rainfall.'), 'Reading')).toEqual(['station', 'takenAt', 'temperature', 'humidity', 'rainfall']);
  });
});

