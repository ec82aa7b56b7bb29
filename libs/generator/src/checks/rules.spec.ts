import type { BackendResponse, JsonObject, JsonValue } from '@backforge/contracts';
import { MemoryBackendStore, Sandbox } from '@backforge/sandbox';
import type { BackendModule, BackendStore } from '@backforge/contracts';
import vm from 'node:vm';
import { loadFixture } from '../fixtures/index.js';
import { projectFile, synthesize } from '../synth/index.js';

/**
 * The rules of the public prompts, exercised through the sandbox on generated bundles (not through
 * the example cases, so a blueprint whose examples were too kind would still be caught here).
 */

let sandbox: Sandbox;
const loaded = new Set<string>();

async function backend(name: string): Promise<(action: string, input?: JsonObject, store?: MemoryBackendStore) => Promise<BackendResponse>> {
  if (!loaded.has(name)) {
    const project = await synthesize(loadFixture(name), { name });
    await sandbox.load(name, projectFile(project, 'dist/handler.js') ?? '');
    loaded.add(name);
  }
  const defaultStore = new MemoryBackendStore();
  return (action, input = {}, store = defaultStore) => sandbox.invoke(name, { action, input }, { store });
}

function result(response: BackendResponse): JsonObject {
  if (!response.body.ok) throw new Error(`expected success, got ${response.status} ${JSON.stringify(response.body.error)}`);
  return response.body.result as JsonObject;
}

function errorCode(response: BackendResponse): string | undefined {
  return response.body.ok ? undefined : response.body.error.code;
}

beforeAll(async () => {
  sandbox = await Sandbox.start({ workers: 2 });
});
afterAll(async () => {
  await sandbox.stop();
});

describe('library', () => {
  it('refuses to borrow a borrowed book with 409 and the guard message, and allows it again after the return', async () => {
    const call = await backend('library');
    const book = result(await call('createBook', { title: 'Dune', author: 'Frank Herbert', isbn: '1', publicationYear: 1965 }));
    const ada = result(await call('createMember', { name: 'Ada', email: 'ada@example.com' }));
    const bob = result(await call('createMember', { name: 'Bob', email: 'bob@example.com' }));
    expect(result(await call('borrowBook', { id: book['id'] as string, memberId: ada['id'] as string }))['borrowedBy']).toBe(ada['id']);
    const twice = await call('borrowBook', { id: book['id'] as string, memberId: bob['id'] as string });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ ok: false, error: { code: 'RULE_VIOLATED', message: 'This book is already borrowed', details: { field: 'borrowedBy' } } });
    expect(result(await call('returnBook', { id: book['id'] as string }))['borrowedBy']).toBeNull();
    expect(result(await call('borrowBook', { id: book['id'] as string, memberId: bob['id'] as string }))['borrowedBy']).toBe(bob['id']);
  });

  it('answers 404 for a missing book and 400 for an invalid email or an unknown input field', async () => {
    const call = await backend('library');
    const member = result(await call('createMember', { name: 'Ada', email: 'ada@example.com' }));
    expect((await call('borrowBook', { id: 'nope', memberId: member['id'] as string })).status).toBe(404);
    const badEmail = await call('createMember', { name: 'Ada', email: 'ada@' });
    expect([badEmail.status, errorCode(badEmail)]).toEqual([400, 'VALIDATION_FAILED']);
    const extra = await call('createMember', { name: 'Ada', email: 'ada@example.com', admin: true });
    expect([extra.status, errorCode(extra)]).toEqual([400, 'VALIDATION_FAILED']);
    const unknown = await sandbox.invoke('library', { action: 'burnBook', input: {} }, { store: new MemoryBackendStore() });
    expect([unknown.status, errorCode(unknown)]).toEqual([400, 'UNKNOWN_ACTION']);
  });

  it('gives every record a server-side id, createdAt and updatedAt, and ignores none of the input', async () => {
    const call = await backend('library');
    const book = result(await call('createBook', { title: 'Emma', author: 'Jane Austen', isbn: '2', publicationYear: 1815 }));
    expect(Object.keys(book)).toEqual(['id', 'title', 'author', 'isbn', 'publicationYear', 'borrowedBy', 'borrowedAt', 'createdAt', 'updatedAt']);
    expect(typeof book['id']).toBe('string');
    expect(Number.isNaN(Date.parse(book['createdAt'] as string))).toBe(false);
  });
});

