/**
 * The words of a yes/no asked with "whether": "it passed the taste check" -> "taste check passed" (what
 * was done to a thing is named thing first, as fields.ts names "whether they've paid the deposit"),
 * "they are bringing their own instrument" -> "bringing own instrument"; an amount ("paid the £4") is
 * no part of the name.
 */
export function yesNoName(verb: string, object: string | undefined): string {
  // ("whether they want salted egg yolk": what they want is the yes/no, as the writers named it 3 times of 3)
  const [first, ...rest] = (object ? `${verb} ${object}` : verb).split(/\s+/);
  if (isWanting(first ?? '') && rest.length >= 1 && rest.length <= 4) return rest.join(' ');
  if (!object || /[\d£$€]/.test(object) || object.split(/\s+/).length > 3) return verb;
  return isDone(verb) ? `${object} ${verb}` : `${verb} ${object}`;
}

/** "want" before a yes/no's words: what is wanted names it, the wanting does not (the writers, 3 times of 3). */
export const isWanting = (word: string): boolean => /^(?:want|wants|wanted)$/i.test(word);

/** A verb telling what was done ("paid", "passed", "bought", "sent"), not "need" or "bringing". */
export const isDone = (verb: string): boolean => (/^[a-z]{2,}(?:ed|en|id|ught)$/i.test(verb) && !/eed$/i.test(verb)) || DONE_IRREGULAR.has(verb.toLowerCase());
const DONE_IRREGULAR = new Set(['done', 'sent', 'sold', 'won', 'lost', 'kept', 'held', 'made']);
