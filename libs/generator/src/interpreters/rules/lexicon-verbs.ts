/**
 * The verbs of the lexicon (lexicon.ts re-exports all of them): each verb's class, the phrasal
 * verbs written as two words, the states and listed values a state verb lands on, and the record a
 * relation verb creates. Kept in their own file so each stays under 400 lines; import them from
 * lexicon.ts like the rest.
 */

export type VerbClass =
  | 'create'
  | 'list'
  | 'get'
  | 'update'
  | 'delete'
  | 'crud'
  | 'increment'
  | 'decrement'
  | 'toggle'
  | 'mark'
  | 'take'
  | 'release'
  | 'counter'
  | 'state'
  | 'relation'
  | 'tally'
  /** A verb the lexicon does not know: always reported, never guessed. */
  | 'unknown';

/** One class per verb; ambiguous verbs are resolved by context in the parser (see notes there). */
export const VERBS: Record<string, VerbClass> = {
  // create
  add: 'create', create: 'create', submit: 'create', post: 'create', record: 'create', log: 'create', enter: 'create', insert: 'create', save: 'create', upload: 'create', write: 'create', file: 'create', send: 'create', leave: 'create', make: 'create', store: 'create', put: 'create', track: 'create', capture: 'create', collect: 'create', define: 'create', set_up: 'create', shorten: 'create', generate: 'create', ask: 'create', hire: 'create', onboard: 'create', enroll_in: 'create', place: 'create', open: 'create', raise_ticket: 'create',
  // list
  list: 'list', browse: 'list', search: 'list', filter: 'list', query: 'list', display: 'list', sort: 'list', export: 'list', page: 'list',
  // get (one record); "show/see/view/find/get all ..." with a plural object is a list
  get: 'get', view: 'get', fetch: 'get', show: 'get', see: 'get', find: 'get', read: 'get', retrieve: 'get', look_up: 'get', lookup: 'get', check: 'get', resolve: 'get', access: 'get', inspect: 'get', load: 'get', return: 'release', visit: 'get', look: 'get', look_at: 'get',
  // update
  edit: 'update', update: 'update', change: 'update', modify: 'update', rename: 'update', adjust: 'update', correct: 'update', amend: 'update', set: 'update', reschedule: 'update', move: 'update', replace: 'update', tweak: 'update', fix: 'update', revise: 'update',
  // delete
  delete: 'delete', remove: 'delete', erase: 'delete', discard: 'delete', drop: 'delete', purge: 'delete', destroy: 'delete', fire: 'delete', unregister: 'delete', deregister: 'delete', unsubscribe: 'delete', terminate: 'delete', retract: 'delete', revoke: 'delete', cancel: 'delete', clear: 'delete', withdraw_from: 'delete',
  // everything
  crud: 'crud', manage: 'crud', maintain: 'crud', administer: 'crud', administrate: 'crud',
  // quantities
  restock: 'increment', replenish: 'increment', refill: 'increment', increase: 'increment', increment: 'increment', top_up: 'increment', deposit: 'increment', credit: 'increment', receive: 'increment', raise: 'increment', bump: 'increment', earn: 'increment', award: 'increment', grow: 'increment', give: 'increment', grant: 'increment',
  sell: 'decrement', decrease: 'decrement', decrement: 'decrement', subtract: 'decrement', withdraw: 'decrement', spend: 'decrement', consume: 'decrement', use: 'decrement', debit: 'decrement', deduct: 'decrement', redeem: 'decrement', reduce: 'decrement', dispense: 'decrement', lower: 'decrement', charge: 'decrement',
  toggle: 'toggle', flip: 'toggle', switch: 'toggle',
  mark: 'mark', flag: 'mark', tick: 'mark', tick_off: 'mark', check_off: 'mark', unmark: 'mark',
  borrow: 'take', take: 'take', rent: 'take', check_out: 'take', checkout: 'take', claim: 'take', loan: 'take', lease: 'take', lend: 'take', take_out: 'take', assign: 'take', pick_up: 'take',
  give_back: 'release', check_in: 'release', release: 'release', unassign: 'release', bring_back: 'release', hand_back: 'release', drop_off: 'release', unclaim: 'release',
  like: 'counter', upvote: 'counter', downvote: 'counter', clap: 'counter', heart: 'counter', favourite: 'counter', favorite: 'counter',
  approve: 'state', reject: 'state', publish: 'state', unpublish: 'state', archive: 'state', unarchive: 'state', complete: 'state', finish: 'state', close: 'state', reopen: 'state', confirm: 'state', verify: 'state', activate: 'state', deactivate: 'state', enable: 'state', disable: 'state', block: 'state', unblock: 'state', pin: 'state', unpin: 'state', accept: 'state', decline: 'state', pay: 'state', ship: 'state', deliver: 'state', start: 'state', stop: 'state', pause: 'state', resume: 'state', hide: 'state', unhide: 'state', lock: 'state', unlock: 'state', suspend: 'state', dismiss: 'state', acknowledge: 'state', fulfil: 'state', fulfill: 'state', refund: 'state', settle: 'state', feature: 'state', unfeature: 'state', star: 'state', unstar: 'state', win: 'state', lose: 'state', sign: 'state', escalate: 'state', invoice: 'state', deny: 'state',
  vote: 'relation', cast: 'relation', choose: 'relation', pick: 'relation', select: 'relation', rsvp: 'relation', register: 'relation', enroll: 'relation', enrol: 'relation', sign_up: 'relation', join: 'relation', attend: 'relation', apply: 'relation', book: 'relation', reserve: 'relation', comment: 'relation', review: 'relation', rate: 'relation', subscribe: 'relation', bid: 'relation', order: 'relation', donate: 'relation', answer: 'relation', reply: 'relation', respond: 'relation', report: 'relation', request: 'relation', complain: 'relation', check_into: 'relation', endorse: 'relation', nominate: 'relation', pledge: 'relation', purchase: 'relation', buy: 'relation', come_in: 'relation', grade: 'relation', score: 'relation', sign_in: 'state', sign_out: 'state', clock_in: 'state', clock_out: 'state', arrive: 'relation',
  tally: 'tally', count: 'tally', summarize: 'tally', summarise: 'tally', aggregate: 'tally',
};

