import { compromise } from './nlp.js';

/**
 * Language helpers on top of compromise: sentence splitting, singular/plural and verb forms.
 * compromise's tagger guesses badly on terse imperative lists ("toggle them", "search notes"), so
 * the grammar of prompts is read by our own token rules; compromise supplies the morphology and
 * the sentence boundaries (abbreviations, decimals), and tags words the lexicon does not know.
 */

interface Morphology {
  methods: {
    two: {
      transform: {
        noun: { toSingular(word: string, model: unknown): string; toPlural(word: string, model: unknown): string };
        verb: {
          toInfinitive(word: string, model: unknown, tense: string): string;
          conjugate(word: string, model: unknown): Record<string, string | undefined>;
        };
      };
    };
  };
  model: unknown;
}

let morphology: Morphology | undefined;
/** compromise's model and word transforms, on first use (see nlp.ts). */
function world(): Morphology {
  return (morphology ??= compromise().world() as unknown as Morphology);
}
function transform(): Morphology['methods']['two']['transform'] {
  return world().methods.two.transform;
}

/** Words compromise singularises wrongly ("status" -> "statu") or that have no plural form. */
const UNINFLECTED = new Set(['status', 'news', 'series', 'data', 'species', 'analysis', 'address', 'access', 'campus', 'bus', 'process', 'class', 'sms', 'rsvp', 'info', 'information', 'feedback', 'equipment', 'inventory', 'metadata', 'media', 'stuff', 'staff', 'software', 'hardware', 'progress', 'weather', 'music', 'content', 'text', 'summons', 'lens', 'canvas', 'atlas', 'chassis', 'premises']);
/** Of those, the words whose plural is written with -es ("addresses", "summonses"). */
const PLURAL_WITH_ES = new Set(['address', 'class', 'bus', 'process', 'summons', 'lens', 'canvas', 'atlas']);

export function singular(word: string): string {
  const w = word.toLowerCase();
  if (UNINFLECTED.has(w) || w.endsWith('ss') || w.endsWith('us') || w.endsWith('is') || !w.endsWith('s')) {
    if (w === 'people') return 'person';
    if (w === 'children') return 'child';
    if (w === 'data') return 'data';
    return w;
  }
  return transform().noun.toSingular(w, world().model) || w;
}

export function plural(word: string): string {
  const w = word.toLowerCase();
  if (w === 'status') return 'statuses';
  if (PLURAL_WITH_ES.has(w)) return transform().noun.toPlural(w, world().model) || `${w}es`;
  if (UNINFLECTED.has(w) && w !== 'rsvp') return w;
  return transform().noun.toPlural(w, world().model) || `${w}s`;
}

export function isPluralForm(word: string): boolean {
  const w = word.toLowerCase();
  return singular(w) !== w;
}

const TENSE_BY_SUFFIX: [string, string][] = [
  ['ing', 'Gerund'],
  ['ed', 'PastTense'],
  ['s', 'PresentTense'],
];

/** All inflected forms of a verb, mapped back to its infinitive (e.g. "borrowed" -> "borrow"). */
export function verbForms(infinitive: string): string[] {
  const forms = transform().verb.conjugate(infinitive, world().model);
  const out = new Set<string>([infinitive]);
  for (const key of ['PastTense', 'PresentTense', 'Gerund', 'Participle']) {
    const f = forms[key];
    if (f && !f.includes(' ')) out.add(f.toLowerCase());
  }
  return [...out];
}

/** The infinitive of a past participle ("shipped" -> "ship", "sold" -> "sell"). */
export function infinitiveOf(participle: string): string {
  return transform().verb.toInfinitive(participle.toLowerCase(), world().model, 'PastTense').toLowerCase();
}

export function pastParticiple(infinitive: string): string {
  const irregular: Record<string, string> = { pay: 'paid', read: 'read', hide: 'hidden', take: 'taken', give: 'given', rsvp: 'rsvped', set: 'set', put: 'put', shut: 'shut', lend: 'lent', hold: 'held', sell: 'sold', buy: 'bought', send: 'sent', withdraw: 'withdrawn', uphold: 'upheld', write: 'written', break: 'broken', choose: 'chosen', draw: 'drawn', throw: 'thrown', show: 'shown', freeze: 'frozen', steal: 'stolen', begin: 'begun', win: 'won', lose: 'lost', do: 'done' };
  const known = irregular[infinitive];
  if (known) return known;
  return (transform().verb.conjugate(infinitive, world().model)['PastTense'] ?? `${infinitive}ed`).toLowerCase();
}

