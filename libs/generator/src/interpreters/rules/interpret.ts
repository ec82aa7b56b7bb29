import { proseLifecycles } from './stages/prose-lifecycle.js';
import { schemaCodeAsText } from './stages/schema-code.js';
import { formatBlueprintIssues, parseStructuredPrompt, validateBlueprint, type Blueprint } from '@backforge/blueprint';
import type { InterpretResult, PromptNotUnderstood } from '../interpreter.js';
import { analyze } from './stages/pipeline.js';
import { anchoredLists } from './stages/anchored-lists.js';
import type { TypedList } from './stages/reading-state.js';
import { buildBlueprint } from './build.js';
import { emptyDraft, renderDraft } from '../draft.js';
import { deriveExamples } from './examples.js';
import { keyOf, type Analysis } from './model.js';
import { toClauses } from './stages/clauses.js';
import { declare, droppedAsIgnored, type Declared } from './stages/declare.js';
import { findGaps } from './stages/gaps.js';
import { normalise, repairSpelling, sentences, type Normalised } from './stages/normalise.js';
import { endpointLines } from './stages/endpoints.js';
import { resplitProse } from './stages/split-sentence.js';
import { unlabelled } from './stages/sections.js';
import { untracedLines } from './stages/coverage.js';
import { headNames } from './stages/names.js';
import { misnamedRecord, plainRecordNames } from './stages/record-names.js';
import { camelCase, literalText, pascalCase, plural, splitIdentifier } from './text.js';
import { SECTION_LABELS } from './lexicon.js';

export { fragmentWords } from './stages/gaps.js';

/** Longest prompt read; a longer one is refused rather than read in part. */
export const MAX_PROMPT_LENGTH = 20_000;

/**
 * prompt -> Blueprint, offline and deterministic: the same name and prompt give a deep-equal
 * result. The prompt is read as written and, when that leaves gaps, once more through the
 * layout stages (stages/normalise.ts -> clauses.ts -> declare.ts), which read bullets, tables,
 * colon lists and context sentences into typed field lists; the reading with fewer gaps wins (as written on a tie).
 * When at least one resource with fields is understood the backend is generated and each gap is
 * a warning; with none, the prompt is refused with PROMPT_NOT_UNDERSTOOD. Either way the result
 * carries the draft of what was understood.
 */
export function interpretPrompt(name: string, prompt: string): InterpretResult {
  // (a draft is read exactly as written: the repairs below are for prose, and "qty" stays `qty`)
  const written = prompt.trim();
  if (written.length === 0) return refuse(name, written, 'The prompt is empty.', [], ['a description of the data the backend keeps'], [], undefined);
  if (written.length > MAX_PROMPT_LENGTH) return refuse(name, '', `The prompt is longer than ${MAX_PROMPT_LENGTH} characters.`, [], ['a shorter description'], [], undefined);
  // (a Markdown prompt that only happens to have "## Actions" is read as a prompt: most of its lines are no draft lines)
  const draft = isStructuredPrompt(written) ? readStructured(name, written) : undefined;
  if (draft && !(draft.ok === false && mostlyNotDraft(written, draft.error.missing))) return draft;
  // ("cant have more bookings then quads": read as meant; warnings quote the repaired words)
  // (a schema pasted as code, "interface Loan { amount: number; }", is first written as the lines the readers read)
  // (and a lifecycle told as a story, "an order starts as ordered, then I print it", as its status and steps)
  const text = proseLifecycles(repairSpelling(schemaCodeAsText(written)));
  // (routes said as the actions they are, "GET /jobs/{jobNo}" as "find a job by job no", for the reading as written too)
  const routed = text.split('\n').flatMap((l) => endpointLines(l)).join('\n');
  const direct = read(name, routed, unlabelled(resplitProse(routed, sentences)), []);
  const n = normalise(text);
  const declared = declare(toClauses(n.lines), n.dropped);
  // a reading as written with no gap stands, unless the layout typed field lists the sentence reader may have misread
  const fromContext = direct.ok && recordFromContext(direct.blueprint, declared);
  if (direct.ok && direct.warnings.length === 0 && declared.lists.length === 0 && !fromContext) return traced(text, direct);
  const staged = declared.lists.length === 0 && (declared.text.trim() === '' || declared.text === text) ? direct : read(name, text, declared.text, declared.ignored, declared.lists);
  // (the reading as written made fields of the values a typed list gives, "venue type: restaurant / studio" as `studio`)
  const valuesMisread = direct.ok && staged.ok && valuesAsFields(direct.blueprint, declared.lists) > valuesAsFields(staged.blueprint, declared.lists);
  const chosen = (fromContext && staged.ok) || valuesMisread || better(staged, direct, declared.lists.length > 0) ? staged : direct;
  // (also trying it on accepted readings that dropped a record for want of fields lost two faithful prompts and gained none)
  return traced(text, chosen.ok ? chosen : (lastResort(name, text, n) ?? chosen));
}

