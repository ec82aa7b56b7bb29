import type { Blueprint } from '@backforge/blueprint';
import nlp from 'compromise';
import { pascalCase, splitIdentifier } from '../text.js';

/**
 * Stage 5c: names kept with a qualifier. "Hotel rooms with ...", "Bakery orders: ..." give
 * `HotelRoom` and `BakeryOrder`; the corpus keeps such names ("Warehouse pallets have ..." is a
 * `WarehousePallet`), and nothing in how either is written tells a qualifier that only says what
 * the backend is for from one that is part of the name. So the name stays as written and the
 * result says so, quoting the words, with the shorter name to put in the draft if that was meant.
 */
const NOTE = 'named ';

/** A naming note is a reading stated, not a part of the prompt left undone. */
export const isNamingNote = (warning: string): boolean => warning.startsWith(NOTE) && / after "/.test(warning);

export function namingNotes(bp: Blueprint, prompt: string): string[] {
  const notes: string[] = [];
  const names = new Set(bp.resources.map((r) => r.name.toLowerCase()));
  for (const r of bp.resources) {
    const words = splitIdentifier(r.name).map((w) => w.toLowerCase());
    if (words.length < 2) continue;
    const qualifier = words.slice(0, -1);
    const head = words[words.length - 1] as string;
    // a qualifier naming another record is a relation, not context ("team member")
    if (qualifier.some((w) => names.has(w))) continue;
    const written = new RegExp(`\\b${qualifier.join('[\\s-]+')}[\\s-]+${head}[a-z]*`, 'i').exec(prompt)?.[0];
    if (!written) continue;
    // "short links", "found items", "sign ups": an adjective, a participle or a verb is part of the name
    const first = (nlp(written.toLowerCase()).terms().json() as { terms: { tags: string[] }[] }[])[0]?.terms[0]?.tags ?? [];
    if (first.includes('Adjective') || first.includes('PastTense') || (first.includes('Verb') && !first.includes('Gerund'))) continue;
    const shorter = [pascalCase(words.slice(1)), ...(words.length > 2 ? [pascalCase([head])] : [])];
    notes.push(`${NOTE}${r.name} after "${written}": if "${qualifier.join(' ')}" only says what the backend is for, rename it ${shorter.join(' or ')} in the draft`);
  }
  return notes;
}
