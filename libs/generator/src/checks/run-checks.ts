import type { ActionSpec, Blueprint } from '@backforge/blueprint';
import { BACKEND_BUNDLE_GLOBAL, type BackendRequest, type BackendResponse, type JsonValue } from '@backforge/contracts';
import { MemoryBackendStore, type Sandbox, type SandboxLimits } from '@backforge/sandbox';
import { Ajv } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import { createHash } from 'node:crypto';
import { bundle, HANDLER_BUNDLE } from '../synth/bundle.js';
import { canonicalJson } from '../synth/literals.js';
import { PROJECT_COMPILER_OPTIONS, type GeneratedProject } from '../synth/project.js';
import { mismatch, runExample } from './examples.js';
import { scanBundle } from './quality.js';
import { timed, type CheckReport, type CheckResult } from './report.js';
import { typecheckProject } from './typecheck.js';

/**
 * build:     type-check the project (TypeScript compiler API, strict), rebuild the handler bundle from
 *            the sources and compare it with dist/handler.js, load it in the sandbox, and check that
 *            `describe` answers contract.json.
 * behaviour: every example case of the blueprint, each against a fresh, empty store, one result each.
 * quality:   static analysis of the bundle (globals allow-list), size limits, example coverage per
 *            action, and every contract schema compiles.
 */

export const QUALITY_LIMITS = {
  /** dist/handler.js: a generated handler is tens of KiB; a megabyte means something went wrong. */
  bundleBytes: 512 * 1024,
  projectBytes: 4 * 1024 * 1024,
} as const;

/**
 * Per-invocation limits while checking: roomier CPU and wall time than production, because a check
 * asks whether the backend behaves, and a busy validation host must not turn into a failed generation.
 */
export const CHECK_INVOCATION_LIMITS: Partial<SandboxLimits> = Object.freeze({ cpuTimeMs: 1000, wallTimeMs: 10_000 });

export interface RunChecksOptions {
  sandbox: Sandbox;
  /** Per-invocation sandbox limits (default CHECK_INVOCATION_LIMITS). */
  limits?: Partial<SandboxLimits>;
  /** Cases run at once (each on its own store); default 4. */
  concurrency?: number;
  /** Fixed clock for the invocations (default: the host clock). */
  now?: () => string;
}

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats = ((ajvFormats as unknown as { default?: AddFormats }).default ?? (ajvFormats as unknown as AddFormats));

let loadCounter = 0;

function file(project: GeneratedProject, name: string): string {
  const content = project.files.find((f) => f.path === name)?.content;
  if (content === undefined) throw new Error(`the project has no ${name}`);
  return content;
}

function parseJson<T>(project: GeneratedProject, name: string): T {
  return JSON.parse(file(project, name)) as T;
}

async function mapLimited<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await run(items[i] as T);
    }
  });
  await Promise.all(workers);
  return out;
}

