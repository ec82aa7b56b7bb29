import type { Clause } from './clauses.js';
import type { FieldItem } from './phrasings.js';
import { isPluralForm, plural } from '../text.js';

/**
 * The hand-over from the typed stages to the sentence reader (analyze.ts), which still reads the
 * Statements and the declarations. A FieldList is handed over in the one declaration form the
 * reader reads exactly ("Teams: unique team name, project title, repo url (url)."), so its typed
 * items survive; Context and Heading clauses are not handed over and are listed as ignored.
 * This file goes when the reader takes typed drafts instead of text.
 */
export interface Handover {
  text: string;
  /** The user's words that were read as context and ignored, each with the reason. */
  ignored: string[];
  /** How many field lists the layout gave (bullets under a heading, tables, "Things: a, b"). */
  fieldLists: number;
}

export function handOver(clauses: readonly Clause[], dropped: readonly string[]): Handover {
  const lines: string[] = [];
  const ignored = dropped.map((d) => `"${d}" (greeting or sign-off)`);
  for (const c of clauses) {
    switch (c.kind) {
      case 'fieldList':
        lines.push(`${pluralSubject(c.subject)}: ${c.items.map(renderItem).join(', ')}.`);
        break;
      case 'statement':
        lines.push(/[.!?]$/.test(c.text) ? c.text : `${c.text}.`);
        break;
      case 'context':
        ignored.push(`"${c.text}" (${c.why})`);
        break;
      case 'heading':
        ignored.push(`"${c.text}" (a title)`);
        break;
    }
  }
  return { text: lines.join('\n'), ignored, fieldLists: clauses.filter((c) => c.kind === 'fieldList').length };
}

const TYPE_WORDS: Record<string, string> = { boolean: 'yes/no', number: 'number', integer: 'integer', date: 'date', datetime: 'datetime', text: 'text', email: 'email', url: 'url' };

/** "Tool" -> "Tools": the reader takes a plural heading over a list as the things described. */
export function pluralSubject(subject: string): string {
  const ws = subject.trim().split(/\s+/);
  const last = ws[ws.length - 1] ?? '';
  const out = isPluralForm(last.toLowerCase()) ? ws.join(' ') : [...ws.slice(0, -1), plural(last)].join(' ');
  return out.charAt(0).toUpperCase() + out.slice(1);
}

export function renderItem(item: FieldItem): string {
  const flags = (item.flags ?? []).filter((f) => f !== 'required');
  const name = [...flags, item.words].join(' ');
  if (item.values?.length) return `${name} (${item.values.join(', ')})`;
  const type = item.type ? TYPE_WORDS[item.type] : undefined;
  return type ? `${name} (${type})` : name;
}
