import { formatBlueprintIssues, validateBlueprint } from '@backforge/blueprint';
import type { InterpretResult, PromptNotUnderstood } from '../interpreter.js';
import { analyze } from './analyze.js';
import { buildBlueprint } from './build.js';
import { deriveExamples } from './examples.js';
import { ACTOR_WORDS, META_NOUNS } from './lexicon.js';
import type { Analysis } from './model.js';
import { pascalCase, plural, splitIdentifier } from './text.js';

/** Longest prompt read; a longer one is refused rather than read in part. */
export const MAX_PROMPT_LENGTH = 20_000;

/**
 * prompt -> Blueprint, offline and deterministic: the same name and prompt give a deep-equal
 * blueprint. Fails with PROMPT_NOT_UNDERSTOOD when any part of the prompt could not be mapped,
 * rather than answering with a backend that ignores it.
 */
/** Nouns ending in -ing that name things, not an occurrence of doing something. */
const NOT_OCCURRENCES = new Set(['thing', 'string', 'ring', 'king', 'wing', 'building', 'clothing', 'ceiling', 'listing', 'setting', 'settings', 'offering', 'painting', 'drawing', 'recording', 'wedding', 'pudding', 'sibling', 'seedling', 'duckling', 'evening', 'morning', 'spring', 'swing', 'sling', 'lighting', 'heading', 'wording', 'filling', 'ending', 'posting', 'meeting']);

export function interpretPrompt(name: string, prompt: string): InterpretResult {
  return interpretOnce(name, prompt, true);
}

