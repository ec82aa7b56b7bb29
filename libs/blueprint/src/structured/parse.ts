import type { ActionSpec, Blueprint, ExampleCase, FieldSpec, FilterOperator, ResourceSpec, RuleSpec } from '../blueprint.js';
import { validateBlueprint } from '../validate.js';
import { inputFieldNames } from '../semantic-fields.js';
import { isFilterOp, isProblem, readEffect, readField, readGuard, readRule } from './parse-parts.js';
import { parseJson, splitTop, textIn } from './text.js';

/**
 * Reads a structured prompt (see render.ts and docs/prompts.md) back into a Blueprint. Every line is
 * either understood, a gap left to fill (`- [ ] ...`, `> TODO: ...`), or a problem naming its line:
 * nothing is dropped silently. Actions written without examples come back with none, listed in
 * `withoutExamples`, for the caller to derive (the generator's deriveExamples) before validating.
 */

export interface StructuredProblem {
  /** 1-based line of the prompt the problem is about (0: the prompt as a whole). */
  line: number;
  message: string;
}

/** A marked line still to be filled in, with the words it quotes. */
export interface StructuredGapLine {
  line: number;
  text: string;
}

export type StructuredParse =
  | { ok: true; blueprint: Blueprint; gaps: StructuredGapLine[]; withoutExamples: string[] }
  | { ok: false; problems: StructuredProblem[]; gaps: StructuredGapLine[] };

const GAP = /^\s*(?:[-*] \[ \]|>\s*TODO:)\s*(.*)$/;
const IDENT = '[A-Za-z][A-Za-z0-9]*';

type Section = { kind: 'top' } | { kind: 'resource'; resource: ResourceSpec } | { kind: 'actions' } | { kind: 'rules' } | { kind: 'gaps' };

function pluralOf(name: string): string {
  const lower = name.charAt(0).toLowerCase() + name.slice(1);
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  return `${lower}s`;
}

class Reader {
  name: string | undefined;
  description: string | undefined;
  readonly resources: ResourceSpec[] = [];
  readonly actions: ActionSpec[] = [];
  readonly rules: RuleSpec[] = [];
  readonly problems: StructuredProblem[] = [];
  readonly gaps: StructuredGapLine[] = [];
  readonly lineOf = { resources: [] as number[], actions: [] as number[], rules: [] as number[] };
  /** Updates written without their fields (`update X`): of every field X takes. */
  readonly everyField: ActionSpec[] = [];
  /** Params written by name alone (`param price`): of the type of the record's field of that name, when it has one. */
  readonly untypedParams: { action: ActionSpec; param: FieldSpec }[] = [];
  private section: Section = { kind: 'top' };
  private action: ActionSpec | undefined;

  problem(line: number, message: string): void {
    this.problems.push({ line, message });
  }

