import type { Blueprint } from '../blueprint.js';

/** Event RSVPs: a capacity rule refuses RSVPs beyond the event's capacity. */
export const rsvpBlueprint: Blueprint = {
  schemaVersion: 1,
  name: 'Event RSVPs',
  description: 'Events with a capacity; guests RSVP until the event is full.',
  resources: [
    {
      name: 'Event',
      plural: 'events',
      fields: [
        { name: 'title', type: 'string', required: true, min: 1, max: 200 },
        { name: 'date', type: 'date', required: true },
        { name: 'capacity', type: 'integer', required: true, min: 1, max: 100000 },
      ],
    },
    {
      name: 'Rsvp',
      plural: 'rsvps',
      fields: [
        { name: 'event', type: 'reference', references: 'Event', required: true },
        { name: 'guestName', type: 'string', required: true, min: 1, max: 120 },
        { name: 'email', type: 'email', required: true },
      ],
    },
  ],
  actions: [
    {
      name: 'createEvent',
      kind: 'create',
      resource: 'Event',
      description: 'Announce an event.',
      examples: [
        { name: 'creates an event', input: { title: 'Launch party', date: '2026-12-01', capacity: 50 }, expect: { status: 200, result: { capacity: 50 } } },
        { name: 'refuses a capacity of zero', input: { title: 'Launch party', date: '2026-12-01', capacity: 0 }, expect: { status: 400 } },
      ],
    },
    {
      name: 'getEvent',
      kind: 'get',
      resource: 'Event',
      by: 'id',
      description: 'Read an event.',
      examples: [
        {
          name: 'reads an event',
          setup: [{ as: 'party', action: 'createEvent', input: { title: 'Launch party', date: '2026-12-01', capacity: 50 } }],
          input: { id: { $ref: 'party.id' } },
          expect: { status: 200, result: { title: 'Launch party' } },
        },
        { name: 'answers 404 for a missing event', input: { id: 'missing' }, expect: { status: 404 } },
      ],
    },
    {
      name: 'createRsvp',
      kind: 'create',
      resource: 'Rsvp',
      description: 'RSVP to an event while it has room.',
      examples: [
        {
          name: 'accepts an RSVP',
          setup: [{ as: 'party', action: 'createEvent', input: { title: 'Launch party', date: '2026-12-01', capacity: 1 } }],
          input: { event: { $ref: 'party.id' }, guestName: 'Ada', email: 'ada@example.com' },
          expect: { status: 200, result: { guestName: 'Ada' } },
        },
        {
          name: 'refuses an RSVP to a full event',
          setup: [
            { as: 'party', action: 'createEvent', input: { title: 'Launch party', date: '2026-12-01', capacity: 1 } },
            { as: 'ada', action: 'createRsvp', input: { event: { $ref: 'party.id' }, guestName: 'Ada', email: 'ada@example.com' } },
          ],
          input: { event: { $ref: 'party.id' }, guestName: 'Grace', email: 'grace@example.com' },
          expect: { status: 409 },
        },
      ],
    },
    {
      name: 'listRsvps',
      kind: 'list',
      resource: 'Rsvp',
      description: 'List the RSVPs of an event.',
      filters: [{ param: 'event', field: 'event', op: 'eq' }],
      defaultLimit: 50,
      maxLimit: 500,
      examples: [
        {
          name: 'lists the RSVPs of an event',
          setup: [
            { as: 'party', action: 'createEvent', input: { title: 'Launch party', date: '2026-12-01', capacity: 5 } },
            { as: 'ada', action: 'createRsvp', input: { event: { $ref: 'party.id' }, guestName: 'Ada', email: 'ada@example.com' } },
          ],
          input: { event: { $ref: 'party.id' } },
          expect: { status: 200, resultCount: 1 },
        },
        { name: 'refuses a negative offset', input: { offset: -1 }, expect: { status: 400 } },
      ],
    },
    {
      name: 'cancelRsvp',
      kind: 'delete',
      resource: 'Rsvp',
      description: 'Cancel an RSVP, freeing a place.',
      examples: [
        {
          name: 'cancels an RSVP',
          setup: [
            { as: 'party', action: 'createEvent', input: { title: 'Launch party', date: '2026-12-01', capacity: 5 } },
            { as: 'ada', action: 'createRsvp', input: { event: { $ref: 'party.id' }, guestName: 'Ada', email: 'ada@example.com' } },
          ],
          input: { id: { $ref: 'ada.id' } },
          expect: { status: 200, result: { deleted: true } },
        },
        { name: 'answers 404 for a missing RSVP', input: { id: 'missing' }, expect: { status: 404 } },
      ],
    },
  ],
  rules: [{ kind: 'capacity', resource: 'Rsvp', via: 'event', limitField: 'capacity', message: 'This event is full' }],
};
