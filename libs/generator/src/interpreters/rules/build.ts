import { BLUEPRINT_SCHEMA_VERSION, toPascalCase, type ActionSpec, type Blueprint, type FieldType, type FilterSpec, type ResourceSpec, type RuleSpec } from '@backforge/blueprint';
import { ENDING_VERBS, LOOK_UP_VERBS } from './lexicon.js';
import { keyOf, type ActionDraft, type Analysis, type ResourceDraft } from './model.js';
import { camelCase, pascalCase, plural, splitIdentifier } from './text.js';
import { paramName } from './stages/filters.js';

const KIND_ORDER = ['create', 'get', 'list', 'update', 'delete', 'transition', 'custom'] as const;

export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;

/**
 * Settles names and order: resources in the order the prompt introduced them, each resource's
 * actions in CRUD order then transitions and custom actions in prompt order. Examples are left
 * empty here (see examples.ts).
 */
export function buildBlueprint(name: string, prompt: string, analysis: Analysis): Blueprint {
  const resourceName = (key: string): string => pascalCase(key.split(' '));
  const resources: ResourceSpec[] = analysis.resources.map((r) => toResource(r));
  const byKey = new Map(analysis.resources.map((r, i) => [keyOf(r.words), i]));
  const ordered = lookUpsByUniqueField(analysis)
    .map((a, i) => ({ a, i }))
    .sort((x, y) => (byKey.get(x.a.resource) ?? 0) - (byKey.get(y.a.resource) ?? 0) || KIND_ORDER.indexOf(x.a.kind) - KIND_ORDER.indexOf(y.a.kind) || x.i - y.i)
    .map(({ a }) => a);
  const used = new Set<string>();
  const actions: ActionSpec[] = ordered.map((draft) => {
    const res = analysis.resources.find((r) => keyOf(r.words) === draft.resource) as ResourceDraft;
    const spec = toAction(draft, res, resources.find((r) => r.name === resourceName(draft.resource)) as ResourceSpec);
    let n = spec.name;
    for (let i = 2; used.has(n); i++) n = `${spec.name}${i}`;
    used.add(n);
    return { ...spec, name: n };
  });
  const rules: RuleSpec[] = analysis.rules.map((r) => {
    const freedWhen = r.kind === 'capacity' ? endedState(analysis.actions, r.resource) : undefined;
    return { ...r, resource: resourceName(r.resource), ...(freedWhen ? { freedWhen } : {}) };
  });
  const human = name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
  return {
    schemaVersion: BLUEPRINT_SCHEMA_VERSION,
    name: human || toPascalCase(name) || 'Backend',
    description: prompt.trim().replace(/\s+/g, ' ').slice(0, 2000),
    resources,
    actions,
    rules,
  };
}

/**
 * "look products up by name" where names are unique: one product is looked up, a get by the name
 * (199 of 204 writers of the batches asked a get by a unique field, 5 a list); the records can
 * still be listed, whole, when nothing else lists them.
 */
function lookUpsByUniqueField(analysis: Analysis): ActionDraft[] {
  const unique = (resource: string, field: string): boolean => analysis.resources.some((r) => keyOf(r.words) === resource && r.fields.some((f) => f.spec.name === field && f.spec.unique));
  const lookUp = (a: ActionDraft): boolean => a.kind === 'list' && LOOK_UP_VERBS.has(a.verb) && a.orderBy === undefined && a.filters.length === 1 && a.filters[0]?.op === 'eq' && unique(a.resource, a.filters[0].field);
  return analysis.actions.flatMap((a): ActionDraft[] => {
    if (!lookUp(a)) return [a];
    const field = a.filters[0]?.field as string;
    const got = analysis.actions.some((x) => x.kind === 'get' && x.resource === a.resource && x.by === field);
    const listed = analysis.actions.some((x) => x !== a && x.kind === 'list' && x.resource === a.resource && !lookUp(x));
    return [...(got ? [] : [{ ...a, kind: 'get' as const, by: field, filters: [] }]), ...(listed ? [] : [{ ...a, filters: [], description: '' }])];
  });
}

/**
 * The state a record is put in when it is cancelled, revoked, ... ("guests can cancel a booking"):
 * a record kept in it takes no place under its parent's capacity, as a deleted one would not.
 */
function endedState(actions: readonly ActionDraft[], resource: string): { field: string; value: string | boolean } | undefined {
  for (const a of actions) {
    if (a.kind !== 'transition' || a.resource !== resource || !ENDING_VERBS.has(a.verb)) continue;
    const set = a.effects.find((e) => 'set' in e && 'to' in e && 'literal' in e.to && (typeof e.to.literal === 'string' || e.to.literal === true));
    if (set && 'set' in set && 'literal' in set.to) return { field: set.set, value: set.to.literal as string | boolean };
  }
  return undefined;
}

