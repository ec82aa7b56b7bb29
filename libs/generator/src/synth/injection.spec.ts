import { parseStructuredPrompt, renderStructuredPrompt, validateBlueprint, type Blueprint } from '@backforge/blueprint';
import type { JsonObject } from '@backforge/contracts';
import { MemoryBackendStore, Sandbox } from '@backforge/sandbox';
import ts from 'typescript';
import { runChecks } from '../checks/index.js';
import { literal } from './literals.js';
import { projectFile, synthesize, SynthesisError } from './index.js';

/**
 * Prompt text is hostile until proven otherwise: every free-text slot of a blueprint carries strings
 * built to break out of a literal, a template, a comment or a script tag. The project must still
 * type-check, the bundle must still parse cleanly, and the strings must come back byte for byte.
 */

const MARK = 'ZQXMARK';
const EVIL = [
  `${MARK} "double" 'single' \`backtick\` \${process.exit(1)} */ /* // <!-- </script><script>alert(1)</script>`,
  'line\nbreak\r\ncarriage \u2028 ls \u2029 ps \t tab \u0000 nul \\ backslash \\u0041 \\n',
  '\uD83D\uDE00 emoji, lone \uD800 surrogate, ${} `${`} ` + "\'); process.exit(1); (\'',
].join(' | ');
const EVIL_ENUM = `${MARK} "; require('fs') //`;
const EVIL_MESSAGE = `${MARK} */ throw new Error("x") /* </script> \u2028`;

function evilBlueprint(): Blueprint {
  return {
    schemaVersion: 1,
    name: EVIL,
    description: EVIL,
    resources: [
      {
        name: 'Thing',
        plural: 'things',
        description: EVIL,
        fields: [
          { name: 'label', type: 'string', required: true, description: EVIL, default: EVIL },
          { name: 'kind', type: 'enum', required: true, values: [EVIL_ENUM, 'plain', EVIL], transitions: [{ from: EVIL_ENUM, to: 'plain' }, { from: EVIL, to: 'plain' }] },
          { name: 'locked', type: 'boolean', required: true, default: false, generated: 'managed' },
        ],
        uniqueTogether: [['label', 'kind']],
      },
    ],
    actions: [
      {
        name: 'createThing',
        kind: 'create',
        resource: 'Thing',
        description: EVIL,
        examples: [
          { name: EVIL, input: { label: EVIL, kind: EVIL_ENUM }, expect: { status: 200, result: { label: EVIL, kind: EVIL_ENUM } } },
          { name: `${EVIL} (defaults)`, input: { kind: EVIL }, expect: { status: 200, result: { label: EVIL, kind: EVIL } } },
          { name: `${EVIL} refused`, input: { label: EVIL, kind: `${EVIL_ENUM}!` }, expect: { status: 400, errorCode: 'VALIDATION_FAILED' } },
          {
            name: `${EVIL} twice`,
            setup: [{ as: 'thing', action: 'createThing', input: { label: EVIL, kind: EVIL_ENUM } }],
            input: { label: EVIL, kind: EVIL_ENUM },
            expect: { status: 409, errorCode: 'UNIQUE_VIOLATION' },
          },
        ],
      },
      {
        name: 'listThings',
        kind: 'list',
        resource: 'Thing',
        description: EVIL,
        filters: [{ param: 'kind', field: 'kind', op: 'eq' }],
        defaultLimit: 10,
        maxLimit: 50,
        examples: [
          {
            name: EVIL,
            setup: [{ as: 'thing', action: 'createThing', input: { label: EVIL, kind: EVIL_ENUM } }],
            input: { kind: EVIL_ENUM },
            expect: { status: 200, result: { items: [{ label: EVIL }], total: 1 } },
          },
          { name: EVIL, input: { kind: 'nope' }, expect: { status: 400 } },
        ],
      },
      {
        name: 'lockThing',
        kind: 'transition',
        resource: 'Thing',
        description: EVIL,
        by: 'id',
        params: [],
        guards: [{ field: 'locked', op: 'eq', value: { literal: false }, message: EVIL_MESSAGE }],
        effects: [
          { set: 'locked', to: { literal: true } },
          { set: 'label', to: { literal: EVIL_MESSAGE } },
        ],
        examples: [
          { name: EVIL, setup: [{ as: 'thing', action: 'createThing', input: { kind: 'plain' } }], input: { id: { $ref: 'thing.id' } }, expect: { status: 200, result: { locked: true, label: EVIL_MESSAGE } } },
          {
            name: `${EVIL} twice`,
            setup: [
              { as: 'thing', action: 'createThing', input: { kind: 'plain' } },
              { as: 'locked', action: 'lockThing', input: { id: { $ref: 'thing.id' } } },
            ],
            input: { id: { $ref: 'thing.id' } },
            expect: { status: 409, errorCode: 'RULE_VIOLATED' },
          },
        ],
      },
      {
        name: 'settleThing',
        kind: 'transition',
        resource: 'Thing',
        description: EVIL,
        by: 'id',
        params: [],
        guards: [],
        effects: [{ set: 'kind', to: { literal: 'plain' } }],
        examples: [
          { name: EVIL, setup: [{ as: 'thing', action: 'createThing', input: { kind: EVIL } }], input: { id: { $ref: 'thing.id' } }, expect: { status: 200, result: { kind: 'plain' } } },
          { name: `${EVIL} not from plain`, setup: [{ as: 'thing', action: 'createThing', input: { kind: 'plain' } }], input: { id: { $ref: 'thing.id' } }, expect: { status: 409, errorCode: 'RULE_VIOLATED' } },
        ],
      },
    ],
    rules: [],
  };
}