  read(text: string, n: number): void {
    if (text.trim() === '') return;
    const gap = GAP.exec(text);
    if (gap) {
      this.gaps.push({ line: n, text: (gap[1] ?? '').trim() });
      return;
    }
    let m: RegExpExecArray | null;
    if ((m = /^# (.+)$/.exec(text))) {
      this.name = textIn(m[1] ?? '');
      this.section = { kind: 'top' };
    } else if ((m = /^## (.+)$/.exec(text))) this.heading((m[1] ?? '').trim(), n);
    else if ((m = /^[-*] (.*)$/.exec(text))) this.bullet((m[1] ?? '').trim(), n);
    else if ((m = /^\s+[-*] (.*)$/.exec(text))) this.detail((m[1] ?? '').trim(), n);
    else this.paragraph(text, n);
  }

  private heading(title: string, n: number): void {
    this.action = undefined;
    const lower = title.toLowerCase();
    if (lower === 'actions') this.section = { kind: 'actions' };
    else if (lower === 'rules') this.section = { kind: 'rules' };
    else if (lower === 'not understood yet') this.section = { kind: 'gaps' };
    else {
      const m = new RegExp(`^(${IDENT})(?: \\((${IDENT})\\))?$`).exec(title);
      if (!m) {
        this.problem(n, `"## ${title}" is not a resource heading ("## Book" or "## Book (books)"), "## Actions" or "## Rules"`);
        return;
      }
      const resource: ResourceSpec = { name: m[1] ?? '', plural: m[2] ?? pluralOf(m[1] ?? ''), fields: [] };
      this.resources.push(resource);
      this.lineOf.resources.push(n);
      this.section = { kind: 'resource', resource };
    }
  }

  private paragraph(text: string, n: number): void {
    const section = this.section;
    if (section.kind === 'top' && this.name !== undefined) {
      const part = textIn(text);
      this.description = this.description === undefined ? part : `${this.description} ${part}`;
    } else if (section.kind === 'resource' && section.resource.fields.length === 0) {
      const part = textIn(text);
      section.resource.description = section.resource.description === undefined ? part : `${section.resource.description} ${part}`;
    } else this.problem(n, `this line is not part of the format (a heading, a "- " bullet or a description under a heading): "${text.trim()}"`);
  }

  private bullet(text: string, n: number): void {
    const section = this.section;
    if (section.kind === 'resource') {
      const together = /^unique together: (.+)$/.exec(text);
      if (together) {
        section.resource.uniqueTogether ??= [];
        if ((together[1] ?? '').trim() !== 'none') section.resource.uniqueTogether.push(splitTop(together[1] ?? '', '+'));
        return;
      }
      const field = readField(text);
      if (isProblem(field)) this.problem(n, field.problem);
      else section.resource.fields.push(field);
    } else if (section.kind === 'actions') this.actionLine(text, n);
    else if (section.kind === 'rules') {
      const rule = readRule(text);
      if (isProblem(rule)) this.problem(n, rule.problem);
      else {
        this.rules.push(rule);
        this.lineOf.rules.push(n);
      }
    } else this.problem(n, `a bullet belongs under a resource, "## Actions" or "## Rules": "${text}"`);
  }

  private actionLine(text: string, n: number): void {
    this.action = undefined;
    const dash = text.indexOf(' — ');
    const head = dash < 0 ? text : text.slice(0, dash);
    const m = new RegExp(`^(${IDENT}): (.+)$`).exec(head.trim());
    if (!m) {
      this.problem(n, `an action is "- name: kind Resource — description", got "${text}"`);
      return;
    }
    const name = m[1] ?? '';
    const description = dash < 0 ? name : textIn(text.slice(dash + ' — '.length));
    const base = { name, description, examples: [] as ExampleCase[] };
    const spec = m[2] ?? '';
    let k: RegExpExecArray | null;
    let action: ActionSpec | undefined;
    if ((k = new RegExp(`^(create|delete|list) (${IDENT})$`).exec(spec))) {
      const resource = k[2] ?? '';
      action =
        k[1] === 'list'
          ? { name, kind: 'list', resource, description, filters: [], defaultLimit: 20, maxLimit: 100, examples: base.examples }
          : { name, kind: k[1] === 'create' ? 'create' : 'delete', resource, description, examples: base.examples };
    } else if ((k = new RegExp(`^(get|transition|tally) (${IDENT}) by (${IDENT})$`).exec(spec))) {
      const resource = k[2] ?? '';
      const by = k[3] ?? '';
      if (k[1] === 'get') action = { name, kind: 'get', resource, by, description, examples: base.examples };
      else if (k[1] === 'transition') action = { name, kind: 'transition', resource, by, description, params: [], guards: [], effects: [], examples: base.examples };
      else action = { name, kind: 'custom', resource, description, custom: { operation: 'tally', by, countResource: '', via: '', groupField: '', optionsField: '' }, examples: base.examples };
    } else if ((k = new RegExp(`^update (${IDENT}) fields (.+)$`).exec(spec))) {
      action = { name, kind: 'update', resource: k[1] ?? '', description, fields: splitTop(k[2] ?? '', ','), examples: base.examples };
    } else if ((k = new RegExp(`^update (${IDENT})$`).exec(spec))) {
      // every field the record takes, filled in once all records are read
      action = { name, kind: 'update', resource: k[1] ?? '', description, fields: [], examples: base.examples };
      this.everyField.push(action);
    }
    if (!action) {
      this.problem(n, `action ${name}: "${spec}" is not "create X", "get X by f", "list X", "update X", "update X fields a, b", "delete X", "transition X by f" or "tally X by f"`);
      return;
    }
    this.actions.push(action);
    this.lineOf.actions.push(n);
    this.action = action;
  }

  private detail(text: string, n: number): void {
    const action = this.action;
    if (!action) {
      this.problem(n, `an indented bullet belongs under an action: "${text}"`);
      return;
    }
    let m: RegExpExecArray | null;
    if ((m = /^example (.+)$/s.exec(text))) {
      const example = parseJson(m[1] ?? '');
      if (example === null || typeof example !== 'object' || Array.isArray(example)) this.problem(n, `an example is one JSON object: ${text}`);
      else action.examples.push(example as ExampleCase);
      return;
    }
    if (action.kind === 'list') {
      if ((m = new RegExp(`^filter (${IDENT}): (${IDENT}) (${IDENT})$`).exec(text)) && isFilterOp(m[3] ?? '')) {
        action.filters.push({ param: m[1] ?? '', field: m[2] ?? '', op: m[3] as FilterOperator });
        return;
      }
      if ((m = /^page (\d+) of (\d+)$/.exec(text))) {
        action.defaultLimit = Number(m[1]);
        action.maxLimit = Number(m[2]);
        return;
      }
      if ((m = new RegExp(`^order by (${IDENT}) (asc|desc)$`).exec(text))) {
        action.orderBy = { field: m[1] ?? '', direction: m[2] === 'desc' ? 'desc' : 'asc' };
        return;
      }
    } else if (action.kind === 'transition') {
      if ((m = /^param (.+)$/s.exec(text))) {
        const param = readField(m[1] ?? '');
        if (isProblem(param)) this.problem(n, param.problem);
        else action.params.push(param);
        if (!isProblem(param) && !/:/.test(m[1] ?? '')) this.untypedParams.push({ action, param });
        return;
      }
      if ((m = /^guard (.+)$/s.exec(text))) {
        const guard = readGuard(m[1] ?? '');
        if (isProblem(guard)) this.problem(n, guard.problem);
        else action.guards.push(guard);
        return;
      }
      const effect = readEffect(text);
      if (effect !== undefined) {
        if (isProblem(effect)) this.problem(n, effect.problem);
        else action.effects.push(effect);
        return;
      }
    } else if (action.kind === 'custom') {
      if ((m = new RegExp(`^count (${IDENT}) via (${IDENT}), group by (${IDENT}), over (${IDENT})$`).exec(text))) {
        action.custom = { operation: 'tally', by: action.custom.by, countResource: m[1] ?? '', via: m[2] ?? '', groupField: m[3] ?? '', optionsField: m[4] ?? '' };
        return;
      }
    }
    this.problem(n, `action ${action.name} (${action.kind}): "${text}" is not a detail I know for this kind of action`);
  }
}

/** The prompt line a validation issue is about, from its JSON Pointer. */
function lineOfPath(reader: Reader, path: string): number {
  const m = /^\/(resources|actions|rules)\/(\d+)/.exec(path);
  if (!m) return 0;
  return reader.lineOf[m[1] as 'resources' | 'actions' | 'rules'][Number(m[2])] ?? 0;
}

export function parseStructuredPrompt(markdown: string): StructuredParse {
  const reader = new Reader();
  markdown.split(/\r?\n/).forEach((text, i) => reader.read(text, i + 1));
  if (reader.name === undefined) reader.problem(0, 'the prompt needs a "# Name" heading first');
  for (const action of reader.everyField) {
    const record = reader.resources.find((r) => r.name === action.resource);
    if (action.kind === 'update' && record) action.fields = inputFieldNames(record);
  }
  // ("- param price" then "- set price to param price": the price the user gives is a price, not a string)
  for (const { action, param } of reader.untypedParams) {
    const same = reader.resources.find((r) => r.name === action.resource)?.fields.find((f) => f.name === param.name);
    if (!same) continue;
    param.type = same.type;
    if (same.values) param.values = [...same.values];
    if (same.references) param.references = same.references;
  }
  if (reader.problems.length > 0) return { ok: false, problems: reader.problems, gaps: reader.gaps };
  const blueprint: Blueprint = {
    schemaVersion: 1,
    name: reader.name ?? '',
    description: reader.description ?? reader.name ?? '',
    resources: reader.resources,
    actions: reader.actions,
    rules: reader.rules,
  };
  const withoutExamples = reader.actions.filter((a) => a.examples.length === 0).map((a) => a.name);
  // Actions without examples are checked with two stand-in cases, so the rest of them is still checked.
  const standIns: ExampleCase[] = [
    { name: 'stand-in success', input: {}, expect: { status: 200 } },
    { name: 'stand-in refusal', input: {}, expect: { status: 404 } },
  ];
  const checked = { ...blueprint, actions: blueprint.actions.map((a) => (a.examples.length === 0 ? { ...a, examples: standIns } : a)) };
  const validation = validateBlueprint(checked);
  if (!validation.ok) {
    const problems = validation.errors.map((e) => ({ line: lineOfPath(reader, e.path), message: `${e.path}: ${e.message}` }));
    return { ok: false, problems, gaps: reader.gaps };
  }
  return { ok: true, blueprint, gaps: reader.gaps, withoutExamples };
}
