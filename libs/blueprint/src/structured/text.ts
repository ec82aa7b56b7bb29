/**
 * Lexical pieces shared by the structured prompt's renderer and parser: when free text may stand
 * bare on a line, JSON quoting otherwise, and splitting a line at separators that are not inside a
 * JSON string, list or object.
 */

/**
 * JSON on one line: JSON.stringify leaves U+2028/U+2029 raw, and those end a line for a regular
 * expression's `.` and for many editors, so they are escaped too (JSON.parse reads them back).
 */
export function json(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Free text shown bare when it cannot be mistaken for anything else; JSON-quoted otherwise. */
export function textOut(text: string): string {
  return isBare(text) ? text : json(text);
}

function isBare(text: string): boolean {
  return text.length > 0 && text === text.trim() && /^[\p{L}\p{N}(]/u.test(text) && !/[\r\n\u2028\u2029]/.test(text) && !text.includes(' — ');
}

/** Reads free text written by `textOut` (or by a person: bare text, trimmed). */
export function textIn(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed.startsWith('"')) {
    const parsed = parseJson(trimmed);
    if (typeof parsed === 'string') return parsed;
  }
  return trimmed;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Splits `text` at every `separator` outside JSON strings and brackets, trimming the parts:
 * `default "a, b", max 3` -> [`default "a, b"`, `max 3`].
 */
export function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i).trim());
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/** The text before and after the last ` else "` whose tail is one JSON string (a rule's message). */
export function splitMessage(text: string): [string, string] | undefined {
  const at = text.lastIndexOf(' else "');
  if (at < 0) return undefined;
  const message = parseJson(text.slice(at + ' else '.length).trim());
  if (typeof message !== 'string') return undefined;
  return [text.slice(0, at).replace(/,$/, '').trim(), message];
}
