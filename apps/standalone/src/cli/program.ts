import { formatBlueprintIssues, validateBlueprint, type Blueprint } from '@backforge/blueprint';
import { ConfigError, interpreterSettings, loadConfig } from '@backforge/config';
import type { CheckReport, InterpretAccepted, Interpreter } from '@backforge/generator';
import { DomainError } from '@backforge/contracts';
import { Command, CommanderError } from 'commander';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { registerAdminCommands } from './admin.js';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
}

/** Exit codes: 0 done, 1 checks failed, 2 the prompt or a blueprint was refused / bad usage, 3 unexpected error. */
export const EXIT = { ok: 0, checksFailed: 1, refused: 2, error: 3 } as const;

const INTERPRET_TIMEOUT_MS = 120_000;

/**
 * The generator and the sandbox, loaded by the commands that use them: the admin commands (tokens,
 * workspaces) start in half the time without them, and the e2e suites and users call them often.
 */
const generator = () => import('@backforge/generator');
const sandboxModule = () => import('@backforge/sandbox');

class CliRefusal extends Error {
  constructor(readonly body: unknown) {
    super('refused');
  }
}

/** Words that say how a prompt asks, not what the backend is ("I need a simple API for ..."). */
const FILLER_WORDS = new Set(['a', 'an', 'the', 'i', 'we', 'me', 'us', 'my', 'our', 'need', 'want', 'would', 'like', 'build', 'make', 'create', 'please', 'for', 'of', 'to', 'with', 'simple', 'small', 'little', 'basic', 'api', 'apis', 'backend', 'service', 'server', 'app']);

/**
 * A default backend name from the prompt's opening (up to its first "." or ":"), without filler:
 * "A todo list API. Each todo..." -> "todo-list", "Polls API: a poll has..." -> "polls".
 */
export function nameFromPrompt(prompt: string): string {
  const opening = prompt.split(/[.:;\n]/, 1)[0] ?? '';
  const words = opening
    .toLowerCase()
    .replace(/[^a-z0-9\s]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0 && !FILLER_WORDS.has(w))
    .slice(0, 3);
  return words.length > 0 ? words.join('-') : 'backend';
}

/**
 * BACKFORGE_INTERPRETER (rules | llm | auto, default rules) and LLM_* pick the interpreter, as in
 * the platform: the CLI's small adapter loads @backforge/config's interpreterSettings from its env
 * and hands the validated object to createInterpreter.
 */
async function interpreterFor(env: CliIo['env']): Promise<Interpreter> {
  const { createInterpreter, InterpreterConfigError } = await generator();
  try {
    return createInterpreter(loadConfig(interpreterSettings, env));
  } catch (error) {
    if (error instanceof InterpreterConfigError) throw new CliRefusal({ code: 'BAD_CONFIGURATION', setting: error.setting, message: error.message });
    if (error instanceof ConfigError) throw new CliRefusal({ code: 'BAD_CONFIGURATION', setting: error.setting, message: error.message });
    throw error;
  }
}

/**
 * Interprets the prompt; warnings (parts of the prompt the backend does not do) go to stderr, one
 * per line. With `draft`, a refusal prints the draft of the prompt (gaps marked `?`) instead of
 * the error, so it can be edited and sent again.
 */
async function interpret(prompt: string, name: string, io: CliIo, draft = false): Promise<InterpretAccepted> {
  const result = await (await interpreterFor(io.env)).interpret({ name, prompt, signal: AbortSignal.timeout(INTERPRET_TIMEOUT_MS) });
  if (!result.ok) {
    if (draft) {
      io.stdout(result.draft);
      throw new CliRefusal(undefined);
    }
    throw new CliRefusal(result.error);
  }
  for (const w of result.warnings) io.stderr(`warning: ${w}\n`);
  const validation = validateBlueprint(result.blueprint);
  if (!validation.ok) throw new CliRefusal({ code: 'INVALID_BLUEPRINT', message: 'The interpreter produced an invalid blueprint', issues: formatBlueprintIssues(validation.errors) });
  return { ...result, blueprint: validation.blueprint };
}

async function blueprintFromFile(file: string): Promise<Blueprint> {
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  const validation = validateBlueprint(parsed);
  if (!validation.ok) throw new CliRefusal({ code: 'INVALID_BLUEPRINT', message: `${file} is not a valid blueprint`, issues: formatBlueprintIssues(validation.errors) });
  return validation.blueprint;
}

