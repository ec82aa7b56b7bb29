import { OTHER_UNITS, TABLE_NAME_HEADERS, TABLE_NOTE_HEADERS, TABLE_TYPE_HEADERS, TIME_UNITS, TYPE_NOTATIONS } from '../lexicon.js';
import type { Line } from './normalise.js';
import { arrowStates, FLAGS, item, readNote, splitValues, valueList, type FieldItem } from './phrasings.js';
import { singular } from '../text.js';

/** Stage 2 for tables: a row of a field table ("| deposit | money | in euros |") as a typed item. */
/** A table row: the field's name, its written type, and flags found in its notes. */
export function readRow(name: string, type: string | undefined, notes: string | undefined): FieldItem {
  const t = type ? TYPE_NOTATIONS[type.trim().toLowerCase()] : undefined;
  const flags = (notes ?? '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => FLAGS.has(w))
    .map((w) => (w === 'mandatory' ? 'required' : w));
  // ("one of: saturday, sunday, both", "values: a, b")
  const values = /^(?:one of|values?)\s*:?\s+(.+)$/i.exec(notes?.trim() ?? '');
  // ("8 max" is "max 8")
  const cell = (notes?.trim() ?? '').replace(/^(-?\d+(?:\.\d+)?)\s+(max|min|maximum|minimum)$/i, '$2 $1');
  // "| status | choice | planning → rehearsing → performed |": states in their order
  const states = /->|→|=>/.test(cell) ? arrowStates(cell) : [];
  if (states.length >= 2 && states.every((v) => v.split(/\s+/).length <= 3)) return item(name, { values: states, moves: true, ...(flags.length ? { flags } : {}) });
  // "| performer | link to student |": a reference written as a type
  const link = /^(?:an?\s+)?(?:link|reference|ref|relation|pointer)\s+(?:to|→)\s+(?:an?\s+|the\s+|one\s+)?([a-z]+)$/i.exec(type?.trim() ?? '');
  const linked = link ? singular((link[1] as string).toLowerCase()) : undefined;
  if (linked) return item(linked === name.toLowerCase() ? name : `${name} (a ${linked})`, flags.length ? { flags } : {});
  // "| duration (minutes) | whole number | 8 max |": a bound noted beside a written type
  if (t && (t === 'integer' || t === 'number') && /\b(?:max|min|maximum|minimum|up to|at most|at least)\b|\d\s*(?:-|to)\s*\d/i.test(cell) && isMeasureNote(cell)) return item(`${name} (${cell})`, { type: t, ...(flags.length ? { flags } : {}) });
  if (!t && flags.length === 0 && !values && cell !== '' && readNote(cell).type === undefined) {
    // "| category | solo jazz, hip hop, tap |": the notes list the allowed values (their own notes dropped)
    // ("small / large": slashes alone separate values in a cell too)
    const listed = valueList(cell.replace(/\s*\([^()]*\)/g, '').replace(/\s*\/\s*/g, ', '));
    if (listed && !listed.some(describes)) return item(name, { values: listed });
    // "| duration | seconds, max 180 |", "| fee | NZD |": units and bounds, read as if written "duration (seconds, max 180)"
    if (isMeasureNote(cell)) return item(`${name} (${cell})`);
  }
  // "| entry number | whole number, unique |", "| players | how many in the group |", "| builder | a member |":
  // a type cell that is no notation, or a note, says the type in words
  const typeCell = type?.trim() ?? '';
  if (!t && typeCell !== '') {
    // ("| status | open / judging / closed |": slashes separate the values here too, unless they name types)
    const listed = valueList(typeCell.replace(/\s*\/\s*/g, ', '));
    if (listed && !listed.some((v) => describes(v) || TYPE_NOTATIONS[v.toLowerCase()] !== undefined)) return item(name, { values: listed, ...(flags.length ? { flags } : {}) });
  }
  const said = t || values ? undefined : [typeCell, cell].map(readNote).find((n) => n.type !== undefined || n.record !== undefined);
  if (said?.record) return item(`${name} (a ${said.record})`, flags.length ? { flags } : {});
  const written = t ?? said?.type;
  return item(name, { ...(written ? { type: written } : {}), ...(flags.length ? { flags } : {}), ...(values ? { values: splitValues(values[1] as string) } : {}) });
}

/** Words that make a notes cell a description ("the full name, as written"), not a list of values. */
const DESCRIPTIVE = /\b(?:the|a|an|as|of|for|with|who|which|that|is|are|if|when|e\.?g)\b/i;
/** (a grade "A" is a value, not an article: "| grade | A, B or C |") */
const describes = (v: string): boolean => !/^[A-Z]$/.test(v.trim()) && DESCRIPTIVE.test(v);

/** Every part of the note is a unit, a currency code, a bound or a range. */
function isMeasureNote(note: string): boolean {
  return note.split(/\s*,\s*/).every((part) => {
    const p = part.replace(/^in\s+/i, '');
    return (
      /^(?:max|min|maximum|minimum|up to|at most|at least)\s+-?\d+(?:\.\d+)?$/i.test(p) ||
      /^-?\d+(?:\.\d+)?\s*(?:-|to|\.\.)\s*-?\d+(?:\.\d+)?$/i.test(p) ||
      TIME_UNITS.has(p.toLowerCase()) ||
      OTHER_UNITS.has(p.toLowerCase()) ||
      /^[A-Z]{3}$/.test(p)
    );
  });
}

/** A field table at `start`: a header row naming the columns, then one row per field. */
export function tableAt(lines: readonly Line[], start: number): { items: FieldItem[]; source: string; end: number } | undefined {
  const rows: string[][] = [];
  let end = start;
  for (; end < lines.length && (lines[end] as Line).kind === 'row'; end++) rows.push((lines[end] as Extract<Line, { kind: 'row' }>).cells);
  const [header, ...body] = rows;
  if (!header || body.length === 0) return undefined;
  const col = (names: ReadonlySet<string>): number => header.findIndex((h) => names.has(h.toLowerCase()));
  const name = Math.max(0, col(TABLE_NAME_HEADERS));
  const type = col(TABLE_TYPE_HEADERS);
  const notes = col(TABLE_NOTE_HEADERS);
  const items = body.filter((r) => (r[name] ?? '').trim() !== '').map((r) => readRow(r[name] as string, type >= 0 ? r[type] : undefined, notes >= 0 ? r[notes] : undefined));
  return { items, source: rows.map((r) => r.join(' | ')).join('; '), end };
}
