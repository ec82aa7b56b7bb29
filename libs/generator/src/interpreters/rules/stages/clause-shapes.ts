import { CONNECTORS, DETERMINERS, MODALS, POSSESSIVES, PRONOUNS, VERB_SET } from '../lexicon.js';
import { verbLemma } from '../text.js';
import { type Clause, splitList, type Tok, words as wordsOf } from '../tokens.js';
import type { ReadingState } from './reading-state.js';

/** Shapes of a clause the sentence readers test before reading it (stages/sentences.ts). */

/** "title, author, ISBN (unique)": names only, no connector and no verb. */
export function isBareList(ctx: ReadingState, c: Clause): boolean {
  if (connectorIndex(ctx, c.toks) >= 0 || c.toks.some((t) => t.w === 'with' || t.w === 'have' || t.w === 'has')) return false;
  const items = splitList(c.toks);
  return items.length >= 1 && items.every((item) => {
    const ws = wordsOf(item);
    const imperative = ws.some((w, k) => {
      const lemma = verbLemma(w, VERB_SET);
      const next = ws[k + 1] ?? '';
      return lemma !== undefined && (k === 0 ? w === lemma : true) && (DETERMINERS.has(next) || POSSESSIVES.has(next) || PRONOUNS.has(next));
    });
    return ws.length <= 5 && !imperative && !ws.some((w) => MODALS.has(w) && !['and', 'or', 'to', 'like', 'both'].includes(w));
  });
}

export function connectorIndex(ctx: ReadingState, toks: readonly Tok[]): number {
  for (let i = 1; i < toks.length; i++) {
    if (DETERMINERS.has(toks[i - 1]?.w ?? '') && ['store', 'stores', 'record', 'records', 'track', 'tracks', 'keep', 'keeps', 'need', 'needs', 'hold', 'holds'].includes(toks[i]?.w ?? '')) continue;
    for (const conn of CONNECTORS) {
      if (conn.every((w, k) => toks[i + k]?.w === w)) return i;
    }
  }
  return -1;
}
