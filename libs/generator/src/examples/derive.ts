import type { ActionSpec, Blueprint, ExampleCase, ExampleStep, FieldSpec, ResourceSpec, TransitionAction, ValueSource } from '@backforge/blueprint';
import { effectTarget } from '@backforge/blueprint';
import type { JsonObject, JsonValue } from '@backforge/contracts';
import { createCases } from './create-cases.js';
import { listCases } from './list-cases.js';
import { makeParent } from './parents.js';
import { Setup, steps, type CreateOptions, type Made } from './setup.js';
import { allows, reachable, stateMove, type Walk } from './states.js';
import { capitalize, clamp, fitLength, guardHolds, isRef, shiftValue, MISSING_ID, ref, refStep, roundTo, valueOf, words } from './values.js';

/**
 * Example cases for every action, derived from the blueprint alone (no prompt needed, so the LLM
 * interpreter can use it too). Each action gets at least one success and one refusal, built on the
 * semantics of blueprint.ts: a fresh store per case, setup steps whose results are referred to with
 * `{"$ref": "step.path"}`, list results `{items, total, limit, offset}`, delete results
 * `{id, deleted: true}`, guards and decrements below `min` answered 409, bad input 400, unknown
 * records 404. Values are typed samples chosen so every bound, enum and rule of the blueprint holds.
 */
export function deriveExamples(blueprint: Blueprint): Blueprint {
  const ctx = new Context(blueprint);
  return { ...blueprint, actions: blueprint.actions.map((a) => ({ ...a, examples: ctx.examplesFor(a) })) };
}

export class Context {
  readonly resources = new Map<string, ResourceSpec>();

  constructor(readonly bp: Blueprint) {
    for (const r of bp.resources) this.resources.set(r.name, r);
  }

  createAction(resource: string): string | undefined {
    return this.bp.actions.find((a) => a.kind === 'create' && a.resource === resource)?.name;
  }

  private capacityLimitFields(resource: string): Set<string> {
    return new Set(this.bp.rules.filter((r) => r.kind === 'capacity').flatMap((r) => {
      const child = this.resources.get(r.resource);
      const via = child?.fields.find((f) => f.name === r.via);
      return via?.references === resource ? [r.limitField] : [];
    }));
  }

  /** A typed sample value for a field; variants 1 and 2 differ wherever the field's bounds allow. */
  sample(resource: ResourceSpec, field: FieldSpec, variant: number): JsonValue {
    const human = words(field.name);
    switch (field.type) {
      case 'string':
      case 'text': {
        const base = field.type === 'text' ? `Some ${human} text ${variant}` : `${capitalize(human)} ${variant}`;
        return fitLength(base, field.min, field.max, variant);
      }
      case 'email':
        return `user${variant}@example.com`;
      case 'url':
        return `https://example.com/${field.name.toLowerCase()}-${variant}`;
      case 'integer': {
        if (this.capacityLimitFields(resource.name).has(field.name)) return clamp(10 + variant, field.min, field.max);
        const base = /year/i.test(field.name) ? 2000 : (field.min ?? 0);
        return clamp(base + variant + 2, field.min, field.max);
      }
      case 'number':
        return clamp((field.min ?? 0) + variant + 2.5, field.min, field.max);
      case 'boolean':
        return variant % 2 === 1;
      case 'date':
        return `2030-01-${String(10 + variant).padStart(2, '0')}`;
      case 'datetime':
        return `2030-01-${String(10 + variant).padStart(2, '0')}T10:00:00.000Z`;
      case 'enum': {
        const values = field.values ?? [];
        return values[(variant - 1) % Math.max(values.length, 1)] ?? '';
      }
      case 'stringList': {
        const pool = variant % 2 === 1 ? ['alpha', 'beta', 'gamma', 'delta'] : ['epsilon', 'zeta', 'eta', 'theta'];
        const count = Math.min(Math.max(field.min ?? 0, 2), field.max ?? 4);
        return pool.slice(0, Math.max(count, 0));
      }
      case 'reference':
        return MISSING_ID;
    }
  }

