import { inputFieldNames, type ActionSpec, type Blueprint, type FieldSpec } from '@backforge/blueprint';

/**
 * The corpus match, as defined in docs/prompts.md: a produced blueprint matches a corpus entry when
 * its resources are exactly the expected ones, each with exactly the expected field names; its
 * action signatures are exactly the expected ones; and every listed type and rule holds.
 * `problems` says what differs (empty when it matches).
 */
export interface CorpusExpectation {
  resources: Record<string, string[]>;
  actions: string[];
  types?: Record<string, string>;
  rules?: string[];
}

export function actionSignature(a: ActionSpec): string {
  switch (a.kind) {
    case 'create':
    case 'delete':
      return `${a.kind} ${a.resource}`;
    case 'get':
      return a.by === 'id' ? `get ${a.resource}` : `get ${a.resource} by ${a.by}`;
    case 'list':
      return a.filters.length ? `list ${a.resource} by ${[...new Set(a.filters.map((f) => f.field))].join(', ')}` : `list ${a.resource}`;
    case 'update':
      return `update ${a.resource}`;
    case 'transition':
      return `transition ${a.resource} ${a.name}`;
    case 'custom':
      return `custom ${a.resource} ${a.custom.operation}`;
  }
}

/** Update signatures name their fields when they do not cover every input field. */
function updateSignature(a: ActionSpec, bp: Blueprint): string {
  if (a.kind !== 'update') return actionSignature(a);
  const res = bp.resources.find((r) => r.name === a.resource);
  const inputs = res ? inputFieldNames(res) : [];
  return a.fields.length < inputs.length ? `update ${a.resource}: ${a.fields.join(', ')}` : `update ${a.resource}`;
}

export function blueprintSignatures(bp: Blueprint): string[] {
  return bp.actions.map((a) => updateSignature(a, bp));
}

function typeProblem(field: FieldSpec, want: string): string | undefined {
  const [type, ...flags] = want.split(/\s+/);
  if (field.type !== type) return `type ${field.type}, expected ${type}`;
  for (const flag of flags) {
    if (flag === 'unique' && !field.unique) return 'not unique';
    if (flag === 'optional' && field.required) return 'required, expected optional';
    if (flag === 'generated' && !field.generated) return 'not generated';
    const m = /^(min|max)=(-?\d+(?:\.\d+)?)$/.exec(flag);
    if (m && field[m[1] as 'min' | 'max'] !== Number(m[2])) return `${m[1]} ${String(field[m[1] as 'min' | 'max'])}, expected ${m[2]}`;
  }
  return undefined;
}

export function matchProblems(bp: Blueprint, expect: CorpusExpectation): string[] {
  const problems: string[] = [];
  const got = new Map(bp.resources.map((r) => [r.name, r]));
  const wantNames = Object.keys(expect.resources).sort();
  const gotNames = [...got.keys()].sort();
  if (wantNames.join(',') !== gotNames.join(',')) problems.push(`resources ${gotNames.join(', ')}; expected ${wantNames.join(', ')}`);
  for (const [name, fields] of Object.entries(expect.resources)) {
    const res = got.get(name);
    if (!res) continue;
    const have = res.fields.map((f) => f.name).sort();
    const want = [...fields].sort();
    if (have.join(',') !== want.join(',')) problems.push(`${name} fields ${have.join(', ')}; expected ${want.join(', ')}`);
  }
  const sigs = blueprintSignatures(bp).sort();
  const wantSigs = [...expect.actions].sort();
  const extra = sigs.filter((s) => !wantSigs.includes(s));
  const lacking = wantSigs.filter((s) => !sigs.includes(s));
  if (extra.length) problems.push(`unexpected actions: ${extra.join('; ')}`);
  if (lacking.length) problems.push(`missing actions: ${lacking.join('; ')}`);
  for (const [path, want] of Object.entries(expect.types ?? {})) {
    const [rname, fname] = path.split('.');
    const field = got.get(rname ?? '')?.fields.find((f) => f.name === fname);
    if (!field) {
      problems.push(`${path} missing`);
      continue;
    }
    const p = typeProblem(field, want);
    if (p) problems.push(`${path}: ${p}`);
  }
  const ruleSigs = bp.rules.map((r) => {
    const child = got.get(r.resource);
    const parent = child?.fields.find((f) => f.name === r.via)?.references ?? '?';
    if (r.kind === 'capacity') return `capacity ${r.resource}.${r.via} ${parent}.${r.limitField}`;
    if (r.kind === 'membership') return `membership ${r.resource}.${r.field} ${parent}.${r.listField}`;
    if (r.kind === 'parentGuard') return `parentGuard ${r.resource}.${r.via} ${parent}.${r.field} ${r.op}`;
    return `compare ${r.resource}.${r.field} ${r.op} ${'aggregate' in r.against ? r.against.aggregate : `${parent}.${r.against.parentField}`}`;
  });
  for (const rule of expect.rules ?? []) if (!ruleSigs.includes(rule)) problems.push(`missing rule ${rule} (have ${ruleSigs.join('; ') || 'none'})`);
  return problems;
}
