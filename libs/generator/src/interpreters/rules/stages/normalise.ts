import { CASUAL_SPELLINGS, CONTEXT_LABELS, JOINED_NAMES, CURRENCY_SIGNS, GREETINGS, PHRASAL_VERBS, SECTION_LABELS, SIGN_OFFS, THAN_WORDS, VERB_SET } from '../lexicon.js';
import { documentLine } from './context.js';
import { endpointLines, labelledRoutes } from './endpoints.js';
import { columnsAsItems, lookUpsByIt } from './line-layouts.js';
import { bothAreRecords } from './paren-notes.js';
import { readSections } from './sections.js';
import { plural, singular } from '../text.js';
import { splitSentence } from './split-sentence.js';

/**
 * Stage 1: the prompt's layout, before any word is read. Markdown headings, bold headings, short
 * lines ending with a colon, bullets and numbered items, table rows, and sentences of plain
 * text. A greeting in front of a sentence and a sign-off are cut and kept in `dropped`, so the
 * words the user wrote can still be quoted.
 */
export type Line =
  | { kind: 'heading'; text: string; level: number }
  | { kind: 'bullet'; text: string; depth: number }
  | { kind: 'row'; cells: string[] }
  | { kind: 'sentence'; text: string };

export interface Normalised {
  lines: Line[];
  /** Words cut from the text (greetings, sign-offs), quoted as ignored. */
  dropped: string[];
}

const BULLET = /^\s*(?:[-*•+]|\d{1,2}[.)]|[a-h]\)|[A-H][.)](?=\s+[A-Z]))\s+\S/;
const ABBREVIATIONS = /\b(?:e\.g|i\.e|etc|vs|approx|incl|min|max)\.$/i;
/** "No. 5" is a number; "yes or no. also ..." ends a sentence. */
const NUMBER_SIGN = /\bno\.$/i;
/** Emoji (with skin tones, joiners and variation selectors) and the space before them say nothing of the backend. */
const EMOJI = /[ \t]*(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D})+/gu;
/** "getting out of hand 😅 want to track ...": an emoji between two words ends the sentence before it. */
const EMOJI_BETWEEN_WORDS = /(?<=[\p{L}\p{N})])[ \t]*(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D})+[ \t]+(?=\p{L})/gu;

