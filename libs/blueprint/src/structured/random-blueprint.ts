import type { ActionSpec, Blueprint, ExampleCase, FieldSpec, FieldType, JsonValue, ResourceSpec, RuleSpec } from '../blueprint.js';

/**
 * Seeded random Blueprints for property tests: valid by construction (every name, bound, default,
 * transition, filter, guard, effect and rule fits), with free text that tries to pass for syntax
 * of the structured prompt (quotes, dashes, gap markers, line breaks, separators).
 */

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['book', '\u2028ls', 'due', 'price', 'a', 'Zoë', '😀', 'x1', 'Status', '#tag', '"quoted"', '— dash', '- [ ] gap', '> TODO: x', 'else "m"', ', comma', 'a | b', 'x -> y', '\nline', ' pad ', '{"j": 1}', '[1]', 'param p', 'now', 'null'];
const FIELD_NAMES = ['title', 'amount', 'status', 'owner', 'dueDate', 'tags', 'code', 'count', 'note', 'score', 'active', 'level', 'email', 'site', 'startsOn', 'placedAt', 'stage', 'label'];
const RESOURCE_NAMES = ['Book', 'Member', 'Order', 'Line', 'Event', 'Rsvp', 'Auction', 'Bid'];
const TYPES: FieldType[] = ['string', 'text', 'integer', 'number', 'boolean', 'date', 'datetime', 'email', 'url', 'enum', 'stringList', 'reference'];

class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = prng(seed);
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)] as T;
  }
  text(maxWords = 4): string {
    const parts: string[] = [];
    for (let i = this.int(1, maxWords); i > 0; i--) parts.push(this.pick(WORDS));
    const joined = parts.join(this.pick([' ', '', ', ']));
    return joined.length > 0 ? joined : 'x';
  }
}

function sampleValue(r: Random, field: FieldSpec): JsonValue {
  const lo = field.min ?? 0;
  switch (field.type) {
    case 'integer':
      return field.max !== undefined ? r.int(lo, field.max) : lo + r.int(0, 9);
    case 'number':
      return field.max !== undefined ? lo + (field.max - lo) / 2 : lo + 0.5;
    case 'boolean':
      return r.chance(0.5);
    case 'date':
      return `2030-0${r.int(1, 9)}-1${r.int(0, 9)}`;
    case 'datetime':
      return `2030-01-1${r.int(0, 9)}T10:00:00Z`;
    case 'email':
      return 'someone@example.com';
    case 'url':
      return 'https://example.com/x';
    case 'enum':
      return r.pick(field.values ?? ['x']);
    case 'stringList':
      return Array.from({ length: field.min ?? 0 }, (_, i) => `item ${i}`);
    case 'reference':
      return 'some-id';
    case 'string':
    case 'text': {
      const want = Math.max(field.min ?? 0, 1);
      const s = r.text(2).padEnd(want, 'x');
      return field.max !== undefined ? s.slice(0, field.max) : s;
    }
  }
}

function randomField(r: Random, name: string, resources: readonly string[], param: boolean): FieldSpec {
  const type = r.pick(param ? TYPES.filter((t) => t !== 'stringList') : TYPES);
  const field: FieldSpec = { name, type, required: r.chance(0.5) };
  if (type === 'enum') field.values = [...new Set(Array.from({ length: r.int(1, 4) }, () => r.text(2)))];
  if (type === 'reference') field.references = r.pick(resources);
  if (['string', 'text', 'email', 'url', 'stringList'].includes(type) && r.chance(0.4)) {
    field.min = r.int(0, 3);
    if (r.chance(0.5)) field.max = field.min + r.int(type === 'email' || type === 'url' ? 40 : 0, 40);
  }
  if ((type === 'integer' || type === 'number') && r.chance(0.5)) {
    field.min = r.int(-5, 5);
    if (r.chance(0.5)) field.max = field.min + r.int(0, 100);
  }
  if (!param && !['boolean', 'stringList'].includes(type) && r.chance(0.3)) field.unique = r.chance(0.8);
  if (!param && type === 'string' && !field.unique && r.chance(0.15)) {
    field.generated = 'code';
    delete field.max;
    field.min = r.int(4, 32);
  } else if (!param && r.chance(0.2)) field.generated = 'managed';
  if (field.generated !== 'code' && r.chance(0.4)) field.default = sampleValue(r, field);
  if (!param && type === 'enum' && r.chance(0.5)) {
    const values = field.values ?? [];
    const moves = values.flatMap((from) => values.filter(() => r.chance(0.5)).map((to) => ({ from, to })));
    if (moves.length > 0) field.transitions = moves;
  }
  if (r.chance(0.3)) field.description = r.text();
  return field;
}

