import { isDescribed, keyOf, type Analysis, type ResourceDraft } from '../model.js';
import { IRREGULAR_PARTICIPLES, VERB_SET } from '../lexicon.js';
import { camelCase, pascalCase, plural, splitIdentifier } from '../text.js';

/**
 * Stage 5a: the gaps. Whatever the reader could not map, and what it read but cannot keep (a
 * record with no fields, a field whose name is a sentence), becomes a warning quoting the user's
 * words; what cannot be kept is taken out of the analysis together with everything that depends
 * on it, so the rest can still be generated.
 */
export interface GapReport {
  analysis: Analysis;
  gaps: string[];
}

/** Nouns ending in -ing that name things, not an occurrence of doing something. */
const NOT_OCCURRENCES = new Set(['thing', 'string', 'ring', 'king', 'wing', 'building', 'clothing', 'ceiling', 'listing', 'setting', 'settings', 'offering', 'painting', 'drawing', 'recording', 'wedding', 'pudding', 'sibling', 'seedling', 'duckling', 'evening', 'morning', 'spring', 'swing', 'sling', 'lighting', 'heading', 'wording', 'filling', 'ending', 'posting', 'meeting']);

/** Words that never belong in a field's name: a field named with them is a clause read as a noun. */
const FRAGMENT_WORDS = new Set(['not', 'no', 'never', 'cannot', 'can', 'could', 'must', 'should', 'shall', 'will', 'would', 'may', 'might', 'be', 'is', 'are', 'was', 'were', 'been', 'being', 'with', 'how', 'which', 'whose', 'than', 'if', 'unless', 'only', 'every', 'each']);

/** The words of a field name that make it a sentence fragment ("cannotBeOverbooked", "howManyPeopleFit"). */
export function fragmentWords(fieldName: string): string[] {
  const ws = splitIdentifier(fieldName);
  // "atMostOneAllocation", "atLeastOne": a limit read as a name
  const limit = ws.flatMap((w, k) => (w === 'at' && (ws[k + 1] === 'most' || ws[k + 1] === 'least') ? [w, ws[k + 1] as string] : []));
  // "studentTakeExamOnADate": an article inside a name is a clause read as one
  const article = ws.filter((w, k) => k > 0 && k < ws.length - 1 && (w === 'a' || w === 'an' || w === 'the'));
  // ("memberNo", "boardNo": a "no" last in a longer name is the abbreviation of "number")
  return [...limit, ...article, ...ws.filter((w, k) => (FRAGMENT_WORDS.has(w) && !(w === 'no' && k === ws.length - 1 && k > 0)) || /^(can|don|doesn|isn|aren|won|shouldn)t$/.test(w))];
}

/** Words after which a field's name goes on to describe it ("position in the team", "humidity as a whole percent"). */
const DESCRIBING = new Set(['in', 'on', 'as', 'of', 'for', 'from', 'at', 'afterwards', 'after', 'before', 'per', 'to']);

/** The name before the words that describe it, when one to three plain words come first and an article follows. */
function describedHead(fieldName: string): string | undefined {
  const ws = splitIdentifier(fieldName);
  const at = ws.findIndex((w, k) => k > 0 && DESCRIBING.has(w));
  if (at < 1 || at > 3 || !ws.slice(at).some((w) => w === 'a' || w === 'an' || w === 'the' || w === 'how')) return undefined;
  const head = ws.slice(0, at);
  // ("student take exam on a date": a clause, not a name)
  // ("for one patient on a date", "passes sold for a night": a preposition, a count or a participle makes it a clause too)
  const clause = (w: string): boolean => VERB_SET.has(w) || /[a-z]ed$/.test(w) || IRREGULAR_PARTICIPLES.has(w) || w === 'one';
  if (head.some((w) => FRAGMENT_WORDS.has(w) || DESCRIBING.has(w) || w === 'a' || w === 'an' || w === 'the') || (head.length > 1 && head.some(clause))) return undefined;
  return camelCase(head);
}

/**
 * A reading the writer may not have meant, stated so they can change it in the draft ("cancel a
 * hire" deletes it when hires have no status). Pushed to `unmapped` with this mark, it becomes a
 * warning of its own words, never "not done".
 */
export const READ_AS = 'read as: ';

