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

describe('deriveExamples on two guards through the same parent', () => {
  it('refuses a record for each guard broken alone, each case named after its guard', () => {
    const bp: Blueprint = {
      schemaVersion: 1,
      name: 'Kitchen hire',
      description: 'Kitchen sessions for insured businesses with a good hygiene rating.',
      resources: [
        { name: 'Business', plural: 'businesses', fields: [{ name: 'name', type: 'string', required: true }, { name: 'insured', type: 'boolean', required: false, default: false }, { name: 'hygieneRating', type: 'integer', required: true, min: 0, max: 5 }] },
        { name: 'Session', plural: 'sessions', fields: [{ name: 'business', type: 'reference', references: 'Business', required: true }, { name: 'date', type: 'date', required: true }] },
      ],
      actions: [
        { name: 'createBusiness', kind: 'create', resource: 'Business', description: 'Add a business.', examples: [] },
        { name: 'createSession', kind: 'create', resource: 'Session', description: 'Book a session.', examples: [] },
      ],
      rules: [
        { kind: 'parentGuard', resource: 'Session', via: 'business', field: 'insured', op: 'eq', value: true, message: 'Only insured businesses can book' },
        { kind: 'parentGuard', resource: 'Session', via: 'business', field: 'hygieneRating', op: 'gte', value: 3, message: 'A hygiene rating of at least 3 is needed' },
      ],
    };
    const derived = deriveExamples(bp);
    const refusals = derived.actions.find((a) => a.name === 'createSession')?.examples.filter((e) => e.expect.status === 409) ?? [];
    expect(refusals.map((e) => e.name)).toEqual(["refuses a session when its business's insured does not allow it", "refuses a session when its business's hygiene rating does not allow it"]);
    // each refusal's parent breaks its own guard and keeps the other
    const parents = refusals.map((e) => e.setup?.find((st) => st.action === 'createBusiness')?.input);
    expect(parents).toEqual([expect.objectContaining({ insured: false, hygieneRating: expect.any(Number) }), expect.objectContaining({ insured: true })]);
    expect((parents[0]?.['hygieneRating'] as number) >= 3).toBe(true);
    expect((parents[1]?.['hygieneRating'] as number) < 3).toBe(true);
    expect(validateBlueprint(derived)).toMatchObject({ ok: true });
  });
});

describe('deriveExamples on an update of a record\'s link alone', () => {
  it('moves the record to a second parent ("move a traveller to another coach"), within the capacity rule', () => {
    const bp: Blueprint = {
      schemaVersion: 1,
      name: 'Eclipse trip',
      description: 'Travellers on coaches with a number of seats.',
      resources: [
        { name: 'Coach', plural: 'coaches', fields: [{ name: 'registration', type: 'string', required: true }, { name: 'seats', type: 'integer', required: true, min: 1 }] },
        { name: 'Traveller', plural: 'travellers', fields: [{ name: 'fullName', type: 'string', required: true }, { name: 'coach', type: 'reference', references: 'Coach', required: true }] },
      ],
      actions: [
        { name: 'createCoach', kind: 'create', resource: 'Coach', description: 'Add a coach.', examples: [] },
        { name: 'createTraveller', kind: 'create', resource: 'Traveller', description: 'Add a traveller.', examples: [] },
        { name: 'updateTraveller', kind: 'update', resource: 'Traveller', fields: ['coach'], description: 'Move a traveller to another coach.', examples: [] },
      ],
      rules: [{ kind: 'capacity', resource: 'Traveller', via: 'coach', limitField: 'seats', message: 'This coach is full' }],
    };
    const derived = deriveExamples(bp);
    const moved = derived.actions.find((a) => a.name === 'updateTraveller')?.examples.find((e) => e.expect.status === 200);
    const coaches = moved?.setup?.filter((st) => st.action === 'createCoach').map((st) => st.as) ?? [];
    const traveller = moved?.setup?.find((st) => st.action === 'createTraveller');
    expect(coaches).toHaveLength(2);
    expect(traveller?.input['coach']).toEqual({ $ref: `${coaches[0] ?? '?'}.id` });
    expect(moved?.input).toEqual({ id: { $ref: `${traveller?.as ?? '?'}.id` }, coach: { $ref: `${coaches[1] ?? '?'}.id` } });
    expect(moved?.expect).toEqual({ status: 200, result: moved?.input });
    expect(validateBlueprint(derived)).toMatchObject({ ok: true });
  });
});