export function normalise(prompt: string): Normalised {
  const lines: Line[] = [];
  const dropped: string[] = [];
  // ("name | length (feet) | berths": items split by bars, with no table around them and no "=" or ":" before values, are a list)
  const raw = labelledRoutes(prompt.replace(/\r\n?/g, '\n')).replace(EMOJI_BETWEEN_WORDS, '. ').replace(EMOJI, '').split('\n').filter((l) => l.trim() !== '')
    // ("POST /jobs/{id}/start": a route says an action)
    .flatMap((l) => endpointLines(l))
    .map((l, k, all) => (/^\s*[^|\s:=][^|:=]*(?:\s\|\s[^|:=]+){2,}$/.test(l) && !/^\s*\|?\s*:?-{2,}/.test(all[k + 1] ?? '') ? l.replace(/\s\|\s/g, ', ') : l))
    // ("manage yachts (add, edit, remove, list)": the verbs in parentheses are what is asked)
    .map((l) => l.replace(MANAGE_VERBS, (_m, what: string, verbs: string) => `${verbs} ${what}`))
    // ("- boards: add, list by level, delete": each verb acts on the records the label names)
    .map((l) => l.replace(RECORD_VERBS, (all, mark: string, what: string, verbs: string) => {
      const parts = verbs.split(/\s*[,;]\s*|\s+and\s+/).map((p) => p.replace(/^(?:also|then|plus)\s+/i, '')).filter(Boolean);
      // (bare verbs only, "players: create, list, get", are read as they are)
      const apply = parts.every((p) => CRUD_START.test(p)) && parts.some((p) => /\s/.test(p));
      // ("get by sail number": one record is got by a field, so it is "get a yacht by sail number")
      // ("courses: create, list, update, delete": a bare verb but a list's acts on one record)
      const single = (p: string): boolean => /^(?:get|show|view|see)\s+by\b/i.test(p) || (!/\s/.test(p) && !/^(?:list|search|see|view)$/i.test(p));
      const one = (p: string): string => (single(p) ? p.replace(/^(\S+)/, `$1 a ${singular(what)}`) : p.replace(/^(\S+)/, `$1 ${what}`));
      return apply ? `${mark}${parts.map((p) => (/^\S+\s+(?:a|an|the|one)\s/i.test(p) ? p : one(p))).join(', ')}` : all;
    }));
  columnsAsItems(raw);
  // ("date_of_birth", "contact_phone": a name written as a programmer writes it is its words)
  // ("clientName", "installedOn": so is one in camel case; "iPhone" and "eBay" are names, not two words)
  // ("FeedOrder:", "-> TrackDay": a record's name as code writes it is its words too, brands aside)
  raw.forEach((l, k) => (raw[k] = l.replace(/\b([a-z]+(?:_[a-z0-9]+)+)\b/gi, (w: string) => w.replace(/_/g, ' ')).replace(/\b[a-z]{2,}(?:[A-Z][a-z0-9]+)+\b/g, (w: string) => w.replace(/(?<=[a-z0-9])(?=[A-Z])/g, ' ').toLowerCase())
    .replace(/\b[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+\b/g, (w: string) => (JOINED_NAMES.has(w.toLowerCase()) ? w : w.replace(/(?<=[a-z0-9])(?=[A-Z])/g, ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase())))));
  const consumed = new Set<number>();
  /** What was said beside field items, read after everything else (fieldItem). */
  const ruleNotes: string[] = [];
  // "1. Customers" or "Teams" over one unmarked, deeper line: "Customers: name, address, ..."
  // ("4. Notes" over "Two vans, ..." stays a section label over its sentences)
  const labelsOneList = (label: string, at: number): boolean => {
    const only = raw[at + 1] as string;
    if (BULLET.test(only) || isDeeper(raw[at + 2], only) || SECTION_LABELS.has(label.toLowerCase())) return false;
    consumed.add(at + 1);
    for (const s of sentences(`${label}: ${stripMarks(only.trim())}`)) for (const part of splitSentence(s)) lines.push({ kind: 'sentence', text: part });
    return true;
  };
  raw.forEach((rawLine, at) => {
    if (consumed.has(at)) return;
    const line = rawLine.replace(/\s+$/, '');
    const trimmed = line.trim();
    const md = /^(#{1,6})\s+(.+?)\s*#*$/.exec(trimmed);
    if (md) {
      lines.push({ kind: 'heading', text: stripMarks(md[2] as string).replace(/:$/, ''), level: (md[1] as string).length });
      return;
    }
    const bold = /^(?:\*\*|__)(.+?)(?:\*\*|__)\s*:?$/.exec(trimmed);
    if (bold) {
      lines.push({ kind: 'heading', text: (bold[1] as string).replace(/:$/, '').trim(), level: 3 });
      return;
    }
    if (/^\|.*\|$/.test(trimmed)) {
      const cells = trimmed.slice(1, -1).split('|').map((c) => stripMarks(c.trim()));
      if (cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '')) return; // the separator row
      lines.push({ kind: 'row', cells });
      return;
    }
    // ("A. Members: name, ...": a lettered item, as numbered ones)
    const bullet = /^(\s*)(?:[-*•+]|\d{1,2}[.)]|[a-h]\)|[A-H][.)](?=\s+[A-Z]))\s+(.+)$/.exec(line);
    // "1. Customers" over more indented lines: an item holding others is their heading
    // ("- status" over "  - new, paid" is a field with its values: only a numbered item labels a group)
    // ("A. Entrants" over "   1. bib number": a lettered item, as a numbered one)
    if (bullet && /^\s*(?:\d|[A-Ha-h][.)])/.test(line) && isGroupLabel(bullet[2] as string, (bullet[1] as string).length, raw[at + 1])) {
      const label = stripMarks(bullet[2] as string).replace(/:$/, '').trim();
      if (!labelsOneList(label, at)) lines.push({ kind: 'heading', text: label, level: 4 });
      return;
    }
    if (bullet) {
      const item = fieldItem(bullet[2] as string);
      ruleNotes.push(...item.readLater);
      dropped.push(...item.context);
      lines.push({ kind: 'bullet', text: item.text, depth: Math.floor((bullet[1] as string).length / 2) });
      return;
    }
    // "Wheel" over "  code: unique": a short indented line under an unindented one is a bullet
    const indent = /^(\s{2,})\S/.exec(line);
    if (indent && at > 0 && trimmed.split(/\s+/).length <= 8 && !/[.!?]\s/.test(trimmed)) {
      lines.push({ kind: 'bullet', text: stripMarks(trimmed), depth: Math.floor((indent[1] as string).length / 2) });
      return;
    }
    // "Cafe menu with allergens." over "Dish: name, ..." lines: the first line of a spec names it
    if (at === 0 && isSpecTitle(trimmed, raw.slice(1))) {
      lines.push({ kind: 'heading', text: stripMarks(trimmed.replace(/\.$/, '')), level: 1 });
      return;
    }
    // "Purpose: club night court bookings and the member list.": a line that explains the spec, kept as context
    const explained = /^([A-Za-z ]{3,20}):\s+\S/.exec(stripMarks(trimmed));
    if (explained && CONTEXT_LABELS.has((explained[1] as string).trim().toLowerCase())) {
      dropped.push(stripMarks(trimmed));
      return;
    }
    // "Purpose", "Background:" alone on a line: a section of the spec over what explains it
    if (CONTEXT_LABELS.has(trimmed.replace(/:$/, '').toLowerCase())) {
      lines.push({ kind: 'heading', text: stripMarks(trimmed.replace(/:$/, '')), level: 4 });
      return;
    }
    // "Orders:" alone on a line, short: a heading over what follows; "Dogs" alone over bullets too
    // "Teams" over "  name, division, captain's email": a label over its one list
    if (!/^\s/.test(line) && at > 0 && isGroupLabel(trimmed, 0, raw[at + 1]) && /,/.test(raw[at + 1] ?? '') && labelsOneList(stripMarks(trimmed).replace(/:$/, ''), at)) return;
    const overIndented = !/^\s/.test(line) && /^\s{2,}\S/.test(raw[at + 1] ?? '');
    const overBullets = (BULLET.test(raw[at + 1] ?? '') || overIndented) && !/[.!?,;]$/.test(trimmed);
    // ("Tickets (one ticket = one seat)" over bullets: a note in parentheses is no part of the label's length;
    // "EMBROIDERY ORDERS - spec v1 (workwear)" over them is the document's title, no label)
    if ((/^[^.!?]{1,40}:$/.test(trimmed) || overBullets) && trimmed.replace(/\s*\([^)]*\)/g, '').split(/\s+/).length <= 5 && !(at === 0 && documentLine(trimmed))) {
      lines.push({ kind: 'heading', text: stripMarks(trimmed.replace(/:$/, '')), level: 4 });
      return;
    }
    // ("**We need to:** list productions, see the cast": what follows the colon is what they need to do)
    const said = sentences(stripMarks(trimmed).replace(/^((?:i|we)\s+(?:need|want|would like)\s+to|(?:i|we)\s+(?:need|want))\s*:\s+/i, '$1 '));
    said.forEach((s, k) => {
      // "Our association organises litter picks. For each litter pick we want:" over bullets: the last sentence heads them
      if (k === said.length - 1 && k > 0 && /:$/.test(s.trim()) && s.split(/\s+/).length <= 8 && BULLET.test(raw[at + 1] ?? '') && !/:\s*\S[^,]*,/.test(raw[at + 1] ?? '')) {
        lines.push({ kind: 'heading', text: s.trim().replace(/:$/, ''), level: 4 });
        return;
      }
      // ("For our bureau de change counter, record each transaction ...": where the writer works is context)
      const place = /^for\s+(?:our|my)\s+[a-z' -]{2,50}?,\s+(?=[a-z])/i.exec(s)?.[0] ?? '';
      if (place) dropped.push(place.replace(/,\s*$/, ''));
      // ("and customers (they must be 18+): name, ...": the "and" joins the record to what came before, it names nothing)
      const { text, cut } = trimTalk(s.slice(place.length).replace(/^(?:and|also|plus)\s+(?=[a-z][a-z ]{0,30}(?:\s*\([^)]*\))?\s*:)/i, ''));
      dropped.push(...cut);
      // ("customers (they must be 18+ so i keep it): name, ...": a sentence beside the label is said after the list)
      const aside = /^([a-z][a-z ]{0,30}?)\s*\(((?:they|it|he|she|we|i|each|every|all)\b[^()]{3,80})\)\s*:\s*(\S.*)$/i.exec(text);
      const parts = aside ? [`${aside[1] as string}: ${aside[3] as string}`, `${(aside[2] as string).charAt(0).toUpperCase()}${(aside[2] as string).slice(1)}.`] : [text];
      for (const part of parts.flatMap((t) => splitSentence(t))) lines.push({ kind: 'sentence', text: part });
    });
  });
  // the rules said beside fields are read as rules, once every record is known
  if (ruleNotes.length > 0) lines.push({ kind: 'heading', text: 'Rules', level: 2 }, ...ruleNotes.map((text) => ({ kind: 'sentence' as const, text })));
  return { lines: readSections(lines), dropped };
}