/** Before refusing: the field lists no phrasing read, tied to the record named nearest them (stages/anchored-lists.ts). */
function lastResort(name: string, text: string, n: Normalised): InterpretResult | undefined {
  let anchored: ReturnType<typeof anchoredLists>;
  try {
    anchored = anchoredLists(n.lines);
  } catch {
    return undefined; // (a sentence this stage trips over leaves the reading it would have replaced)
  }
  if (!anchored) return undefined;
  const result = read(name, text, anchored.text, [...droppedAsIgnored(n.dropped), ...anchored.ignored], anchored.lists);
  if (!result.ok) return undefined;
  // no phrasing said whose fields these are: the guess is stated, as a note on the record's name
  const kept = new Set(result.blueprint.resources.map((r) => r.name));
  const notes = anchored.anchors.flatMap((a) => {
    const record = pascalCase(a.words);
    return kept.has(record) ? [`named ${record} after "${a.by}": the fields listed there are a ${a.words.join(' ')}'s; if they belong to another record, rename it in the draft`] : [];
  });
  namingNotesOf.set(result, [...(namingNotesOf.get(result) ?? []), ...notes]);
  return result;
}

/**
 * "We're a small photography studio. ... we add the gallery link": the reading as written made a
 * record (`Studio`), or a field, named only in a sentence the layout stages read as talk about the writer.
 */
function recordFromContext(bp: Blueprint, declared: Declared): boolean {
  const context = declared.ignored.join(' ').toLowerCase();
  const rest = [declared.text, ...declared.lists.map((l) => l.words.join(' '))].join(' ').toLowerCase();
  const has = (text: string, w: string): boolean => new RegExp(`\\b${w}(?:s|es)?\\b`).test(text);
  // ("detentions are tracked on sticky notes": a field `onStickyNotes` from the talk about the writer)
  const fromTalk = (words: string[]): boolean => words.some((w) => w.length > 3) && words.every((w) => has(context, w) && !has(rest, w));
  return bp.resources.some((r) => {
    const head = (splitIdentifier(r.name).pop() ?? '').toLowerCase();
    return (head.length > 2 && has(context, head) && !has(rest, head)) || r.fields.some((f) => !f.generated && fromTalk(splitIdentifier(f.name).map((w) => w.toLowerCase())));
  });
}

/** Fields named after the allowed values of a typed list's item (`studio`, `venueTypeRestaurant`): values read as fields. */
function valuesAsFields(bp: Blueprint, lists: readonly TypedList[]): number {
  const names = new Set(bp.resources.flatMap((r) => r.fields.map((f) => f.name)));
  return lists.flatMap((l) => l.items).filter((it) => {
    const values = (it.given.values ?? []).map((v) => v.split(/\s+/));
    // (the first value joined to the item's name, `venueTypeRestaurant`; any other as a field of its own, `studio`)
    return values.length >= 2 && (values.slice(1).some((v) => v.join('').length > 2 && names.has(camelCase(v))) || names.has(camelCase([...it.words.split(/\s+/), ...(values[0] ?? [])])));
  }).length;
}

/** Each reading's notes on record names cut to their head (stages/names.ts), kept apart so they never count as gaps when readings are compared. */
const namingNotesOf = new WeakMap<InterpretResult, string[]>();