  /** Input of a create: every field that is not generated, references resolved through `setup`. */
  input(resource: ResourceSpec, variant: number, setup: Setup, opts: CreateOptions = {}): JsonObject | undefined {
    const input: JsonObject = {};
    for (const field of resource.fields) {
      if (field.generated) continue;
      if (opts.omit?.includes(field.name) && !field.required) continue;
      if (opts.overrides && field.name in opts.overrides) {
        input[field.name] = opts.overrides[field.name] as JsonValue;
        continue;
      }
      if (field.type === 'reference') {
        const parentStep = opts.parentFor?.[field.name];
        if (parentStep) {
          input[field.name] = ref(`${parentStep}.id`);
          continue;
        }
        const parent = this.resources.get(field.references ?? '');
        if (!parent || parent.name === resource.name) {
          if (field.required) return undefined;
          continue;
        }
        const made = makeParent(this, setup, resource, field.name, parent, variant, { fresh: opts.fresh ?? false });
        if (!made) {
          if (field.required) return undefined;
          continue;
        }
        input[field.name] = ref(`${made.step}.id`);
        continue;
      }
      input[field.name] = this.sample(resource, field, variant);
    }
    // a membership field takes one of the parent's listed values
    for (const rule of this.bp.rules) {
      if (rule.kind !== 'membership' || rule.resource !== resource.name) continue;
      if (opts.overrides && rule.field in opts.overrides) continue;
      const parentRef = input[rule.via];
      const parentStep = isRef(parentRef) ? refStep(parentRef) : undefined;
      const parent = setup.made.find((m) => m.step === parentStep);
      const list = parent?.input[rule.listField];
      if (Array.isArray(list) && typeof list[0] === 'string') input[rule.field] = list[(variant - 1) % list.length] as string;
    }
    // a value compared with a field of its parent is placed just on the allowed side of it
    for (const rule of this.bp.rules) {
      if (rule.kind !== 'compare' || rule.resource !== resource.name || !('parentField' in rule.against)) continue;
      if (opts.overrides && rule.field in opts.overrides) continue;
      const parentRef = input[rule.via];
      const parent = setup.made.find((m) => isRef(parentRef) && m.step === refStep(parentRef));
      const bound = parent ? this.stored(parent.resource, parent.input, rule.against.parentField) : undefined;
      const shifted = bound === undefined ? undefined : shiftValue(bound, rule.op === 'gt' ? 1 : rule.op === 'lt' ? -1 : 0);
      if (shifted !== undefined) input[rule.field] = shifted;
    }
    return input;
  }

  /** The stored value a created record has for a field: the input, else the default. */
  stored(resource: ResourceSpec, input: JsonObject, name: string): JsonValue | undefined {
    if (name in input) return input[name];
    const f = resource.fields.find((x) => x.name === name);
    return f?.default;
  }

  /** What a created record is expected to show: its input values and defaults. */
  echo(resource: ResourceSpec, input: JsonObject): JsonObject {
    const out: JsonObject = {};
    for (const field of resource.fields) {
      const v = this.stored(resource, input, field.name);
      if (v !== undefined) out[field.name] = v;
    }
    return out;
  }

  examplesFor(action: ActionSpec): ExampleCase[] {
    const resource = this.resources.get(action.resource);
    if (!resource) return [];
    switch (action.kind) {
      case 'create':
        return createCases(this, resource);
      case 'get':
        return this.getCases(resource, action.by);
      case 'list':
        return listCases(this, resource, action.filters);
      case 'update':
        return this.updateCases(resource, action.fields);
      case 'delete':
        return this.deleteCases(resource);
      case 'transition':
        return this.transitionCases(resource, action);
      case 'custom':
        return this.tallyCases(resource, action.custom.by);
    }
  }

  private lookupValue(made: Made, by: string): JsonValue {
    if (by === 'id') return ref(`${made.step}.id`);
    const field = made.resource.fields.find((f) => f.name === by);
    if (field?.generated) return ref(`${made.step}.${by}`);
    return made.input[by] ?? ref(`${made.step}.${by}`);
  }

  private missingValue(resource: ResourceSpec, by: string): JsonValue {
    const field = resource.fields.find((f) => f.name === by);
    if (!field || by === 'id') return MISSING_ID;
    switch (field.type) {
      case 'integer':
      case 'number':
        return clamp(987654, field.min, field.max);
      case 'email':
        return 'nobody@example.com';
      case 'url':
        return 'https://example.com/missing';
      case 'enum':
      case 'boolean':
      case 'stringList':
      case 'date':
      case 'datetime':
      case 'reference':
      case 'string':
      case 'text':
        return field.generated === 'code' ? 'zzzzzzz' : 'missing';
    }
  }