export function summarize(report: CheckReport, dir: string, files: number, ms: number): string {
  const lines = [`${report.status === 'passed' ? 'PASSED' : 'FAILED'}: ${files} files written to ${dir} in ${ms} ms (generator ${report.generatorVersion})`];
  for (const kind of ['build', 'behaviour', 'quality'] as const) {
    const of = report.checks.filter((c) => c.kind === kind);
    const failed = of.filter((c) => c.status === 'failed');
    lines.push(`  ${kind.padEnd(9)} ${of.length - failed.length}/${of.length} passed`);
    for (const c of failed) lines.push(`    x ${c.name}${c.details !== undefined ? `: ${JSON.stringify(c.details).slice(0, 300)}` : ''}`);
  }
  lines.push(`  report: ${path.join(dir, 'backforge.report.json')}`);
  return `${lines.join('\n')}\n`;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = new Command('backforge')
    .description('Backforge offline generator: a prompt becomes a blueprint, then a checked, standalone backend project.')
    .exitOverride()
    .configureOutput({ writeOut: (t) => io.stdout(t), writeErr: (t) => io.stderr(t) });

  program
    .command('blueprint')
    .description('Print the blueprint the interpreter reads from a prompt (BACKFORGE_INTERPRETER picks rules, llm or auto).')
    .argument('<prompt>', 'the backend, described in plain language')
    .option('--name <name>', 'the backend name (default: from the prompt)')
    .option('--draft', 'print the editable draft of what was understood (a structured prompt, gaps marked "?") instead of the JSON')
    .action(async (prompt: string, opts: { name?: string; draft?: boolean }) => {
      const result = await interpret(prompt, opts.name ?? nameFromPrompt(prompt), io, opts.draft === true);
      io.stdout(opts.draft === true ? result.draft : `${JSON.stringify(result.blueprint, null, 2)}\n`);
    });

  program
    .command('synth')
    .description('Interpret, synthesize and check a backend; write the project and backforge.report.json.')
    .argument('[prompt]', 'the backend, described in plain language')
    .requiredOption('--out <dir>', 'folder to write the project into')
    .option('--name <name>', 'the backend name (default: from the prompt)')
    .option('--from-blueprint <file>', 'synthesize this blueprint JSON instead of interpreting a prompt')
    .action(async (prompt: string | undefined, opts: { out: string; name?: string; fromBlueprint?: string }) => {
      const started = Date.now();
      let blueprint: Blueprint;
      if (opts.fromBlueprint !== undefined) blueprint = await blueprintFromFile(opts.fromBlueprint);
      else if (prompt !== undefined && prompt.trim() !== '') blueprint = (await interpret(prompt, opts.name ?? nameFromPrompt(prompt), io)).blueprint;
      else throw new CliRefusal({ code: 'USAGE', message: 'give a prompt, or --from-blueprint <file>' });
      const { runChecks, synthesize, writeProject } = await generator();
      const project = await synthesize(blueprint, { name: opts.name ?? (prompt ? nameFromPrompt(prompt) : blueprint.name) });
      const sandbox = await (await sandboxModule()).Sandbox.start({ workers: 1 });
      let report: CheckReport;
      try {
        report = await runChecks(project, { sandbox });
      } finally {
        await sandbox.stop();
      }
      const dir = path.resolve(opts.out);
      await mkdir(dir, { recursive: true });
      await writeProject(project, dir);
      await writeFile(path.join(dir, 'backforge.report.json'), `${JSON.stringify(report, null, 2)}\n`);
      io.stdout(summarize(report, dir, project.files.length, Date.now() - started));
      exitCode = report.status === 'passed' ? EXIT.ok : EXIT.checksFailed;
    });

  registerAdminCommands(program, io);

  program
    .command('version')
    .description('Print the generator version.')
    .action(async () => io.stdout(`${(await generator()).GENERATOR_VERSION}\n`));

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CliRefusal) {
      if (error.body !== undefined) io.stderr(`${JSON.stringify(error.body, null, 2)}\n`);
      return EXIT.refused;
    }
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.refused;
    if (error instanceof DomainError) {
      io.stderr(`backforge: ${error.message}\n`);
      return EXIT.refused;
    }
    io.stderr(`backforge: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.error;
  }
}
