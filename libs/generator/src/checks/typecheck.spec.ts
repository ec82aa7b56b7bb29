import { loadFixture } from '../fixtures/index.js';
import { PROJECT_COMPILER_OPTIONS, synthesize, type GeneratedProject } from '../synth/index.js';
import { typecheckProject } from './typecheck.js';

/**
 * Each type-check builds on the previous one (the diagnostics of unchanged files are carried over):
 * whatever came before, a check reports exactly what a fresh program would.
 */
type Files = GeneratedProject['files'];

const edit = (files: Files, path: string, change: (text: string) => string): Files =>
  files.map((f) => (f.path === path ? { ...f, content: change(f.content) } : f));

describe('typecheckProject, one check after another', () => {
  let clean: Files;
  beforeAll(async () => {
    clean = (await synthesize(loadFixture('recipes'), { name: 'recipes' })).files;
  });

  const check = (files: Files) => typecheckProject(files, PROJECT_COMPILER_OPTIONS);

  it('passes a generated project, again and again', () => {
    expect(check(clean)).toMatchObject({ ok: true, errors: [] });
    expect(check(clean)).toMatchObject({ ok: true, errors: [] });
  });

  it('reports an error in a changed file after a clean check of the same project, and forgets it once fixed', () => {
    expect(check(clean).ok).toBe(true);
    const broken = edit(clean, 'src/handler.ts', (t) => `${t}\nexport const wrong: number = 'text';\n`);
    const result = check(broken);
    expect(result.ok).toBe(false);
    expect(result.errors.join('\n')).toMatch(/^src\/handler\.ts\(\d+,\d+\): Type 'string' is not assignable to type 'number'/m);
    expect(check(clean)).toMatchObject({ ok: true, errors: [] });
  });

  it('checks an unchanged file again when a file it imports changed', () => {
    expect(check(clean).ok).toBe(true);
    // handler.ts is the same text; the type it imports from types.ts is gone
    const renamed = edit(clean, 'src/types.ts', (t) => t.replace('export interface BackendResponse', 'interface BackendResponse'));
    const result = check(renamed);
    expect(result.ok).toBe(false);
    expect(result.errors.join('\n')).toMatch(/^src\/handler\.ts\(\d+,\d+\): .*BackendResponse/m);
    expect(check(clean).ok).toBe(true);
  });

  it('reports an error in a template file every project shares', () => {
    expect(check(clean).ok).toBe(true);
    const broken = edit(clean, 'src/runtime.ts', (t) => `${t}\nexport function half(n: number): string {\n  return n / 2;\n}\n`);
    expect(check(broken).errors.join('\n')).toMatch(/^src\/runtime\.ts\(\d+,\d+\): Type 'number' is not assignable to type 'string'/m);
  });
});
