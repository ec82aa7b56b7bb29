import type { ActionSpec, FieldSpec, ListAction, ResourceSpec } from '@backforge/blueprint';
import type { JsonObject, JsonValue } from '@backforge/contracts';
import { columnOf, fieldOf, type ResolvedModel } from './model.js';

/**
 * The contract of a generated backend: what `describe` answers, JSON Schema (draft-07 keywords) per
 * action input and output, and the OpenAPI document built from the same schemas.
 */

/** http(s) URLs, the same shape the runtime accepts. */
export const URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$';

function withBounds(schema: JsonObject, field: FieldSpec, minKey: string, maxKey: string): JsonObject {
  if (field.min !== undefined) schema[minKey] = field.min;
  if (field.max !== undefined) schema[maxKey] = field.max;
  return schema;
}

/** The schema of one value of the field (never null). */
export function valueSchema(field: FieldSpec): JsonObject {
  const described = (schema: JsonObject): JsonObject => (field.description ? { ...schema, description: field.description } : schema);
  switch (field.type) {
    case 'string':
    case 'text':
      return described(withBounds({ type: 'string' }, field, 'minLength', 'maxLength'));
    case 'email':
      return described(withBounds({ type: 'string', format: 'email', maxLength: Math.min(254, field.max ?? 254) }, { ...field, max: undefined }, 'minLength', 'maxLength'));
    case 'url':
      return described(withBounds({ type: 'string', format: 'uri', pattern: URL_PATTERN, maxLength: Math.min(2048, field.max ?? 2048) }, { ...field, max: undefined }, 'minLength', 'maxLength'));
    case 'integer':
      return described(withBounds({ type: 'integer' }, field, 'minimum', 'maximum'));
    case 'number':
      return described(withBounds({ type: 'number' }, field, 'minimum', 'maximum'));
    case 'boolean':
      return described({ type: 'boolean' });
    case 'date':
      return described({ type: 'string', format: 'date' });
    case 'datetime':
      return described({ type: 'string', format: 'date-time' });
    case 'enum':
      return described({ type: 'string', enum: [...(field.values ?? [])] });
    case 'stringList':
      return described(withBounds({ type: 'array', items: { type: 'string' } }, field, 'minItems', 'maxItems'));
    case 'reference':
      return { type: 'string', minLength: 1, maxLength: 200, description: field.description ?? `id of a ${field.references ?? 'record'}` };
  }
}

function nullable(schema: JsonObject): JsonObject {
  return { anyOf: [schema, { type: 'null' }] };
}

function objectSchema(properties: JsonObject, required: string[]): JsonObject {
  return { type: 'object', properties, required, additionalProperties: false };
}

const ID_SCHEMA: JsonObject = { type: 'string', minLength: 1 };
const TIMESTAMP_SCHEMA: JsonObject = { type: 'string', format: 'date-time' };

/** A record as actions answer it: `{id, ...fields, createdAt, updatedAt}`; optional fields may be null. */
export function recordSchema(resource: ResourceSpec): JsonObject {
  const properties: JsonObject = { id: ID_SCHEMA };
  for (const field of resource.fields) {
    const canBeNull = !field.required || field.generated === 'managed';
    properties[field.name] = canBeNull ? nullable(valueSchema(field)) : valueSchema(field);
  }
  properties['createdAt'] = TIMESTAMP_SCHEMA;
  properties['updatedAt'] = TIMESTAMP_SCHEMA;
  return { title: resource.name, ...objectSchema(properties, ['id', ...resource.fields.map((f) => f.name), 'createdAt', 'updatedAt']) };
}

function lookupSchema(resource: ResourceSpec, by: string): JsonObject {
  if (by === 'id') return ID_SCHEMA;
  const field = fieldOf(resource, by);
  return field ? valueSchema(field) : ID_SCHEMA;
}