/** Verbs spelled as two words; the parser joins them with "_" before lookup. */
export const PHRASAL: [string, string][] = [
  ['look', 'up'], ['look', 'at'], ['check', 'out'], ['check', 'in'], ['give', 'back'], ['bring', 'back'], ['hand', 'back'], ['sign', 'up'], ['top', 'up'], ['pick', 'up'], ['drop', 'off'], ['take', 'out'], ['tick', 'off'], ['check', 'off'], ['set', 'up'], ['check', 'into'], ['come', 'in'], ['sign', 'in'], ['sign', 'out'], ['clock', 'in'], ['clock', 'out'],
];

/** States a state verb leads to, when it is not simply the verb's past participle. */
export const STATE_OF_VERB: Record<string, { state: string; value: boolean }> = {
  unpublish: { state: 'published', value: false },
  unarchive: { state: 'archived', value: false },
  disable: { state: 'enabled', value: false },
  enable: { state: 'enabled', value: true },
  deactivate: { state: 'active', value: false },
  activate: { state: 'active', value: true },
  unblock: { state: 'blocked', value: false },
  unpin: { state: 'pinned', value: false },
  unlock: { state: 'locked', value: false },
  unhide: { state: 'hidden', value: false },
  unstar: { state: 'starred', value: false },
  unfeature: { state: 'featured', value: false },
  reopen: { state: 'closed', value: false },
  resume: { state: 'paused', value: false },
  complete: { state: 'completed', value: true },
  finish: { state: 'finished', value: true },
  start: { state: 'started', value: true },
  stop: { state: 'stopped', value: true },
};

/** Enum values a state verb may land on ("close" -> "closed", "reopen" -> "open"). */
export const ENUM_TARGETS: Record<string, string[]> = {
  reopen: ['open', 'reopened'],
  open: ['open', 'opened'],
  complete: ['completed', 'complete', 'done', 'finished'],
  finish: ['finished', 'done', 'completed', 'complete'],
  start: ['started', 'in progress', 'in-progress', 'in_progress', 'active'],
  resume: ['active', 'in progress', 'resumed'],
  cancel: ['cancelled', 'canceled'],
  activate: ['active', 'activated'],
  deactivate: ['inactive', 'deactivated'],
  resolve: ['resolved', 'fixed', 'done'],
  pay: ['paid'],
  ship: ['shipped'],
  deliver: ['delivered'],
  win: ['won'],
  lose: ['lost'],
  hold: ['on hold', 'held'],
};

