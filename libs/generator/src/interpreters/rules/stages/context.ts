import { AMOUNT_WORDS, CONTACT_DETAILS, TYPE_BY_WORD, COLLECTION_TAILS, DETERMINERS, DOCUMENT_LABELS, META_NOUNS, MODALS, ON_RECORD_PREPS, PREPOSITION_LIKE, POSSESSIVES, PRONOUN_SUBJECTS, PREPOSITIONS, VERB_PARTICLES, VERB_SET, NOMINALIZATION, REQUEST_WORDS, SELF_SUBJECTS, SELF_VERBS, VERBS } from '../lexicon.js';
import { isPluralForm, plural, singular, taggedAsVerb, verbLemma } from '../text.js';
import { isSoftwareAsk } from './split-sentence.js';
import type { Clause } from './clauses.js';
import { compromise } from '../nlp.js';

/**
 * Stage 2a: talk about the writer and what their sentences say of the records. "We're a small
 * bakery", "I'd like a simple backend" are Context (ignored and listed as such); "i need smth to
 * keep my gigs", "need booking system!!" name the records a bare list after them describes; "an
 * API for my tool library" names the records of a table with no heading.
 */
const KEEP_VERBS = /\b(?:keep(?:ing)?(?: track of)?|track(?:ing)?(?: of)?|log(?:ging)?|stor(?:e|ing)|record(?:ing)?|manag(?:e|ing)|organi[sz](?:e|ing)|system for|app for|database for)\s+(?:all\s+)?(?:(?:my|our|the|their)\s+)?([a-z]+(?: [a-z]+)?)$/i;

/** "i need smth to keep my gigs", "I need system for bed reservations": the records it keeps. */
export function keptSubject(sentence: string): string | undefined {
  // "need booking system!!", "she wants a booking thing": the records the system is named after
  // ("need a booking thing for my shisha lounge": whatever place it is for)
  const system = /\b(?:needs?|wants?|looking for)\s+(?:a\s+|an\s+)?(?:simple\s+|small\s+|little\s+|quick\s+)?([a-z]+)\s+(?:system|app|backend|tracker|database|register|thing)\b(?:\s+(?:for|at|in)\s+[^,;:.!?]+)?[!.?\s]*$/i.exec(sentence.trim());
  const made = system ? (NOMINALIZATION[(system[1] as string).toLowerCase()]?.[0] ?? (system[1] as string).toLowerCase()) : undefined;
  if (made && !META_NOUNS.has(made)) return made;
  const m = KEEP_VERBS.exec(sentence.replace(/[.!?]+$/, '').trim());
  const ws = (m?.[1] ?? '').toLowerCase().split(' ').filter(Boolean);
  while (ws.length > 1 && COLLECTION_TAILS.has(ws[ws.length - 1] as string)) ws.pop();
  return ws.length > 0 && !META_NOUNS.has(ws[ws.length - 1] as string) ? ws.join(' ') : undefined;
}


