import type {
  ActionSpec,
  Blueprint,
  EffectSpec,
  ExampleCase,
  FieldSpec,
  FieldType,
  GuardSpec,
  JsonValue,
  ResourceSpec,
  TransitionAction,
  ValueSource,
} from './blueprint.js';
import type { BlueprintIssue } from './structure.js';
import { RESERVED_ACTION_NAMES, RESERVED_FIELD_NAMES, RESERVED_LIST_PARAMS } from './identifiers.js';
import {
  checkFieldSpec,
  checkRequiredReferenceCycles,
  checkUniqueTogether,
  fieldNames,
  fieldOf,
  LENGTH_BOUNDED,
  literalProblem,
  ORDERED,
  STRING_LIKE,
  systemField,
  typeFits,
  type Report,
} from './semantic-fields.js';
import { checkRule } from './rule-semantics.js';

/**
 * Semantic checks on a structurally valid blueprint: names, references between its parts, type fit
 * of defaults, filters, guards and effects, and the examples. Pure; every message names the thing it
 * is about so it can be read without the path.
 */
export function semanticIssues(bp: Blueprint): BlueprintIssue[] {
  const issues: BlueprintIssue[] = [];
  const report = (path: string, message: string): void => {
    issues.push({ path, message });
  };
  const resources = new Map<string, ResourceSpec>();

  bp.resources.forEach((resource, ri) => {
    const at = `/resources/${ri}`;
    if (resources.has(resource.name)) report(`${at}/name`, `resource name "${resource.name}" is used twice; resource names must be unique`);
    else resources.set(resource.name, resource);
    const samePlural = bp.resources.findIndex((r) => r.plural === resource.plural);
    if (samePlural !== ri) report(`${at}/plural`, `plural "${resource.plural}" of resource ${resource.name} is already the plural of resource ${bp.resources[samePlural]?.name ?? '?'}`);
  });

  bp.resources.forEach((resource, ri) => {
    const seen = new Set<string>();
    resource.fields.forEach((field, fi) => {
      const at = `/resources/${ri}/fields/${fi}`;
      if (seen.has(field.name)) report(`${at}/name`, `resource ${resource.name} has two fields named "${field.name}"`);
      seen.add(field.name);
      checkFieldSpec(field, at, `field "${field.name}" of resource ${resource.name}`, 'field', resources, report);
    });
    checkUniqueTogether(resource, `/resources/${ri}`, report);
  });
  checkRequiredReferenceCycles(bp.resources, report);

  const actions = new Map<string, ActionSpec>();
  bp.actions.forEach((action, ai) => {
    const at = `/actions/${ai}`;
    if (RESERVED_ACTION_NAMES.includes(action.name)) {
      report(`${at}/name`, `action name "${action.name}" is reserved (JavaScript keywords and "describe", which every backend answers, cannot be action names)`);
    }
    if (actions.has(action.name)) report(`${at}/name`, `action name "${action.name}" is used twice; action names must be unique across the blueprint`);
    else actions.set(action.name, action);
  });

  bp.actions.forEach((action, ai) => {
    const at = `/actions/${ai}`;
    const resource = resources.get(action.resource);
    if (!resource) {
      report(`${at}/resource`, `action ${action.name} works on resource "${action.resource}", which the blueprint does not define (resources: ${[...resources.keys()].join(', ')})`);
    } else {
      checkActionBody(action, resource, at, resources, report);
    }
    checkExamples(action, at, actions, report);
  });

  bp.rules.forEach((rule, i) => checkRule(rule, `/rules/${i}`, resources, report));
  return issues;
}

function lookupProblem(by: string, resource: ResourceSpec): string | undefined {
  if (by === 'id') return undefined;
  const field = fieldOf(resource, by);
  if (!field) return `looks records up by "${by}", which is not a field of ${resource.name}; use "id" or a unique field (fields: ${fieldNames(resource)})`;
  if (!field.unique) return `looks records up by "${by}", which is not unique; use "id" or a field marked "unique": true`;
  return undefined;
}