/** The param schema of a list filter: `contains` on a list takes one item, comparisons the field's type. */
export function filterField(resource: ResourceSpec, filter: ListAction['filters'][number]): FieldSpec {
  const field = columnOf(resource, filter.field);
  if (!field) throw new Error(`unknown field ${filter.field}`);
  if (filter.op === 'contains') return { name: filter.param, type: 'string', required: false };
  // Day filters take a calendar day whatever the field's precision.
  if (filter.op === 'onDay' || filter.op === 'fromDay' || filter.op === 'toDay') return { name: filter.param, type: 'date', required: false };
  // Bounds describe stored values, not what one may compare them with; enum values still apply.
  const base: FieldSpec = { name: filter.param, type: field.type, required: false };
  if (field.type === 'enum' && field.values) base.values = field.values;
  if (field.type === 'reference' && field.references) base.references = field.references;
  return base;
}

function inputFields(resource: ResourceSpec): FieldSpec[] {
  return resource.fields.filter((f) => f.generated === undefined);
}

export function inputSchema(action: ActionSpec, resource: ResourceSpec): JsonObject {
  switch (action.kind) {
    case 'create': {
      const properties: JsonObject = {};
      const required: string[] = [];
      for (const field of inputFields(resource)) {
        properties[field.name] = field.required ? valueSchema(field) : nullable(valueSchema(field));
        if (field.required && field.default === undefined) required.push(field.name);
      }
      return objectSchema(properties, required);
    }
    case 'get':
      return objectSchema({ [action.by]: lookupSchema(resource, action.by) }, [action.by]);
    case 'list': {
      const properties: JsonObject = {};
      for (const filter of action.filters) properties[filter.param] = valueSchema(filterField(resource, filter));
      properties['limit'] = { type: 'integer', minimum: 1, maximum: action.maxLimit, default: action.defaultLimit };
      properties['offset'] = { type: 'integer', minimum: 0, default: 0 };
      return objectSchema(properties, []);
    }
    case 'update': {
      const properties: JsonObject = { id: ID_SCHEMA };
      for (const name of action.fields) {
        const field = fieldOf(resource, name);
        if (field) properties[name] = field.required ? valueSchema(field) : nullable(valueSchema(field));
      }
      return objectSchema(properties, ['id']);
    }
    case 'delete':
      return objectSchema({ id: ID_SCHEMA }, ['id']);
    case 'transition': {
      const properties: JsonObject = { [action.by]: lookupSchema(resource, action.by) };
      const required = [action.by];
      for (const param of action.params) {
        properties[param.name] = param.required ? valueSchema(param) : nullable(valueSchema(param));
        if (param.required && param.default === undefined) required.push(param.name);
      }
      return objectSchema(properties, required);
    }
    case 'custom':
      return objectSchema({ [action.custom.by]: lookupSchema(resource, action.custom.by) }, [action.custom.by]);
  }
}

export function outputSchema(action: ActionSpec, resource: ResourceSpec, model: ResolvedModel): JsonObject {
  const record = recordSchema(resource);
  switch (action.kind) {
    case 'create':
    case 'get':
    case 'update':
    case 'transition':
      return record;
    case 'list':
      return objectSchema(
        {
          items: { type: 'array', items: record },
          total: { type: 'integer', minimum: 0 },
          limit: { type: 'integer', minimum: 1 },
          offset: { type: 'integer', minimum: 0 },
        },
        ['items', 'total', 'limit', 'offset'],
      );
    case 'delete':
      return objectSchema({ id: ID_SCHEMA, deleted: { const: true } }, ['id', 'deleted']);
    case 'custom': {
      const counted = model.resources.get(action.custom.countResource);
      const group = counted ? fieldOf(counted, action.custom.groupField) : undefined;
      const groupSchema = group ? valueSchema({ ...group, description: undefined }) : { type: 'string' };
      return objectSchema(
        {
          record,
          results: {
            type: 'array',
            items: objectSchema({ [action.custom.groupField]: groupSchema, count: { type: 'integer', minimum: 0 } }, [action.custom.groupField, 'count']),
          },
          total: { type: 'integer', minimum: 0 },
        },
        ['record', 'results', 'total'],
      );
    }
  }
}

