import type { FieldSpec, ResourceSpec, ValueSource } from '@backforge/blueprint';
import type { JsonObject, JsonValue } from '@backforge/contracts';

/** Pure helpers of example derivation: names in words, sample arithmetic, guard and filter logic. */

export const MISSING_ID = 'missing';

export const ref = (path: string): JsonObject => ({ $ref: path });

export function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function words(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

export function parentSteps(resource: ResourceSpec, input: JsonObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of resource.fields) {
    const v = input[f.name];
    if (f.type === 'reference' && isRef(v)) out[f.name] = refStep(v) as string;
  }
  return out;
}

export function isRef(v: JsonValue | undefined): v is { $ref: string } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && typeof v['$ref'] === 'string';
}

export function refStep(v: { $ref: string }): string | undefined {
  return v.$ref.split('.')[0];
}

export function valueOf(source: ValueSource, params: JsonObject): JsonValue | undefined {
  if ('literal' in source) return source.literal;
  if ('param' in source) return params[source.param];
  return undefined;
}

/** Whether a guard holds for a value; undefined when it cannot be told in advance. */
export function guardHolds(op: string, current: JsonValue | undefined, value: ValueSource | undefined): boolean | undefined {
  const isNull = current === undefined || current === null;
  switch (op) {
    case 'isNull':
      return isNull;
    case 'notNull':
      return !isNull;
    case 'eq':
    case 'ne': {
      if (!value || !('literal' in value)) return undefined;
      const eq = JSON.stringify(current ?? null) === JSON.stringify(value.literal);
      return op === 'eq' ? eq : !eq;
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      if (!value || !('literal' in value) || isNull || value.literal === null) return undefined;
      return matches(current, op, value.literal);
    }
    default:
      return undefined;
  }
}

/** The calendar day (YYYY-MM-DD) a date or date-time value starts with. */
export function dayOf(v: JsonValue): string | undefined {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined;
}

/** A number moved by `steps`, or a date / date-time moved by that many days (within its month). */
export function shiftValue(v: JsonValue, steps: number): JsonValue | undefined {
  if (typeof v === 'number') return roundTo(v + steps);
  const day = dayOf(v);
  if (typeof v !== 'string' || day === undefined) return undefined;
  const date = Number(day.slice(8, 10)) + steps;
  if (date < 1 || date > 28) return undefined;
  return `${day.slice(0, 8)}${String(date).padStart(2, '0')}${v.slice(10)}`;
}

export function matches(v: JsonValue, op: string, param: JsonValue): boolean {
  switch (op) {
    case 'onDay':
      return dayOf(v) === param;
    case 'fromDay':
      return (dayOf(v) ?? '') >= (param as string);
    case 'toDay':
      return (dayOf(v) ?? '') <= (param as string);
    case 'eq':
      return JSON.stringify(v) === JSON.stringify(param);
    case 'contains':
      return Array.isArray(v) ? v.includes(param) : typeof v === 'string' && typeof param === 'string' && v.toLowerCase().includes(param.toLowerCase());
    case 'lt':
      return (v as number | string) < (param as number | string);
    case 'lte':
      return (v as number | string) <= (param as number | string);
    case 'gt':
      return (v as number | string) > (param as number | string);
    case 'gte':
      return (v as number | string) >= (param as number | string);
    default:
      return false;
  }
}

export function clamp(n: number, min?: number, max?: number): number {
  let v = n;
  if (max !== undefined && v > max) v = max;
  if (min !== undefined && v < min) v = min;
  return v;
}

export function roundTo(n: number): number {
  return Math.round(n * 1000) / 1000;
}

export function fitLength(base: string, min: number | undefined, max: number | undefined, variant: number): string {
  let s = base;
  if (min !== undefined) while (s.length < min) s += 'x';
  if (max !== undefined && s.length > max) s = `${variant}${base}`.slice(0, Math.max(max, 1));
  return s;
}

export function wrongType(field: FieldSpec): JsonValue {
  switch (field.type) {
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'not a boolean';
    case 'stringList':
      return 'not a list';
    default:
      return 12345;
  }
}