describe('shop-inventory', () => {
  it('refuses to sell below zero with 409 and leaves the stock unchanged', async () => {
    const call = await backend('shop-inventory');
    const product = result(await call('createProduct', { name: 'Beans', sku: 'B-1', price: 3, quantity: 5 }));
    const oversell = await call('sellProduct', { id: product['id'] as string, amount: 6 });
    expect([oversell.status, errorCode(oversell)]).toEqual([409, 'RULE_VIOLATED']);
    const list = result(await call('listProducts', {}));
    expect((list['items'] as JsonObject[])[0]?.['quantity']).toBe(5);
    expect(result(await call('sellProduct', { id: product['id'] as string, amount: 5 }))['quantity']).toBe(0);
    expect((await call('sellProduct', { id: product['id'] as string, amount: 1 })).status).toBe(409);
  });

  it('never oversells under concurrency: 20 parallel sells of 1 with a stock of 10 -> exactly 10 succeed', async () => {
    const call = await backend('shop-inventory');
    const store = new MemoryBackendStore();
    const product = result(await call('createProduct', { name: 'Beans', sku: 'B-1', price: 3, quantity: 10 }, store));
    const sells = await Promise.all(Array.from({ length: 20 }, () => call('sellProduct', { id: product['id'] as string, amount: 1 }, store)));
    const statuses = sells.map((s) => s.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const after = result(await call('listProducts', {}, store));
    expect((after['items'] as JsonObject[])[0]?.['quantity']).toBe(0);
    // Every success saw a different stock level: no two sells were applied on the same revision.
    expect(new Set(sells.filter((s) => s.status === 200).map((s) => result(s)['quantity'])).size).toBe(10);
  });

  it('retries its compare-and-set when every store call yields to the others (bundle run outside the sandbox)', async () => {
    // node:vm is no sandbox, but this is our own bundle: the point is a store that interleaves every call.
    const project = await synthesize(loadFixture('shop-inventory'));
    const context: { BackforgeBackend?: BackendModule } = {};
    vm.runInNewContext(projectFile(project, 'dist/handler.js') ?? '', context);
    const handler = context.BackforgeBackend;
    if (!handler) throw new Error('the bundle defined no BackforgeBackend');
    const memory = new MemoryBackendStore();
    const yieldFirst = <T>(run: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        setImmediate(() => {
          run().then(resolve, reject);
        });
      });
    const store: BackendStore = {
      insert: (...a) => yieldFirst(() => memory.insert(...a)),
      get: (...a) => yieldFirst(() => memory.get(...a)),
      findOne: (...a) => yieldFirst(() => memory.findOne(...a)),
      list: (...a) => yieldFirst(() => memory.list(...a)),
      count: (...a) => yieldFirst(() => memory.count(...a)),
      update: (...a) => yieldFirst(() => memory.update(...a)),
      delete: (...a) => yieldFirst(() => memory.delete(...a)),
    };
    const ctx = { store, now: () => new Date().toISOString(), randomToken: (n: number) => 'x'.repeat(n) };
    const created = await handler.handle({ action: 'createProduct', input: { name: 'Beans', sku: 'B', price: 1, quantity: 10 } }, ctx);
    const id = (created.body.ok ? (created.body.result as JsonObject)['id'] : '') as string;
    const sells = await Promise.all(Array.from({ length: 20 }, () => handler.handle({ action: 'sellProduct', input: { id, amount: 1 } }, ctx)));
    expect(sells.filter((s) => s.status === 200)).toHaveLength(10);
    expect(sells.filter((s) => s.status === 409)).toHaveLength(10);
    const record = await memory.get('products', id);
    expect(record?.data['quantity']).toBe(0);
    expect(record?.revision).toBe(11);
  });

  it('refuses a duplicate SKU and a negative price', async () => {
    const call = await backend('shop-inventory');
    await call('createProduct', { name: 'Beans', sku: 'DUP', price: 3, quantity: 1 });
    const dup = await call('createProduct', { name: 'Other', sku: 'DUP', price: 3, quantity: 1 });
    expect([dup.status, errorCode(dup)]).toEqual([409, 'UNIQUE_VIOLATION']);
    expect((await call('createProduct', { name: 'Beans', sku: 'NEG', price: -0.01, quantity: 1 })).status).toBe(400);
  });
});

