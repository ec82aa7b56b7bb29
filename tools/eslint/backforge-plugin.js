// Backforge's own lint rules: module boundaries by nx tags, and one file suffix per role.
// Tags live in each project's package.json ("nx": {"tags": [...]}) so nx and this rule read the same facts.
//
// Layers, lowest first. A project imports only from its own layer or the ones below; nothing imports
// upwards, and no library ever imports an app:
//
//   type:contracts    libs/contracts: events, commands, subjects, DTOs, error codes. Imports nothing of ours.
//   layer:core        pure mechanisms: resilience, config, auth, blueprint. Contracts and core only.
//                     `deps:none` (resilience) narrows that to nothing of ours at all.
//   layer:infra       mechanisms over a server or a port: event-store, projections, deciders, messaging,
//                     artifact-store, sandbox, generator. Contracts, core and infra.
//                     (deciders sits here, beside projections: it drives the EventStore port. Its
//                     `scope:domain` tag is what lets a service's pure domain code use its Decider type.)
//   layer:runtime     libs/runtime: the service shell every process boots through. Everything below.
//   type:app          apps/<service>: every library, never another app.
//   type:composition  apps/standalone: the apps too, each through its door (`@backforge/app-<service>`).
//
//   type:testing      libs/testing: contracts and core; imported by test files only (any layer).
//   type:tool         tools/**: every library, no app.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const CONTRACTS = 'type:contracts';
const CORE = 'layer:core';
const INFRA = 'layer:infra';
const RUNTIME = 'layer:runtime';
const APP = 'type:app';
const COMPOSITION = 'type:composition';
const TESTING = 'type:testing';
const TOOL = 'type:tool';

/** Which tags a tag may depend on. Anything not listed is forbidden. */
const allowed = {
  [CONTRACTS]: [],
  // type:testing is allowed by tag so a library's own tests can use it; non-test files are refused by testingInProd.
  [CORE]: [CONTRACTS, CORE, TESTING],
  [INFRA]: [CONTRACTS, CORE, INFRA, TESTING],
  [RUNTIME]: [CONTRACTS, CORE, INFRA, RUNTIME, TESTING],
  [APP]: [CONTRACTS, CORE, INFRA, RUNTIME, TESTING],
  // The standalone process composes the deployable services in one process (DESIGN §1): it alone may
  // import an app, and only through the app's door (its package name, `@backforge/app-<service>`).
  [COMPOSITION]: [APP, CONTRACTS, CORE, INFRA, RUNTIME, TESTING],
  [TESTING]: [CONTRACTS, CORE],
  [TOOL]: [CONTRACTS, CORE, INFRA, RUNTIME, TESTING],
};

/** A project with this tag imports nothing of ours (on top of what its layer says). */
const NO_DEPENDENCIES = 'deps:none';
/** Tags of the projects a service's `src/domain/` may import: pure code only. */
const DOMAIN_SAFE = new Set([CONTRACTS, CORE, 'scope:domain']);

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
      projectCache.set(dir, { dir, name: `${rel[0]}/${rel[1]}`, tags, kind: rel[0] });
    }
    return projectCache.get(dir);
  }
  if (rel[0] === 'tools') return { dir: path.join(root, 'tools'), name: 'tools', tags: [TOOL], kind: 'tools' };
  return undefined;
}

/** `@backforge/<lib>` is libs/<lib>; `@backforge/app-<service>` is apps/<service>. */
function packageProject(name) {
  const app = /^app-(.+)$/.exec(name);
  return app ? projectOf(path.join(root, 'apps', app[1], 'package.json')) : projectOf(path.join(root, 'libs', name, 'package.json'));
}

const isTestFile = (file) => /\.(spec|int\.spec|e2e\.spec)\.ts$/.test(file) || file.includes(`${path.sep}test-support${path.sep}`);

/** The folder of a service's pure domain code, `apps/<service>/src/domain/`, when `file` is in one. */
function domainDirOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'apps' && rel[1] && rel[2] === 'src' && rel[3] === 'domain' && rel.length > 4) return path.join(root, 'apps', rel[1], 'src', 'domain');
  return undefined;
}

