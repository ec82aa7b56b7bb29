import { DETERMINERS, STATE_FIELD_NAMES } from '../lexicon.js';
import { isDescribed, keyOf, type ResourceDraft } from '../model.js';
import { camelCase, gerundInfinitive, pastParticiple, splitIdentifier, verbForms, verbInfinitive } from '../text.js';
import { pushTransition } from './actions.js';
import type { ReadingState } from './reading-state.js';

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
    const key = keyOf(res.words);
    for (const f of res.fields) {
      const states = f.spec.values ?? [];
      const last = (splitIdentifier(f.spec.name).pop() ?? '').toLowerCase();
      if (f.spec.type !== 'enum' || f.spec.generated || states.length < 2 || !(f.spec.transitions?.length || STATE_FIELD_NAMES.has(last))) continue;
      const moved = ctx.actions.some((a) => a.resource === key && a.kind === 'transition' && a.effects.some((e) => 'set' in e && e.set === f.spec.name));
      if (moved) continue;
      const first = f.spec.default ?? states[0];
      for (const state of states) {
        if (state === first) continue;
        const said = saidDoing(words, state);
        if (!said) continue;
        const name = camelCase([...said, ...res.words]);
        if (ctx.actions.some((a) => a.resource === key && a.name === name)) continue;
        pushTransition(ctx, res, `${said.join(' ')} ${/^[aeiou]/.test(res.words[0] ?? '') ? 'an' : 'a'} ${res.words.join(' ')}`, { verb: said.join('_'), name, effects: [{ set: f.spec.name, to: { literal: state } }] });
        forgetMisreadings(ctx, [said.join(' '), `mark ${state.toLowerCase()}`, `mark as ${state.toLowerCase()}`], state);
      }
    }
  }
}

/** The prompt's words in order, lower case, with apostrophes kept ("it's"). */
function promptWords(prompt: string): string[] {
  return prompt.toLowerCase().replace(/’/g, "'").split(/[^a-z0-9'-]+/).filter(Boolean);
}

/** Words after which a verb's form names a thing ("return date", "ship name"). */
const NOUN_NEXT = new Set(['date', 'dates', 'time', 'times', 'day', 'number', 'reason', 'note', 'notes', 'code', 'fee', 'address', 'point', 'slip', 'form', 'details', 'method', 'type', 'status', 'count']);

/** Does the prompt say `form` as a verb: never after an article or a possessive, never before a word that makes it a noun? */
function saysVerb(words: readonly string[], form: string): boolean {
  return words.some((w, k) => w === form && !DETERMINERS.has(words[k - 1] ?? '') && !NOUN_NEXT.has(words[k + 1] ?? ''));
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
  if (/^[a-z]+ing$/.test(head) && rest.length === 0) {
    // "start baking"; "stitch" for "stitching"
    if (saysBefore(words, 'start', sw)) return ['start', ...sw];
    const verb = gerundInfinitive(head);
    return verb && verbForms(verb).some((form) => form !== head && !form.endsWith('ing') && form !== pastParticiple(verb) && saysVerb(words, form)) ? [verb] : undefined;
  }
  const verb = verbInfinitive(head);
  if (verb && pastParticiple(verb) === head) {
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
    const key = keyOf(r.words);
    const linked = ctx.resources.some((o) => o.fields.some((f) => f.spec.type === 'reference' && (f.words.join(' ').includes(key) || f.spec.references === key)));
    if (linked) continue;
    ctx.resources.splice(ctx.resources.indexOf(r), 1);
    for (const a of [...ctx.actions]) if (a.resource === key) ctx.actions.splice(ctx.actions.indexOf(a), 1);
  }
}

const sameWords = (r: ResourceDraft, words: readonly string[]): boolean => r.words.length === words.length && r.words.every((w, k) => w === words[k]);
