// Runs every tools/bench/*.bench.mjs (or those named on the command line) one after another, each in
// its own Node process so one bench's heap and workers don't colour the next, and writes
// docs/benchmarks.md: the command, the machine, then each bench's markdown section.
// Usage: pnpm bench [name ...]   (name = file name without .bench.mjs)
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const here = import.meta.dirname;
const root = path.resolve(here, '../..');
const wanted = process.argv.slice(2);

const files = (await fs.readdir(here))
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.mjs$/, '')))
  .sort();

function runBench(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--no-node-snapshot', '--expose-gc', path.join(here, file)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => resolve({ file, code, out: out.trim(), seconds: (Date.now() - started) / 1000 }));
  });
}

const sections = [];
let failed = 0;
for (const file of files) {
  process.stderr.write(`bench: ${file} ...\n`);
  const result = await runBench(file);
  if (result.code !== 0 || !result.out.startsWith('## ')) {
    failed += 1;
    sections.push(`## ${file}\n\nThe bench exited with code ${result.code} and printed no section; see its stderr.\n`);
  } else {
    sections.push(`${result.out}\n\n_(${file}, ${result.seconds.toFixed(1)} s)_\n`);
  }
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const header = `# Benchmarks

Produced by \`pnpm bench\` (which runs \`pnpm build && node --no-node-snapshot tools/bench/run.mjs\`) on
${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${os.cpus().length} × ${cpu},
${Math.round(os.totalmem() / 2 ** 30)} GiB. These machines are shared and noisy: each figure is set
next to a baseline measured in the same run, and the ratio is what to compare across runs.
Run one bench alone with \`pnpm bench <name>\` (e.g. \`pnpm bench event-store\`).
`;

const target = path.join(root, 'docs', 'benchmarks.md');
if (wanted.length > 0) {
  // A partial run replaces only its own sections, keeping the others from the last full run.
  const previous = await fs.readFile(target, 'utf8').catch(() => '');
  const kept = previous
    .split(/\n(?=## )/)
    .slice(1)
    .filter((s) => !files.some((f) => s.includes(`(${f},`) || s.startsWith(`## ${f}`)));
  await fs.writeFile(target, [header, ...kept.map((s) => s.trim() + '\n'), ...sections].join('\n'));
} else {
  await fs.writeFile(target, [header, ...sections].join('\n'));
}
process.stderr.write(`bench: wrote ${path.relative(root, target)} (${files.length} benches, ${failed} failed)\n`);
process.exit(failed > 0 ? 1 : 0);
