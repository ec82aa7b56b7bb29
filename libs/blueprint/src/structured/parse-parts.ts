import type { CompareOperator, EffectSpec, FieldSpec, FieldType, FilterOperator, GuardOperator, GuardSpec, JsonValue, RuleSpec, ValueSource } from '../blueprint.js';
import { parseJson, splitMessage, splitTop } from './text.js';

/**
 * Readers for the single lines of a structured prompt (a field, a guard, an effect, a rule). Each
 * returns the typed part or a sentence saying what is wrong with the line.
 */

export type Read<T> = T | { problem: string };

export function isProblem<T>(value: Read<T>): value is { problem: string } {
  return typeof value === 'object' && value !== null && 'problem' in value && Object.keys(value).length === 1;
}

const IDENT = '[A-Za-z][A-Za-z0-9]*';
const SIMPLE_TYPES: Record<string, FieldType> = {
  string: 'string',
  text: 'text',
  integer: 'integer',
  'whole number': 'integer',
  number: 'number',
  boolean: 'boolean',
  'yes/no': 'boolean',
  date: 'date',
  datetime: 'datetime',
  'date-time': 'datetime',
  email: 'email',
  url: 'url',
  'list of strings': 'stringList',
  list: 'stringList',
};
const FILTER_OPS: FilterOperator[] = ['eq', 'lt', 'lte', 'gt', 'gte', 'contains', 'onDay', 'fromDay', 'toDay'];
const GUARD_OPS: GuardOperator[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'isNull', 'notNull', 'in', 'notIn'];
const COMPARE_OPS: CompareOperator[] = ['gt', 'gte', 'lt', 'lte'];

export function isFilterOp(op: string): op is FilterOperator {
  return (FILTER_OPS as string[]).includes(op);
}

/** A value written as JSON, or a bare word taken as the string it spells (`draft` = `"draft"`). */
function word(text: string): string {
  const parsed = parseJson(text);
  return typeof parsed === 'string' ? parsed : text.trim();
}

function number(text: string, what: string): Read<number> {
  const n = parseJson(text);
  return typeof n === 'number' ? n : { problem: `${what} must be a number, got ${text}` };
}

/** `title: string, required, min 1` -> the field; a missing type is a string, missing `optional` means required. */
export function readField(text: string): Read<FieldSpec> {
  const m = new RegExp(`^(${IDENT})\\s*:\\s*(.*)$`).exec(text) ?? new RegExp(`^(${IDENT})$`).exec(text);
  if (!m) return { problem: `a field is "- name: type, traits", got "${text}"` };
  const field: FieldSpec = { name: m[1] ?? '', type: 'string', required: true };
  const traits = (m[2] ?? '').trim() === '' ? [] : splitTop(m[2] ?? '', ',');
  let description: string | undefined;
  let transitions: FieldSpec['transitions'];
  const bounds: { min?: number; max?: number; default?: JsonValue; unique?: boolean; generated?: FieldSpec['generated'] } = {};
  for (const trait of traits) {
    const lower = trait.toLowerCase();
    let t: RegExpExecArray | null;
    if (SIMPLE_TYPES[lower] !== undefined) field.type = SIMPLE_TYPES[lower];
    else if ((t = /^one of (.+)$/s.exec(trait))) {
      field.type = 'enum';
      field.values = splitTop(t[1] ?? '', '|').map(word);
    } else if ((t = new RegExp(`^reference to (${IDENT})$`).exec(trait))) {
      field.type = 'reference';
      field.references = t[1] ?? '';
    } else if (lower === 'required') field.required = true;
    else if (lower === 'optional') field.required = false;
    else if (lower === 'unique') bounds.unique = true;
    else if (lower === 'not unique') bounds.unique = false;
    else if (lower === 'generated code') bounds.generated = 'code';
    else if (lower === 'managed') bounds.generated = 'managed';
    else if ((t = /^(min|max) (.+)$/s.exec(trait))) {
      const n = number(t[2] ?? '', t[1] ?? '');
      if (isProblem(n)) return n;
      bounds[t[1] === 'min' ? 'min' : 'max'] = n;
    } else if ((t = /^default (.+)$/s.exec(trait))) {
      const v = parseJson(t[1] ?? '');
      if (v === undefined) return { problem: `default of ${field.name} must be a JSON value, got ${t[1] ?? ''}` };
      bounds.default = v as JsonValue;
    } else if ((t = /^moves (.+)$/s.exec(trait))) {
      transitions = [];
      for (const move of splitTop(t[1] ?? '', '|')) {
        const ends = splitTop(move, '->');
        if (ends.length !== 2) return { problem: `a move of ${field.name} is "from" -> "to", got ${move}` };
        transitions.push({ from: word(ends[0] ?? ''), to: word(ends[1] ?? '') });
      }
    } else if ((t = /^description (.+)$/s.exec(trait))) {
      const d = parseJson(t[1] ?? '');
      description = typeof d === 'string' ? d : (t[1] ?? '').trim();
    } else return { problem: `field ${field.name}: "${trait}" is not a type or trait I know` };
  }
  if (bounds.unique !== undefined) field.unique = bounds.unique;
  if (bounds.default !== undefined) field.default = bounds.default;
  if (bounds.min !== undefined) field.min = bounds.min;
  if (bounds.max !== undefined) field.max = bounds.max;
  if (bounds.generated !== undefined) field.generated = bounds.generated;
  if (transitions !== undefined) field.transitions = transitions;
  if (description !== undefined) field.description = description;
  return field;
}

