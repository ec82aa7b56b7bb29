import { VERB_SET } from '../lexicon.js';

/** Splits of one sentence that says or asks for several things (stage 1a, split-sentence.ts applies them). */

/** The sentence with its first letter in upper case, as a sentence split off another starts. */
const capitalized = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);

/** "mark a claim as approved or mark it as rejected": the verb said again starts a second action. */
export function splitRepeatedVerb(sentence: string): string[] {
  const m = /^(.*?\b([a-z]+)\s+((?:a|an|the|each|this|that)\s+[a-z]+)\s+as\s+[a-z ]+?),?\s+(?:or|and)\s+\2\s+(it|them|the\s+[a-z]+|a\s+[a-z]+)(\s+as\s+.+)$/i.exec(sentence);
  if (!m || !VERB_SET.has((m[2] as string).toLowerCase())) return [sentence];
  // ("mark it as rejected": the record the first one named)
  const object = /^(?:it|them)$/i.test(m[4] as string) ? (m[3] as string) : (m[4] as string);
  return [`${m[1] as string}.`, capitalized(`${m[2] as string} ${object}${m[5] as string}`)];
}

/**
 * "list the tours of a given date and the tickets for a tour": two lists, each with its own
 * filter, asked with one verb; each is a request of its own, so the second keeps its filter.
 */
export function splitCoordinatedLists(sentence: string): string[] {
  const records = "(?:all\\s+)?(?:the\\s+|my\\s+|our\\s+)?[a-z]+s\\s+(?:of|for|on|by|in|from|with|per|at)\\s+";
  const m = new RegExp(`^(.*?\\b(list|see|show|view|find|look up|pull up|get)\\s+${records}[^,]+?),?\\s+and\\s+(${records}.+)$`, 'i').exec(sentence);
  return m ? [`${m[1] as string}.`, capitalized(`${(m[2] as string).toLowerCase()} ${m[3] as string}`)] : [sentence];
}

/**
 * "A booking is for one person and has their name, email address and phone": what the record is
 * and what it has are two sentences, so the list is read as the record's fields.
 */
export function splitIsAndHas(sentence: string): string[] {
  const m = /^((?:a|an|each|every|the)\s+[a-z]+(?:\s+[a-z]+)?)\s+(is|are)\s+([^,]+?)\s+and\s+(has|have)\s+(.+)$/i.exec(sentence);
  if (!m) return [sentence];
  // ("A session is for one student and has a date, ...": the student it is for is one more of its fields; "for one person" says only how many)
  const forOne = /^for\s+(?:one|a|an|each|the)\s+([a-z]+)$/i.exec(m[3] as string);
  if (forOne && !ONE_PERSON.has((forOne[1] as string).toLowerCase())) return [`${m[1] as string} ${m[4] as string} a ${forOne[1] as string}, ${m[5] as string}`];
  return [`${m[1] as string} ${m[2] as string} ${m[3] as string}.`, capitalized(`${m[1] as string} ${m[4] as string} ${m[5] as string}`)];
}

/** Who a record is for when that only says how many it is for ("a booking is for one person"). */
const ONE_PERSON = new Set(['person', 'individual', 'adult', 'child', 'family', 'group', 'household', 'guest', 'visitor']);
