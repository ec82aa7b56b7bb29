import type { Blueprint, ExampleCase, ResourceSpec, TransitionAction } from '@backforge/blueprint';
import type { JsonObject, JsonValue } from '@backforge/contracts';
import type { Context } from './derive.js';
import { makeParent, parentGuardCase } from './parents.js';
import { Setup, steps } from './setup.js';
import { parentSteps, shiftValue, words, wrongType } from './values.js';

/**
 * Example cases of create actions: success with every field and with the required ones, and a
 * refusal for each thing the blueprint forbids (a missing or malformed value, a bound, a duplicate
 * unique value or combination, a full parent, a value the parent does not offer, a compare rule).
 */

export function createCases(ctx: Context, resource: ResourceSpec): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const what = words(resource.name);
  const full = new Setup(ctx);
  const input = ctx.input(resource, 1, full);
  if (!input) return cases;
  cases.push({ name: `creates a ${what}`, ...steps(full), input, expect: { status: 200, result: ctx.echo(resource, input) } });

  const optional = resource.fields.filter((f) => !f.generated && !f.required);
  if (optional.length > 0) {
    const minimal: JsonObject = {};
    for (const [k, v] of Object.entries(input)) if (resource.fields.find((f) => f.name === k)?.required) minimal[k] = v;
    const expected: JsonObject = ctx.echo(resource, minimal);
    cases.push({ name: `creates a ${what} from the required fields only`, ...steps(full), input: minimal, expect: { status: 200, result: expected } });
  }

  const required = resource.fields.filter((f) => !f.generated && f.required);
  const firstRequired = required.find((f) => f.type !== 'reference') ?? required[0];
  if (firstRequired) {
    const bad = { ...input };
    delete bad[firstRequired.name];
    cases.push({ name: `refuses a ${what} without ${words(firstRequired.name)}`, ...steps(full), input: bad, expect: { status: 400, errorCode: 'VALIDATION_FAILED' } });
  }
  const enumField = resource.fields.find((f) => f.type === 'enum' && !f.generated);
  if (enumField) {
    cases.push({ name: `refuses a ${words(enumField.name)} that is not listed`, ...steps(full), input: { ...input, [enumField.name]: 'not-a-listed-value' }, expect: { status: 400, errorCode: 'VALIDATION_FAILED' } });
  }
  for (const bounded of resource.fields.filter((f) => (f.type === 'integer' || f.type === 'number') && !f.generated && (f.min !== undefined || f.max !== undefined)).slice(0, 4)) {
    const value = bounded.max !== undefined ? bounded.max + 1 : (bounded.min as number) - 1;
    cases.push({ name: `refuses a ${words(bounded.name)} of ${value}`, ...steps(full), input: { ...input, [bounded.name]: value }, expect: { status: 400, errorCode: 'VALIDATION_FAILED' } });
  }
  const emailish = resource.fields.find((f) => (f.type === 'email' || f.type === 'url') && !f.generated);
  if (emailish) {
    cases.push({ name: `refuses a malformed ${words(emailish.name)}`, ...steps(full), input: { ...input, [emailish.name]: 'not valid' }, expect: { status: 400, errorCode: 'VALIDATION_FAILED' } });
  }
  const unique = resource.fields.find((f) => f.unique && !f.generated);
  if (unique) {
    const dup = new Setup(ctx);
    const first = dup.create(resource, 1);
    if (first) {
      const second = ctx.input(resource, 2, dup, { parentFor: parentSteps(resource, first.input) });
      if (second) {
        cases.push({
          name: `refuses a second ${what} with the same ${words(unique.name)}`,
          ...steps(dup),
          input: { ...second, [unique.name]: first.input[unique.name] as JsonValue },
          expect: { status: 409, errorCode: 'UNIQUE_VIOLATION' },
        });
      }
    }
  }
  cases.push(...togetherCases(ctx, resource));
  for (const rule of ctx.bp.rules) {
    if (rule.resource !== resource.name) continue;
    const via = resource.fields.find((f) => f.name === rule.via);
    const parentSpec = ctx.resources.get(via?.references ?? '');
    if (!parentSpec) continue;
    if (rule.kind === 'parentGuard') {
      const guarded = parentGuardCase(ctx, resource, rule, parentSpec);
      if (guarded) cases.push(guarded);
    } else if (rule.kind === 'compare') {
      const compared = compareCase(ctx, resource, rule, parentSpec);
      if (compared) cases.push(compared);
    } else if (rule.kind === 'capacity') {
      const s = new Setup(ctx);
      const parent = makeParent(ctx, s, resource, rule.via, parentSpec, 1, { overrides: { [rule.limitField]: 1 } });
      if (!parent) continue;
      const firstChild = s.create(resource, 1, { parentFor: { [rule.via]: parent.step } });
      const next = firstChild ? ctx.input(resource, 2, s, { parentFor: { [rule.via]: parent.step } }) : undefined;
      if (!next) continue;
      cases.push({ name: `refuses a ${what} beyond the ${words(parentSpec.name)}'s ${words(rule.limitField)}`, ...steps(s), input: next, expect: { status: 409, errorCode: 'RULE_VIOLATED' } });
      // a record the rule frees (a cancelled booking) gives its place back
      const freer = rule.freedWhen ? freeingAction(ctx.bp, resource.name, rule.freedWhen) : undefined;
      if (freer && firstChild) {
        s.run(freer.name, { id: { $ref: `${firstChild.step}.id` } }, 'freed');
        cases.push({ name: `takes a ${what} in the place a ${words(rule.freedWhen?.field ?? '')} one gave back`, ...steps(s), input: next, expect: { status: 200, result: ctx.echo(resource, next) } });
      }
    } else if (rule.kind === 'membership') {
      cases.push({ name: `refuses a ${words(rule.field)} the ${words(parentSpec.name)} does not offer`, ...steps(full), input: { ...input, [rule.field]: 'not-an-offered-value' }, expect: { status: 400 } });
    }
  }
  if (cases.every((c) => c.expect.status === 200)) {
    const field = resource.fields.find((f) => !f.generated);
    if (field) cases.push({ name: `refuses a ${words(field.name)} of the wrong type`, ...steps(full), input: { ...input, [field.name]: wrongType(field) }, expect: { status: 400, errorCode: 'VALIDATION_FAILED' } });
  }
  return cases;
}