export function readValue(text: string): Read<ValueSource> {
  const t = text.trim();
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^param (${IDENT})$`).exec(t))) return { param: m[1] ?? '' };
  if ((m = new RegExp(`^field (${IDENT})$`).exec(t))) return { field: m[1] ?? '' };
  if (t === 'now') return { now: true };
  const literal = parseJson(t);
  return literal === undefined ? { problem: `a value is JSON, "param x", "field x" or "now", got ${t}` } : { literal: literal as JsonValue };
}

export function readGuard(text: string): Read<GuardSpec> {
  const split = splitMessage(text);
  if (!split) return { problem: `a guard ends with else "<message>", got ${text}` };
  const [head, message] = split;
  const m = new RegExp(`^(${IDENT}) (${IDENT})(?: (.+))?$`, 's').exec(head);
  if (!m || !(GUARD_OPS as string[]).includes(m[2] ?? '')) return { problem: `a guard is "guard <field> <${GUARD_OPS.join('|')}> [value] else "<message>"", got ${text}` };
  const guard: GuardSpec = { field: m[1] ?? '', op: m[2] as GuardOperator, message };
  if (m[3] !== undefined) {
    const value = readValue(m[3]);
    if (isProblem(value)) return value;
    guard.value = value;
  }
  return { field: guard.field, op: guard.op, ...(guard.value !== undefined ? { value: guard.value } : {}), message };
}

export function readEffect(text: string): Read<EffectSpec> | undefined {
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^set (${IDENT}) to (.+)$`, 's').exec(text))) {
    const to = readValue(m[2] ?? '');
    return isProblem(to) ? to : { set: m[1] ?? '', to };
  }
  if ((m = new RegExp(`^(increment|decrement) (${IDENT}) by (.+)$`, 's').exec(text))) {
    const by = readValue(m[3] ?? '');
    if (isProblem(by)) return by;
    return m[1] === 'increment' ? { increment: m[2] ?? '', by } : { decrement: m[2] ?? '', by };
  }
  if ((m = new RegExp(`^toggle (${IDENT})$`).exec(text))) return { toggle: m[1] ?? '' };
  if ((m = new RegExp(`^clear (${IDENT})$`).exec(text))) return { clear: m[1] ?? '' };
  return undefined;
}

export function readRule(text: string): Read<RuleSpec> {
  const split = splitMessage(text);
  if (!split) return { problem: `a rule ends with else "<message>", got ${text}` };
  const [head, message] = split;
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^capacity: (${IDENT}) via (${IDENT}), limit (${IDENT})(?:, not counting (${IDENT}) (.+))?$`).exec(head))) {
    const rule: RuleSpec = { kind: 'capacity', resource: m[1] ?? '', via: m[2] ?? '', limitField: m[3] ?? '', message };
    if (m[4] === undefined) return rule;
    // "not counting cancelled true": records holding that value take no place
    const value = parseJson(m[5] ?? '');
    if (typeof value !== 'string' && typeof value !== 'boolean') return { problem: `a capacity's "not counting <field> <value>" takes true, false or a "quoted" value, got ${m[5] ?? ''}` };
    return { ...rule, freedWhen: { field: m[4], value } };
  }
  if ((m = new RegExp(`^membership: (${IDENT}) via (${IDENT}), (${IDENT}) in (${IDENT})$`).exec(head))) {
    return { kind: 'membership', resource: m[1] ?? '', via: m[2] ?? '', field: m[3] ?? '', listField: m[4] ?? '', message };
  }
  if ((m = new RegExp(`^compare: (${IDENT}) via (${IDENT}), (${IDENT}) (gt|gte|lt|lte) (?:(max|min)|parent (${IDENT}))$`).exec(head))) {
    const op = m[4] as CompareOperator;
    if (!COMPARE_OPS.includes(op)) return { problem: `unknown comparison ${op}` };
    const against: Extract<RuleSpec, { kind: 'compare' }>['against'] = m[5] === 'max' || m[5] === 'min' ? { aggregate: m[5] } : { parentField: m[6] ?? '' };
    return { kind: 'compare', resource: m[1] ?? '', via: m[2] ?? '', field: m[3] ?? '', op, against, message };
  }
  if ((m = new RegExp(`^parentGuard: (${IDENT}) via (${IDENT}), (${IDENT}) (${IDENT})(?: (.+))?$`, 's').exec(head))) {
    const op = m[4] ?? '';
    if (!(GUARD_OPS as string[]).includes(op)) return { problem: `a parent guard's operator is one of ${GUARD_OPS.join(', ')}, got ${op}` };
    const rule: RuleSpec = { kind: 'parentGuard', resource: m[1] ?? '', via: m[2] ?? '', field: m[3] ?? '', op: op as GuardOperator, message };
    if (m[5] !== undefined) {
      const value = parseJson(m[5]);
      if (value === undefined) return { problem: `a parent guard's value is JSON, got ${m[5]}` };
      return { ...rule, value: value as JsonValue, message };
    }
    return rule;
  }
  return { problem: `a rule is "capacity: ...", "membership: ...", "compare: ..." or "parentGuard: ..." (see docs/prompts.md), got ${text}` };
}
