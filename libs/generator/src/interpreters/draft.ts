import type { ActionSpec, Blueprint, FieldSpec, ResourceSpec } from '@backforge/blueprint';

/**
 * The editable draft of what was understood: one heading per resource, a bullet per field, then
 * the actions and rules, then every gap as a line starting with `?` that the user can rewrite or
 * delete and send again. Returned with every result, accepted or refused.
 */
export const GAP_MARK = '?';

/** The draft of a prompt in which nothing was understood: the shape to fill in, and what is missing. */
export function emptyDraft(name: string, gaps: readonly string[]): string {
  const title = name.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('') || 'Backend';
  return renderDraft({ name: title, resources: [], actions: [], rules: [] }, gaps);
}

export function renderDraft(blueprint: Pick<Blueprint, 'name' | 'resources' | 'actions' | 'rules'>, gaps: readonly string[]): string {
  const out: string[] = [`# ${blueprint.name}`];
  for (const r of blueprint.resources) {
    out.push('', `## ${r.name}`);
    const fields = r.fields.filter((f) => f.generated !== 'managed' || f.type === 'enum');
    if (fields.length === 0) out.push(`- ${GAP_MARK} (fields of a ${r.name}: "- name", "- price: number")`);
    for (const f of fields) out.push(`- ${fieldLine(f)}`);
    const actions = blueprint.actions.filter((a) => a.resource === r.name);
    if (actions.length) {
      out.push('', 'Actions:');
      for (const a of actions) out.push(`- ${actionLine(a, r)}`);
    }
  }
  if (blueprint.rules.length) {
    out.push('', '## Rules');
    for (const rule of blueprint.rules) out.push(rule.kind === 'capacity' ? `- at most ${rule.limitField} ${rule.resource} records per ${rule.via}` : `- ${rule.resource}.${rule.field} is one of its ${rule.via}'s ${rule.listField}`);
  }
  if (blueprint.resources.length === 0) out.push('', `## ${GAP_MARK} (a kind of record)`, `- ${GAP_MARK} (a field)`);
  if (gaps.length) {
    out.push('', '## Not understood (rewrite or delete each line)');
    for (const g of gaps) out.push(`- ${GAP_MARK} ${g}`);
  }
  return `${out.join('\n')}\n`;
}

function fieldLine(f: FieldSpec): string {
  const traits: string[] = [];
  if (f.type === 'enum') traits.push(`one of ${(f.values ?? []).join(', ')}`);
  else if (f.type === 'reference') traits.push(`a ${f.references ?? 'record'}`);
  else traits.push(f.type);
  if (f.unique) traits.push('unique');
  if (!f.required && f.default === undefined && !f.generated) traits.push('optional');
  if (f.min !== undefined && f.max !== undefined) traits.push(`from ${f.min} to ${f.max}`);
  else if (f.min !== undefined) traits.push(`at least ${f.min}`);
  else if (f.max !== undefined) traits.push(`at most ${f.max}`);
  if (f.default !== undefined) traits.push(`default ${JSON.stringify(f.default)}`);
  if (f.generated) traits.push(`set by the backend`);
  return `${f.name}: ${traits.join(', ')}`;
}

function actionLine(a: ActionSpec, r: ResourceSpec): string {
  switch (a.kind) {
    case 'list':
      return a.filters.length ? `list ${r.plural} by ${a.filters.map((f) => f.field).join(', ')}` : `list ${r.plural}`;
    case 'get':
      return a.by === 'id' ? `get a ${r.name}` : `get a ${r.name} by ${a.by}`;
    case 'update':
      return `update a ${r.name}`;
    case 'transition':
      return `${a.name}`;
    case 'custom':
      return `${a.name} (count ${a.custom.countResource} per ${a.custom.groupField})`;
    default:
      return `${a.kind} a ${r.name}`;
  }
}