  private getCases(resource: ResourceSpec, by: string): ExampleCase[] {
    const what = words(resource.name);
    const s = new Setup(this);
    const made = s.create(resource, 1);
    const cases: ExampleCase[] = [];
    if (made) {
      cases.push({ name: `finds a ${what} by ${words(by)}`, ...steps(s), input: { [by]: this.lookupValue(made, by) }, expect: { status: 200, result: { id: ref(`${made.step}.id`), ...this.echo(resource, made.input) } } });
    }
    cases.push({ name: `answers 404 for an unknown ${words(by)}`, input: { [by]: this.missingValue(resource, by) }, expect: { status: 404, errorCode: 'NOT_FOUND' } });
    return cases;
  }

  private updateCases(resource: ResourceSpec, fields: string[]): ExampleCase[] {
    const what = words(resource.name);
    const cases: ExampleCase[] = [];
    const s = new Setup(this);
    const made = s.create(resource, 1);
    const updatable = fields.map((n) => resource.fields.find((f) => f.name === n)).filter((f): f is FieldSpec => f !== undefined && f.type !== 'reference');
    // a state field changes only along its transitions: the plain change uses another field when there is one
    const stateless = updatable.some((f) => !f.transitions) ? updatable.filter((f) => !f.transitions) : updatable;
    // and a field a rule ties to another record (one of the poll's options, below the tank's
    // capacity) only when nothing else can change: a second sample of it may break the rule
    const ruled = new Set(this.bp.rules.flatMap((r) => (r.resource === resource.name && (r.kind === 'membership' || r.kind === 'compare') ? [r.field] : [])));
    const candidates = stateless.some((f) => !ruled.has(f.name)) ? stateless.filter((f) => !ruled.has(f.name)) : stateless;
    const field = candidates.find((f) => JSON.stringify(this.sample(resource, f, 2)) !== JSON.stringify(made?.input[f.name])) ?? candidates[0];
    if (made && field) {
      const value = this.sample(resource, field, 2);
      cases.push({ name: `changes the ${words(field.name)} of a ${what}`, ...steps(s), input: { id: ref(`${made.step}.id`), [field.name]: value }, expect: { status: 200, result: { id: ref(`${made.step}.id`), [field.name]: value } } });
      const state = updatable.find((f) => f.transitions);
      const from = state ? this.stored(resource, made.input, state.name) : undefined;
      const stuck = state && typeof from === 'string' ? (state.values ?? []).find((v) => v !== from && !allows(state, from, v)) : undefined;
      if (state && stuck !== undefined) {
        cases.push({ name: `refuses to move ${words(state.name)} to ${stuck}`, ...steps(s), input: { id: ref(`${made.step}.id`), [state.name]: stuck }, expect: { status: 409, errorCode: 'RULE_VIOLATED' } });
      }
      if (field.type === 'enum') {
        cases.push({ name: `refuses a ${words(field.name)} that is not listed`, ...steps(s), input: { id: ref(`${made.step}.id`), [field.name]: 'not-a-listed-value' }, expect: { status: 400, errorCode: 'VALIDATION_FAILED' } });
      }
    }
    if (made && !field) {
      // an update of the record's link alone ("move a traveller to another coach"): to a second parent
      const link = fields.map((n) => resource.fields.find((f) => f.name === n)).find((f) => f?.type === 'reference');
      const target = link ? this.resources.get(link.references ?? '') : undefined;
      const other = link && target ? s.create(target, 2, { fresh: true }) : undefined;
      if (link && target && other) {
        const moved = { id: ref(`${made.step}.id`), [link.name]: ref(`${other.step}.id`) };
        cases.push({ name: `moves a ${what} to another ${words(target.name)}`, ...steps(s), input: moved, expect: { status: 200, result: moved } });
      }
    }
    const any = field ?? resource.fields.find((f) => fields.includes(f.name));
    cases.push({ name: `answers 404 for an unknown ${what}`, input: { id: MISSING_ID, ...(any && any.type !== 'reference' ? { [any.name]: this.sample(resource, any, 2) } : {}) }, expect: { status: 404, errorCode: 'NOT_FOUND' } });
    return cases;
  }

