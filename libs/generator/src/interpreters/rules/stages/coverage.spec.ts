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
});
