import { CAMEL_IDENTIFIER_PATTERN, PASCAL_IDENTIFIER_PATTERN, RESERVED_FIELD_NAMES as BLUEPRINT_RESERVED_FIELD_NAMES } from '@backforge/blueprint';
import type { JsonValue } from '@backforge/contracts';

/**
 * The only two doors through which blueprint text reaches generated code: identifiers are checked
 * against a narrow pattern (and refused, never repaired), and every other string is emitted as a JSON
 * literal with the characters that could end a script or a line escaped.
 */
export class SynthesisError extends Error {
  override readonly name = 'SynthesisError';
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(`${message} (at ${path})`);
  }
}

const PASCAL = new RegExp(PASCAL_IDENTIFIER_PATTERN);
const CAMEL = new RegExp(CAMEL_IDENTIFIER_PATTERN);

/** Names a field or param may not take: the blueprint's own list, re-checked before emission. */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set(BLUEPRINT_RESERVED_FIELD_NAMES);

export function pascalIdentifier(value: unknown, path: string): string {
  if (typeof value !== 'string' || !PASCAL.test(value)) throw new SynthesisError('expected a PascalCase identifier', path);
  return value;
}

export function camelIdentifier(value: unknown, path: string): string {
  if (typeof value !== 'string' || !CAMEL.test(value)) throw new SynthesisError('expected a camelCase identifier', path);
  return value;
}

const UNSAFE_IN_SCRIPT = /[\u2028\u2029<>&]/g;

/**
 * A JavaScript (and JSON) literal for any JSON value. JSON.stringify already escapes quotes,
 * backslashes, control characters and lone surrogates; on top of that U+2028/U+2029 (line
 * terminators in older parsers) and `<`, `>`, `&` (so `</script>` or `-->` never appear verbatim) are
 * written as \u escapes. Backticks, `${` and `*` are harmless inside a double-quoted literal.
 */
export function literal(value: JsonValue | undefined): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Pretty JSON with the same escaping, for data that is emitted inside TypeScript source. */
export function literalPretty(value: JsonValue, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** JSON with object keys sorted at every depth, so equal data always gives equal bytes. */
export function canonicalJson(value: JsonValue, indent = 2): string {
  return `${JSON.stringify(sortKeys(value), null, indent)}\n`;
}

export function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: JsonValue } = {};
    for (const key of Object.keys(value).sort()) {
      const v = value[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** A text that may appear in Markdown prose: one line, no HTML. */
export function markdownText(value: string): string {
  return value
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c)
    .replace(/([\\`*_[\]|])/g, '\\$1');
}

/** A single-quoted shell word: the text survives any shell exactly. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
