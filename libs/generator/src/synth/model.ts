import type {
  ActionSpec,
  Blueprint,
  ExampleCase,
  FieldSpec,
  FieldType,
  ResourceSpec,
  RuleSpec,
  ValueSource,
} from '@backforge/blueprint';
import { RESERVED_ACTION_NAMES } from '@backforge/blueprint';
import { camelIdentifier, pascalIdentifier, RESERVED_FIELD_NAMES, SynthesisError } from './literals.js';

/**
 * The synthesizer's own check of a blueprint: every name that will reach code is re-validated and
 * every cross-reference resolved, so emission never meets a dangling name. Whatever the blueprint
 * validator upstream already said, nothing is emitted from a blueprint this refuses.
 */

const FIELD_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  'string', 'text', 'integer', 'number', 'boolean', 'date', 'datetime', 'email', 'url', 'enum', 'stringList', 'reference',
]);

/** Action names that would collide with the backend's own vocabulary or the object model. */
const RESERVED_ACTIONS: ReadonlySet<string> = new Set(RESERVED_ACTION_NAMES);

const NUMERIC: ReadonlySet<FieldType> = new Set<FieldType>(['integer', 'number']);
const ORDERED: ReadonlySet<FieldType> = new Set<FieldType>(['integer', 'number', 'date', 'datetime']);

