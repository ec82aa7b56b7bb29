import { validateBlueprint } from '@backforge/blueprint';
import type { InterpretResult } from '../interpreter.js';
import { interpretPrompt } from '../rules/interpret.js';
import { BATCH_FLOORS } from './batch-floors.js';
import { outcomeOf, tally, type BatchPrompt } from './batch-match.js';
import { editedBatches, editFigures, editReport, loadBatch, measureEdits } from './draft-edit.js';
import { EDIT_FLOORS } from './edit-floors.js';

/**
 * The fresh batches joined to the corpus (docs/prompts.md, "Measuring on fresh prompts"): each keeps
 * its first-contact floors (batch-floors.ts), every accepted prompt is a valid blueprint whose gaps
 * are named in the user's words, and the saved edits of its drafts keep their floors after one edit
 * (edit-floors.ts). One suite reads each batch once for both: reading the 2,400 prompts is most of
 * its time, and two suites each reading them had made it twice the CI's.
 */
const edited = new Set(editedBatches());

describe('the floors', () => {
  it('name every edited batch among the fresh batches, and an edit floor for each', () => {
    expect([...edited].filter((id) => BATCH_FLOORS[id] === undefined)).toEqual([]);
    expect([...edited].filter((id) => EDIT_FLOORS[id] === undefined)).toEqual([]);
    expect(Object.keys(EDIT_FLOORS).filter((id) => !edited.has(id))).toEqual([]);
  });
});

describe.each(Object.entries(BATCH_FLOORS))('fresh batch %s', (id, floor) => {
  const prompts = loadBatch(id);
  const readings = new Map<BatchPrompt, InterpretResult>(prompts.map((p) => [p, interpretPrompt(p.name, p.prompt)]));

  it('keeps its recorded figures or better', () => {
    const figures = tally(prompts.map((p) => ({ style: p.style, outcome: outcomeOf(readings.get(p) as InterpretResult, p.expect).outcome })));
    expect(figures.byOutcome.faithful).toBeGreaterThanOrEqual(floor.faithful);
    expect(figures.byOutcome['silently wrong']).toBeLessThanOrEqual(floor.silentlyWrongAtMost);
  });

  it('answers each prompt with a valid blueprint whose warnings quote the prompt, or a refusal carrying its draft', () => {
    for (const p of prompts) {
      const r = readings.get(p) as InterpretResult;
      if (!r.ok) {
        expect([p.name, r.error.example]).toEqual([p.name, r.draft]);
        continue;
      }
      expect([p.name, validateBlueprint(r.blueprint).ok]).toEqual([p.name, true]);
      for (const w of r.warnings) expect([p.name, /"[^"]+"|[A-Z][a-z]+/.test(w)]).toEqual([p.name, true]);
    }
  });

  const editFloor = EDIT_FLOORS[id];
  if (!edited.has(id) || !editFloor) return;
  describe('after one edit of the returned draft', () => {
    const measured = measureEdits(id, (p) => readings.get(p) as InterpretResult, prompts);
    const figures = editFigures(measured);
    process.stderr.write(`${editReport(measured)}\n`);

    it('has every edit file named after a prompt of the batch', () => {
      expect(measured.strayEdits).toEqual([]);
    });

    it('keeps its recorded figures or better', () => {
      expect(figures.faithfulAfter).toBeGreaterThanOrEqual(editFloor.faithfulAfter);
      // every saved edit reads back faithful: what its user meant, the draft format can say
      expect(figures.faithfulAnySize).toBeGreaterThanOrEqual(editFloor.faithfulAnySize);
      expect(figures.medianChanged).toBeLessThanOrEqual(editFloor.medianChangedAtMost);
    });
  });
});