/** Why a sentence is talk about the user rather than the data, or undefined. */
export function contextOf(sentence: string): string | undefined {
  const text = sentence.replace(/[.!?]+$/, '').replace(/[’‘]/g, "'").trim();
  // "I volunteer at a hedgehog rescue, and the paperwork is getting out of hand": who, then the situation
  const then = /^([^,:;]+),\s+and\s+(?:the|my|our|all the|all our)\s+([^,:;]+)$/i.exec(text);
  if (then && partKind((then[1] as string).toLowerCase()) === 'self' && isSituation(`our ${(then[2] as string).toLowerCase()}`)) return 'says who the writer is';
  // "Small family business, 9 inflatable tubs": who the writer is, without a verb
  if (/^(?:an?\s+)?(?:[a-z-]+\s+){0,3}(?:business|company|firm|shop|team|club|charity|outfit|operation|studio|practice|farm|school|society)(?:\s*,\s*(?:about\s+|around\s+)?\d[\d,]*\s+[a-z ]+)?$/i.test(text) && !/\b(?:need|want|keep|track|record|log|store|list|have|has|with)\b/i.test(text)) return 'says who the writer is';
  // "My sister and I run a singing telegram business - birthdays, anniversaries, the odd breakup song": who
  // the writer is, then what their trade covers; a list that names no field keeps nothing
  if (tradeCovers(text)) return 'says who the writer is';
  // ("about 2,000 customers": a comma inside a number parts nothing)
  if (/[:,;]/.test(text.replace(/(\d),(\d)/g, '$1$2'))) return undefined;
  // "My wife and I restore old chairs": the writer and a partner are the writer
  // ("hey so i have an aquaponics setup": the interjections before the writer say nothing more)
  const lower = text.toLowerCase().replace(/^(?:(?:hey|hi|hello|hiya|yo|ok|okay|so|well|um|right|alright)[,!]?\s+)+(?=(?:i|we|my|our)\b)/, '').replace(/^(?:my|our) [a-z]+ and (?:i|me)\b/, 'we');
  if (/^[a-z]+(?: [a-z]+)? here$/.test(lower)) return 'introduces the writer';
  // "my lego collection is getting out of hand", "our paperwork is a mess": the writer's situation, no data
  if (isSituation(lower)) return "describes the writer's situation";
  // "can u make something": the ask for software (split off what it is for, stages/split-sentence.ts)
  if (isSoftwareAsk(lower)) return 'asks for the backend itself';
  // "So the driver knows where to go": why the writer asks (split off the request, stages/split-sentence.ts)
  if (/^(?:so (?:that )?|since |because )(?:we|i|they|you|he|she|it|the|our|my|each|every)\b/.test(lower) && !/\b(?:can't|cannot|must|only|never|not|no)\b/.test(lower)) return 'says why the writer asks';
  // "Each morning": how often the writer acts (split off what they do, stages/split-sentence.ts)
  if (/^(?:each|every|on|most) [a-z]+$/.test(lower)) return 'says when the writer acts';
  // "When a customer calls", "After the visit": when the writer acts (split off what they do, stages/split-sentence.ts)
  if (/^(?:when|whenever|once|after|before|as soon as)\s/.test(lower) && lower.split(/\s+/).length <= 8 && !/\b(?:can|can't|cannot|must|only|never|not|no)\b/.test(lower)) return 'says when the writer acts';
  // "we restore chairs and sofas": only a new subject after "and" starts another part
  const parts = lower.split(/\s+and\s+(?=(?:i|we|i'm|we're|i'd|we'd|i've|we've|id|im|my|our|so|also|need|want|would|please)\b)/);
  // "we're a courier with 25 vans and a small workshop": a part with no subject of its own goes on the one before
  // ("i do henna for weddings and my bookings are all over whatsapp": each part says who or how the writer is)
  const kinds = parts.map((p, k) => (k > 0 && /^(?:a|an|the|some|two|three|\d+)\s/.test(p) ? 'more' : (partKind(p) ?? (k > 0 && isSituation(p) ? 'self' : undefined)))).filter((k) => k !== 'more');
  if (kinds.every((k) => k !== undefined)) return kinds.includes('self') ? 'says who the writer is' : 'asks for the backend itself';
  // "Our parish council looks after around 60 grit bins on the village roads": how many things the
  // writer has says who they are; what is kept of them comes in other sentences
  if (/^(?:our|my|we|i)\b[a-z' ]{0,60}?\b(?:about|around|roughly|some|over|nearly|almost|like|approx(?:imately)?)\s+\d[\d,.]*\s+(?:[a-z]+\s+){0,2}[a-z]+s\b/.test(lower) && !/\b(?:can|must|should|need|needs|want|wants|has|have|with|list|keep|track|record|store|log)\b/.test(lower.replace(/^(?:we|i) have\b/, ''))) return "describes the writer's situation";
  // "our pigeon club needs a thing for races": the writer's organisation asking for the backend
  const asks = /^(?:our|my) [a-z' ]{1,30}? (?:needs?|wants?|would like) (?:a|an|some) (?:(?:simple|small|little|new|proper) )?([a-z]+)\b(?: for [a-z ]+)?$/i.exec(text);
  if (asks && (META_NOUNS.has((asks[1] as string).toLowerCase()) || /^(?:thing|tool)$/i.test(asks[1] as string))) return 'asks for the backend itself';
  // "Our deer park needs a herd register", "my diner need a menu and orders thing": one organisation
  // (a singular subject: "our members need a name" lists fields) asking for a short something is
  // asking for the backend; what it keeps is said in the sentences after
  const wants = /^(?:our|my) ([a-z' ]{1,30}?) (?:needs?|wants?|would like) (?:a|an|some|smth|something)\b((?: [a-z']+){0,4})$/.exec(lower);
  if (wants && !isPluralForm((wants[1] as string).split(' ').pop() as string) && !/ (?:of|for|to|with|by|from|that|which)\b/.test(wants[2] as string)) return 'says what the writer needs';
  // "Our church runs a winter night shelter that moves between halls": the writer's organisation and what it does
  // ("runs track sessions": "track" names the sessions; "to track", "and track" would be the writer's verb)
  if (/^(?:our|my) [a-z' ]{1,30}? (?:runs|organises|organizes|manages|owns|hosts|operates|looks after)\b[^:,;]*$/i.test(text) && !/\b(?:need|needs|want|wants|keep|record|log|store|list)\b|\b(?:to|we|i|and)\s+track\b/i.test(text)) return 'says who the writer is';
  return undefined;
}

/** "My sister and I run a singing telegram business - birthdays, anniversaries, ...": who the writer is, then what their trade covers. */
export function tradeCovers(sentence: string): boolean {
  const covers = /^([^:;,]+?)(?:\s[-–—]\s|:\s)([^:;]+)$/.exec(sentence.replace(/[.!?]+$/, '').trim());
  return covers !== null && contextOf(covers[1] as string) === 'says who the writer is' && !namesFields(covers[2] as string);
}

/** A list that names fields ("name, email and a start date"), not the things a trade covers ("whelks, cockles"). */
function namesFields(list: string): boolean {
  const ws = list.toLowerCase().split(/[\s,]+/).filter(Boolean);
  return ws.some((w) => TYPE_BY_WORD[w] !== undefined || CONTACT_DETAILS.has(w) || ['name', 'names', 'number', 'date', 'and', 'each', 'every', 'with', 'has', 'have'].includes(w)) || ws.length > 12;
}

/** "my lego collection is getting out of hand", "our paperwork is a mess": the writer's situation, no data. */
function isSituation(lower: string): boolean {
  return /^(?:my|our) [a-z' ]{1,40}? (?:is|are|'s|has been|have been) (?:getting|growing|becoming|a (?:mess|nightmare|pain|chaos)|all over|everywhere|way too|out of|chaos|too)\b/.test(lower) && !/\b(?:has|have|with)\b/.test(lower.replace(/(?:has|have) been/, ''));
}

function partKind(part: string): 'self' | 'meta' | undefined {
  const ws = part.split(/\s+/).filter(Boolean);
  const [first, second] = ws;
  if (!first || !SELF_SUBJECTS.includes(first)) return undefined;
  // "I'd like a backend" asks; "i have like 5 fish tanks" does not
  // "we let our hall out to groups" is no request; "let me see", "love to have" are
  const hasRequest = ws.some(
    (w, k) =>
      REQUEST_WORDS.has(w) &&
      (w !== 'like' || ["i'd", "we'd", 'would', 'id'].includes(ws[k - 1] ?? '')) &&
      (w !== 'let' || ['me', 'us', 'people', 'users', 'them', 'customers'].includes(ws[k + 1] ?? '')) &&
      (w !== 'to' || ['love', 'have', 'got', 'going', 'want', 'need', 'like', 'wish', 'able'].includes(ws[k - 1] ?? '')),
  );
  const contracted = /^(i'm|im|we're|were|i've|we've)$/.test(first);
  if (!hasRequest && (contracted || (second !== undefined && SELF_VERBS.has(second)))) return 'self';
  // "we restore old chairs", "I groom dogs": a trade verb no action reads, with nothing kept or asked
  if (!hasRequest && second !== undefined && !VERBS[second] && !VERBS[verbLemma(second, VERB_SET) ?? ''] && ws.length <= 10 && taggedAsVerb(part, second) && !/\b(?:keep|track|store|log|record)\b/.test(part) && !/\b(?:about|around|roughly|some|over|nearly|almost|like)\s+\d/.test(part)) return 'self';
  // "I'd like a simple backend", "I need a help desk backend", "I want an API for my tool library"
  const metaAt = ws.findIndex((w) => META_NOUNS.has(w));
  if (hasRequest && metaAt > 0 && !ws.slice(1, metaAt).some((w) => w in VERBS && !['need', 'want', 'like', 'love'].includes(w))) return 'meta';
  return undefined;
}

/** "an API for my tool library" -> "tools": the records a collection holds, for a table with no heading. */
export function collectionSubject(sentence: string): string | undefined {
  const m = /\bfor (?:my|our|a|an|the)\s+([a-z ]+?)\s*[.!]?$/i.exec(sentence);
  if (!m) return undefined;
  const ws = (m[1] as string).toLowerCase().split(/\s+/);
  while (ws.length > 1 && COLLECTION_TAILS.has(ws[ws.length - 1] as string)) ws.pop();
  return ws.length && !COLLECTION_TAILS.has(ws[ws.length - 1] as string) ? ws.join(' ') : undefined;
}

/** "X - spec", "SPEC: X", "Project: X": a document label and a name with no list after it. */
export function documentLine(text: string): boolean {
  // ("Herbarium database — requirements v0.3": a version after the label is part of it)
  const bare = text.replace(/\([^()]*\)/g, ' ').trim().replace(/[.!]$/, '').replace(/\s+v?\d+(?:\.\d+)*$/i, '').trim();
  const m = /^([a-z]+)\s*:\s*(.+)$/i.exec(bare) ?? /^(.+?)\s+[-–—:]\s*([a-z]+)$/i.exec(bare);
  const [label, rest] = m && DOCUMENT_LABELS.has((m[1] as string).toLowerCase()) ? [m[1] as string, m[2] as string] : [m?.[2] ?? '', m?.[1] ?? ''];
  if (m && DOCUMENT_LABELS.has(label.toLowerCase()) && !/[,;:.!?]/.test(rest) && rest.trim().split(/\s+/).length <= 6) return true;
  // ("Spec: Lakeside Sprint Triathlon 2025 - entries and results": a longer title, its parts joined by a dash, says what the document is about)
  if (m && DOCUMENT_LABELS.has(label.toLowerCase()) && /\s[-–—]\s/.test(rest) && !/[,;:.!?]/.test(rest) && rest.trim().split(/\s+/).length <= 12) return true;
  // ("Backend spec - small accountancy practice", "Weather station network - data backend": a side that only says it is a spec)
  const sides = /^(.+?)\s+[-–—:]\s+(.+)$/.exec(bare);
  return sides !== null && [[sides[1], sides[2]], [sides[2], sides[1]]].some(([doc, other]) => documentWords(doc as string) && !/[,;:.!?]/.test(other as string) && (other as string).trim().split(/\s+/).length <= 8);
}

/**
 * The prompt's first line, "Wholesale orders - Rye & Co bakery", "Water hygiene contractor - Legionella
 * sampling backend": two short sides, one naming the business (a capital or "&" after its first word)
 * or the software, and no list on either. A first line "Site - name, address" is a list, and stays one.
 */
export function openingTitle(text: string): boolean {
  const sides = /^([^,;:.!?()]+?)\s+[-–—|]\s+([^,;:.!?()]+)$/.exec(text.trim());
  if (!sides) return false;
  const short = [sides[1], sides[2]].every((x) => (x as string).trim().split(/\s+/).length <= 8);
  const names = (x: string): boolean => /\s&\s|^\S+\s.*\b[A-Z][a-z]/.test(x) || SOFTWARE_WORDS.has(x.trim().split(/\s+/).pop()?.toLowerCase() ?? '');
  return short && [sides[1], sides[2]].some((x) => names(x as string));
}

const SOFTWARE_WORDS = new Set(['backend', 'api', 'app', 'data', 'database', 'system', 'service']);
/** "Backend spec", "data backend": words that only name the document or the software. */
function documentWords(text: string): boolean {
  const ws = text.trim().toLowerCase().split(/\s+/);
  return ws.length <= 3 && ws.every((w) => DOCUMENT_LABELS.has(w) || SOFTWARE_WORDS.has(w)) && ws.some((w) => DOCUMENT_LABELS.has(w) || w === 'backend' || w === 'api');
}

/** The prompt around a list: its whole text and the records named by the lists before it. */
export interface ListSetting {
  text: string;
  records: readonly string[];
}

/**
 * "Passengers book a seat on a trip: name, ...", "customers order arches and i need: ...": people
 * and a verb whose record the prompt names elsewhere ("list bookings per trip") make that record;
 * a record listed before that it is made on ("a trip") is one more field, a reference.
 */
export function actorsRecord(before: string, setting: ListSetting): { subject: string; on?: string } | undefined {
  const ws = before.toLowerCase().split(/\s+/).filter(Boolean);
  const elsewhere = setting.text.toLowerCase().replace(before.toLowerCase(), ' ');
  for (let v = 1; v < ws.length; v++) {
    const w = ws[v] as string;
    const made = NOMINALIZATION[verbLemma(w, VERB_SET) ?? w]?.[0];
    if (!made || !isPluralForm(ws[v - 1] as string) || META_NOUNS.has(ws[v - 1] as string)) continue;
    if (!new RegExp(`\\b(?:${made}|${plural(made)})\\b`).test(elsewhere)) continue;
    const rest = ws.slice(v + 1);
    const prep = rest.findIndex((x, k) => ON_RECORD_PREPS.has(x) && DETERMINERS.has(rest[k + 1] ?? ''));
    const target = prep >= 0 ? singular(rest[prep + 2] ?? '') : '';
    const on = target && setting.records.some((r) => singular(r.toLowerCase().split(/\s+/).pop() ?? '') === target) ? target : undefined;
    return { subject: made, ...(on ? { on } : {}) };
  }
  return undefined;
}

/** The last plural noun phrase of a sentence, without numbers or determiners ("like 200 recipe cards" -> "recipe cards"). */
export function lastNounPhrase(sentence: string): string | undefined {
  const nouns = compromise()(sentence).nouns().out('array') as string[];
  for (const n of [...nouns].reverse()) {
    // "300 vinyl records in the attic": the phrase ends before its preposition
    const head = n.toLowerCase().split(/\s+(?:in|on|at|of|for|with|from|to)\s+/)[0] ?? '';
    const ws = head.replace(/[^a-z' -]/g, ' ').split(/\s+/).filter((w) => w && !DETERMINERS.has(w) && !POSSESSIVES.has(w) && !PRONOUN_SUBJECTS.has(w) && !['like', 'about', 'some', 'many'].includes(w));
    if (ws.length > 0 && ws.length <= 3 && isPluralForm(ws[ws.length - 1] as string)) return ws.join(' ');
  }
  // ("We look after boats.", "We hire out six boats.": the tagger finds no noun after a phrasal verb; the plural the sentence ends on)
  const tail = sentence.toLowerCase().replace(/[^a-z' -]/g, ' ').trim().split(/\s+/);
  const end = tail.length - [...tail].reverse().findIndex((w) => DETERMINERS.has(w) || POSSESSIVES.has(w) || PREPOSITIONS.has(w) || VERB_PARTICLES.has(w) || VERB_SET.has(w) || AMOUNT_WORDS.has(w));
  const phrase = tail.slice(end > tail.length ? 0 : end);
  return phrase.length > 0 && phrase.length <= 2 && isPluralForm(phrase[phrase.length - 1] as string) && !PRONOUN_SUBJECTS.has(phrase[0] as string) ? phrase.join(' ') : undefined;
}

/**
 * "need to log each donation" -> donation: the noun phrase after the writer's verbs, when the verbs
 * are followed by one ("own" alone, or "store for customers", is a contact clause instead).
 */
export function objectAfter(ws: readonly string[]): string[] | undefined {
  let k = 0;
  const lower = ws.map((w) => w.toLowerCase());
  let verbs = 0;
  while (k < lower.length && ((lower[k] as string) in VERBS || MODALS.has(lower[k] as string))) {
    if ((lower[k] as string) in VERBS) verbs += 1;
    k += 1;
  }
  while (k < lower.length && DETERMINERS.has(lower[k] as string)) k += 1;
  const rest = ws.slice(k);
  if (verbs === 0 || rest.length === 0 || rest.length > 3) return undefined;
  return rest.every((w) => /^[a-z][a-z'-]*$/i.test(w) && !PREPOSITION_LIKE.has(w.toLowerCase()) && !MODALS.has(w.toLowerCase()) && !DETERMINERS.has(w.toLowerCase())) ? rest : undefined;
}

/**
 * "We have about six performers." then "Each one has a stage name, ...": a pronoun subject after a
 * sentence of context names the records that sentence counted ("Each performer has ...").
 */
export function withPronounResolved(before: readonly Clause[], text: string): string {
  const m = /^(?:each one|every one|each of them|each|they each|they all|they)\s+(has|have|gets|get|needs|need|holds|hold)\b(.*)$/i.exec(text);
  const prev = before[before.length - 1];
  // ("about six performers": how many there are is no part of their name)
  const antecedent = m && prev?.kind === 'context' ? lastNounPhrase(prev.text)?.replace(/^(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty|hundred|dozen|several|few)\s+/, '') : undefined;
  if (!m || !antecedent) return text;
  const verb = (m[1] as string).toLowerCase();
  return `Each ${singular(antecedent)} ${verb === 'have' ? 'has' : verb.endsWith('s') ? verb : `${verb}s`}${m[2] as string}`;
}