/** Sentences of one line: split after . ! ? before a space, never after an abbreviation. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    // ("sash level (1 = white ... 10 = black)": a full stop inside parentheses that close ends nothing)
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    if (depth > 0 && text.indexOf(')', i) > 0) continue;
    if ((c === '.' || c === '!' || c === '?') && (i + 1 === text.length || /\s/.test(text[i + 1] as string))) {
      const piece = text.slice(start, i + 1);
      if (c === '.' && (ABBREVIATIONS.test(piece) || (NUMBER_SIGN.test(piece) && /^\s*\d/.test(text.slice(i + 1))))) continue;
      if (piece.trim()) out.push(piece.trim());
      start = i + 1;
    }
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Cuts a leading greeting ("Hello! ", "hey so ") and a sign-off sentence ("Thanks!", "lol"). */
export function trimTalk(sentence: string): { text: string; cut: string[] } {
  const cut: string[] = [];
  let text = sentence;
  for (let changed = true; changed; ) {
    changed = false;
    const lower = text.toLowerCase();
    for (const g of GREETINGS) {
      if (lower.startsWith(g) && (lower.length === g.length || /[\s,!.:;]/.test(lower[g.length] as string))) {
        const m = new RegExp(`^.{${g.length}}[\\s,!.:;]*`).exec(text) as RegExpExecArray;
        cut.push(m[0].trim());
        text = text.slice(m[0].length);
        changed = true;
        break;
      }
    }
  }
  const bare = text.toLowerCase().replace(/[\s!.,:;)(]+/g, ' ').trim();
  if (bare === '' || SIGN_OFFS.includes(bare)) {
    if (text.trim()) cut.push(text.trim());
    return { text: '', cut };
  }
  // "... in paper lol." keeps its words and loses the laugh
  const tail = /\s+(lol|haha|thx|thanks|pls|please)[!.]*$/i.exec(text);
  if (tail) {
    cut.push(tail[1] as string);
    text = text.slice(0, tail.index) + (/[.!?]$/.test(text) ? '.' : '');
  }
  return { text: text.trim(), cut };
}

