import type { JsonObject, JsonValue } from '@backforge/contracts';

/**
 * The Blueprint: the typed intermediate spec between a prompt and a generated project.
 * Interpreters (rules, llm) produce it; the synthesizer turns it into code. It is data only:
 * nothing in it runs. Names are validated identifiers (PascalCase resources and actions' resources,
 * camelCase fields, actions and params); free text (descriptions, messages, enum values, example
 * strings) reaches generated code only as escaped literals.
 */
export const BLUEPRINT_SCHEMA_VERSION = 1 as const;

export interface Blueprint {
  schemaVersion: typeof BLUEPRINT_SCHEMA_VERSION;
  /** Human name of the backend, e.g. "Library". */
  name: string;
  description: string;
  resources: ResourceSpec[];
  actions: ActionSpec[];
  /** Rules that span resources (capacity of a parent, membership in a parent's list). */
  rules: RuleSpec[];
}

export type FieldType =
  | 'string'
  | 'text'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'email'
  | 'url'
  | 'enum'
  | 'stringList'
  | 'reference';

export interface FieldSpec {
  /** camelCase identifier; `id`, `createdAt`, `updatedAt` are reserved (the store sets them). */
  name: string;
  type: FieldType;
  /** Must be given on create (unless it has a default or is generated). */
  required: boolean;
  /** No two records of the resource share a value (checked atomically by the store). */
  unique?: boolean;
  /** Value used on create when the input omits the field. */
  default?: JsonValue;
  /** integer/number: smallest value; string/text: shortest length; stringList: fewest items. */
  min?: number;
  /** integer/number: largest value; string/text: longest length; stringList: most items. */
  max?: number;
  /** enum: the allowed values, in order. */
  values?: string[];
  /** reference: the PascalCase name of the referenced resource; the value is that record's id. */
  references?: string;
  /**
   * Set by the backend, never accepted as input on create or update: `code` fields get a random
   * short code on create (length `min`, default 7); others are changed only by transitions/defaults.
   */
  generated?: 'code' | 'managed';
  /**
   * enum only: the field is a state machine. Each entry allows one change of state; a transition
   * action that sets the field, or an update that changes it, answers 409 when the move from the
   * current value is not listed ("goes from draft to review to published"). A transition action
   * setting the field to the value it already has is a move too (listed only if meant); a record
   * whose state is still null may take any state.
   */
  transitions?: StateTransition[];
  description?: string;
}

/** One allowed change of a state field, between two of its enum values. */
export interface StateTransition {
  from: string;
  to: string;
}

export interface ResourceSpec {
  /** PascalCase singular, e.g. "Book". */
  name: string;
  /** camelCase plural used as the collection name, e.g. "books". */
  plural: string;
  description?: string;
  fields: FieldSpec[];
  /**
   * Combinations of fields no two records share (one enrolment per student and course), each a list
   * of at least two field names; checked atomically by the store like `unique`, 409 on a duplicate.
   * A record with any of the fields null takes no part.
   */
  uniqueTogether?: string[][];
}

export type ActionKind = 'create' | 'get' | 'list' | 'update' | 'delete' | 'transition' | 'custom';

/**
 * An example case: run against a fresh, empty store. `setup` steps run first, in order; a step's
 * result can be referred to later as `{"$ref": "<step name>.<path>"}` anywhere in an input
 * (e.g. `{"$ref": "book.id"}`). The case's own `input` is then sent to the action.
 */
export interface ExampleCase {
  name: string;
  setup?: ExampleStep[];
  input: JsonObject;
  expect: ExampleExpectation;
}

export interface ExampleStep {
  /** Name under which the step's result is remembered, e.g. "book". */
  as: string;
  action: string;
  input: JsonObject;
}

export interface ExampleExpectation {
  status: 200 | 400 | 404 | 409;
  /** For failures: the expected `error.code`. */
  errorCode?: string;
  /**
   * For successes: a subset of the result that must match (objects match by subset, arrays
   * element-wise by subset with equal length unless `resultCount` is used). `$ref` allowed.
   */
  result?: JsonValue;
  /** For list results: the expected number of items. */
  resultCount?: number;
}

interface ActionBase {
  /** camelCase, unique across the blueprint, e.g. "createBook", "borrowBook", "listTodos". */
  name: string;
  kind: ActionKind;
  /** PascalCase resource the action works on. */
  resource: string;
  description: string;
  /** At least one success and one refusal. */
  examples: ExampleCase[];
}

/** Input: every non-generated field of the resource; output: the created record. */
export interface CreateAction extends ActionBase {
  kind: 'create';
}

/** Input: `{[by]: value}`; output: the record or 404. */
export interface GetAction extends ActionBase {
  kind: 'get';
  /** Lookup field: `id` or a unique field (e.g. "key", "code"). */
  by: string;
}

/**
 * `onDay`, `fromDay`, `toDay` take a date (YYYY-MM-DD) and work on date and datetime fields by
 * calendar day as the value is written: the records of that day, from that day on, up to and
 * including that day ("the bookings of a given day", "between two dates" = fromDay + toDay).
 */
