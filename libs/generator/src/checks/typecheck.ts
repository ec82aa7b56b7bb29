import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TS from 'typescript';
import { typescript } from './typescript.js';

/**
 * Type-checks a generated project in memory with the TypeScript compiler API: a CompilerHost serves
 * the project's files under a virtual root and falls back to the real file system for the lib files
 * and @types/node (from this workspace's node_modules).
 *
 * Checks follow one another with the same compiler options and mostly the same files (every project
 * carries the same runtime, store and server templates), so each check is an incremental build on
 * the previous one, as `tsc --incremental` does: parsed files are kept (lib and @types files for
 * good, project files while their text is the same) and a builder program takes from the previous
 * program the diagnostics of every file whose text and whose dependencies' texts did not change.
 * Every other file is checked again, so the errors are those a fresh program would report.
 */

const VIRTUAL_ROOT = '/__backforge_project__';
const require = createRequire(import.meta.url);

let typeRoots: string | undefined;
function nodeTypeRoots(): string {
  // The real path of @types/node's folder's parent, so undici-types resolves next to it.
  typeRoots ??= path.dirname(path.dirname(require.resolve('@types/node/package.json')));
  return typeRoots;
}

/** Parsed lib and @types files, by language version and path: they never change. */
const libCache = new Map<string, TS.SourceFile>();
/** The project files the last checks parsed, by path, with the text they were parsed from. */
const projectCache = new Map<string, { text: string; file: TS.SourceFile }>();
/** The previous check's builder program, and the compiler options it ran with. */
let previous: { options: string; builder: TS.SemanticDiagnosticsBuilderProgram } | undefined;

export interface TypecheckResult {
  ok: boolean;
  errors: string[];
  files: number;
}

/** A builder program tells changed files by version: a lib file never changes, a project file changes with its text. */
function versioned(file: TS.SourceFile, version: string): TS.SourceFile {
  (file as TS.SourceFile & { version?: string }).version = version;
  return file;
}

export function typecheckProject(files: ReadonlyArray<{ path: string; content: string }>, compilerOptionsJson: Record<string, unknown>): TypecheckResult {
  const ts = typescript();
  const virtual = new Map<string, string>();
  for (const f of files) virtual.set(`${VIRTUAL_ROOT}/${f.path}`, f.content);
  const converted = ts.convertCompilerOptionsFromJson(compilerOptionsJson, VIRTUAL_ROOT);
  if (converted.errors.length > 0) {
    return { ok: false, errors: converted.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')), files: 0 };
  }
  const options: TS.CompilerOptions = { ...converted.options, noEmit: true, typeRoots: [nodeTypeRoots()] };
  const isVirtual = (fileName: string) => fileName === VIRTUAL_ROOT || fileName.startsWith(`${VIRTUAL_ROOT}/`);
  const virtualDirs = new Set<string>([VIRTUAL_ROOT]);
  for (const name of virtual.keys()) {
    for (let dir = path.posix.dirname(name); isVirtual(dir) && dir !== VIRTUAL_ROOT; dir = path.posix.dirname(dir)) virtualDirs.add(dir);
  }

  const host: TS.CompilerHost = {
    getSourceFile(fileName, languageVersion) {
      if (isVirtual(fileName)) {
        const text = virtual.get(fileName);
        if (text === undefined) return undefined;
        const kept = projectCache.get(fileName);
        if (kept?.text === text) return kept.file;
        const file = versioned(ts.createSourceFile(fileName, text, languageVersion, true), createHash('sha256').update(text).digest('base64'));
        projectCache.set(fileName, { text, file });
        return file;
      }
      const version = typeof languageVersion === 'object' ? languageVersion.languageVersion : languageVersion;
      const key = `${String(version)}:${fileName}`;
      const cached = libCache.get(key);
      if (cached) return cached;
      const text = ts.sys.readFile(fileName);
      if (text === undefined) return undefined;
      const parsed = versioned(ts.createSourceFile(fileName, text, languageVersion, false), 'lib');
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
  const optionsKey = JSON.stringify(options);
  const old = previous?.options === optionsKey ? previous.builder : undefined;
  // A check that throws must not leave a half-built program to the next one.
  previous = undefined;
  const builder = ts.createSemanticDiagnosticsBuilderProgram(roots, options, host, old);
  // What ts.getPreEmitDiagnostics reports, with the semantic diagnostics of unchanged files taken from the previous program.
  const diagnostics = [
    ...builder.getConfigFileParsingDiagnostics(),
    ...builder.getOptionsDiagnostics(),
    ...builder.getSyntacticDiagnostics(),
    ...builder.getGlobalDiagnostics(),
    ...builder.getSemanticDiagnostics(),
  ];
  previous = { options: optionsKey, builder };
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