/** Markdown emphasis and code marks around words ("**name**", "`email`"). */
function stripMarks(text: string): string {
  return text.replace(/\*\*|__|`/g, '').replace(/(^|\s)[*_](\S[^*_]*\S|\S)[*_](?=\s|$|[,.;:])/g, '$1$2').trim();
}

/** A short first line without a verb of the writer's, over lines that label records ("Dish: name, price"). */
function isSpecTitle(line: string, rest: readonly string[]): boolean {
  if (!/^[^,:;!?()]{1,70}\.?$/.test(line) || line.split(/\s+/).length > 9 || /\b(?:i|we|my|our|need|want|can|is|are|has|have|track|keep|log|record)\b/i.test(line)) return false;
  return rest.filter((l) => /^[A-Z][A-Za-z ]{0,30}:\s*\S/.test(l.trim())).length >= 2;
}

/**
 * "1. Customers" followed by "   name, address, ..." or by indented bullets: a short item without a
 * sentence's punctuation, the next line indented deeper, labels a group (a heading), never a field.
 */
function isGroupLabel(text: string, indent: number, next: string | undefined): boolean {
  if (!isDeeper(next, ' '.repeat(indent))) return false;
  const words = stripMarks(text).replace(/:$/, '').trim();
  return words.split(/\s+/).length <= 4 && !/[.!?,;()]/.test(words);
}

/** The line is indented deeper than the one above it. */
function isDeeper(line: string | undefined, above: string): boolean {
  const at = /^(\s*)\S/.exec(line ?? '');
  return at !== null && (at[1] as string).length > (/^\s*/.exec(above)?.[0].length ?? 0);
}

/** "more bookings then quads": "then" after a comparative. */
const THEN_AFTER_COMPARATIVE = new RegExp(`\\b(${[...THAN_WORDS].join('|')})\\b((?:\\s+[a-z']+){0,4}?)\\s+then\\b`, 'gi');
/** "pull up all the visits": a phrasal verb before what it acts on. */
const PHRASAL = new RegExp(`\\b(${Object.keys(PHRASAL_VERBS).join('|')})\\b(?=\\s+(?:(?:just|only)\\s+)?(?:the|all|a|an|every|any|his|her|their|its)\\b)`, 'gi');
/** "make list of reservation by the date", "give me a list of ...": asking for a list is listing. */
const LIST_MAKING = /\b(?:make|makes|give (?:me|us)|show (?:me|us)|get (?:me|us))\s+(?:a\s+)?list\s+of\b/gi;

/** Two commas or more before `at` in its sentence: a list is being written there. */
const listBefore = (text: string, at: number): boolean => (/[^.!?\n]*$/.exec(text.slice(0, at))?.[0].split(',').length ?? 0) >= 3;

/** The prompt with casual spellings repaired (lexicon CASUAL_SPELLINGS; "more X then Y" -> "than"; phrasal verbs), the layout kept. */
export function repairSpelling(prompt: string): string {
  const lines = prompt.split('\n');
  const text = [...lines, ...lookUpsByIt(lines)].join('\n');
  return text
    .replace(/\b[A-Za-z]+\b/g, (w) => {
      const fixed = CASUAL_SPELLINGS[w.toLowerCase()];
      if (!fixed) return w;
      return /^[A-Z]/.test(w) ? fixed.charAt(0).toUpperCase() + fixed.slice(1) : fixed;
    })
    .replace(THEN_AFTER_COMPARATIVE, '$1$2 than')
    // ("The smallest payment we accept is £1", "the biggest party we take is 12": a bound said as the least or most taken)
    .replace(/\b(?:the\s+)?(smallest|lowest|least|minimum|biggest|largest|highest|maximum)\s+([a-z]+(?:\s[a-z]+)?)\s+(?:(?:that\s+)?(?:we|i)\s+(?:accept|take|allow|sell|book|do)\s+|(?:allowed|accepted)\s+)?is\s+(?=[£$€]?\d)/gi, (_m, way: string, what: string) =>
      `The ${what} must be ${/^(?:smallest|lowest|least|minimum)$/i.test(way) ? 'at least' : 'at most'} `)
    // ("..., plus a way to look a card up by its code": what is asked after the list is a sentence of its own)
    .replace(/[,;]\s+(?:plus|and|also|and also)\s+(?:a way|the ability|an option|some way)\s+(?:for\s+[a-z]+\s+)?to\s+([a-z])/gi, (_m, first: string) => `. ${first.toUpperCase()}`)
    // ("just the job list filtered by postcode": a list of records named by them is listing them; a waiting or price list is a thing)
    .replace(/\b(?:the|a|my|our)\s+(?!(?:waiting|price|shopping|mailing|wish|reading|guest|bucket|check|short|long)\s)([a-z]+?)(s?)\s+list\s+(?=(?:filtered|sorted|ordered|searchable|by|per)\b)/gi, (_m, what: string) => `the list of ${plural(what)} `)
    // ("bottomless? yes/no (otherwise a la carte)", "a whole-street yes/no flag": a yes/no after its name is its type, the note after it a note)
    .replace(/(?<=[a-z])(\??) (?:yes\/no|yes or no|y\/n)(?: (?:flag|field|box|tick ?box|checkbox|toggle))?(?:[ \t]*\([^()]*\))?(?=[ \t]*(?:[,.;]|$|and\b|or\b))/gim, (said: string, mark: string, at: number, all: string) => {
      // (not inside parentheses: "(which shopper, return visit yes/no, comments)" is read as it is)
      const line = all.slice(all.lastIndexOf('\n', at) + 1, at);
      return (line.match(/\(/g)?.length ?? 0) > (line.match(/\)/g)?.length ?? 0) ? said : `${mark} (yes/no)`;
    })
    // ("mother, father (both are geckos)": each is a link to a gecko)
    .replace(/[^\n]+/g, bothAreRecords)
    // ("Members can drop out (delete their registration).", "refund = delete the ticket": the words the writer
    // explains are said again as a request, and that request is what is asked)
    .replace(EXPLAINED_REQUEST, (_m, lead: string, request: string, end: string) => `${lead}${request}${end}`)
    .replace(EQUATED_REQUEST, (_m, lead: string, request: string) => `${lead}${request}`)
    // ("- add item / list items / get item by sku": requests parted by slashes are a list of requests)
    .replace(SLASHED_REQUESTS, (line: string) => line.replace(/\s\/\s/g, ', '))
    // ("hours (decimal, 0.5 - 12)": a range written with spaces round its dash is one range, not two values)
    .replace(/\b(\d+(?:\.\d+)?)[ \t]+[–-][ \t]+(\d+(?:\.\d+)?)\b(?![ \t]*[-–:/])/g, '$1-$2')
    // ("each order is from one cafe, for one flavour (...), a number of trays and ...": what it is from and for, it has)
    .replace(/\b(each|every)\s+([a-z]+)\s+is\s+(?:from|for)\s+(?:one|a|an)\s+([a-z]+(?: [a-z]+)?,\s[^.;\n]*)/gi, (_m, each: string, what: string, rest: string) => `${each} ${what} has a ${rest.replace(/,\s+(?:for|from|with)\s+(?:one|a|an)\s+/gi, ', a ').replace(/,\s+with\s+/i, ', ')}`)
    // ("I log the sales against a batch: the market name, ...": the records logged have the list, and the record they are against)
    .replace(/\b(?:i|we)\s+(?:log|record|keep|track|take|enter)\s+(?:the\s+)?([a-z]+s)\s+(?:against|for|on|per)\s+(?:a|an|each|one)\s+([a-z]+):\s+(?:the\s+)?/gi, (_m, what: string, parent: string) => `${what.charAt(0).toUpperCase()}${what.slice(1)} have a ${parent}, `)
    // ("status booked / done / no answer": values parted by spaced slashes after a name are its values)
    .replace(/\b([a-z]+)[ \t]+([a-z]+(?:[ \t]+\/[ \t]+[a-z]+(?: [a-z]+)?){2,})(?=[ \t]*(?:[,.;]|$|and\b))/gim, (all: string, name: string, values: string, at: number, text: string) =>
      // (after a colon the values are read as they are: "status: open for entries / selling / closed")
      /:/.test(text.slice(text.lastIndexOf('\n', at) + 1, at)) || /^(?:for|of|to|in|on|with|by|from|at|or|and|is|are)$/i.test(name) ? all : `${name} (${values.split(/[ \t]+\/[ \t]+/).join(', ')})`)
    // ("runners must be 16 or older", "No visitor under 8 years old": a least age said of the records)
    .replace(/\b(must|should|have to|need to)\s+be\s+(\d+)\s+or\s+(?:older|over|above)\b/gi, '$1 be at least $2')
    .replace(/(^|[.!?]\s+|\n\s*(?:[-*•]\s+)?)no\s+([a-z]+?)s?\s+(?:under|younger than|below)\s+(\d+)(?:\s*(?:years?|yrs?)(?:\s+old)?)\b/gi, (_m, start: string, who: string, n: string) => `${start}${who}s must be at least ${n}`)
    // ("dancers age between 3 and 90 lol": a field and its bounds with no verb between them)
    .replace(/(^|[.!?]\s+)(?:(?:oh\s+)?and\s+|also\s+)?([a-z]+s'?\s+)?([a-z]+)\s+(between\s+-?\d+(?:\.\d+)?\s+and\s+-?\d+(?:\.\d+)?)(?=\s*(?:[.!]|\s+lol|$))/gim, (_m, start: string, whose: string | undefined, what: string, bounds: string) => `${start}${whose ?? ''}${what} must be ${bounds}`)
    // ("Catalogue for my shop: for each product the brand, ...": the records the list is of, said after the label)
    // ("for every batch record the honey variety": a verb after the record is the writer's, read as written)
    .replace(/:\s+for\s+(each|every)\s+([a-z]+(?:\s[a-z]+)?)\s+the\s+(?=[a-z])/gi, (m, each: string, what: string) =>
      VERB_SET.has(what.split(' ')[1]?.toLowerCase() ?? '') ? m : `. For ${each.toLowerCase()} ${what}: `)
    // ("a 3-letter currency code": how many letters is a note on the field, not part of its name)
    .replace(/\b(\d+)-(letter|digit|character|char)s?\s+([a-z]+(?:\s[a-z]+)?)\b/gi, (_m, n: string, unit: string, what: string) => `${what} (${n} ${unit.toLowerCase()}s)`)
    // ("pick up time": the noun is one word before another noun, as the writers spell it, 45 times of 46)
    .replace(/\bpick[- ]up\s+(?=(?:time|date|day|address|location|place|point|slot|window|spot)s?\b)/gi, 'pickup ')
    // ("membership no. (unique)", "the tracking no. then ...", "no. of lions (1-3)": "no." after a
    // noun, or before "of", is a number; "paid yes or no." is not)
    .replace(/\b(?!(?:yes|or|and|say|says|answer|is|was|are|were)\b)([a-z]+)\s+no\.(?=\s*(?:[(,;)]|$|(?:then|and|like|so|pls|please)\b))/gim, '$1 number')
    .replace(/(^|[,;:(]\s*|\b(?:and|the|a)\s+)no\.\s+of\b/gim, '$1number of')
    // ("a grade from 1 to 6 for how hard it is": what the field is for says nothing of its name)
    .replace(/[ \t]+(?:for|to say|to show)[ \t]+how[ \t]+[a-z]+[ \t]+(?:it|they)[ \t]+(?:is|are)\b/gi, '')
    // ("bag colour - natural, black or navy - and how many in stock": values between dashes, in a line, are the field's)
    .replace(/\b([a-z]+(?: [a-z]+)?)[ \t]+[-–—][ \t]+((?:[a-z]+(?: [a-z]+)?[ \t]*,[ \t]*)+[a-z]+(?: [a-z]+)?,?[ \t]+or[ \t]+[a-z]+(?: [a-z]+)?)[ \t]+[-–—][ \t]+/gi, '$1 ($2), ')
    // ("- **return** a hire - once only, ...": a bullet that does something to a record, then a note on it)
    .replace(/^(\s*[-*•]\s+)(\**([a-z]+)\**\s+(?:a|an|the)\s+[a-z]+)\s+[-–—]\s+(?=\S)/gim, (all, lead: string, act: string, verb: string) => (VERB_SET.has(verb.toLowerCase()) ? `${lead}${act}. ` : all))
    // ("size S M or L", "size XS S M L XL": short capitals after a field's name are its values)
    .replace(/\b([a-z]+)\s+((?:[A-Z]{1,3}\s+(?:or\s+)?){1,7}[A-Z]{1,3})(?=\s*(?:$|[,.;)]|\s+and\s))/g, (_all, name: string, values: string) => `${name} (${values.split(/\s+(?:or\s+)?/).join(', ')})`)
    // ("every game we play should be recorded with ...": a clause saying who does it names no other record)
    .replace(/\b(every|each|all the|all|the|any)\s+([a-z]+)\s+(?:that\s+)?(?:we|i|you|they)\s+([a-z]+)\s+(?=(?:should|must|will|is|are|has|have|gets|get|needs|need|can|goes|go|records|holds|keeps|includes|stores|carries)\b)/gi, '$1 $2 ')
    // ("menu items got a name, price ...", "orders got customer name, ...": records that "got" their fields have them)
    .replace(/\b([a-z]+s)\s+got\s+(?=(?:a|an|the|their|its|[a-z]+\s+name|name)\b)(?!(?:[a-z]+ed)\b)/gi, '$1 have ')
    // ("customers place orders for one product giving their email and a quantity": what they give, they give with it)
    .replace(/(?<!\bby\s)\b(?:giving|providing|supplying|leaving)\s+(?=(?:their|his|her)\s)/gi, 'with ')
    // ("people order: there name, what bulb ...": "there" before a field's name, opening an item, is "their")
    .replace(/(^|[:,;(]\s*|\n\s*[-*•]?\s*)there\s+(?=(?:name|names|email|emails|phone|phones|address|addresses|age|ages|number|numbers|details)\b)/gi, '$1their ')
    // ("i need delete orders", "I want see all orders": the "to" a learner leaves out)
    .replace(/\b(need|needs|want|wants)\s+(see|delete|list|add|remove|change|update|find|search|view|record|keep|track|save|create|edit|mark|cancel|show|know|check)\b/gi, '$1 to $2')
    // ("pull up all the visits of a client": the plain verb a phrasal one stands for)
    .replace(PHRASAL, (w) => PHRASAL_VERBS[w.toLowerCase()] ?? w)
    .replace(LIST_MAKING, 'list')
    // ("floor area in m²": the unit as it is typed on a keyboard)
    .replace(/\bin\s+([£€$])(?=\s|$|[,.;)])/g, (_all, sign: string) => `in ${CURRENCY_SIGNS[sign] as string}`) // ("value in £")
    .replace(/(?<=\b(?:m|cm|mm|km|ft|in))²/g, '2')
    .replace(/(?<=\b(?:m|cm|mm|ft))³/g, '3')
    // ("..., home score and away score, and list matches by date": a list request ends the list of fields)
    // ("..., a status available / rented / repair, we need to change the status": the writer's own sentence ends the list)
    .replace(/,\s+(?:and\s+)?(?=(?:i|we)\s+(?:need|want|can|must|should|have to|would|will|also)\b)/gi, (m, at: number, all: string) => (listBefore(all, at) ? '. ' : m))
    // ("..., pack size and price, and customers place orders for one product ...": people doing something start a sentence)
    .replace(/,\s+and\s+(?:the\s+)?([a-z]+s)\s+([a-z]+)(?=\s+(?:a|an|the|their|one|[a-z]+s)\b)/gi, (m, who: string, verb: string, at: number, all: string) =>
      listBefore(all, at) && VERB_SET.has(verb.toLowerCase()) ? `. ${who.charAt(0).toUpperCase()}${who.slice(1)} ${verb}` : m)
    // ("..., a start date and an end date, and an urn whose condition is broken can't be hired out": a rule after the list is a sentence of its own)
    .replace(/,\s+and\s+(?=(?:a|an|the|no|each|every)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:whose|that|which|who)\b[^,.;]*?\b(?:can't|cannot|can not|mustn't|must not|may not|should not|shouldn't|won't|never|(?:is|are) not|isn't|aren't)\b)/gi, (m, at: number, all: string) =>
      listBefore(all, at) ? '. ' : m)
    // (only after a list of two commas or more in the same sentence: "..., and I want to see all orders" stays)
    .replace(/,\s+and\s+(?:(?:i|we)\s+(?:can|want to|need to|would like to)\s+)?(list|show|see|view|find|search|look up)\s+(?=(?:all\s+|the\s+|my\s+|our\s+)?[a-z]+s\b)/gi, (m, verb: string, at: number, all: string) =>
      listBefore(all, at) ? `. ${verb.charAt(0).toUpperCase()}${verb.slice(1)} ` : m)
    // ("list only the confirmed bookings", "list horseboxes by number of stalls", "i want products by category")
    .replace(/\b(list|show|see|view)\s+only\s+(?=the\b|all\b|[a-z]+s\b)/gi, '$1 ')
    .replace(/\bby\s+(?:the\s+)?number\s+of\s+(?=[a-z]+s\b)/gi, 'by ')
    .replace(/\b(want|need)\s+((?:all\s+)?(?:the\s+|my\s+|our\s+)?[a-z]+s\s+by)\b/gi, '$1 to list $2')
    // ("see a stylist's appointments": the records of one of those, as "the appointments of a stylist")
    .replace(/\b(see|show|list|view|find|display|check)\s+(?:all\s+)?(a|an|the|each|one|every|any)\s+([a-z]+)'s\s+([a-z]+s)\b/gi, '$1 the $4 of $2 $3')
    // ("board no. (unique)": the abbreviation of "number" ends no sentence; the name keeps it as written, boardNo)
    .replace(NUMBER_ABBREVIATION, (all, before: string, no: string) => (NOT_BEFORE_NUMBER.has(before.toLowerCase()) ? all : `${before} ${no}`));
}

/**
 * A field item and what is said beside it: "active (yes/no); stations get switched off when they
 * break" (a sentence after a semicolon, read once every record is known), "gender (m/f) - needed
 * for team sheets" (a note after a typed field's dash, kept as context), "guests - can't be more
 * than the house sleeps" (a rule on the field, read with the rules); bounds after a comma go in
 * parentheses.
 */
function fieldItem(written: string): { text: string; readLater: string[]; context: string[] } {
  let text = stripMarks(written);
  const readLater: string[] = [];
  const context: string[] = [];
  const said = /^([^;]{1,40});\s+(\S+(?:\s+\S+){3,})$/.exec(text);
  if (said) {
    readLater.push(`${(said[2] as string).replace(/[.!]+$/, '')}.`);
    text = said[1] as string;
  }
  // ("age (must be 14 or over)": what it must be, in parentheses, is the field's note)
  text = boundsInParens(text.replace(/\(\s*(?:must|should|has to|needs to)\s+be\s+(?=\d|at least|at most|between|over|under|no more|no less)/i, '('));
  const noted = /^([^-–—]+\([^)]*\))\s+[-–—]\s+(\S.{2,})$/.exec(text);
  if (noted && !FIELD_RULE_NOTE.test(`x - ${noted[2] as string}`)) {
    context.push(noted[2] as string);
    text = noted[1] as string;
  }
  const rule = FIELD_RULE_NOTE.exec(text);
  if (rule) {
    readLater.push(`The ${(rule[1] as string).trim()} ${(rule[2] as string).replace(/[.!]+$/, '')}.`);
    text = (rule[1] as string).trim();
  }
  return { text, readLater, context };
}

/**
 * "rainfall in mm, 0 or more", "seat number, 1 to 120", "wind speed (km/h)": bounds written after a
 * comma are the field's bounds, as in parentheses; a speed's unit is one word.
 */
export function boundsInParens(item: string): string {
  const n = '(-?\\d+(?:\\.\\d+)?)';
  return item
    .replace(/\b(km|mi)\s*\/\s*h\b/gi, (_m, u: string) => `${u.toLowerCase()}h`)
    .replace(new RegExp(`,\\s*(?:from\\s+)?${n}\\s*(?:to|-|–)\\s*${n}\\s*$`), ' ($1 to $2)')
    .replace(new RegExp(`,\\s*${n}\\s+or\\s+(more|above|over|less|below|under)\\s*$`), (_m, v: string, way: string) => ` (${['more', 'above', 'over'].includes(way) ? 'at least' : 'at most'} ${v})`)
    .replace(new RegExp(`,\\s*(at least|at most|up to|max|min)\\s+${n}\\s*$`), ' ($1 $2)');
}

const CRUD_WORD = '(?:add|edit|update|remove|delete|list|view|create|see|get|show|search)';
const MANAGE_VERBS = new RegExp(`\\b(?:manage|maintain|handle)\\s+([a-z][a-z ]*?)\\s*\\((${CRUD_WORD}(?:(?:\\s*,\\s*|\\s+(?:and|or)\\s+|\\s*\\/\\s*)${CRUD_WORD})+)\\)`, 'gi');

const CRUD_START = new RegExp(`^${CRUD_WORD}\\b`, 'i');
// (each with its object: "create / list / get students" is one request of three verbs, read as it is)
const EXPLAINED_REQUEST = new RegExp(`^(.*?\\b(?:can|may|could|should|will|must)[ \\t]+)[a-z][a-z' \\t]{0,30}?[ \\t]*\\((?:i\\.e\\.|ie|=)?[ \\t]*((?:${CRUD_WORD}|cancel|change|remove)[ \\t]+(?:their|his|her|its|the|a|an|my|our)[ \\t]+[^()\\n]+)\\)[ \\t]*([.!]?)[ \\t]*$`, 'gim');
const EQUATED_REQUEST = new RegExp(`^([ \\t]*(?:(?:[-*•]|[a-z0-9]{1,2}[.)])[ \\t]+)?)[a-z][a-z' \\t]{0,30}?[ \\t]*=[ \\t]*((?:${CRUD_WORD}|cancel|change|remove)[ \\t]+(?:their|his|her|its|the|a|an|my|our)[ \\t]+[^\\n]+)$`, 'gim');
const SLASHED_REQUESTS = new RegExp(`^[ \\t]*(?:[-*•][ \\t]+)?${CRUD_WORD}[ \\t]+[a-z][^/\\n]*(?:[ \\t]\\/[ \\t]${CRUD_WORD}[ \\t]+[a-z][^/\\n]*){2,}$`, 'gim');
/** "- boards: add, list by level": a label naming records, then only verbs. */
const RECORD_VERBS = new RegExp(`^(\\s*(?:[-*•]\\s+)?)([a-z][a-z ]{0,30}?s)\\s*:\\s*(${CRUD_WORD}\\b.*)$`, 'i');

/** A field item, a dash, then a rule on it ("room - must be one of the project's rooms"). */
const FIELD_RULE_NOTE = /^([^-–—:(]{1,40}?)\s+[-–—]+\s+((?:can't|cannot|can not|must|mustn't|may not|should|shouldn't|has to|have to|never|no more than|at most)\b.+)$/i;

const NUMBER_ABBREVIATION = /\b([A-Za-z]+)[ \t]+(no|nr)\.(?=[ \t]*[(,;:)]|[ \t]*$|[ \t])/gim;
/** Words after which a "no" is a word of its own ("yes or no", "say no", "there is no."). */
const NOT_BEFORE_NUMBER = new Set(['yes', 'or', 'and', 'say', 'says', 'said', 'is', 'are', 'was', 'were', 'be', 'with', 'have', 'has', 'had', 'there', 'answer', 'answered', 'to', 'if', 'just', 'simply', 'maybe', 'a', 'the', 'of', 'for']);
