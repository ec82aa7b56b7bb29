import type { FieldSpec, FieldType, JsonValue, ResourceSpec } from './blueprint.js';
import { RESERVED_FIELD_NAMES } from './identifiers.js';

/**
 * Semantic checks of single fields and params (types, bounds, defaults, state moves, unique
 * combinations) and the type helpers the action and rule checks share.
 */

export type Report = (path: string, message: string) => void;

export const STRING_LIKE: FieldType[] = ['string', 'text', 'email', 'url', 'enum'];
export const ORDERED: FieldType[] = ['integer', 'number', 'date', 'datetime'];
export const LENGTH_BOUNDED: FieldType[] = ['string', 'text', 'email', 'url', 'stringList'];
export const VALUE_BOUNDED: FieldType[] = ['integer', 'number'];

/** The fields a create or a full update takes: every field the store does not set itself. */
export function inputFieldNames(resource: ResourceSpec): string[] {
  return resource.fields.filter((f) => !f.generated).map((f) => f.name);
}

/** The store's own columns, usable in filters, ordering and guards (never in effects or inputs). */
export function systemField(name: string, resource: ResourceSpec): FieldSpec | undefined {
  if (name === 'id') return { name: 'id', type: 'reference', references: resource.name, required: true, generated: 'managed' };
  if (name === 'createdAt' || name === 'updatedAt') return { name, type: 'datetime', required: true, generated: 'managed' };
  return undefined;
}

export function fieldOf(resource: ResourceSpec, name: string): FieldSpec | undefined {
  return resource.fields.find((f) => f.name === name);
}

export function fieldNames(resource: ResourceSpec): string {
  return resource.fields.map((f) => f.name).join(', ');
}

export function checkFieldSpec(
  field: FieldSpec,
  at: string,
  what: string,
  role: 'field' | 'param',
  resources: Map<string, ResourceSpec>,
  report: Report,
): void {
  if (RESERVED_FIELD_NAMES.includes(field.name)) {
    report(`${at}/name`, `${what}: the name "${field.name}" is reserved (${RESERVED_FIELD_NAMES.join(', ')} are set by the store or the language); choose another name`);
  }
  if (field.type === 'enum') {
    if (!field.values || field.values.length === 0) report(`${at}/values`, `${what} is an enum but lists no "values"`);
    else {
      const dup = field.values.find((v, i) => field.values?.indexOf(v) !== i);
      if (dup !== undefined) report(`${at}/values`, `${what}: enum value "${dup}" is listed twice`);
    }
  } else if (field.values !== undefined) {
    report(`${at}/values`, `${what} has "values" but is of type ${field.type}; only enum fields take values`);
  }
  if (field.type === 'reference') {
    if (field.references === undefined) report(`${at}/references`, `${what} is a reference but does not say which resource it "references"`);
    else if (!resources.has(field.references)) {
      report(`${at}/references`, `${what} references resource "${field.references}", which the blueprint does not define (resources: ${[...resources.keys()].join(', ')})`);
    }
  } else if (field.references !== undefined) {
    report(`${at}/references`, `${what} has "references" but is of type ${field.type}; only reference fields take it`);
  }

  const isCode = field.generated === 'code';
  if (field.min !== undefined || field.max !== undefined) {
    if (isCode) {
      if (field.max !== undefined) report(`${at}/max`, `${what} is a generated code; its length is "min" alone, "max" is not used`);
      if (field.min !== undefined && !(Number.isInteger(field.min) && field.min >= 4 && field.min <= 32)) {
        report(`${at}/min`, `${what} is a generated code; "min" is its length and must be an integer from 4 to 32`);
      }
    } else if (!VALUE_BOUNDED.includes(field.type) && !LENGTH_BOUNDED.includes(field.type)) {
      report(`${at}/${field.min !== undefined ? 'min' : 'max'}`, `${what} is of type ${field.type}, which takes no min/max (only integer, number, string, text, email, url and stringList do)`);
    } else {
      for (const key of ['min', 'max'] as const) {
        const bound = field[key];
        if (bound === undefined) continue;
        if (LENGTH_BOUNDED.includes(field.type) && !(Number.isInteger(bound) && bound >= 0)) {
          report(`${at}/${key}`, `${what}: "${key}" is a ${field.type === 'stringList' ? 'count of items' : 'length'} and must be a whole number of at least 0, got ${bound}`);
        } else if (field.type === 'integer' && !Number.isInteger(bound)) {
          report(`${at}/${key}`, `${what} is an integer, so "${key}" must be a whole number, got ${bound}`);
        }
      }
      if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
        report(`${at}/min`, `${what}: min ${field.min} is greater than max ${field.max}`);
      }
    }
  }

  if (field.transitions !== undefined) checkStateTransitions(field, at, what, role, report);
  if (field.generated !== undefined && role === 'param') {
    report(`${at}/generated`, `${what} is an input param; params cannot be generated`);
  }
  if (field.unique && role === 'param') report(`${at}/unique`, `${what} is an input param; "unique" applies to stored fields only`);
  if (field.unique && (field.type === 'boolean' || field.type === 'stringList')) {
    report(`${at}/unique`, `${what} is of type ${field.type}, which cannot be unique`);
  }
  if (isCode) {
    if (field.type !== 'string') report(`${at}/type`, `${what} is a generated code, so its type must be "string", got ${field.type}`);
    if (field.default !== undefined) report(`${at}/default`, `${what} is a generated code and cannot have a default`);
  }
  if (field.default !== undefined) {
    if (field.default === null) {
      if (field.required) report(`${at}/default`, `${what} is required, so its default cannot be null`);
    } else {
      const problem = literalProblem(field, field.default, true);
      if (problem) report(`${at}/default`, `${what}: default ${JSON.stringify(field.default)} ${problem}`);
    }
  }
}

