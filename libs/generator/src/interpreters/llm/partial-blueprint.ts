/**
 * Plain words for whatever a (possibly invalid) blueprint got right, for PROMPT_NOT_UNDERSTOOD's
 * `understood`. It reads defensively: the value came from an LLM and failed validation.
 */
export function describePartialBlueprint(value: unknown): string[] {
  if (!isRecord(value)) return [];
  const lines: string[] = [];
  for (const resource of asArray(value['resources'])) {
    if (!isRecord(resource) || typeof resource['name'] !== 'string') continue;
    const fields = asArray(resource['fields'])
      .filter(isRecord)
      .map((f) => (typeof f['name'] === 'string' ? (typeof f['type'] === 'string' ? `${f['name']} (${f['type']})` : f['name']) : undefined))
      .filter((f): f is string => f !== undefined);
    lines.push(`resource ${clip(resource['name'])}${fields.length > 0 ? ` with fields ${fields.map(clip).join(', ')}` : ''}`);
  }
  for (const action of asArray(value['actions'])) {
    if (!isRecord(action) || typeof action['name'] !== 'string') continue;
    const kind = typeof action['kind'] === 'string' ? action['kind'] : 'action';
    const on = typeof action['resource'] === 'string' ? ` on ${clip(action['resource'])}` : '';
    lines.push(`action ${clip(action['name'])}: ${clip(kind)}${on}`);
  }
  for (const rule of asArray(value['rules'])) {
    if (isRecord(rule) && typeof rule['kind'] === 'string' && typeof rule['resource'] === 'string') {
      lines.push(`rule ${clip(rule['kind'])} on ${clip(rule['resource'])}`);
    }
  }
  return lines.slice(0, 100);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