export type FilterOperator = 'eq' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'onDay' | 'fromDay' | 'toDay';

export interface FilterSpec {
  /** Input parameter name, e.g. "status", "tag", "maxCookingTimeMinutes". */
  param: string;
  field: string;
  op: FilterOperator;
}

/** Input: optional filter params plus `limit`/`offset`; output `{items, total, limit, offset}`. */
export interface ListAction extends ActionBase {
  kind: 'list';
  filters: FilterSpec[];
  defaultLimit: number;
  maxLimit: number;
  orderBy?: { field: string; direction: 'asc' | 'desc' };
}

/** Input: `{id, ...some of fields}` (partial update of the listed fields); output: the record. */
export interface UpdateAction extends ActionBase {
  kind: 'update';
  fields: string[];
}

/** Input: `{id}`; output `{id, deleted: true}` or 404. */
export interface DeleteAction extends ActionBase {
  kind: 'delete';
}

/** Extra input of a transition, validated like a field (e.g. `amount`, `memberId`). */
export type ParamSpec = FieldSpec;

/** A value in a guard or effect: a literal, an input param, another field of the record, or now. */
export type ValueSource =
  | { literal: JsonValue }
  | { param: string }
  | { field: string }
  | { now: true };

export type GuardOperator = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'isNull' | 'notNull' | 'in' | 'notIn';

/** A precondition on the current record; when it does not hold the action answers 409. */
export interface GuardSpec {
  field: string;
  op: GuardOperator;
  /** Absent for isNull/notNull. For in/notIn: a list, or a stringList field/param. */
  value?: ValueSource;
  /** Message of the 409, e.g. "This book is already borrowed". */
  message: string;
}

export type EffectSpec =
  | { set: string; to: ValueSource }
  | { increment: string; by: ValueSource }
  | { decrement: string; by: ValueSource }
  | { toggle: string }
  | { clear: string };

/**
 * Load the record (by `by`), check params, check guards (409 on failure), apply effects atomically
 * (compare-and-set on the record's revision, retried), return the record. A decrement that would go
 * below the field's `min` fails the action with 409 even without an explicit guard.
 */
export interface TransitionAction extends ActionBase {
  kind: 'transition';
  by: string;
  params: ParamSpec[];
  guards: GuardSpec[];
  effects: EffectSpec[];
}

/**
 * Declarative operations that are neither CRUD nor a single-record transition.
 * `tally`: count the records of `countResource` whose `via` reference points at the record, grouped
 * by `groupField`, over every value of the record's `optionsField` (poll results).
 */
export interface TallyOperation {
  operation: 'tally';
  by: string;
  countResource: string;
  via: string;
  groupField: string;
  optionsField: string;
}

export interface CustomAction extends ActionBase {
  kind: 'custom';
  custom: TallyOperation;
}

export type ActionSpec =
  | CreateAction
  | GetAction
  | ListAction
  | UpdateAction
  | DeleteAction
  | TransitionAction
  | CustomAction;

/**
 * Rules spanning a child resource and the parent its `via` reference points at.
 * `capacity`: records of `resource` pointing at one parent through `via` may not exceed the parent's
 * `limitField` (RSVPs beyond an event's capacity are refused with 409).
 * `membership`: a record's `field` must be one of the values of the parent's `listField`
 * (a vote for an option the poll does not have is refused with 400).
 */
export type RuleSpec = CapacityRule | MembershipRule | CompareRule | ParentGuardRule;

export interface CapacityRule {
  kind: 'capacity';
  resource: string;
  via: string;
  limitField: string;
  message: string;
  /**
   * Records whose `field` holds `value` take no place: a booking kept as cancelled frees its seat.
   * `field` is a boolean or enum field of `resource`.
   */
  freedWhen?: { field: string; value: string | boolean };
}

export interface MembershipRule {
  kind: 'membership';
  resource: string;
  via: string;
  field: string;
  listField: string;
  message: string;
}

export type CompareOperator = 'gt' | 'gte' | 'lt' | 'lte';

/**
 * `parentGuard`: a record can be created, or moved to another parent, only while the parent's
 * `field` satisfies `op` with `value` (a literal; a list for in/notIn; none for isNull/notNull),
 * else 409 with `message` ("bids only while the auction is open", "no lines on a submitted order").
 */
export interface ParentGuardRule {
  kind: 'parentGuard';
  resource: string;
  via: string;
  field: string;
  op: GuardOperator;
  value?: JsonValue;
  message: string;
}

/**
 * `compare`: a new (or changed) record's number/date `field` must be `op` the value it is compared
 * against, else 409 with `message`:
 * - `{aggregate: 'max' | 'min'}`: the largest/smallest `field` among the other records of the same
 *   parent (through `via`); holds trivially for the first one ("an offer must beat the best offer so
 *   far": op gt, aggregate max);
 * - `{parentField}`: a field of the parent ("a bid of at least the starting price": op gte).
 */
export interface CompareRule {
  kind: 'compare';
  resource: string;
  via: string;
  field: string;
  op: CompareOperator;
  against: { aggregate: 'max' | 'min' } | { parentField: string };
  message: string;
}

export type { JsonObject, JsonValue };
