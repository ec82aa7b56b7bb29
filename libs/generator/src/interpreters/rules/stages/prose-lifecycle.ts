import { LIFECYCLE_AUXILIARIES, LIFECYCLE_STARTS, MARKING, NOT_VERBS, PARTICLES } from '../lexicon.js';
import { infinitiveOf, pastParticiple, plural, singular } from '../text.js';
import { isDone } from './yes-no-names.js';

/**
 * Stage 0: a lifecycle told in prose. "An order starts as ordered, then I print it and post it", "Orders
 * come in as received, go to printed once ... and shipped when ...", "status is submitted, approved or
 * rejected - I approve or reject", "A map is available until someone reserves it, and then it's sold":
 * the states of a record and the steps between them, said as a story rather than a chain. Each way of
 * telling it is an entry of `LIFECYCLE_PHRASINGS` (examples in prose-lifecycle.spec.ts); a sentence one
 * reads is rewritten as the status and the steps every reader reads exactly ("Orders have a status
 * (ordered, printed, posted). Print an order (from ordered to printed)."). A sentence none reads is left as written.
 */
export interface ProseLifecycle {
  /** Where in the sentence the telling starts: what is before it ("Rosette orders: show name; ") is kept. */
  at: number;
  /** The record's words, singular ("order", "booking"). */
  record: string;
  states: string[];
  steps: { verb: string; from: string[]; to: string }[];
  /** Where the telling ends, when the sentence goes on with something else (", and I want to list ..."). */
  end?: number;
}

export interface LifecyclePhrasing {
  name: string;
  read: (sentence: string) => ProseLifecycle | undefined;
}

const RECORD = String.raw`(?:(?:an?|the|each|every|my|our|any)\s+)?([a-z]+)`;
/** "I print it", "we confirm them", "accepts or rejects it": verbs on the record, and the state it then has ("it becomes brewing"). */
const ON_IT = /\b((?:[a-z]+\s*(?:,|\bor\b|\band\b)\s*)*)([a-z]+)\s+(?:it|them)\b(?:\s+(?:as\s+)?([a-z]+))?(?:[\s,]+(?:it|they)\s*(?:becomes|become|is|are|'s|'re|goes to|go to)\s+([a-z]+))?/gi;
/** "rejects" -> "reject": the verb as the steps are named. */
const lemma = (w: string): string => (/[^s]s$/.test(w) && !/(?:us|is)$/.test(w) ? w.replace(/ies$/, 'y').replace(/(?:ch|sh|ss|x)es$/, (m) => m.slice(0, -2)).replace(/s$/, '') : w);

/** The steps, in order, from verbs said on the record: "then"/"and" go on from the last state, "or" from the same one. */
function chain(initial: string, said: string): ProseLifecycle['steps'] {
  const steps: ProseLifecycle['steps'] = [];
  let from = [initial];
  for (const m of said.matchAll(ON_IT)) {
    const next = (m[3] ?? '').toLowerCase();
    if (PARTICLES.has(next)) continue;
    // ("I mark it baked": the step is "bake", to baked)
    if (MARKING.has((m[2] as string).toLowerCase()) && next && isDone(next)) {
      const alternative = /\b(?:if|or)\b[^,;]*$/.test(said.slice(Math.max(0, (m.index ?? 0) - 40), m.index));
      if (!steps.some((s) => s.to === next)) steps.push({ verb: infinitiveOf(next), from: alternative ? [...new Set([initial, ...steps.slice(0, -1).map((s) => s.to)])] : from, to: next });
      if (!alternative) from = [next];
      continue;
    }
    const verbs = [...(m[1] as string).split(/\s*(?:,|\bor\b|\band\b)\s*/), m[2] as string].map((v) => lemma(v.toLowerCase())).filter((v) => v && !NOT_VERBS.has(v) && !LIFECYCLE_AUXILIARIES.has(v) && !isDone(v) && !/ing$/.test(v));
    // ("accepts or rejects it": alternatives from the same state)
    const choice = verbs.length > 1 && /\bor\b/i.test(m[1] as string);
    verbs.forEach((verb, k) => {
      const to = k === verbs.length - 1 && m[4] ? m[4].toLowerCase() : pastParticiple(verb);
      if (steps.some((s) => s.to === to)) return;
      const alternative = choice || /\bor\s+(?:\w+\s+){0,2}$/.test(said.slice(0, m.index));
      if (alternative && steps.length > 0 && !(choice && k > 0)) from = [...new Set([initial, ...steps.filter((s) => !s.from.includes(s.to)).slice(0, -1).map((s) => s.to)])];
      steps.push({ verb, from, to });
      if (!alternative) from = [to];
    });
  }
  return steps;
}