function interpretOnce(name: string, prompt: string, checkExample: boolean): InterpretResult {
  const fail = (message: string, understood: string[], missing: string[], analysis: Analysis | undefined): InterpretResult => failure(message, understood, missing, analysis, checkExample);
  const text = prompt.trim();
  if (text.length === 0) return fail('The prompt is empty.', [], ['a description of the data the backend keeps'], undefined);
  if (text.length > MAX_PROMPT_LENGTH) return fail(`The prompt is longer than ${MAX_PROMPT_LENGTH} characters.`, [], ['a shorter description'], undefined);
  let analysis: Analysis;
  try {
    analysis = analyze(text);
  } catch (error) {
    // A prompt the grammar trips over is still a prompt not understood, never a crash of the job.
    return fail('The prompt could not be read.', [], [`the sentence structure could not be followed (${error instanceof Error ? error.message : String(error)})`], undefined);
  }
  const missing: string[] = [];
  for (const u of analysis.unmapped) missing.push(`could not map ${u}`);
  if (analysis.resources.length === 0) {
    missing.push('no kind of record was described (e.g. "Books have a title and an author")');
  }
  for (const r of analysis.resources) {
    // only fields the backend manages (a "learned" flag, "assignedAt"): nothing a user can enter,
    // so the record was named but never described ("mark a card as learned" with no cards declared)
    if (r.fields.every((f) => f.spec.generated !== undefined)) {
      const name = pascalCase(r.words);
      missing.push(`${name} has no fields: say what a ${r.words.join(' ')} has (e.g. "${capitalize(plural(r.words.join(' ')))} have a name and a description")`);
    }
  }
  // "log each watering with a date" next to plants: an occurrence of doing something (a gerund
  // record) that points at nothing is not tied to what it happened to; ask rather than guess
  for (const r of analysis.resources) {
    const head = r.words[r.words.length - 1] ?? '';
    if (analysis.resources.length < 2 || !/^[a-z]{3,}ing$/.test(head) || NOT_OCCURRENCES.has(head) || r.fields.some((f) => f.spec.type === 'reference')) continue;
    // "reserve seats for a screening": records pointing at it tie it already
    if (analysis.resources.some((o) => o.fields.some((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(r.words)))) continue;
    const others = analysis.resources.filter((o) => o !== r).map((o) => o.words.join(' '));
    missing.push(`${pascalCase(r.words)} is not tied to a ${others[0] ?? 'record'}: say which one each ${r.words.join(' ')} is for (e.g. "${capitalize(plural(r.words.join(' ')))} belong to a ${others[0] ?? 'record'} and have a date")`);
  }
  for (const r of analysis.resources) {
    for (const f of r.fields) {
      const odd = fragmentWords(f.spec.name);
      if (odd.length) missing.push(`could not map "${splitIdentifier(f.spec.name).join(' ')}" of ${pascalCase(r.words)} as a field: "${odd.join('", "')}" makes it a statement, not a name (state rules in a sentence of their own)`);
    }
  }
  const understood = describe(analysis);
  if (missing.length > 0) {
    const what = analysis.resources.length === 0 ? 'I could not find any kind of record to keep.' : 'Parts of the prompt could not be mapped to a backend.';
    return fail(`The prompt was not understood: ${what}`, understood, missing, analysis);
  }
  const draft = buildBlueprint(name, text, analysis);
  const blueprint = deriveExamples(draft);
  const checked = validateBlueprint(blueprint);
  if (!checked.ok) {
    // The rules produced something the blueprint schema refuses: report it rather than ship it.
    return fail('The prompt was read, but the backend it describes is not consistent.', understood, formatBlueprintIssues(checked.errors).slice(0, 10), analysis);
  }
  return { ok: true, blueprint: checked.blueprint, interpreter: 'rules' };
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
  for (const r of a.rules) out.push(r.kind === 'capacity' ? `capacity: ${pascalCase(r.resource.split(' '))} limited by ${r.limitField}` : `membership: ${pascalCase(r.resource.split(' '))}.${r.field} must be one of ${r.listField}`);
  return [...out, ...a.understood.filter((u) => !out.includes(u))];
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** An accepted prompt in the user's own terms when a resource was found, else a to-do list. */
export function examplePrompt(analysis: Analysis | undefined): string {
  const candidates = (analysis?.resources ?? []).filter((r) => !ACTOR_WORDS.has(r.words[r.words.length - 1] as string) && !r.words.some((w) => META_NOUNS.has(w)));
  const res = candidates[0];
  if (!res) return DEFAULT_EXAMPLE;
  const thing = res.words.join(' ');
  const things = plural(thing);
  return `${capitalize(things)} have a name, a description and a status (active, archived). Users can add ${things}, list them filtered by status, update them and delete them.`;
}

const DEFAULT_EXAMPLE = 'A todo list API. Each todo has a title, an optional due date and a done flag. Users can add todos, list them, mark a todo as done, and delete todos.';

function failure(message: string, understood: string[], missing: string[], analysis: Analysis | undefined, checkExample: boolean): InterpretResult {
  // the example in the user's terms is shown only if it is itself accepted
  const tailored = examplePrompt(analysis);
  const example = tailored === DEFAULT_EXAMPLE || (checkExample && interpretOnce('example', tailored, false).ok) ? tailored : DEFAULT_EXAMPLE;
  const error: PromptNotUnderstood = {
    code: 'PROMPT_NOT_UNDERSTOOD',
    message,
    understood,
    missing,
    example,
  };
  return { ok: false, error };
}


/** Words that never belong in a field's name: a field named with them is a clause read as a noun. */
const FRAGMENT_WORDS = new Set(['not', 'no', 'never', 'cannot', 'can', 'could', 'must', 'should', 'shall', 'will', 'would', 'may', 'might', 'be', 'is', 'are', 'was', 'were', 'been', 'being', 'with', 'how', 'which', 'whose', 'than', 'if', 'unless', 'only', 'every', 'each']);

/** The words of a field name that make it a sentence fragment ("cannotBeOverbooked", "howManyPeopleFit"). */
export function fragmentWords(fieldName: string): string[] {
  return splitIdentifier(fieldName).filter((w) => FRAGMENT_WORDS.has(w) || /^(can|don|doesn|isn|aren|won|shouldn)t$/.test(w));
}
