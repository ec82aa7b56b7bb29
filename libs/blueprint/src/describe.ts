import type { ActionSpec, Blueprint, EffectSpec, FieldSpec, RuleSpec } from './blueprint.js';

/** One field in plain words: `title (string, required)`, `status (enum: open|done, default "open")`. */
export function describeField(field: FieldSpec): string {
  const traits: string[] = [];
  if (field.type === 'enum' && field.values) traits.push(`enum: ${field.values.join('|')}`);
  else if (field.type === 'reference' && field.references) traits.push(`reference to ${field.references}`);
  else traits.push(field.type);
  if (field.required) traits.push('required');
  if (field.unique) traits.push('unique');
  if (field.generated) traits.push(`generated ${field.generated}`);
  if (field.min !== undefined) traits.push(`min ${field.min}`);
  if (field.max !== undefined) traits.push(`max ${field.max}`);
  if (field.default !== undefined) traits.push(`default ${JSON.stringify(field.default)}`);
  if (field.transitions) traits.push(`transitions ${field.transitions.map((t) => `${t.from}->${t.to}`).join(' ')}`);
  return `${field.name} (${traits.join(', ')})`;
}

function describeAction(action: ActionSpec): string {
  const head = `action ${action.name}: ${action.kind} on ${action.resource}`;
  switch (action.kind) {
    case 'get':
      return `${head} by ${action.by}`;
    case 'list':
      return action.filters.length > 0 ? `${head}, filters ${action.filters.map((f) => `${f.param} (${f.field} ${f.op})`).join(', ')}` : head;
    case 'update':
      return `${head}, fields ${action.fields.join(', ')}`;
    case 'transition': {
      const parts = [`${head} by ${action.by}`];
      if (action.params.length > 0) parts.push(`params ${action.params.map((p) => p.name).join(', ')}`);
      if (action.guards.length > 0) parts.push(`guards on ${action.guards.map((g) => `${g.field} ${g.op}`).join(', ')}`);
      parts.push(`effects ${action.effects.map(describeEffect).join(', ')}`);
      return parts.join(', ');
    }
    case 'custom':
      return `${head}: tally of ${action.custom.countResource} by ${action.custom.groupField} over ${action.custom.optionsField}`;
    case 'create':
    case 'delete':
      return head;
  }
}

function describeEffect(effect: EffectSpec): string {
  if ('set' in effect) return `set ${effect.set}`;
  if ('increment' in effect) return `increment ${effect.increment}`;
  if ('decrement' in effect) return `decrement ${effect.decrement}`;
  if ('toggle' in effect) return `toggle ${effect.toggle}`;
  return `clear ${effect.clear}`;
}

function describeRule(rule: RuleSpec): string {
  switch (rule.kind) {
    case 'capacity':
      return `rule capacity: ${rule.resource} records per ${rule.via} may not exceed its ${rule.limitField}${rule.freedWhen ? ` (not counting ${rule.freedWhen.field} = ${JSON.stringify(rule.freedWhen.value)})` : ''}`;
    case 'membership':
      return `rule membership: ${rule.resource}.${rule.field} must be one of its ${rule.via}'s ${rule.listField}`;
    case 'parentGuard':
      return `rule parentGuard: a ${rule.resource} needs its ${rule.via}'s ${rule.field} ${rule.op}${rule.value === undefined ? '' : ` ${JSON.stringify(rule.value)}`}`;
    case 'compare': {
      const against = 'aggregate' in rule.against ? `the ${rule.against.aggregate} ${rule.field} of the other ${rule.resource} records of its ${rule.via}` : `its ${rule.via}'s ${rule.against.parentField}`;
      return `rule compare: ${rule.resource}.${rule.field} must be ${rule.op} ${against}`;
    }
  }
}

/**
 * The blueprint in plain words, one line per resource, action and rule, e.g.
 * "resource Book: title (string, required), isbn (string, unique)" and
 * "action borrowBook: transition on Book by id, ...". Used for PROMPT_NOT_UNDERSTOOD's `understood`
 * and for logs a person reads.
 */
export function describeBlueprint(blueprint: Blueprint): string[] {
  return [
    ...blueprint.resources.map((r) => {
      const together = (r.uniqueTogether ?? []).map((names) => `; unique together ${names.join(' + ')}`).join('');
      return `resource ${r.name}: ${r.fields.map(describeField).join(', ')}${together}`;
    }),
    ...blueprint.actions.map(describeAction),
    ...blueprint.rules.map(describeRule),
  ];
}