  private deleteCases(resource: ResourceSpec): ExampleCase[] {
    const what = words(resource.name);
    const s = new Setup(this);
    const made = s.create(resource, 1);
    const cases: ExampleCase[] = [];
    if (made) cases.push({ name: `deletes a ${what}`, ...steps(s), input: { id: ref(`${made.step}.id`) }, expect: { status: 200, result: { id: ref(`${made.step}.id`), deleted: true } } });
    cases.push({ name: `answers 404 for an unknown ${what}`, input: { id: MISSING_ID }, expect: { status: 404, errorCode: 'NOT_FOUND' } });
    return cases;
  }

  /** Params of a transition: referenced records are created in the setup; amounts are small. */
  private params(action: TransitionAction, s: Setup, amount: number): JsonObject | undefined {
    const out: JsonObject = {};
    for (const p of action.params) {
      if (p.type === 'reference') {
        const target = this.resources.get(p.references ?? '');
        const made = target ? s.parent(target, 1, false) : undefined;
        if (!made) return undefined;
        out[p.name] = ref(`${made.step}.id`);
      } else if (p.type === 'integer' || p.type === 'number') {
        out[p.name] = clamp(amount, p.min, p.max);
      } else {
        const fake: ResourceSpec = { name: 'Param', plural: 'params', fields: [] };
        out[p.name] = this.sample(fake, p, 1);
      }
    }
    return out;
  }

  /** Setup steps that make the transition's guards hold on a fresh record (e.g. borrow before return). */
  private satisfyGuards(action: TransitionAction, made: Made, s: Setup, params: JsonObject = {}): boolean {
    for (const guard of action.guards) {
      const current = this.stored(made.resource, made.input, guard.field);
      const holds = guardHolds(guard.op, current, this.resolve(guard.value, made, params));
      if (holds === true) continue;
      const setter = this.bp.actions.find((a): a is TransitionAction => a.kind === 'transition' && a.resource === action.resource && a.name !== action.name && a.effects.some((e) => 'set' in e && e.set === guard.field));
      if (!setter) {
        if (!this.raiseUntil(action, guard, current, made, s, params)) return false;
        continue;
      }
      const setterParams = this.params(setter, s, 1);
      if (!setterParams) return false;
      s.run(setter.name, { [setter.by]: this.lookupValue(made, setter.by), ...setterParams }, 'before');
    }
    return true;
  }

  /**
   * "redeem only with at least 9 stamps", where another action adds stamps: that action is run before,
   * as many times as the guard needs (a loyalty card is stamped nine times before it is redeemed).
   */
  private raiseUntil(action: TransitionAction, guard: TransitionAction['guards'][number], current: JsonValue | undefined, made: Made, s: Setup, params: JsonObject): boolean {
    const target = this.resolve(guard.value, made, params);
    if (typeof current !== 'number' || (guard.op !== 'gte' && guard.op !== 'gt') || !target || !('literal' in target) || typeof target.literal !== 'number') return false;
    const raiser = this.bp.actions.find((a): a is TransitionAction => a.kind === 'transition' && a.resource === action.resource && a.name !== action.name && a.guards.length === 0 && a.effects.some((e) => 'increment' in e && e.increment === guard.field));
    const raise = raiser?.effects.find((e): e is Extract<typeof e, { increment: string }> => 'increment' in e && e.increment === guard.field);
    const raiserParams = raiser ? this.params(raiser, s, 1) : undefined;
    const by = raise && 'literal' in raise.by ? raise.by.literal : raise && 'param' in raise.by ? raiserParams?.[raise.by.param] : undefined;
    if (!raiser || !raiserParams || typeof by !== 'number' || by <= 0) return false;
    // (the fewest runs after which the value meets the guard: reaching it for gte, passing it for gt)
    const gap = (target.literal - current) / by;
    const times = guard.op === 'gte' ? Math.ceil(gap) : Math.floor(gap) + 1;
    // (a setup of more than a few dozen calls says the guard is not meant to be reached this way)
    if (times > 50) return false;
    for (let k = 0; k < times; k++) s.run(raiser.name, { [raiser.by]: this.lookupValue(made, raiser.by), ...raiserParams }, 'before');
    return true;
  }

