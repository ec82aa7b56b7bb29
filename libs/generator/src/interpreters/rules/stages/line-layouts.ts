import { VERB_SET } from '../lexicon.js';
import { singular } from '../text.js';
import { METHOD_VERBS } from './endpoints.js';

/**
 * Stage 1 (part): lines rewritten before the layout is read, where the way a line is written says
 * what it is: fields drawn in two columns of spaces, and a lookup said of the field it names.
 */

/** "  contact_name      required": a name, a gap of spaces, then what is said of it (a table drawn with spaces). */
const COLUMN_LINE = /^(\s*)(?:[-*•+]\s+)?([A-Za-z][A-Za-z0-9_]*(?: [A-Za-z0-9_]+){0,2})(?: {2,}|\t+)(\S.*)$/;

/**
 * "| SKU | unique, we look products up by it |", "email (unique - we look customers up by it)", "a
 * unique product code I can look it up by": a lookup said of the field it names. The words are taken
 * off the field and said as their own sentence after the prompt ("Look products up by SKU.").
 */
export function lookUpsByIt(raw: string[]): string[] {
  const said: string[] = [];
  const LOOK = /[\s,;-]*\b(?:(?:we|i|you|staff|they)\s+(?:can\s+|will\s+|want to\s+|need to\s+)?)?look\s+([a-z]+s|it|them|one)\s+up\s+by(?:\s+(?:it|this|that))?\b/i;
  raw.forEach((l, k) => {
    const m = LOOK.exec(l);
    if (!m) return;
    const cell = /^\s*\|\s*([^|]+?)\s*\|/.exec(l);
    // ("- job code (unique, we look jobs up by it)"; in a sentence, "each repair has a job code (unique - I look
    // repairs up by it)", the words before the parenthesis after the last article or verb)
    const label = /^\s*(?:[-*•+]\s+)?([a-z][a-z ]{0,30}?)\s*\(/i.exec(l)?.[1];
    const item = label && !/\b(?:has|have|gets|with|is|are)\b/i.test(label) ? label : undefined;
    const beforeParen = /(?:^|[,:]|\b(?:a|an|the|its|their|has|have|with))\s+((?:unique\s+)?[a-z]+(?:\s[a-z]+){0,2}?)\s*\([^()]*$/i.exec(l.slice(0, m.index));
    // ("every product has a name, ..., and a unique product code I can look it up by")
    const inSentence = /\b(?:every|each|a|an|the)\s+([a-z]+)\s+(?:has|have|gets)\b.*?(?:,|\band)\s+(?:a|an|the)?\s*(?:unique\s+)?([a-z]+(?:\s[a-z]+){0,2})\s*$/i.exec(l.slice(0, m.index));
    const field = cell?.[1] ?? item ?? beforeParen?.[1] ?? inSentence?.[2];
    const records = /^(?:it|them|one)$/i.test(m[1] as string) ? (inSentence ? `a ${inSentence[1] as string}` : undefined) : (m[1] as string);
    if (!field || !records) return;
    raw[k] = l.replace(LOOK, '').replace(/\(\s*\)/, '').replace(/,\s*\|/, ' |');
    said.push(`Look up ${records.startsWith('a ') ? records : `a ${singular(records)}`} by ${field.trim()}.`);
  });
  return said;
}


/** "int, 1..500" -> "(int, 1..500)"; "a | b   (starts a)" -> "(a | b) (starts a)": a note after the column stays one, not nested. */
function noteInParens(written: string): string {
  // ("enum(active, faulty)   default active", "enum      clear | black", "-- from the order book": a type
  // written as code is its values, a default on values where the status starts, a comment a note)
  const [code, comment] = written.split(/\s+--\s+/, 2) as [string, string | undefined];
  const values = /\benum\s*[([]([^)\]]*)[)\]]|^enum\s*:?\s+(\S.*?[|,].*?)(?=\s{2,}|\s*\(|$)/i.exec(code);
  const listed = values ? (values[1] ?? values[2] ?? '').split(/\s*[,|]\s*/).filter(Boolean).join(' | ') : undefined;
  const starts = listed ? /\(?\bdefault\s*:?\s*['"]?([\w ]+?)['"]?\)?\s*$/i.exec(code.slice((values?.index ?? 0) + (values?.[0].length ?? 0))) : null;
  const rest = listed ? code.slice((values?.index ?? 0) + (values?.[0].length ?? 0)).replace(starts?.[0] ?? '', '').trim() : code;
  const note = listed ? `${listed}${starts ? ` (starts ${starts[1] as string})` : ''}${rest ? ` ${rest}` : ''}` : code;
  const aside = comment ? ` (${comment.replace(/[()]/g, '').trim()})` : '';
  return `${noteOf(note)}${aside}`;
}

function noteOf(note: string): string {
  const tail = /^(.*?\S)\s*(\([^()]*\))$/.exec(note);
  return tail && !(tail[1] as string).includes('(') ? `(${tail[1] as string}) ${tail[2] as string}` : `(${note})`;
}

/** Lines laid out in two columns, two or more of them, are items "name: what is said of it". */
export function columnsAsItems(raw: string[]): void {
  // (a sentence after a gap is no note: "R1  Store client sites: business name, ...")
  const column = (l: string): RegExpExecArray | null => {
    const m = COLUMN_LINE.exec(l);
    // (a comment after "--" is a note, however long: "unique     -- from the works order book, e.g. ...")
    return m && (m[3] as string).split(/\s+--\s+/)[0]!.replace(/\s*\([^()]*\)\s*$/, '').split(/\s+/).length <= 8 ? m : null;
  };
  if (raw.filter((l) => column(l)).length < 2) return;
  raw.forEach((l, k) => {
    const m = column(l);
    // ("GET    one batch by batch code": a method over what it does is an action, said with its verb)
    const method = m ? METHOD_VERBS[m[2] as string] : undefined;
    if (m && method) raw[k] = `${m[1] as string}- ${VERB_SET.has((m[3] as string).split(/\s+/)[0]?.toLowerCase() ?? '') ? '' : `${method} `}${m[3] as string}`;
    else if (m) raw[k] = `${m[1] as string}- ${m[2] as string} ${noteInParens(m[3] as string)}`;
  });
}
