import { readFileSync } from 'node:fs';
import type { Blueprint } from '../blueprint.js';
import { exampleBlueprints, parseStructuredPrompt, renderStructuredPrompt, validateBlueprint } from '../index.js';
import { randomBlueprint } from './random-blueprint.js';

const withoutExamples = (bp: Blueprint): Blueprint => ({ ...bp, actions: bp.actions.map((a) => ({ ...a, examples: [] })) });

function roundTrip(bp: Blueprint): unknown {
  const parsed = parseStructuredPrompt(renderStructuredPrompt(bp));
  return parsed.ok ? parsed.blueprint : parsed.problems;
}

describe('structured prompt: render then parse gives the identical Blueprint', () => {
  it.each(Object.entries(exampleBlueprints))('the %s example', (_name, bp) => {
    expect(roundTrip(bp)).toEqual(bp);
  });

  const SEED = 20261123;
  const CASES = 400;
  it(`${CASES} random valid Blueprints (seeds ${SEED}..${SEED + CASES - 1})`, () => {
    const seen = new Set<string>();
    for (let seed = SEED; seed < SEED + CASES; seed++) {
      const bp = randomBlueprint(seed);
      for (const r of bp.rules) seen.add(`rule ${r.kind}`);
      for (const res of bp.resources) {
        if (res.uniqueTogether) seen.add('uniqueTogether');
        for (const f of res.fields) if (f.transitions) seen.add('transitions');
      }
      for (const a of bp.actions) if (a.kind === 'list') for (const f of a.filters) seen.add(`filter ${f.op}`);
      const valid = validateBlueprint(bp);
      // The seed is in every comparison, so a failure names the case to replay.
      expect([seed, valid.ok ? [] : valid.errors]).toEqual([seed, []]);
      expect([seed, roundTrip(bp)]).toEqual([seed, bp]);
    }
    // The generator reaches every newer part of the Blueprint.
    expect([...seen].sort()).toEqual(
      expect.arrayContaining(['filter fromDay', 'filter onDay', 'filter toDay', 'rule capacity', 'rule compare', 'rule membership', 'rule parentGuard', 'transitions', 'uniqueTogether']),
    );
  });

  it('without examples: the same Blueprint with none, and the actions listed for the caller to derive', () => {
    const bp = exampleBlueprints.library;
    const parsed = parseStructuredPrompt(renderStructuredPrompt(bp, { examples: false }));
    expect(parsed.ok && parsed.blueprint).toEqual(withoutExamples(bp));
    expect(parsed.ok && parsed.withoutExamples).toEqual(bp.actions.map((a) => a.name));
  });
});