/** Calls `check(node, source)` for every static import, re-export and dynamic import of a file. */
function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
  };
}

const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce library doors and the layers (nx tags) between projects.' },
    schema: [],
    messages: {
      deep: "Import '{{source}}' reaches inside a library: import '@backforge/{{lib}}' (its src/index.ts) instead.",
      tag: '{{from}} ({{fromTags}}) may not import {{to}} ({{toTags}}): a layer imports only its own and the ones below.',
      isolated: '{{from}} is tagged deps:none: it imports nothing of ours ({{source}}).',
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
        if (me.tags.includes(NO_DEPENDENCIES)) {
          context.report({ node, messageId: 'isolated', data: { from: me.name, source } });
          return;
        }
        const ok = me.tags.some((t) => target.tags.some((u) => (allowed[t] ?? []).includes(u)));
        if (!ok) {
          context.report({ node, messageId: 'tag', data: { from: me.name, fromTags: me.tags.join(',') || 'no tags', to: target.name, toTags: target.tags.join(',') } });
        }
        if (lib === 'testing' && !isTestFile(file) && !me.tags.includes(TESTING)) {
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
    return importVisitors(check);
  },
};

/** Decorators that fix a file's role, and the suffix that role must carry. */
const decoratorRoles = [{ decorator: 'Module', suffix: '.module.ts' }];
const natsDecorators = new Set(['MessagePattern', 'EventPattern']);
const httpDecorators = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'Head', 'Options', 'All', 'Search', 'Sse']);
/** Calls that fix a file's role (outside tests, which may define small fixtures inline). */
const callRoles = [
  { callee: 'defineProjection', suffixes: ['.projection.ts'], what: 'A projection (defineProjection)', apps: false },
  // A service's use cases (one per command, DESIGN §2). A worker that claims work runs a use case
  // too: it calls one from a handler file rather than calling handleCommand itself.
  { callee: 'handleCommand', suffixes: ['.handler.ts'], what: 'A use case calling handleCommand', apps: true },
];
/** Infrastructure a service's pure domain code never touches (frameworks, drivers, clients). */
const INFRASTRUCTURE_PACKAGES = /^(@nestjs\/.*|pg|pg-.*|typeorm|fastify|@fastify\/.*|@nats-io\/.*|@eventstore\/.*|minio|isolated-vm|passport.*|pino|rxjs)$/;
const DOMAIN_FILE = /\.decider\.ts$|(?<!\.int|\.e2e)\.spec\.ts$/;

const decoratorName = (d) => (d.expression.type === 'CallExpression' ? d.expression.callee.name : d.expression.name);
const isDeciderType = (t) => t?.type === 'TSTypeReference' && t.typeName.type === 'Identifier' && t.typeName.name === 'Decider';