describe('injection corpus', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ workers: 1 });
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('literal() escapes what could end a literal, a line or a script, and round-trips', () => {
    const text = literal(EVIL);
    expect(text).not.toMatch(/[\u2028\u2029\n\r<>]/);
    expect(text.includes('</script>')).toBe(false);
    expect(JSON.parse(text)).toBe(EVIL);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating our own escaped literal, in a test
    expect(new Function(`return ${text};`)()).toBe(EVIL);
  });

  it('a hostile blueprint gives a project that passes every check', async () => {
    const project = await synthesize(evilBlueprint(), { name: 'evil' });
    const report = await runChecks(project, { sandbox });
    expect(report.checks.filter((c) => c.status === 'failed')).toEqual([]);
    expect(report.checks.filter((c) => c.kind === 'behaviour')).toHaveLength(10);
  });

  it('keeps prompt text out of comments and raw line separators or </script> out of code', async () => {
    const project = await synthesize(evilBlueprint(), { name: 'evil' });
    for (const file of project.files.filter((f) => /\.(ts|js|mjs)$/.test(f.path))) {
      // dist/server.js is a Node program (esbuild's node platform prints strings as they are); everything else may sit in a page.
      if (file.path !== 'dist/server.js') expect([file.path, file.content.includes('</script')]).toEqual([file.path, false]);
      expect([file.path, /[\u2028\u2029]/.test(file.content)]).toEqual([file.path, false]);
      const scanner = ts.createScanner(ts.ScriptTarget.ES2022, false, ts.LanguageVariant.Standard, file.content);
      for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
        if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) {
          expect([file.path, scanner.getTokenText().includes(MARK)]).toEqual([file.path, false]);
        }
      }
    }
    // In the README, prompt text is escaped prose or sits inside code fences (shown, never rendered).
    const prose = (projectFile(project, 'README.md') ?? '').replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1$/gm, '');
    expect(prose.includes(MARK)).toBe(true);
    expect(prose.includes('<script>')).toBe(false);
    expect(prose.includes('\u2028')).toBe(false);
  });

  it('describe, validation and 409 messages return the hostile strings exactly', async () => {
    const project = await synthesize(evilBlueprint(), { name: 'evil' });
    await sandbox.load('evil', projectFile(project, 'dist/handler.js') ?? '');
    const store = new MemoryBackendStore();
    const invoke = (action: string, input: JsonObject = {}) => sandbox.invoke('evil', { action, input }, { store });
    const described = await invoke('describe');
    const contract = described.body.ok ? (described.body.result as JsonObject) : {};
    expect(contract['name']).toBe(EVIL);
    expect(contract['description']).toBe(EVIL);
    const resource = (contract['resources'] as JsonObject[])[0] ?? {};
    expect(resource['description']).toBe(EVIL);
    const fields = resource['fields'] as JsonObject[];
    expect(fields[0]?.['description']).toBe(EVIL);
    expect(fields[0]?.['default']).toBe(EVIL);
    expect(fields[1]?.['values']).toEqual([EVIL_ENUM, 'plain', EVIL]);
    expect(fields[1]?.['transitions']).toEqual([{ from: EVIL_ENUM, to: 'plain' }, { from: EVIL, to: 'plain' }]);
    expect(resource['uniqueTogether']).toEqual([['label', 'kind']]);
    expect((contract['actions'] as JsonObject[]).map((a) => a['description'])).toEqual([EVIL, EVIL, EVIL, EVIL]);

    const created = await invoke('createThing', { kind: EVIL_ENUM });
    expect(created.status).toBe(200);
    const thing = created.body.ok ? (created.body.result as JsonObject) : {};
    expect([thing['label'], thing['kind']]).toEqual([EVIL, EVIL_ENUM]);
    await invoke('lockThing', { id: thing['id'] as string });
    const again = await invoke('lockThing', { id: thing['id'] as string });
    expect(again.body).toEqual({ ok: false, error: { code: 'RULE_VIOLATED', message: EVIL_MESSAGE, details: { field: 'locked' } } });
    const twin = await invoke('createThing', { label: EVIL_MESSAGE, kind: EVIL_ENUM });
    expect(twin.body).toEqual({
      ok: false,
      error: { code: 'UNIQUE_VIOLATION', message: 'A Thing with this label and kind already exists', details: { fields: ['label', 'kind'], values: [EVIL_MESSAGE, EVIL_ENUM] } },
    });
    expect(Object.keys(thing).some((key) => key.startsWith('_'))).toBe(false);
    const settled = await invoke('settleThing', { id: thing['id'] as string });
    expect(settled.body.ok && (settled.body.result as JsonObject)['kind']).toBe('plain');
    const stuck = await invoke('settleThing', { id: thing['id'] as string });
    expect(stuck.body).toEqual({ ok: false, error: { code: 'RULE_VIOLATED', message: 'kind cannot go from "plain" to "plain"', details: { field: 'kind', from: 'plain', to: 'plain', allowed: [] } } });
    await sandbox.unload('evil');
  });

  it.each([
    ['a field name with a quote', (b: Blueprint) => ((b.resources[0]?.fields[0] ?? { name: '' }).name = 'la"bel')],
    ['a field name that is reserved', (b: Blueprint) => ((b.resources[0]?.fields[0] ?? { name: '' }).name = 'constructor')],
    ['a resource name with a tag', (b: Blueprint) => ((b.resources[0] ?? { name: '' }).name = 'Thing</script>')],
    ['a plural with a template', (b: Blueprint) => ((b.resources[0] ?? { plural: '' }).plural = 'things${x}')],
    ['an action name with code', (b: Blueprint) => ((b.actions[0] ?? { name: '' }).name = 'createThing();process.exit()')],
    ['an action named describe', (b: Blueprint) => ((b.actions[0] ?? { name: '' }).name = 'describe')],
    ['an action resource with a newline', (b: Blueprint) => ((b.actions[0] ?? { resource: '' }).resource = 'Thing\n')],
    ['a filter param with a backtick', (b: Blueprint) => {
      const list = b.actions[1];
      if (list?.kind === 'list' && list.filters[0]) list.filters[0].param = 'ki`nd';
    }],
    ['a reference to a resource that is not there', (b: Blueprint) => b.resources[0]?.fields.push({ name: 'owner', type: 'reference', required: false, references: 'Nobody' })],
    ['a unique combination naming code', (b: Blueprint) => ((b.resources[0] ?? { uniqueTogether: [] }).uniqueTogether = [['label', 'x"];process.exit(1);//']])],
    ['a state move to a value the enum does not have', (b: Blueprint) => ((b.resources[0]?.fields[1] ?? { transitions: [] }).transitions = [{ from: 'plain', to: '`${process.exit(1)}`' }])],
    ['a compare rule against a parent field with code', (b: Blueprint) => {
      b.resources[0]?.fields.push({ name: 'parent', type: 'reference', required: false, references: 'Thing' }, { name: 'score', type: 'integer', required: false });
      b.rules.push({ kind: 'compare', resource: 'Thing', via: 'parent', field: 'score', op: 'gt', against: { parentField: 'score"]);process.exit(1);//' }, message: EVIL });
    }],
    ['a day filter on a text field', (b: Blueprint) => {
      const list = b.actions[1];
      if (list?.kind === 'list' && list.filters[0]) list.filters[0].op = 'onDay';
    }],
    ['a unicode look-alike identifier', (b: Blueprint) => ((b.resources[0]?.fields[0] ?? { name: '' }).name = 'lаbel')],
  ])('refuses %s before emitting anything', async (_what, spoil) => {
    const blueprint = evilBlueprint();
    spoil(blueprint);
    await expect(synthesize(blueprint)).rejects.toBeInstanceOf(SynthesisError);
  });
});