/** A warning that states a reading (READ_AS), not a part of the prompt left undone. */
export const isReadingNote = (warning: string): boolean => warning.startsWith('read "');

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export function findGaps(input: Analysis): GapReport {
  const a: Analysis = { ...input, resources: input.resources.map((r) => ({ ...r, fields: [...r.fields] })), actions: [...input.actions], rules: [...input.rules] };
  const gaps = a.unmapped.map((u) => (u.startsWith(READ_AS) ? `read ${u.slice(READ_AS.length)}` : `not done: ${u}`));
  // a field whose name is a clause ("cannotBeOverbooked") is a rule read as a noun: not kept
  for (const r of a.resources) {
    for (const f of [...r.fields]) {
      const odd = fragmentWords(f.spec.name);
      if (!odd.length) continue;
      // ("position in the team", "mood afterwards on a 1-10 scale": a name, then words describing it; the name is kept)
      const head = describedHead(f.spec.name);
      const used = JSON.stringify([a.actions, a.rules]).includes(`"${f.spec.name}"`);
      // (only beside other fields: a record whose one field was a sentence is no record, "DoctorAsked")
      const others = r.fields.filter((o) => o !== f && !o.spec.generated && fragmentWords(o.spec.name).length === 0);
      if (head && !used && others.length > 0 && !r.fields.some((o) => o.spec.name === head)) {
        gaps.push(`kept "${splitIdentifier(head).join(' ')}" of "${splitIdentifier(f.spec.name).join(' ')}" as a field of ${pascalCase(r.words)}; the words after it describe it and are not kept`);
        f.spec = { ...f.spec, name: head };
        continue;
      }
      r.fields.splice(r.fields.indexOf(f), 1);
      gaps.push(`not kept: "${splitIdentifier(f.spec.name).join(' ')}" as a field of ${pascalCase(r.words)} ("${odd.join('", "')}" makes it a statement, not a name; state a rule in a sentence of its own)`);
      forgetField(a, keyOf(r.words), f.spec.name);
    }
  }
  // a record named but never described (only fields the backend manages): not kept
  for (const r of [...a.resources]) {
    if (isDescribed(r)) continue;
    const thing = r.words.join(' ');
    gaps.push(`not kept: ${pascalCase(r.words)} ("${r.origin.slice(0, 120)}"): no fields were given; say what a ${thing} has (e.g. "${capitalize(plural(thing))} have a name and a description")`);
    removeResource(a, r, gaps);
  }
  // "log each watering with a date" next to plants: an occurrence tied to nothing
  for (const r of a.resources) {
    const head = r.words[r.words.length - 1] ?? '';
    if (a.resources.length < 2 || !/^[a-z]{3,}ing$/.test(head) || NOT_OCCURRENCES.has(head) || r.fields.some((f) => f.spec.type === 'reference')) continue;
    if (a.resources.some((o) => o.fields.some((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(r.words)))) continue;
    const other = a.resources.find((o) => o !== r)?.words.join(' ') ?? 'record';
    gaps.push(`not linked: ${pascalCase(r.words)} is not tied to a ${other}; say which one each ${r.words.join(' ')} is for (e.g. "${capitalize(plural(r.words.join(' ')))} belong to a ${other}")`);
  }
  return { analysis: a, gaps };
}

/** Takes a resource out with its actions, rules and the references to it, naming each loss. */
/** What the actions and rules said of a field not kept goes with it ("list the shouts for each boat" loses its filter on "which boat launched", already named). */
function forgetField(a: Analysis, key: string, field: string): void {
  for (const act of a.actions) {
    if (act.resource !== key) continue;
    act.filters = act.filters.filter((f) => f.field !== field);
    if (act.updateFields?.includes(field)) {
      act.updateFields = act.updateFields.filter((f) => f !== field);
      if (act.updateFields.length === 0) delete act.updateFields;
    }
    if (act.by === field) act.by = 'id';
    if (act.orderBy?.field === field) delete act.orderBy;
  }
  a.rules = a.rules.filter((rule) => rule.resource !== key || ![rule.via, 'field' in rule ? rule.field : undefined, 'limitField' in rule ? rule.limitField : undefined].includes(field));
  // (a combination naming the field goes with it: kimono rental's "can't be rented twice on the same date")
  const res = a.resources.find((r) => keyOf(r.words) === key);
  if (res?.uniqueTogether) res.uniqueTogether = res.uniqueTogether.filter((names) => !names.includes(field));
}

function removeResource(a: Analysis, r: ResourceDraft, gaps: string[]): void {
  const key = keyOf(r.words);
  const name = pascalCase(r.words);
  a.resources.splice(a.resources.indexOf(r), 1);
  for (const act of [...a.actions]) {
    const uses = act.resource === key || act.params.some((p) => p.references === name) || act.tally?.countResource === name;
    if (!uses) continue;
    a.actions.splice(a.actions.indexOf(act), 1);
    if (act.implicit) continue;
    // an action asked for on the record itself is lost with it: named, never dropped silently
    if (act.resource === key) gaps.push(`not done: "${act.description || act.verb}" (it acts on ${name}, which has no fields)`);
    else gaps.push(`not done: "${act.description || act.verb}" (it needs a ${r.words.join(' ')}, which has no fields)`);
  }
  for (const other of a.resources) {
    for (const f of [...other.fields]) {
      if (f.spec.type !== 'reference' || f.spec.references !== name) continue;
      other.fields.splice(other.fields.indexOf(f), 1);
      gaps.push(`not kept: ${pascalCase(other.words)}.${f.spec.name}, a link to ${name}, which has no fields`);
    }
  }
  a.rules = a.rules.filter((rule) => a.resources.find((o) => keyOf(o.words) === rule.resource)?.fields.some((f) => f.spec.name === rule.via) ?? false);
}
