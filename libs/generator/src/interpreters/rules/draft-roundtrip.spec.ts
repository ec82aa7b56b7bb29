import { isDeepStrictEqual } from 'node:util';
import { interpretPrompt, isStructuredPrompt } from './interpret.js';
import { loadCorpus, loadPublic } from './test-support.js';

/**
 * Every result carries the draft of what was understood; the rules interpreter reads a draft
 * exactly, so resubmitting an accepted prompt's draft gives the identical blueprint, and a gap
 * stays a named gap until the user replaces its line.
 */
const corpus = loadCorpus();
const prompts = [...loadPublic().prompts, ...corpus.prompts].map((p) => [p.name, p.prompt] as const);

describe('the draft reads back exactly', () => {
  it('gives the identical blueprint for every accepted corpus and public prompt', () => {
    const differ: string[] = [];
    for (const [name, prompt] of prompts) {
      const r = interpretPrompt(name, prompt);
      if (!r.ok) continue;
      expect([name, isStructuredPrompt(r.draft)]).toEqual([name, true]);
      const again = interpretPrompt(name, r.draft);
      if (!again.ok || !isDeepStrictEqual(again.blueprint, r.blueprint)) differ.push(name);
    }
    expect(differ).toEqual([]);
  });

  it('keeps a gap open until its line is replaced, then gives what the edit says', () => {
    const r = interpretPrompt('bids', 'Auctions have a title and a reserve price. People bid on an auction with an amount. Only verified users can bid.');
    expect(r.ok && r.warnings.length).toBeGreaterThan(0);
    if (!r.ok) return;
    const again = interpretPrompt('bids', r.draft);
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.blueprint).toEqual(r.blueprint);
    expect(again.warnings).toHaveLength(r.warnings.length);
    again.warnings.forEach((w, i) => expect(w).toMatch(new RegExp(`^still open \\(line \\d+\\): ${escape(r.warnings[i] ?? '')}$`)));
    const edited = r.draft.replace(/^- \[ \] .*$/gm, '');
    const done = interpretPrompt('bids', edited);
    expect(done.ok && done.warnings).toEqual([]);
  });

  it("a refusal's example is the draft of the prompt; filling its first gap gets a backend", () => {
    const r = interpretPrompt('shop', 'A backend to manage invoices.');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.example).toBe(r.draft);
    const edited = r.draft.replace(/^- \[ \] a kind of record.*$/m, '').replace('## Actions', '## Invoice\n\n- number: string, unique\n- amount: number\n\n## Actions\n\n- createInvoice: create Invoice\n- listInvoices: list Invoice');
    const done = interpretPrompt('shop', edited.replace(/^- \[ \] .*$/gm, ''));
    expect(done.ok && done.blueprint.resources.map((res) => res.fields.map((f) => f.name))).toEqual([['number', 'amount']]);
  });

  it('reads an edited draft as written: no spelling repair renames its fields or adds to its lines', () => {
    // ("qty" is repaired to "quantity" in prose, and "(unique - I look repairs up by it)" adds a lookup sentence:
    // neither may touch a draft, whose names are the user's own)
    const draft = '# Repairs\n\neach repair has a job code (unique - I look repairs up by it) and a qty\n\n## Repair (repairs)\n\n- jobCode: string, unique\n- qty: integer, min 1\n\n## Actions\n\n- createRepair: create Repair\n- listRepairs: list Repair\n';
    const r = interpretPrompt('repairs', draft);
    expect(r.ok && r.blueprint.resources.map((res) => res.fields.map((f) => f.name))).toEqual([['jobCode', 'qty']]);
  });

  it('refuses a structured prompt line it cannot read, naming the line', () => {
    const r = interpretPrompt('x', '# X\n\n## Book\n\n- title: strnig\n\n## Actions\n\n- createBook: create Book\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.missing.join('\n')).toMatch(/^line 5: /);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
