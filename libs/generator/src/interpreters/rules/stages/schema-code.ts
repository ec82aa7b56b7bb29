import { CODE_TYPE_WORDS } from '../lexicon.js';
import { pascalCase, plural, singular, splitIdentifier } from '../text.js';
import { splitOutsideParens } from './list-items.js';

/**
 * Stage 0: a schema written as code. Developers paste the model they have: a TypeScript interface,
 * a GraphQL type, a Prisma model, an SQL table, a YAML map of resources. Each dialect is an entry
 * of `SCHEMA_DIALECTS` (its opening line, its field line, its examples in schema-code.spec.ts); a
 * block it reads is rewritten as the lines every other stage reads exactly ("## Loan" over
 * "- amount (decimal, min 100, max 15000)"), and what it cannot read of a field (a comment such as
 * "e.g. rear car park") is kept as a note line so it is still quoted, never dropped. A prompt with
 * no such block is returned unchanged.
 */
export interface CodeField {
  name: string;
  /** The type as written ("String!", "varchar(80)", "'a' | 'b'", "Int?"). */
  type: string;
  /** What else the line says: modifiers ("not null unique", "@unique @default(true)") and its comment. */
  rest: string;
  optional: boolean;
}

export interface SchemaDialect {
  name: string;
  /** The record a line opens, or undefined. */
  opens: (line: string) => string | undefined;
  /** The line that closes the block. */
  closes: (line: string, opening: string) => boolean;
  field: (line: string) => CodeField | undefined;
}

