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

  it('describes state moves, unique combinations and compare rules', () => {
    const todo = structuredClone(exampleBlueprints.todo);
    const priority = todo.resources[0]?.fields[2];
    if (priority) priority.transitions = [{ from: 'low', to: 'high' }];
    if (todo.resources[0]) todo.resources[0].uniqueTogether = [['title', 'dueDate']];
    const line = describeBlueprint(todo)[0] ?? '';
    expect(line).toContain('priority (enum: low|normal|high, default "normal", transitions low->high)');
    expect(line).toMatch(/; unique together title \+ dueDate$/);
    const rsvp = structuredClone(exampleBlueprints.rsvp);
    rsvp.rules.push({ kind: 'compare', resource: 'Rsvp', via: 'event', field: 'guests', op: 'gt', against: { aggregate: 'max' }, message: 'm' });
    rsvp.rules.push({ kind: 'compare', resource: 'Rsvp', via: 'event', field: 'guests', op: 'lte', against: { parentField: 'capacity' }, message: 'm' });
    rsvp.rules.push({ kind: 'parentGuard', resource: 'Rsvp', via: 'event', field: 'capacity', op: 'gt', value: 0, message: 'm' });
    expect(describeBlueprint(rsvp).slice(-3)).toEqual([
      'rule compare: Rsvp.guests must be gt the max guests of the other Rsvp records of its event',
      "rule compare: Rsvp.guests must be lte its event's capacity",
      "rule parentGuard: a Rsvp needs its event's capacity gt 0",
    ]);
  });
});
