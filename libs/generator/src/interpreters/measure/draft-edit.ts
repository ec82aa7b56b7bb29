import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { InterpretResult } from '../interpreter.js';
import { interpretPrompt } from '../rules/interpret.js';
import { outcomeOf, type BatchPrompt, type Outcome } from './batch-match.js';

/**
 * Issue 8's second acceptance figure: "after one edit of the returned draft, at least 90% faithful"
 * (docs/prompts.md, "After one edit of the returned draft"). For each prompt of a batch that is
 * not faithful at first contact, `corpus/batches/edits/batch-NN/<prompt>.md` holds the draft as its
 * user edited it once; the edit is interpreted as a new prompt and judged against the prompt's
 * expectation. An edit that rewrites more than half of its own lines was not one edit of the
 * draft but a new prompt, and counts as not faithful.
 */

/** A line diff by longest common subsequence; blank lines and trailing spaces are layout, not content. */
export interface LineDiff {
  /** Lines of the edited text kept from the draft. */
  kept: number;
  /** Lines of the edited text that are new or rewritten. */
  added: number;
  /** Lines of the draft the edit took out or rewrote. */
  removed: number;
  /** Non-blank lines of the edited text. */
  editedLines: number;
}

export function contentLines(text: string): string[] {
  return (
    text
      .split(/\r?\n/)
      .map((l) => l.trimEnd())
      .filter((l) => l.trim().length > 0)
      // an action's description after the dash is prose the user leaves alone: a rewording of it by
      // the interpreter ("Create an entry.") is not an edit the user has to make
      .map((l) => l.replace(/^(- [A-Za-z0-9]+: [a-z]+ .*?) — .*$/, '$1'))
  );
}

export function lineDiff(draft: string, edited: string): LineDiff {
  const a = contentLines(draft);
  const b = contentLines(edited);
  // lcs[i][j] = length of the longest common subsequence of a[i..] and b[j..]
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    const row = lcs[i] as number[];
    const below = lcs[i + 1] as number[];
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] = a[i] === b[j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const kept = (lcs[0] as number[])[0] as number;
  return { kept, added: b.length - kept, removed: a.length - kept, editedLines: b.length };
}

/** Lines changed, as a reviewer counts them: every line added or taken out. */
export function linesChanged(d: LineDiff): number {
  return d.added + d.removed;
}

/** More than half of the edited text is new: a rewrite from scratch, not one edit of the draft. */
export function isOneEdit(d: LineDiff): boolean {
  return d.added * 2 <= d.editedLines;
}

export interface EditRow {
  name: string;
  first: Outcome;
  /** Faithful at first contact, or after the saved edit when that edit is one edit. */
  faithfulAfter: boolean;
  /** The saved edit, when the prompt needed one. */
  edit?: { diff: LineDiff; outcome: Outcome; problems: string[] };
  /** Why the prompt is not faithful after one edit (empty when it is). */
  why: string;
}

export interface BatchEdits {
  id: string;
  rows: EditRow[];
  /** Edit files whose name is no prompt of the batch. */
  strayEdits: string[];
}

const corpusDir = new URL('../../../corpus/batches/', import.meta.url);

export function loadBatch(id: string): BatchPrompt[] {
  return (JSON.parse(readFileSync(new URL(`batch-${id}.json`, corpusDir), 'utf8')) as { prompts: BatchPrompt[] }).prompts;
}

