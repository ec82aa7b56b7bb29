import type { Blueprint } from '../blueprint.js';

/** A todo list: CRUD, list filters, and a "mark as done" transition with a guard. */
export const todoBlueprint: Blueprint = {
  schemaVersion: 1,
  name: 'Todo list',
  description: 'Todos with a title, an optional due date, a priority and tags; todos can be marked as done.',
  resources: [
    {
      name: 'Todo',
      plural: 'todos',
      description: 'Something to do.',
      fields: [
        { name: 'title', type: 'string', required: true, min: 1, max: 200 },
        { name: 'dueDate', type: 'date', required: false },
        { name: 'priority', type: 'enum', required: false, values: ['low', 'normal', 'high'], default: 'normal' },
        { name: 'tags', type: 'stringList', required: false, default: [], max: 10 },
        { name: 'done', type: 'boolean', required: false, default: false, generated: 'managed' },
        { name: 'completedAt', type: 'datetime', required: false, generated: 'managed' },
      ],
    },
  ],
  actions: [
    {
      name: 'createTodo',
      kind: 'create',
      resource: 'Todo',
      description: 'Add a todo.',
      examples: [
        { name: 'adds a todo', input: { title: 'Buy milk', tags: ['shopping'] }, expect: { status: 200, result: { title: 'Buy milk', done: false, priority: 'normal' } } },
        { name: 'refuses an empty title', input: { title: '' }, expect: { status: 400 } },
      ],
    },
    {
      name: 'getTodo',
      kind: 'get',
      resource: 'Todo',
      by: 'id',
      description: 'Read one todo.',
      examples: [
        {
          name: 'reads a todo',
          setup: [{ as: 'todo', action: 'createTodo', input: { title: 'Call mum' } }],
          input: { id: { $ref: 'todo.id' } },
          expect: { status: 200, result: { title: 'Call mum' } },
        },
        { name: 'answers 404 for a missing todo', input: { id: 'missing' }, expect: { status: 404 } },
      ],
    },
    {
      name: 'listTodos',
      kind: 'list',
      resource: 'Todo',
      description: 'List todos, optionally only done or open ones, by priority or by tag.',
      filters: [
        { param: 'done', field: 'done', op: 'eq' },
        { param: 'priority', field: 'priority', op: 'eq' },
        { param: 'tag', field: 'tags', op: 'contains' },
      ],
      defaultLimit: 20,
      maxLimit: 100,
      orderBy: { field: 'createdAt', direction: 'asc' },
      examples: [
        {
          name: 'lists todos with a tag',
          setup: [
            { as: 'a', action: 'createTodo', input: { title: 'Buy milk', tags: ['shopping'] } },
            { as: 'b', action: 'createTodo', input: { title: 'Write report', tags: ['work'] } },
          ],
          input: { tag: 'shopping' },
          expect: { status: 200, resultCount: 1, result: { items: [{ title: 'Buy milk' }] } },
        },
        { name: 'refuses a limit above the maximum', input: { limit: 1000 }, expect: { status: 400 } },
      ],
    },
    {
      name: 'updateTodo',
      kind: 'update',
      resource: 'Todo',
      description: 'Change the title, due date, priority or tags of a todo.',
      fields: ['title', 'dueDate', 'priority', 'tags'],
      examples: [
        {
          name: 'changes the priority',
          setup: [{ as: 'todo', action: 'createTodo', input: { title: 'Buy milk' } }],
          input: { id: { $ref: 'todo.id' }, priority: 'high' },
          expect: { status: 200, result: { priority: 'high' } },
        },
        {
          name: 'refuses an unknown priority',
          setup: [{ as: 'todo', action: 'createTodo', input: { title: 'Buy milk' } }],
          input: { id: { $ref: 'todo.id' }, priority: 'urgent' },
          expect: { status: 400 },
        },
      ],
    },
    {
      name: 'deleteTodo',
      kind: 'delete',
      resource: 'Todo',
      description: 'Remove a todo.',
      examples: [
        {
          name: 'deletes a todo',
          setup: [{ as: 'todo', action: 'createTodo', input: { title: 'Buy milk' } }],
          input: { id: { $ref: 'todo.id' } },
          expect: { status: 200, result: { deleted: true } },
        },
        { name: 'answers 404 for a missing todo', input: { id: 'missing' }, expect: { status: 404 } },
      ],
    },
    {
      name: 'completeTodo',
      kind: 'transition',
      resource: 'Todo',
      by: 'id',
      description: 'Mark a todo as done.',
      params: [],
      guards: [{ field: 'done', op: 'eq', value: { literal: false }, message: 'This todo is already done' }],
      effects: [
        { set: 'done', to: { literal: true } },
        { set: 'completedAt', to: { now: true } },
      ],
      examples: [
        {
          name: 'marks a todo as done',
          setup: [{ as: 'todo', action: 'createTodo', input: { title: 'Buy milk' } }],
          input: { id: { $ref: 'todo.id' } },
          expect: { status: 200, result: { done: true } },
        },
        {
          name: 'refuses a todo that is already done',
          setup: [
            { as: 'todo', action: 'createTodo', input: { title: 'Buy milk' } },
            { as: 'done', action: 'completeTodo', input: { id: { $ref: 'todo.id' } } },
          ],
          input: { id: { $ref: 'todo.id' } },
          expect: { status: 409 },
        },
      ],
    },
  ],
  rules: [],
};
