import { DETERMINERS, PARTICLES, STATE_FIELD_NAMES, VERB_AS_NOUN_NEXT } from '../lexicon.js';
import { type ActionDraft, isDescribed, keyOf, referenceTo, type ResourceDraft } from '../model.js';
import { camelCase, gerundInfinitive, pastParticiple, splitIdentifier, verbForms, verbInfinitive } from '../text.js';
import { pushTransition } from './actions.js';
import type { ReadingState } from './reading-state.js';

/** A field named as a record's state ("status", "order state", "stage"). */
export const namedAsState = (name: string): boolean => STATE_FIELD_NAMES.has((splitIdentifier(name).pop() ?? '').toLowerCase());

/** The transitions of `res` that set `field`. */
export const movesOf = (ctx: ReadingState, res: ResourceDraft, field: string): ActionDraft[] =>
  ctx.actions.filter((a) => a.resource === keyOf(res.words) && a.kind === 'transition' && a.effects.some((e) => 'set' in e && e.set === field));

/** A step into `state` named by the words of its doing ("ship an order": shipOrder sets status "shipped"). */
export function pushStep(ctx: ReadingState, res: ResourceDraft, doing: readonly string[], field: string, state: string): void {
  pushTransition(ctx, res, `${doing.join(' ')} ${/^[aeiou]/.test(res.words[0] ?? '') ? 'an' : 'a'} ${res.words.join(' ')}`, { verb: doing.join('_'), name: camelCase([...doing, ...res.words]), effects: [{ set: field, to: { literal: state } }] });
}

/** The verb a state is the doing of: "diagnosed" diagnose, "checked in" check in, "printing" print; else undefined. */
export function stateVerb(state: string): string[] | undefined {
  const [first, ...rest] = state.toLowerCase().split(/\s+/);
  if (!first || rest.length > 1 || (rest.length === 1 && !PARTICLES.has(rest[0] as string))) return undefined;
  // ("sent": send; "ready", "open" are no doing)
  const past = verbInfinitive(first);
  // ("done" is no "dine": the verb must give back the word)
  const verb = /ing$/.test(first) ? gerundInfinitive(first) : past && pastParticiple(past) === first ? past : undefined;
  return verb ? [verb, ...rest] : undefined;
}

/**
 * Stage (completion): the moves of a record's lifecycle, said as verbs the reading could not tie
 * to the record. "Status: placed / baking / ready / collected ... Actions on an order: start
 * baking, mark ready, mark collected", "webinar actions: publish, start, end", "status: ordered ->
 * shipped -> received (ship, receive)": a state the prompt names a doing of gets the transition
 * that sets it, named by the words the prompt uses (startBakingOrder, markReadyOrder,
 * receivePrimerOrder). Run only for a state field no action moves yet; once one does, the other
 * states' steps follow from their own words (complete.ts, stepsToEveryState).
 *
 * Evidence that the prompt says the doing, not the state: the verb's own form ("ship", "ships"),
 * never the participle the state is written with ("shipped"); "mark <state>" for a state that is
 * no doing ("ready"); "start <state>" for one that is ("baking"). A verb after an article ("a
 * return") or before a word that makes it a noun ("return date") is a thing, not said.
 * In batches 08-70, 34 records had a lifecycle no action moved while their writers expected the
 * transitions the prompt named; the rest expected the status to be updated, and keep that update.
 */
export function lifecycleVerbs(ctx: ReadingState): void {
  const words = promptWords(ctx.prompt);
  for (const res of ctx.resources) {
    for (const f of res.fields) {
      const states = f.spec.values ?? [];
      if (f.spec.type !== 'enum' || f.spec.generated || states.length < 2 || !(f.spec.transitions?.length || namedAsState(f.spec.name))) continue;
      if (movesOf(ctx, res, f.spec.name).length > 0) continue;
      const first = f.spec.default ?? states[0];
      for (const state of states) {
        if (state === first) continue;
        const said = saidDoing(words, state);
        if (!said || ctx.actions.some((a) => a.resource === keyOf(res.words) && a.name === camelCase([...said, ...res.words]))) continue;
        pushStep(ctx, res, said, f.spec.name, state);
        forgetMisreadings(ctx, [said.join(' '), `mark ${state.toLowerCase()}`, `mark as ${state.toLowerCase()}`], state);
      }
    }
  }
}

