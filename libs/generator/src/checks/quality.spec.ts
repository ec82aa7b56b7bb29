import { Sandbox } from '@backforge/sandbox';
import { loadFixture } from '../fixtures/index.js';
import { projectFile, synthesize, type GeneratedProject } from '../synth/index.js';
import { runChecks, scanBundle } from './index.js';

const wrap = (body: string) => `"use strict";\nvar BackforgeBackend = (() => {\n${body}\nreturn { handle: async () => ({ status: 200, body: { ok: true, result: null } }) };\n})();\n`;

function whatIsWrong(body: string): string[] {
  return scanBundle(wrap(body), 'BackforgeBackend').violations.map((v) => v.what);
}

describe('scanBundle', () => {
  it('accepts every generated handler bundle', async () => {
    for (const name of ['library', 'polls', 'url-shortener']) {
      const project = await synthesize(loadFixture(name));
      const scan = scanBundle(projectFile(project, 'dist/handler.js') ?? '', 'BackforgeBackend');
      expect([name, scan.violations]).toEqual([name, []]);
      expect(scan.globalsUsed).toEqual(expect.arrayContaining(['JSON', 'Map', 'Object']));
    }
  });

  it.each([
    ['eval', 'eval("1");', 'use of eval'],
    ['Function', 'const f = Function("return 1");', 'use of Function'],
    ['new Function', 'const f = new Function("return 1");', 'use of Function'],
    ['dynamic import', 'import("fs");', 'dynamic import()'],
    ['require', 'const fs = require("fs");', 'use of require'],
    ['process', 'const env = process.env;', 'use of process'],
    ['a shadowed forbidden name', 'const process = 1; const x = process;', 'use of process'],
    ['globalThis read', 'const g = globalThis.process;', 'use of globalThis'],
    ['fetch', 'fetch("http://example.com");', 'use of fetch'],
    ['an unknown global', 'const x = navigator.userAgent;', 'global navigator is not on the allow-list'],
    ['the constructor hop', 'const F = (() => 0).constructor;', 'access to .constructor'],
    ['the constructor hop by index', 'const F = (() => 0)["constructor"];', 'access to ["constructor"]'],
    ['__proto__', 'const p = ({}).__proto__;', 'access to .__proto__'],
    ['with', 'with ({}) {}', 'with statement'],
    ['setTimeout', 'setTimeout(() => 0, 1);', 'use of setTimeout'],
  ])('refuses %s', (_name, body, expected) => {
    expect(whatIsWrong(body)).toContain(expected);
  });

  it('allows locals, parameters, property names and the allow-listed built-ins', () => {
    expect(whatIsWrong('function f(a, { b, c: d }, ...e) { const x = { process: 1, eval: 2 }; return [a, b, d, e, x.process, Math.max(1, 2), JSON.stringify(x), new Map(), Object.hasOwn(x, "eval")]; }')).toEqual([]);
  });

  it('allows globalThis only as the target of the bundle global', () => {
    expect(scanBundle('globalThis.BackforgeBackend = { handle() {} };', 'BackforgeBackend').violations.map((v) => v.what)).toEqual(['the bundle does not define BackforgeBackend']);
    expect(scanBundle('var BackforgeBackend; globalThis.BackforgeBackend = {};', 'BackforgeBackend').violations).toEqual([]);
  });

  it('reports syntax errors', () => {
    expect(scanBundle('var BackforgeBackend = (;', 'BackforgeBackend').violations.some((v) => v.what.startsWith('syntax error'))).toBe(true);
  });
});

describe('runChecks on broken projects', () => {
  let sandbox: Sandbox;
  let good: GeneratedProject;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ workers: 1 });
    good = await synthesize(loadFixture('todo-api'));
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  const replaceFile = (project: GeneratedProject, path: string, edit: (content: string) => string): GeneratedProject => ({
    ...project,
    files: project.files.map((f) => (f.path === path ? { path, content: edit(f.content) } : f)),
  });

  it('fails a bundle that was tampered with: it no longer matches its sources and uses eval', async () => {
    const tampered = replaceFile(good, 'dist/handler.js', (c) => c.replace('async function handle(request, ctx) {', 'async function handle(request, ctx) {\n    eval("1");'));
    const report = await runChecks(tampered, { sandbox });
    expect(report.status).toBe('failed');
    const failed = report.checks.filter((c) => c.status === 'failed').map((c) => c.name);
    expect(failed).toEqual(expect.arrayContaining(['bundle matches the sources', 'bundle uses only allowed globals']));
  });

  it('fails a project whose sources do not type-check, with the compiler message', async () => {
    const broken = replaceFile(good, 'src/handler.ts', (c) => `${c}\nexport const oops: number = "not a number";\n`);
    const report = await runChecks(broken, { sandbox });
    const typecheck = report.checks.find((c) => c.name === 'type-check (TypeScript, strict)');
    expect(typecheck?.status).toBe('failed');
    expect(JSON.stringify(typecheck?.details)).toContain('src/handler.ts');
  });

  it('reports each example case, failing one whose expectation the backend does not meet', async () => {
    const blueprint = loadFixture('todo-api');
    const create = blueprint.actions[0];
    if (!create) throw new Error('fixture has no actions');
    create.examples.push({ name: 'wrongly expects an empty title to pass', input: { title: '' }, expect: { status: 200 } });
    const report = await runChecks(await synthesize(blueprint), { sandbox });
    const behaviour = report.checks.filter((c) => c.kind === 'behaviour');
    expect(behaviour).toHaveLength(blueprint.actions.reduce((n, a) => n + a.examples.length, 0));
    const failed = behaviour.filter((c) => c.status === 'failed');
    expect(failed.map((c) => c.name)).toEqual(['createTodo: wrongly expects an empty title to pass']);
    expect(JSON.stringify(failed[0]?.details)).toContain('expected status 200, got 400');
    expect(report.status).toBe('failed');
  });

  it('fails example coverage when an action has no refusal case', async () => {
    const blueprint = loadFixture('todo-api');
    const del = blueprint.actions.find((a) => a.name === 'deleteTodo');
    if (!del) throw new Error('fixture has no deleteTodo');
    del.examples = del.examples.filter((e) => e.expect.status === 200);
    const report = await runChecks(await synthesize(blueprint), { sandbox });
    const coverage = report.checks.find((c) => c.name === 'every action has a success and a refusal example');
    expect(coverage?.status).toBe('failed');
    expect(coverage?.details).toEqual({ missing: ['deleteTodo: no refusal example'] });
  });

  it('fails a bundle that does not load', async () => {
    const report = await runChecks(replaceFile(good, 'dist/handler.js', () => 'throw new Error("boom");'), { sandbox });
    expect(report.checks.find((c) => c.name === 'bundle loads in the sandbox')?.status).toBe('failed');
    expect(report.status).toBe('failed');
  });
});
