import type { Blueprint } from '@backforge/blueprint';
import { interpretPrompt } from '../interpret.js';
import { untracedLines } from './coverage.js';

const tools: Blueprint = {
  schemaVersion: 1,
  name: 'tools',
  description: 'Tools.',
  resources: [{ name: 'Tool', plural: 'tools', description: 'A tool.', fields: [{ name: 'name', type: 'string', required: true }, { name: 'category', type: 'string', required: true }] }],
  actions: [{ name: 'createTool', kind: 'create', resource: 'Tool', description: 'Add tools.', examples: [] }],
  rules: [],
} as unknown as Blueprint;

describe('every line leaves a trace (no silent drop)', () => {
  it('names a line nothing came of, quoting it', () => {
    expect(untracedLines('Tools have a name and a category.\nNeighbours swap recipes on Sundays.', tools, [])).toEqual(['not done: "Neighbours swap recipes on Sundays." (nothing in it was read; say it as a field, an action or a rule)']);
  });

  it('leaves alone a line already named in a warning, a title, talk about the writer and a table header', () => {
    expect(untracedLines('Tool library\nWe run a small library.\n| field | type |\n|---|---|\n| name | text |\nNeighbours swap recipes.', tools, ['not done: "Neighbours swap recipes"'])).toEqual([]);
  });

  it('adds no warning to a prompt read in full', () => {
    const r = interpretPrompt('library', 'Library API. We run a small library. Books have a title and an author. Members can borrow a book and return it.');
    expect(r.ok && r.warnings).toEqual([]);
  });

  it('does not keep a record named only in talk about the writer; what it carried is named instead', () => {
    const r = interpretPrompt('studio', "We're a small photography studio. Clients book shoots. A shoot has a client name, a date and a location. After the shoot we add the gallery link.");
    expect(r.ok && r.blueprint.resources.map((x) => x.name)).toEqual(['Shoot']);
    expect(r.ok && r.warnings.join('\n')).toMatch(/gallery link/);
  });

  it('reads "year created" as a year', () => {
    const r = interpretPrompt('art', 'Artworks have a title, an artist and a year created.');
    expect(r.ok && r.blueprint.resources[0]?.fields.find((f) => f.name === 'yearCreated')?.type).toBe('integer');
  });
});