const COMMENT = /\s*(?:\/\/|--|#)\s*(.*)$/;
const split = (line: string): [string, string] => {
  const m = COMMENT.exec(line);
  return m && !/['"][^'"]*$/.test(line.slice(0, m.index)) ? [line.slice(0, m.index), m[1] as string] : [line, ''];
};
const braceCloses = (line: string): boolean => /^\s*\}\s*;?\s*$/.test(line);

/** "link_workers" -> LinkWorker: a table is named by its records in the plural. */
const recordOfTable = (table: string): string => pascalCase(splitIdentifier(table).map((w, k, all) => (k === all.length - 1 ? singular(w) : w)));

export const SCHEMA_DIALECTS: SchemaDialect[] = [
  {
    name: 'a TypeScript interface or type, or a record in braces',
    opens: (l) => /^\s*(?:export\s+)?(?:interface\s+|type\s+(?=\w+\s*=\s*\{))?([A-Z]\w*)\s*(?:=\s*)?\{\s*$/.exec(l)?.[1],
    closes: braceCloses,
    field: (l) => {
      const [code, note] = split(l);
      // ("carPark -> CarPark": a link; "status" alone: a field its name types)
      const link = /^\s*(\w+)\s*->\s*([A-Z]\w*)\s*[;,]?\s*$/.exec(code);
      if (link) return { name: link[1] as string, optional: false, type: `ref ${link[2] as string}`, rest: note };
      // ("site (str, unique)", "volume (ul, int, 5..200)": the type among what the parenthesis says)
      const noted = /^\s*(\w+)(\?)?\s*\(([^()]+)\)\s*[;,]?\s*$/.exec(code);
      if (noted) {
        const said = (noted[3] as string).split(/\s*,\s*/);
        const type = said.find((p) => CODE_TYPE_WORDS[p.toLowerCase()] !== undefined) ?? 'string';
        return { name: noted[1] as string, optional: noted[2] === '?', type, rest: `${said.filter((p) => p !== type).join(', ')} ${note}`.trim() };
      }
      const m = /^\s*(\w+)(\?)?\s*(?::\s*(.+?))?\s*[;,]?\s*$/.exec(code);
      if (!m) return undefined;
      // ("decimal, 50..250", "int >= 1", "text (vehicle reg)": the first word is the type, the rest what is said of it)
      const typed = /^([A-Za-z][\w-]*(?:\[\])?)\s*[,(]?\s*(.*?)\)?$/.exec(m[3] ?? '');
      const plain = typed && !/[|'"]/.test(m[3] ?? '') && !/^enum\b/i.test(m[3] ?? '');
      return { name: m[1] as string, optional: m[2] === '?', type: plain ? (typed[1] as string) : (m[3] ?? ''), rest: `${plain ? (typed[2] as string) : ''} ${note}`.trim() };
    },
  },
  {
    name: 'a GraphQL type',
    opens: (l) => /^\s*type\s+([A-Z]\w*)\s*(?:@\w+\s*)*\{\s*$/.exec(l)?.[1],
    closes: braceCloses,
    field: (l) => {
      const [code, note] = split(l);
      const m = /^\s*(\w+)\s*(\([^)]*\))?\s*:\s*([\w[\]!]+)\s*$/.exec(code);
      return m ? { name: m[1] as string, optional: !(m[3] as string).endsWith('!'), type: (m[3] as string).replace(/!$/, ''), rest: `${m[2] ?? ''} ${note}`.trim() } : undefined;
    },
  },
  {
    name: 'a Prisma model',
    opens: (l) => /^\s*model\s+([A-Z]\w*)\s*\{\s*$/.exec(l)?.[1],
    closes: braceCloses,
    field: (l) => {
      const [code, note] = split(l);
      const m = /^\s*(\w+)\s+(\w+(?:\[\])?)(\?)?\s*(.*?)\s*$/.exec(code);
      return m && !(m[1] as string).startsWith('@') ? { name: m[1] as string, type: m[2] as string, optional: m[3] === '?', rest: `${m[4] as string} ${note}`.trim() } : undefined;
    },
  },
  {
    name: 'an SQL table',
    opens: (l) => {
      const m = /^\s*create\s+table\s+(?:if\s+not\s+exists\s+)?["`]?(\w+)["`]?\s*\(\s*$/i.exec(l);
      return m ? recordOfTable(m[1] as string) : undefined;
    },
    closes: (l) => /^\s*\)\s*;?\s*$/.test(l),
    field: (l) => {
      const [code, note] = split(l);
      if (/^\s*(?:primary|unique|foreign|constraint|check|index|key)\b/i.test(code)) return undefined;
      const m = /^\s*["`]?(\w+)["`]?\s+(\w+(?:\s*\([^)]*\))?)\s*(.*?)\s*,?\s*$/.exec(code);
      if (!m) return undefined;
      const rest = m[3] as string;
      return { name: m[1] as string, type: (m[2] as string).replace(/\s*\(.*$/, ''), optional: !/\bnot\s+null\b|\bprimary\s+key\b/i.test(rest), rest: `${rest} ${note}`.trim() };
    },
  },
  {
    name: 'a YAML map of records',
    opens: (l) => /^ {2,}([A-Z][A-Za-z0-9]*)\s*:\s*$/.exec(l)?.[1],
    closes: () => false,
    field: (l) => {
      const [code, note] = split(l);
      const m = /^ {4,}(\w+)\s*:\s*(.+?)\s*$/.exec(code);
      if (!m) return undefined;
      // ("enum [a, b, c]", "int (1-30)", "ref Dessert": what is in brackets stays with the type)
      const spec = m[2] as string;
      const head = /^(enum\s*\[[^\]]*\]|\[[^\]]*\]|(?:ref|reference|->)\s*\w+|\w+)\s*(.*)$/.exec(spec);
      const type = (head?.[1] ?? spec).replace(/^enum\s*\[([^\]]*)\]$|^\[([^\]]*)\]$/, (_a, x?: string, y?: string) => (x ?? y ?? '').split(/\s*,\s*/).map((v) => `'${v}'`).join(' | '));
      return { name: m[1] as string, type, optional: /\boptional\b/.test(spec), rest: `${(head?.[2] ?? '').replace(/^[\s,]+/, '')} ${note}`.trim() };
    },
  },
];

/** "CarPark { name: text, unique; spaces: integer }", "- Job { customer -> Customer, status }": a record on one line, laid out as a block. */
function oneLineRecord(line: string): string[] {
  // ("Project = { ... }", "Counter := { ... }": a name given to the braces is the record's)
  const m = /^\s*(?:[-*•]\s+)?([A-Z]\w*)\s*(?::?=\s*)?\{\s*(.+?)\s*\}\s*$/.exec(line);
  if (!m) return [line];
  const inner = m[2] as string;
  // (semicolons part the fields when there are any: "name: text, unique; address: text")
  const parts = inner.includes(';') ? inner.split(/\s*;\s*/) : splitOutsideParens(inner, /,/).map((x) => x.trim());
  return [`${m[1] as string} {`, ...parts.filter(Boolean).map((p) => `  ${p}`), '}'];
}

/** GraphQL, Prisma and TypeScript enums: `enum Method { CASH CARD }`, `type Method = 'cash' | 'card'`. */
function readEnums(lines: readonly string[]): Map<string, string[]> {
  const enums = new Map<string, string[]>();
  const text = lines.map((l) => split(l)[0]).join('\n');
  for (const m of text.matchAll(/\benum\s+([A-Z]\w*)\s*\{([^}]*)\}/g)) enums.set(m[1] as string, (m[2] as string).split(/[\s,]+/).map((v) => v.replace(/\s*=.*$/, '')).filter(Boolean).map(valueWords));
  for (const m of text.matchAll(/\btype\s+([A-Z]\w*)\s*=\s*((?:'[^']*'|"[^"]*")(?:\s*\|\s*(?:'[^']*'|"[^"]*"))+)/g)) enums.set(m[1] as string, quoted(m[2] as string));
  return enums;
}

const valueWords = (v: string): string => (/^[A-Z0-9_]+$/.test(v) ? v.toLowerCase().replace(/_/g, ' ') : v);
const quoted = (s: string): string[] => [...s.matchAll(/'([^']*)'|"([^"]*)"/g)].map((q) => q[1] ?? q[2] ?? '');
const words = (name: string): string => name.split('_').flatMap((w) => splitIdentifier(w)).join(' ');

/** The field as a bullet the field readers read exactly, or undefined for one the store keeps (id, createdAt). */
function bullet(f: CodeField, records: ReadonlySet<string>, enums: ReadonlyMap<string, string[]>, refsKept: Set<string>): { line: string; note?: string } | undefined {
  const name = f.name.replace(/_?(?:Id|_id)$/, '');
  if (/^(?:id|createdAt|updatedAt|created_at|updated_at)$/.test(f.name)) return undefined;
  const pointer = /^(?:ref|reference|->)\s*(\w+)$/.exec(f.type.trim());
  const base = pointer ? (pointer[1] as string) : f.type.replace(/[[\]!]/g, '');
  const list = /\[\]$|^\[/.test(f.type);
  const parts: string[] = [];
  const dayOnly = /@db\.Date\b/.test(f.rest);
  let note = f.rest.replace(/@relation\([^)]*\)|@db\.\w+|@id\b|@default\((?:cuid|uuid|now|autoincrement)\(\)\)/g, '').trim();
  const take = (re: RegExp): RegExpExecArray | null => {
    const m = re.exec(note);
    if (m) note = note.replace(m[0], ' ').replace(/\s+/g, ' ').trim();
    return m;
  };
  const literal = quoted(f.type);
  const checkIn = take(/check\s*\(\s*\w+\s+in\s*\(([^)]*)\)\s*\)/i);
  // ("clamped | paid | released", "enum(bright nickel, chrome)": values written bare)
  const bare = /^\s*enum\s*[([]([^)\]]*)[)\]]\s*$/i.exec(f.type)?.[1]?.split(/\s*,\s*/) ?? (/^[a-z][\w ]*(?:\s*\|\s*[a-z][\w ]*)+$/i.test(f.type.trim()) ? f.type.split(/\s*\|\s*/).map((v) => v.trim()) : undefined);
  const values = literal.length > 1 ? literal : checkIn ? quoted(checkIn[1] as string) : (bare ?? enums.get(base));
  const record = [...records].find((r) => r === base || r === pascalCase(splitIdentifier(base)));
  const refComment = take(/^(?:ref(?:erence)?|fk)\b|\b([A-Z]\w*)\s+id\b/);
  const sqlRef = take(/references\s+["`]?(\w+)["`]?(?:\s*\([^)]*\))?/i);
  const idOf = f.name !== name && (refComment || sqlRef || records.size > 0);
  const target = record ?? (sqlRef ? recordOfTable(sqlRef[1] as string) : refComment?.[1] ?? (idOf ? [...records].find((r) => r.toLowerCase() === name.replace(/_/g, '').toLowerCase()) : undefined));
  if (target && list) return undefined; // the other side of a link: the records pointing here say it
  if (target) {
    // ("raceDay RaceDay @relation(...)" and "raceDayId String": one link, said once)
    if (refsKept.has(words(name))) return undefined;
    refsKept.add(words(name));
    parts.push(`ref ${target}`);
  } else if (values && values.length > 0) parts.push(values.map(valueWords).join(' | '));
  else {
    // ("email text unique", "name: text, unique": in code, text is any string; a long one is told by its name, "notes")
    const word = base.toLowerCase() === 'text' ? 'string' : dayOnly ? 'date' : (CODE_TYPE_WORDS[base.toLowerCase()] ?? 'string');
    const typed = word === 'string' ? take(/\b(?:ISO\s+)?(date ?time|datetime|timestamp|date|email|url)\b/i) : word === 'decimal' ? take(/\b(whole|integer)\b(?:\s+(?:number|months|days|years|minutes))?/i) : null;
    const said = typed ? ((typed[1] as string).toLowerCase() === 'whole' ? 'integer' : (typed[1] as string).toLowerCase().replace(/date ?time|timestamp/, 'datetime')) : word;
    // (a plain string says nothing its name does not: "email: string" is an email, "notes: string" text)
    if (list) parts.push(`list of ${word === 'string' ? 'strings' : `${word}s`}`);
    else if (said !== 'string') parts.push(said);
  }
  if (take(/@unique\b|\bunique\b/i)) parts.push('unique');
  if (f.optional && !values) parts.push('optional');
  take(/\bnot\s+null\b|\brequired\b|\boptional\b|\bprimary\s+key\b/gi);
  const range = take(/(?:between\s+)?(-?\d+(?:\.\d+)?)\s*(?:-|–|\.\.|to|and)\s*(-?\d+(?:\.\d+)?)/i);
  const least = range ? null : take(/(?:>=|min(?:imum)?\s*:?|at least)\s*(-?\d+(?:\.\d+)?)/i);
  const most = range ? null : take(/(?:<=|max(?:imum)?\s*:?|at most)\s*(-?\d+(?:\.\d+)?)/i);
  if (range) parts.push(`min ${range[1] as string}`, `max ${range[2] as string}`);
  if (least) parts.push(`min ${least[1] as string}`);
  if (most) parts.push(`max ${most[1] as string}`);
  const byDefault = take(/(?:@default\(|\bdefault\s*:?\s*)['"]?([\w ]+?)['"]?\)?(?=$|[\s,;])/i);
  const line = `- ${words(name)}${parts.length ? ` (${parts.join(', ')})` : ''}${values && byDefault ? ` (starts ${valueWords(byDefault[1] as string)})` : ''}`;
  note = note.replace(/\bcheck\b.*$/i, '').replace(/^[\s,;:()-]+|[\s,;:()-]+$/g, '').trim();
  return { line, note: note.length > 0 && !/^(?:ref|e\.g\.?|eg|int|integer)$/i.test(note) ? note : undefined };
}

/** A GraphQL Query or Mutation field as a request: "tenancies: [Tenancy!]!" lists tenancies. */
function operation(line: string, kind: string, records: ReadonlySet<string>): string | undefined {
  const [code, note] = split(line);
  const m = /^\s*(\w+)\s*(?:\(([^)]*)\))?\s*:\s*([\w[\]!]+)/.exec(code);
  if (!m) return undefined;
  const returned = (m[3] as string).replace(/[[\]!]/g, '');
  const args = (m[2] ?? '').split(',').map((a) => /^\s*(\w+)/.exec(a)?.[1] ?? '').filter((a) => a && !/^(?:id|input|from|to|limit|offset|first|after)$/.test(a));
  const said = words(m[1] as string);
  const aside = note ? ` (${note})` : '';
  if (kind === 'Query' && records.has(returned)) {
    const by = args.map((a) => words(a.replace(/Id$/, '')));
    return /^\[/.test(m[3] as string) ? `List ${plural(words(returned))}${by.length ? ` by ${by.join(' and ')}` : ''}.${aside}` : `Get a ${words(returned)}${by.length ? ` by ${by.join(' and ')}` : ''}.${aside}`;
  }
  const target = records.has(returned) ? returned : [...records].find((r) => r.toLowerCase().endsWith(splitIdentifier(m[1] as string).slice(1).join('').toLowerCase()));
  const verb = splitIdentifier(m[1] as string)[0] ?? '';
  if (!target) return `${said}${aside}`;
  return /^(?:add|create|new|record|register|log|make|submit)$/.test(verb) ? `Create a ${words(target)}.${aside}` : `${verb.charAt(0).toUpperCase()}${verb.slice(1)} a ${words(target)}.${aside}`;
}

/**
 * A line outside the blocks, a comment marker cut: "listLoans(member?, status?)" is "list loans by member
 * and status", "getMemberByNumber(memberNumber)" "get member by member number", "approveLoan   applied ->
 * approved" "approve loan (applied -> approved)".
 */
function commentLine(line: string): string {
  return line
    .replace(/^\s*(?:\/\/|--)\s?/, '')
    .replace(/\b([a-z]+(?:[A-Z][a-z]+)+)\s*\(([^)]*)\)/g, (_m, fn: string, args: string) => {
      const said = splitIdentifier(fn);
      const by = args.split(',').map((a) => words((/^\s*(\w+)/.exec(a)?.[1] ?? '').replace(/Id$/, ''))).filter((a) => a && a !== 'id' && a !== 'input');
      const at = said.indexOf('by');
      if (by.length === 0) return said.join(' ');
      return at >= 0 ? [...said.slice(0, at), 'by', by.join(' and ')].join(' ') : /^(?:list|get|find|search|show)$/.test(said[0] ?? '') ? `${said.join(' ')} by ${by.join(' and ')}` : said.join(' ');
    })
    .replace(/(?<![:?&=/{.])\b[a-z]+(?:[A-Z][a-z]+)+\b/g, (w) => words(w))
    .replace(/^(\s*[a-z][a-z ]*?)\s{2,}([a-z][\w ]*?(?:\s*\|\s*[a-z][\w ]*?)*\s*(?:->|→)\s*[a-z][\w ]*?)\s*$/i, '$1 ($2)');
}

/** The prompt with each schema block it holds rewritten as headings and field bullets. */
export function schemaCodeAsText(prompt: string): string {
  const lines = prompt.split('\n').filter((l) => !/^\s*```\w*\s*$/.test(l)).flatMap(oneLineRecord);
  const enums = readEnums(lines);
  const opened = lines.map((l) => SCHEMA_DIALECTS.map((d) => ({ d, name: d.opens(l) })).find((x) => x.name !== undefined));
  const records = new Set(opened.map((o, k) => (o && !/^(?:Query|Mutation|Subscription)$/.test(o.name as string) && !/^\s*input\b/.test(lines[k] as string) ? (o.name as string) : '')).filter(Boolean));
  if (records.size === 0) return prompt;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const open = opened[i];
    if (/^\s*enum\s+[A-Z]\w*\s*\{.*\}\s*$/.test(line) || /^\s*type\s+[A-Z]\w*\s*=\s*['"]/.test(line)) continue;
    if (/^\s*(?:enum|input)\s+[A-Z]\w*\s*\{\s*$/.test(line)) {
      while (i + 1 < lines.length && !braceCloses(lines[i + 1] as string)) i++;
      i++;
      continue;
    }
    if (!open) {
      // ("// approveLoan   applied -> approved", "-- a link worker may not hold more ..."): a comment is what it says
      out.push(commentLine(line));
      continue;
    }
    const name = open.name as string;
    const operations = /^(?:Query|Mutation|Subscription)$/.test(name);
    const body: string[] = [];
    const notes: string[] = [];
    const refsKept = new Set<string>();
    let j = i + 1;
    const indent = /^\s*/.exec(line)?.[0].length ?? 0;
    for (; j < lines.length; j++) {
      const l = lines[j] as string;
      if (open.d.closes(l, line)) break;
      // (a YAML record ends where its indentation does)
      if (open.d.name.startsWith('a YAML') && l.trim() !== '' && (/^\s*/.exec(l)?.[0].length ?? 0) <= indent) {
        j--;
        break;
      }
      if (l.trim() === '' || /^\s*(?:\/\/|--|#)/.test(l)) continue;
      if (operations) {
        const op = operation(l, name, records);
        if (op) body.push(op);
        continue;
      }
      const f = open.d.field(l);
      const b = f ? bullet(f, records, enums, refsKept) : undefined;
      if (b) body.push(b.line);
      if (b?.note) notes.push(`The ${words((f as CodeField).name)}, said in the code: "${b.note}".`);
    }
    out.push(...(operations ? body : [`## ${words(name).replace(/\b\w/g, (c) => c.toUpperCase())}`, ...body, '']), ...(notes.length ? ['## Notes from the code', ...notes, ''] : []));
    i = j;
  }
  return out.join('\n');
}