  /** A guard's comparison value as a literal, when it can be known before the call. */
  private resolve(value: ValueSource | undefined, made: Made, params: JsonObject): ValueSource | undefined {
    if (!value) return undefined;
    if ('param' in value) {
      const v = params[value.param];
      return v === undefined || isRef(v) ? undefined : { literal: v };
    }
    if ('field' in value) {
      const v = this.stored(made.resource, made.input, value.field);
      return v === undefined ? undefined : { literal: v };
    }
    return value;
  }

  private transitionCases(resource: ResourceSpec, action: TransitionAction): ExampleCase[] {
    const cases: ExampleCase[] = [];
    const what = words(resource.name);
    const verb = words(action.name).split(' ')[0] ?? action.name;
    const s = new Setup(this);
    const touched = [...action.guards.map((g) => g.field), ...action.effects.map((e) => effectTarget(e)[1])].filter((f) => {
      const spec = resource.fields.find((x) => x.name === f);
      return spec !== undefined && (spec.type === 'boolean' || spec.type === 'enum') && spec.default !== undefined;
    });
    const made = s.create(resource, 1, { omit: touched });
    const decrement = action.effects.find((e): e is Extract<typeof e, { decrement: string }> => 'decrement' in e);
    const amount = decrement ? 1 : 3;
    const params = made ? this.params(action, s, amount) : undefined;
    const move = stateMove(action, resource);
    const walked = made && move ? this.walkTo(made, move.field.name, (state) => allows(move.field, state, move.to), s) !== undefined : true;
    if (made && params && walked && this.satisfyGuards(action, made, s, params)) {
      const input = { [action.by]: this.lookupValue(made, action.by), ...params };
      const result: JsonObject = { id: ref(`${made.step}.id`) };
      const ranBefore = s.steps.some((st) => st.as.startsWith('before'));
      for (const effect of action.effects) {
        if ('set' in effect) {
          const v = valueOf(effect.to, params);
          if (v !== undefined) result[effect.set] = v;
        } else if ('clear' in effect) {
          result[effect.clear] = null;
        } else if ('toggle' in effect) {
          const cur = this.stored(resource, made.input, effect.toggle);
          if (typeof cur === 'boolean' && !ranBefore) result[effect.toggle] = !cur;
        } else {
          const name = 'increment' in effect ? effect.increment : effect.decrement;
          const cur = this.stored(resource, made.input, name);
          const by = valueOf(effect.by, params);
          if (typeof cur === 'number' && typeof by === 'number' && !ranBefore) result[name] = roundTo(cur + ('increment' in effect ? by : -by));
        }
      }
      cases.push({ name: `${verb}s a ${what}`, ...steps(s), input, expect: { status: 200, result } });

      // the guard refuses: do it once, then again (or, for "must be set" guards, on a fresh record)
      const guard = action.guards[0];
      if (guard) {
        const g = new Setup(this);
        const m2 = g.create(resource, 1, { omit: touched });
        const p2 = m2 ? this.params(action, g, amount) : undefined;
        if (m2 && p2) {
          const holdsFresh = guardHolds(guard.op, this.stored(resource, m2.input, guard.field), this.resolve(guard.value, m2, p2));
          if (holdsFresh === false) {
            cases.push({ name: `refuses: ${guard.message}`, ...steps(g), input: { [action.by]: this.lookupValue(m2, action.by), ...p2 }, expect: { status: 409, errorCode: 'RULE_VIOLATED' } });
          } else if (holdsFresh === true && this.satisfyGuards(action, m2, g, p2) && action.effects.some((e) => 'set' in e && e.set === guard.field)) {
            g.run(action.name, { [action.by]: this.lookupValue(m2, action.by), ...p2 }, 'first');
            cases.push({ name: `refuses: ${guard.message}`, ...steps(g), input: { [action.by]: this.lookupValue(m2, action.by), ...p2 }, expect: { status: 409, errorCode: 'RULE_VIOLATED' } });
          }
        }
      }
      // a decrement below the field's minimum is refused
      if (decrement && 'param' in decrement.by) {
        const field = resource.fields.find((f) => f.name === decrement.decrement);
        const cur = this.stored(resource, made.input, decrement.decrement);
        if (field?.min !== undefined && typeof cur === 'number') {
          const tooMuch = roundTo(cur - field.min + 1);
          cases.push({ name: `refuses to take ${words(decrement.decrement)} below ${field.min}`, ...steps(s), input: { ...input, [decrement.by.param]: tooMuch }, expect: { status: 409, errorCode: 'RULE_VIOLATED' } });
        }
      }
      if (move) {
        const g = new Setup(this);
        const m2 = g.create(resource, 1, { omit: touched });
        const p2 = m2 ? this.params(action, g, amount) : undefined;
        const stuckAt = m2 && p2 ? this.walkTo(m2, move.field.name, (state) => !allows(move.field, state, move.to), g) : undefined;
        if (m2 && p2 && stuckAt !== undefined) {
          cases.push({ name: `refuses to ${verb} a ${what} that is ${stuckAt}`, ...steps(g), input: { [action.by]: this.lookupValue(m2, action.by), ...p2 }, expect: { status: 409, errorCode: 'RULE_VIOLATED' } });
        }
      }
      const requiredParam = action.params.find((p) => p.required);
      if (requiredParam) {
        const without = { ...input };
        delete without[requiredParam.name];
        cases.push({ name: `refuses without ${words(requiredParam.name)}`, ...steps(s), input: without, expect: { status: 400, errorCode: 'VALIDATION_FAILED' } });
      }
    }
    const fakeParams = made ? (this.params(action, new Setup(this), amount) ?? {}) : {};
    const hasRefParam = Object.values(fakeParams).some(isRef);
    cases.push({
      name: `answers 404 for an unknown ${what}`,
      ...(hasRefParam ? this.paramSetup(action, amount) : { input: { [action.by]: this.missingValue(resource, action.by), ...fakeParams } }),
      expect: { status: 404, errorCode: 'NOT_FOUND' },
    });
    const last = cases[cases.length - 1] as ExampleCase;
    if (!hasRefParam) last.input = { [action.by]: this.missingValue(resource, action.by), ...fakeParams };
    return cases;
  }