/** The chosen reading, with a warning for each line of the prompt nothing came of (stages/coverage.ts) and each record name cut to its head (stages/names.ts). */
function traced(prompt: string, r: InterpretResult): InterpretResult {
  if (!r.ok) return r;
  const notes = namingNotesOf.get(r) ?? [];
  const untraced = untracedLines(prompt, r.blueprint, [...r.warnings, ...notes, ...r.ignored]);
  if (untraced.length === 0 && notes.length === 0) return r;
  const warnings = [...r.warnings, ...untraced, ...notes];
  return { ...r, warnings, draft: renderDraft(r.blueprint, warnings) };
}

/**
 * Accepted beats refused; then fewer gaps; a tie keeps the reading as written. (Preferring the
 * staged reading for every prompt laid out in lists was tried: it cost four corpus prompts.)
 */
function better(staged: InterpretResult, direct: InterpretResult, typed: boolean): boolean {
  if (staged.ok !== direct.ok) return staged.ok;
  // a record named after a spec's label ("Entity Ticket:", "Actions:") is a misreading, whatever its gaps
  const labelled = staged.ok && direct.ok ? [labelRecords(staged.blueprint), labelRecords(direct.blueprint)] : [0, 0];
  if (labelled[0] !== labelled[1]) return (labelled[0] as number) < (labelled[1] as number);
  if (staged.ok && direct.ok) return typed ? staged.warnings.length <= direct.warnings.length : staged.warnings.length < direct.warnings.length;
  if (!staged.ok && !direct.ok) return staged.error.missing.length < direct.error.missing.length;
  return false;
}

/** Records whose name holds a label of a spec's parts (stages/sections.ts): "EntityTicket", "Action", "RepairJobField". */
function labelRecords(bp: Blueprint): number {
  return bp.resources.filter((r) => splitIdentifier(r.name).some((w) => SECTION_LABELS.has(w.toLowerCase()) || SECTION_LABELS.has(`${w.toLowerCase()}s`) || w.toLowerCase() === 'field')).length;
}

function read(name: string, prompt: string, text: string, ignored: string[], lists: readonly TypedList[] = []): InterpretResult {
  const first = readOnce(name, prompt, text, ignored, lists);
  if (!first.misnamed || !first.result.ok) return first.result;
  // (the fields of the records the prompt acts on, read under another name: read again under theirs, kept if it leaves less undone)
  const { from, to } = first.misnamed;
  const again = readOnce(name, prompt, text, ignored, lists, new Map([[keyOf(from), to]])).result;
  // (the renaming is stated, and counts as a gap when readings are compared)
  const note = `named ${pascalCase(to)} after "${from.join(' ')}": the fields listed there are the ${plural(to.join(' '))}' the prompt acts on; if they belong to another record, rename it in the draft`;
  if (!again.ok || again.warnings.length + 1 >= first.result.warnings.length) return first.result;
  const warnings = [note, ...again.warnings];
  const renamed: InterpretResult = { ...again, warnings, draft: renderDraft(again.blueprint, warnings) };
  namingNotesOf.set(renamed, namingNotesOf.get(again) ?? []);
  return renamed;
}

function readOnce(name: string, prompt: string, text: string, ignored: string[], lists: readonly TypedList[], aliases?: ReadonlyMap<string, readonly string[]>): { result: InterpretResult; misnamed?: ReturnType<typeof misnamedRecord> } {
  let analysis: Analysis;
  try {
    analysis = analyze(text, lists, aliases);
  } catch (error) {
    // A prompt the grammar trips over is still a prompt not understood, never a crash of the job.
    return { result: refuse(name, prompt, 'The prompt could not be read.', [], [`the sentence structure could not be followed (${error instanceof Error ? error.message : String(error)})`], ignored, undefined) };
  }
  const plain = plainRecordNames(analysis);
  const misnamed = aliases ? undefined : misnamedRecord(plain.analysis, prompt);
  const { analysis: found, gaps } = findGaps(plain.analysis);
  const { analysis: kept, notes: headNotes } = headNames(found, prompt);
  const notes = [...plain.notes, ...headNotes];
  const understood = describe(kept);
  if (kept.resources.length === 0) {
    const missing = [...gaps, 'no kind of record with fields was described (e.g. "Books have a title and an author")'];
    return { result: refuse(name, prompt, 'The prompt was not understood: I could not find any kind of record to keep.', understood, missing, ignored, undefined), misnamed };
  }
  const ruled = withoutInconsistentRules(withoutReferenceCycles(buildBlueprint(name, prompt, kept)));
  gaps.push(...ruled.gaps);
  const built = withoutUnworkableActions(deriveExamples(ruled.blueprint));
  const blueprint = built.blueprint;
  gaps.push(...built.gaps);
  const checked = validateBlueprint(blueprint);
  if (!checked.ok) {
    // The rules produced something the blueprint schema refuses: report it rather than ship it.
    return { result: refuse(name, prompt, 'The prompt was read, but the backend it describes is not consistent.', understood, [...gaps, ...formatBlueprintIssues(checked.errors).slice(0, 10)], ignored, blueprint), misnamed };
  }
  const result: InterpretResult = { ok: true, blueprint: checked.blueprint, interpreter: 'rules', warnings: gaps, ignored, draft: renderDraft(checked.blueprint, gaps) };
  namingNotesOf.set(result, notes);
  return { result, misnamed };
}

