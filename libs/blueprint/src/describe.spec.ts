import { describeBlueprint, exampleBlueprints } from './index.js';

describe('describeBlueprint', () => {
  it('describes resources, actions and rules in plain words', () => {
    const lines = describeBlueprint(exampleBlueprints.library);
    expect(lines).toContain('resource Member: name (string, required, min 1, max 120), email (email, required, unique)');
    expect(lines[1]).toMatch(/^resource Book: title \(string, required, min 1, max 200\), .*status \(enum: available\|borrowed, generated managed, default "available"\)/);
    expect(lines).toContain('action createBook: create on Book');
    expect(lines).toContain('action getBookByIsbn: get on Book by isbn');
    expect(lines.find((l) => l.startsWith('action borrowBook'))).toBe(
      'action borrowBook: transition on Book by id, params memberId, guards on status eq, effects set status, set borrowedBy, set borrowedAt',
    );
    expect(lines).toHaveLength(2 + 6);
  });

  it('describes tallies and rules', () => {
    const lines = describeBlueprint(exampleBlueprints.poll);
    expect(lines).toContain('action pollResults: custom on Poll: tally of Vote by option over options');
    expect(lines).toContain("rule membership: Vote.option must be one of its poll's options");
    expect(describeBlueprint(exampleBlueprints.rsvp)).toContain('rule capacity: Rsvp records per event may not exceed its capacity');
  });
});