/** The prompt's words in order, lower case, with apostrophes kept ("it's"). */
function promptWords(prompt: string): string[] {
  return prompt.toLowerCase().replace(/’/g, "'").split(/[^a-z0-9'-]+/).filter(Boolean);
}

/** Does the prompt say `form` as a verb: never after an article or a possessive, never before a word that makes it a noun? */
function saysVerb(words: readonly string[], form: string): boolean {
  return words.some((w, k) => w === form && !DETERMINERS.has(words[k - 1] ?? '') && !VERB_AS_NOUN_NEXT.has(words[k + 1] ?? ''));
}

/** Does the prompt say `lead` then `state` ("mark ready", "mark as ready", "mark it collected", "start baking")? */
function saysBefore(words: readonly string[], lead: string, state: readonly string[]): boolean {
  return words.some((w, k) => {
    if (w !== lead) return false;
    // ("mark as ready", "mark it ready", "mark the order ready": up to two words between)
    for (let gap = 0; gap <= 2; gap++) {
      const at = k + 1 + gap;
      const between = words.slice(k + 1, at);
      const fits = between.every((x) => x === 'as' || x === 'it' || x === 'them' || DETERMINERS.has(x)) || (between.length === 2 && DETERMINERS.has(between[0] as string));
      if (fits && state.every((s, j) => words[at + j] === s)) return true;
    }
    return false;
  });
}

/** The words the prompt says the doing of `state` with, if it does: ["ship"], ["start", "baking"], ["mark", "ready"]. */
function saidDoing(words: readonly string[], state: string): string[] | undefined {
  const sw = state.toLowerCase().split(/[\s_]+/).filter(Boolean);
  const [head, ...rest] = sw;
  if (!head || rest.length > 1) return undefined;
  const verb = stateVerb(state)?.[0];
  if (/^[a-z]+ing$/.test(head) && rest.length === 0) {
    // "start baking"; "stitch" for "stitching"
    if (saysBefore(words, 'start', sw)) return ['start', ...sw];
    return verb && verbForms(verb).some((form) => form !== head && !form.endsWith('ing') && form !== pastParticiple(verb) && saysVerb(words, form)) ? [verb] : undefined;
  }
  if (verb && !head.endsWith('ing')) {
    // "receive", "ships", "passes it"; "mark collected" says it too, by the verb (4 of 6 writers)
    const forms = verbForms(verb).filter((form) => form !== head && !form.endsWith('ing'));
    if (rest.length === 0 && forms.some((form) => saysVerb(words, form))) return [verb];
    if (rest.length === 1 && forms.some((form) => words.some((w, k) => w === form && words[k + 1] === rest[0]))) return [verb, ...rest];
    if (saysBefore(words, 'mark', sw)) return [verb, ...rest];
    return undefined;
  }
  // a state that is no doing ("ready", "no-show"): only as it is marked
  return saysBefore(words, 'mark', sw) ? ['mark', ...sw] : undefined;
}

/**
 * What the reading made of the words a lifecycle verb now answers: a gap quoting only them ("mark
 * ready" (mark it as what?)) and a record named by the state with nothing said of it ("Ready",
 * "Baking") are not kept, so the result does not warn about what it did.
 */
function forgetMisreadings(ctx: ReadingState, phrases: readonly string[], state: string): void {
  const quoted = (u: string): string | undefined => /^"([^"]+)"/.exec(u)?.[1];
  for (const u of [...ctx.unmapped]) {
    const q = quoted(u)?.toLowerCase().replace(/[^a-z' -]+/g, ' ').split(/\s+/).filter((w) => w && !DETERMINERS.has(w)).join(' ');
    if (q !== undefined && phrases.includes(q)) ctx.unmapped.splice(ctx.unmapped.indexOf(u), 1);
  }
  const stateWords = state.toLowerCase().split(/\s+/);
  for (const r of [...ctx.resources]) {
    if (isDescribed(r) || !sameWords(r, stateWords)) continue;
    if (ctx.resources.some((o) => referenceTo(o, r) !== undefined)) continue;
    const key = keyOf(r.words);
    ctx.resources.splice(ctx.resources.indexOf(r), 1);
    for (const a of [...ctx.actions]) if (a.resource === key) ctx.actions.splice(ctx.actions.indexOf(a), 1);
  }
}

const sameWords = (r: ResourceDraft, words: readonly string[]): boolean => r.words.length === words.length && r.words.every((w, k) => w === words[k]);
