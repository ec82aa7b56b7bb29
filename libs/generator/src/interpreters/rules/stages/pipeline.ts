import { type FieldDraft, type ItemReading, readFieldItem } from '../fields.js';
import { MESSAGE_RECORDS, NEGATIONS, FIELD_STATEMENT_COPULAS, TYPE_BY_WORD } from '../lexicon.js';
import { type Analysis, keyOf, type ResourceDraft } from '../model.js';
import { singular } from '../text.js';
import { type Clause, tokenize, words as wordsOf } from '../tokens.js';
import { addImplicitActions, learnStateVerbs } from './complete.js';
import { recordPairs } from './field-items.js';
import { stripDeterminers } from './reading.js';
import { ReadingState, type TypedList } from './reading-state.js';
import { addField, addReference, ensureResource, fieldByWords, fieldOf, findResource, newResource } from './resolve.js';
import { addLimitRules, isRuleClause, readFieldStatement, readRule } from './rules.js';
import { collectCandidate, readSegments, segment } from './segment.js';
import { keepReadings, readBelongsTo, readContext, readDeclaration, readItems } from './sentences.js';

/**
 * The sentence reader's stage order: prompt text (and the field lists the layout stages typed)
 * -> records, actions and rules as drafts. Each step below is one stage, run once, in this order;
 * the order matters because a later stage reads what an earlier one found (fields are read once
 * every declared record is known, so "a post" in a list becomes a reference; rules are read once
 * the actions they name exist).
 */
export function analyze(prompt: string, lists: readonly TypedList[] = [], aliases?: ReadonlyMap<string, readonly string[]>): Analysis {
  return runPipeline(new ReadingState(prompt, lists, aliases));
}

export function runPipeline(ctx: ReadingState): Analysis {
  readDeclarations(ctx);
  const { ruleClauses, actionClauses } = sortStatements(ctx);
  readActions(ctx, actionClauses);
  for (const c of ruleClauses) readRule(ctx, c);
  complete(ctx);
  return {
    resources: ctx.resources,
    actions: ctx.actions,
    rules: ctx.rules,
    understood: ctx.understood,
    unmapped: ctx.unmapped,
    titleWords: ctx.titleWords,
  };
}

/**
 * 1. Headings and chit-chat, then declarations ("Books have ..."), then the typed field lists;
 *    the items waiting on them are read last, and state verbs are learnt from the states named.
 */
function readDeclarations(ctx: ReadingState): void {
  ctx.clauses.forEach((c, i) => {
    if (readContext(ctx, c, ctx.clauses[i + 1])) ctx.handled.add(c);
  });
  const typed = ctx.lists.map((l) => ({ list: l, res: ensureResource(ctx, l.words, l.source, true) }));
  ctx.clauses.forEach((c, i) => {
    if (!ctx.handled.has(c) && readDeclaration(ctx, c, ctx.clauses[i - 1])) ctx.handled.add(c);
  });
  for (const { list, res } of typed) readTypedList(ctx, list, res);
  for (const p of ctx.pendingItems) readItems(ctx, p.res, p.items, p.origin);
  learnStateVerbs(ctx);
}

/** A list stages/declare.ts typed: its references first, then its own fields, kept as typed. */
function readTypedList(ctx: ReadingState, list: TypedList, res: ResourceDraft): void {
  ctx.lastResource = res;
  // "belongs to a donor" makes the donor a record even before anything describes it
  for (const it of list.items) {
    if (!it.given.reference) continue;
    const words = it.words.split(/\s+/).map((w, k, all) => (k === all.length - 1 ? singular(w) : w));
    // "a donation belongs to a donor": the donor is a record of its own, never the donation
    // its agent noun would otherwise name
    const found = findResource(ctx, words);
    const parent = found && found !== res ? found : found && keyOf(found.words) === keyOf(words) ? found : newResource(ctx, words, list.source);
    addReference(ctx, res, parent, true);
  }
  // ("Bookings: course + student": one reference to each)
  const own = list.items.flatMap((it) => (it.given.reference ? [] : (recordPairs(it.words.toLowerCase().split(/\s+/), ctx.lookup)?.map((r) => ({ ...it, words: r.join(' ') })) ?? [it])));
  const readings = own.map((it) => readFieldItem(tokenize(it.words), ctx.lookup, res.words, it.given));
  shareMeasureTypes(readings, own.map((it) => it.given.type !== undefined || it.given.values !== undefined));
  keepReadings(ctx, res, readings, list.source);
}

