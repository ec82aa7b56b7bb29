// `node --import <this file> some.ts`: runs workspace TypeScript in a child process, as jest does
// (swc, the same options; @backforge/<lib> resolved to libs/<lib>/src/index.ts; `./x.js` to `./x.ts`).
// For tests that must SIGKILL a process running our code.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export async function resolve(specifier, context, next) {
  const lib = /^@backforge\/([^/]+)$/.exec(specifier);
  if (lib) {
    const file = path.join(root, 'libs', lib[1], 'src', 'index.ts');
    if (existsSync(file)) return { url: pathToFileURL(file).href, shortCircuit: true };
  }
  if (context.parentURL?.endsWith('.ts') && specifier.startsWith('.') && specifier.endsWith('.js')) {
    const url = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
    if (existsSync(fileURLToPath(url))) return { url: url.href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const { transform } = await import('@swc/core');
  const filename = fileURLToPath(url);
  const { code } = await transform(await readFile(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
      target: 'es2022',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
    swcrc: false,
  });
  return { format: 'module', source: code, shortCircuit: true };
}

// Loaded with --import: register this same file as the loader (its hooks run off the main thread).
if (!process.env.BACKFORGE_TS_HOOKS) {
  process.env.BACKFORGE_TS_HOOKS = '1';
  register(import.meta.url);
}