/**
 * The transition that sets a capacity's `freedWhen` on a yes/no, taking nothing but the record's id
 * and checking nothing but that flag ("cancel a booking"), so an example can run it on any record.
 */
function freeingAction(bp: Blueprint, resource: string, freed: { field: string; value: string | boolean }): TransitionAction | undefined {
  if (typeof freed.value !== 'boolean') return undefined;
  return bp.actions.find(
    (a): a is TransitionAction =>
      a.kind === 'transition' &&
      a.resource === resource &&
      a.by === 'id' &&
      a.params.length === 0 &&
      a.guards.every((g) => g.field === freed.field) &&
      a.effects.some((e) => 'set' in e && e.set === freed.field && 'literal' in e.to && e.to.literal === freed.value),
  );
}

/** A second record repeating the values of a unique combination is refused 409. */
function togetherCases(ctx: Context, resource: ResourceSpec): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const names of resource.uniqueTogether ?? []) {
    const dup = new Setup(ctx);
    const first = dup.create(resource, 1);
    const second = first ? ctx.input(resource, 2, dup, { parentFor: parentSteps(resource, first.input) }) : undefined;
    if (!first || !second) continue;
    for (const name of names) {
      const value = first.input[name];
      if (value !== undefined) second[name] = value;
    }
    cases.push({ name: `refuses a second ${words(resource.name)} with the same ${names.map(words).join(' and ')}`, ...steps(dup), input: second, expect: { status: 409, errorCode: 'UNIQUE_VIOLATION' } });
  }
  return cases;
}

/** A value on the wrong side of what a compare rule compares it with is refused 409. */
function compareCase(ctx: Context, resource: ResourceSpec, rule: Extract<Blueprint['rules'][number], { kind: 'compare' }>, parentSpec: ResourceSpec): ExampleCase | undefined {
  const s = new Setup(ctx);
  const parent = makeParent(ctx, s, resource, rule.via, parentSpec, 1, { fresh: true });
  if (!parent) return undefined;
  const upward = rule.op === 'gt' || rule.op === 'gte';
  if ('parentField' in rule.against) {
    const bound = ctx.stored(parentSpec, parent.input, rule.against.parentField);
    const wrong = bound === undefined ? undefined : shiftValue(bound, upward ? -1 : 1);
    const input = wrong === undefined ? undefined : ctx.input(resource, 1, s, { parentFor: { [rule.via]: parent.step }, overrides: { [rule.field]: wrong } });
    return input ? { name: `refuses a ${words(rule.field)} ${upward ? 'below' : 'above'} the ${words(parentSpec.name)}'s ${words(rule.against.parentField)}`, ...steps(s), input, expect: { status: 409, errorCode: 'RULE_VIOLATED' } } : undefined;
  }
  const field = resource.fields.find((f) => f.name === rule.field);
  if (!field) return undefined;
  // the first record takes the value further along, the second the one short of it
  const ahead = ctx.sample(resource, field, upward ? 2 : 1);
  const behind = ctx.sample(resource, field, upward ? 1 : 2);
  if (JSON.stringify(ahead) === JSON.stringify(behind)) return undefined;
  const first = s.create(resource, 1, { parentFor: { [rule.via]: parent.step }, overrides: { [rule.field]: ahead } });
  const input = first ? ctx.input(resource, 2, s, { parentFor: { [rule.via]: parent.step }, overrides: { [rule.field]: behind } }) : undefined;
  if (!input) return undefined;
  return { name: `refuses a ${words(rule.field)} that does not beat the ${rule.against.aggregate} so far`, ...steps(s), input, expect: { status: 409, errorCode: 'RULE_VIOLATED' } };
}
