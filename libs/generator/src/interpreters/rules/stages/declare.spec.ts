import { declare, givenOf, recordWords } from './declare.js';

describe('declarations from typed clauses', () => {
  it('keeps a FieldList typed, hands on only the statements, and lists context as ignored', () => {
    const d = declare(
      [
        { kind: 'context', text: "We're a bakery.", why: 'says who the writer is' },
        { kind: 'fieldList', subject: 'Tools', items: [{ words: 'name' }, { words: 'deposit', type: 'number' }, { words: 'team name', flags: ['unique'] }, { words: 'status', values: ['new', 'done'], moves: true }], source: 'Tools: ...' },
        { kind: 'statement', text: 'Members borrow tools' },
        { kind: 'heading', text: 'Shop' },
      ],
      ['Hello!'],
    );
    expect(d.text).toBe('Members borrow tools.');
    expect(d.lists).toEqual([
      {
        words: ['tool'],
        items: [
          { words: 'name', given: {} },
          { words: 'deposit', given: { type: 'number' } },
          { words: 'team name', given: { unique: true } },
          { words: 'status', given: { values: ['new', 'done'], moves: true } },
        ],
        source: 'Tools: ...',
      },
    ]);
    expect(d.ignored).toEqual(['"Hello!" (greeting or sign-off)', '"We\'re a bakery." (says who the writer is)', '"Shop" (a title)']);
  });

  it.each([
    ['Board games I own', ['board', 'game']],
    ['my Tools', ['tool']],
    ['Log expenses', ['expense']],
    ['for each tank', ['tank']],
    ['Menu items', ['menu', 'item']],
  ])('names the record of "%s"', (subject, words) => {
    expect(recordWords(subject)).toEqual(words);
  });

  it('gives values precedence over a written type and maps flags', () => {
    expect(givenOf({ words: 'size', type: 'text', values: ['S', 'M'], flags: ['optional', 'required'] })).toEqual({ values: ['S', 'M'], optional: true, required: true });
  });
});