function examples(r: Random, firstAction: string): ExampleCase[] {
  const ok: ExampleCase = { name: r.text(3), input: {}, expect: { status: 200 } };
  if (r.chance(0.5)) {
    ok.setup = [{ as: 'first', action: firstAction, input: { label: r.text() } }];
    ok.input = { id: { $ref: 'first.id' }, note: r.text() };
    ok.expect = { status: 200, result: { id: { $ref: 'first.id' } } };
  }
  const status = r.pick([400, 404, 409] as const);
  return [ok, { name: `${r.text(2)} refused`, input: { x: [1, 'two', null, { y: r.text() }] }, expect: { status, ...(r.chance(0.5) ? { errorCode: 'RULE_VIOLATED' } : {}) } }];
}

function ordered(field: FieldSpec): boolean {
  return ['integer', 'number', 'date', 'datetime'].includes(field.type);
}

function randomActions(r: Random, resource: ResourceSpec, all: readonly string[]): ActionSpec[] {
  const ex = (): ExampleCase[] => examples(r, all[0] ?? 'x');
  const n = resource.name;
  const actions: ActionSpec[] = [{ name: `create${n}`, kind: 'create', resource: n, description: r.text(), examples: ex() }];
  const unique = resource.fields.find((f) => f.unique === true || f.generated === 'code');
  if (unique?.unique) actions.push({ name: `get${n}`, kind: 'get', resource: n, by: r.chance(0.5) ? unique.name : 'id', description: r.text(), examples: ex() });
  const filters = resource.fields.flatMap((f, i) => {
    const ops = f.type === 'stringList' ? ['contains'] : ordered(f) ? ['eq', 'lt', 'gte', ...(f.type === 'date' || f.type === 'datetime' ? ['onDay', 'fromDay', 'toDay'] : [])] : ['eq'];
    return r.chance(0.5) ? [{ param: `p${i}`, field: f.name, op: r.pick(ops) as 'eq' }] : [];
  });
  const list: ActionSpec = { name: `list${n}s`, kind: 'list', resource: n, description: r.text(), filters, defaultLimit: r.int(1, 20), maxLimit: r.int(20, 1000), examples: ex() };
  if (r.chance(0.5)) list.orderBy = { field: r.pick([...resource.fields.filter((f) => f.type !== 'stringList').map((f) => f.name), 'createdAt']), direction: r.pick(['asc', 'desc'] as const) };
  actions.push(list);
  const editable = resource.fields.filter((f) => f.generated === undefined).map((f) => f.name);
  if (editable.length > 0) actions.push({ name: `update${n}`, kind: 'update', resource: n, fields: editable.filter(() => r.chance(0.7)).concat(editable.slice(0, 1)).filter((f, i, a) => a.indexOf(f) === i), description: r.text(), examples: ex() });
  if (r.chance(0.5)) actions.push({ name: `delete${n}`, kind: 'delete', resource: n, description: r.text(), examples: ex() });
  for (const field of resource.fields) {
    if (field.generated === 'code') continue;
    const t = (effects: ActionSpec & { kind: 'transition' }): void => {
      actions.push(effects);
    };
    const base = { name: `move${n}${field.name.charAt(0).toUpperCase()}${field.name.slice(1)}`, kind: 'transition' as const, resource: n, by: 'id', description: r.text(), examples: ex() };
    if (field.type === 'enum' && r.chance(0.7)) {
      const targets = field.transitions ? field.transitions.map((m) => m.to) : (field.values ?? []);
      const to = r.pick(targets);
      t({ ...base, params: [], guards: [{ field: field.name, op: 'in', value: { literal: field.values ?? [] }, message: r.text() }], effects: [{ set: field.name, to: { literal: to } }] });
    } else if (field.type === 'boolean' && r.chance(0.7)) {
      t({ ...base, params: [], guards: [{ field: field.name, op: 'eq', value: { literal: false }, message: r.text() }], effects: [{ toggle: field.name }] });
    } else if (field.type === 'integer' && r.chance(0.7)) {
      t({ ...base, params: [{ name: 'amount', type: 'integer', required: true, min: 1 }], guards: [], effects: [{ [r.chance(0.5) ? 'increment' : 'decrement']: field.name, by: { param: 'amount' } } as { increment: string; by: { param: string } }] });
    } else if (field.type === 'datetime' && r.chance(0.7)) {
      t({ ...base, params: [], guards: [{ field: field.name, op: 'isNull', message: r.text() }], effects: [{ set: field.name, to: { now: true } }] });
    } else if (!field.required && r.chance(0.5)) {
      t({ ...base, params: [randomField(r, 'extra', all, true)], guards: [{ field: 'createdAt', op: 'notNull', message: r.text() }], effects: [{ clear: field.name }] });
    }
  }
  return actions;
}