/**
 * Infinitive of a word if it can be a verb form of one of `knownVerbs` ("restocking" -> "restock").
 * Uses compromise's conjugator, so irregular forms come from its model, not our lists.
 */
export function verbLemma(word: string, knownVerbs: ReadonlySet<string>): string | undefined {
  const w = word.toLowerCase();
  if (knownVerbs.has(w)) return w;
  for (const [suffix, tense] of TENSE_BY_SUFFIX) {
    if (w.endsWith(suffix) && w.length > suffix.length + 1) {
      const inf = transform().verb.toInfinitive(w, world().model, tense).toLowerCase();
      if (knownVerbs.has(inf)) return inf;
    }
  }
  // irregular past forms ("paid", "sold", "sent")
  if (w.length > 2 && !w.endsWith('s')) {
    const inf = transform().verb.toInfinitive(w, world().model, 'PastTense').toLowerCase();
    if (inf !== w && knownVerbs.has(inf) && pastParticiple(inf) === w) return inf;
  }
  return undefined;
}

/** compromise's own judgement: could this word, in this sentence, be a verb? */
export function taggedAsVerb(sentence: string, word: string): boolean {
  const terms = compromise()(sentence).terms().json() as { terms: { normal: string; tags: string[] }[] }[];
  return terms.some((t) => t.terms.some((term) => term.normal === word.toLowerCase() && term.tags.includes('Verb') && !term.tags.includes('Auxiliary')));
}

/**
 * A heading line ending in ":" followed by bullet lines is one declaration
 * ("Products:\n- name\n- price" -> "Products: name, price").
 */
function joinBulletLists(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  const bullet = /^\s*(?:[-*•]|\d+[.)])\s+/;
  // a Markdown heading ("## Chores") is a heading line: "Chores:" over bullets, else a title
  const heading = /^\s*#{1,6}\s+(.*?)[\s:]*$/;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    const title = heading.exec(raw)?.[1];
    const line = title === undefined ? raw : bullet.test(lines[i + 1] ?? '') ? `${title}:` : `${title}.`;
    if (/:\s*$/.test(line) && bullet.test(lines[i + 1] ?? '')) {
      const items: string[] = [];
      while (bullet.test(lines[i + 1] ?? '')) items.push((lines[++i] as string).replace(bullet, '').replace(/[.;,]\s*$/, '').trim());
      out.push(`${line.trim()} ${items.join(', ')}.`);
      continue;
    }
    out.push(line);
  }
  return out;
}

export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of joinBulletLists(text)) {
    const trimmed = line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim();
    if (!trimmed) continue;
    const sentences = compromise()(trimmed).sentences().out('array') as string[];
    // ("their height in cm. So we can ...": compromise takes a unit's full stop for an abbreviation's)
    for (const s of sentences.flatMap((x) => x.split(/(?<=\b(?:cm|mm|km|kg|ml|cl|mg|lb|lbs|oz|ft|hrs?|mins?|secs?|m|g|l)\.)\s+(?=[A-Z])/))) if (s.trim()) out.push(s.trim());
  }
  return out;
}

export function pascalCase(words: string[]): string {
  return (
    words
      .flatMap((w) => w.split(/[^A-Za-z0-9]+/))
      .filter(Boolean)
      // "per 100 g" -> "Per100g": a unit written on a number stays on it
      .map((w, k, all) => (/^\d+$/.test(all[k - 1] ?? '') && /^[a-z]{1,2}\d?$/i.test(w) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
      .join('')
  );
}

export function camelCase(words: string[]): string {
  const p = pascalCase(words);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

/** "cookingTimeMinutes" -> ["cooking", "time", "minutes"]. */
export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    // "OnADate", "URLCode": a capital before a capitalised word is a word of its own
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
}

/** Infinitive of a past-tense form, by compromise ("retired" -> "retire"); undefined if unsure. */
/** "raising" -> "raise", "printing" -> "print": the verb a gerund is of, by compromise's conjugator; undefined if none. */
export function gerundInfinitive(gerund: string): string | undefined {
  const inf = transform().verb.toInfinitive(gerund.toLowerCase(), world().model, 'Gerund').toLowerCase();
  return inf && inf !== gerund.toLowerCase() ? inf : undefined;
}

export function verbInfinitive(pastForm: string): string | undefined {
  const inf = transform().verb.toInfinitive(pastForm.toLowerCase(), world().model, 'PastTense').toLowerCase();
  return inf && inf !== pastForm.toLowerCase() ? inf : undefined;
}

/** A literal value as the words of a state or a message: a string as it is, anything else as JSON. */
export const literalText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
