import type { ExampleCase, FieldSpec, ParentGuardRule, ResourceSpec } from '@backforge/blueprint';
import type { JsonObject, JsonValue } from '@backforge/contracts';
import type { Context } from './derive.js';
import { Setup, steps, type Made } from './setup.js';
import { shiftValue, words } from './values.js';

/**
 * Parents that meet (or break) the parent guards of their children: a parent made for a child is
 * created with values that satisfy each guard, or walked through its states until it does (an
 * auction opened before a bid); the refusal case makes one that does not.
 */

function jsonEq(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Whether `current` meets the guard; undefined when it cannot be told in advance. */
export function meets(rule: ParentGuardRule, current: JsonValue | undefined): boolean | undefined {
  const value = rule.value ?? null;
  const isNull = current === undefined || current === null;
  switch (rule.op) {
    case 'eq':
      return jsonEq(current, value);
    case 'ne':
      return !jsonEq(current, value);
    case 'in':
      return Array.isArray(value) && value.some((v) => jsonEq(v, current));
    case 'notIn':
      return !(Array.isArray(value) && value.some((v) => jsonEq(v, current)));
    case 'isNull':
      return isNull;
    case 'notNull':
      return !isNull;
    default: {
      if (isNull || value === null || typeof current !== typeof value) return undefined;
      const [l, r] = [current as number | string, value as number | string];
      return rule.op === 'lt' ? l < r : rule.op === 'lte' ? l <= r : rule.op === 'gt' ? l > r : l >= r;
    }
  }
}

/** A value of `field` for which the guard's answer is `wanted`, when one can be found. */
function valueWith(ctx: Context, parent: ResourceSpec, field: FieldSpec, rule: ParentGuardRule, wanted: boolean): JsonValue | undefined {
  const value = rule.value ?? null;
  const candidates: JsonValue[] = [...(field.values ?? []), ...(Array.isArray(value) ? value : [value]), ctx.sample(parent, field, 1), ctx.sample(parent, field, 2)];
  for (const step of [-1, 1]) {
    const shifted = shiftValue(value, step);
    if (shifted !== undefined) candidates.push(shifted);
  }
  if (!field.required) candidates.push(null);
  return candidates.find((c) => meets(rule, c) === wanted);
}

function guardsOn(ctx: Context, child: string, via: string): ParentGuardRule[] {
  return ctx.bp.rules.filter((r): r is ParentGuardRule => r.kind === 'parentGuard' && r.resource === child && r.via === via);
}

/**
 * A parent for `child` through `via`, created so its parent guards hold (`wanted` true) or so the
 * first of them fails (`wanted` false). Reuses a parent this setup already made ready, unless fresh.
 */
export function makeParent(ctx: Context, s: Setup, child: ResourceSpec, via: string, parent: ResourceSpec, variant: number, opts: { fresh?: boolean; overrides?: JsonObject; wanted?: boolean; breaking?: ParentGuardRule } = {}): Made | undefined {
  const rules = guardsOn(ctx, child.name, via);
  const wanted = opts.wanted ?? true;
  if (rules.length === 0 && !opts.overrides) return s.parent(parent, variant, opts.fresh ?? false);
  const key = `${child.name}.${via}:${String(wanted)}`;
  const ready = !opts.fresh && !opts.overrides && !opts.breaking ? s.made.find((m) => s.ready.get(m.step) === key) : undefined;
  if (ready) return ready;
  // a parent that breaks one named guard keeps every other (so the refusal is that guard's); without
  // one named, the first guard is broken
  const targets = wanted || opts.breaking ? rules : rules.slice(0, 1);
  const wants = (rule: ParentGuardRule): boolean => (opts.breaking ? rule !== opts.breaking : wanted);
  const overrides: JsonObject = { ...opts.overrides };
  const walks: [FieldSpec, ParentGuardRule][] = [];
  for (const rule of targets) {
    const field = parent.fields.find((f) => f.name === rule.field);
    if (!field) continue;
    if (field.generated === undefined) {
      const value = valueWith(ctx, parent, field, rule, wants(rule));
      if (value === undefined) return undefined;
      overrides[field.name] = value;
    } else walks.push([field, rule]);
  }
  const made = s.create(parent, variant, { fresh: true, overrides });
  if (!made) return undefined;
  for (const [field, rule] of walks) {
    if (meets(rule, ctx.stored(parent, made.input, field.name)) === wants(rule)) continue;
    if (!field.transitions || ctx.walkTo(made, field.name, (state) => meets(rule, state) === wants(rule), s) === undefined) return undefined;
  }
  s.ready.set(made.step, key);
  return made;
}

/** A record pointing at a parent that breaks its guard is refused 409. */
export function parentGuardCase(ctx: Context, resource: ResourceSpec, rule: ParentGuardRule, parent: ResourceSpec): ExampleCase | undefined {
  const s = new Setup(ctx);
  // (with several guards through the same parent, each case breaks its own and is named after it)
  const several = guardsOn(ctx, resource.name, rule.via).length > 1;
  const made = makeParent(ctx, s, resource, rule.via, parent, 1, { wanted: false, ...(several ? { breaking: rule } : {}) });
  const input = made ? ctx.input(resource, 1, s, { parentFor: { [rule.via]: made.step } }) : undefined;
  if (!input) return undefined;
  const what = several ? `${words(rule.via)}'s ${words(rule.field)}` : words(rule.via);
  return { name: `refuses a ${words(resource.name)} when its ${what} does not allow it`, ...steps(s), input, expect: { status: 409, errorCode: 'RULE_VIOLATED' } };
}
