import { validateBlueprint } from '@backforge/blueprint';
import { blueprintSignatures, matchProblems } from './corpus-match.js';
import { interpretPrompt } from './interpret.js';
import { loadCorpus, loadPublic } from './test-support.js';

/**
 * Acceptance on the prompt corpus (libs/generator/corpus/prompts.json, our own prompts) and on the
 * public prompts (libs/generator/corpus/public.json). "Match" is defined in docs/prompts.md and
 * implemented by corpus-match.ts.
 */

const corpus = loadCorpus();
const publicPrompts = loadPublic().prompts;

describe('corpus of our own prompts', () => {
  it('holds at least 40 prompts and a handful that must be refused', () => {
    expect(corpus.prompts.length).toBeGreaterThanOrEqual(40);
    expect(corpus.reject.length).toBeGreaterThanOrEqual(5);
    expect(new Set(corpus.prompts.map((p) => p.name)).size).toBe(corpus.prompts.length);
  });

  it('matches at least 90% of the prompts exactly (resources, fields, action signatures, types, rules)', () => {
    const misses: string[] = [];
    for (const p of corpus.prompts) {
      const r = interpretPrompt(p.name, p.prompt);
      if (!r.ok) {
        misses.push(`${p.name}: not understood: ${r.error.missing.join('; ')}`);
        continue;
      }
      const problems = matchProblems(r.blueprint, p.expect);
      if (problems.length) misses.push(`${p.name}: ${problems.join('; ')}`);
    }
    const rate = (corpus.prompts.length - misses.length) / corpus.prompts.length;
    if (rate < 1) process.stderr.write(`corpus misses:\n${misses.join('\n')}\n`);
    expect(rate).toBeGreaterThanOrEqual(0.9);
    // the floor above is the spec's target; the corpus is kept at 100%, so a rule that breaks one
    // prompt fails here by name instead of hiding under the floor
    expect(misses).toEqual([]);
  });

  it('gives a blueprint that passes validateBlueprint for every accepted prompt', () => {
    for (const p of corpus.prompts) {
      const r = interpretPrompt(p.name, p.prompt);
      if (!r.ok) continue;
      const checked = validateBlueprint(r.blueprint);
      expect([p.name, checked.ok ? [] : checked.errors]).toEqual([p.name, []]);
    }
  });

  it.each(corpus.reject.map((p) => [p.name, p.prompt] as const))('"%s" is refused, or served with each gap named', (name, prompt) => {
    const r = interpretPrompt(name, prompt);
    const lines = r.ok ? r.warnings : r.error.missing;
    expect(lines.length).toBeGreaterThan(0);
    if (r.ok) {
      expect(r.draft).toContain('- [ ] not ');
      return;
    }
    expect(r.error.code).toBe('PROMPT_NOT_UNDERSTOOD');
    expect(r.error.message.length).toBeGreaterThan(10);
    // the example is the draft of this prompt, never a generic one
    expect(r.error.example).toBe(r.draft);
  });

  it('refuses the prompts in which no kind of record is described', () => {
    const refused = corpus.reject.filter((p) => !interpretPrompt(p.name, p.prompt).ok).map((p) => p.name);
    expect(refused).toEqual(expect.arrayContaining(['game', 'greeting', 'poem']));
  });
});

/**
 * The public prompts must all match. Their `expect` is prose, so the match is: every expected
 * resource exists with every expected field (further fields must be managed by the backend or be
 * references), further resources are relation records pointing at an expected one, and the
 * actions and rules checked below by name and semantics.
 */
