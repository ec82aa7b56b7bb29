/**
 * The words of a yes/no asked with "whether": "it passed the taste check" -> "taste check passed" (what
 * was done to a thing is named thing first, as fields.ts names "whether they've paid the deposit"),
 * "they are bringing their own instrument" -> "bringing own instrument"; an amount ("paid the £4") is
 * no part of the name.
 */
export function yesNoName(verb: string, object: string | undefined): string {
  if (!object || /[\d£$€]/.test(object) || object.split(/\s+/).length > 3) return verb;
  const done = /(?:ed|en|paid|done|sent|sold|won|lost|kept|held|made|bought|caught)$/i.test(verb) && !/eed$/i.test(verb);
  return done ? `${object} ${verb}` : `${verb} ${object}`;
}
