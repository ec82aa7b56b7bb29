import { accept, field } from './test-support.js';

/** Notes read as allowed values (value-notes.ts): the type, the flags and the bounds they say are kept, no values. */
describe('notes written where values could be', () => {
  it('reads a type and a bound, a flag and an example, a moment and a hedge as notes', () => {
    const bp = accept('Audiobook tracker\n\n## Books\n- title\n- word count (integer, greater than 0)\n- exhibit reference (unique, e.g. EX/2291/24)\n- rented at (date/time)\n- running order (integer, 1 upwards)\n- max walkers - the leader decides, often 12\n- body (the statement text, can be long)');
    expect(field(bp, 'Book', 'wordCount')).toMatchObject({ type: 'integer', min: 1 });
    expect(field(bp, 'Book', 'exhibitReference')).toMatchObject({ type: 'string', unique: true });
    expect(field(bp, 'Book', 'rentedAt').type).toBe('datetime');
    expect(field(bp, 'Book', 'runningOrder')).toMatchObject({ type: 'integer', min: 1 });
    expect(field(bp, 'Book', 'maxWalkers').type).toBe('integer');
    expect(field(bp, 'Book', 'body').type).toBe('text');
    for (const f of bp.resources[0]?.fields ?? []) expect([f.name, f.values]).toEqual([f.name, undefined]);
  });

  it('keeps values that only look like notes: "like new", "empty", contact methods', () => {
    const bp = accept('## Listings\n- title\n- condition: like new, good or worn\n- tank: full, half or empty\n- contact by: email, phone or text');
    expect(field(bp, 'Listing', 'condition').values).toEqual(['like new', 'good', 'worn']);
    expect(field(bp, 'Listing', 'tank').values).toEqual(['full', 'half', 'empty']);
    expect(field(bp, 'Listing', 'contactBy').values).toEqual(['email', 'phone', 'text']);
  });

  it('reads "(one of the members)" as a link to a member', () => {
    const bp = accept('## Walks\n- date\n- pace: gentle, moderate, brisk\n- leader (one of the members)\n\n## Members\n- name\n- email (unique)');
    expect(field(bp, 'Walk', 'leader')).toMatchObject({ type: 'reference', references: 'Member' });
  });
});
