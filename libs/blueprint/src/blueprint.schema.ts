import type { JsonObject } from '@backforge/contracts';
import { BLUEPRINT_SCHEMA_VERSION } from './blueprint.js';
import { CAMEL_IDENTIFIER_PATTERN, PASCAL_IDENTIFIER_PATTERN } from './identifiers.js';

/**
 * The Blueprint as a JSON Schema (draft-07). It is written for two readers: Ajv (structural
 * validation) and an LLM endpoint (OpenAI structured output with `strict: false`), so it uses only
 * the portable core (`type`, `properties`, `required`, `enum`, `const`, `oneOf`, `$ref` to
 * `#/definitions`, `pattern`, lengths and counts) and carries a `description` wherever a name
 * alone would not tell a model what to put there. Semantic rules (references, type fit, examples)
 * are checked by `validateBlueprint`, not here.
 */

const FIELD_TYPES = ['string', 'text', 'integer', 'number', 'boolean', 'date', 'datetime', 'email', 'url', 'enum', 'stringList', 'reference'];
const FILTER_OPERATORS = ['eq', 'lt', 'lte', 'gt', 'gte', 'contains', 'onDay', 'fromDay', 'toDay'];
const COMPARE_OPERATORS = ['gt', 'gte', 'lt', 'lte'];
const GUARD_OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'isNull', 'notNull', 'in', 'notIn'];

/** Size bounds: a blueprint is a design, not a data dump; they keep prompts and projects sane. */
export const BLUEPRINT_LIMITS = Object.freeze({
  resources: 32,
  fieldsPerResource: 64,
  actions: 200,
  examplesPerAction: 20,
  stepsPerExample: 20,
  enumValues: 100,
  rules: 50,
  nameLength: 100,
  textLength: 2000,
  listLimit: 1000,
});

const pascal = (description: string): JsonObject => ({ type: 'string', pattern: PASCAL_IDENTIFIER_PATTERN, description });
const camel = (description: string): JsonObject => ({ type: 'string', pattern: CAMEL_IDENTIFIER_PATTERN, description });
const text = (description: string, maxLength: number = BLUEPRINT_LIMITS.textLength): JsonObject => ({
  type: 'string',
  minLength: 1,
  maxLength,
  description,
});
const ref = (name: string): JsonObject => ({ $ref: `#/definitions/${name}` });
const closed = (properties: JsonObject, required: string[], description?: string): JsonObject => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  required,
  additionalProperties: false,
});

const actionBase = (kind: string, description: string): JsonObject => ({
  name: camel('camelCase action name, unique across the blueprint, e.g. "createBook", "borrowBook".'),
  kind: { const: kind, description },
  resource: pascal('PascalCase name of the resource the action works on.'),
  description: text('What the action does, in one sentence.'),
  examples: {
    type: 'array',
    minItems: 2,
    maxItems: BLUEPRINT_LIMITS.examplesPerAction,
    description: 'Example cases run against a fresh, empty store: at least one success (status 200) and one refusal (400, 404 or 409).',
    items: ref('exampleCase'),
  },
});
const baseRequired = ['name', 'kind', 'resource', 'description', 'examples'];

