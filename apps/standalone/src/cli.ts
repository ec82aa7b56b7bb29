#!/usr/bin/env node
// `pnpm backforge ...`: the offline generator CLI (prompt -> blueprint -> checked project), no platform needed.
import { runCli } from './cli/program.js';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
});
