import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/**
 * Type-checks a generated project in memory with the TypeScript compiler API: a CompilerHost serves
 * the project's files under a virtual root and falls back to the real file system for the lib files
 * and @types/node (from this workspace's node_modules). Parsed lib/@types files are cached across
 * calls: they never change, and parsing them is most of a cold check's cost.
 */

const VIRTUAL_ROOT = '/__backforge_project__';
const require = createRequire(import.meta.url);

let typeRoots: string | undefined;
function nodeTypeRoots(): string {
  // The real path of @types/node's folder's parent, so undici-types resolves next to it.
  typeRoots ??= path.dirname(path.dirname(require.resolve('@types/node/package.json')));
  return typeRoots;
}

const libCache = new Map<string, ts.SourceFile>();

export interface TypecheckResult {
  ok: boolean;
  errors: string[];
  files: number;
}

export function typecheckProject(files: ReadonlyArray<{ path: string; content: string }>, compilerOptionsJson: Record<string, unknown>): TypecheckResult {
  const virtual = new Map<string, string>();
  for (const f of files) virtual.set(`${VIRTUAL_ROOT}/${f.path}`, f.content);
  const converted = ts.convertCompilerOptionsFromJson(compilerOptionsJson, VIRTUAL_ROOT);
  if (converted.errors.length > 0) {
    return { ok: false, errors: converted.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')), files: 0 };
  }
  const options: ts.CompilerOptions = { ...converted.options, noEmit: true, typeRoots: [nodeTypeRoots()] };
  const isVirtual = (fileName: string) => fileName === VIRTUAL_ROOT || fileName.startsWith(`${VIRTUAL_ROOT}/`);
  const virtualDirs = new Set<string>([VIRTUAL_ROOT]);
  for (const name of virtual.keys()) {
    for (let dir = path.posix.dirname(name); isVirtual(dir) && dir !== VIRTUAL_ROOT; dir = path.posix.dirname(dir)) virtualDirs.add(dir);
  }

  const host: ts.CompilerHost = {
    getSourceFile(fileName, languageVersion) {
      if (isVirtual(fileName)) {
        const text = virtual.get(fileName);
        return text === undefined ? undefined : ts.createSourceFile(fileName, text, languageVersion, true);
      }
      const version = typeof languageVersion === 'object' ? languageVersion.languageVersion : languageVersion;
      const key = `${String(version)}:${fileName}`;
      const cached = libCache.get(key);
      if (cached) return cached;
      const text = ts.sys.readFile(fileName);
      if (text === undefined) return undefined;
      const parsed = ts.createSourceFile(fileName, text, languageVersion, false);
      libCache.set(key, parsed);
      return parsed;
    },
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    writeFile: () => undefined,
    getCurrentDirectory: () => VIRTUAL_ROOT,
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (f) => (isVirtual(f) ? virtual.has(f) : ts.sys.fileExists(f)),
    readFile: (f) => (isVirtual(f) ? virtual.get(f) : ts.sys.readFile(f)),
    directoryExists: (d) => (isVirtual(d) ? virtualDirs.has(d) : ts.sys.directoryExists(d)),
    getDirectories: (d) => (isVirtual(d) ? [] : ts.sys.getDirectories(d)),
    realpath: (f) => (isVirtual(f) ? f : (ts.sys.realpath?.(f) ?? f)),
  };

  const roots = [...virtual.keys()].filter((f) => /\.(ts|mts|cts)$/.test(f) && /^\/__backforge_project__\/(src|test)\//.test(f));
  const program = ts.createProgram({ rootNames: roots, options, host });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const errors = diagnostics
    .filter((d) => d.category === ts.DiagnosticCategory.Error)
    .map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      if (!d.file || d.start === undefined) return message;
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      const name = isVirtual(d.file.fileName) ? d.file.fileName.slice(VIRTUAL_ROOT.length + 1) : d.file.fileName;
      return `${name}(${line + 1},${character + 1}): ${message}`;
    });
  return { ok: errors.length === 0, errors, files: roots.length };
}