function checkActionBody(action: ActionSpec, resource: ResourceSpec, at: string, resources: Map<string, ResourceSpec>, report: Report): void {
  const what = `action ${action.name}`;
  switch (action.kind) {
    case 'create':
    case 'delete':
      return;
    case 'get': {
      const problem = lookupProblem(action.by, resource);
      if (problem) report(`${at}/by`, `${what} ${problem}`);
      return;
    }
    case 'list': {
      if (action.defaultLimit > action.maxLimit) report(`${at}/defaultLimit`, `${what}: defaultLimit ${action.defaultLimit} is greater than maxLimit ${action.maxLimit}`);
      const params = new Set<string>();
      action.filters.forEach((filter, i) => {
        const fat = `${at}/filters/${i}`;
        if (params.has(filter.param)) report(`${fat}/param`, `${what} has two filters with param "${filter.param}"`);
        params.add(filter.param);
        if (RESERVED_LIST_PARAMS.includes(filter.param) || RESERVED_FIELD_NAMES.includes(filter.param)) {
          report(`${fat}/param`, `${what}: filter param "${filter.param}" is reserved (${[...RESERVED_LIST_PARAMS, ...RESERVED_FIELD_NAMES].join(', ')})`);
        }
        const field = fieldOf(resource, filter.field) ?? systemField(filter.field, resource);
        if (!field) {
          report(`${fat}/field`, `${what}: filter "${filter.param}" is on "${filter.field}", which is not a field of ${resource.name} (fields: ${fieldNames(resource)})`);
          return;
        }
        const problem = filterOpProblem(filter.op, field.type);
        if (problem) report(`${fat}/op`, `${what}: filter "${filter.param}" uses "${filter.op}" on ${field.type} field "${field.name}"; ${problem}`);
      });
      if (action.orderBy) {
        const field = fieldOf(resource, action.orderBy.field) ?? systemField(action.orderBy.field, resource);
        if (!field) report(`${at}/orderBy/field`, `${what} orders by "${action.orderBy.field}", which is not a field of ${resource.name} (fields: ${fieldNames(resource)}, createdAt, updatedAt)`);
        else if (field.type === 'stringList') report(`${at}/orderBy/field`, `${what} cannot order by the list field "${field.name}"`);
      }
      return;
    }
    case 'update': {
      const seen = new Set<string>();
      action.fields.forEach((name, i) => {
        if (seen.has(name)) report(`${at}/fields/${i}`, `${what} lists field "${name}" twice`);
        seen.add(name);
        const field = fieldOf(resource, name);
        if (!field) report(`${at}/fields/${i}`, `${what} updates "${name}", which is not a field of ${resource.name} (fields: ${fieldNames(resource)})`);
        else if (field.generated) report(`${at}/fields/${i}`, `${what} updates "${name}", which is generated (${field.generated}) and never taken as input; change it with a transition instead`);
      });
      return;
    }
    case 'transition':
      checkTransition(action, resource, at, resources, report);
      return;
    case 'custom': {
      const tally = action.custom;
      const cat = `${at}/custom`;
      const problem = lookupProblem(tally.by, resource);
      if (problem) report(`${cat}/by`, `${what} ${problem}`);
      const counted = resources.get(tally.countResource);
      if (!counted) {
        report(`${cat}/countResource`, `${what} counts resource "${tally.countResource}", which the blueprint does not define`);
      } else {
        const via = fieldOf(counted, tally.via);
        if (!via) report(`${cat}/via`, `${what}: "${tally.via}" is not a field of ${counted.name} (fields: ${fieldNames(counted)})`);
        else if (via.type !== 'reference' || via.references !== resource.name) {
          report(`${cat}/via`, `${what}: ${counted.name}.${tally.via} must be a reference to ${resource.name}`);
        }
        const group = fieldOf(counted, tally.groupField);
        if (!group) report(`${cat}/groupField`, `${what}: "${tally.groupField}" is not a field of ${counted.name} (fields: ${fieldNames(counted)})`);
        else if (group.type !== 'string' && group.type !== 'enum') report(`${cat}/groupField`, `${what}: group field ${counted.name}.${group.name} must be a string or enum, got ${group.type}`);
        // Each tally row is {<groupField>, count}: a group field named "count" would collide.
        else if (group.name === 'count') report(`${cat}/groupField`, `${what}: the group field cannot be named "count" (each result row is {<group field>, count})`);
      }
      const options = fieldOf(resource, tally.optionsField);
      if (!options) report(`${cat}/optionsField`, `${what}: "${tally.optionsField}" is not a field of ${resource.name} (fields: ${fieldNames(resource)})`);
      else if (options.type !== 'stringList') report(`${cat}/optionsField`, `${what}: options field ${resource.name}.${options.name} must be a stringList, got ${options.type}`);
      return;
    }
  }
}