/** The batches that have an edits folder, in order. */
export function editedBatches(): string[] {
  const dir = new URL('edits/', corpusDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((d) => /^batch-(\d+)$/.exec(d)?.[1])
    .filter((id): id is string => id !== undefined)
    .sort();
}

/** How a prompt of a batch reads at first contact; a caller that has read the batch already passes its readings. */
export type FirstReading = (prompt: BatchPrompt) => InterpretResult;

const readNow: FirstReading = (p) => interpretPrompt(p.name, p.prompt);

function judged(result: InterpretResult, expect: BatchPrompt['expect']): { result: InterpretResult; outcome: Outcome; problems: string[] } {
  return { result, ...outcomeOf(result, expect) };
}

export function measureEdits(id: string, firstReading: FirstReading = readNow, prompts: BatchPrompt[] = loadBatch(id)): BatchEdits {
  const dir = new URL(`edits/batch-${id}/`, corpusDir);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md')) : [];
  const names = new Set(prompts.map((p) => p.name));
  const strayEdits = files.filter((f) => !names.has(f.slice(0, -'.md'.length)));
  const rows = prompts.map((p): EditRow => {
    const first = judged(firstReading(p), p.expect);
    if (first.outcome === 'faithful') return { name: p.name, first: first.outcome, faithfulAfter: true, why: '' };
    const file = `${p.name}.md`;
    if (!files.includes(file)) return { name: p.name, first: first.outcome, faithfulAfter: false, why: 'no edit saved' };
    const text = readFileSync(new URL(file, dir), 'utf8');
    // the size is measured against the draft the interpreter returns now, so a change of the draft
    // format that makes the saved edits larger shows here
    const diff = lineDiff(first.result.draft, text);
    const after = judged(interpretPrompt(p.name, text), p.expect);
    const oneEdit = isOneEdit(diff);
    const faithfulAfter = oneEdit && after.outcome === 'faithful';
    const why = faithfulAfter
      ? ''
      : [
          ...(oneEdit ? [] : [`not one edit: ${diff.added} of ${diff.editedLines} lines new`]),
          ...(after.outcome === 'faithful' ? [] : [`${after.outcome}: ${after.problems.join('; ')}`]),
        ].join('; ');
    return { name: p.name, first: first.outcome, faithfulAfter, edit: { diff, outcome: after.outcome, problems: after.problems }, why };
  });
  return { id, rows, strayEdits };
}

export interface EditFigures {
  total: number;
  faithfulFirst: number;
  faithfulAfter: number;
  /** Faithful after the edit whatever its size (rewrites included). */
  faithfulAnySize: number;
  edits: number;
  medianChanged: number;
  maxChanged: number;
}

export function editFigures(b: BatchEdits): EditFigures {
  const edits = b.rows.flatMap((r) => (r.edit ? [r.edit] : []));
  // over every prompt the user had to get right, a faithful first draft needing no edit (0 lines):
  // a prompt that becomes faithful must lower the median, not drop out of it
  const sizes = [...b.rows.filter((r) => r.first === 'faithful').map(() => 0), ...edits.map((e) => linesChanged(e.diff))].sort((x, y) => x - y);
  const mid = sizes.length / 2;
  const median = sizes.length === 0 ? 0 : sizes.length % 2 ? (sizes[Math.floor(mid)] as number) : ((sizes[mid - 1] as number) + (sizes[mid] as number)) / 2;
  return {
    total: b.rows.length,
    faithfulFirst: b.rows.filter((r) => r.first === 'faithful').length,
    faithfulAfter: b.rows.filter((r) => r.faithfulAfter).length,
    faithfulAnySize: b.rows.filter((r) => r.first === 'faithful' || r.edit?.outcome === 'faithful').length,
    edits: edits.length,
    medianChanged: median,
    maxChanged: sizes.at(-1) ?? 0,
  };
}

/** The figures and every failing prompt, as the spec prints them for docs/prompts.md. */
export function editReport(b: BatchEdits): string {
  const f = editFigures(b);
  const pct = (n: number): string => `${Math.round((100 * n) / f.total)}%`;
  const lines = [
    `batch ${b.id}: ${f.total} prompts`,
    `  faithful at first contact: ${f.faithfulFirst} (${pct(f.faithfulFirst)})`,
    `  faithful after one edit:   ${f.faithfulAfter} (${pct(f.faithfulAfter)}); whatever the edit's size: ${f.faithfulAnySize}`,
    `  edits: ${f.edits}, lines changed per prompt median ${f.medianChanged} (0 for a faithful first draft), max ${f.maxChanged}`,
    ...b.rows
      .filter((r) => r.edit)
      .map((r) => {
        const d = r.edit?.diff as LineDiff;
        return `  ${r.faithfulAfter ? 'ok  ' : 'FAIL'} ${r.name} (${r.first}; +${d.added} -${d.removed} of ${d.editedLines})${r.why ? `: ${r.why}` : ''}`;
      }),
    ...b.rows.filter((r) => !r.edit && !r.faithfulAfter).map((r) => `  FAIL ${r.name} (${r.first}): ${r.why}`),
  ];
  return lines.join('\n');
}
