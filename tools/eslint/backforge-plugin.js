// Backforge's own lint rules: module boundaries by nx tags, and one file suffix per role.
// Tags live in each project's package.json ("nx": {"tags": [...]}) so nx and this rule read the same facts.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Which tags a tag may depend on. Anything not listed is forbidden. */
const allowed = {
  'type:contracts': [],
  // type:testing is allowed by tag so a library's own tests can use it; non-test files are refused by testingInProd.
  'type:lib': ['type:lib', 'type:contracts', 'type:testing'],
  'type:testing': ['type:lib', 'type:contracts'],
  'type:app': ['type:lib', 'type:contracts', 'type:testing'],
  // The standalone process composes the deployable services in one process (DESIGN §1): it alone may
  // import an app, and only through the app's door (its package name, `@backforge/app-<service>`).
  'type:composition': ['type:app', 'type:lib', 'type:contracts', 'type:testing'],
  'type:tool': ['type:lib', 'type:contracts', 'type:testing'],
};

const projectCache = new Map();
function projectOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  if ((rel[0] === 'apps' || rel[0] === 'libs') && rel[1]) {
    const dir = path.join(root, rel[0], rel[1]);
    if (!projectCache.has(dir)) {
      let tags;
      try {
        tags = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).nx?.tags ?? [];
      } catch {
        tags = [];
      }
      projectCache.set(dir, { dir, name: `${rel[0]}/${rel[1]}`, tags });
    }
    return projectCache.get(dir);
  }
  if (rel[0] === 'tools') return { dir: path.join(root, 'tools'), name: 'tools', tags: ['type:tool'] };
  return undefined;
}

/** `@backforge/<lib>` is libs/<lib>; `@backforge/app-<service>` is apps/<service>. */
function packageProject(name) {
  const app = /^app-(.+)$/.exec(name);
  return app ? projectOf(path.join(root, 'apps', app[1], 'package.json')) : projectOf(path.join(root, 'libs', name, 'package.json'));
}

const isTestFile = (file) => /\.(spec|int\.spec|e2e\.spec)\.ts$/.test(file) || file.includes(`${path.sep}test-support${path.sep}`);

const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce library doors and nx tag constraints between projects.' },
    schema: [],
    messages: {
      deep: "Import '{{source}}' reaches inside a library: import '@backforge/{{lib}}' (its src/index.ts) instead.",
      tag: "{{from}} ({{fromTags}}) may not import {{to}} ({{toTags}}).",
      relative: "Relative import '{{source}}' leaves {{from}}: import the other project through its package name.",
      testingInProd: "@backforge/testing is for tests only; '{{file}}' is not a test file.",
      unknown: "'@backforge/{{lib}}' is not a library of this workspace.",
    },
  },
  create(context) {
    const file = context.filename;
    const me = projectOf(file);
    if (!me) return {};
    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source.startsWith('@backforge/')) {
        const [, lib, ...rest] = source.split('/');
        if (rest.length > 0) {
          context.report({ node, messageId: 'deep', data: { source, lib } });
          return;
        }
        const target = packageProject(lib);
        if (!target || !fs.existsSync(path.join(target.dir, 'package.json'))) {
          context.report({ node, messageId: 'unknown', data: { lib } });
          return;
        }
        if (target.dir === me.dir) return;
        const ok = me.tags.some((t) => target.tags.some((u) => (allowed[t] ?? []).includes(u)));
        if (!ok) {
          context.report({ node, messageId: 'tag', data: { from: me.name, fromTags: me.tags.join(',') || 'no tags', to: target.name, toTags: target.tags.join(',') } });
        }
        if (lib === 'testing' && !isTestFile(file) && !me.tags.includes('type:testing')) {
          context.report({ node, messageId: 'testingInProd', data: { file: path.relative(root, file) } });
        }
        return;
      }
      if (source.startsWith('.')) {
        const resolved = path.resolve(path.dirname(file), source);
        if (!resolved.startsWith(me.dir + path.sep)) {
          context.report({ node, messageId: 'relative', data: { source, from: me.name } });
        }
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/** Decorators that fix a file's role, and the suffix that role must carry. */
const roles = [
  { decorator: 'Module', suffix: '.module.ts' },
  { decorator: 'Controller', suffix: '.controller.ts' },
];
const natsDecorators = new Set(['MessagePattern', 'EventPattern']);

const fileRoles = {
  meta: {
    type: 'suggestion',
    docs: { description: 'One file suffix per role: modules, HTTP controllers, NATS controllers.' },
    schema: [],
    messages: {
      suffix: "A class decorated with @{{decorator}} belongs in a '*{{suffix}}' file.",
      controllerKind: "A controller with {{kind}} handlers belongs in a '*.{{expected}}.controller.ts' file.",
    },
  },
  create(context) {
    const file = context.filename;
    return {
      ClassDeclaration(node) {
        const names = (node.decorators ?? []).map((d) => (d.expression.type === 'CallExpression' ? d.expression.callee.name : d.expression.name));
        for (const role of roles) {
          if (names.includes(role.decorator) && !file.endsWith(role.suffix)) {
            context.report({ node, messageId: 'suffix', data: { decorator: role.decorator, suffix: role.suffix } });
          }
        }
        if (names.includes('Controller')) {
          const methodDecorators = node.body.body.flatMap((m) => (m.decorators ?? []).map((d) => (d.expression.type === 'CallExpression' ? d.expression.callee.name : d.expression.name)));
          const nats = methodDecorators.some((n) => natsDecorators.has(n));
          const expected = nats ? 'nats' : 'http';
          if (!file.endsWith(`.${expected}.controller.ts`)) {
            context.report({ node, messageId: 'controllerKind', data: { kind: nats ? 'NATS' : 'HTTP', expected } });
          }
        }
      },
    };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries, 'file-roles': fileRoles } };