function qualityChecks(project: GeneratedProject, blueprint: Blueprint, handlerJs: string): Promise<CheckResult[]> {
  return Promise.all([
    timed('quality', 'bundle uses only allowed globals', () => {
      const { violations, globalsUsed } = scanBundle(handlerJs, BACKEND_BUNDLE_GLOBAL);
      return { ok: violations.length === 0, details: { violations: violations.slice(0, 50), globalsUsed } };
    }),
    timed('quality', 'size limits', () => {
      const bundleBytes = Buffer.byteLength(handlerJs);
      const projectBytes = project.files.reduce((n, f) => n + Buffer.byteLength(f.content), 0);
      return { ok: bundleBytes <= QUALITY_LIMITS.bundleBytes && projectBytes <= QUALITY_LIMITS.projectBytes, details: { bundleBytes, projectBytes, limits: QUALITY_LIMITS } };
    }),
    timed('quality', 'every action has a success and a refusal example', () => {
      const missing: string[] = [];
      for (const action of blueprint.actions) {
        if (!action.examples.some((e) => e.expect.status === 200)) missing.push(`${action.name}: no success example`);
        if (!action.examples.some((e) => e.expect.status !== 200)) missing.push(`${action.name}: no refusal example`);
      }
      return { ok: missing.length === 0, details: missing.length > 0 ? { missing } : { actions: blueprint.actions.length } };
    }),
    timed('quality', 'contract schemas compile', () => {
      const contract = parseJson<{ actions: { name: string; input: object; output: object }[] }>(project, 'contract.json');
      const ajv = addFormats(new Ajv({ strict: true, allErrors: true }));
      const failures: string[] = [];
      for (const action of contract.actions) {
        for (const side of ['input', 'output'] as const) {
          try {
            ajv.compile(action[side]);
          } catch (error) {
            failures.push(`${action.name}.${side}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }
      const openapi = parseJson<{ paths?: Record<string, unknown> }>(project, 'openapi.json');
      for (const action of contract.actions) if (!openapi.paths?.[`/${action.name}`]) failures.push(`openapi.json has no path for ${action.name}`);
      return { ok: failures.length === 0, details: failures.length > 0 ? { failures } : { schemas: contract.actions.length * 2 } };
    }),
  ]);
}

/** Runs the build, behaviour and quality checks of a generated project; never throws for a bad project. */
export async function runChecks(project: GeneratedProject, options: RunChecksOptions): Promise<CheckReport> {
  const { sandbox } = options;
  const checks: CheckResult[] = [];
  let blueprint: Blueprint;
  let handlerJs: string;
  try {
    blueprint = parseJson<Blueprint>(project, 'backforge.blueprint.json');
    handlerJs = file(project, 'dist/handler.js');
  } catch (error) {
    checks.push({ kind: 'build', name: 'project files', status: 'failed', durationMs: 0, details: { error: error instanceof Error ? error.message : String(error) } });
    return { status: 'failed', generatorVersion: project.generatorVersion, checks };
  }

  checks.push(
    await timed('build', 'type-check (TypeScript, strict)', () => {
      const result = typecheckProject(project.files, PROJECT_COMPILER_OPTIONS);
      return { ok: result.ok, details: result.ok ? { files: result.files } : { errors: result.errors.slice(0, 30), errorCount: result.errors.length } };
    }),
  );
  checks.push(
    await timed('build', 'bundle matches the sources', async () => {
      const sources = new Map(project.files.filter((f) => f.path.startsWith('src/')).map((f) => [f.path, f.content]));
      const rebuilt = await bundle(sources, HANDLER_BUNDLE);
      return { ok: rebuilt === handlerJs, details: { bytes: Buffer.byteLength(handlerJs) } };
    }),
  );

  const hash = createHash('sha256').update(handlerJs).digest('hex').slice(0, 16);
  const backendId = `check-${project.name}-${hash}-${process.pid}-${++loadCounter}`;
  const loaded = await timed('build', 'bundle loads in the sandbox', async () => {
    await sandbox.load(backendId, handlerJs);
    return { ok: true };
  });
  checks.push(loaded);

  try {
    if (loaded.status === 'passed') {
      const invokeOn = (store: MemoryBackendStore) => (request: BackendRequest): Promise<BackendResponse> =>
        sandbox.invoke(backendId, request, { store, ...(options.now ? { now: options.now } : {}) }, options.limits ?? CHECK_INVOCATION_LIMITS);
      checks.push(
        await timed('build', 'describe answers the contract', async () => {
          const response = await invokeOn(new MemoryBackendStore())({ action: 'describe' });
          if (!response.body.ok) return { ok: false, details: { response } };
          // Exact: same keys, same values, every string byte for byte (key order aside).
          const exact = canonicalJson(response.body.result) === file(project, 'contract.json');
          const problem = exact ? null : (mismatch(parseJson<JsonValue>(project, 'contract.json'), response.body.result, 'describe') ?? 'describe has more than contract.json');
          return { ok: exact, details: problem ? { problem } : undefined };
        }),
      );
      const cases = blueprint.actions.flatMap((action: ActionSpec) => action.examples.map((example) => ({ action, example })));
      const behaviour = await mapLimited(cases, options.concurrency ?? 4, ({ action, example }) =>
        timed('behaviour', `${action.name}: ${example.name}`, async () => {
          const outcome = await runExample(invokeOn(new MemoryBackendStore()), action.name, example);
          return { ok: outcome.ok, details: outcome.ok ? { status: outcome.response?.status } : { problem: outcome.problem, response: outcome.response } };
        }),
      );
      checks.push(...behaviour);
    } else {
      checks.push({ kind: 'behaviour', name: 'example cases', status: 'failed', durationMs: 0, details: { error: 'the bundle did not load, so no case could run' } });
    }
  } finally {
    await sandbox.unload(backendId).catch(() => undefined);
  }

  checks.push(...(await qualityChecks(project, blueprint, handlerJs)));
  return { status: checks.every((c) => c.status === 'passed') ? 'passed' : 'failed', generatorVersion: project.generatorVersion, checks };
}
