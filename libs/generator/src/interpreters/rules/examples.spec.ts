import { exampleBlueprints, validateBlueprint, type Blueprint, type ExampleCase } from '@backforge/blueprint';
import { deriveExamples } from './examples.js';
import { accept, action } from './test-support.js';

/** deriveExamples works from a blueprint alone, for any interpreter's blueprint. */

const withoutExamples = (bp: Blueprint): Blueprint => ({ ...bp, actions: bp.actions.map((a) => ({ ...a, examples: [] })) });

describe('deriveExamples', () => {
  it.each(Object.entries(exampleBlueprints))('gives valid examples to the %s blueprint written by hand', (_name, bp) => {
    const derived = deriveExamples(withoutExamples(bp));
    const checked = validateBlueprint(derived);
    expect(checked.ok ? [] : checked.errors).toEqual([]);
    for (const a of derived.actions) {
      expect([a.name, a.examples.some((e) => e.expect.status === 200), a.examples.some((e) => e.expect.status !== 200)]).toEqual([a.name, true, true]);
    }
  });

  it('is a pure function of the blueprint', () => {
    const bp = accept('Books have a title and an ISBN (unique). Members have a name. A member can borrow a book and return it.');
    expect(deriveExamples(withoutExamples(bp))).toEqual(deriveExamples(withoutExamples(bp)));
    expect(deriveExamples(withoutExamples(bp))).toEqual(bp);
  });

  const library = accept('Books have a title and an ISBN (unique). Members have a name and an email. A member can borrow a book and return it. Delete books. List books by title.');
  const cases = (name: string): ExampleCase[] => action(library, name).examples;

  it('creates: success echoes the input; missing field 400, duplicate unique 409, bad email 400', () => {
    expect(cases('createBook')[0]).toMatchObject({ input: { title: 'Title 1', isbn: 'Isbn 1' }, expect: { status: 200, result: { title: 'Title 1', isbn: 'Isbn 1' } } });
    expect(cases('createBook').map((c) => [c.expect.status, c.expect.errorCode])).toEqual(expect.arrayContaining([[400, 'VALIDATION_FAILED'], [409, 'UNIQUE_VIOLATION']]));
    expect(cases('createMember').find((c) => c.input['email'] === 'not valid')?.expect).toEqual({ status: 400, errorCode: 'VALIDATION_FAILED' });
  });

  it('lists: {items, total, limit, offset} with resultCount, filters narrowed to one record, bad paging 400', () => {
    const [all, byTitle, bad] = cases('listBooks');
    expect(all).toMatchObject({ input: {}, expect: { status: 200, resultCount: 2, result: { total: 2, offset: 0 } } });
    expect(all?.setup?.length).toBe(2);
    expect(byTitle).toMatchObject({ input: { title: 'Title 1' }, expect: { status: 200, resultCount: 1 } });
    expect(bad?.expect).toEqual({ status: 400, errorCode: 'VALIDATION_FAILED' });
  });

  it('deletes: {id, deleted: true} with a $ref to the setup step; unknown id 404', () => {
    expect(cases('deleteBook')[0]).toMatchObject({ input: { id: { $ref: 'book.id' } }, expect: { status: 200, result: { id: { $ref: 'book.id' }, deleted: true } } });
    expect(cases('deleteBook')[1]?.expect).toEqual({ status: 404, errorCode: 'NOT_FOUND' });
  });

  it('transitions: setup satisfies the guard (borrow before return); doing it twice is refused 409', () => {
    const [ok, twice] = cases('borrowBook');
    expect(ok).toMatchObject({ input: { id: { $ref: 'book.id' }, memberId: { $ref: 'member.id' } }, expect: { status: 200, result: { borrowedBy: { $ref: 'member.id' } } } });
    expect(twice?.setup?.map((s) => s.action)).toEqual(['createBook', 'createMember', 'borrowBook']);
    expect(twice?.expect).toEqual({ status: 409, errorCode: 'RULE_VIOLATED' });
    const [returned, notBorrowed] = cases('returnBook');
    expect(returned?.setup?.map((s) => s.action)).toEqual(['createBook', 'createMember', 'borrowBook']);
    expect(returned?.expect.result).toMatchObject({ borrowedBy: null, borrowedAt: null });
    expect(notBorrowed?.expect.status).toBe(409);
  });

  it('decrements below the minimum are refused 409; capacity and membership are refused', () => {
    const shop = accept('Products have a name and a stock. Sell products (subtracts from the stock).');
    const sell = action(shop, 'sellProduct').examples;
    expect(sell.find((c) => c.name.startsWith('refuses to take'))).toMatchObject({ input: { amount: 4 }, expect: { status: 409, errorCode: 'RULE_VIOLATED' } });
    const rsvp = accept('Events have a title and a capacity. Guests RSVP to an event with their name; an event cannot take more guests than its capacity. List the guests.');
    const full = action(rsvp, 'createGuest').examples.find((c) => c.expect.status === 409);
    expect(full?.setup?.[0]).toMatchObject({ action: 'createEvent', input: { capacity: 1 } });
    const poll = accept('Polls have a question and options. People vote for one option.');
    expect(action(poll, 'createVote').examples.find((c) => c.input['option'] === 'not-an-offered-value')?.expect.status).toBe(400);
  });
});