const fileRoles = {
  meta: {
    type: 'suggestion',
    docs: { description: 'One file suffix per role: modules, HTTP and NATS controllers, handlers, projections, deciders, tests; pure domain folders.' },
    schema: [],
    messages: {
      suffix: "A class decorated with @{{decorator}} belongs in a '*{{suffix}}' file.",
      controllerKind: "A controller with {{kind}} handlers belongs in a '*.{{expected}}.controller.ts' file.",
      mixedController: 'A controller has either HTTP routes or message handlers, not both: split it into *.http.controller.ts and *.nats.controller.ts.',
      call: "{{what}} belongs in a '*{{suffix}}' file.",
      decider: "A Decider belongs in a '*.decider.ts' file{{where}}.",
      deciderOutsideDomain: "A '*.decider.ts' file of a service lives in its src/domain/ folder.",
      domainFile: "src/domain/ holds the service's pure deciders only: '*.decider.ts' files and their '*.spec.ts'.",
      domainImport: "Domain code is pure: '{{source}}' is infrastructure. Import it from a handler, or pass what the decider needs in the command.",
      domainRelative: "Domain code imports only other domain files: '{{source}}' leaves src/domain/.",
      testName: "A test file is named '*.spec.ts' (unit), '*.int.spec.ts' (real servers) or '*.e2e.spec.ts' (whole platform): jest runs nothing else.",
      testOutsideSpec: "Tests (describe/it at the top level) belong in a '*.spec.ts' file: jest runs nothing else.",
    },
  },
  create(context) {
    const file = context.filename;
    const me = projectOf(file);
    const test = isTestFile(file);
    const inApp = me?.kind === 'apps';
    const domainDir = domainDirOf(file);
    const listeners = {};

    if (/\.test\.[cm]?[jt]s$/.test(file)) {
      listeners.Program = (node) => context.report({ node, messageId: 'testName' });
    } else if (domainDir && !DOMAIN_FILE.test(file)) {
      listeners.Program = (node) => context.report({ node, messageId: 'domainFile' });
    } else if (inApp && !domainDir && file.endsWith('.decider.ts')) {
      listeners.Program = (node) => context.report({ node, messageId: 'deciderOutsideDomain' });
    }

    if (domainDir) {
      Object.assign(
        listeners,
        importVisitors((node, source) => {
          if (typeof source !== 'string') return;
          if (source.startsWith('.')) {
            if (!path.resolve(path.dirname(file), source).startsWith(domainDir + path.sep)) context.report({ node, messageId: 'domainRelative', data: { source } });
            return;
          }
          if (INFRASTRUCTURE_PACKAGES.test(source)) {
            context.report({ node, messageId: 'domainImport', data: { source } });
            return;
          }
          const lib = /^@backforge\/([^/]+)$/.exec(source)?.[1];
          if (!lib) return;
          const target = packageProject(lib);
          const safe = target?.tags.some((t) => DOMAIN_SAFE.has(t)) || (test && target?.tags.includes(TESTING));
          if (target && !safe) context.report({ node, messageId: 'domainImport', data: { source } });
        }),
      );
    }

    listeners.ClassDeclaration = (node) => {
      const names = (node.decorators ?? []).map(decoratorName);
      for (const role of decoratorRoles) {
        if (names.includes(role.decorator) && !file.endsWith(role.suffix)) {
          context.report({ node, messageId: 'suffix', data: { decorator: role.decorator, suffix: role.suffix } });
        }
      }
      if (!names.includes('Controller')) return;
      const methodDecorators = node.body.body.flatMap((m) => (m.decorators ?? []).map(decoratorName));
      const nats = methodDecorators.some((n) => natsDecorators.has(n));
      const http = methodDecorators.some((n) => httpDecorators.has(n));
      if (nats && http) {
        context.report({ node, messageId: 'mixedController' });
        return;
      }
      const expected = nats ? 'nats' : 'http';
      if (!file.endsWith(`.${expected}.controller.ts`)) {
        context.report({ node, messageId: 'controllerKind', data: { kind: nats ? 'NATS' : 'HTTP', expected } });
      }
    };

    if (!test) {
      listeners.CallExpression = (node) => {
        const callee = node.callee.type === 'Identifier' ? node.callee.name : undefined;
        const role = callRoles.find((r) => r.callee === callee && (!r.apps || inApp));
        if (role && !role.suffixes.some((s) => file.endsWith(s))) context.report({ node, messageId: 'call', data: { what: role.what, suffix: role.suffixes.join("' or '*") } });
      };
      const deciderHere = (node) => {
        if (file.endsWith('.decider.ts')) return;
        context.report({ node, messageId: 'decider', data: { where: inApp ? ' under src/domain/' : '' } });
      };
      listeners.VariableDeclarator = (node) => {
        if (isDeciderType(node.id.typeAnnotation?.typeAnnotation)) deciderHere(node);
      };
      listeners.TSSatisfiesExpression = (node) => {
        if (isDeciderType(node.typeAnnotation)) deciderHere(node);
      };
      // Top-level describe/it outside a spec file would never run (jest matches *.spec.ts only).
      listeners['Program > ExpressionStatement > CallExpression'] = (node) => {
        const callee = node.callee.type === 'Identifier' ? node.callee.name : node.callee.type === 'MemberExpression' ? node.callee.object.name : undefined;
        if (callee === 'describe' || callee === 'it' || callee === 'test') context.report({ node, messageId: 'testOutsideSpec' });
      };
    }
    return listeners;
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries, 'file-roles': fileRoles } };