function toResource(r: ResourceDraft): ResourceSpec {
  const last = r.words[r.words.length - 1] as string;
  return {
    name: pascalCase(r.words),
    plural: camelCase([...r.words.slice(0, -1), plural(last)]),
    description: r.origin.slice(0, 2000),
    fields: r.fields.map((f) => ({ ...f.spec })),
    ...(r.uniqueTogether?.length ? { uniqueTogether: r.uniqueTogether.map((names) => [...names]) } : {}),
  };
}

function toAction(d: ActionDraft, res: ResourceDraft, spec: ResourceSpec): ActionSpec {
  const R = pascalCase(res.words);
  const thing = withArticle(res.words.join(' '));
  const things = [...res.words.slice(0, -1), plural(res.words[res.words.length - 1] as string)].join(' ');
  const base = { resource: R, examples: [] };
  switch (d.kind) {
    case 'create':
      return { ...base, kind: 'create', name: `create${R}`, description: d.description || `Create ${thing}.` };
    case 'get': {
      const by = d.by ?? 'id';
      const name = d.name ?? (by === 'id' ? `get${R}` : `get${R}By${pascalCase(splitIdentifier(by))}`);
      return { ...base, kind: 'get', name, by, description: d.description || `Get ${thing} by ${by}.` };
    }
    case 'list':
      return { ...base, kind: 'list', name: `list${pascalCase(things.split(' '))}`, filters: withEveryFilter(d.filters, spec), defaultLimit: LIST_DEFAULT_LIMIT, maxLimit: LIST_MAX_LIMIT, ...(d.orderBy ? { orderBy: d.orderBy } : {}), description: d.description || `List ${things}.` };
    case 'update': {
      const inputFields = spec.fields.filter((f) => !f.generated).map((f) => f.name);
      const fields = d.updateFields?.filter((f) => inputFields.includes(f)) ?? inputFields;
      const partial = fields.length < inputFields.length && fields.length > 0;
      return { ...base, kind: 'update', name: d.name ?? (partial ? `update${R}${fields.map((f) => pascalCase(splitIdentifier(f))).join('')}` : `update${R}`), fields: fields.length ? fields : inputFields, description: d.description || `Update ${thing}.` };
    }
    case 'delete':
      return { ...base, kind: 'delete', name: `delete${R}`, description: d.description || `Delete ${thing}.` };
    case 'transition':
      return { ...base, kind: 'transition', name: d.name ?? camelCase([d.verb, ...res.words]), by: d.by ?? 'id', params: d.params, guards: d.guards, effects: d.effects, description: d.description || `${d.verb} ${thing}.` };
    case 'custom': {
      const t = d.tally as NonNullable<ActionDraft['tally']>;
      return { ...base, kind: 'custom', name: d.name ?? camelCase([...res.words, 'results']), custom: { operation: 'tally', by: 'id', ...t }, description: d.description || `Results of ${thing}.` };
    }
  }
}

/** Fields a list can be narrowed by whatever the prompt said: its links, states, dates and yes/no fields. */
const NARROWING: ReadonlySet<FieldType> = new Set(['reference', 'enum', 'date', 'boolean']);
/** A list's own inputs, never a filter's name. */
const LIST_INPUTS = new Set(['limit', 'offset']);

/**
 * The filters of a list read from the prompt, then one for each field that narrows it and that no
 * filter read names: the players of a team, the games of a day, the orders in a state, whether
 * asked in words the reading knows or not (`GET` with `?team=`, `?date=`, `?status=`; every filter
 * is optional). Read from the 2,487 prompts of batches 08-70, their writers asked 427 filtered lists
 * the reading had missed; with every list so narrowed, 42 more prompts are faithful. A structured
 * draft is read exactly (interpret.ts, readStructured) and keeps the filters it lists, no more.
 */
function withEveryFilter(named: readonly FilterSpec[], spec: ResourceSpec): FilterSpec[] {
  const params = new Set(named.map((f) => f.param));
  const fields = new Set(named.map((f) => f.field));
  const typeOf = (name: string): string | undefined => spec.fields.find((f) => f.name === name)?.type;
  // ("the appointments of a given day" with a date of birth beside: a list by one date is by no other)
  const dated = named.some((f) => typeOf(f.field) === 'date' || typeOf(f.field) === 'datetime');
  const more = spec.fields.filter((f) => NARROWING.has(f.type) && !(dated && f.type === 'date') && !fields.has(f.name) && !params.has(f.name) && !LIST_INPUTS.has(f.name));
  return [...named, ...more.map((f) => ({ param: paramName('eq', f), field: f.name, op: 'eq' as const }))];
}

/** "an entry", "a user", "an hour": the article a reader expects before a record's name. */
export function withArticle(thing: string): string {
  const an = /^(?:[aeiou]|hou?r|honest|honou?r|heir)/i.test(thing) && !/^(?:uni|use|usu|uti|eu|one|once|ewe)/i.test(thing);
  return `${an ? 'an' : 'a'} ${thing}`;
}
