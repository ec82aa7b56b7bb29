import { exampleBlueprints, parseStructuredPrompt } from '@backforge/blueprint';
import { emptyDraft, FIRST_GAP, renderDraft } from './draft.js';

describe('the editable draft (the structured prompt of docs/prompts.md)', () => {
  it('renders the blueprint without example cases, and parses back to it', () => {
    const draft = renderDraft(exampleBlueprints.library, []);
    expect(draft).toMatch(/^# Library\n/);
    expect(draft).toContain('- isbn: string, required, unique, min 10, max 17');
    expect(draft).not.toContain('example {');
    const parsed = parseStructuredPrompt(draft);
    expect(parsed.ok && parsed.blueprint.resources).toEqual(exampleBlueprints.library.resources);
  });

  it('marks each gap as a "- [ ]" line to replace, and drafts a prompt with nothing understood as the shape to fill', () => {
    expect(renderDraft(exampleBlueprints.todo, ['not done: "x" (why)'])).toMatch(/## Not understood yet\n\n- \[ \] not done: "x" \(why\)\n/);
    const empty = emptyDraft('my-shop', 'Make me a game.', ['no kind of record']);
    expect(empty).toBe(`# My Shop\n\nMake me a game.\n\n## Actions\n\n\n## Not understood yet\n\n- [ ] ${FIRST_GAP}\n- [ ] no kind of record\n`);
  });
});