export interface ResolvedModel {
  blueprint: Blueprint;
  resources: ReadonlyMap<string, ResourceSpec>;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function fieldOf(resource: ResourceSpec, name: string): FieldSpec | undefined {
  return resource.fields.find((f) => f.name === name);
}

/** A field, or one of the store's own columns (`id`, `createdAt`, `updatedAt`) as filters and guards see them. */
export function columnOf(resource: ResourceSpec, name: string): FieldSpec | undefined {
  if (name === 'id') return { name: 'id', type: 'reference', references: resource.name, required: true, generated: 'managed' };
  if (name === 'createdAt' || name === 'updatedAt') return { name, type: 'datetime', required: true, generated: 'managed' };
  return fieldOf(resource, name);
}

/** Fields the store keeps unique: the declared ones and generated codes. */
export function uniqueFields(resource: ResourceSpec): string[] {
  return resource.fields.filter((f) => f.unique === true || f.generated === 'code').map((f) => f.name);
}

function checkField(field: FieldSpec, path: string, resources: ReadonlySet<string>): void {
  camelIdentifier(field.name, `${path}.name`);
  if (RESERVED_FIELD_NAMES.has(field.name)) throw new SynthesisError(`field name '${field.name}' is reserved`, path);
  if (!FIELD_TYPES.has(field.type)) throw new SynthesisError('unknown field type', `${path}.type`);
  if (typeof field.required !== 'boolean') throw new SynthesisError('required must be a boolean', `${path}.required`);
  if (field.min !== undefined && !isNumber(field.min)) throw new SynthesisError('min must be a number', `${path}.min`);
  if (field.max !== undefined && !isNumber(field.max)) throw new SynthesisError('max must be a number', `${path}.max`);
  if (field.type === 'enum') {
    const values = field.values;
    if (!Array.isArray(values) || values.length === 0 || values.some((v) => typeof v !== 'string')) {
      throw new SynthesisError('an enum needs a non-empty list of string values', `${path}.values`);
    }
    if (new Set(values).size !== values.length) throw new SynthesisError('enum values must be distinct', `${path}.values`);
  }
  if (field.type === 'reference') {
    pascalIdentifier(field.references, `${path}.references`);
    if (!resources.has(field.references ?? '')) throw new SynthesisError(`unknown resource '${field.references ?? ''}'`, `${path}.references`);
  }
  if (field.generated !== undefined && field.generated !== 'code' && field.generated !== 'managed') {
    throw new SynthesisError('generated must be "code" or "managed"', `${path}.generated`);
  }
  if (field.generated === 'code' && field.type !== 'string') throw new SynthesisError('a generated code is a string field', path);
  if (field.transitions !== undefined) {
    if (field.type !== 'enum' || !Array.isArray(field.transitions)) throw new SynthesisError('only an enum field has transitions', `${path}.transitions`);
    for (const t of field.transitions) {
      if (!field.values?.includes(t.from) || !field.values.includes(t.to)) throw new SynthesisError('a transition moves between values of the enum', `${path}.transitions`);
    }
  }
  if (field.generated === 'code' && field.min !== undefined && (!Number.isInteger(field.min) || field.min < 4 || field.min > 64)) {
    throw new SynthesisError('a generated code is 4 to 64 characters long', `${path}.min`);
  }
}

function checkValueSource(source: ValueSource, path: string, resource: ResourceSpec, params: ReadonlySet<string>): void {
  if ('literal' in source) return;
  if ('param' in source) {
    if (!params.has(source.param)) throw new SynthesisError(`unknown param '${String(source.param)}'`, path);
    return;
  }
  if ('field' in source) {
    const known = ['id', 'createdAt', 'updatedAt'].includes(source.field) || fieldOf(resource, source.field) !== undefined;
    if (!known) throw new SynthesisError(`unknown field '${String(source.field)}'`, path);
    return;
  }
  if ('now' in source && source.now === true) return;
  throw new SynthesisError('a value is {literal}, {param}, {field} or {now: true}', path);
}

function checkLookup(resource: ResourceSpec, by: string, path: string): void {
  if (by === 'id') return;
  camelIdentifier(by, path);
  const field = fieldOf(resource, by);
  if (!field) throw new SynthesisError(`unknown lookup field '${by}'`, path);
  if (field.unique !== true && field.generated !== 'code') throw new SynthesisError(`lookup field '${by}' must be unique`, path);
}

function checkAction(action: ActionSpec, path: string, resources: ReadonlyMap<string, ResourceSpec>): void {
  camelIdentifier(action.name, `${path}.name`);
  if (RESERVED_ACTIONS.has(action.name)) throw new SynthesisError(`action name '${action.name}' is reserved`, `${path}.name`);
  pascalIdentifier(action.resource, `${path}.resource`);
  const resource = resources.get(action.resource);
  if (!resource) throw new SynthesisError(`unknown resource '${action.resource}'`, `${path}.resource`);
  if (typeof action.description !== 'string') throw new SynthesisError('description must be a string', `${path}.description`);
  switch (action.kind) {
    case 'create':
    case 'delete':
      return;
    case 'get':
      checkLookup(resource, action.by, `${path}.by`);
      return;
    case 'list': {
      const params = new Set<string>();
      action.filters.forEach((filter, i) => {
        const p = `${path}.filters[${i}]`;
        camelIdentifier(filter.param, `${p}.param`);
        if (filter.param === 'limit' || filter.param === 'offset' || params.has(filter.param)) throw new SynthesisError(`filter param '${filter.param}' is taken`, `${p}.param`);
        params.add(filter.param);
        const field = columnOf(resource, filter.field);
        if (!field) throw new SynthesisError(`unknown filter field '${String(filter.field)}'`, `${p}.field`);
        if (!['eq', 'lt', 'lte', 'gt', 'gte', 'contains', 'onDay', 'fromDay', 'toDay'].includes(filter.op)) throw new SynthesisError('unknown filter operator', `${p}.op`);
        if (['onDay', 'fromDay', 'toDay'].includes(filter.op) && field.type !== 'date' && field.type !== 'datetime') {
          throw new SynthesisError('day filters work on date and datetime fields', `${p}.op`);
        }
        if (filter.op === 'contains' && !['stringList', 'string', 'text', 'email', 'url'].includes(field.type)) {
          throw new SynthesisError('contains filters a list or a text field', `${p}.op`);
        }
      });
      if (!Number.isInteger(action.defaultLimit) || !Number.isInteger(action.maxLimit) || action.defaultLimit < 1 || action.maxLimit < action.defaultLimit || action.maxLimit > 1000) {
        throw new SynthesisError('limits must be integers with 1 <= defaultLimit <= maxLimit <= 1000', path);
      }
      if (action.orderBy) {
        const f = action.orderBy.field;
        if (!['id', 'createdAt', 'updatedAt'].includes(f) && !fieldOf(resource, f)) throw new SynthesisError(`unknown order field '${f}'`, `${path}.orderBy`);
        if (action.orderBy.direction !== 'asc' && action.orderBy.direction !== 'desc') throw new SynthesisError('direction is asc or desc', `${path}.orderBy`);
      }
      return;
    }
    case 'update':
      if (!Array.isArray(action.fields) || action.fields.length === 0) throw new SynthesisError('an update lists the fields it changes', `${path}.fields`);
      for (const name of action.fields) {
        const field = fieldOf(resource, name);
        if (!field) throw new SynthesisError(`unknown field '${String(name)}'`, `${path}.fields`);
        if (field.generated !== undefined) throw new SynthesisError(`field '${name}' is set by the backend`, `${path}.fields`);
      }
      return;
    case 'transition': {
      checkLookup(resource, action.by, `${path}.by`);
      const params = new Set<string>();
      action.params.forEach((param, i) => {
        checkField(param, `${path}.params[${i}]`, new Set(resources.keys()));
        if (param.name === action.by || params.has(param.name)) throw new SynthesisError(`param '${param.name}' is taken`, `${path}.params[${i}]`);
        if (param.generated !== undefined) throw new SynthesisError('a param cannot be generated', `${path}.params[${i}]`);
        params.add(param.name);
      });
      action.guards.forEach((guard, i) => {
        const p = `${path}.guards[${i}]`;
        const known = ['id', 'createdAt', 'updatedAt'].includes(guard.field) || fieldOf(resource, guard.field) !== undefined;
        if (!known) throw new SynthesisError(`unknown field '${String(guard.field)}'`, `${p}.field`);
        if (!['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'isNull', 'notNull', 'in', 'notIn'].includes(guard.op)) throw new SynthesisError('unknown guard operator', `${p}.op`);
        if (guard.op !== 'isNull' && guard.op !== 'notNull') {
          if (!guard.value) throw new SynthesisError('this guard needs a value', `${p}.value`);
          checkValueSource(guard.value, `${p}.value`, resource, params);
        }
        if (typeof guard.message !== 'string' || guard.message.length === 0) throw new SynthesisError('a guard needs a message', `${p}.message`);
      });
      action.effects.forEach((effect, i) => {
        const p = `${path}.effects[${i}]`;
        const target = 'set' in effect ? effect.set : 'increment' in effect ? effect.increment : 'decrement' in effect ? effect.decrement : 'toggle' in effect ? effect.toggle : effect.clear;
        const field = fieldOf(resource, target);
        if (!field) throw new SynthesisError(`unknown field '${String(target)}'`, p);
        if ('set' in effect) checkValueSource(effect.to, `${p}.to`, resource, params);
        if ('increment' in effect || 'decrement' in effect) {
          if (!NUMERIC.has(field.type)) throw new SynthesisError(`'${target}' is not a number`, p);
          checkValueSource('increment' in effect ? effect.by : effect.by, `${p}.by`, resource, params);
        }
        if ('toggle' in effect && field.type !== 'boolean') throw new SynthesisError(`'${target}' is not a boolean`, p);
        if ('clear' in effect && field.required && field.default === undefined) throw new SynthesisError(`required field '${target}' cannot be cleared`, p);
      });
      return;
    }
    case 'custom': {
      const op = action.custom;
      if (op.operation !== 'tally') throw new SynthesisError('unknown custom operation', `${path}.custom.operation`);
      checkLookup(resource, op.by, `${path}.custom.by`);
      const counted = resources.get(op.countResource);
      if (!counted) throw new SynthesisError(`unknown resource '${String(op.countResource)}'`, `${path}.custom.countResource`);
      const via = fieldOf(counted, op.via);
      if (!via || via.type !== 'reference' || via.references !== resource.name) throw new SynthesisError(`'${String(op.via)}' must reference ${resource.name}`, `${path}.custom.via`);
      if (!fieldOf(counted, op.groupField)) throw new SynthesisError(`unknown field '${String(op.groupField)}'`, `${path}.custom.groupField`);
      if (op.groupField === 'count') throw new SynthesisError('the group field cannot be named count', `${path}.custom.groupField`);
      const options = fieldOf(resource, op.optionsField);
      if (!options || options.type !== 'stringList') throw new SynthesisError(`'${String(op.optionsField)}' must be a stringList`, `${path}.custom.optionsField`);
      return;
    }
  }
  throw new SynthesisError('unknown action kind', `${path}.kind`);
}

function checkRule(rule: RuleSpec, path: string, resources: ReadonlyMap<string, ResourceSpec>): void {
  const resource = resources.get(rule.resource);
  if (!resource) throw new SynthesisError(`unknown resource '${String(rule.resource)}'`, `${path}.resource`);
  const via = fieldOf(resource, rule.via);
  if (!via || via.type !== 'reference') throw new SynthesisError(`'${String(rule.via)}' must be a reference`, `${path}.via`);
  const parent = resources.get(via.references ?? '');
  if (!parent) throw new SynthesisError('the reference points nowhere', `${path}.via`);
  if (typeof rule.message !== 'string' || rule.message.length === 0) throw new SynthesisError('a rule needs a message', `${path}.message`);
  if (rule.kind === 'capacity') {
    const limit = fieldOf(parent, rule.limitField);
    if (!limit || !NUMERIC.has(limit.type)) throw new SynthesisError(`'${String(rule.limitField)}' must be a number of ${parent.name}`, `${path}.limitField`);
    if (rule.freedWhen && !fieldOf(resource, rule.freedWhen.field)) throw new SynthesisError(`unknown field '${String(rule.freedWhen.field)}' of ${resource.name}`, `${path}.freedWhen.field`);
    return;
  }
  if (rule.kind === 'parentGuard') {
    camelIdentifier(rule.field, `${path}.field`);
    if (!['id', 'createdAt', 'updatedAt'].includes(rule.field) && !fieldOf(parent, rule.field)) throw new SynthesisError(`unknown field '${rule.field}' of ${parent.name}`, `${path}.field`);
    if (!['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'isNull', 'notNull', 'in', 'notIn'].includes(rule.op)) throw new SynthesisError('unknown guard operator', `${path}.op`);
    return;
  }
  if (rule.kind === 'compare') {
    const field = fieldOf(resource, rule.field);
    if (!field || !ORDERED.has(field.type)) throw new SynthesisError(`'${String(rule.field)}' must be a number or date of ${resource.name}`, `${path}.field`);
    if (!['gt', 'gte', 'lt', 'lte'].includes(rule.op)) throw new SynthesisError('unknown comparison', `${path}.op`);
    const against = rule.against as { aggregate?: unknown; parentField?: unknown };
    if (against.aggregate !== undefined) {
      if (against.aggregate !== 'max' && against.aggregate !== 'min') throw new SynthesisError('aggregate is max or min', `${path}.against`);
    } else if (typeof against.parentField !== 'string' || !fieldOf(parent, against.parentField)) {
      throw new SynthesisError(`unknown field of ${parent.name}`, `${path}.against`);
    } else camelIdentifier(against.parentField, `${path}.against.parentField`);
    camelIdentifier(rule.field, `${path}.field`);
    return;
  }
  if (rule.kind === 'membership') {
    if (!fieldOf(resource, rule.field)) throw new SynthesisError(`unknown field '${String(rule.field)}'`, `${path}.field`);
    const list = fieldOf(parent, rule.listField);
    if (!list || list.type !== 'stringList') throw new SynthesisError(`'${String(rule.listField)}' must be a stringList of ${parent.name}`, `${path}.listField`);
    return;
  }
  throw new SynthesisError('unknown rule kind', `${path}.kind`);
}

function checkExample(example: ExampleCase, path: string, actions: ReadonlySet<string>): void {
  if (typeof example.name !== 'string' || example.name.length === 0) throw new SynthesisError('an example needs a name', `${path}.name`);
  if (![200, 400, 404, 409].includes(example.expect?.status)) throw new SynthesisError('expected status is 200, 400, 404 or 409', `${path}.expect.status`);
  for (const [i, step] of (example.setup ?? []).entries()) {
    if (!actions.has(step.action) && step.action !== 'describe') throw new SynthesisError(`unknown action '${String(step.action)}'`, `${path}.setup[${i}].action`);
    if (typeof step.as !== 'string' || step.as.length === 0 || step.as.includes('.')) throw new SynthesisError('a step name is a word without dots', `${path}.setup[${i}].as`);
  }
}

export function resolveModel(blueprint: Blueprint): ResolvedModel {
  if (blueprint.schemaVersion !== 1) throw new SynthesisError('unsupported blueprint schemaVersion', 'schemaVersion');
  if (typeof blueprint.name !== 'string' || blueprint.name.trim() === '') throw new SynthesisError('a blueprint needs a name', 'name');
  if (typeof blueprint.description !== 'string') throw new SynthesisError('description must be a string', 'description');
  if (!Array.isArray(blueprint.resources) || blueprint.resources.length === 0) throw new SynthesisError('a blueprint needs a resource', 'resources');
  if (!Array.isArray(blueprint.actions) || blueprint.actions.length === 0) throw new SynthesisError('a blueprint needs an action', 'actions');
  const resources = new Map<string, ResourceSpec>();
  const plurals = new Set<string>();
  blueprint.resources.forEach((resource, i) => {
    const path = `resources[${i}]`;
    pascalIdentifier(resource.name, `${path}.name`);
    camelIdentifier(resource.plural, `${path}.plural`);
    if (resources.has(resource.name) || plurals.has(resource.plural)) throw new SynthesisError('resource names and plurals must be distinct', path);
    resources.set(resource.name, resource);
    plurals.add(resource.plural);
  });
  const names = new Set(resources.keys());
  blueprint.resources.forEach((resource, i) => {
    if (!Array.isArray(resource.fields) || resource.fields.length === 0) throw new SynthesisError('a resource needs a field', `resources[${i}].fields`);
    const seen = new Set<string>();
    resource.fields.forEach((field, j) => {
      checkField(field, `resources[${i}].fields[${j}]`, names);
      if (seen.has(field.name)) throw new SynthesisError(`duplicate field '${field.name}'`, `resources[${i}].fields[${j}]`);
      seen.add(field.name);
    });
    (resource.uniqueTogether ?? []).forEach((together, k) => {
      const path = `resources[${i}].uniqueTogether[${k}]`;
      if (!Array.isArray(together) || together.length < 2) throw new SynthesisError('a unique combination has at least two fields', path);
      for (const name of together) {
        if (!seen.has(name)) throw new SynthesisError(`unknown field '${String(name)}'`, path);
      }
    });
  });
  const actionNames = new Set<string>();
  blueprint.actions.forEach((action, i) => {
    checkAction(action, `actions[${i}]`, resources);
    if (actionNames.has(action.name)) throw new SynthesisError(`duplicate action '${action.name}'`, `actions[${i}].name`);
    actionNames.add(action.name);
  });
  blueprint.actions.forEach((action, i) => {
    if (!Array.isArray(action.examples)) throw new SynthesisError('examples must be a list', `actions[${i}].examples`);
    action.examples.forEach((example, j) => checkExample(example, `actions[${i}].examples[${j}]`, actionNames));
  });
  (blueprint.rules ?? []).forEach((rule, i) => checkRule(rule, `rules[${i}]`, resources));
  return { blueprint, resources };
}