describe('structured prompt: gaps and problems are named, never dropped', () => {
  it('renders gaps as "- [ ]" lines and reports them with their line and words', () => {
    const md = renderStructuredPrompt(exampleBlueprints.library, {
      examples: false,
      gaps: [{ text: "'a member may hold at most 3 books'", resource: 'Member' }, { text: "'send a reminder\nby email'" }],
    });
    expect(md).toContain("- [ ] 'a member may hold at most 3 books'");
    expect(md).toContain("## Not understood yet\n\n- [ ] 'send a reminder by email'");
    const parsed = parseStructuredPrompt(md);
    expect(parsed.ok && parsed.blueprint).toEqual(withoutExamples(exampleBlueprints.library));
    expect(parsed.gaps.map((g) => g.text)).toEqual(["'a member may hold at most 3 books'", "'send a reminder by email'"]);
    expect(parsed.gaps.every((g) => md.split('\n')[g.line - 1]?.startsWith('- [ ] '))).toBe(true);
    expect(parseStructuredPrompt('# Shop\n\n## Product\n\n- name\n> TODO: "prices in euros"\n\n## Actions\n\n- createProduct: create Product').gaps).toEqual([{ line: 6, text: '"prices in euros"' }]);
  });

  it('gives a param written by name alone the type of the field it is named after ("- param price")', () => {
    const md = ['# Quotes', '', '## Quote', '- price: number, optional', '- status: one of new | priced', '## Actions', '- priceQuote: transition Quote by id — Price it.', '  - param price', '  - set price to param price', '  - set status to "priced"', ''].join('\n');
    const parsed = parseStructuredPrompt(md);
    expect(parsed.ok && parsed.blueprint.actions[0]?.kind === 'transition' && parsed.blueprint.actions[0].params[0]?.type).toBe('number');
  });

  it('reads a short hand-written draft: bare words, a missing type is a string, defaults for the rest', () => {
    const md = [
      '# Courses',
      '',
      '## Student',
      '- name',
      '- email: email, unique',
      '## Enrolment',
      '- student: reference to Student',
      '- grade: one of pass | fail, optional',
      '- stage: one of applied | admitted | enrolled, default "applied", managed, moves applied -> admitted | admitted -> enrolled',
      '- unique together: student + grade',
      '## Actions',
      '- createStudent: create Student — Add a student.',
      '- createEnrolment: create Enrolment — Enrol.',
      '- admit: transition Enrolment by id — Admit an applicant.',
      '  - set stage to "admitted"',
    ].join('\n');
    const parsed = parseStructuredPrompt(md);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const [student, enrolment] = parsed.blueprint.resources;
    expect(student).toEqual({ name: 'Student', plural: 'students', fields: [{ name: 'name', type: 'string', required: true }, { name: 'email', type: 'email', required: true, unique: true }] });
    expect(enrolment?.plural).toBe('enrolments');
    expect(enrolment?.fields[2]).toEqual({ name: 'stage', type: 'enum', required: true, values: ['applied', 'admitted', 'enrolled'], default: 'applied', generated: 'managed', transitions: [{ from: 'applied', to: 'admitted' }, { from: 'admitted', to: 'enrolled' }] });
    expect(enrolment?.uniqueTogether).toEqual([['student', 'grade']]);
    expect(parsed.withoutExamples).toEqual(['createStudent', 'createEnrolment', 'admit']);
  });

  it('reads "update X" as an update of every field X takes, and writes a full update so', () => {
    const md = ['# Shop', '## Product', '- name', '- price: number', '- code: string, managed', '## Actions', '- updateProduct: update Product — Correct a product.', '- reprice: update Product fields price'].join('\n');
    const parsed = parseStructuredPrompt(md);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.blueprint.actions.map((a) => (a.kind === 'update' ? a.fields : []))).toEqual([['name', 'price'], ['price']]);
    const rendered = renderStructuredPrompt(parsed.blueprint, { examples: false });
    expect(rendered).toContain('- updateProduct: update Product — ');
    expect(rendered).toContain('- reprice: update Product fields price — ');
  });

  it('reads a capacity that does not count cancelled records, and names a value it cannot hold', () => {
    const draft = (freed: string): string =>
      ['# Club', '## Session', '- title', '- seats: integer', '## Booking', '- session: reference to Session', '- status: one of "booked" | "cancelled"', '## Actions', '- createBooking: create Booking', '## Rules', `- capacity: Booking via session, limit seats, not counting ${freed}, else "Full"`].join('\n');
    const parsed = parseStructuredPrompt(draft('status "cancelled"'));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.blueprint.rules).toEqual([{ kind: 'capacity', resource: 'Booking', via: 'session', limitField: 'seats', message: 'Full', freedWhen: { field: 'status', value: 'cancelled' } }]);
    expect(renderStructuredPrompt(parsed.blueprint, { examples: false })).toContain('limit seats, not counting status "cancelled", else "Full"');
    const bad = parseStructuredPrompt(draft('status 3'));
    expect(bad.ok ? [] : bad.problems.map((p) => p.message)).toEqual([expect.stringContaining('takes true, false or a "quoted" value, got 3')]);
  });

  it('names the line of every part it cannot read, and of every meaning problem', () => {
    const bad = parseStructuredPrompt('# Shop\n\n## Product\n\n- name: string, very important\n\n## Actions\n\n- sell: frobnicate Product');
    expect(bad.ok ? [] : bad.problems).toEqual([
      { line: 5, message: 'field name: "very important" is not a type or trait I know' },
      { line: 9, message: expect.stringMatching(/^action sell: "frobnicate Product" is not/) },
    ]);
    const meaning = parseStructuredPrompt('# Shop\n\n## Product\n\n- name\n\n## Actions\n\n- getProduct: get Product by name — Find one.');
    expect(meaning.ok ? [] : meaning.problems).toEqual([{ line: 9, message: expect.stringMatching(/^\/actions\/0\/by: .*not unique/) }]);
    expect(parseStructuredPrompt('just words').ok).toBe(false);
  });
});

describe('docs/prompts.md', () => {
  it('teaches a structured prompt that parses, with its one gap reported', () => {
    const docs = readFileSync(new URL('../../../../docs/prompts.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf('## The structured prompt'));
    const example = /```markdown\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const parsed = parseStructuredPrompt(example);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.blueprint.resources.map((r) => r.name)).toEqual(['Workshop', 'Registration']);
    expect(parsed.blueprint.resources[1]?.uniqueTogether).toEqual([['workshop', 'email']]);
    expect(parsed.gaps.map((g) => g.text)).toEqual(["'registrations get a confirmation email'"]);
    expect(parsed.blueprint.rules.map((r) => r.kind)).toEqual(['capacity', 'parentGuard']);
  });
});