function filterOpProblem(op: string, type: FieldType): string | undefined {
  if (op === 'onDay' || op === 'fromDay' || op === 'toDay') return type === 'date' || type === 'datetime' ? undefined : `${op} works on date and datetime fields`;
  if (op === 'contains') return [...LENGTH_BOUNDED].includes(type) ? undefined : 'contains works on string, text, email, url and stringList fields';
  if (op === 'eq') return type === 'stringList' ? 'use contains to find a value in a list' : undefined;
  return ORDERED.includes(type) ? undefined : `${op} works on integer, number, date and datetime fields`;
}

function checkTransition(action: TransitionAction, resource: ResourceSpec, at: string, resources: Map<string, ResourceSpec>, report: Report): void {
  const what = `action ${action.name}`;
  const problem = lookupProblem(action.by, resource);
  if (problem) report(`${at}/by`, `${what} ${problem}`);
  const params = new Map<string, FieldSpec>();
  action.params.forEach((param, i) => {
    const pat = `${at}/params/${i}`;
    if (params.has(param.name)) report(`${pat}/name`, `${what} has two params named "${param.name}"`);
    if (param.name === action.by) report(`${pat}/name`, `${what}: param "${param.name}" collides with the lookup key "${action.by}" of the input`);
    params.set(param.name, param);
    checkFieldSpec(param, pat, `param "${param.name}" of ${what}`, 'param', resources, report);
  });

  const sourceSpec = (source: ValueSource, vat: string): FieldSpec | 'now' | 'literal' | undefined => {
    if ('param' in source) {
      const param = params.get(source.param);
      if (!param) report(`${vat}/param`, `${what} uses param "${source.param}", which it does not declare in "params" (params: ${[...params.keys()].join(', ') || 'none'})`);
      return param;
    }
    if ('field' in source) {
      const field = fieldOf(resource, source.field) ?? systemField(source.field, resource);
      if (!field) report(`${vat}/field`, `${what} uses field "${source.field}", which is not a field of ${resource.name} (fields: ${fieldNames(resource)})`);
      return field;
    }
    if ('now' in source) return 'now';
    return 'literal';
  };

  /** Checks that `source` can be compared with or stored in `target`. */
  const checkFit = (target: FieldSpec, source: ValueSource, vat: string, verb: string): void => {
    const spec = sourceSpec(source, vat);
    if (spec === undefined) return;
    if (spec === 'now') {
      if (target.type !== 'date' && target.type !== 'datetime') report(vat, `${what}: "now" is a time and cannot ${verb} ${target.type} field "${target.name}"`);
      return;
    }
    if (spec === 'literal') {
      const literal = (source as { literal: JsonValue }).literal;
      if (literal === null) {
        report(`${vat}/literal`, `${what}: null is not a value here; use {"clear": "<field>"} as an effect or the isNull/notNull guard operators`);
        return;
      }
      const problem = literalProblem(target, literal, verb === 'be stored in');
      if (problem) report(`${vat}/literal`, `${what}: ${JSON.stringify(literal)} ${problem}, so it cannot ${verb} field "${target.name}"`);
      return;
    }
    if (!typeFits(target, spec)) report(vat, `${what}: ${spec.type} "${spec.name}" cannot ${verb} ${target.type} field "${target.name}"`);
  };

  action.guards.forEach((guard, i) => checkGuard(guard, `${at}/guards/${i}`));

  function checkGuard(guard: GuardSpec, gat: string): void {
    const field = fieldOf(resource, guard.field) ?? systemField(guard.field, resource);
    if (!field) {
      report(`${gat}/field`, `${what}: guard on "${guard.field}", which is not a field of ${resource.name} (fields: ${fieldNames(resource)})`);
      return;
    }
    switch (guard.op) {
      case 'isNull':
      case 'notNull':
        if (guard.value !== undefined) report(`${gat}/value`, `${what}: guard ${guard.op} on "${field.name}" takes no value`);
        return;
      case 'in':
      case 'notIn': {
        if (guard.value === undefined) {
          report(gat, `${what}: guard ${guard.op} on "${field.name}" needs a "value": a literal list or a stringList param/field`);
          return;
        }
        if ('literal' in guard.value) {
          const list = guard.value.literal;
          if (!Array.isArray(list)) report(`${gat}/value/literal`, `${what}: guard ${guard.op} on "${field.name}" needs a list literal, got ${JSON.stringify(list)}`);
          else {
            list.forEach((item, k) => {
              const problem = item === null ? 'is null' : literalProblem(field, item, false);
              if (problem) report(`${gat}/value/literal/${k}`, `${what}: ${JSON.stringify(item)} ${problem}, so it cannot be compared with field "${field.name}"`);
            });
          }
          return;
        }
        const spec = sourceSpec(guard.value, `${gat}/value`);
        if (spec === undefined) return;
        if (spec === 'now' || spec === 'literal' || spec.type !== 'stringList') {
          report(`${gat}/value`, `${what}: guard ${guard.op} on "${field.name}" needs a literal list or a stringList param/field`);
        } else if (!STRING_LIKE.includes(field.type) && field.type !== 'reference') {
          report(`${gat}/field`, `${what}: guard ${guard.op} compares a ${field.type} field with a list of strings`);
        }
        return;
      }
      case 'lt':
      case 'lte':
      case 'gt':
      case 'gte':
        if (!ORDERED.includes(field.type)) report(`${gat}/op`, `${what}: guard ${guard.op} works on integer, number, date and datetime fields; "${field.name}" is ${field.type}`);
        break;
      case 'eq':
      case 'ne':
        if (field.type === 'stringList') report(`${gat}/op`, `${what}: guard ${guard.op} cannot compare the list field "${field.name}"`);
        break;
    }
    if (guard.value === undefined) report(gat, `${what}: guard ${guard.op} on "${field.name}" needs a "value"`);
    else checkFit(field, guard.value, `${gat}/value`, 'be compared with');
  }

  const touched = new Map<string, number>();
  action.effects.forEach((effect, i) => {
    const eat = `${at}/effects/${i}`;
    const [key, name] = effectTarget(effect);
    const previous = touched.get(name);
    if (previous !== undefined) report(`${eat}/${key}`, `${what}: effects ${previous} and ${i} both change field "${name}"; one effect per field`);
    touched.set(name, i);
    const field = fieldOf(resource, name);
    if (!field) {
      const sys = systemField(name, resource) !== undefined || name === 'revision';
      report(`${eat}/${key}`, sys ? `${what}: "${name}" is set by the store and cannot be changed by an effect` : `${what}: effect on "${name}", which is not a field of ${resource.name} (fields: ${fieldNames(resource)})`);
      return;
    }
    if (field.generated === 'code') {
      report(`${eat}/${key}`, `${what}: "${name}" is a generated code and cannot be changed`);
      return;
    }
    if ('set' in effect) {
      checkFit(field, effect.to, `${eat}/to`, 'be stored in');
      const target = 'literal' in effect.to ? effect.to.literal : undefined;
      if (field.transitions && typeof target === 'string' && !field.transitions.some((t) => t.to === target)) {
        report(`${eat}/to`, `${what} moves state field "${name}" to "${target}", but no transition of that field leads there, so the action could never succeed`);
      }
    }
    else if ('increment' in effect || 'decrement' in effect) {
      const by = 'increment' in effect ? effect.by : effect.by;
      if (field.type !== 'integer' && field.type !== 'number') {
        report(`${eat}/${key}`, `${what}: ${key} works on integer and number fields; "${name}" is ${field.type}`);
        return;
      }
      if ('now' in by) report(`${eat}/by`, `${what}: ${key} by "now" makes no sense; use a number`);
      else if ('literal' in by) {
        const n = by.literal;
        if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0 || (field.type === 'integer' && !Number.isInteger(n))) {
          report(`${eat}/by/literal`, `${what}: ${key} "${name}" by ${JSON.stringify(n)}; the amount must be a positive ${field.type === 'integer' ? 'whole number' : 'number'}`);
        }
      } else checkFit(field, by, `${eat}/by`, 'be added to');
    } else if ('toggle' in effect) {
      if (field.type !== 'boolean') report(`${eat}/toggle`, `${what}: toggle works on boolean fields; "${name}" is ${field.type}`);
    } else if (field.required) {
      report(`${eat}/clear`, `${what}: clear sets "${name}" to null, but the field is required; make it optional ("required": false) or use set`);
    }
  });
}

