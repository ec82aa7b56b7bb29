import type { Blueprint, FieldSpec } from '@backforge/blueprint';
import type { InterpretResult } from '../interpreter.js';
import { blueprintSignatures, type CorpusExpectation } from '../rules/corpus-match.js';
import { isReadingNote } from '../rules/stages/gaps.js';
import { isNamingNote } from '../rules/stages/names.js';

/**
 * How a fresh batch is judged (docs/prompts.md, "Measuring on fresh prompts"). Looser than the
 * corpus match, because a fresh prompt's expectation lists what the user asked for, not every
 * detail of one interpreter's answer:
 * - every expected resource exists; a further resource is allowed only if it points at an expected one;
 * - every expected field exists; a further field only if the backend manages it or it is a reference;
 * - every expected action exists (further CRUD is allowed); `list R by a, b` needs a list of R
 *   filtering on at least a and b, and `list R` any list of R (its filters are optional);
 * - every listed type and rule holds;
 * - a unit of measure at the end of a field's name is a naming style, not another field: `weightKg`
 *   answers `weight` and `weight` answers `weightKg` (writers of batches 08-20 put units in names,
 *   those of 21-22 left them out; the quantity asked for is the same);
 * - so is `Id` at the end of a link's name: a reference `cruise` answers `cruiseId`, and the other way round.
 */
export type Outcome = 'faithful' | 'gaps named' | 'silently wrong' | 'refused';

export const STYLES = ['oneliner', 'paragraph', 'spec', 'markdown', 'casual'] as const;
export type Style = (typeof STYLES)[number];

export interface BatchPrompt {
  name: string;
  style: Style;
  prompt: string;
  expect: CorpusExpectation;
}

/**
 * Units a writer may or may not put at the end of a field's name ("weight in kg": `weight` or
 * `weightKg`). Written here, not taken from the interpreter's lexicon: the judge must not move
 * when the interpreter learns a unit.
 */
const UNIT_SUFFIX = /(?:Kg|Kilos|Kilograms|G|Grams|Mg|Lbs|Pounds|Ounces|Oz|Tonnes|Tons|Cm|Mm|M|Metres|Meters|Km|Kilometres|Miles|Feet|Ft|Inches|Yards|M2|Sqm|SquareMetres|SquareFeet|Ml|Cl|Litres|Liters|Gallons|Minutes|Mins|Hours|Seconds|Secs|Days|Weeks|Months|Years|Percent|Pct|C|Celsius|Fahrenheit|Gbp|Usd|Eur|Euros|Dollars|Pence|Cents|Kw|Kwh|Watts)$/;
const unitless = (name: string): string => name.replace(UNIT_SUFFIX, '') || name;

/**
 * The field of `have` that answers the expected `want`: the same name, else the same name but for a
 * unit, else, for a link, the same name but for `Id` (`cruise` and `cruiseId` are one link to a
 * cruise: the writer of batch 40 spelled every link with `Id`, those of 08-39 almost never).
 */
function answering(want: string, have: readonly FieldSpec[]): string | undefined {
  const names = have.map((f) => f.name);
  // (one of the two carries a unit and the other not: `weightKg` and `weightGrams` differ)
  const unit = names.find((h) => h === want) ?? names.find((h) => unitless(h) === unitless(want) && (h === unitless(h)) !== (want === unitless(want)));
  return unit ?? have.find((f) => f.type === 'reference' && (`${f.name}Id` === want || f.name === `${want}Id`))?.name;
}

export function batchProblems(bp: Blueprint, expect: CorpusExpectation): string[] {
  const problems: string[] = [];
  const got = new Map(bp.resources.map((r) => [r.name, r]));
  /** Expected `Resource.field` -> the field that answers it, where the names differ by a unit. */
  const renamed = new Map<string, string>();
  for (const [name, fields] of Object.entries(expect.resources)) {
    const res = got.get(name);
    if (!res) {
      problems.push(`no resource ${name}`);
      continue;
    }
    const answers = new Map(fields.map((f) => [f, answering(f, res.fields)]));
    for (const [want, field] of answers) if (field && field !== want) renamed.set(`${name}.${want}`, field);
    const lacking = fields.filter((f) => answers.get(f) === undefined);
    if (lacking.length) problems.push(`${name} lacks ${lacking.join(', ')}`);
    const answered = new Set(answers.values());
    const extra = res.fields.filter((f) => !answered.has(f.name) && !f.generated && f.type !== 'reference');
    if (extra.length) problems.push(`${name} has unasked fields ${extra.map((f) => f.name).join(', ')}`);
  }
  const as = (resource: string, field: string): string => renamed.get(`${resource}.${field}`) ?? field;
  for (const res of bp.resources) {
    if (res.name in expect.resources) continue;
    const linked = res.fields.some((f) => f.type === 'reference' && f.references !== undefined && f.references in expect.resources);
    if (!linked) problems.push(`unasked resource ${res.name}`);
  }
  const sigs = blueprintSignatures(bp);
  for (const want of expect.actions) if (!hasAction(bp, sigs, want, as)) problems.push(`no action ${want}`);
  for (const [path, want] of Object.entries(expect.types ?? {})) {
    const [rname, fname] = path.split('.');
    const field = got.get(rname ?? '')?.fields.find((f) => f.name === as(rname ?? '', fname ?? ''));
    if (!field) continue; // already named as a lacking field
    const p = typeProblem(field, want);
    if (p) problems.push(`${path}: ${p}`);
  }
  const ruleSigs = bp.rules.map((r) => {
    const parent = got.get(r.resource)?.fields.find((f) => f.name === r.via)?.references ?? '?';
    if (r.kind === 'capacity') return `capacity ${r.resource}.${r.via} ${parent}.${r.limitField}`;
    if (r.kind === 'membership') return `membership ${r.resource}.${r.field} ${parent}.${r.listField}`;
    if (r.kind === 'parentGuard') return `parentGuard ${r.resource}.${r.via} ${parent}.${r.field} ${r.op}`;
    return `compare ${r.resource}.${r.field} ${r.op} ${'aggregate' in r.against ? r.against.aggregate : `${parent}.${r.against.parentField}`}`;
  });
  // an expected rule names its fields as the expectation does
  const inGot = (rule: string): string => rule.replace(/\b([A-Z]\w*)\.(\w+)/g, (_m, r: string, f: string) => `${r}.${as(r, f)}`);
  for (const rule of expect.rules ?? []) if (!ruleSigs.includes(inGot(rule))) problems.push(`no rule ${rule}`);
  return problems;
}

