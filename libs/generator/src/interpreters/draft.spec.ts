import { exampleBlueprints } from '@backforge/blueprint';
import { emptyDraft, renderDraft } from './draft.js';

describe('the editable draft', () => {
  it('renders each resource as a heading, each field as a bullet with its traits, then actions and rules', () => {
    const draft = renderDraft(exampleBlueprints.library, []);
    expect(draft).toMatch(/^# Library\n\n## Member\n- name: string, from 1 to 120\n- email: email, unique\n/);
    expect(draft).toContain('- isbn: string, unique, from 10 to 17');
    expect(draft).toContain('- status: one of available, borrowed, default "available", set by the backend');
    expect(draft).toContain('Actions:\n- create a Book');
    expect(draft).not.toContain('?');
  });

  it('marks each gap with "?" so it can be rewritten, and drafts an empty prompt as the shape to fill', () => {
    expect(renderDraft(exampleBlueprints.todo, ['not done: "x" (why)'])).toMatch(/## Not understood \(rewrite or delete each line\)\n- \? not done: "x" \(why\)\n$/);
    expect(emptyDraft('my-shop', ['no kind of record'])).toBe('# MyShop\n\n## ? (a kind of record)\n- ? (a field)\n\n## Not understood (rewrite or delete each line)\n- ? no kind of record\n');
  });
});