function actionVariants(): JsonObject[] {
  return [
    closed(actionBase('create', 'Create a record; input is every non-generated field.'), baseRequired),
    closed(
      { ...actionBase('get', 'Read one record by `by`; 404 when missing.'), by: ref('lookupField') },
      [...baseRequired, 'by'],
    ),
    closed(
      {
        ...actionBase('list', 'List records with optional filters and paging; answers {items, total, limit, offset}.'),
        filters: { type: 'array', maxItems: 32, items: ref('filter') },
        defaultLimit: { type: 'integer', minimum: 1, maximum: BLUEPRINT_LIMITS.listLimit },
        maxLimit: { type: 'integer', minimum: 1, maximum: BLUEPRINT_LIMITS.listLimit },
        orderBy: closed(
          {
            field: camel('Field to order by (a field of the resource, or createdAt/updatedAt).'),
            direction: { type: 'string', enum: ['asc', 'desc'] },
          },
          ['field', 'direction'],
        ),
      },
      [...baseRequired, 'filters', 'defaultLimit', 'maxLimit'],
    ),
    closed(
      {
        ...actionBase('update', 'Partial update of the listed fields; input {id, ...some of fields}.'),
        fields: {
          type: 'array',
          minItems: 1,
          maxItems: BLUEPRINT_LIMITS.fieldsPerResource,
          items: camel('A non-generated field of the resource that the update may change.'),
        },
      },
      [...baseRequired, 'fields'],
    ),
    closed(actionBase('delete', 'Delete a record by id; answers {id, deleted: true} or 404.'), baseRequired),
    closed(
      {
        ...actionBase('transition', 'Change one record: load by `by`, check guards (409 when one fails), apply effects atomically.'),
        by: ref('lookupField'),
        params: {
          type: 'array',
          maxItems: 32,
          description: 'Extra inputs of the transition, validated like fields (e.g. amount, memberId).',
          items: ref('field'),
        },
        guards: { type: 'array', maxItems: 32, items: ref('guard') },
        effects: { type: 'array', minItems: 1, maxItems: 32, items: ref('effect') },
      },
      [...baseRequired, 'by', 'params', 'guards', 'effects'],
    ),
    closed(
      {
        ...actionBase('custom', 'A declarative operation that is neither CRUD nor a single-record transition.'),
        custom: ref('tally'),
      },
      [...baseRequired, 'custom'],
    ),
  ];
}

/**
 * Builds the schema. `withDiscriminator` adds Ajv's `discriminator` keyword (an OpenAPI keyword,
 * not draft-07) so that an invalid action or rule is reported against its own kind only; the
 * exported schema leaves it out for endpoints that only know the core vocabulary.
 */