function hasAction(bp: Blueprint, sigs: string[], want: string, as: (resource: string, field: string) => string): boolean {
  if (sigs.includes(want)) return true;
  // "list R": a list's filters are optional inputs (blueprint.ts, ListAction), so any list of R called
  // without them lists every R
  const plain = /^list (\w+)$/.exec(want);
  if (plain) return bp.actions.some((a) => a.kind === 'list' && a.resource === plain[1]);
  const list = /^list (\w+) by (.+)$/.exec(want);
  if (list) {
    const fields = (list[2] as string).split(/,\s*/).map((f) => as(list[1] as string, f));
    return bp.actions.some((a) => a.kind === 'list' && a.resource === list[1] && fields.every((f) => a.filters.some((x) => x.field === f)));
  }
  const by = /^get (\w+) by (\w+)$/.exec(want);
  if (by) return sigs.includes(`get ${by[1] as string} by ${as(by[1] as string, by[2] as string)}`);
  const update = /^update (\w+)$/.exec(want);
  if (update) return bp.actions.some((a) => a.kind === 'update' && a.resource === update[1]);
  return false;
}

function typeProblem(field: FieldSpec, want: string): string | undefined {
  const [type, ...flags] = want.split(/\s+/);
  if (field.type !== type) return `type ${field.type}, expected ${type}`;
  for (const flag of flags) {
    if (flag === 'unique' && !field.unique) return 'not unique';
    if (flag === 'optional' && field.required) return 'required, expected optional';
    const m = /^(min|max)=(-?\d+(?:\.\d+)?)$/.exec(flag);
    if (m && field[m[1] as 'min' | 'max'] !== Number(m[2])) return `${m[1]} ${String(field[m[1] as 'min' | 'max'])}, expected ${m[2]}`;
  }
  return undefined;
}

/** Accepted with a gap is "gaps named" only when the result says what it did not do. */
export function outcomeOf(result: InterpretResult, expect: CorpusExpectation): { outcome: Outcome; problems: string[] } {
  if (!result.ok) return { outcome: 'refused', problems: result.error.missing };
  const problems = batchProblems(result.blueprint, expect);
  if (problems.length === 0) return { outcome: 'faithful', problems };
  const warnings = (result as { warnings?: readonly string[] }).warnings ?? [];
  // a note on a qualified name (stages/names.ts) names a gap only when a record's name is one
  const nameProblem = problems.some((p) => /^(?:no|unasked) resource /.test(p));
  // a stated reading ("read 'cancel a hire' as deleting the hire; ...") names a gap only when an action is the problem
  const actionProblem = problems.some((p) => /^no action /.test(p));
  const gaps = warnings.filter((w) => (nameProblem || !isNamingNote(w)) && (actionProblem || !isReadingNote(w)));
  return { outcome: gaps.length > 0 ? 'gaps named' : 'silently wrong', problems };
}

export interface Figures {
  total: number;
  byOutcome: Record<Outcome, number>;
  byStyle: Record<Style, Record<Outcome, number>>;
}

export function tally(rows: readonly { style: Style; outcome: Outcome }[]): Figures {
  const zero = (): Record<Outcome, number> => ({ faithful: 0, 'gaps named': 0, 'silently wrong': 0, refused: 0 });
  const byStyle = Object.fromEntries(STYLES.map((s) => [s, zero()])) as Record<Style, Record<Outcome, number>>;
  const byOutcome = zero();
  for (const r of rows) {
    byOutcome[r.outcome]++;
    byStyle[r.style][r.outcome]++;
  }
  return { total: rows.length, byOutcome, byStyle };
}

/** The figures as the Markdown table docs/prompts.md records. */
export function figuresTable(f: Figures): string {
  const head = '| style | prompts | faithful | gaps named | silently wrong | refused |\n|---|---|---|---|---|---|';
  const row = (label: string, o: Record<Outcome, number>): string => {
    const n = o.faithful + o['gaps named'] + o['silently wrong'] + o.refused;
    return `| ${label} | ${n} | ${o.faithful} | ${o['gaps named']} | ${o['silently wrong']} | ${o.refused} |`;
  };
  return [head, ...STYLES.map((s) => row(s, f.byStyle[s])), row('**all**', f.byOutcome)].join('\n');
}