describe('event-rsvp', () => {
  it('refuses an RSVP beyond capacity with 409, also when the RSVPs race', async () => {
    const call = await backend('event-rsvp');
    const store = new MemoryBackendStore();
    const event = result(await call('createEvent', { title: 'Launch', date: '2030-06-01', capacity: 3 }, store));
    const rsvps = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call('rsvp', { name: `Guest ${i}`, email: `g${i}@example.com`, event: event['id'] as string }, store)),
    );
    expect(rsvps.every((r) => r.status === 200 || (r.status === 409 && errorCode(r) === 'RULE_VIOLATED'))).toBe(true);
    const guests = result(await call('listGuests', { event: event['id'] as string }, store));
    expect(guests['total']).toBeLessThanOrEqual(3);
    expect(guests['total']).toBe(rsvps.filter((r) => r.status === 200).length);
    // Sequentially it fills up exactly.
    const event2 = result(await call('createEvent', { title: 'Dinner', date: '2030-06-02', capacity: 2 }, store));
    const one = await call('rsvp', { name: 'A', email: 'a@example.com', event: event2['id'] as string }, store);
    const two = await call('rsvp', { name: 'B', email: 'b@example.com', event: event2['id'] as string }, store);
    const three = await call('rsvp', { name: 'C', email: 'c@example.com', event: event2['id'] as string }, store);
    expect([one.status, two.status, three.status]).toEqual([200, 200, 409]);
    expect(three.body).toEqual({ ok: false, error: { code: 'RULE_VIOLATED', message: 'This event is full', details: { limit: 2, taken: 2 } } });
  });
});

describe('bug-tracker, recipes, polls, url-shortener, feature-flags', () => {
  it('refuses an enum value outside the list with 400', async () => {
    const call = await backend('bug-tracker');
    const bad = await call('createIssue', { title: 'x', priority: 'urgent' });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'VALIDATION_FAILED']);
    const issue = result(await call('createIssue', { title: 'x', priority: 'low' }));
    expect(issue['status']).toBe('open');
    expect(result(await call('changeIssueStatus', { id: issue['id'] as string, status: 'in progress' }))['status']).toBe('in progress');
  });

  it('refuses a difficulty of 6 with 400 and lists recipes below a time', async () => {
    const call = await backend('recipes');
    const store = new MemoryBackendStore();
    expect((await call('createRecipe', { name: 'x', ingredients: ['a'], cookingTimeMinutes: 10, difficulty: 6 }, store)).status).toBe(400);
    await call('createRecipe', { name: 'quick', ingredients: ['a'], cookingTimeMinutes: 10, difficulty: 1 }, store);
    await call('createRecipe', { name: 'slow', ingredients: ['a'], cookingTimeMinutes: 90, difficulty: 1 }, store);
    const quick = result(await call('listRecipes', { maxCookingTimeMinutes: 30 }, store));
    expect((quick['items'] as JsonObject[]).map((r) => r['name'])).toEqual(['quick']);
    const missing = await call('getRecipe', { id: 'nope' }, store);
    expect([missing.status, errorCode(missing)]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses a vote for an option the poll does not have and tallies the rest', async () => {
    const call = await backend('polls');
    const store = new MemoryBackendStore();
    const poll = result(await call('createPoll', { question: 'Colour?', options: ['Red', 'Blue'] }, store));
    const green = await call('vote', { poll: poll['id'] as string, option: 'Green' }, store);
    expect([green.status, errorCode(green)]).toEqual([400, 'VALIDATION_FAILED']);
    await call('vote', { poll: poll['id'] as string, option: 'Blue' }, store);
    const tally = result(await call('pollResults', { id: poll['id'] as string }, store));
    expect(tally['results']).toEqual([
      { option: 'Red', count: 0 },
      { option: 'Blue', count: 1 },
    ]);
    expect(tally['total']).toBe(1);
  });

  it('gives short links a random unique code and counts each resolve', async () => {
    const call = await backend('url-shortener');
    const store = new MemoryBackendStore();
    const a = result(await call('shortenUrl', { url: 'https://example.com/a' }, store));
    const b = result(await call('shortenUrl', { url: 'https://example.com/b' }, store));
    expect(a['code']).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(a['code']).not.toBe(b['code']);
    for (let i = 1; i <= 3; i++) expect(result(await call('resolveCode', { code: a['code'] as string }, store))['visits']).toBe(i);
    expect((await call('shortenUrl', { url: 'javascript:alert(1)' }, store)).status).toBe(400);
    expect((await call('shortenUrl', { url: 'https://example.com', code: 'mine' }, store)).status).toBe(400);
  });

  it('toggles a flag by key', async () => {
    const call = await backend('feature-flags');
    const store = new MemoryBackendStore();
    await call('createFlag', { key: 'beta' }, store);
    expect(result(await call('toggleFlag', { key: 'beta' }, store))['enabled']).toBe(true);
    expect(result(await call('getFlag', { key: 'beta' }, store))['enabled']).toBe(true);
    expect(result(await call('toggleFlag', { key: 'beta' }, store))['enabled']).toBe(false);
  });
});