/** Resource a relation verb creates, when the prompt does not name it. */
export const NOMINALIZATION: Record<string, string[]> = {
  submit: ['submission'], cast: ['vote'], choose: ['response'], pick: ['response'], select: ['response'], register: ['registration'], enroll: ['enrollment'], enrol: ['enrolment'], apply: ['application'], book: ['booking'], reserve: ['reservation'], vote: ['vote'], rsvp: ['rsvp'], comment: ['comment'], review: ['review'], rate: ['rating'], grade: ['grade'], score: ['score'], subscribe: ['subscription'], bid: ['bid'], order: ['order'], sign_up: ['signup'], join: ['membership'], attend: ['attendance'], donate: ['donation'], answer: ['answer'], reply: ['reply'], respond: ['response'], post: ['post'], upload: ['upload'], report: ['report'], request: ['request'], complain: ['complaint'], check_into: ['check', 'in'], endorse: ['endorsement'], nominate: ['nomination'], pledge: ['pledge'], purchase: ['purchase'], buy: ['purchase'], log: ['entry'], record: ['record'], file: ['filing'], send: ['message'], leave: ['note'], shorten: ['short', 'link'],
};

/** Verbs that end a record people may want to keep, in that state ("cancelled", "revoked"). */
export const ENDING_VERBS = new Set(['cancel', 'revoke', 'retract', 'terminate']);

/** Records that are themselves a taking ("return a hire": the hire ends; no other action took it). */
export const TAKING_RECORDS = new Set(['hire', 'loan', 'rental', 'borrowing', 'lending', 'checkout', 'lease', 'rent']);

/** How a prose lifecycle names its first state and the verbs on a record that are no step of it (stages/prose-lifecycle.ts). */
export const LIFECYCLE_STARTS = new Set(['starts out', 'start out', 'starts off', 'start off', 'comes in', 'come in', 'is created', 'gets created', 'is logged', 'is booked in', 'begins', 'begin', 'arrives', 'arrive', 'starts', 'start']);
export const LIFECYCLE_AUXILIARIES = new Set(['add', 'create', 'record', 'log', 'enter', 'list', 'view', 'see', 'show', 'update', 'edit', 'change', 'delete', 'remove', 'find', 'look', 'search', 'track', 'keep', 'store', 'save', 'get', 'have', 'make', 'let', 'want', 'need', 'use', 'like', 'love', 'help', 'call', 'email', 'ring', 'phone', 'text', 'message', 'do', 'put', 'give', 'take', 'check', 'is', 'was', 'be', 'book', 'buy', 'order', 'want', 'pay', 'price', 'quote', 'fill', 'move', 'mark', 'set', 'tick', 'flag']);
/** A word before "it" that is no verb ("after it", "that it"). */
export const NOT_VERBS = new Set(['after', 'before', 'about', 'with', 'for', 'of', 'on', 'in', 'when', 'once', 'until', 'if', 'then', 'and', 'or', 'but', 'that', 'as', 'like', 'to', 'from', 'into', 'by', 'so', 'whether', 'while', 'because', 'than', 'at', 'off', 'up', 'out', 'where']);
/** "mark it baked", "set it as ready": the state is said, the step is named by it. */
export const MARKING = new Set(['mark', 'set', 'flag', 'tick']);
/** "drop it off", "pick it up": a verb with its particle is no step of its own. */
export const PARTICLES = new Set(['off', 'up', 'out', 'back', 'in', 'away', 'over', 'down', 'on']);

/** Verbs that look one record up: a list they ask for by a unique field alone is a get by it (build.ts). */
export const LOOK_UP_VERBS = new Set(['look_up', 'lookup', 'look', 'find', 'pull_up', 'fetch', 'retrieve', 'get']);
