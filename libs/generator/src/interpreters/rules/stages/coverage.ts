import type { Blueprint } from '@backforge/blueprint';
import { CAPACITY_TRACES, COVERAGE_STOP_WORDS, META_NOUNS, TABLE_NAME_HEADERS, TABLE_NOTE_HEADERS, TABLE_TYPE_HEADERS } from '../lexicon.js';

const TABLE_HEADERS = new Set([...TABLE_NAME_HEADERS, ...TABLE_TYPE_HEADERS, ...TABLE_NOTE_HEADERS]);
import { singular, splitIdentifier } from '../text.js';
import { contextOf } from './context.js';
import { normalise } from './normalise.js';

/**
 * Stage 5b: the last guard of the no-silent-drop invariant. Every sentence, bullet or table row of
 * the prompt must have left a trace: a word of it in the blueprint (a resource, field, value,
 * action or parameter name), in a warning, or in the ignored context. A line none of whose words
 * did is a warning quoting it. It only names lines nothing came of; a line read in part is the
 * reader's to name.
 */
export function untracedLines(prompt: string, blueprint: Blueprint, said: readonly string[]): string[] {
  const known = new Set<string>();
  const addWords = (text: string): void => {
    for (const w of splitIdentifier(text)) known.add(singular(w.toLowerCase()));
  };
  for (const r of blueprint.resources) {
    addWords(r.name);
    for (const f of r.fields) {
      addWords(f.name);
      for (const v of f.values ?? []) for (const w of v.split(/\W+/)) known.add(singular(w.toLowerCase()));
    }
  }
  for (const a of blueprint.actions) {
    addWords(a.name);
    // an action keeps the words of the sentence it came from
    for (const w of (a.description ?? '').toLowerCase().split(/[^a-z0-9]+/)) known.add(singular(w));
    if (a.kind === 'transition') for (const p of a.params) addWords(p.name);
  }
  for (const text of said) for (const w of text.toLowerCase().split(/[^a-z0-9]+/)) known.add(singular(w));
  // a rule keeps the words of its message, and a capacity the words people use for it ("no overbooking!")
  for (const rule of blueprint.rules) {
    for (const w of rule.message.toLowerCase().split(/[^a-z0-9]+/)) known.add(singular(w));
    if (rule.kind === 'capacity') for (const w of CAPACITY_TRACES) known.add(w);
  }
  const out: string[] = [];
  const lines = normalise(prompt).lines;
  for (const [at, line] of lines.entries()) {
    const text = line.kind === 'row' ? line.cells.join(' | ') : line.text;
    // a title ("Vet clinic backend.") and talk about the writer ("We run a gym.") are context
    if (line.kind === 'heading' || (line.kind === 'sentence' && contextOf(text) !== undefined)) continue;
    // a table's header row ("field | type | notes") is layout
    if (line.kind === 'row' && line.cells.every((c) => TABLE_HEADERS.has(c.toLowerCase()) || c === '')) continue;
    if (at === 0 && !/,/.test(text) && text.split(/\s+/).length <= 8 && lines.length > 1) continue;
    if (!/,/.test(text) && text.toLowerCase().split(/[^a-z]+/).some((w) => META_NOUNS.has(w))) continue;
    const words = text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && !COVERAGE_STOP_WORDS.has(w) && !/^\d+$/.test(w));
    if (words.length === 0) continue;
    if (words.some((w) => known.has(singular(w)) || known.has(w))) continue;
    out.push(`not done: "${text}" (nothing in it was read; say it as a field, an action or a rule)`);
  }
  return out;
}