describe('injection corpus in the structured prompt', () => {
  it('a hostile blueprint renders to a draft that reads back byte for byte', () => {
    // The same hostile blueprint with its text cut to the Blueprint's length limits (names at most 100).
    const short = `${MARK} "q" 'q' \`b\` \${x} */ </script> — - [ ] > TODO: else "m" | -> , \n\r\u2028\u2029 \\u0041 \uD800 \uD83D\uDE00`;
    const escaped = (text: string): string => JSON.stringify(text).slice(1, -1);
    const blueprint = JSON.parse(JSON.stringify(evilBlueprint()).split(escaped(EVIL)).join(escaped(short))) as Blueprint;
    const refusal = blueprint.actions[1]?.examples[1];
    if (refusal) refusal.name = `${refusal.name} refused`; // example names are unique per action in a valid blueprint
    const valid = validateBlueprint(blueprint);
    expect(valid.ok ? [] : valid.errors).toEqual([]);
    const markdown = renderStructuredPrompt(blueprint);
    // Hostile text only ever sits inside a JSON string: never before the first quote of its line, never as a gap.
    const exposed = markdown.split('\n').filter((line) => line.includes(MARK) && (!line.includes('"') || line.slice(0, line.indexOf('"')).includes(MARK) || /^\s*([-*] \[ \]|>)/.test(line)));
    expect(exposed).toEqual([]);
    const parsed = parseStructuredPrompt(markdown);
    expect(parsed.ok ? parsed.blueprint : parsed.problems).toEqual(blueprint);
    expect(parsed.gaps).toEqual([]);
  });
});
