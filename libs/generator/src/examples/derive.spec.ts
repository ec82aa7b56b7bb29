import { exampleBlueprints, validateBlueprint, type Blueprint } from '@backforge/blueprint';
import { deriveExamples } from './derive.js';

/** Records that reference each other: the derivation must end, and leave the optional link out. */
function withMutualReferences(bookOwnerRequired: boolean): Blueprint {
  const bp = structuredClone<Blueprint>(exampleBlueprints.library);
  const [member, book] = bp.resources;
  member?.fields.push({ name: 'favourite', type: 'reference', references: 'Book', required: false });
  book?.fields.push({ name: 'owner', type: 'reference', references: 'Member', required: bookOwnerRequired });
  return bp;
}

describe('deriveExamples on records that reference each other', () => {
  it('ends, and a book is created after its owner, whose optional favourite is left out', () => {
    const derived = deriveExamples(withMutualReferences(true));
    const createBook = derived.actions.find((a) => a.name === 'createBook');
    const success = createBook?.examples.find((e) => e.expect.status === 200);
    const memberStep = success?.setup?.find((s) => s.action === 'createMember');
    expect(memberStep?.input).toBeDefined();
    expect(memberStep?.input).not.toHaveProperty('favourite');
    expect(success?.input['owner']).toEqual({ $ref: `${memberStep?.as ?? '?'}.id` });
    expect(validateBlueprint(derived)).toMatchObject({ ok: true });
  });

  it('ends on a cycle of required references too, which validation then names', () => {
    const bp = withMutualReferences(true);
    const favourite = bp.resources[0]?.fields.find((f) => f.name === 'favourite');
    if (favourite) favourite.required = true;
    const result = validateBlueprint(deriveExamples(bp));
    expect(result.ok).toBe(false);
    const messages = result.ok ? [] : result.errors.map((e) => e.message);
    expect(messages).toContainEqual(expect.stringMatching(/Member\.favourite -> Book\.owner -> Member/));
  });
});