/**
 * "the instrument" on a repair and "a repair" on an instrument, both required: no record of either
 * could be created first. The validator names the reference that closes the loop; it becomes
 * optional (the record can point at the other once both exist), the rest is kept as read.
 */
function withoutReferenceCycles(blueprint: Blueprint): Blueprint {
  const checked = validateBlueprint(blueprint);
  if (checked.ok) return blueprint;
  const loops = checked.errors.flatMap((e) => {
    const at = /^\/resources\/(\d+)\/fields\/(\d+)\/required$/.exec(e.path);
    return at && /leads back to/.test(e.message) ? [[Number(at[1]), Number(at[2])] as const] : [];
  });
  if (loops.length === 0) return blueprint;
  const resources = blueprint.resources.map((r, i) => ({ ...r, fields: r.fields.map((f, j) => (loops.some(([a, b]) => a === i && b === j) ? { ...f, required: false } : f)) }));
  return { ...blueprint, resources };
}

/**
 * A rule read from one sentence that the blueprint refuses (a date compared with a count) is left
 * out and named, rather than refusing the whole prompt over it; examples are derived after.
 */
export function withoutInconsistentRules(blueprint: Blueprint): { blueprint: Blueprint; gaps: string[] } {
  const checked = validateBlueprint(blueprint);
  if (checked.ok) return { blueprint, gaps: [] };
  const bad = new Map<number, string>();
  for (const issue of checked.errors) {
    const at = /^\/rules\/(\d+)(?:\/|$)/.exec(issue.path);
    if (at && !bad.has(Number(at[1]))) bad.set(Number(at[1]), issue.message);
  }
  if (bad.size === 0) return { blueprint, gaps: [] };
  const gaps = [...bad].map(([i, why]) => `not done: the ${blueprint.rules[i]?.kind ?? ''} rule on ${blueprint.rules[i]?.resource ?? '?'} ("${blueprint.rules[i]?.message ?? ''}"): ${why}`);
  return { blueprint: { ...blueprint, rules: blueprint.rules.filter((_, i) => !bad.has(i)) }, gaps };
}

/**
 * An action for which no case that succeeds can be worked out (a transition to a state no allowed
 * move reaches: "filled -> delivered -> ... -> filled again") fails the blueprint's own check on its
 * examples. Only such actions are left out, each named as a gap in the user's words, instead of
 * refusing the whole prompt over one line of it; any other inconsistency still refuses.
 */
function withoutUnworkableActions(blueprint: Blueprint): { blueprint: Blueprint; gaps: string[] } {
  const checked = validateBlueprint(blueprint);
  if (checked.ok) return { blueprint, gaps: [] };
  const unworkable = new Set<number>();
  for (const issue of checked.errors) {
    const at = /^\/actions\/(\d+)\/examples(?:\/|$)/.exec(issue.path);
    if (!at) return { blueprint, gaps: [] };
    unworkable.add(Number(at[1]));
  }
  // "goes from draft to sent to paid" and only "mark an invoice as paid": no action reaches "sent",
  // so the order of states is what cannot hold; the action the user asked for stays, the order is named
  const unordered = withoutUnreachableOrder(blueprint, unworkable);
  if (unordered && validateBlueprint(unordered.blueprint).ok) return unordered;
  const actions = blueprint.actions.filter((_, i) => !unworkable.has(i));
  if (actions.length === 0) return { blueprint, gaps: [] };
  const gaps = blueprint.actions
    .filter((_, i) => unworkable.has(i))
    .map((a) => `not done: "${a.description}" (${a.name} could never succeed: ${unreachedState(blueprint, a) ?? 'no record can be in a state it accepts; say which state it moves from'})`);
  return { blueprint: { ...blueprint, actions }, gaps };
}

