import { DETERMINERS, EXISTENCE_WORDS, LEADING_COUNTS, MODALS, PREPOSITIONS, QUESTION_WORDS, VERB_SET, WRITER_WORDS } from '../lexicon.js';
import { isDescribed, keyOf, type Analysis } from '../model.js';
import { pascalCase, singular } from '../text.js';
import { renameRecord } from './names.js';

/**
 * Stage 5b: a record's name is a noun phrase. A list tied to the words before its colon can leave a
 * record named after the writer's words around it: "There are categories: ..." (ThereAreCategory),
 * "the sundials I've restored - ..." (SundialIVeRestored), "we need: customer name, ..." (WeNeed).
 * The words that say there is something, or who does what to it, are cut; when nothing is left, the
 * fields are the one record the prompt names without describing ("see the orders for each pickup
 * day"), if there is exactly one. Each reading is stated in a naming note quoting the words.
 */
export function plainRecordNames(input: Analysis): { analysis: Analysis; notes: string[] } {
  let analysis = input;
  const notes: string[] = [];
  for (const r of input.resources) {
    const at = r.words.findIndex((w) => WRITER_WORDS.has(w) || EXISTENCE_WORDS.has(w));
    if (at < 0) continue;
    // ("there are categories": what is there is the record; "sundials i've restored": what comes before the writer)
    const lead = r.words.findIndex((w) => !EXISTENCE_WORDS.has(w) && !WRITER_WORDS.has(w));
    const kept = at === 0 ? (lead > 0 && r.words.slice(lead).every((w) => !WRITER_WORDS.has(w)) ? r.words.slice(lead) : []) : r.words.slice(0, at);
    // ("got six pitches": a count before the record is no part of its name)
    const named = kept.filter((w, k) => k > 0 || !LEADING_COUNTS.has(w));
    // ("what we run", "save each": words that name nothing are no better a name)
    if (named.some((w) => DETERMINERS.has(w) || PREPOSITIONS.has(w) || MODALS.has(w) || QUESTION_WORDS.has(w) || VERB_SET.has(w))) continue;
    const to = named.length > 0 ? [...named.slice(0, -1), singular(named[named.length - 1] as string)] : at === 0 && lead < 0 ? undescribed(analysis, r.words) : undefined;
    if (!to || to.length > 3) continue;
    const target = analysis.resources.find((x) => keyOf(x.words) === keyOf(to));
    // (the record named without fields gives way to the one that has them, and so do the actions it was given by default)
    const bare = target !== undefined && !isDescribed(target);
    const base = bare ? { ...analysis, resources: analysis.resources.filter((x) => x !== target), actions: analysis.actions.filter((x) => x.resource !== keyOf(to) || !analysis.actions.some((y) => y.resource === keyOf(r.words) && y.kind === x.kind)) } : analysis;
    const renamed = renameRecord(base, r.words, to);
    if (!renamed) continue;
    analysis = renamed;
    notes.push(`named ${pascalCase(to)} after "${r.words.join(' ')}": the other words say who keeps it or that there are some, not what it is; rename it in the draft if another name was meant`);
  }
  return { analysis, notes };
}

/** The one record named but not described, when a list's record was named only by the writer's words. */
function undescribed(a: Analysis, words: readonly string[]): string[] | undefined {
  const bare = a.resources.filter((x) => keyOf(x.words) !== keyOf(words) && !isDescribed(x));
  return bare.length === 1 ? (bare[0] as { words: string[] }).words : undefined;
}
