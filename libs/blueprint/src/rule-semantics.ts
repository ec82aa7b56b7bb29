import type { JsonValue, ResourceSpec, RuleSpec } from './blueprint.js';
import { fieldNames, fieldOf, literalProblem, ORDERED, systemField, typeFits, type Report } from './semantic-fields.js';

/**
 * Semantic checks of the rules that span a child resource and its parent (capacity, membership,
 * compare, parent guard): the fields they name exist on the right side and have types that fit.
 */

/** A capacity's `freedWhen`: a boolean of the child and `true`/`false`, or an enum and one of its values. */
function checkFreedWhen(freed: { field: string; value: string | boolean }, at: string, what: string, child: ResourceSpec, report: Report): void {
  const field = fieldOf(child, freed.field);
  if (!field) report(`${at}/field`, `${what}: "${freed.field}" is not a field of ${child.name} (fields: ${fieldNames(child)})`);
  else if (field.type === 'boolean' ? typeof freed.value !== 'boolean' : field.type !== 'enum' || !(field.values ?? []).includes(freed.value as string)) {
    report(`${at}/value`, `${what}: ${child.name}.${field.name} (${field.type}) never holds ${JSON.stringify(freed.value)}; a boolean takes true or false, an enum one of its values`);
  }
}

export function checkRule(rule: RuleSpec, at: string, resources: Map<string, ResourceSpec>, report: Report): void {
  const what = `rule ${rule.kind} on ${rule.resource}`;
  const child = resources.get(rule.resource);
  if (!child) {
    report(`${at}/resource`, `${what}: resource "${rule.resource}" is not defined by the blueprint`);
    return;
  }
  const via = fieldOf(child, rule.via);
  if (!via) {
    report(`${at}/via`, `${what}: "${rule.via}" is not a field of ${child.name} (fields: ${fieldNames(child)})`);
    return;
  }
  const parent = via.type === 'reference' && via.references ? resources.get(via.references) : undefined;
  if (!parent) {
    report(`${at}/via`, `${what}: ${child.name}.${rule.via} must be a reference to the parent resource`);
    return;
  }
  switch (rule.kind) {
    case 'capacity': {
      const limit = fieldOf(parent, rule.limitField);
      if (!limit) report(`${at}/limitField`, `${what}: "${rule.limitField}" is not a field of ${parent.name} (fields: ${fieldNames(parent)})`);
      else if (limit.type !== 'integer') report(`${at}/limitField`, `${what}: the limit ${parent.name}.${limit.name} must be an integer field, got ${limit.type}`);
      if (rule.freedWhen) checkFreedWhen(rule.freedWhen, `${at}/freedWhen`, what, child, report);
      return;
    }
    case 'parentGuard': {
      const field = fieldOf(parent, rule.field) ?? systemField(rule.field, parent);
      if (!field) {
        report(`${at}/field`, `${what}: "${rule.field}" is not a field of ${parent.name} (fields: ${fieldNames(parent)})`);
        return;
      }
      if (rule.op === 'isNull' || rule.op === 'notNull') {
        if (rule.value !== undefined) report(`${at}/value`, `${what}: ${rule.op} takes no value`);
        return;
      }
      if (rule.value === undefined || rule.value === null) {
        report(`${at}/value`, `${what}: ${rule.op} on ${parent.name}.${field.name} needs a value`);
        return;
      }
      const listed = rule.op === 'in' || rule.op === 'notIn';
      if (listed !== Array.isArray(rule.value)) {
        report(`${at}/value`, `${what}: ${rule.op} needs ${listed ? 'a list' : 'a single value'}, got ${JSON.stringify(rule.value)}`);
        return;
      }
      if (['lt', 'lte', 'gt', 'gte'].includes(rule.op) && !ORDERED.includes(field.type)) {
        report(`${at}/op`, `${what}: ${rule.op} works on integer, number, date and datetime fields; ${parent.name}.${field.name} is ${field.type}`);
        return;
      }
      const items: JsonValue[] = Array.isArray(rule.value) ? rule.value : [rule.value];
      items.forEach((item) => {
        const problem = item === null ? 'is null' : literalProblem(field, item, false);
        if (problem) report(`${at}/value`, `${what}: ${JSON.stringify(item)} ${problem}, so it cannot be compared with ${parent.name}.${field.name}`);
      });
      return;
    }
    case 'compare': {
      const field = fieldOf(child, rule.field);
      if (!field) {
        report(`${at}/field`, `${what}: "${rule.field}" is not a field of ${child.name} (fields: ${fieldNames(child)})`);
        return;
      }
      if (!ORDERED.includes(field.type)) {
        report(`${at}/field`, `${what}: ${child.name}.${field.name} must be an integer, number, date or datetime field, got ${field.type}`);
        return;
      }
      if ('parentField' in rule.against) {
        const other = fieldOf(parent, rule.against.parentField);
        if (!other) report(`${at}/against/parentField`, `${what}: "${rule.against.parentField}" is not a field of ${parent.name} (fields: ${fieldNames(parent)})`);
        else if (!typeFits(field, other) && !typeFits(other, field)) {
          report(`${at}/against/parentField`, `${what}: ${child.name}.${field.name} (${field.type}) cannot be compared with ${parent.name}.${other.name} (${other.type})`);
        }
      }
      return;
    }
    case 'membership': {
      const field = fieldOf(child, rule.field);
      if (!field) report(`${at}/field`, `${what}: "${rule.field}" is not a field of ${child.name} (fields: ${fieldNames(child)})`);
      else if (field.type !== 'string' && field.type !== 'enum') report(`${at}/field`, `${what}: ${child.name}.${field.name} must be a string field, got ${field.type}`);
      const list = fieldOf(parent, rule.listField);
      if (!list) report(`${at}/listField`, `${what}: "${rule.listField}" is not a field of ${parent.name} (fields: ${fieldNames(parent)})`);
      else if (list.type !== 'stringList') report(`${at}/listField`, `${what}: ${parent.name}.${list.name} must be a stringList field, got ${list.type}`);
      return;
    }
  }
}
