import { isOneEdit, lineDiff, linesChanged } from './draft-edit.js';

/** The line diff that sizes a saved edit (the edits' floors are checked in batches.spec.ts). */
describe('line diff', () => {
  it('counts kept, added and removed lines by longest common subsequence, ignoring blank lines', () => {
    const draft = '# A\n\n## Book\n\n- title: string\n- pages: string\n- [ ] gap\n';
    const edited = '# A\n## Book\n- title: string\n- pages: integer\n- author: string\n';
    expect(lineDiff(draft, edited)).toEqual({ kept: 3, added: 2, removed: 2, editedLines: 5 });
    expect(linesChanged(lineDiff(draft, edited))).toBe(4);
    expect(lineDiff(draft, draft)).toEqual({ kept: 5, added: 0, removed: 0, editedLines: 5 });
  });

  it('keeps order: a moved line is taken out and added again', () => {
    expect(lineDiff('a\nb\nc', 'c\na\nb')).toEqual({ kept: 2, added: 1, removed: 1, editedLines: 3 });
  });

  it('calls an edit whose new lines are more than half of the edited text a rewrite', () => {
    expect(isOneEdit(lineDiff('a\nb', 'a\nb\nc\nd'))).toBe(true);
    expect(isOneEdit(lineDiff('a\nb', 'a\nc\nd'))).toBe(false);
  });
});
