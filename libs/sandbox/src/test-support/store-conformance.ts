import type { BackendStore, JsonObject, StoredRecord, StoreWriteResult } from '@backforge/contracts';

export interface StoreUnderTest {
  /** A store scoped to `agentId`; the same id gives the same data. */
  storeFor(agentId: string): BackendStore;
}

let agentSeq = 0;
/** Fresh agent ids per test, so tests never see each other's records (the PostgreSQL table is shared). */
function agent(): string {
  agentSeq += 1;
  return `agent-${process.pid}-${agentSeq}-${Math.random().toString(36).slice(2, 8)}`;
}

function record(result: StoreWriteResult): StoredRecord {
  if (!result.ok) throw new Error(`expected a successful write, got ${JSON.stringify(result)}`);
  return result.record;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * One behaviour for every BackendStore (backend-runtime.ts): run against the memory store as a unit
 * test and against PostgreSQL as an integration test. `setup` runs in beforeAll.
 */
export function storeConformance(setup: () => Promise<StoreUnderTest>): void {
  let sut: StoreUnderTest;
  let store: BackendStore;

  beforeAll(async () => {
    sut = await setup();
  });
  beforeEach(() => {
    store = sut.storeFor(agent());
  });

  async function seedBooks(): Promise<StoredRecord[]> {
    const books: JsonObject[] = [
      { title: 'Dune', year: 1965, tags: ['scifi', 'classic'], rating: 4.5, isbn: 'A1' },
      { title: 'Emma', year: 1815, tags: ['romance', 'classic'], rating: 4, isbn: 'A2' },
      { title: 'Neuromancer', year: 1984, tags: ['scifi', 'cyberpunk'], rating: null, isbn: 'A3' },
      { title: 'dune messiah', year: 1969, tags: ['scifi'], isbn: 'A4' },
      { title: 'Zed', year: 2001, tags: [{ k: 1 }], rating: 3, isbn: 'A5', extra: 'x' },
    ];
    const out: StoredRecord[] = [];
    for (const b of books) out.push(record(await store.insert('books', b)));
    return out;
  }

  describe('records', () => {
    it('insert sets id, revision 1 and timestamps, and get returns the same record', async () => {
      const r = record(await store.insert('books', { title: 'Dune', nested: { a: [1, { b: 'ü€😀' }] }, n: -0.125 }));
      expect(r.id).toEqual(expect.any(String));
      expect(r.revision).toBe(1);
      expect(r.createdAt).toMatch(ISO);
      expect(r.updatedAt).toBe(r.createdAt);
      expect(r.data).toEqual({ title: 'Dune', nested: { a: [1, { b: 'ü€😀' }] }, n: -0.125 });
      expect(await store.get('books', r.id)).toEqual(r);
      expect(await store.get('books', 'missing')).toBeNull();
      expect(await store.get('other', r.id)).toBeNull();
    });

    it('keeps its own copy of the data', async () => {
      const data: JsonObject = { list: [1, 2] };
      const r = record(await store.insert('c', data));
      (data.list as number[]).push(3);
      r.data.list = 'changed';
      expect((await store.get('c', r.id))?.data).toEqual({ list: [1, 2] });
    });

    it('keeps a "__proto__" key as plain data', async () => {
      const data = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as JsonObject;
      const r = record(await store.insert('c', data));
      const back = await store.get('c', r.id);
      expect(Object.prototype.hasOwnProperty.call(back?.data, '__proto__')).toBe(true);
      expect((back?.data as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('update replaces data whole and bumps revision and updatedAt', async () => {
      const r = record(await store.insert('c', { a: 1, b: 2 }));
      await new Promise((res) => setTimeout(res, 5));
      const u = record(await store.update('c', r.id, { a: 3 }));
      expect(u).toEqual({ id: r.id, revision: 2, createdAt: r.createdAt, updatedAt: expect.stringMatching(ISO), data: { a: 3 } });
      expect(u.updatedAt > r.updatedAt).toBe(true);
      expect(await store.get('c', r.id)).toEqual(u);
      expect(await store.update('c', 'missing', { a: 1 })).toEqual({ ok: false, reason: 'not_found' });
    });

    it('update with expectedRevision is compare-and-set', async () => {
      const r = record(await store.insert('c', { v: 1 }));
      expect(await store.update('c', r.id, { v: 2 }, { expectedRevision: 2 })).toEqual({ ok: false, reason: 'revision_conflict' });
      expect(record(await store.update('c', r.id, { v: 2 }, { expectedRevision: 1 })).revision).toBe(2);
      expect(await store.update('c', r.id, { v: 3 }, { expectedRevision: 1 })).toEqual({ ok: false, reason: 'revision_conflict' });
      expect(await store.update('c', 'missing', { v: 3 }, { expectedRevision: 1 })).toEqual({ ok: false, reason: 'not_found' });
      expect((await store.get('c', r.id))?.data).toEqual({ v: 2 });
    });

    it('delete removes once, honouring expectedRevision', async () => {
      const r = record(await store.insert('c', { v: 1 }));
      expect(await store.delete('c', r.id, { expectedRevision: 5 })).toBe(false);
      expect(await store.get('c', r.id)).not.toBeNull();
      expect(await store.delete('c', r.id, { expectedRevision: 1 })).toBe(true);
      expect(await store.delete('c', r.id)).toBe(false);
      expect(await store.get('c', r.id)).toBeNull();
    });
  });

  describe('unique fields', () => {
    it('refuses an insert whose unique value is taken, naming the field', async () => {
      record(await store.insert('users', { email: 'a@x', handle: 'a' }, { unique: ['email', 'handle'] }));
      expect(await store.insert('users', { email: 'b@x', handle: 'a' }, { unique: ['email', 'handle'] })).toEqual({ ok: false, reason: 'unique_violation', field: 'handle' });
      expect(await store.insert('users', { email: 'a@x' }, { unique: ['email'] })).toEqual({ ok: false, reason: 'unique_violation', field: 'email' });
      // Case matters, other collections are separate, and missing or null values are not constrained.
      record(await store.insert('users', { email: 'A@x' }, { unique: ['email'] }));
      record(await store.insert('admins', { email: 'a@x' }, { unique: ['email'] }));
      record(await store.insert('users', { email: null }, { unique: ['email'] }));
      record(await store.insert('users', { email: null }, { unique: ['email'] }));
      record(await store.insert('users', {}, { unique: ['email'] }));
      expect(await store.count('users', [])).toBe(5);
    });

    it('compares unique values as JSON (number 1 is not string "1")', async () => {
      record(await store.insert('n', { code: 1 }, { unique: ['code'] }));
      record(await store.insert('n', { code: '1' }, { unique: ['code'] }));
      expect(await store.insert('n', { code: 1.0 }, { unique: ['code'] })).toEqual({ ok: false, reason: 'unique_violation', field: 'code' });
    });

    it('checks updates against other records, not the record itself', async () => {
      const a = record(await store.insert('users', { email: 'a@x' }, { unique: ['email'] }));
      const b = record(await store.insert('users', { email: 'b@x' }, { unique: ['email'] }));
      expect(record(await store.update('users', a.id, { email: 'a@x', name: 'A' }, { unique: ['email'] })).revision).toBe(2);
      expect(await store.update('users', b.id, { email: 'a@x' }, { unique: ['email'] })).toEqual({ ok: false, reason: 'unique_violation', field: 'email' });
      expect(await store.update('users', b.id, { email: 'a@x' }, { unique: ['email'], expectedRevision: 9 })).toEqual({ ok: false, reason: 'revision_conflict' });
      expect(await store.update('users', 'missing', { email: 'z' }, { unique: ['email'] })).toEqual({ ok: false, reason: 'not_found' });
      expect((await store.get('users', b.id))?.data).toEqual({ email: 'b@x' });
    });
  });

  describe('queries', () => {
    const titles = (records: StoredRecord[]): unknown[] => records.map((r) => r.data.title);

    it('eq and ne, with a missing field equal to null', async () => {
      await seedBooks();
      expect(titles((await store.list('books', { where: [{ field: 'year', op: 'eq', value: 1965 }], limit: 10, offset: 0 })).items)).toEqual(['Dune']);
      expect(await store.count('books', [{ field: 'rating', op: 'eq', value: null }])).toBe(2);
      expect(await store.count('books', [{ field: 'rating', op: 'ne', value: null }])).toBe(3);
      expect(await store.count('books', [{ field: 'extra', op: 'ne', value: 'x' }])).toBe(4);
      expect(await store.count('books', [{ field: 'tags', op: 'eq', value: ['scifi'] }])).toBe(1);
      expect(await store.count('books', [{ field: 'title', op: 'eq', value: 'dune' }])).toBe(0);
    });

    it('lt, lte, gt, gte on numbers and on strings; other types never match', async () => {
      await seedBooks();
      expect(await store.count('books', [{ field: 'year', op: 'lt', value: 1965 }])).toBe(1);
      expect(await store.count('books', [{ field: 'year', op: 'lte', value: 1965 }])).toBe(2);
      expect(await store.count('books', [{ field: 'year', op: 'gt', value: 1969 }])).toBe(2);
      expect(await store.count('books', [{ field: 'year', op: 'gte', value: 1969 }])).toBe(3);
      expect(await store.count('books', [{ field: 'rating', op: 'gte', value: 4 }])).toBe(2);
      // Strings compare by code point: uppercase before lowercase.
      expect(titles((await store.list('books', { where: [{ field: 'title', op: 'lt', value: 'F' }], limit: 10, offset: 0 })).items)).toEqual(['Dune', 'Emma']);
      expect(await store.count('books', [{ field: 'title', op: 'gt', value: 'Z' }])).toBe(2);
      expect(await store.count('books', [{ field: 'year', op: 'gt', value: '1000' }])).toBe(0);
    });

    it('contains: list membership, and case-insensitive substring on strings', async () => {
      await seedBooks();
      expect(titles((await store.list('books', { where: [{ field: 'tags', op: 'contains', value: 'scifi' }], limit: 10, offset: 0 })).items)).toEqual(['Dune', 'Neuromancer', 'dune messiah']);
      expect(await store.count('books', [{ field: 'tags', op: 'contains', value: { k: 1 } }])).toBe(1);
      expect(await store.count('books', [{ field: 'tags', op: 'contains', value: 'sci' }])).toBe(0);
      expect(titles((await store.list('books', { where: [{ field: 'title', op: 'contains', value: 'DUNE' }], limit: 10, offset: 0 })).items)).toEqual(['Dune', 'dune messiah']);
      expect(await store.count('books', [{ field: 'title', op: 'contains', value: 'uromanc' }])).toBe(1);
      expect(await store.count('books', [{ field: 'title', op: 'contains', value: '%' }])).toBe(0);
      expect(await store.count('books', [{ field: 'year', op: 'contains', value: 19 }])).toBe(0);
    });

    it('in, and several conditions together', async () => {
      await seedBooks();
      expect(await store.count('books', [{ field: 'isbn', op: 'in', value: ['A1', 'A3', 'nope'] }])).toBe(2);
      expect(await store.count('books', [{ field: 'rating', op: 'in', value: [null, 3] }])).toBe(3);
      expect(await store.count('books', [{ field: 'isbn', op: 'in', value: [] }])).toBe(0);
      expect(
        await store.count('books', [
          { field: 'tags', op: 'contains', value: 'scifi' },
          { field: 'year', op: 'lt', value: 1980 },
        ]),
      ).toBe(2);
    });

    it('conditions on id and createdAt', async () => {
      const books = await seedBooks();
      const first = books[0]!;
      expect(titles((await store.list('books', { where: [{ field: 'id', op: 'eq', value: first.id }], limit: 10, offset: 0 })).items)).toEqual(['Dune']);
      expect(await store.count('books', [{ field: 'id', op: 'in', value: [books[1]!.id, books[2]!.id, 7] }])).toBe(2);
      expect(await store.count('books', [{ field: 'id', op: 'ne', value: first.id }])).toBe(4);
      expect(await store.count('books', [{ field: 'createdAt', op: 'gte', value: first.createdAt }])).toBe(5);
      expect(await store.count('books', [{ field: 'createdAt', op: 'lt', value: '2000-01-01T00:00:00.000Z' }])).toBe(0);
    });

    it('findOne returns the first match in insertion order, or null', async () => {
      await seedBooks();
      expect((await store.findOne('books', [{ field: 'tags', op: 'contains', value: 'classic' }]))?.data.title).toBe('Dune');
      expect(await store.findOne('books', [{ field: 'year', op: 'eq', value: 1 }])).toBeNull();
      expect(await store.findOne('nothing', [])).toBeNull();
    });

    it('orders by a field (missing and null last), pages with limit and offset, and totals the matches', async () => {
      await seedBooks();
      const byYear = await store.list('books', { orderBy: { field: 'year', direction: 'desc' }, limit: 2, offset: 1 });
      expect(titles(byYear.items)).toEqual(['Neuromancer', 'dune messiah']);
      expect(byYear.total).toBe(5);
      expect(titles((await store.list('books', { orderBy: { field: 'rating', direction: 'asc' }, limit: 10, offset: 0 })).items)).toEqual(['Zed', 'Emma', 'Dune', 'Neuromancer', 'dune messiah']);
      expect(titles((await store.list('books', { orderBy: { field: 'rating', direction: 'desc' }, limit: 10, offset: 0 })).items)).toEqual(['Dune', 'Emma', 'Zed', 'Neuromancer', 'dune messiah']);
      expect(titles((await store.list('books', { orderBy: { field: 'title', direction: 'asc' }, limit: 10, offset: 0 })).items)).toEqual(['Dune', 'Emma', 'Neuromancer', 'Zed', 'dune messiah']);
      expect(titles((await store.list('books', { limit: 10, offset: 0 })).items)).toEqual(['Dune', 'Emma', 'Neuromancer', 'dune messiah', 'Zed']);
      const past = await store.list('books', { where: [{ field: 'tags', op: 'contains', value: 'scifi' }], limit: 10, offset: 50 });
      expect(past).toEqual({ items: [], total: 3 });
      expect(await store.list('books', { limit: 0, offset: 0 })).toEqual({ items: [], total: 5 });
      expect(await store.list('empty', { limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
    });

    it('refuses malformed calls with a clear error', async () => {
      await expect(store.list('bad name', { limit: 1, offset: 0 })).rejects.toThrow(/collection must be an identifier/);
      await expect(store.count('books', [{ field: 'a.b', op: 'eq', value: 1 }])).rejects.toThrow(/field must be an identifier/);
      await expect(store.count('books', [{ field: 'a', op: 'like' as 'eq', value: 1 }])).rejects.toThrow(/unknown comparison/);
      await expect(store.count('books', [{ field: 'a', op: 'in', value: 1 }])).rejects.toThrow(/array/);
      await expect(store.count('books', [{ field: 'a', op: 'lt', value: true }])).rejects.toThrow(/numbers or strings/);
      await expect(store.list('books', { limit: -1, offset: 0 })).rejects.toThrow(/limit/);
      await expect(store.list('books', { limit: 1, offset: 0, orderBy: { field: 'x', direction: 'up' as 'asc' } })).rejects.toThrow(/direction/);
      await expect(store.insert('books', [] as unknown as JsonObject)).rejects.toThrow(/JSON object/);
      await expect(store.update('books', 'x', { a: 1 }, { expectedRevision: 0 })).rejects.toThrow(/expectedRevision/);
      await expect(store.count('books; DROP TABLE backend_records', [])).rejects.toThrow(/identifier/);
    });
  });

  describe('concurrency', () => {
    it('two compare-and-set writers at the same revision: exactly one wins', async () => {
      for (let round = 0; round < 5; round++) {
        const r = record(await store.insert('c', { v: 0 }));
        const results = await Promise.all([1, 2].map((w) => store.update('c', r.id, { v: w }, { expectedRevision: 1 })));
        expect(results.filter((x) => x.ok)).toHaveLength(1);
        expect(results.filter((x) => !x.ok)).toEqual([{ ok: false, reason: 'revision_conflict' }]);
        const winner = results.find((x) => x.ok) as { ok: true; record: StoredRecord };
        expect(await store.get('c', r.id)).toEqual(winner.record);
      }
    });

    it('concurrent inserts of one unique value: exactly one wins', async () => {
      for (let round = 0; round < 3; round++) {
        const results = await Promise.all(Array.from({ length: 8 }, (_, i) => store.insert('users', { email: `same-${round}`, i }, { unique: ['email'] })));
        expect(results.filter((x) => x.ok)).toHaveLength(1);
        expect(results.filter((x) => !x.ok).every((x) => !x.ok && x.reason === 'unique_violation' && x.field === 'email')).toBe(true);
        expect(await store.count('users', [{ field: 'email', op: 'eq', value: `same-${round}` }])).toBe(1);
      }
    });

    it('concurrent updates moving two records to one unique value: exactly one wins', async () => {
      const a = record(await store.insert('users', { email: 'a' }, { unique: ['email'] }));
      const b = record(await store.insert('users', { email: 'b' }, { unique: ['email'] }));
      const results = await Promise.all([a, b].map((r) => store.update('users', r.id, { email: 'taken' }, { unique: ['email'] })));
      expect(results.filter((x) => x.ok)).toHaveLength(1);
      expect(await store.count('users', [{ field: 'email', op: 'eq', value: 'taken' }])).toBe(1);
    });
  });

  describe('agent scoping', () => {
    it("agent A can never read or write agent B's records", async () => {
      const a = store;
      const b = sut.storeFor(agent());
      const mine = record(await a.insert('notes', { text: 'a secret', email: 'x@y' }, { unique: ['email'] }));
      expect(await b.get('notes', mine.id)).toBeNull();
      expect(await b.findOne('notes', [])).toBeNull();
      expect(await b.list('notes', { limit: 100, offset: 0 })).toEqual({ items: [], total: 0 });
      expect(await b.count('notes', [{ field: 'id', op: 'eq', value: mine.id }])).toBe(0);
      expect(await b.update('notes', mine.id, { text: 'stolen' })).toEqual({ ok: false, reason: 'not_found' });
      expect(await b.update('notes', mine.id, { text: 'stolen' }, { expectedRevision: 1, unique: ['email'] })).toEqual({ ok: false, reason: 'not_found' });
      expect(await b.delete('notes', mine.id)).toBe(false);
      // Unique values are per agent.
      record(await b.insert('notes', { email: 'x@y' }, { unique: ['email'] }));
      expect(await a.get('notes', mine.id)).toEqual(mine);
      expect(await a.count('notes', [])).toBe(1);
    });

    it('the same agent id reaches the same data', async () => {
      const id = agent();
      const r = record(await sut.storeFor(id).insert('notes', { text: 't' }));
      expect(await sut.storeFor(id).get('notes', r.id)).toEqual(r);
    });
  });
}

