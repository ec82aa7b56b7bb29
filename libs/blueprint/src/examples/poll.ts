import type { Blueprint } from '../blueprint.js';

/** Polls: votes must pick one of the poll's options (membership rule); results are a tally. */
export const pollBlueprint: Blueprint = {
  schemaVersion: 1,
  name: 'Polls',
  description: 'Polls with a short share code and a list of options; votes pick one option; results count votes per option.',
  resources: [
    {
      name: 'Poll',
      plural: 'polls',
      fields: [
        { name: 'question', type: 'string', required: true, min: 1, max: 300 },
        { name: 'options', type: 'stringList', required: true, min: 2, max: 20 },
        { name: 'code', type: 'string', required: false, unique: true, generated: 'code', min: 6 },
      ],
    },
    {
      name: 'Vote',
      plural: 'votes',
      fields: [
        { name: 'poll', type: 'reference', references: 'Poll', required: true },
        { name: 'option', type: 'string', required: true, min: 1, max: 100 },
      ],
    },
  ],
  actions: [
    {
      name: 'createPoll',
      kind: 'create',
      resource: 'Poll',
      description: 'Open a poll.',
      examples: [
        { name: 'opens a poll', input: { question: 'Lunch?', options: ['pizza', 'sushi'] }, expect: { status: 200, result: { question: 'Lunch?' } } },
        { name: 'refuses a poll with one option', input: { question: 'Lunch?', options: ['pizza'] }, expect: { status: 400 } },
      ],
    },
    {
      name: 'getPollByCode',
      kind: 'get',
      resource: 'Poll',
      by: 'code',
      description: 'Find a poll by its share code.',
      examples: [
        {
          name: 'finds a poll by code',
          setup: [{ as: 'lunch', action: 'createPoll', input: { question: 'Lunch?', options: ['pizza', 'sushi'] } }],
          input: { code: { $ref: 'lunch.code' } },
          expect: { status: 200, result: { id: { $ref: 'lunch.id' } } },
        },
        { name: 'answers 404 for an unknown code', input: { code: 'ZZZZZZ' }, expect: { status: 404 } },
      ],
    },
    {
      name: 'castVote',
      kind: 'create',
      resource: 'Vote',
      description: 'Vote for one of the poll\'s options.',
      examples: [
        {
          name: 'counts a vote for an offered option',
          setup: [{ as: 'lunch', action: 'createPoll', input: { question: 'Lunch?', options: ['pizza', 'sushi'] } }],
          input: { poll: { $ref: 'lunch.id' }, option: 'sushi' },
          expect: { status: 200, result: { option: 'sushi' } },
        },
        {
          name: 'refuses an option the poll does not offer',
          setup: [{ as: 'lunch', action: 'createPoll', input: { question: 'Lunch?', options: ['pizza', 'sushi'] } }],
          input: { poll: { $ref: 'lunch.id' }, option: 'tacos' },
          expect: { status: 400 },
        },
      ],
    },
    {
      name: 'pollResults',
      kind: 'custom',
      resource: 'Poll',
      description: 'Count the votes per option.',
      custom: { operation: 'tally', by: 'id', countResource: 'Vote', via: 'poll', groupField: 'option', optionsField: 'options' },
      examples: [
        {
          name: 'counts votes per option',
          setup: [
            { as: 'lunch', action: 'createPoll', input: { question: 'Lunch?', options: ['pizza', 'sushi'] } },
            { as: 'v1', action: 'castVote', input: { poll: { $ref: 'lunch.id' }, option: 'sushi' } },
          ],
          input: { id: { $ref: 'lunch.id' } },
          expect: { status: 200 },
        },
        { name: 'answers 404 for a missing poll', input: { id: 'missing' }, expect: { status: 404 } },
      ],
    },
  ],
  rules: [{ kind: 'membership', resource: 'Vote', via: 'poll', field: 'option', listField: 'options', message: 'This poll has no such option' }],
};
