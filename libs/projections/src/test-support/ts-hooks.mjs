// Module hooks that let a child process run this workspace's TypeScript sources directly, the way
// jest does: '@backforge/<lib>' resolves to libs/<lib>/src/index.ts, relative '.js' imports from
// a '.ts' file resolve to the '.ts' file, and '.ts' files are compiled with swc (decorator metadata
// on). Used by the projection crash test to SIGKILL a real runner process.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import swc from '@swc/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export async function resolve(specifier, context, next) {
  const lib = /^@backforge\/([^/]+)$/.exec(specifier);
  if (lib) {
    const file = path.join(root, 'libs', lib[1], 'src', 'index.ts');
    if (existsSync(file)) return { url: pathToFileURL(file).href, shortCircuit: true };
  }
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const ts = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
    if (existsSync(fileURLToPath(ts))) return { url: ts.href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  const filename = fileURLToPath(url);
  const { code } = await swc.transform(await readFile(filename, 'utf8'), {
    filename,
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
      target: 'es2022',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  });
  return { format: 'module', source: code, shortCircuit: true };
}
