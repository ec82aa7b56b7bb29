import { accept, action, field, fieldNames } from '../test-support.js';
import { schemaCodeAsText } from './schema-code.js';

/** A schema pasted as code (session 2026-11-28, night 4): one example per dialect of SCHEMA_DIALECTS. */
describe('a schema written as code', () => {
  it('a TypeScript interface: optional, literal unions, a link by its record, bounds and a date said in comments', () => {
    const bp = accept('```ts\ninterface Member {\n  memberNumber: string;   // unique\n  fullName: string;\n  email: string;\n  joinedOn: string;       // ISO date\n}\n\ninterface Loan {\n  member: Member;\n  amount: number;         // 100 - 15000\n  termMonths: number;     // whole months, 6 - 60\n  note?: string;\n  status: \'applied\' | \'approved\' | \'repaid\';\n}\n\n// listLoans(member?, status?)\n// approveLoan         applied -> approved\n```\n');
    expect(field(bp, 'Member', 'memberNumber').unique).toBe(true);
    expect(field(bp, 'Member', 'email').type).toBe('email');
    expect(field(bp, 'Member', 'joinedOn').type).toBe('date');
    expect(field(bp, 'Loan', 'member')).toMatchObject({ type: 'reference', references: 'Member' });
    expect(field(bp, 'Loan', 'amount')).toMatchObject({ type: 'number', min: 100, max: 15000 });
    expect(field(bp, 'Loan', 'termMonths')).toMatchObject({ type: 'integer', min: 6, max: 60 });
    expect(field(bp, 'Loan', 'note').required).toBe(false);
    expect(field(bp, 'Loan', 'status')).toMatchObject({ type: 'enum', values: ['applied', 'approved', 'repaid'] });
    expect(action(bp, 'listLoans', 'list').filters.map((f) => f.field)).toEqual(['member', 'status']);
    expect(action(bp, 'approveLoan', 'transition').kind).toBe('transition');
  });

  it('a GraphQL schema: types, an enum, a link, and the Query and Mutation fields as requests', () => {
    const bp = accept('type Tenancy {\n  id: ID!\n  tenantName: String!\n  monthlyRent: Float!\n  startDate: Date!\n}\n\nenum PaymentMethod { BANK_TRANSFER CASH }\n\ntype RentPayment {\n  id: ID!\n  tenancy: Tenancy!\n  amount: Float!\n  method: PaymentMethod!\n  note: String\n}\n\ntype Query {\n  tenancies: [Tenancy!]!\n  rentPayments(tenancyId: ID): [RentPayment!]!\n}\n\ntype Mutation {\n  addTenancy(input: TenancyInput!): Tenancy!\n  deletePayment(id: ID!): Boolean!\n}\n');
    expect(fieldNames(bp, 'Tenancy')).toEqual(['tenantName', 'monthlyRent', 'startDate']);
    expect(field(bp, 'RentPayment', 'tenancy')).toMatchObject({ type: 'reference', references: 'Tenancy' });
    expect(field(bp, 'RentPayment', 'method')).toMatchObject({ type: 'enum', values: ['bank transfer', 'cash'] });
    expect(field(bp, 'RentPayment', 'note').required).toBe(false);
    // (then the filter every list takes on a state: build.ts, withEveryFilter)
    expect(action(bp, 'listRentPayments', 'list').filters.map((f) => f.field)).toEqual(['tenancy', 'method']);
    expect(bp.actions.some((a) => a.kind === 'delete' && a.resource === 'RentPayment')).toBe(true);
  });

  it('a Prisma model: @unique, a date kept as @db.Date, a list of strings, and a relation said once', () => {
    const bp = accept('model Rider {\n  id    String @id @default(cuid())\n  plate String @unique\n  club  String?\n  dateOfBirth DateTime @db.Date\n}\n\nmodel Entry {\n  id      String @id @default(cuid())\n  rider   Rider  @relation(fields: [riderId], references: [id])\n  riderId String\n  groups  String[]\n}\n');
    expect(field(bp, 'Rider', 'plate').unique).toBe(true);
    expect(field(bp, 'Rider', 'club').required).toBe(false);
    expect(field(bp, 'Rider', 'dateOfBirth').type).toBe('date');
    expect(fieldNames(bp, 'Entry')).toEqual(['rider', 'groups']);
    expect(field(bp, 'Entry', 'groups').type).toBe('stringList');
  });

  it('an SQL table: snake case, references, checks as bounds and allowed values, a default', () => {
    const bp = accept('CREATE TABLE link_workers (\n  id serial primary key,\n  name text not null,\n  email text unique not null,\n  max_caseload int not null check (max_caseload between 1 and 40)\n);\n\nCREATE TABLE referrals (\n  id serial primary key,\n  link_worker_id int not null references link_workers(id),\n  status text default \'new\' check (status in (\'new\',\'contacted\',\'closed\'))\n);\n');
    expect(field(bp, 'LinkWorker', 'email')).toMatchObject({ type: 'email', unique: true });
    expect(field(bp, 'LinkWorker', 'maxCaseload')).toMatchObject({ type: 'integer', min: 1, max: 40 });
    expect(field(bp, 'Referral', 'linkWorker')).toMatchObject({ type: 'reference', references: 'LinkWorker' });
    expect(field(bp, 'Referral', 'status')).toMatchObject({ type: 'enum', values: ['new', 'contacted', 'closed'] });
  });

  it('a YAML map of records: "enum [a, b]", "int (1-30)", "ref Dessert"', () => {
    const bp = accept('resources:\n  Dessert:\n    name: string, required, unique\n    category: enum [sundae, waffle]\n    price: decimal, >= 0\n  Order:\n    tableNumber: int (1-30)\n    dessert: ref Dessert\n');
    expect(field(bp, 'Dessert', 'category')).toMatchObject({ type: 'enum', values: ['sundae', 'waffle'] });
    expect(field(bp, 'Dessert', 'price')).toMatchObject({ type: 'number', min: 0 });
    expect(field(bp, 'Order', 'tableNumber')).toMatchObject({ type: 'integer', min: 1, max: 30 });
    expect(field(bp, 'Order', 'dessert')).toMatchObject({ type: 'reference', references: 'Dessert' });
  });

  it('records on one line in braces: "CarPark { name: text, unique; spaces: integer }", "- Job { customer -> Customer, finish: enum(a, b), status }"', () => {
    const bp = accept('Domain: private car park enforcement.\n\nEntities:\n  CarPark { name: text, unique; spaces: integer }\n  Clamp   { carPark -> CarPark; clampedAt: date-time; fee: decimal, 50..250; state: clamped | paid | released }\n\nJobs:\n- Job { customer -> Customer, finish: enum(bright nickel, chrome), partCount: int >= 1, status }\n- Customer { company: string, account: boolean }\n');
    expect(bp.resources.map((r) => r.name).sort()).toEqual(['CarPark', 'Clamp', 'Customer', 'Job']);
    expect(field(bp, 'CarPark', 'name')).toMatchObject({ type: 'string', unique: true });
    expect(field(bp, 'Clamp', 'carPark')).toMatchObject({ type: 'reference', references: 'CarPark' });
    expect(field(bp, 'Clamp', 'clampedAt').type).toBe('datetime');
    expect(field(bp, 'Clamp', 'fee')).toMatchObject({ type: 'number', min: 50, max: 250 });
    expect(field(bp, 'Clamp', 'state')).toMatchObject({ type: 'enum', values: ['clamped', 'paid', 'released'] });
    expect(field(bp, 'Job', 'finish')).toMatchObject({ type: 'enum', values: ['bright nickel', 'chrome'] });
    expect(field(bp, 'Job', 'partCount')).toMatchObject({ type: 'integer', min: 1 });
  });

  it('keeps what it cannot read of a field as a note, and leaves a prompt with no code as it is', () => {
    expect(schemaCodeAsText('interface Camera {\n  location: string; // e.g. "rear car park"\n}\n')).toContain('"e.g. "rear car park""');
    const prose = 'Bookings have a name and a date. List bookings by date.';
    expect(schemaCodeAsText(prose)).toBe(prose);
  });
});