describe('public prompts', () => {
  const results = new Map(publicPrompts.map((p) => [p.name, interpretPrompt(p.name, p.prompt)]));
  const bp = (name: string) => {
    const r = results.get(name);
    if (!r?.ok) throw new Error(`${name} not understood: ${r?.ok === false ? r.error.missing.join('; ') : 'missing'}`);
    return r.blueprint;
  };
  const sigs = (name: string) => blueprintSignatures(bp(name));

  it.each(publicPrompts.map((p) => [p.name, p] as const))('%s: expected resources and fields', (name, p) => {
    const blueprint = bp(name);
    expect(validateBlueprint(blueprint).ok).toBe(true);
    for (const [res, fields] of Object.entries(p.expect.resources)) {
      const spec = blueprint.resources.find((r) => r.name === res);
      expect([res, spec?.fields.map((f) => f.name)]).toEqual([res, expect.arrayContaining(fields)]);
      const extra = (spec?.fields ?? []).filter((f) => !fields.includes(f.name));
      expect([res, extra.filter((f) => !f.generated && f.type !== 'reference').map((f) => f.name)]).toEqual([res, []]);
    }
    for (const res of blueprint.resources.filter((r) => !(r.name in p.expect.resources))) {
      expect([res.name, res.fields.some((f) => f.type === 'reference' && f.references !== undefined && f.references in p.expect.resources)]).toEqual([res.name, true]);
    }
  });

  it('todo-api: create, list, mark done (done becomes true), delete; title required, dueDate optional, done starts false', () => {
    const b = bp('todo-api');
    // (a list takes a filter on each date and yes/no field: build.ts, withEveryFilter)
    expect(sigs('todo-api')).toEqual(expect.arrayContaining(['create Todo', 'list Todo by dueDate, done', 'delete Todo']));
    const mark = b.actions.find((a) => a.kind === 'transition');
    expect(mark?.kind === 'transition' && mark.effects).toEqual([{ set: 'done', to: { literal: true } }]);
    const todo = b.resources[0];
    expect(todo?.fields.find((f) => f.name === 'title')?.required).toBe(true);
    expect(todo?.fields.find((f) => f.name === 'dueDate')).toMatchObject({ type: 'date', required: false });
    expect(todo?.fields.find((f) => f.name === 'done')).toMatchObject({ type: 'boolean', default: false });
  });

  it('library: borrow by a member (guard, 409), return; isbn unique; email typed', () => {
    const b = bp('library');
    expect(sigs('library')).toEqual(expect.arrayContaining(['create Book', 'list Book by borrowedBy', 'create Member', 'transition Book borrowBook', 'transition Book returnBook']));
    const borrow = b.actions.find((a) => a.name === 'borrowBook');
    expect(borrow).toMatchObject({ kind: 'transition', params: [{ name: 'memberId', type: 'reference', references: 'Member', required: true }], guards: [{ field: 'borrowedBy', op: 'isNull' }] });
    expect(borrow?.kind === 'transition' && borrow.effects).toEqual([{ set: 'borrowedBy', to: { param: 'memberId' } }, { set: 'borrowedAt', to: { now: true } }]);
    expect(borrow?.examples.some((e) => e.expect.status === 409)).toBe(true);
    expect(b.resources.find((r) => r.name === 'Book')?.fields.find((f) => f.name === 'isbn')?.unique).toBe(true);
    expect(b.resources.find((r) => r.name === 'Book')?.fields.find((f) => f.name === 'publicationYear')?.type).toBe('integer');
    expect(b.resources.find((r) => r.name === 'Member')?.fields.find((f) => f.name === 'email')?.type).toBe('email');
  });

  it('shop-inventory: restock increments and sell decrements quantity by the amount, never below zero; sku unique; price a number >= 0', () => {
    const b = bp('shop-inventory');
    expect(sigs('shop-inventory')).toEqual(expect.arrayContaining(['create Product', 'list Product', 'transition Product restockProduct', 'transition Product sellProduct']));
    const restock = b.actions.find((a) => a.name === 'restockProduct');
    const sell = b.actions.find((a) => a.name === 'sellProduct');
    expect(restock?.kind === 'transition' && restock.effects).toEqual([{ increment: 'quantity', by: { param: 'amount' } }]);
    expect(sell?.kind === 'transition' && sell.effects).toEqual([{ decrement: 'quantity', by: { param: 'amount' } }]);
    const product = b.resources.find((r) => r.name === 'Product');
    expect(product?.fields.find((f) => f.name === 'quantity')).toMatchObject({ type: 'integer', min: 0 });
    expect(product?.fields.find((f) => f.name === 'price')).toMatchObject({ type: 'number', min: 0 });
    expect(product?.fields.find((f) => f.name === 'sku')?.unique).toBe(true);
    expect(sell?.examples.some((e) => e.expect.status === 409)).toBe(true);
  });

  it('contact-form: create, list, update, delete Submission; all three fields required; email typed', () => {
    const b = bp('contact-form');
    expect(sigs('contact-form').sort()).toEqual(['create Submission', 'delete Submission', 'list Submission', 'update Submission']);
    expect(b.resources[0]?.fields.map((f) => [f.name, f.required])).toEqual([['name', true], ['email', true], ['message', true]]);
    expect(b.resources[0]?.fields[1]?.type).toBe('email');
  });

  it('notes: tags is a list of strings; list filtered by tag; update; delete', () => {
    const b = bp('notes');
    expect(sigs('notes')).toEqual(expect.arrayContaining(['create Note', 'update Note', 'delete Note', 'list Note by tags']));
    expect(b.resources[0]?.fields.find((f) => f.name === 'tags')?.type).toBe('stringList');
    const list = b.actions.find((a) => a.kind === 'list');
    expect(list?.kind === 'list' && list.filters).toEqual([{ param: 'tag', field: 'tags', op: 'contains' }]);
  });

  it('event-rsvp: guests RSVP to an event; capacity rule; list guests by event', () => {
    const b = bp('event-rsvp');
    expect(sigs('event-rsvp')).toEqual(expect.arrayContaining(['create Event', 'create Guest', 'list Guest by event']));
    expect(b.rules).toEqual([expect.objectContaining({ kind: 'capacity', resource: 'Guest', via: 'event', limitField: 'capacity' })]);
    expect(b.actions.find((a) => a.name === 'createGuest')?.examples.some((e) => e.expect.status === 409)).toBe(true);
  });

  it('bug-tracker: enums with defaults; update status; list filtered by status and priority', () => {
    const b = bp('bug-tracker');
    expect(sigs('bug-tracker')).toEqual(expect.arrayContaining(['create Issue', 'update Issue: status', 'list Issue by status, priority']));
    const issue = b.resources[0];
    expect(issue?.fields.find((f) => f.name === 'priority')).toMatchObject({ type: 'enum', values: ['low', 'medium', 'high'], default: 'low' });
    expect(issue?.fields.find((f) => f.name === 'status')).toMatchObject({ type: 'enum', values: ['open', 'in progress', 'closed'], default: 'open' });
    expect(b.actions.find((a) => a.name === 'createIssue')?.examples.some((e) => e.expect.status === 400 && JSON.stringify(e.input).includes('not-a-listed-value'))).toBe(true);
  });

  it('url-shortener: ShortLink with a url, a generated unique code and a managed visit counter; resolve by code counts a visit', () => {
    const b = bp('url-shortener');
    const link = b.resources.find((r) => r.name === 'ShortLink');
    expect(link?.fields.find((f) => f.name === 'url')?.type).toBe('url');
    expect(link?.fields.find((f) => f.name === 'code')).toMatchObject({ type: 'string', unique: true, generated: 'code' });
    expect(link?.fields.find((f) => f.name === 'visits')).toMatchObject({ type: 'integer', default: 0, generated: 'managed' });
    const resolve = b.actions.find((a) => a.name === 'resolveShortLink');
    expect(resolve).toMatchObject({ kind: 'transition', by: 'code', effects: [{ increment: 'visits', by: { literal: 1 } }] });
    expect(sigs('url-shortener')).toEqual(expect.arrayContaining(['create ShortLink']));
  });

  it('recipes: difficulty an integer from 1 to 5; CRUD; list by cooking time below a given value', () => {
    const b = bp('recipes');
    expect(sigs('recipes')).toEqual(expect.arrayContaining(['create Recipe', 'get Recipe', 'update Recipe', 'delete Recipe', 'list Recipe by cookingTimeMinutes']));
    expect(b.resources[0]?.fields.find((f) => f.name === 'difficulty')).toMatchObject({ type: 'integer', min: 1, max: 5 });
    expect(b.resources[0]?.fields.find((f) => f.name === 'ingredients')?.type).toBe('stringList');
    const list = b.actions.find((a) => a.kind === 'list');
    expect(list?.kind === 'list' && list.filters).toEqual([{ param: 'cookingTimeMinutesBelow', field: 'cookingTimeMinutes', op: 'lt' }]);
    expect(b.actions.find((a) => a.name === 'createRecipe')?.examples.some((e) => e.expect.status === 400 && (e.input as { difficulty?: number }).difficulty === 6)).toBe(true);
  });

  it('expenses: amount a number, note optional; list by category; delete', () => {
    const b = bp('expenses');
    expect(sigs('expenses').sort()).toEqual(['create Expense', 'delete Expense', 'list Expense by category, date', 'update Expense']);
    expect(b.resources[0]?.fields.find((f) => f.name === 'amount')?.type).toBe('number');
    expect(b.resources[0]?.fields.find((f) => f.name === 'note')?.required).toBe(false);
  });

  it('polls: votes for one of the poll options (membership), results tally votes per option', () => {
    const b = bp('polls');
    expect(sigs('polls')).toEqual(expect.arrayContaining(['create Poll', 'create Vote', 'custom Poll tally']));
    expect(b.rules).toEqual([expect.objectContaining({ kind: 'membership', resource: 'Vote', via: 'poll', field: 'option', listField: 'options' })]);
    const tally = b.actions.find((a) => a.kind === 'custom');
    expect(tally?.kind === 'custom' && tally.custom).toEqual({ operation: 'tally', by: 'id', countResource: 'Vote', via: 'poll', groupField: 'option', optionsField: 'options' });
  });

  it('feature-flags: key unique; toggle flips enabled; get by key', () => {
    const b = bp('feature-flags');
    // (a kept record can be listed though the prompt named no list, and corrected, all but the flag
    // its toggle moves: stages/complete.ts)
    expect(sigs('feature-flags').sort()).toEqual(['create Flag', 'get Flag by key', 'list Flag by enabled', 'transition Flag toggleFlag', 'update Flag: key, description']);
    expect(b.resources[0]?.fields.find((f) => f.name === 'key')?.unique).toBe(true);
    const toggle = b.actions.find((a) => a.name === 'toggleFlag');
    expect(toggle?.kind === 'transition' && toggle.effects).toEqual([{ toggle: 'enabled' }]);
  });
});