/** "no action moves an order to "finished"": the state a transition's guard asks for that no other action sets, if any. */
function unreachedState(blueprint: Blueprint, action: Blueprint['actions'][number]): string | undefined {
  if (action.kind !== 'transition') return undefined;
  const sets = (field: string, value: unknown): boolean =>
    blueprint.actions.some((a) => a !== action && a.resource === action.resource && a.kind === 'transition' && a.effects.some((e) => 'set' in e && e.set === field && 'literal' in e.to && e.to.literal === value));
  const guard = action.guards.find((g) => g.op === 'eq' && g.value !== undefined && 'literal' in g.value && !sets(g.field, g.value.literal));
  if (!guard?.value || !('literal' in guard.value)) return undefined;
  const state = literalText(guard.value.literal);
  return `no action moves ${/^[AEIOU]/.test(action.resource) ? 'an' : 'a'} ${action.resource} to "${state}"; add one (e.g. "mark it as ${state}")`;
}


/** The blueprint with the allowed moves taken off each state field an unworkable transition sets, each named as not enforced. */
function withoutUnreachableOrder(blueprint: Blueprint, unworkable: ReadonlySet<number>): { blueprint: Blueprint; gaps: string[] } | undefined {
  /** Each state field an unworkable transition sets, with the states those transitions move to. */
  const fields = new Map<string, { action: string; to: string }[]>();
  blueprint.actions.forEach((a, i) => {
    if (!unworkable.has(i) || a.kind !== 'transition') return;
    for (const e of a.effects) if ('set' in e) fields.set(`${a.resource}.${e.set}`, [...(fields.get(`${a.resource}.${e.set}`) ?? []), { action: a.name, to: 'literal' in e.to ? literalText(e.to.literal) : '?' }]);
  });
  const gaps: string[] = [];
  const resources = blueprint.resources.map((r) => ({
    ...r,
    fields: r.fields.map((f) => {
      if (!f.transitions?.length || !fields.has(`${r.name}.${f.name}`)) return f;
      const reached = new Set(blueprint.actions.filter((a) => a.resource === r.name).flatMap((a) => (a.kind === 'transition' ? a.effects : []).flatMap((e) => ('set' in e && e.set === f.name && 'literal' in e.to ? [literalText(e.to.literal)] : []))));
      const missing = [...new Set(f.transitions.map((t) => t.from))].filter((v) => v !== f.default && !reached.has(v));
      const order = `not enforced: the order of ${r.name}.${f.name} (${f.transitions.map((t) => `${t.from} -> ${t.to}`).join(', ')})`;
      if (missing.length > 0) gaps.push(`${order}: no action moves a record to ${missing.map((v) => `"${v}"`).join(' or ')}; add one (e.g. "mark it as ${missing[0]}") to have the order kept`);
      else {
        // "fill a keg" under "filled -> delivered -> cleaned": nothing moves back to "filled"
        const into = (fields.get(`${r.name}.${f.name}`) ?? []).filter((t) => !f.transitions?.some((m) => m.to === t.to));
        const last = f.transitions[f.transitions.length - 1]?.to ?? '';
        gaps.push(`${order}: ${into.map((t) => `${t.action} moves a record to "${t.to}"`).join(' and ') || 'its actions'}, which no listed move reaches; add the move (e.g. "${last} -> ${into[0]?.to ?? ''}") to have the order kept`);
      }
      const { transitions: _dropped, ...rest } = f;
      return rest;
    }),
  }));
  if (gaps.length === 0) return undefined;
  // the examples were worked out under the order; work them out again without it
  const actions = blueprint.actions.map((a, i) => {
    if (!unworkable.has(i)) return a;
    const { examples: _stale, ...rest } = a;
    return rest as typeof a;
  });
  return { blueprint: deriveExamples({ ...blueprint, resources, actions }), gaps };
}

