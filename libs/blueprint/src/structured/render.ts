import type { ActionSpec, Blueprint, EffectSpec, FieldSpec, GuardSpec, ResourceSpec, RuleSpec, ValueSource } from '../blueprint.js';
import { json, textOut } from './text.js';
import { inputFieldNames } from '../semantic-fields.js';

/**
 * Renders a Blueprint as the structured prompt (docs/prompts.md, "The structured prompt"): a
 * Markdown draft a person can edit and resubmit, which `parseStructuredPrompt` reads back to the
 * identical Blueprint. Free text is bare when it cannot be mistaken for syntax, JSON-quoted otherwise.
 */

/** Something the interpreter could not map: rendered as `- [ ] <the user's words>` to be filled in. */
export interface StructuredGap {
  text: string;
  /** The resource the gap belongs under; without it, the gap goes to the end of the draft. */
  resource?: string;
}

export interface RenderOptions {
  /** Include each action's example cases (default true; a draft for people may leave them out). */
  examples?: boolean;
  gaps?: readonly StructuredGap[];
}

function typePhrase(field: FieldSpec): string {
  switch (field.type) {
    case 'enum':
      return `one of ${(field.values ?? []).map(json).join(' | ')}`;
    case 'reference':
      return `reference to ${field.references ?? ''}`;
    case 'stringList':
      return 'list of strings';
    default:
      return field.type;
  }
}

/** `title: string, required, min 1, max 200` (the part after the bullet). */
export function renderField(field: FieldSpec): string {
  const traits = [typePhrase(field), field.required ? 'required' : 'optional'];
  if (field.unique !== undefined) traits.push(field.unique ? 'unique' : 'not unique');
  if (field.generated !== undefined) traits.push(field.generated === 'code' ? 'generated code' : 'managed');
  if (field.min !== undefined) traits.push(`min ${json(field.min)}`);
  if (field.max !== undefined) traits.push(`max ${json(field.max)}`);
  if (field.default !== undefined) traits.push(`default ${json(field.default)}`);
  if (field.transitions !== undefined) traits.push(`moves ${field.transitions.map((t) => `${json(t.from)} -> ${json(t.to)}`).join(' | ')}`);
  if (field.description !== undefined) traits.push(`description ${json(field.description)}`);
  return `${field.name}: ${traits.join(', ')}`;
}

function valueOut(source: ValueSource): string {
  if ('literal' in source) return json(source.literal);
  if ('param' in source) return `param ${source.param}`;
  if ('field' in source) return `field ${source.field}`;
  return 'now';
}

function guardOut(guard: GuardSpec): string {
  const value = guard.value === undefined ? '' : ` ${valueOut(guard.value)}`;
  return `guard ${guard.field} ${guard.op}${value} else ${json(guard.message)}`;
}

function effectOut(effect: EffectSpec): string {
  if ('set' in effect) return `set ${effect.set} to ${valueOut(effect.to)}`;
  if ('increment' in effect) return `increment ${effect.increment} by ${valueOut(effect.by)}`;
  if ('decrement' in effect) return `decrement ${effect.decrement} by ${valueOut(effect.by)}`;
  if ('toggle' in effect) return `toggle ${effect.toggle}`;
  return `clear ${effect.clear}`;
}

function actionHead(action: ActionSpec, blueprint: Blueprint): string {
  switch (action.kind) {
    case 'get':
    case 'transition':
      return `${action.kind} ${action.resource} by ${action.by}`;
    case 'update': {
      // an update of every field the record takes is written without its list, so that renaming a
      // field in the draft needs no second edit of the update line
      const record = blueprint.resources.find((r) => r.name === action.resource);
      return record && inputFieldNames(record).join(',') === action.fields.join(',') ? `update ${action.resource}` : `update ${action.resource} fields ${action.fields.join(', ')}`;
    }
    case 'custom':
      return `tally ${action.resource} by ${action.custom.by}`;
    default:
      return `${action.kind} ${action.resource}`;
  }
}

