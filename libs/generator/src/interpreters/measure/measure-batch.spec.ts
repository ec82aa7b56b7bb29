import { readFileSync, writeFileSync } from 'node:fs';
import { interpretPrompt } from '../rules/interpret.js';
import { figuresTable, outcomeOf, STYLES, tally, type BatchPrompt } from './batch-match.js';

/**
 * Measures one fresh batch (BATCH=08 by default) and prints its figures; MEASURE_OUT=<file> also
 * writes each prompt's outcome there. The first-contact run of a batch is recorded in
 * docs/prompts.md before any fix for it. The assertions only check that the batch is well formed:
 * its floors live in batches.spec.ts.
 */
const id = process.env['BATCH'] ?? '08';
const batch = JSON.parse(readFileSync(new URL(`../../../corpus/batches/batch-${id}.json`, import.meta.url), 'utf8')) as { prompts: BatchPrompt[] };

describe(`fresh batch ${id}`, () => {
  it('holds at least 30 prompts in all five styles, each with an expectation', () => {
    expect(batch.prompts.length).toBeGreaterThanOrEqual(30);
    for (const s of STYLES) expect([s, batch.prompts.some((p) => p.style === s)]).toEqual([s, true]);
    // A prompt that makes the interpreter throw is a defect to fix, counted as refused here so the
    // rest of the batch is still measured; the assertion below then fails the run.
    const crashed: string[] = [];
    const judge = (p: BatchPrompt): ReturnType<typeof outcomeOf> => {
      try {
        return outcomeOf(interpretPrompt(p.name, p.prompt), p.expect);
      } catch (e) {
        crashed.push(p.name);
        return { outcome: 'refused', problems: [`the interpreter threw: ${String(e)}`] };
      }
    };
    const rows = batch.prompts.map((p) => ({ name: p.name, style: p.style, ...judge(p) }));
    const figures = tally(rows);
    process.stderr.write(`batch ${id}\n${figuresTable(figures)}\n`);
    const out = process.env['MEASURE_OUT'];
    if (out) writeFileSync(out, rows.map((r) => `${r.outcome.padEnd(15)} ${r.name}: ${r.problems.join('; ')}`).join('\n') + '\n');
    expect(figures.total).toBe(batch.prompts.length);
    expect(crashed).toEqual([]);
  });
});
