import { type GivenItem, readFieldItem } from './fields.js';
import { NEGATIONS, TYPE_BY_WORD, VERB_SET, type VerbClass, VERBS } from './lexicon.js';
import { type ActionDraft, type Analysis, keyOf, type ResourceDraft, type RuleDraft } from './model.js';
import { singular } from './text.js';
import type { FilterContext } from './stages/filters.js';
import { type Clause, splitClauses, type Tok, tokenize, words as wordsOf } from './tokens.js';
import { stripDeterminers } from './stages/reading.js';
import { addField, addReference, ensureResource, newResource, fieldAt, fieldByWords, fieldOf, findResource, resourceAt } from './stages/resolve.js';
import { keepReadings, readBelongsTo, readContext, readDeclaration, readItems } from './stages/sentences.js';
import { collectCandidate, readSegments, segment } from './stages/segment.js';
import { addLimitRules, isRuleClause, readFieldStatement, readRule } from './stages/rules.js';
import { addImplicitActions, learnStateVerbs } from './stages/complete.js';

/**
 * A field list the layout stages already typed (stages/declare.ts): the record's words and its
 * items, read here as fields without being written back into a sentence.
 */
export interface TypedList {
  words: string[];
  items: { words: string; given: GivenItem }[];
  source: string;
}

export function analyze(prompt: string, lists: readonly TypedList[] = []): Analysis {
  return new Analyzer(prompt, lists).run();
}

export class Analyzer {
  readonly clauses: Clause[];
  readonly resources: ResourceDraft[] = [];
  readonly actions: ActionDraft[] = [];
  readonly rules: RuleDraft[] = [];
  readonly understood: string[] = [];
  readonly unmapped: string[] = [];
  readonly titleWords: string[] = [];
  readonly handled = new Set<Clause>();
  readonly extraClauses: Clause[] = [];
  lastResource: ResourceDraft | undefined;
  readonly verbs = new Map<string, VerbClass>(Object.entries(VERBS));
  verbSet: Set<string> = new Set(VERB_SET);
  lastCreated: ResourceDraft | undefined;
  lastCreatedSentence = -1;
  readonly pendingItems: { res: ResourceDraft; items: Tok[][]; origin: string }[] = [];
  /** Which rule phrasing read each rule clause (for tests and the docs), in order. */
  readonly ruleReadings: { clause: string; phrasing: string; reading: string }[] = [];

  constructor(
    prompt: string,
    readonly lists: readonly TypedList[] = [],
  ) {
    this.clauses = splitClauses(prompt);
  }

  run(): Analysis {
    // 1. headings and chit-chat, then declarations ("Books have ..."); fields are read once every
    //    declared resource is known, so "a post" inside a list becomes a reference.
    this.clauses.forEach((c, i) => {
      if (readContext(this, c, this.clauses[i + 1])) this.handled.add(c);
    });
    const typed = this.lists.map((l) => ({ list: l, res: ensureResource(this, l.words, l.source, true) }));
    this.clauses.forEach((c, i) => {
      if (!this.handled.has(c) && readDeclaration(this, c, this.clauses[i - 1])) this.handled.add(c);
    });
    for (const { list, res } of typed) {
      this.lastResource = res;
      // "belongs to a donor" makes the donor a record even before anything describes it
      for (const it of list.items) {
        if (!it.given.reference) continue;
        const words = it.words.split(/\s+/).map((w, k, all) => (k === all.length - 1 ? singular(w) : w));
        // "a donation belongs to a donor": the donor is a record of its own, never the donation
        // its agent noun would otherwise name
        const found = findResource(this, words);
        const parent = found && found !== res ? found : found && keyOf(found.words) === keyOf(words) ? found : newResource(this, words, list.source);
        addReference(this, res, parent, true);
      }
      const own = list.items.filter((it) => !it.given.reference);
      keepReadings(this, res, own.map((it) => readFieldItem(tokenize(it.words), this.lookup, res.words, it.given)), list.source);
    }
    for (const p of this.pendingItems) readItems(this, p.res, p.items, p.origin);
    learnStateVerbs(this);

    // 2. statements about relations that do not need actions ("comments belong to a post")
    // clauses split off a declaration ("..., and can borrow books") keep their place in the prompt
    const rest = [...this.clauses, ...this.extraClauses].sort((a, b) => a.sentence - b.sentence || a.index - b.index).filter((c) => !this.handled.has(c));
    const ruleClauses: Clause[] = [];
    const actionClauses: Clause[] = [];
    for (const c of rest) {
      if (readBelongsTo(this, c)) continue;
      // "Status can be one of todo, doing, done", "The price is optional"
      const ws = wordsOf(c.toks);
      const cop = ws.findIndex((w) => ['must', 'should', 'is', 'are', 'can', 'may'].includes(w));
      if (cop > 0 && cop <= 3 && !ws.some((w) => NEGATIONS.has(w)) && fieldByWords(this, stripDeterminers(ws.slice(0, cop))) && readFieldStatement(this, c)) continue;
      if (isRuleClause(this, c)) ruleClauses.push(c);
      else actionClauses.push(c);
    }

    // 3. actions: segment every clause, learn the resources named only as objects, then read them
    const segmented = actionClauses.map((c) => ({ clause: c, segs: segment(this, c) }));
    for (const { segs } of segmented) for (const s of segs) collectCandidate(this, s);
    for (const { clause, segs } of segmented) {
      if (segs.length === 0) {
        if (!readFieldStatement(this, clause)) this.unmapped.push(`"${clause.text}" (no action or field I recognise)`);
        continue;
      }
      readSegments(this, segs);
    }

    // 4. rules that refer to actions and relations
    for (const c of ruleClauses) readRule(this, c);

    // "visitors leave a message with their name": a message has text even when only its author is listed
    for (const res of this.resources) {
      const head = res.words[res.words.length - 1] as string;
      const picksFromList = this.rules.some((r) => r.kind === 'membership' && r.resource === keyOf(res.words));
      if (TYPE_BY_WORD[head]?.type === 'text' && !picksFromList && res.fields.length > 0 && !res.fields.some((f) => f.spec.type === 'text') && !fieldOf(this, res, 'text')) {
        addField(this, res, { spec: { name: 'text', type: 'text', required: true }, words: ['text', 'content', 'body'] });
      }
    }
    addLimitRules(this);
    addImplicitActions(this);
    return {
      resources: this.resources,
      actions: this.actions,
      rules: this.rules,
      understood: this.understood,
      unmapped: this.unmapped,
      titleWords: this.titleWords,
    };
  }

  // ---------------------------------------------------------------- resources and fields

  lookup = (ws: string[]): string[] | undefined => findResource(this, ws)?.words;

  // ---------------------------------------------------------------- headings and declarations

  titleAgent = false;
  readonly headings = new Set<Clause>();

  // ---------------------------------------------------------------- actions

  merges = 0;

  readonly filterContext: FilterContext = {
    fieldAt: (res, toks, i) => fieldAt(this, res, toks, i),
    resourceAt: (toks, i) => resourceAt(this, toks, i),
    unmapped: this.unmapped,
  };

  // ---------------------------------------------------------------- rules

  readonly forbidden = new Set<string>();
  /** "Students enroll in a course": what a subject's relation verb created, for "students drop a course". */
  readonly relationsBySubject = new Map<string, { rel: ResourceDraft; target: ResourceDraft }>();

  // ---------------------------------------------------------------- defaults
}