/**
 * A structured prompt (docs/prompts.md: "# Name" first, a "## Actions" section) is read exactly by
 * @backforge/blueprint's parser, never guessed at: a line it cannot read is refused with its line
 * number, a `- [ ]` line left to fill is a warning, and examples are derived for actions without.
 */
export function isStructuredPrompt(text: string): boolean {
  return /^# \S/.test(text) && /^## Actions[ \t]*$/m.test(text);
}

/** More than half of the bullets of a would-be draft could not be read as draft lines: it was written as a prompt. */
function mostlyNotDraft(text: string, problems: readonly string[]): boolean {
  const bullets = text.split('\n').filter((l) => /^\s*[-*]\s+\S/.test(l)).length;
  const lineProblems = problems.filter((p) => /^line \d+:/.test(p)).length;
  return bullets > 0 && lineProblems * 2 > bullets;
}

function readStructured(name: string, text: string): InterpretResult {
  const parsed = parseStructuredPrompt(text);
  const gaps = parsed.gaps.map((g) => `still open (line ${g.line}): ${g.text}`);
  if (!parsed.ok) {
    const missing = [...parsed.problems.map((p) => `line ${p.line}: ${p.message}`), ...gaps];
    return { ok: false, error: { code: 'PROMPT_NOT_UNDERSTOOD', message: 'The structured prompt has lines that could not be read.', understood: [], missing, example: text }, ignored: [], draft: text };
  }
  // (a step no record can reach is left out and named, as in a prompt, rather than refusing the whole draft)
  const { blueprint, gaps: unworkable } = withoutUnworkableActions(deriveExamples(parsed.blueprint));
  const checked = validateBlueprint(blueprint);
  if (!checked.ok) return refuse(name, text, 'The structured prompt was read, but the backend it describes is not consistent.', [], [...gaps, ...formatBlueprintIssues(checked.errors).slice(0, 10)], [], blueprint);
  const warnings = [...gaps, ...unworkable];
  return { ok: true, blueprint: checked.blueprint, interpreter: 'rules', warnings, ignored: [], draft: renderDraft(checked.blueprint, [...parsed.gaps.map((g) => g.text), ...unworkable]) };
}

function refuse(name: string, prompt: string, message: string, understood: string[], missing: string[], ignored: string[], partial: Blueprint | undefined): InterpretResult {
  const draft = partial ? renderDraft(partial, missing) : emptyDraft(name, prompt, missing);
  const error: PromptNotUnderstood = { code: 'PROMPT_NOT_UNDERSTOOD', message, understood, missing, example: draft };
  return { ok: false, error, ignored, draft };
}

function describe(a: Analysis): string[] {
  const out: string[] = [];
  for (const r of a.resources) {
    out.push(`resource ${pascalCase(r.words)}${r.fields.length ? ` with fields ${r.fields.map((f) => f.spec.name).join(', ')}` : ' (no fields)'}`);
  }
  for (const act of a.actions) {
    if (act.implicit) continue;
    const res = pascalCase(act.resource.split(' '));
    out.push(`${act.kind} ${res}${act.name ? ` (${act.name})` : ''}${act.filters.length ? ` filtered by ${act.filters.map((f) => f.param).join(', ')}` : ''}`);
  }
  for (const r of a.rules) {
    const R = pascalCase(r.resource.split(' '));
    if (r.kind === 'capacity') out.push(`capacity: ${R} limited by ${r.limitField}`);
    else if (r.kind === 'membership') out.push(`membership: ${R}.${r.field} must be one of ${r.listField}`);
    else if (r.kind === 'compare') out.push(`compare: ${R}.${r.field} ${r.op} ${'aggregate' in r.against ? `the ${r.against.aggregate} so far` : `${r.via}.${r.against.parentField}`}`);
    else out.push(`parentGuard: ${R} only while ${r.via}.${r.field} ${r.op} ${JSON.stringify(r.value ?? null)}`);
  }
  return [...out, ...a.understood.filter((u) => !out.includes(u))];
}