function describeField(field: FieldSpec): JsonObject {
  const out: JsonObject = { name: field.name, type: field.type, required: field.required };
  if (field.unique !== undefined) out['unique'] = field.unique;
  if (field.default !== undefined) out['default'] = field.default;
  if (field.min !== undefined) out['min'] = field.min;
  if (field.max !== undefined) out['max'] = field.max;
  if (field.values !== undefined) out['values'] = [...field.values];
  if (field.references !== undefined) out['references'] = field.references;
  if (field.generated !== undefined) out['generated'] = field.generated;
  if (field.transitions !== undefined) out['transitions'] = field.transitions.map((t) => ({ from: t.from, to: t.to }));
  if (field.description !== undefined) out['description'] = field.description;
  return out;
}

/** What `{"action": "describe"}` answers. */
export function buildContract(model: ResolvedModel, generatorVersion: string): JsonObject {
  const bp = model.blueprint;
  const resources: JsonValue[] = bp.resources.map((r) => {
    const out: JsonObject = { name: r.name, plural: r.plural };
    if (r.description !== undefined) out['description'] = r.description;
    out['fields'] = r.fields.map(describeField);
    if (r.uniqueTogether !== undefined && r.uniqueTogether.length > 0) out['uniqueTogether'] = r.uniqueTogether.map((names) => [...names]);
    return out;
  });
  const actions: JsonValue[] = bp.actions.map((action) => {
    const resource = model.resources.get(action.resource);
    if (!resource) throw new Error(`unknown resource ${action.resource}`);
    return {
      name: action.name,
      kind: action.kind,
      resource: action.resource,
      description: action.description,
      input: inputSchema(action, resource),
      output: outputSchema(action, resource, model),
    };
  });
  const rules: JsonValue[] = (bp.rules ?? []).map((rule) => JSON.parse(JSON.stringify(rule)) as JsonObject);
  return { name: bp.name, description: bp.description, generatorVersion, resources, actions, rules };
}

const ERROR_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    ok: { const: false },
    error: {
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} },
      required: ['code', 'message'],
    },
  },
  required: ['ok', 'error'],
};

/** OpenAPI 3.1: `POST /{action}` per action (body = input) and the generic `POST /`. */
export function buildOpenApi(contract: JsonObject, version: string): JsonObject {
  const actions = (contract['actions'] as JsonObject[]) ?? [];
  const paths: JsonObject = {
    '/': {
      post: {
        operationId: 'invoke',
        summary: 'Run any action: {"action": "<name>", "input": {...}}',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { action: { type: 'string', enum: ['describe', ...actions.map((a) => a['name'] as string)] }, input: { type: 'object' } },
                required: ['action'],
              },
            },
          },
        },
        responses: {
          '200': { description: 'Success: {"ok": true, "result": ...}' },
          '400': { description: 'Invalid input or unknown action', content: { 'application/json': { schema: ERROR_SCHEMA } } },
          '404': { description: 'Missing record', content: { 'application/json': { schema: ERROR_SCHEMA } } },
          '409': { description: 'A rule does not allow it', content: { 'application/json': { schema: ERROR_SCHEMA } } },
        },
      },
      get: { operationId: 'describe', summary: 'The contract of this backend', responses: { '200': { description: 'The contract' } } },
    },
  };
  for (const action of actions) {
    const name = action['name'] as string;
    paths[`/${name}`] = {
      post: {
        operationId: name,
        summary: action['description'] as string,
        tags: [action['resource'] as string],
        requestBody: { required: true, content: { 'application/json': { schema: action['input'] as JsonObject } } },
        responses: {
          '200': {
            description: 'Success',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { ok: { const: true }, result: action['output'] as JsonObject }, required: ['ok', 'result'] },
              },
            },
          },
          '400': { description: 'Invalid input', content: { 'application/json': { schema: ERROR_SCHEMA } } },
          '404': { description: 'Missing record', content: { 'application/json': { schema: ERROR_SCHEMA } } },
          '409': { description: 'A rule does not allow it', content: { 'application/json': { schema: ERROR_SCHEMA } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: contract['name'] as string, description: contract['description'] as string, version },
    servers: [{ url: 'http://localhost:3000' }],
    paths,
  };
}