function randomRules(r: Random, resources: readonly ResourceSpec[]): RuleSpec[] {
  const rules: RuleSpec[] = [];
  for (const child of resources) {
    for (const via of child.fields.filter((f) => f.type === 'reference')) {
      const parent = resources.find((p) => p.name === via.references);
      if (!parent) continue;
      const limit = parent.fields.find((f) => f.type === 'integer');
      const flag = child.fields.find((f) => f.type === 'boolean');
      if (limit && r.chance(0.5)) rules.push({ kind: 'capacity', resource: child.name, via: via.name, limitField: limit.name, message: r.text(), ...(flag && r.chance(0.5) ? { freedWhen: { field: flag.name, value: true } } : {}) });
      const list = parent.fields.find((f) => f.type === 'stringList');
      const member = child.fields.find((f) => f.type === 'string' || f.type === 'enum');
      if (list && member && r.chance(0.5)) rules.push({ kind: 'membership', resource: child.name, via: via.name, field: member.name, listField: list.name, message: r.text() });
      const state = parent.fields.find((f) => f.type === 'enum');
      if (state && r.chance(0.5)) {
        const op = r.pick(['eq', 'ne', 'in', 'notIn', 'isNull', 'notNull'] as const);
        const values = state.values ?? [];
        const value = op === 'in' || op === 'notIn' ? values.filter(() => r.chance(0.5)) : op === 'eq' || op === 'ne' ? r.pick(values) : undefined;
        rules.push({ kind: 'parentGuard', resource: child.name, via: via.name, field: state.name, op, ...(value === undefined ? {} : { value }), message: r.text() });
      }
      const compared = child.fields.find((f) => ordered(f));
      if (compared && r.chance(0.6)) {
        const against = parent.fields.find((f) => f.type === compared.type);
        rules.push({
          kind: 'compare',
          resource: child.name,
          via: via.name,
          field: compared.name,
          op: r.pick(['gt', 'gte', 'lt', 'lte'] as const),
          against: against && r.chance(0.5) ? { parentField: against.name } : { aggregate: r.pick(['max', 'min'] as const) },
          message: r.text(),
        });
      }
    }
  }
  return rules;
}

/** A valid Blueprint drawn from `seed`; the same seed always gives the same Blueprint. */
export function randomBlueprint(seed: number): Blueprint {
  const r = new Random(seed);
  const names = RESOURCE_NAMES.filter(() => r.chance(0.4));
  if (names.length === 0) names.push(r.pick(RESOURCE_NAMES));
  const resources: ResourceSpec[] = names.map((name, index) => {
    const fieldNames = FIELD_NAMES.filter(() => r.chance(0.3));
    if (fieldNames.length === 0) fieldNames.push(r.pick(FIELD_NAMES));
    const resource: ResourceSpec = { name, plural: `${name.charAt(0).toLowerCase()}${name.slice(1)}s`, fields: fieldNames.map((f) => randomField(r, f, names, false)) };
    // Required references point only at resources listed before, so they never form a cycle
    // (which validation refuses: no record of the cycle could be created first).
    for (const f of resource.fields) if (f.type === 'reference' && f.required && names.indexOf(f.references ?? '') >= index) f.required = false;
    if (r.chance(0.3)) resource.description = r.text(6);
    const pairable = resource.fields.filter((f) => f.type !== 'stringList');
    if (pairable.length >= 2 && r.chance(0.4)) resource.uniqueTogether = [[pairable[0]?.name ?? '', pairable[1]?.name ?? '']];
    return resource;
  });
  const actions = resources.flatMap((res) => randomActions(r, res, names));
  // every example may set up through the first action
  const first = actions[0]?.name ?? 'x';
  for (const a of actions) for (const e of a.examples) for (const s of e.setup ?? []) s.action = first;
  return { schemaVersion: 1, name: r.text(3).slice(0, 100) || 'x', description: r.text(8), resources, actions, rules: randomRules(r, resources) };
}