function actionDetails(action: ActionSpec): string[] {
  switch (action.kind) {
    case 'list': {
      const lines = action.filters.map((f) => `filter ${f.param}: ${f.field} ${f.op}`);
      lines.push(`page ${json(action.defaultLimit)} of ${json(action.maxLimit)}`);
      if (action.orderBy) lines.push(`order by ${action.orderBy.field} ${action.orderBy.direction}`);
      return lines;
    }
    case 'transition':
      return [...action.params.map((p) => `param ${renderField(p)}`), ...action.guards.map(guardOut), ...action.effects.map(effectOut)];
    case 'custom':
      return [`count ${action.custom.countResource} via ${action.custom.via}, group by ${action.custom.groupField}, over ${action.custom.optionsField}`];
    default:
      return [];
  }
}

function renderAction(action: ActionSpec, blueprint: Blueprint, examples: boolean): string[] {
  const lines = [`- ${action.name}: ${actionHead(action, blueprint)} — ${textOut(action.description)}`];
  for (const detail of actionDetails(action)) lines.push(`  - ${detail}`);
  if (examples) for (const example of action.examples) lines.push(`  - example ${json(example)}`);
  return lines;
}

function renderRule(rule: RuleSpec): string {
  switch (rule.kind) {
    case 'capacity':
      return `- capacity: ${rule.resource} via ${rule.via}, limit ${rule.limitField}${rule.freedWhen ? `, not counting ${rule.freedWhen.field} ${json(rule.freedWhen.value)}` : ''}, else ${json(rule.message)}`;
    case 'membership':
      return `- membership: ${rule.resource} via ${rule.via}, ${rule.field} in ${rule.listField}, else ${json(rule.message)}`;
    case 'parentGuard': {
      const value = rule.value === undefined ? '' : ` ${json(rule.value)}`;
      return `- parentGuard: ${rule.resource} via ${rule.via}, ${rule.field} ${rule.op}${value}, else ${json(rule.message)}`;
    }
    case 'compare': {
      const against = 'aggregate' in rule.against ? rule.against.aggregate : `parent ${rule.against.parentField}`;
      return `- compare: ${rule.resource} via ${rule.via}, ${rule.field} ${rule.op} ${against}, else ${json(rule.message)}`;
    }
  }
}

function gapLine(gap: StructuredGap): string {
  return `- [ ] ${gap.text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim()}`;
}

function renderResource(resource: ResourceSpec, gaps: readonly StructuredGap[]): string[] {
  const lines = [`## ${resource.name} (${resource.plural})`, ''];
  if (resource.description !== undefined) lines.push(textOut(resource.description), '');
  for (const field of resource.fields) lines.push(`- ${renderField(field)}`);
  if (resource.uniqueTogether !== undefined) {
    if (resource.uniqueTogether.length === 0) lines.push('- unique together: none');
    for (const names of resource.uniqueTogether) lines.push(`- unique together: ${names.join(' + ')}`);
  }
  for (const gap of gaps) lines.push(gapLine(gap));
  lines.push('');
  return lines;
}

/** The structured prompt of a Blueprint; `parseStructuredPrompt` reads it back to the same Blueprint. */
export function renderStructuredPrompt(blueprint: Blueprint, options: RenderOptions = {}): string {
  const gaps = options.gaps ?? [];
  const names = new Set(blueprint.resources.map((r) => r.name));
  const lines = [`# ${textOut(blueprint.name)}`, '', textOut(blueprint.description), ''];
  for (const resource of blueprint.resources) lines.push(...renderResource(resource, gaps.filter((g) => g.resource === resource.name)));
  lines.push('## Actions', '');
  for (const action of blueprint.actions) lines.push(...renderAction(action, blueprint, options.examples ?? true));
  lines.push('');
  if (blueprint.rules.length > 0) lines.push('## Rules', '', ...blueprint.rules.map(renderRule), '');
  const loose = gaps.filter((g) => g.resource === undefined || !names.has(g.resource));
  if (loose.length > 0) lines.push('## Not understood yet', '', ...loose.map(gapLine), '');
  return lines.join('\n');
}
