import type { GivenItem } from '../fields.js';
import { VERB_SET, type VerbClass, VERBS } from '../lexicon.js';
import type { ActionDraft, ResourceDraft, RuleDraft } from '../model.js';
import { type Clause, splitClauses, type Tok } from '../tokens.js';
import type { FilterContext } from './filters.js';
import { addReference, fieldAt, findResource, resourceAt } from './resolve.js';

/**
 * The reading state: what every stage of the sentence reader (stages/pipeline.ts runs them in
 * order) receives as `ctx`. It holds the prompt's clauses and the drafts read from them so far
 * (records, actions, rules), the gaps and notes, and the little memory the stages share ("the
 * record acted on last", "the record created last in this sentence"). Stages read and add to it;
 * nothing else keeps state between them.
 */

/**
 * A field list the layout stages already typed (stages/declare.ts): the record's words and its
 * items, read here as fields without being written back into a sentence.
 */
export interface TypedList {
  words: string[];
  items: { words: string; given: GivenItem }[];
  source: string;
}

export class ReadingState {
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
  /** Which action phrasing (stages/action-phrasings.ts) read each verb segment, in order. */
  readonly actionReadings: { segment: string; phrasing: string }[] = [];

  constructor(
    /** The prompt as written, for the stages that look for a word anywhere in it (stages/lifecycle-verbs.ts). */
    readonly prompt: string,
    readonly lists: readonly TypedList[] = [],
    /** Records to name otherwise wherever they are made or looked up (stages/record-names.ts, misnamedRecord). */
    readonly aliases: ReadonlyMap<string, readonly string[]> = new Map(),
  ) {
    this.clauses = splitClauses(prompt);
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
    link: (res, parent) => addReference(this, res, parent, true),
  };

  // ---------------------------------------------------------------- rules

  readonly forbidden = new Set<string>();
  /** "Students enroll in a course": what a subject's relation verb created, for "students drop a course". */
  readonly relationsBySubject = new Map<string, { rel: ResourceDraft; target: ResourceDraft }>();
}
