import * as esbuild from 'esbuild';
import path from 'node:path';

/**
 * Bundles the generated sources with esbuild from memory. The files are served under a fixed
 * virtual root, so the output (including esbuild's `// src/...` path comments) is the same on every
 * machine and the same as the project's own `npm run build` from its folder.
 */
const ROOT = '/backforge-project';

export interface BundleSpec {
  entry: string;
  format: 'iife' | 'esm';
  platform: 'browser' | 'node';
  target: string;
  globalName?: string;
}

/** `browser`, not `neutral`: then esbuild writes `<\/script` in strings, so the bundle is safe inside a script tag too. */
export const HANDLER_BUNDLE: BundleSpec = { entry: 'src/handler.ts', format: 'iife', platform: 'browser', target: 'es2022', globalName: 'BackforgeBackend' };
export const SERVER_BUNDLE: BundleSpec = { entry: 'src/server.ts', format: 'esm', platform: 'node', target: 'node20' };

export class BundleError extends Error {
  override readonly name = 'BundleError';
}

export async function bundle(files: ReadonlyMap<string, string>, spec: BundleSpec): Promise<string> {
  const virtual: esbuild.Plugin = {
    name: 'backforge-virtual',
    setup(build) {
      build.onResolve({ filter: /^(\.|\/)/ }, (args) => {
        const base = args.kind === 'entry-point' ? ROOT : args.resolveDir;
        const absolute = path.posix.resolve(base, args.path);
        const rel = path.posix.relative(ROOT, absolute);
        const candidates = [rel, rel.replace(/\.js$/, '.ts'), `${rel}.ts`];
        const found = candidates.find((c) => files.has(c));
        if (!found) return { errors: [{ text: `cannot resolve ${args.path} from ${args.importer || 'the entry'}` }] };
        return { path: `${ROOT}/${found}` };
      });
      build.onLoad({ filter: /.*/ }, (args) => {
        const rel = path.posix.relative(ROOT, args.path);
        const contents = files.get(rel);
        if (contents === undefined) return { errors: [{ text: `no file ${rel}` }] };
        return { contents, loader: rel.endsWith('.json') ? 'json' : 'ts', resolveDir: path.posix.dirname(args.path) };
      });
    },
  };
  let result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[] };
  try {
    result = await esbuild.build({
      entryPoints: [`${ROOT}/${spec.entry}`],
      absWorkingDir: ROOT,
      bundle: true,
      write: false,
      format: spec.format,
      platform: spec.platform,
      target: spec.target,
      ...(spec.globalName ? { globalName: spec.globalName } : {}),
      // What esbuild would read from the project's tsconfig.json (strict -> "use strict").
      tsconfigRaw: { compilerOptions: { strict: true, target: 'es2022', useDefineForClassFields: true, verbatimModuleSyntax: false } },
      legalComments: 'none',
      charset: 'ascii',
      logLevel: 'silent',
      plugins: [virtual],
    });
  } catch (error) {
    const failure = error as { errors?: esbuild.Message[] };
    const messages = (failure.errors ?? []).map((m) => `${m.location ? `${m.location.file}:${m.location.line}: ` : ''}${m.text}`);
    throw new BundleError(messages.length > 0 ? messages.join('\n') : String(error));
  }
  const out = result.outputFiles[0];
  if (!out) throw new BundleError(`esbuild produced no output for ${spec.entry}`);
  return out.text;
}