function checkStateTransitions(field: FieldSpec, at: string, what: string, role: 'field' | 'param', report: Report): void {
  if (role === 'param') {
    report(`${at}/transitions`, `${what} is an input param; "transitions" apply to stored enum fields only`);
    return;
  }
  if (field.type !== 'enum') {
    report(`${at}/transitions`, `${what} has "transitions" but is of type ${field.type}; only enum fields are state machines`);
    return;
  }
  const values = field.values ?? [];
  const seen = new Set<string>();
  (field.transitions ?? []).forEach((t, i) => {
    for (const end of ['from', 'to'] as const) {
      if (!values.includes(t[end])) report(`${at}/transitions/${i}/${end}`, `${what}: transition ${end} "${t[end]}" is not one of its values (${values.join(', ')})`);
    }
    const key = JSON.stringify([t.from, t.to]);
    if (seen.has(key)) report(`${at}/transitions/${i}`, `${what}: the transition from "${t.from}" to "${t.to}" is listed twice`);
    seen.add(key);
  });
}

export function checkUniqueTogether(resource: ResourceSpec, at: string, report: Report): void {
  const seen = new Set<string>();
  (resource.uniqueTogether ?? []).forEach((names, i) => {
    const uat = `${at}/uniqueTogether/${i}`;
    names.forEach((name, k) => {
      const field = fieldOf(resource, name);
      if (!field) report(`${uat}/${k}`, `resource ${resource.name}: uniqueTogether names "${name}", which is not one of its fields (fields: ${fieldNames(resource)})`);
      else if (field.type === 'stringList') report(`${uat}/${k}`, `resource ${resource.name}: the list field "${name}" cannot be part of a unique combination`);
      if (names.indexOf(name) !== k) report(`${uat}/${k}`, `resource ${resource.name}: uniqueTogether lists "${name}" twice in one combination`);
    });
    const key = JSON.stringify([...names].sort());
    if (seen.has(key)) report(uat, `resource ${resource.name}: the unique combination ${names.join(' + ')} is listed twice`);
    seen.add(key);
  });
}

