/**
 * Identifier shapes of the Blueprint. Names from a prompt reach generated code only after passing
 * these checks, so they are deliberately narrow: ASCII letters and digits, at most 64 characters.
 */

export const PASCAL_IDENTIFIER_PATTERN = '^[A-Z][A-Za-z0-9]{0,63}$';
export const CAMEL_IDENTIFIER_PATTERN = '^[a-z][A-Za-z0-9]{0,63}$';

const pascalRe = new RegExp(PASCAL_IDENTIFIER_PATTERN);
const camelRe = new RegExp(CAMEL_IDENTIFIER_PATTERN);

export function isPascalIdentifier(value: unknown): value is string {
  return typeof value === 'string' && pascalRe.test(value);
}

export function isCamelIdentifier(value: unknown): value is string {
  return typeof value === 'string' && camelRe.test(value);
}

/**
 * Field (and param) names the store or the JavaScript object model already owns: the store sets
 * `id`, `createdAt`, `updatedAt` and `revision`; the others are members of every plain object, and a
 * record field shadowing them would poison it. The synthesizer re-checks names against this list.
 */
export const RESERVED_FIELD_NAMES: readonly string[] = Object.freeze([
  'id',
  'createdAt',
  'updatedAt',
  'revision',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
]);

/** Input parameter names every list action already takes. */
export const RESERVED_LIST_PARAMS: readonly string[] = Object.freeze(['limit', 'offset']);

/**
 * JavaScript reserved words (ECMAScript, strict mode, and the always-awkward `arguments`/`eval`),
 * refused as action names because actions may become function names in generated code.
 */
export const JS_RESERVED_WORDS: readonly string[] = Object.freeze([
  'arguments', 'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default',
  'delete', 'do', 'else', 'enum', 'eval', 'export', 'extends', 'false', 'finally', 'for', 'function',
  'if', 'implements', 'import', 'in', 'instanceof', 'interface', 'let', 'new', 'null', 'package',
  'private', 'protected', 'public', 'return', 'static', 'super', 'switch', 'this', 'throw', 'true',
  'try', 'typeof', 'undefined', 'var', 'void', 'while', 'with', 'yield',
]);

/**
 * Action names no blueprint may use: the JavaScript reserved words, the object-model names, and
 * `describe`, which every generated backend answers with its contract.
 */
export const RESERVED_ACTION_NAMES: readonly string[] = Object.freeze([
  ...JS_RESERVED_WORDS,
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'describe',
]);

/** Splits free text into ASCII words: "bookCopies", "book copies", "Book_Copies" -> [book, copies]. */
function words(text: string): string[] {
  const ascii = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return ascii
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * "book copies" -> "BookCopies". Non-ASCII letters lose their accents, other characters separate
 * words. A result that would start with a digit gets an `N` in front; the result is cut to 64
 * characters. Empty when the text has no letter or digit at all.
 */
export function toPascalCase(text: string): string {
  const joined = words(text).map(capitalize).join('');
  if (joined === '') return '';
  const safe = /^[0-9]/.test(joined) ? `N${joined}` : joined;
  return safe.slice(0, 64);
}

/** "Book copies" -> "bookCopies"; same rules as {@link toPascalCase} (a leading digit gets `n`). */
export function toCamelCase(text: string): string {
  const parts = words(text);
  if (parts.length === 0) return '';
  const [first = '', ...rest] = parts;
  const joined = first.toLowerCase() + rest.map(capitalize).join('');
  const safe = /^[0-9]/.test(joined) ? `n${joined}` : joined;
  return safe.slice(0, 64);
}