/** What an effect does and to which field ("set", "status"). */
export function effectTarget(effect: EffectSpec): [string, string] {
  if ('set' in effect) return ['set', effect.set];
  if ('increment' in effect) return ['increment', effect.increment];
  if ('decrement' in effect) return ['decrement', effect.decrement];
  if ('toggle' in effect) return ['toggle', effect.toggle];
  return ['clear', effect.clear];
}

const REF_PATTERN = /^([a-z][A-Za-z0-9]{0,63})((\.[A-Za-z0-9_]+)*)$/;

function checkExamples(action: ActionSpec, at: string, actions: Map<string, ActionSpec>, report: Report): void {
  const what = `action ${action.name}`;
  const names = new Set<string>();
  action.examples.forEach((example, i) => {
    const eat = `${at}/examples/${i}`;
    if (names.has(example.name)) report(`${eat}/name`, `${what} has two examples named "${example.name}"`);
    names.add(example.name);
    checkExample(example, eat, `${what}, example "${example.name}"`, action, actions, report);
  });
  if (!action.examples.some((e) => e.expect.status === 200)) {
    report(`${at}/examples`, `${what} needs at least one example that succeeds (expect.status 200)`);
  }
  if (!action.examples.some((e) => e.expect.status !== 200)) {
    report(`${at}/examples`, `${what} needs at least one example that is refused (expect.status 400, 404 or 409)`);
  }
}