/**
 * "original gravity (e.g. 1.052)" then "final gravity": an untyped item named like a measured one
 * in the same list (same last word) is measured the same way.
 */
function shareMeasureTypes(readings: ItemReading[], given: boolean[]): void {
  const fields = readings.map((r) => (r.kind === 'field' ? r.field : undefined));
  const head = (f: FieldDraft): string => f.words[f.words.length - 1] ?? '';
  fields.forEach((f, k) => {
    if (!f || given[k] || f.spec.type !== 'string' || f.spec.references) return;
    const like = fields.find((o) => o && o !== f && o.words.length > 1 && f.words.length > 1 && head(o) === head(f) && ['number', 'integer', 'date', 'datetime'].includes(o.spec.type));
    if (like) f.spec.type = like.spec.type;
  });
}

/**
 * 2. Statements about relations that need no action ("comments belong to a post") and about
 *    fields ("Status can be one of todo, doing, done"); what is left is sorted into rule clauses
 *    and action clauses. Clauses split off a declaration ("..., and can borrow books") keep their
 *    place in the prompt.
 */
function sortStatements(ctx: ReadingState): { ruleClauses: Clause[]; actionClauses: Clause[] } {
  const rest = [...ctx.clauses, ...ctx.extraClauses].sort((a, b) => a.sentence - b.sentence || a.index - b.index).filter((c) => !ctx.handled.has(c));
  const ruleClauses: Clause[] = [];
  const actionClauses: Clause[] = [];
  for (const c of rest) {
    if (readBelongsTo(ctx, c)) continue;
    // "Status can be one of todo, doing, done", "The price is optional"
    const ws = wordsOf(c.toks);
    const cop = ws.findIndex((w) => FIELD_STATEMENT_COPULAS.has(w));
    if (cop > 0 && cop <= 3 && !ws.some((w) => NEGATIONS.has(w)) && fieldByWords(ctx, stripDeterminers(ws.slice(0, cop))) && readFieldStatement(ctx, c)) continue;
    if (isRuleClause(ctx, c)) ruleClauses.push(c);
    else actionClauses.push(c);
  }
  return { ruleClauses, actionClauses };
}

/**
 * 3. Actions: every clause is cut into verb segments, the records named only as objects are
 *    learnt, then each segment is read (stages/actions.ts); a clause with no verb segment may
 *    still be a field statement, else it is a gap.
 */
function readActions(ctx: ReadingState, actionClauses: Clause[]): void {
  const segmented = actionClauses.map((c) => ({ clause: c, segs: segment(ctx, c) }));
  for (const { segs } of segmented) for (const s of segs) collectCandidate(ctx, s);
  for (const { clause, segs } of segmented) {
    if (segs.length === 0) {
      if (!readFieldStatement(ctx, clause)) ctx.unmapped.push(`"${clause.text}" (no action or field I recognise)`);
      continue;
    }
    readSegments(ctx, segs);
  }
}

// 4. Rules that refer to actions and relations are read in runPipeline (stages/rules.ts).

/**
 * 5. Completion: a message-like record gets its text, limits become capacity rules, and every
 *    record gets the CRUD a user expects of it (stages/complete.ts).
 */
function complete(ctx: ReadingState): void {
  // "visitors leave a message with their name": a message has text even when only its author is listed
  for (const res of ctx.resources) {
    const head = res.words[res.words.length - 1] as string;
    const picksFromList = ctx.rules.some((r) => r.kind === 'membership' && r.resource === keyOf(res.words));
    // (a treatment or a diagnosis written as a record is no message: only what people write to be read)
    if (TYPE_BY_WORD[head]?.type === 'text' && MESSAGE_RECORDS.has(head) && !picksFromList && res.fields.length > 0 && !res.fields.some((f) => f.spec.type === 'text') && !fieldOf(ctx, res, 'text')) {
      addField(ctx, res, { spec: { name: 'text', type: 'text', required: true }, words: ['text', 'content', 'body'] });
    }
  }
  addLimitRules(ctx);
  addImplicitActions(ctx);
}
