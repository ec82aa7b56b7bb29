import { GENERATOR_VERSION, loadGoldenBlueprint } from '@backforge/generator';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXIT, nameFromPrompt, runCli } from './program.js';

function captured() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), env: {} }, out: () => out.join(''), err: () => err.join('') };
}

const LIBRARY_PROMPT =
  'I need a backend for a small library. Books have a title, an author, an ISBN (unique) and a publication year. Members have a name and an email address. A member can borrow a book and return it; a book that is already borrowed cannot be borrowed again.';

describe('backforge CLI', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'backforge-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints the generator version', async () => {
    const c = captured();
    expect(await runCli(['version'], c.io)).toBe(EXIT.ok);
    expect(c.out()).toBe(`${GENERATOR_VERSION}\n`);
  });

  it('blueprint: prints the blueprint of a prompt as JSON', async () => {
    const c = captured();
    expect(await runCli(['blueprint', LIBRARY_PROMPT, '--name', 'library'], c.io)).toBe(EXIT.ok);
    const blueprint = JSON.parse(c.out()) as { resources: { name: string }[] };
    expect(blueprint.resources.map((r) => r.name)).toEqual(expect.arrayContaining(['Book', 'Member']));
  });

  it('blueprint: answers a prompt it cannot read with PROMPT_NOT_UNDERSTOOD on stderr and exit 2', async () => {
    const c = captured();
    expect(await runCli(['blueprint', 'zxqv blorp'], c.io)).toBe(EXIT.refused);
    expect(c.out()).toBe('');
    expect((JSON.parse(c.err()) as { code: string }).code).toBe('PROMPT_NOT_UNDERSTOOD');
  });

  it('blueprint --draft: prints the editable draft; a gap is a warning on stderr and a "?" line', async () => {
    const c = captured();
    const prompt = 'Books have a title and an author. Users can share a book with their friends on social media.';
    expect(await runCli(['blueprint', prompt, '--name', 'books', '--draft'], c.io)).toBe(EXIT.ok);
    expect(c.out()).toMatch(/^# Books\n\n.*\n\n## Book \(books\)\n\n.*\n\n- title: string, required\n- author: string, required\n/);
    expect(c.out()).toContain('- [ ] not done: "');
    expect(c.err()).toMatch(/^warning: not done: ".*share a book/);
  });

  it('blueprint --draft: a refused prompt prints its draft with the gaps to fill in, exit 2', async () => {
    const c = captured();
    expect(await runCli(['blueprint', 'zxqv blorp', '--draft'], c.io)).toBe(EXIT.refused);
    expect(c.out()).toContain('- [ ] a kind of record and its fields');
    expect(c.err()).toBe('');
  });

  it('synth: writes a checked project and its report from a prompt', async () => {
    const c = captured();
    const out = path.join(dir, 'library');
    expect(await runCli(['synth', LIBRARY_PROMPT, '--out', out, '--name', 'library'], c.io)).toBe(EXIT.ok);
    expect(c.out()).toMatch(/^PASSED: \d+ files written to /);
    const report = JSON.parse(await readFile(path.join(out, 'backforge.report.json'), 'utf8')) as { status: string; checks: { kind: string }[] };
    expect(report.status).toBe('passed');
    expect(new Set(report.checks.map((ch) => ch.kind))).toEqual(new Set(['build', 'behaviour', 'quality']));
    expect(await readFile(path.join(out, 'dist/handler.js'), 'utf8')).toContain('var BackforgeBackend');
  });

  it('synth: exits 1 and names the failing check when a check fails', async () => {
    const blueprint = loadGoldenBlueprint('todo-api');
    blueprint.actions[0]?.examples.push({ name: 'expects the impossible', input: { title: '' }, expect: { status: 200 } });
    const file = path.join(dir, 'bad.json');
    await writeFile(file, JSON.stringify(blueprint));
    const c = captured();
    expect(await runCli(['synth', '--from-blueprint', file, '--out', path.join(dir, 'bad')], c.io)).toBe(EXIT.checksFailed);
    expect(c.out()).toContain('x createTodo: expects the impossible');
  });

  it('synth: refuses an invalid blueprint file and a missing --out', async () => {
    const file = path.join(dir, 'invalid.json');
    await writeFile(file, JSON.stringify({ schemaVersion: 1, name: 'x' }));
    const c = captured();
    expect(await runCli(['synth', '--from-blueprint', file, '--out', path.join(dir, 'invalid')], c.io)).toBe(EXIT.refused);
    expect((JSON.parse(c.err()) as { code: string }).code).toBe('INVALID_BLUEPRINT');
    const d = captured();
    expect(await runCli(['synth', 'a todo list'], d.io)).toBe(EXIT.refused);
    expect(d.err()).toContain('--out');
  });

  it('names the environment variable of a bad interpreter setting', async () => {
    const c = captured();
    const io = { ...c.io, env: { BACKFORGE_INTERPRETER: 'magic' } };
    expect(await runCli(['blueprint', LIBRARY_PROMPT], io)).toBe(EXIT.refused);
    expect(JSON.parse(c.err())).toMatchObject({ code: 'BAD_CONFIGURATION', setting: 'BACKFORGE_INTERPRETER' });
  });

  it('derives a default name from the prompt', () => {
    expect(nameFromPrompt('A todo list API. Each todo...')).toBe('todo-list');
    expect(nameFromPrompt('Polls API: a poll has a question and options')).toBe('polls');
    expect(nameFromPrompt('I need a backend for a small library. Books have a title')).toBe('library');
    expect(nameFromPrompt('Inventory service for a shop: products with a name')).toBe('inventory-shop');
    expect(nameFromPrompt('!!!')).toBe('backend');
  });
});
