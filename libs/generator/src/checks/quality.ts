import type * as TS from 'typescript';
import { typescript } from './typescript.js';

/**
 * Static analysis of a handler bundle: it may reach only the ECMAScript built-ins on the allow-list.
 * No eval, Function, dynamic import, import.meta, require, process, module, Node or web globals, no
 * `with`/`debugger`, and no `.constructor`/`__proto__` hops (the usual way back to Function).
 */

export const ALLOWED_GLOBALS: ReadonlySet<string> = new Set([
  'Object', 'Array', 'JSON', 'Math', 'Date', 'String', 'Number', 'Boolean', 'Promise', 'Symbol', 'BigInt',
  'Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'URIError', 'AggregateError',
  'Map', 'Set', 'WeakMap', 'WeakSet', 'RegExp',
  'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURIComponent', 'decodeURIComponent', 'encodeURI', 'decodeURI',
  'undefined', 'NaN', 'Infinity',
]);

/** Refused even when the bundle declares a variable of that name (no shadowing tricks). */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set([
  'eval', 'Function', 'require', 'process', 'module', 'exports', 'global', 'Buffer', 'WebAssembly', 'Proxy', 'Reflect',
  'fetch', 'XMLHttpRequest', 'setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'Atomics', 'SharedArrayBuffer',
  'AsyncFunction', 'GeneratorFunction', 'arguments',
]);

const FORBIDDEN_PROPERTIES: ReadonlySet<string> = new Set(['constructor', '__proto__', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

export interface Violation {
  line: number;
  what: string;
}

/** Is this identifier a reference to a binding (not a property name, a label or a declaration)? */
function isReference(ts: typeof TS, node: TS.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isQualifiedName(parent) && parent.right === node) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isGetAccessor(parent) || ts.isSetAccessor(parent) || ts.isPropertySignature(parent) || ts.isMethodSignature(parent) || ts.isEnumMember(parent)) && parent.name === node) return false;
  if (ts.isBindingElement(parent) && parent.propertyName === node) return false;
  if ((ts.isLabeledStatement(parent) || ts.isBreakStatement(parent) || ts.isContinueStatement(parent)) && parent.label === node) return false;
  if (ts.isMetaProperty(parent)) return false;
  if ((ts.isExportSpecifier(parent) || ts.isImportSpecifier(parent)) && parent.propertyName === node) return false;
  return true;
}

function isDeclarationName(ts: typeof TS, node: TS.Identifier): boolean {
  const parent = node.parent;
  return (
    ((ts.isVariableDeclaration(parent) || ts.isFunctionDeclaration(parent) || ts.isFunctionExpression(parent) || ts.isClassDeclaration(parent) || ts.isClassExpression(parent) || ts.isParameter(parent) || ts.isBindingElement(parent)) &&
      parent.name === node) ||
    ts.isImportClause(parent) ||
    ts.isImportSpecifier(parent) ||
    ts.isNamespaceImport(parent)
  );
}

export function scanBundle(code: string, bundleGlobal: string): { violations: Violation[]; globalsUsed: string[] } {
  const ts = typescript();
  const file = ts.createSourceFile('handler.js', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const declared = new Set<string>();
  const references: TS.Identifier[] = [];
  const violations: Violation[] = [];
  const at = (node: TS.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;

  const parseErrors = (file as unknown as { parseDiagnostics?: TS.Diagnostic[] }).parseDiagnostics ?? [];
  for (const d of parseErrors) violations.push({ line: d.start !== undefined ? file.getLineAndCharacterOfPosition(d.start).line + 1 : 0, what: `syntax error: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}` });

  const visit = (node: TS.Node): void => {
    if (ts.isIdentifier(node)) {
      if (isDeclarationName(ts, node)) declared.add(node.text);
      else if (isReference(ts, node)) references.push(node);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      violations.push({ line: at(node), what: 'dynamic import()' });
    } else if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) {
      violations.push({ line: at(node), what: 'import.meta' });
    } else if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportEqualsDeclaration(node)) {
      violations.push({ line: at(node), what: 'module import/export (the bundle must be a self-contained script)' });
    } else if (ts.isWithStatement(node)) {
      violations.push({ line: at(node), what: 'with statement' });
    } else if (ts.isDebuggerStatement(node)) {
      violations.push({ line: at(node), what: 'debugger statement' });
    } else if (ts.isPropertyAccessExpression(node) && FORBIDDEN_PROPERTIES.has(node.name.text)) {
      violations.push({ line: at(node), what: `access to .${node.name.text}` });
    } else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression) && FORBIDDEN_PROPERTIES.has(node.argumentExpression.text)) {
      violations.push({ line: at(node), what: `access to ["${node.argumentExpression.text}"]` });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);

  const globalsUsed = new Set<string>();
  for (const ref of references) {
    const name = ref.text;
    if (FORBIDDEN_NAMES.has(name)) {
      violations.push({ line: at(ref), what: `use of ${name}` });
      continue;
    }
    if (name === 'globalThis') {
      // Allowed only as the target of the bundle's own export: globalThis.<bundleGlobal> = ...
      const parent = ref.parent;
      const ok = ts.isPropertyAccessExpression(parent) && parent.name.text === bundleGlobal && ts.isBinaryExpression(parent.parent) && parent.parent.left === parent && parent.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
      if (!ok) violations.push({ line: at(ref), what: 'use of globalThis' });
      continue;
    }
    if (declared.has(name)) continue;
    if (ALLOWED_GLOBALS.has(name)) {
      globalsUsed.add(name);
      continue;
    }
    violations.push({ line: at(ref), what: `global ${name} is not on the allow-list` });
  }
  if (!declared.has(bundleGlobal)) violations.push({ line: 1, what: `the bundle does not define ${bundleGlobal}` });
  return { violations, globalsUsed: [...globalsUsed].sort() };
}
