import { DETERMINERS, EXISTENCE_WORDS, LEADING_COUNTS, MODALS, PREPOSITIONS, QUESTION_WORDS, VERB_SET, WRITER_WORDS } from '../lexicon.js';
import { isDescribed, keyOf, type Analysis, type ResourceDraft } from '../model.js';
import { pascalCase, plural, singular } from '../text.js';
import { last, renameRecord } from './names.js';

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

/**
 * "Customers book a bay online: the bay number, the date, ... Staff list the bookings for a date":
 * the fields went to a record named by the words before them (`BayOnline`), and the records the
 * prompt acts on (bookings) were left with none. When exactly one record is acted on but not
 * described, and exactly one described record is acted on by nothing the prompt says and linked
 * to nothing, they are one record, named as the actions name it. The caller reads the prompt again
 * with the one named as the other, and keeps that reading only if it leaves less undone.
 */
export function misnamedRecord(a: Analysis, prompt: string): { from: string[]; to: string[] } | undefined {
  const actedOn = (r: ResourceDraft): boolean => a.actions.some((x) => !x.implicit && x.resource === keyOf(r.words));
  const bare = a.resources.filter((r) => !isDescribed(r) && actedOn(r));
  if (bare.length !== 1 || a.resources.some((r) => !isDescribed(r) && r !== bare[0])) return undefined;
  const linked = (r: ResourceDraft): boolean =>
    a.resources.some((o) => o !== r && o.fields.some((f) => f.spec.type === 'reference' && [f.spec.references, keyOf(r.words)].includes(pascalCase(r.words)))) ||
    r.fields.some((f) => f.spec.type === 'reference') ||
    a.rules.some((x) => x.resource === keyOf(r.words));
  // (its name said nowhere but where its fields are: "book a bay online: ...", "log every catch as it's brought to the scales: ...")
  const said = (text: string, r: ResourceDraft): number => text.toLowerCase().split(new RegExp(`\\b${r.words.join('[\\s-]+').replace(/y$/, '(?:y|ie)')}(?:e?s)?\\b`)).length - 1;
  const namedOnce = (r: ResourceDraft): boolean => said(prompt, r) <= said(r.origin, r);
  const lonely = a.resources.filter((r) => isDescribed(r) && !actedOn(r) && !linked(r) && namedOnce(r) && !nounOfPrompt(prompt, last(r.words)));
  const head = last((bare[0] as ResourceDraft).words);
  // ("Rental - which rickshaw, ...": a record the prompt labels over fields of its own was misread there, not elsewhere)
  if (new RegExp(`(?:^|\\n|[.;:!]\\s)\\s*(?:[-*#]+\\s*)?${(bare[0] as ResourceDraft).words.join('\\s+')}s?\\s*(?::|\\s[-–—])`, 'i').test(prompt)) return undefined;
  if (/(?:ed|est)$/.test(head) || !(asNoun(prompt, head) || new RegExp(`\\b${plural(head)}\\b`, 'i').test(prompt))) return undefined;
  const to = (bare[0] as ResourceDraft).words;
  return lonely.length === 1 ? { from: (lonely[0] as ResourceDraft).words, to } : undefined;
}


/** The prompt uses the word as a noun: after an article or a possessive ("the bookings", "a ticket", "our blue plaques"). */
function asNoun(prompt: string, word: string, between = '(?:[a-z]+\\s+)?'): boolean {
  const forms = `(?:${word}|${plural(word)})`;
  return new RegExp(`\\b(?:a|an|the|each|every|our|my|their|its|this|that|one)\\s+${between}${forms}\\b`, 'i').test(prompt.replace(/[*_`]/g, ''));
}

/** A noun the prompt uses as one: right after an article, or in the plural ("nominations:"; "has" is no plural of "ha", nor "gets" of "get"). */
function nounOfPrompt(prompt: string, word: string): boolean {
  const pluralSaid = !VERB_SET.has(word) && !MODALS.has(word) && !['has', 'does', 'is', 'was'].includes(plural(word)) && new RegExp(`\\b${plural(word)}\\b`, 'i').test(prompt);
  return pluralSaid || asNoun(prompt, word, '');
}
