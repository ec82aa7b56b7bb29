import type { Blueprint } from '../blueprint.js';

/** A lending library: members, books, and borrow/return transitions guarded by the book's status. */
export const libraryBlueprint: Blueprint = {
  schemaVersion: 1,
  name: 'Library',
  description: 'Members borrow and return books; a borrowed book cannot be borrowed again until it is returned.',
  resources: [
    {
      name: 'Member',
      plural: 'members',
      fields: [
        { name: 'name', type: 'string', required: true, min: 1, max: 120 },
        { name: 'email', type: 'email', required: true, unique: true },
      ],
    },
    {
      name: 'Book',
      plural: 'books',
      fields: [
        { name: 'title', type: 'string', required: true, min: 1, max: 200 },
        { name: 'author', type: 'string', required: true, min: 1, max: 120 },
        { name: 'isbn', type: 'string', required: true, unique: true, min: 10, max: 17 },
        { name: 'status', type: 'enum', required: false, values: ['available', 'borrowed'], default: 'available', generated: 'managed' },
        { name: 'borrowedBy', type: 'reference', references: 'Member', required: false, generated: 'managed' },
        { name: 'borrowedAt', type: 'datetime', required: false, generated: 'managed' },
      ],
    },
  ],
  actions: [
    {
      name: 'createMember',
      kind: 'create',
      resource: 'Member',
      description: 'Register a member.',
      examples: [
        { name: 'registers a member', input: { name: 'Ada', email: 'ada@example.com' }, expect: { status: 200, result: { name: 'Ada' } } },
        {
          name: 'refuses a second member with the same email',
          setup: [{ as: 'ada', action: 'createMember', input: { name: 'Ada', email: 'ada@example.com' } }],
          input: { name: 'Ada L.', email: 'ada@example.com' },
          expect: { status: 409 },
        },
      ],
    },
    {
      name: 'createBook',
      kind: 'create',
      resource: 'Book',
      description: 'Add a book to the catalogue.',
      examples: [
        {
          name: 'adds an available book',
          input: { title: 'Dune', author: 'Frank Herbert', isbn: '9780441013593' },
          expect: { status: 200, result: { title: 'Dune', status: 'available' } },
        },
        { name: 'refuses a book without an isbn', input: { title: 'Dune', author: 'Frank Herbert' }, expect: { status: 400 } },
      ],
    },
    {
      name: 'getBookByIsbn',
      kind: 'get',
      resource: 'Book',
      by: 'isbn',
      description: 'Find a book by its ISBN.',
      examples: [
        {
          name: 'finds a book',
          setup: [{ as: 'book', action: 'createBook', input: { title: 'Dune', author: 'Frank Herbert', isbn: '9780441013593' } }],
          input: { isbn: '9780441013593' },
          expect: { status: 200, result: { id: { $ref: 'book.id' } } },
        },
        { name: 'answers 404 for an unknown isbn', input: { isbn: '0000000000' }, expect: { status: 404 } },
      ],
    },
    {
      name: 'listBooks',
      kind: 'list',
      resource: 'Book',
      description: 'List books, optionally by status or author.',
      filters: [
        { param: 'status', field: 'status', op: 'eq' },
        { param: 'author', field: 'author', op: 'contains' },
      ],
      defaultLimit: 20,
      maxLimit: 100,
      examples: [
        {
          name: 'lists available books',
          setup: [{ as: 'book', action: 'createBook', input: { title: 'Dune', author: 'Frank Herbert', isbn: '9780441013593' } }],
          input: { status: 'available' },
          expect: { status: 200, resultCount: 1 },
        },
        { name: 'refuses an unknown status', input: { status: 'lost' }, expect: { status: 400 } },
      ],
    },
    {
      name: 'borrowBook',
      kind: 'transition',
      resource: 'Book',
      by: 'id',
      description: 'A member borrows an available book.',
      params: [{ name: 'memberId', type: 'reference', references: 'Member', required: true }],
      guards: [{ field: 'status', op: 'eq', value: { literal: 'available' }, message: 'This book is already borrowed' }],
      effects: [
        { set: 'status', to: { literal: 'borrowed' } },
        { set: 'borrowedBy', to: { param: 'memberId' } },
        { set: 'borrowedAt', to: { now: true } },
      ],
      examples: [
        {
          name: 'borrows an available book',
          setup: [
            { as: 'ada', action: 'createMember', input: { name: 'Ada', email: 'ada@example.com' } },
            { as: 'book', action: 'createBook', input: { title: 'Dune', author: 'Frank Herbert', isbn: '9780441013593' } },
          ],
          input: { id: { $ref: 'book.id' }, memberId: { $ref: 'ada.id' } },
          expect: { status: 200, result: { status: 'borrowed', borrowedBy: { $ref: 'ada.id' } } },
        },
        {
          name: 'refuses a book that is already borrowed',
          setup: [
            { as: 'ada', action: 'createMember', input: { name: 'Ada', email: 'ada@example.com' } },
            { as: 'book', action: 'createBook', input: { title: 'Dune', author: 'Frank Herbert', isbn: '9780441013593' } },
            { as: 'first', action: 'borrowBook', input: { id: { $ref: 'book.id' }, memberId: { $ref: 'ada.id' } } },
          ],
          input: { id: { $ref: 'book.id' }, memberId: { $ref: 'ada.id' } },
          expect: { status: 409 },
        },
      ],
    },
    {
      name: 'returnBook',
      kind: 'transition',
      resource: 'Book',
      by: 'id',
      description: 'Return a borrowed book.',
      params: [],
      guards: [{ field: 'status', op: 'eq', value: { literal: 'borrowed' }, message: 'This book is not borrowed' }],
      effects: [{ set: 'status', to: { literal: 'available' } }, { clear: 'borrowedBy' }, { clear: 'borrowedAt' }],
      examples: [
        {
          name: 'returns a borrowed book',
          setup: [
            { as: 'ada', action: 'createMember', input: { name: 'Ada', email: 'ada@example.com' } },
            { as: 'book', action: 'createBook', input: { title: 'Dune', author: 'Frank Herbert', isbn: '9780441013593' } },
            { as: 'loan', action: 'borrowBook', input: { id: { $ref: 'book.id' }, memberId: { $ref: 'ada.id' } } },
          ],
          input: { id: { $ref: 'book.id' } },
          expect: { status: 200, result: { status: 'available', borrowedBy: null } },
        },
        {
          name: 'refuses a book that is not borrowed',
          setup: [{ as: 'book', action: 'createBook', input: { title: 'Dune', author: 'Frank Herbert', isbn: '9780441013593' } }],
          input: { id: { $ref: 'book.id' } },
          expect: { status: 409 },
        },
      ],
    },
  ],
  rules: [],
};