/** Why `value` cannot be stored in `field`, or undefined when it can. */
export function literalProblem(field: FieldSpec, value: JsonValue, withBounds: boolean): string | undefined {
  const inRange = (n: number, noun: string): string | undefined => {
    if (!withBounds) return undefined;
    if (field.min !== undefined && n < field.min) return `is below the minimum ${noun} ${field.min}`;
    if (field.max !== undefined && n > field.max) return `is above the maximum ${noun} ${field.max}`;
    return undefined;
  };
  switch (field.type) {
    case 'string':
    case 'text':
      return typeof value === 'string' ? inRange(value.length, 'length') : `is not a string (field type ${field.type})`;
    case 'email':
      if (typeof value !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) return 'is not an email address';
      return inRange(value.length, 'length');
    case 'url':
      if (typeof value !== 'string' || !isHttpUrl(value)) return 'is not an http(s) URL';
      return inRange(value.length, 'length');
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? inRange(value, 'value') : 'is not an integer';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? inRange(value, 'value') : 'is not a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'is not true or false';
    case 'date':
      return typeof value === 'string' && isDate(value) ? undefined : 'is not a date (YYYY-MM-DD)';
    case 'datetime':
      return typeof value === 'string' && isDateTime(value) ? undefined : 'is not an ISO 8601 date-time (e.g. 2025-01-31T12:00:00Z)';
    case 'enum':
      return typeof value === 'string' && (field.values ?? []).includes(value) ? undefined : `is not one of the enum values ${JSON.stringify(field.values ?? [])}`;
    case 'stringList':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? inRange(value.length, 'number of items') : 'is not a list of strings';
    case 'reference':
      return typeof value === 'string' && value.length > 0 ? undefined : 'is not a record id (a non-empty string)';
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

function isDateTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));
}

/** Whether a value of type `source` can be stored in a field of type `target`. */
export function typeFits(target: FieldSpec, source: FieldSpec): boolean {
  switch (target.type) {
    case 'integer':
      return source.type === 'integer';
    case 'number':
      return source.type === 'integer' || source.type === 'number';
    case 'string':
    case 'text':
      return STRING_LIKE.includes(source.type) || source.type === 'reference';
    case 'email':
    case 'url':
      return source.type === target.type || source.type === 'string';
    case 'enum':
      return (source.type === 'enum' && (source.values ?? []).every((v) => (target.values ?? []).includes(v))) || source.type === 'string';
    case 'reference':
      return (source.type === 'reference' && source.references === target.references) || source.type === 'string';
    case 'date':
      return source.type === 'date';
    case 'datetime':
      return source.type === 'datetime' || source.type === 'date';
    case 'boolean':
    case 'stringList':
      return source.type === target.type;
  }
}

/**
 * Required references that lead back to where they start (a firing must name a piece and a piece
 * must name a firing; an employee must name another employee): no record of any of them can be
 * created first. One finding a cycle, on its first field in blueprint order.
 */
export function checkRequiredReferenceCycles(resources: readonly ResourceSpec[], report: Report): void {
  const edges = new Map<string, { field: string; to: string; at: string }[]>();
  resources.forEach((resource, ri) => {
    const out = resource.fields.flatMap((f, fi) =>
      f.type === 'reference' && f.required && f.generated === undefined && f.references !== undefined ? [{ field: f.name, to: f.references, at: `/resources/${ri}/fields/${fi}` }] : [],
    );
    edges.set(resource.name, out);
  });
  const reported = new Set<string>();
  for (const [from, out] of edges) {
    for (const edge of out) {
      const path = pathBack(edges, edge.to, from);
      if (!path) continue;
      const cycle = [`${from}.${edge.field}`, ...path];
      const key = JSON.stringify([...new Set([from, ...path.map((p) => p.split('.')[0])])].sort());
      if (reported.has(key)) continue;
      reported.add(key);
      report(
        `${edge.at}/required`,
        `resource ${from}: the required reference "${edge.field}" leads back to ${from} (${cycle.join(' -> ')} -> ${from}), so no record of ${key === JSON.stringify([from]) ? 'it' : 'these resources'} could ever be created first; make one of these references optional`,
      );
    }
  }
}

/** The required-reference fields from `start` back to `goal` (`Piece.firing`, ...), if any. */
function pathBack(edges: Map<string, { field: string; to: string }[]>, start: string, goal: string): string[] | undefined {
  const cameFrom = new Map<string, string[]>([[start, []]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift() as string;
    const path = cameFrom.get(at) as string[];
    if (at === goal) return path;
    for (const e of edges.get(at) ?? []) {
      if (cameFrom.has(e.to) && e.to !== goal) continue;
      if (e.to === goal) return [...path, `${at}.${e.field}`];
      cameFrom.set(e.to, [...path, `${at}.${e.field}`]);
      queue.push(e.to);
    }
  }
  return undefined;
}
