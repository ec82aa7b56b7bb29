import { handOver, pluralSubject, renderItem } from './bridge.js';

describe('hand-over to the sentence reader', () => {
  it('renders a FieldList in the declaration form the reader reads, and lists context as ignored', () => {
    const h = handOver(
      [
        { kind: 'context', text: "We're a bakery.", why: 'says who the writer is' },
        { kind: 'fieldList', subject: 'tool', items: [{ words: 'name' }, { words: 'deposit', type: 'number' }, { words: 'team name', flags: ['unique'] }, { words: 'role', values: ['a', 'b'] }], source: '' },
        { kind: 'statement', text: 'Members borrow tools' },
        { kind: 'heading', text: 'Shop' },
      ],
      ['Hello!'],
    );
    expect(h.text).toBe('Tools: name, deposit (number), unique team name, role (a, b).\nMembers borrow tools.');
    expect(h.fieldLists).toBe(1);
    expect(h.ignored).toEqual(['"Hello!" (greeting or sign-off)', '"We\'re a bakery." (says who the writer is)', '"Shop" (a title)']);
  });

  it('pluralises a subject once and names a yes/no type the reader knows', () => {
    expect(pluralSubject('Vet visit')).toBe('Vet visits');
    expect(pluralSubject('Classes')).toBe('Classes');
    expect(renderItem({ words: 'express', type: 'boolean' })).toBe('express (yes/no)');
  });
});
