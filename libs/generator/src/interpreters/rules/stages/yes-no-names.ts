/**
 * The words of a yes/no asked with "whether": "it passed the taste check" -> "taste check passed" (what
 * was done to a thing is named thing first, as fields.ts names "whether they've paid the deposit"),
 * "they are bringing their own instrument" -> "bringing own instrument"; an amount ("paid the £4") is
 * no part of the name.
 */
export function yesNoName(verb: string, object: string | undefined): string {
  // ("whether they want salted egg yolk": what they want is the yes/no, as the writers named it 3 times of 3)
  const wanted = /^(?:want|wants|wanted)\s+(.+)$/i.exec(object ? `${verb} ${object}` : verb)?.[1];
  if (wanted && wanted.split(/\s+/).length <= 4) return wanted;
  if (!object || /[\d£$€]/.test(object) || object.split(/\s+/).length > 3) return verb;
  return isDone(verb) ? `${object} ${verb}` : `${verb} ${object}`;
}

/** A verb telling what was done ("paid", "passed", "bought", "sent"), not "need" or "bringing". */
export const isDone = (verb: string): boolean => (/^[a-z]{2,}(?:ed|en|id|ught)$/i.test(verb) && !/eed$/i.test(verb)) || DONE_IRREGULAR.has(verb.toLowerCase());
const DONE_IRREGULAR = new Set(['done', 'sent', 'sold', 'won', 'lost', 'kept', 'held', 'made']);