function checkExample(example: ExampleCase, at: string, what: string, action: ActionSpec, actions: Map<string, ActionSpec>, report: Report): void {
  const earlier: string[] = [];
  (example.setup ?? []).forEach((step, s) => {
    const sat = `${at}/setup/${s}`;
    if (!actions.has(step.action)) report(`${sat}/action`, `${what}: setup step "${step.as}" runs action "${step.action}", which the blueprint does not define (actions: ${[...actions.keys()].join(', ')})`);
    checkRefs(step.input, `${sat}/input`, earlier, what, report);
    if (earlier.includes(step.as)) report(`${sat}/as`, `${what}: two setup steps are named "${step.as}"`);
    earlier.push(step.as);
  });
  checkRefs(example.input, `${at}/input`, earlier, what, report);
  const expect = example.expect;
  if (expect.status === 200) {
    if (expect.errorCode !== undefined) report(`${at}/expect/errorCode`, `${what} expects success (200), so it cannot expect an errorCode`);
    if (expect.result !== undefined) checkRefs(expect.result, `${at}/expect/result`, earlier, what, report);
    if (expect.resultCount !== undefined && action.kind !== 'list') report(`${at}/expect/resultCount`, `${what}: resultCount is for list actions only`);
  } else {
    if (expect.result !== undefined) report(`${at}/expect/result`, `${what} expects a refusal (${expect.status}), so it cannot expect a result`);
    if (expect.resultCount !== undefined) report(`${at}/expect/resultCount`, `${what} expects a refusal (${expect.status}), so it cannot expect a resultCount`);
  }
}

/** Every `{"$ref": "step.path"}` inside `value` must be alone in its object and name an earlier step. */
function checkRefs(value: JsonValue, at: string, steps: string[], what: string, report: Report): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkRefs(item, `${at}/${i}`, steps, what, report));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (Object.prototype.hasOwnProperty.call(value, '$ref')) {
    const ref = value['$ref'];
    if (Object.keys(value).length !== 1) {
      report(at, `${what}: an object with "$ref" must have no other keys`);
    }
    const m = typeof ref === 'string' ? REF_PATTERN.exec(ref) : null;
    if (!m) {
      report(`${at}/$ref`, `${what}: "$ref" must be "<step name>.<path>", e.g. "book.id", got ${JSON.stringify(ref)}`);
    } else if (!steps.includes(m[1] ?? '')) {
      report(
        `${at}/$ref`,
        steps.length === 0
          ? `${what}: "$ref" ${JSON.stringify(ref)} names step "${m[1] ?? ''}", but there is no earlier setup step`
          : `${what}: "$ref" ${JSON.stringify(ref)} names step "${m[1] ?? ''}", which is not an earlier setup step (earlier: ${steps.join(', ')})`,
      );
    }
    return;
  }
  for (const [key, item] of Object.entries(value)) checkRefs(item, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, steps, what, report);
}
