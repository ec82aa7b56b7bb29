// Prompt -> validated artifact: time of interpret + synthesize + runChecks (build, behaviour, quality)
// per golden blueprint and per public corpus prompt, against the 2 s p50 target. Baseline, same run:
// an esbuild build of the same generated handler alone. Progress goes to stderr, the section to stdout.
import { GENERATOR_VERSION, RulesInterpreter, goldenBlueprintNames, loadGoldenBlueprint, runChecks, synthesize, writeProject } from '@backforge/generator';
import { Sandbox } from '@backforge/sandbox';
import * as esbuild from 'esbuild';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const TARGET_P50_MS = 2000;
const root = path.resolve(import.meta.dirname, '../..');
const log = (text) => process.stderr.write(`generator.bench: ${text}\n`);

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted[sorted.length - 1] ?? NaN };
};
const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : 'n/a');

let corpus = [];
try {
  corpus = JSON.parse(await readFile(path.join(root, '../shared/prompts/public.json'), 'utf8')).prompts;
} catch {
  log('no ../shared/prompts/public.json: measuring the golden blueprints only');
}

const sandbox = await Sandbox.start({ workers: 1 });
const interpreter = new RulesInterpreter();
const tmp = await mkdtemp(path.join(os.tmpdir(), 'backforge-bench-'));
const samples = []; // { source, name, total, interpret, synth, build, behaviour, quality, passed, baseline }

async function baselineBuild(project) {
  const dir = path.join(tmp, `${project.name}-${samples.length}`);
  await writeProject(project, dir);
  const started = performance.now();
  await esbuild.build({ entryPoints: [path.join(dir, 'src/handler.ts')], absWorkingDir: dir, bundle: true, write: false, format: 'iife', globalName: 'BackforgeBackend', platform: 'browser', target: 'es2022', logLevel: 'silent' });
  return performance.now() - started;
}

async function measure(source, name, getBlueprint) {
  const t0 = performance.now();
  const blueprint = await getBlueprint();
  const t1 = performance.now();
  if (!blueprint) return { source, name, failed: 'not understood' };
  const project = await synthesize(blueprint, { name });
  const t2 = performance.now();
  const report = await runChecks(project, { sandbox });
  const t3 = performance.now();
  const sum = (kind) => report.checks.filter((c) => c.kind === kind).reduce((n, c) => n + c.durationMs, 0);
  return {
    source,
    name,
    total: t3 - t0,
    interpret: t1 - t0,
    synth: t2 - t1,
    checks: t3 - t2,
    build: sum('build'),
    behaviour: sum('behaviour'),
    quality: sum('quality'),
    cases: report.checks.filter((c) => c.kind === 'behaviour').length,
    passed: report.status === 'passed',
    baseline: await baselineBuild(project),
  };
}

try {
  // The first run pays for loading TypeScript's lib files and @types/node (cached afterwards): reported apart.
  log('cold run');
  const cold = await measure('golden', 'todo-api (cold, first run)', async () => loadGoldenBlueprint('todo-api'));
  for (const name of goldenBlueprintNames()) {
    log(`golden ${name}`);
    samples.push(await measure('golden blueprint', name, async () => loadGoldenBlueprint(name)));
  }
  for (const prompt of corpus) {
    log(`prompt ${prompt.name}`);
    samples.push(
      await measure('corpus prompt', prompt.name, async () => {
        const result = await interpreter.interpret({ name: prompt.name, prompt: prompt.prompt, signal: AbortSignal.timeout(30_000) });
        return result.ok ? result.blueprint : undefined;
      }),
    );
  }

  const measured = samples.filter((s) => s.total !== undefined);
  const notUnderstood = samples.filter((s) => s.failed);
  const failedChecks = measured.filter((s) => !s.passed);
  const rows = [];
  for (const source of ['golden blueprint', 'corpus prompt', 'all']) {
    const of = measured.filter((s) => source === 'all' || s.source === source);
    if (of.length === 0) continue;
    const total = stats(of.map((s) => s.total));
    const base = stats(of.map((s) => s.baseline));
    const parts = ['interpret', 'synth', 'build', 'behaviour', 'quality'].map((k) => ms(stats(of.map((s) => s[k])).p50)).join(' / ');
    rows.push(`| ${source} | ${total.n} | ${ms(total.p50)} | ${ms(total.p95)} | ${ms(total.max)} | ${parts} | ${ms(base.p50)} | ${(total.p50 / base.p50).toFixed(0)}× | ${total.p50 < TARGET_P50_MS ? '✅' : '❌'} |`);
  }
  const all = stats(measured.map((s) => s.total));
  const cases = measured.reduce((n, s) => n + s.cases, 0);
  const out = [
    '## Generator: prompt -> validated artifact',
    '',
    `Generator ${GENERATOR_VERSION}. Each sample runs, in one process with one sandbox worker: interpret the prompt (rules interpreter; golden blueprints skip it), synthesize the project (sources + esbuild bundles), then every check: build (in-memory TypeScript type-check of the whole project, bundle reproducibility, sandbox load, describe), behaviour (${cases} example cases in all, each on a fresh store) and quality (static scan, sizes, coverage, schemas). Baseline: an esbuild build of the same generated handler alone, same run. The first (cold) run, which loads TypeScript's lib files and @types/node, is reported apart: ${ms(cold.total)}.`,
    '',
    '| samples | n | p50 | p95 | max | p50 interpret / synth / build / behaviour / quality | baseline p50 (esbuild handler) | ratio | target p50 < 2 s |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Every check passed in ${measured.length - failedChecks.length} of ${measured.length} samples${failedChecks.length > 0 ? ` (failed: ${failedChecks.map((s) => s.name).join(', ')})` : ''}${notUnderstood.length > 0 ? `; not understood by the rules interpreter: ${notUnderstood.map((s) => s.name).join(', ')}` : ''}. Target p50 under 2 s with all checks: ${all.p50 < TARGET_P50_MS ? '✅' : '❌'} (${ms(all.p50)}).`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  await sandbox.stop();
  await rm(tmp, { recursive: true, force: true });
}