describe('store columns and guard-only transitions', () => {
  it('filters on createdAt and id, and runs a transition that only checks guards', async () => {
    const blueprint = loadFixture('todo-api');
    const list = blueprint.actions.find((a) => a.kind === 'list');
    if (list?.kind !== 'list') throw new Error('no list action');
    list.filters.push({ param: 'createdSince', field: 'createdAt', op: 'gte' }, { param: 'id', field: 'id', op: 'eq' });
    blueprint.actions.push({
      name: 'checkOpen',
      kind: 'transition',
      resource: 'Todo',
      description: 'Confirm a todo is still open.',
      by: 'id',
      params: [],
      guards: [{ field: 'done', op: 'eq', value: { literal: false }, message: 'Already done' }],
      effects: [],
      examples: [],
    });
    const project = await synthesize(blueprint);
    await sandbox.load('columns', projectFile(project, 'dist/handler.js') ?? '');
    const store = new MemoryBackendStore();
    const call = (action: string, input: JsonObject) => sandbox.invoke('columns', { action, input }, { store });
    const first = result(await call('createTodo', { title: 'a' }));
    await call('createTodo', { title: 'b' });
    expect(result(await call('listTodos', { id: first['id'] as string }))['total']).toBe(1);
    expect(result(await call('listTodos', { createdSince: '2000-01-01T00:00:00Z' }))['total']).toBe(2);
    expect(result(await call('listTodos', { createdSince: '2999-01-01T00:00:00Z' }))['total']).toBe(0);
    expect((await call('listTodos', { createdSince: 'yesterday' })).status).toBe(400);
    expect(result(await call('checkOpen', { id: first['id'] as string }))['done']).toBe(false);
    await call('completeTodo', { id: first['id'] as string });
    const done = await call('checkOpen', { id: first['id'] as string });
    expect([done.status, done.body.ok ? '' : done.body.error.message]).toEqual([409, 'Already done']);
    await sandbox.unload('columns');
  });
});

describe('describe', () => {
  it('answers the contract with a JSON Schema per action', async () => {
    const call = await backend('notes');
    const res = await sandbox.invoke('notes', { action: 'describe' }, { store: new MemoryBackendStore() });
    const contract = result(res);
    expect(contract['name']).toBe('Notes');
    const actions = contract['actions'] as JsonObject[];
    expect(actions.map((a) => [a['name'], a['kind'], a['resource']])).toEqual([
      ['createNote', 'create', 'Note'],
      ['updateNote', 'update', 'Note'],
      ['deleteNote', 'delete', 'Note'],
      ['searchNotes', 'list', 'Note'],
    ]);
    const search = actions.find((a) => a['name'] === 'searchNotes');
    expect((search?.['input'] as { properties: Record<string, JsonValue> }).properties['tag']).toEqual({ type: 'string' });
    void call;
  });
});