const states = (initial: string, steps: ProseLifecycle['steps']): string[] => [...new Set([initial, ...steps.map((s) => s.to)])];

/**
 * "... and is then accepted or declined", ", is then interviewed by the committee, and after the ballot
 * is either initiated or rejected": the states said in the passive, in order; "or" parts ways from one state.
 */
function passiveSteps(initial: string, said: string): ProseLifecycle['steps'] | undefined {
  const told = [...said.matchAll(/\b(?:is|are|gets?)\s+(?:then\s+|either\s+|later\s+|finally\s+)*([a-z]+ed)\b(?:\s+or\s+([a-z]+ed)\b)?/gi)];
  if (told.length === 0) return undefined;
  const steps: ProseLifecycle['steps'] = [];
  let from = [initial];
  for (const t of told) {
    const reached = [t[1], t[2]].filter((x): x is string => x !== undefined).map((x) => x.toLowerCase());
    for (const to of reached) if (!steps.some((st) => st.to === to)) steps.push({ verb: infinitiveOf(to), from, to });
    from = reached.length === 1 ? reached : from;
  }
  return steps;
}

export const LIFECYCLE_PHRASINGS: LifecyclePhrasing[] = [
  {
    // "an order starts as ordered, then I print it and post it"; "A booking comes in as an enquiry; I confirm it ..., complete it ..., or cancel it ..."
    name: 'a first state, then what is done to the record',
    read: (s) => {
      const m = new RegExp(String.raw`\b${RECORD}\s+(?:${[...LIFECYCLE_STARTS].join('|')})\s+(?:as|at)\s+(?:an?\s+)?([a-z]+)\b(.*)$`, 'i').exec(s);
      if (!m) return undefined;
      // ("Each order has a status that starts as waiting": the record is the one that has the status)
      const owner = /^(?:that|which|it|status)$/i.test(m[1] as string) ? /\b(?:an?|the|each|every)\s+([a-z]+)\s+(?:has|have)\s+a\s+status\b/i.exec(s.slice(0, m.index + 40)) : m;
      if (!owner) return undefined;
      const initial = (m[2] as string).toLowerCase();
      // ("go to printed once ... and shipped when ...": the states said, each reached by the verb it is the participle of)
      const goes = /\b(?:go(?:es)?|move(?:s)?|get(?:s)?|becomes?|turns?)\s+(?:to\s+)?([a-z]+ed)\b((?:[^.;]*?\b(?:and|then|,)\s+(?:is\s+|are\s+)?[a-z]+ed\b)*)/i.exec(m[3] as string);
      const reached = goes ? [goes[1] as string, ...[...(goes[2] as string).matchAll(/\b(?:and|then|,)\s+(?:is\s+|are\s+)?([a-z]+ed)\b/gi)].map((x) => x[1] as string)].map((w) => w.toLowerCase()) : [];
      const [active, passive] = [chain(initial, m[3] as string), passiveSteps(initial, m[3] as string) ?? []];
      const told = passive.length > active.length ? passive : active;
      // (whichever telling names more steps: "when I assign it it becomes assigned, and ... I mark it completed" is told by what is done)
      const steps = reached.length > 0 && reached.length >= told.length ? reached.map((to, k) => ({ verb: infinitiveOf(to), from: [k === 0 ? initial : (reached[k - 1] as string)], to })) : told;
      return steps.length > 0 ? { at: owner === m ? m.index : owner.index, record: singular((owner[1] as string).toLowerCase()), states: states(initial, steps), steps } : undefined;
    },
  },
  {
    // "Report must be approved by me ..., so status is submitted, approved or rejected - I approve or reject"
    name: 'the states listed, then the verbs that reach them',
    read: (s) => {
      const m = /^\s*(?:(?:an?|the|each|every)\s+)?([a-z]+)\b.*?\bstatus\s+(?:is|are|can be)\s+([a-z]+(?:\s*,\s*[a-z]+)*\s*,?\s+(?:or|and)\s+[a-z]+)\b(.*)$/i.exec(s);
      if (!m) return undefined;
      const listed = (m[2] as string).split(/\s*,\s*|\s+(?:or|and)\s+/).map((w) => w.toLowerCase()).filter(Boolean);
      const initial = listed[0] as string;
      const verbs = [...(m[3] as string).matchAll(/\b([a-z]+)\b/gi)].map((x) => (x[1] as string).toLowerCase()).filter((v) => listed.slice(1).includes(pastParticiple(v)));
      const steps = [...new Set(verbs)].map((verb) => ({ verb, from: [initial], to: pastParticiple(verb) }));
      return steps.length > 0 ? { at: m.index, record: singular((m[1] as string).toLowerCase()), states: listed, steps } : undefined;
    },
  },
  {
    // "A map is available until someone reserves it while they pay, and then it's sold"
    name: 'a state until something is done, then the next',
    read: (s) => {
      const m = new RegExp(String.raw`\b${RECORD}\s+is\s+([a-z]+)\s+until\s+(?:[a-z]+\s+){0,2}?([a-z]+)s\s+it\b.*?\bthen\s+(?:it'?s|it\s+is|becomes|is)\s+([a-z]+)\b`, 'i').exec(s);
      if (!m) return undefined;
      const [initial, verb, last] = [(m[2] as string).toLowerCase(), (m[3] as string).toLowerCase(), (m[4] as string).toLowerCase()];
      const middle = pastParticiple(verb);
      const steps = [{ verb, from: [initial], to: middle }, { verb: infinitiveOf(last), from: [middle], to: last }];
      return { at: m.index, record: singular((m[1] as string).toLowerCase()), states: states(initial, steps), steps };
    },
  },
  {
    // "an order is received, then i digitise it, then i ship it"
    name: 'a first state, then what is done to the record, told with "then"',
    read: (s) => {
      const m = new RegExp(String.raw`\b${RECORD}\s+is\s+([a-z]+),?\s+(then\s+(?:i|we|they|you|staff)\s+.*)$`, 'i').exec(s);
      if (!m || RECORD_NOT.has((m[1] as string).toLowerCase())) return undefined;
      const initial = (m[2] as string).toLowerCase();
      const steps = chain(initial, m[3] as string);
      return steps.length > 0 ? { at: m.index, record: singular((m[1] as string).toLowerCase()), states: states(initial, steps), steps } : undefined;
    },
  },
  {
    // "An application is pending until the committee either accepts it or refuses it"
    name: 'a state until someone does one thing or another to it',
    read: (s) => {
      const m = new RegExp(String.raw`\b${RECORD}\s+(?:is|stays|remains)\s+([a-z]+)\s+until\s+([^,;.]*)`, 'i').exec(s);
      if (!m || /\bthen\s+(?:it'?s|it\s+is|becomes|is)\b/i.test(s.slice(m.index))) return undefined;
      const initial = (m[2] as string).toLowerCase();
      const steps = chain(initial, m[3] as string);
      return steps.length > 0 ? { at: m.index, record: singular((m[1] as string).toLowerCase()), states: states(initial, steps), steps, end: m.index + m[0].length } : undefined;
    },
  },
  {
    // "Each quote is pending, accepted or declined, and I want to be able to accept or decline one"
    name: 'a record said to be in one of its states',
    read: (s) => {
      const m = new RegExp(String.raw`\b${RECORD}\s+(?:is|are|can be)\s+(?:either\s+|always\s+)?([a-z]+(?:\s*,\s*[a-z]+)*\s*,?\s+or\s+[a-z]+)\b([^.;]*?)(?=,\s*(?:and\s+)?(?:i|we)\s+(?:want|need|would|'d)\s+(?:to\s+)?(?:list|see|show|find|search|view)\b|\s*[.;!?]|\s*$)`, 'i').exec(s);
      if (!m || RECORD_NOT.has((m[1] as string).toLowerCase())) return undefined;
      const listed = (m[2] as string).split(/\s*,\s*|\s+or\s+/).map((w) => w.toLowerCase()).filter(Boolean);
      // (states, not kinds: "a plant is indoor or outdoor" names no state; one of them at least is done to the record)
      // ("a concert is either scheduled or cancelled": two states, each a thing done)
      if (!listed.slice(1).some((w) => /ed$/.test(w)) || (listed.length < 3 && !listed.every((w) => /ed$/.test(w)))) return undefined;
      const initial = listed[0] as string;
      const verbs = [...(m[3] as string).matchAll(/\b([a-z]+)\b/gi)].map((x) => lemma((x[1] as string).toLowerCase())).filter((v) => listed.slice(1).includes(pastParticiple(v)));
      const steps = [...new Set(verbs)].map((verb) => ({ verb, from: [initial], to: pastParticiple(verb) }));
      return { at: m.index, record: singular((m[1] as string).toLowerCase()), states: listed, steps, end: m.index + m[0].length };
    },
  },
];

/** Words a sentence may open with that name no record ("it is", "status is"). */
const RECORD_NOT = new Set(['it', 'that', 'this', 'which', 'status', 'state', 'there', 'what', 'who']);

/** The lifecycle as the sentences the readers read exactly. */
export function lifecycleSentences(l: ProseLifecycle): string {
  const name = plural(l.record);
  return [`${name.charAt(0).toUpperCase()}${name.slice(1)} have a status (${l.states.join(', ')}).`, ...l.steps.map((s) => `${s.verb.charAt(0).toUpperCase()}${s.verb.slice(1)} ${/^[aeiou]/.test(l.record) ? 'an' : 'a'} ${l.record} (from ${s.from.join(' or ')} to ${s.to}).`)].join(' ');
}

/** The text with each sentence that tells a lifecycle rewritten; a prompt that already names a status is left as written. */
export function proseLifecycles(text: string): string {
  if (/\bstatus(?:es)?\s*[:(=-]|\bstates?\s*:|->|→/i.test(text)) return text;
  // (split, not matched: every character is kept, "1..40" and "..." included)
  const sentences = text.split(/(?<=[.!?])(?=\s)|(?=\n)|(?<=\n)/);
  for (let i = 0; i < sentences.length; i++) {
    const sentence = sentences[i] as string;
    const found = LIFECYCLE_PHRASINGS.map((p) => p.read(sentence)).find((l) => l !== undefined && l.states.length >= 2 && l.states.every((x) => /^[a-z]+$/.test(x)));
    if (!found) continue;
    // ("If a cafe cancels before I've baked it, I mark it cancelled." after it: one more way out, from any state not final)
    for (let j = i + 1; j < sentences.length && /^\s*(?:if|when|once|and if)\b/i.test(sentences[j] as string); j++) {
      const more = chain(found.states[0] as string, (sentences[j] as string).replace(/^.*?,\s*(?=(?:i|we)\s)/i, ''));
      if (more.length === 0 || more.some((x) => found.states.includes(x.to))) break;
      const open = found.states.filter((x) => found.steps.some((st) => st.from.includes(x)) || x === found.states[0]);
      found.steps.push(...more.map((x) => ({ ...x, from: open })));
      found.states.push(...more.map((x) => x.to));
      sentences[j] = '';
    }
    // ("a booking is booked or cancelled. when they cancel the spot opens again": a state no step reaches, whose
    // verb the prompt says elsewhere, is reached by it from the first state)
    for (const state of found.states.slice(1)) {
      const verb = infinitiveOf(state);
      if (/ed$/.test(state) && verb && verb !== state && !found.steps.some((st) => st.to === state) && new RegExp(`\\b${verb}s?\\b`, 'i').test(text)) found.steps.push({ verb, from: [found.states[0] as string], to: state });
    }
    const before = sentence.slice(0, found.at).replace(/[\s,;:]*(?:(?:and|so|but|then)\s*)?$/i, '');
    // (", and I want to list the issues by urgency" after the telling is a sentence of its own)
    const rest = found.end === undefined ? '' : sentence.slice(found.end).replace(/^[\s,;]*(?:and\s+|so\s+)?/i, '').trim();
    const after = rest && /[a-z]/i.test(rest) ? ` ${rest.charAt(0).toUpperCase()}${rest.slice(1)}${/[.!?]$/.test(rest) ? '' : '.'}` : '';
    sentences[i] = (before.trim() ? `${before}. ${lifecycleSentences(found)}` : `${/^\s*/.exec(sentence)?.[0] ?? ''}${lifecycleSentences(found)}`) + after;
  }
  return sentences.join('');
}