  /**
   * Runs the shortest walk of transition actions taking the record's state field to a state `wanted`
   * accepts, and answers that state; undefined when no reachable state will do. Nothing runs when
   * the current state is wanted.
   */
  walkTo(made: Made, fieldName: string, wanted: (state: string) => boolean, s: Setup): string | undefined {
    const field = made.resource.fields.find((f) => f.name === fieldName);
    const start = this.stored(made.resource, made.input, fieldName);
    if (!field || typeof start !== 'string') return undefined;
    const paths = reachable(field, start, this.bp.actions, made.resource);
    let found: [string, Walk[]] | undefined;
    for (const [state, path] of paths) {
      if (wanted(state)) {
        found = [state, path];
        break;
      }
    }
    if (!found) return undefined;
    for (const step of found[1]) {
      const params = this.params(step.action, s, 1);
      if (!params) return undefined;
      s.run(step.action.name, { [step.action.by]: this.lookupValue(made, step.action.by), ...params }, 'before');
    }
    return found[0];
  }

  /** Setup creating only the records a transition's params refer to. */
  private paramSetup(action: TransitionAction, amount: number): { setup?: ExampleStep[]; input: JsonObject } {
    const s = new Setup(this);
    const params = this.params(action, s, amount) ?? {};
    const resource = this.resources.get(action.resource) as ResourceSpec;
    return { ...steps(s), input: { [action.by]: this.missingValue(resource, action.by), ...params } };
  }

  private tallyCases(resource: ResourceSpec, by: string): ExampleCase[] {
    const what = words(resource.name);
    const cases: ExampleCase[] = [];
    const s = new Setup(this);
    const made = s.create(resource, 1);
    const tally = this.bp.actions.find((a) => a.kind === 'custom' && a.resource === resource.name);
    if (made && tally?.kind === 'custom') {
      const counted = this.resources.get(tally.custom.countResource);
      if (counted) {
        s.create(counted, 1, { parentFor: { [tally.custom.via]: made.step } });
        s.create(counted, 2, { parentFor: { [tally.custom.via]: made.step } });
      }
      cases.push({ name: `counts per ${words(tally.custom.groupField)} for a ${what}`, ...steps(s), input: { [by]: this.lookupValue(made, by) }, expect: { status: 200 } });
    }
    cases.push({ name: `answers 404 for an unknown ${what}`, input: { [by]: this.missingValue(resource, by) }, expect: { status: 404, errorCode: 'NOT_FOUND' } });
    return cases;
  }
}

