import { accept } from '../test-support.js';
import { runPipeline } from './pipeline.js';
import { ReadingState } from './reading-state.js';
import { RULE_PHRASINGS } from './rule-phrasings.js';

/** Table-driven: every rule phrasing's examples are its tests; the last sentence is the rule. */
describe('rule phrasings', () => {
  const cases = RULE_PHRASINGS.flatMap((p) => p.examples.map(([prompt, says]) => [p.name, prompt, says] as const));

  it.each(cases)('%s: %s', (name, prompt, says) => {
    const a = new ReadingState(prompt);
    const analysis = runPipeline(a);
    const last = a.ruleReadings[a.ruleReadings.length - 1];
    expect({ phrasing: last?.phrasing, says: analysis.understood.includes(says) || analysis.understood }).toEqual({ phrasing: name, says: true });
  });

  it('has at least two examples per entry and unique names', () => {
    for (const p of RULE_PHRASINGS) expect([p.name, p.examples.length >= 2]).toEqual([p.name, true]);
    expect(new Set(RULE_PHRASINGS.map((p) => p.name)).size).toBe(RULE_PHRASINGS.length);
  });

  it('names a rule no entry reads as a gap, quoting it', () => {
    const a = new ReadingState('Books have a title. A book must be nice to its readers.');
    const analysis = runPipeline(a);
    expect(analysis.unmapped.some((u) => u.startsWith('"A book must be nice to its readers"'))).toBe(true);
  });
});

describe('rules said beside another or as code (session 2026-11-29)', () => {
  const base = 'Courses have a title, a number of places, and a status that is open, full or cancelled. People book onto a course by giving their name and email.';
  const rules = (prompt: string): string[] => accept(prompt).rules.map((r) => `${r.kind} ${r.resource}`);

  it('reads a capacity and "nobody should be able to ..." joined by ", and" as two rules', () => {
    expect(rules(`${base} We can't take more bookings than the course has places, and nobody should be able to book a course that has been cancelled.`)).toEqual(['capacity Booking', 'parentGuard Booking']);
  });

  it('keeps the negation of "nobody should be able to"', () => {
    expect(rules(`${base} Nobody should be able to book a course that has been cancelled.`)).toEqual(['parentGuard Booking']);
  });

  it('reads a capacity written as code ("bookings per course <= course.places")', () => {
    expect(rules(`${base} bookings per course <= course.places`)).toEqual(['capacity Booking']);
  });
});