export function buildBlueprintJsonSchema(withDiscriminator: boolean): JsonObject {
  const discriminator: JsonObject = withDiscriminator ? { discriminator: { propertyName: 'kind' } } : {};
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Blueprint',
    description:
      'A backend design: resources (records with typed fields), actions on them (create, get, list, update, delete, transitions, custom tally) with example cases, and rules spanning resources. Data only: nothing in it runs.',
    type: 'object',
    properties: {
      schemaVersion: { const: BLUEPRINT_SCHEMA_VERSION },
      name: text('Human name of the backend, e.g. "Library".', BLUEPRINT_LIMITS.nameLength),
      description: text('What the backend is for, in a sentence or two.'),
      resources: { type: 'array', minItems: 1, maxItems: BLUEPRINT_LIMITS.resources, items: ref('resource') },
      actions: { type: 'array', minItems: 1, maxItems: BLUEPRINT_LIMITS.actions, items: ref('action') },
      rules: { type: 'array', maxItems: BLUEPRINT_LIMITS.rules, items: ref('rule') },
    },
    required: ['schemaVersion', 'name', 'description', 'resources', 'actions', 'rules'],
    additionalProperties: false,
    definitions: {
      resource: closed(
        {
          name: pascal('PascalCase singular, e.g. "Book".'),
          plural: camel('camelCase plural used as the collection name, e.g. "books".'),
          description: text('What one record is.'),
          fields: {
            type: 'array',
            minItems: 1,
            maxItems: BLUEPRINT_LIMITS.fieldsPerResource,
            description: 'The record\'s own fields; id, createdAt, updatedAt and revision are added by the store.',
            items: ref('field'),
          },
          uniqueTogether: {
            type: 'array',
            maxItems: 16,
            description: 'Combinations of fields no two records share, e.g. [["student", "course"]] for one enrolment per student and course (409 on a duplicate).',
            items: { type: 'array', minItems: 2, maxItems: 8, items: camel('A field of the resource.') },
          },
        },
        ['name', 'plural', 'fields'],
      ),
      field: closed(
        {
          name: camel('camelCase field name; not id, createdAt, updatedAt or revision.'),
          type: { type: 'string', enum: FIELD_TYPES },
          required: { type: 'boolean', description: 'Must be given on create (unless it has a default or is generated).' },
          unique: { type: 'boolean', description: 'No two records share a value.' },
          default: { description: 'Value used on create when the input omits the field; must fit the type.' },
          min: { type: 'number', description: 'integer/number: smallest value; string/text: shortest length; stringList: fewest items; code: code length.' },
          max: { type: 'number', description: 'integer/number: largest value; string/text: longest length; stringList: most items.' },
          values: {
            type: 'array',
            minItems: 1,
            maxItems: BLUEPRINT_LIMITS.enumValues,
            description: 'enum only: the allowed values, in order.',
            items: { type: 'string', minLength: 1, maxLength: BLUEPRINT_LIMITS.nameLength },
          },
          references: pascal('reference only: PascalCase name of the referenced resource; the value is that record\'s id.'),
          generated: {
            type: 'string',
            enum: ['code', 'managed'],
            description: 'Set by the backend, never input: "code" = random short code on create; "managed" = changed only by defaults and transitions.',
          },
          transitions: {
            type: 'array',
            minItems: 1,
            maxItems: 200,
            description:
              'enum only: the field is a state machine; each entry allows one move between two of its values. A transition action setting the field, or an update changing it, answers 409 for a move not listed.',
            items: ref('stateTransition'),
          },
          description: text('What the field holds.'),
        },
        ['name', 'type', 'required'],
      ),
      stateTransition: closed(
        {
          from: { type: 'string', minLength: 1, maxLength: BLUEPRINT_LIMITS.nameLength, description: 'The state moved from (an enum value).' },
          to: { type: 'string', minLength: 1, maxLength: BLUEPRINT_LIMITS.nameLength, description: 'The state moved to (an enum value).' },
        },
        ['from', 'to'],
      ),
      lookupField: camel('How the record is found: "id" or the name of a unique field.'),
      exampleCase: closed(
        {
          name: text('What the case shows, e.g. "borrows an available book".', BLUEPRINT_LIMITS.nameLength),
          setup: { type: 'array', maxItems: BLUEPRINT_LIMITS.stepsPerExample, items: ref('exampleStep') },
          input: { type: 'object', description: 'Input sent to the action. {"$ref": "<step>.<path>"} refers to a setup step\'s result.' },
          expect: ref('expectation'),
        },
        ['name', 'input', 'expect'],
      ),
      exampleStep: closed(
        {
          as: camel('Name under which the step\'s result is remembered, e.g. "book".'),
          action: camel('Name of an action of this blueprint.'),
          input: { type: 'object' },
        },
        ['as', 'action', 'input'],
      ),
      expectation: closed(
        {
          status: { type: 'integer', enum: [200, 400, 404, 409] },
          errorCode: { type: 'string', minLength: 1, maxLength: 64, description: 'Failures only: the expected error.code.' },
          result: { description: 'Successes only: a subset of the result that must match ($ref allowed).' },
          resultCount: { type: 'integer', minimum: 0, description: 'List results only: the expected number of items.' },
        },
        ['status'],
      ),
      filter: closed(
        {
          param: camel('Input parameter name, e.g. "status".'),
          field: camel('Field of the resource compared with the param.'),
          op: { type: 'string', enum: FILTER_OPERATORS },
        },
        ['param', 'field', 'op'],
      ),
      valueSource: {
        title: 'ValueSource',
        description: 'A literal, an input param, another field of the record, or the current time.',
        oneOf: [
          closed({ literal: { description: 'A JSON value (not null).' } }, ['literal']),
          closed({ param: camel('Name of a param of the transition.') }, ['param']),
          closed({ field: camel('Name of a field of the record.') }, ['field']),
          closed({ now: { const: true } }, ['now']),
        ],
      },
      guard: closed(
        {
          field: camel('Field of the record the precondition is on.'),
          op: { type: 'string', enum: GUARD_OPERATORS },
          value: ref('valueSource'),
          message: text('Message of the 409 when the guard does not hold, e.g. "This book is already borrowed".', 300),
        },
        ['field', 'op', 'message'],
      ),
      effect: {
        title: 'Effect',
        description: 'One change to the record.',
        oneOf: [
          closed({ set: camel('Field to set.'), to: ref('valueSource') }, ['set', 'to']),
          closed({ increment: camel('Number field to increase.'), by: ref('valueSource') }, ['increment', 'by']),
          closed({ decrement: camel('Number field to decrease (never below its min).'), by: ref('valueSource') }, ['decrement', 'by']),
          closed({ toggle: camel('Boolean field to flip.') }, ['toggle']),
          closed({ clear: camel('Optional field to set to null.') }, ['clear']),
        ],
      },
      tally: closed(
        {
          operation: { const: 'tally' },
          by: ref('lookupField'),
          countResource: pascal('Resource whose records are counted (e.g. "Vote").'),
          via: camel('Reference field of countResource that points at the record (e.g. "poll").'),
          groupField: camel('Field of countResource to group by (e.g. "option").'),
          optionsField: camel('stringList field of the record listing every group (e.g. "options").'),
        },
        ['operation', 'by', 'countResource', 'via', 'groupField', 'optionsField'],
        'Count the records of countResource pointing at the record through via, grouped by groupField, over every value of optionsField.',
      ),
      action: { type: 'object', required: ['kind'], ...discriminator, oneOf: actionVariants() },
      rule: {
        type: 'object',
        required: ['kind'],
        ...discriminator,
        oneOf: [
          closed(
            {
              kind: { const: 'capacity', description: 'Records of resource pointing at one parent through via may not exceed the parent\'s limitField (409).' },
              resource: pascal('The child resource, e.g. "Rsvp".'),
              via: camel('Reference field of resource pointing at the parent.'),
              limitField: camel('integer field of the parent holding the limit.'),
              message: text('Message of the 409.', 300),
              freedWhen: closed(
                {
                  field: camel('boolean or enum field of resource.'),
                  value: { oneOf: [{ type: 'string' }, { type: 'boolean' }], description: 'The value (true, or one of the enum\'s values) of a record that takes no place.' },
                },
                ['field', 'value'],
                'Records holding this value take no place, e.g. {"field": "cancelled", "value": true}: a cancelled booking frees its seat.',
              ),
            },
            ['kind', 'resource', 'via', 'limitField', 'message'],
          ),
          closed(
            {
              kind: { const: 'membership', description: 'A record\'s field must be one of the values of the parent\'s listField (400).' },
              resource: pascal('The child resource, e.g. "Vote".'),
              via: camel('Reference field of resource pointing at the parent.'),
              field: camel('Field of resource whose value must be in the list.'),
              listField: camel('stringList field of the parent.'),
              message: text('Message of the 400.', 300),
            },
            ['kind', 'resource', 'via', 'field', 'listField', 'message'],
          ),
          closed(
            {
              kind: {
                const: 'compare',
                description: 'A new or changed record\'s field must be op the max/min of the same field among the other records of its parent, or op a field of the parent (409).',
              },
              resource: pascal('The child resource, e.g. "Bid".'),
              via: camel('Reference field of resource pointing at the parent.'),
              field: camel('integer, number, date or datetime field of resource being compared.'),
              op: { type: 'string', enum: COMPARE_OPERATORS },
              against: {
                title: 'CompareAgainst',
                oneOf: [
                  closed({ aggregate: { type: 'string', enum: ['max', 'min'], description: 'Largest/smallest field among the other records of the same parent.' } }, ['aggregate']),
                  closed({ parentField: camel('Field of the parent, of the same type.') }, ['parentField']),
                ],
              },
              message: text('Message of the 409.', 300),
            },
            ['kind', 'resource', 'via', 'field', 'op', 'against', 'message'],
          ),
          closed(
            {
              kind: {
                const: 'parentGuard',
                description: 'A record can be created or moved to another parent only while the parent\'s field satisfies op/value (409 otherwise).',
              },
              resource: pascal('The child resource, e.g. "Bid".'),
              via: camel('Reference field of resource pointing at the parent.'),
              field: camel('Field of the parent the condition is on, e.g. "status".'),
              op: { type: 'string', enum: GUARD_OPERATORS },
              value: { description: 'A JSON literal to compare with; a list for in/notIn; absent for isNull/notNull.' },
              message: text('Message of the 409, e.g. "The auction is closed".', 300),
            },
            ['kind', 'resource', 'via', 'field', 'op', 'message'],
          ),
        ],
      },
    },
  };
}

/** The Blueprint JSON Schema (draft-07), ready for `response_format: {type: 'json_schema', ...}`. */
export const blueprintJsonSchema: JsonObject = buildBlueprintJsonSchema(false);
