import type { EffectSpec, FieldSpec, FilterSpec, GuardSpec, ParamSpec } from '@backforge/blueprint';
import { prepareFieldList, readFieldItem, type FieldDraft, type GivenItem, type ItemReading } from './fields.js';
import {
  ACTOR_WORDS,
  AGENT_NOUN_RESOURCES,
  COMPARATIVES,
  POSSESSIVES,
  DETERMINERS,
  ENUM_TARGETS,
  FILLER_WORDS,
  GENERATED_NOUNS,
  LOOKUP_KEYS,
  META_NOUNS,
  META_VERBS,
  MODALS,
  NAME_NOISE,
  NOMINALIZATION,
  PHRASAL,
  PRESENCE,
  STATE_OF_VERB,
  TALLY_NOUNS,
  TITLE_TAILS,
  TYPE_BY_WORD,
  VERBS,
  type VerbClass,
} from './lexicon.js';
import { keyOf, type ActionDraft, type Analysis, type ResourceDraft, type RuleDraft } from './model.js';
import { camelCase, isPluralForm, pascalCase, pastParticiple, plural, singular, splitIdentifier, taggedAsVerb, verbInfinitive, verbLemma } from './text.js';
import { readFilters, readOrder, type FilterContext } from './stages/filters.js';
import { splitClauses, splitList, textOf, tokenize, words as wordsOf, type Clause, type Tok } from './tokens.js';

const VERB_SET: ReadonlySet<string> = new Set(Object.keys(VERBS));
const REFUSALS = new Set(['refused', 'denied', 'forbidden', 'disallowed', 'prevented', 'prohibited', 'rejected']);
const DESCRIPTIVE_NUMBERS = new Set(['percentage', 'percent', 'discount', 'price', 'rate', 'fee', 'cost', 'year', 'age', 'temperature', 'weight', 'height', 'length', 'width', 'duration', 'minutes', 'latitude', 'longitude', 'gpa']);
const LENDING_VERBS = new Set(['borrow', 'lend', 'loan', 'rent', 'lease', 'hire', 'check_out', 'checkout']);
/** Decisions with two outcomes: true accepts, false turns down. */
const DECISION_SIDES: Record<string, boolean> = { accept: true, approve: true, reject: false, decline: false, deny: false };
/** Verbs saying records are kept ("a place to keep gigs"). */
const KEEP_VERBS = new Set(['keep', 'track', 'store', 'manage', 'log', 'record', 'organize', 'organise']);
/** Marks given on a scale ("give it a score from 1 to 10") and the verb that gives each. */
const SCALE_NOUNS: Record<string, string> = { score: 'score', rating: 'rate', grade: 'grade', mark: 'grade' };
const INCREASE_WORDS = new Set(['adds', 'add', 'increases', 'increase', 'raises', 'plus', 'increments', 'increment', 'tops', 'bumps']);
const DECREASE_WORDS = new Set(['subtracts', 'subtract', 'decreases', 'decrease', 'reduces', 'reduce', 'removes', 'lowers', 'minus', 'decrements', 'deducts', 'takes']);
/** Actors that are people using the backend, never records of it (teams and owners may be). */
const PERSON_WORDS = new Set(['user', 'visitor', 'people', 'person', 'someone', 'anyone', 'everyone', 'anybody', 'somebody', 'we', 'i', 'you', 'they', 'he', 'she', 'me', 'us', 'caller', 'consumer', 'public', 'folk', 'client']);
/** Things counted on a record rather than kept as records ("add points to a team"). */
const COUNT_NOUNS = new Set(['points', 'credits', 'coins', 'stars', 'tokens', 'hours', 'minutes', 'miles', 'kilometers', 'goals', 'wins', 'losses', 'xp']);
/** People named by the records their relation verbs create ("the members of a club"). */
const AGENT_RECORDS: Record<string, string[]> = { member: ['membership'], subscriber: ['subscription'], attendee: ['attendance', 'booking', 'registration', 'rsvp', 'signup'], participant: ['registration', 'enrollment', 'signup'], bidder: ['bid'], voter: ['vote'], applicant: ['application'], enrollee: ['enrollment'], registrant: ['registration'], donor: ['donation'] };
/** States that undo another ("mark it fixed" after "report it broken"). */
const ANTONYMS: Record<string, string> = { fixed: 'broken', repaired: 'broken', found: 'lost', returned: 'lost', unlocked: 'locked', unblocked: 'blocked', resolved: 'broken', working: 'broken', available: 'unavailable', healthy: 'sick', recovered: 'sick' };
/** Relation verbs that, with nothing to choose between, count on their target. */
const COUNTED_VOTES = new Set(['vote', 'upvote', 'endorse', 'nominate']);
/** Nouns that, after "the/my", name the whole collection being described ("see the list"). */
const COLLECTION_NOUNS = new Set(['list', 'watchlist', 'wishlist', 'backlog', 'catalog', 'catalogue', 'collection', 'queue', 'roster', 'lineup', 'leaderboard', 'ranking', 'rankings', 'waitlist']);
/** Verbs that give a record a score on a stated scale ("rate them from 1 to 10"). */
const RATE_VERBS = new Set(['rate', 'score', 'grade']);
/** Yes/no fields that say a place is taken, and the verbs that free it. */
const OCCUPANCY = new Set(['occupied', 'taken', 'inUse', 'busy', 'inService', 'booked', 'reserved', 'parked', 'full']);
const LEAVE_VERBS = new Set(['leave', 'vacate', 'exit', 'free', 'release', 'depart', 'empty', 'clear']);
/** Relation verbs whose direct object is the record they create ("book an appointment", "order pizzas"). */
const CREATES_OBJECT = new Set(['book', 'reserve', 'order', 'report', 'request', 'register', 'submit', 'post', 'upload', 'log', 'record', 'file', 'purchase', 'buy', 'apply', 'bid', 'pledge', 'donate', 'complain', 'rsvp', 'sign_up', 'enroll', 'enrol', 'subscribe', 'join', 'attend', 'comment', 'review', 'answer', 'reply', 'respond', 'nominate', 'endorse', 'cast']);
const PHRASAL_HEADS: ReadonlySet<string> = new Set(PHRASAL.map(([head]) => head));

const CONNECTORS: string[][] = [
  ['consist', 'of'], ['consists', 'of'], ['is', 'made', 'of'], ['are', 'made', 'of'], ['comes', 'with'], ['come', 'with'], ['is', 'described', 'by'], ['are', 'described', 'by'],
  ['should', 'have'], ['must', 'have'], ['will', 'have'], ['can', 'have'], ['may', 'have'],
  ['have'], ['has'], ['having'], ['with'], ['contain'], ['contains'], ['include'], ['includes'], ['store'], ['stores'], ['carry'], ['carries'], ['need'], ['needs'], ['require'], ['requires'], ['keep'], ['keeps'], ['track'], ['tracks'], ['record'], ['records'],
];
const PREPOSITIONS = new Set(['to', 'for', 'on', 'in', 'at', 'of', 'by', 'from', 'into', 'onto', 'about', 'per', 'via', 'under', 'over', 'with', 'without', 'within', 'between', 'through', 'after', 'before', 'as', 'than', 'whether', 'that', 'which', 'who', 'if', 'when']);
const PRONOUNS = new Set(['them', 'it', 'they', 'those', 'these', 'one', 'ones', 'each', 'him', 'her', 'everything', 'everyone', 'everybody']);
const BE_WORDS = new Set(['be', 'is', 'are', 'been', 'being', 'get', 'gets', 'was', 'were', 'become', 'becomes']);
const SEPARATORS = new Set([',', 'and', 'or', 'then', '&', 'plus', 'also', 'where']);
const SEP_FILLERS = new Set([',', 'and', 'or', 'then', 'either', 'optionally', 'also', 'can', 'could', 'may', 'should', 'must', 'will', 'to', 'be', 'able', 'way', 'ability', 'finally', 'lastly', 'we', 'i', 'you', 'want', 'need', 'it', 'possible', 'is', 'option', 'endpoint', 'endpoints', 'let', 'allow', 'them', 'later', 'afterwards', 'both', 'easily', 'even', 'just', 'there', 'some', 'other', 'others', 'another', 'one', 'that', 'which']);
const NEGATIONS = new Set(['cannot', "can't", 'not', 'never', "mustn't", "shouldn't", "won't", "isn't", "aren't", 'no', "don't", "doesn't", 'nobody']);
const COUNT_VERBS = new Set(['count', 'counts', 'counted', 'increment', 'increments', 'incremented', 'increase', 'increases', 'bump', 'bumps', 'add', 'adds', 'record', 'records', 'register', 'registers', 'log', 'logs', 'track', 'tracks', 'tally', 'tallies']);
const LIMIT_WORDS = new Set(['capacity', 'exceed', 'exceeds', 'beyond', 'full', 'limit', 'limited', 'maximum', 'more', 'over', 'most', 'max', 'extra', 'excess', 'past', 'overbooked', 'oversold']);
const RELATION_PREPS = new Set(['to', 'for', 'on', 'in', 'at', 'into', 'onto', 'with', 'from']);
const SUBJECT_SKIP = new Set([...MODALS, ...META_VERBS, 'way', 'ability', 'endpoint', 'endpoints', 'possible', 'is', 'are', 'there', 'it', 'option', 'feature', 'also', 'please', 'able', 'be', 'easily', 'should', 'where', 'so', 'that']);

interface Segment {
  lemma: string;
  cls: VerbClass;
  /** Index of the verb in the clause's tokens. */
  verbIndex: number;
  /** "Bookings can be cancelled": the subject is what the verb acts on. */
  passive: boolean;
  /** "laptops that students can check out": the object named before "that". */
  antecedent?: Tok[];
  /** Tokens after the verb, up to the next segment. */
  rest: Tok[];
  verbTok: Tok;
  clause: Clause;
  subject: string[];
  text: string;
}

type ObjectRef =
  | { kind: 'resource'; res: ResourceDraft; plural: boolean; all: boolean; end: number; shared?: boolean }
  | { kind: 'field'; res: ResourceDraft; field: FieldDraft; end: number; possessive: boolean }
  | { kind: 'pronoun'; plural: boolean; end: number }
  | { kind: 'noun'; words: string[]; plural: boolean; end: number }
  | { kind: 'none'; end: number };

const stripDeterminers = (ws: string[]): string[] => {
  let out = ws;
  while (out.length && (DETERMINERS.has(out[0] as string) || NAME_NOISE.has(out[0] as string) || out[0] === 'for' || out[0] === 'of')) out = out.slice(1);
  return out;
};

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

class Analyzer {
  private readonly clauses: Clause[];
  private readonly resources: ResourceDraft[] = [];
  private readonly actions: ActionDraft[] = [];
  private readonly rules: RuleDraft[] = [];
  private readonly understood: string[] = [];
  private readonly unmapped: string[] = [];
  private readonly titleWords: string[] = [];
  private readonly handled = new Set<Clause>();
  private readonly extraClauses: Clause[] = [];
  private lastResource: ResourceDraft | undefined;
  private readonly verbs = new Map<string, VerbClass>(Object.entries(VERBS));
  private verbSet: Set<string> = new Set(VERB_SET);
  private lastCreated: ResourceDraft | undefined;
  private lastCreatedSentence = -1;
  private readonly pendingItems: { res: ResourceDraft; items: Tok[][]; origin: string }[] = [];

  constructor(
    prompt: string,
    private readonly lists: readonly TypedList[] = [],
  ) {
    this.clauses = splitClauses(prompt);
  }

  run(): Analysis {
    // 1. headings and chit-chat, then declarations ("Books have ..."); fields are read once every
    //    declared resource is known, so "a post" inside a list becomes a reference.
    this.clauses.forEach((c, i) => {
      if (this.readContext(c, this.clauses[i + 1])) this.handled.add(c);
    });
    const typed = this.lists.map((l) => ({ list: l, res: this.ensureResource(l.words, l.source, true) }));
    this.clauses.forEach((c, i) => {
      if (!this.handled.has(c) && this.readDeclaration(c, this.clauses[i - 1])) this.handled.add(c);
    });
    for (const { list, res } of typed) {
      this.lastResource = res;
      // "belongs to a donor" makes the donor a record even before anything describes it
      for (const it of list.items) if (it.given.reference) this.addReference(res, this.ensureResource(it.words.split(/\s+/).map((w, k, all) => (k === all.length - 1 ? singular(w) : w)), list.source, false), true);
      const own = list.items.filter((it) => !it.given.reference);
      this.keepReadings(res, own.map((it) => readFieldItem(tokenize(it.words), this.lookup, res.words, it.given)), list.source);
    }
    for (const p of this.pendingItems) this.readItems(p.res, p.items, p.origin);
    this.learnStateVerbs();

    // 2. statements about relations that do not need actions ("comments belong to a post")
    // clauses split off a declaration ("..., and can borrow books") keep their place in the prompt
    const rest = [...this.clauses, ...this.extraClauses].sort((a, b) => a.sentence - b.sentence || a.index - b.index).filter((c) => !this.handled.has(c));
    const ruleClauses: Clause[] = [];
    const actionClauses: Clause[] = [];
    for (const c of rest) {
      if (this.readBelongsTo(c)) continue;
      // "Status can be one of todo, doing, done", "The price is optional"
      const ws = wordsOf(c.toks);
      const cop = ws.findIndex((w) => ['must', 'should', 'is', 'are', 'can', 'may'].includes(w));
      if (cop > 0 && cop <= 3 && !ws.some((w) => NEGATIONS.has(w)) && this.fieldByWords(stripDeterminers(ws.slice(0, cop))) && this.readFieldStatement(c)) continue;
      if (this.isRuleClause(c)) ruleClauses.push(c);
      else actionClauses.push(c);
    }

    // 3. actions: segment every clause, learn the resources named only as objects, then read them
    const segmented = actionClauses.map((c) => ({ clause: c, segs: this.segment(c) }));
    for (const { segs } of segmented) for (const s of segs) this.collectCandidate(s);
    for (const { clause, segs } of segmented) {
      if (segs.length === 0) {
        if (!this.readFieldStatement(clause)) this.unmapped.push(`"${clause.text}" (no action or field I recognise)`);
        continue;
      }
      this.readSegments(segs);
    }

    // 4. rules that refer to actions and relations
    for (const c of ruleClauses) this.readRule(c);

    // "visitors leave a message with their name": a message has text even when only its author is listed
    for (const res of this.resources) {
      const head = res.words[res.words.length - 1] as string;
      const picksFromList = this.rules.some((r) => r.kind === 'membership' && r.resource === keyOf(res.words));
      if (TYPE_BY_WORD[head]?.type === 'text' && !picksFromList && res.fields.length > 0 && !res.fields.some((f) => f.spec.type === 'text') && !this.fieldOf(res, 'text')) {
        this.addField(res, { spec: { name: 'text', type: 'text', required: true }, words: ['text', 'content', 'body'] });
      }
    }
    this.addLimitRules();
    this.addImplicitActions();
    return {
      resources: this.resources,
      actions: this.actions,
      rules: this.rules,
      understood: this.understood,
      unmapped: this.unmapped,
      titleWords: this.titleWords,
    };
  }

  /** Enum values and yes/no fields that are past participles make their verbs known ("retired" -> retire). */
  private learnStateVerbs(): void {
    for (const res of this.resources) {
      for (const f of res.fields) {
        const states = f.spec.type === 'enum' ? (f.spec.values ?? []) : f.spec.type === 'boolean' ? [f.spec.name] : [];
        for (const state of states) {
          const w = state.toLowerCase();
          if (!/^[a-z]+ed$/.test(w)) continue;
          const lemma = verbInfinitive(w);
          if (lemma && lemma !== w && !this.verbs.has(lemma)) {
            this.verbs.set(lemma, 'state');
            this.verbSet.add(lemma);
          }
        }
      }
    }
  }

  // ---------------------------------------------------------------- resources and fields

  private findResource(ws: readonly string[]): ResourceDraft | undefined {
    const clean = stripDeterminers(ws.map((w) => w.toLowerCase()));
    if (clean.length === 0) return undefined;
    const sing = [...clean.slice(0, -1), singular(clean[clean.length - 1] as string)];
    const joinedSing = sing.join('').replace(/-/g, '');
    const exact = this.resources.find((r) => keyOf(r.words) === keyOf(sing) || keyOf(r.words) === keyOf(clean) || r.words.join('') === joinedSing);
    if (exact) return exact;
    if (clean.length === 1) {
      // "the members of a club" when joining made Memberships: the people are their records
      const agentOf = AGENT_RECORDS[sing[0] as string];
      const byAgent = agentOf ? this.resources.filter((r) => r.words.length === 1 && agentOf.includes(r.words[0] as string)) : [];
      if (byAgent.length === 1 && !this.resources.some((r) => keyOf(r.words) === sing[0])) return byAgent[0];
      const byHead = this.resources.filter((r) => r.words[r.words.length - 1] === sing[0]);
      if (byHead.length === 1) return byHead[0];
      const joined = this.resources.find((r) => r.words.join('') === sing[0]);
      if (joined) return joined;
      // "a card" of LanguageFlashcards: the noun closing a compound word names the same thing
      const word = sing[0] as string;
      const byCompound = word.length >= 3 ? this.resources.filter((r) => { const head = r.words[r.words.length - 1] as string; return head.length > word.length + 2 && head.endsWith(word); }) : [];
      if (byCompound.length === 1) return byCompound[0];
    }
    return undefined;
  }

  /** Also matches one word of a longer name ("bugs" for BugReport), for objects of verbs only. */
  private findResourceLoose(ws: readonly string[]): ResourceDraft | undefined {
    const strict = this.findResource(ws);
    if (strict) return strict;
    const clean = stripDeterminers(ws.map((w) => w.toLowerCase()));
    if (clean.length !== 1) return clean.length > 1 ? this.findResourceByHead(clean) : undefined;
    const w = singular(clean[0] as string).replace(/-/g, '');
    const hits = this.resources.filter((r) => r.words.length > 1 && r.words.some((x) => x === w));
    return hits.length === 1 ? hits[0] : undefined;
  }

  /** "job offers" for Offer: a modifier before a resource's name, for objects of verbs only. */
  private findResourceByHead(ws: readonly string[]): ResourceDraft | undefined {
    const clean = stripDeterminers(ws.map((w) => w.toLowerCase()));
    if (clean.length < 2) return this.findResourceLoose(ws);
    return this.findResource(clean.slice(-1));
  }

  /** Longest resource name starting at `i` ("blog posts", "posts"). */
  private resourceAt(toks: readonly Tok[], i: number): { res: ResourceDraft; end: number; plural: boolean } | undefined {
    for (let len = 3; len >= 1; len--) {
      const slice = toks.slice(i, i + len);
      if (slice.length < len || slice.some((t) => !/^[a-z]/.test(t.w))) continue;
      const res = this.findResource(slice.map((t) => t.w));
      if (res) {
        const lastWord = (slice[slice.length - 1] as Tok).w;
        return { res, end: i + len, plural: isPluralForm(lastWord) };
      }
    }
    return undefined;
  }

  private ensureResource(ws: string[], origin: string, declared: boolean): ResourceDraft {
    const existing = this.findResource(ws);
    if (existing) {
      if (declared) existing.declared = true;
      return existing;
    }
    const res: ResourceDraft = { words: ws, fields: [], origin, declared };
    this.resources.push(res);
    return res;
  }

  private fieldOf(res: ResourceDraft, name: string): FieldDraft | undefined {
    return res.fields.find((f) => f.spec.name === name);
  }

  private addField(res: ResourceDraft, field: FieldDraft): FieldDraft {
    const existing = this.fieldOf(res, field.spec.name);
    if (existing) return existing;
    res.fields.push(field);
    return field;
  }

  /** A field of `res` named by the words at `i` ("status", "cooking time", "tag" for tags). */
  private fieldAt(res: ResourceDraft, toks: readonly Tok[], i: number): { field: FieldDraft; end: number } | undefined {
    const t = toks[i];
    if (!t || !/^[a-z]/.test(t.w)) return undefined;
    for (let len = 3; len >= 1; len--) {
      const slice = toks.slice(i, i + len).map((x) => x.w);
      if (slice.length < len) continue;
      const name = camelCase([...slice.slice(0, -1), slice[slice.length - 1] as string]);
      const nameSing = camelCase([...slice.slice(0, -1), singular(slice[slice.length - 1] as string)]);
      const f = res.fields.find((x) => x.spec.name === name || x.spec.name === nameSing || (x.spec.type === 'stringList' && singular(x.spec.name) === nameSing));
      if (f) return { field: f, end: i + len };
    }
    const NOMINAL_STATES: Record<string, string> = { visibility: 'visible', availability: 'available', activity: 'active', completion: 'completed', publication: 'published', approval: 'approved', archival: 'archived' };
    const w = NOMINAL_STATES[t.w] ?? singular(t.w);
    if (DETERMINERS.has(t.w) || PREPOSITIONS.has(t.w) || TALLY_NOUNS.has(t.w)) return undefined;
    const byWord = res.fields.filter((x) => x.words.includes(t.w) || x.words.includes(w) || splitIdentifier(x.spec.name).includes(w));
    if (byWord.length >= 1) return { field: byWord[0] as FieldDraft, end: i + 1 };
    return undefined;
  }

  private lookup = (ws: string[]): string[] | undefined => this.findResource(ws)?.words;

  private readItems(res: ResourceDraft, items: Tok[][], origin: string): void {
    this.keepReadings(res, items.map((item) => readFieldItem(item, this.lookup, res.words)), origin);
  }

  private keepReadings(res: ResourceDraft, readings: readonly ItemReading[], origin: string): void {
    const names: string[] = [];
    for (const reading of readings) {
      switch (reading.kind) {
        case 'field': {
          if (reading.refersTo) {
            const target = this.findResource(reading.refersTo);
            if (target) reading.field.spec.references = pascalCase(target.words);
          }
          this.addField(res, reading.field);
          names.push(describeField(reading.field.spec));
          break;
        }
        case 'hasMany': {
          const child = this.findResource(reading.resourceWords);
          if (child) this.addReference(child, res, true);
          names.push(`many ${plural(keyOf(reading.resourceWords))}`);
          break;
        }
        case 'implicit':
          names.push(`${reading.text} (kept by the store)`);
          break;
        case 'unreadable':
          this.unmapped.push(`"${reading.text}" in "${origin}" (not a field I can read)`);
          break;
      }
    }
    if (names.length) this.understood.push(`${pascalCase(res.words)} has ${names.join(', ')}`);
  }

  private addReference(child: ResourceDraft, parent: ResourceDraft, required: boolean): FieldDraft {
    const name = camelCase(parent.words);
    const existing = child.fields.find((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(parent.words));
    if (existing) return existing;
    return this.addField(child, { spec: { name, type: 'reference', required, references: pascalCase(parent.words) }, words: [...parent.words, plural(parent.words[parent.words.length - 1] as string)] });
  }

  // ---------------------------------------------------------------- headings and declarations

  /** "Bug tracker", "A todo list API.", "I need a backend for a small library." */
  private readContext(c: Clause, next: Clause | undefined): boolean {
    const ws = wordsOf(c.toks);
    if (ws.length === 0) return true;
    if (ws.every((w) => FILLER_WORDS.has(w) || DETERMINERS.has(w) || w === 'i' || w === 'you')) {
      return ws.some((w) => FILLER_WORDS.has(w)) ? this.note(`"${c.text}" is small talk`) : false;
    }
    // "I run a small bakery and I'd love a backend for my orders": talk about the backend
    if (ws.some((w) => META_NOUNS.has(w)) && ws.some((w) => ['i', "i'd", "i'm", 'we', "we'd", 'my', 'our', 'me', 'us'].includes(w)) && !c.toks.some((t) => t.w === ',' || t.w === '#paren') && this.connectorIndex(c.toks) < 0) {
      const domain = ws.filter((w) => !META_NOUNS.has(w) && !DETERMINERS.has(w) && !PREPOSITIONS.has(w) && !FILLER_WORDS.has(w) && !VERB_SET.has(w) && !['i', "i'd", "i'm", 'we', "we'd", 'my', 'our', 'me', 'us', 'need', 'want', 'love', 'like', 'would', 'run', 'have', 'build', 'and'].includes(w));
      this.titleWords.push(...domain.slice(-1));
      return this.note(`"${c.text}" describes the backend`);
    }
    // "No more bookings than max students": a rule, however short, never a title
    if (ws.some((w) => NEGATIONS.has(w)) || ws.includes('than')) return false;
    if (ws.includes('crud') || ws.some((w) => ['can', 'should', 'must', 'will', 'may', 'cannot', "can't", 'are', 'is', 'be', 'have', 'has'].includes(w) && !META_NOUNS.has(ws[ws.length - 1] as string))) return false;
    if (this.connectorIndex(c.toks) >= 0 && !ws.some((w) => META_NOUNS.has(w))) return false;
    const hasMeta = ws.some((w) => META_NOUNS.has(w) || TITLE_TAILS.has(w) || AGENT_NOUN_RESOURCES[w] !== undefined);
    const isHeading = next?.afterColon === true && next.sentence === c.sentence && !c.afterColon;
    // "Pet: name, species" is a declaration, its heading the resource
    if (isHeading && next && this.isBareList(next) && !next.toks.some((t, i) => t.inner?.some((x) => x.w === ',') && isPluralForm(next.toks[i - 1]?.w ?? '')) && ws.some((w) => !META_NOUNS.has(w) && !TITLE_TAILS.has(w) && !DETERMINERS.has(w))) return false;
    // the opening words of a prompt often just name it ("Equipment rental.", "Volunteer scheduling.")
    const isOpening = c.sentence === 0 && c.index === 0 && !c.afterColon && (ws.length <= 4 || (ws.length <= 6 && !ws.some((w) => VERB_SET.has(w))));
    if (!hasMeta && !isHeading && !isOpening) return false;
    if (c.toks.some((t) => t.w === ',' || t.w === '#paren')) return false;
    // "list unclaimed items" starts with a verb and ends with no word naming software: a requirement
    const firstLemma = ws[0] !== undefined ? verbLemma(ws[0], VERB_SET) : undefined;
    const lastWord = ws[ws.length - 1] as string;
    if (!isHeading && firstLemma !== undefined && ws[0] === firstLemma && ws.length > 1 && !META_NOUNS.has(lastWord) && !TITLE_TAILS.has(lastWord) && AGENT_NOUN_RESOURCES[lastWord] === undefined) return false;
    // an imperative anywhere ("managers list entries") is a requirement, not a heading
    for (let i = 0; i < ws.length && !isHeading; i++) {
      const w = ws[i] as string;
      const lv = verbLemma(w, VERB_SET);
      const nx = ws[i + 1];
      if (!lv || (w !== lv && !w.endsWith('ing')) || nx === undefined) continue;
      if (DETERMINERS.has(nx) || POSSESSIVES.has(nx) || PRONOUNS.has(nx) || nx === 'me' || (isPluralForm(nx) && !META_NOUNS.has(nx) && !TITLE_TAILS.has(nx))) return false;
    }
    // "List the guests of an event" is an imperative, not a heading

    const content = ws.filter((w) => !DETERMINERS.has(w) && !PREPOSITIONS.has(w) && !FILLER_WORDS.has(w) && !['i', 'we', 'me', 'us', 'need', 'want', 'would', 'like', 'build', 'make', 'create', 'write', 'please', 'is', 'this', 'be', 'should', 'a', 'an', 'design', 'just', 'generate', 'called', 'named', 'new', "i'd", 'looking'].includes(w));
    const domain = content.filter((w) => !META_NOUNS.has(w) && !TITLE_TAILS.has(w));
    // A heading may only name the domain; anything with a verb we act on is a requirement.
    if (domain.some((w) => VERB_SET.has(w) && !['list', 'log', 'book', 'post', 'order', 'review', 'report', 'request', 'record', 'track', 'file', 'feature', 'rate', 'comment', 'answer', 'reply', 'vote', 'rsvp', 'store', 'like', 'page', 'flag', 'star', 'bid', 'pledge', 'purchase', 'donate', 'checkout', 'loan', 'swap', 'exchange', 'rent', 'return', 'returns', 'share', 'signup', 'watch', 'plan', 'count', 'score'].includes(w))) return false;
    if (domain.length > 4) return false;
    if (isHeading && !hasMeta && domain.length > 3) return false;
    const agent = ws.find((w) => AGENT_NOUN_RESOURCES[w] !== undefined);
    this.titleWords.push(...(agent ? (AGENT_NOUN_RESOURCES[agent] as string[]) : domain));
    this.titleAgent ||= agent !== undefined;
    this.headings.add(c);
    this.understood.push(`"${c.text}" names the backend`);
    return true;
  }

  private titleAgent = false;
  private readonly headings = new Set<Clause>();

  /** "title, author, ISBN (unique)": names only, no connector and no verb. */
  private isBareList(c: Clause): boolean {
    if (this.connectorIndex(c.toks) >= 0 || c.toks.some((t) => t.w === 'with' || t.w === 'have' || t.w === 'has')) return false;
    const items = splitList(c.toks);
    return items.length >= 1 && items.every((item) => {
      const ws = wordsOf(item);
      const imperative = ws.some((w, k) => {
        const lemma = verbLemma(w, VERB_SET);
        const next = ws[k + 1] ?? '';
        return lemma !== undefined && (k === 0 ? w === lemma : true) && (DETERMINERS.has(next) || POSSESSIVES.has(next) || PRONOUNS.has(next));
      });
      return ws.length <= 5 && !imperative && !ws.some((w) => MODALS.has(w) && !['and', 'or', 'to', 'like', 'both'].includes(w));
    });
  }

  private note(s: string): boolean {
    this.understood.push(s);
    return true;
  }

  private connectorIndex(toks: readonly Tok[]): number {
    for (let i = 1; i < toks.length; i++) {
      if (DETERMINERS.has(toks[i - 1]?.w ?? '') && ['store', 'stores', 'record', 'records', 'track', 'tracks', 'keep', 'keeps', 'need', 'needs', 'hold', 'holds'].includes(toks[i]?.w ?? '')) continue;
      for (const conn of CONNECTORS) {
        if (conn.every((w, k) => toks[i + k]?.w === w)) return i;
      }
    }
    return -1;
  }

  /**
   * "Each todo has a title, ...", "Books have ...", "products with a name, ...", "For each pet we
   * store ...", "Track expenses with an amount ...", "Book: title, author".
   */
  private readDeclaration(c: Clause, prev: Clause | undefined): boolean {
    const toks = c.toks;
    // "We keep books (title, author, unique ISBN) and patrons (name, email)"
    const parenDecls = toks
      .map((t, i) => ({ t, i }))
      .filter(({ t, i }) => t.inner && t.inner.some((x) => x.w === ',') && !withDirection(t.inner.map((x) => x.w)).some((w) => INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w) || NEGATIONS.has(w)) && /^[a-z]/.test(toks[i - 1]?.w ?? '') && !DETERMINERS.has(toks[i - 1]?.w ?? '') && isPluralForm(toks[i - 1]?.w ?? ''));
    if (parenDecls.length > 0 && !toks.some((t, i) => i > 0 && ['have', 'has', 'with'].includes(t.w))) {
      for (const { t, i } of parenDecls) {
        const nounToks: string[] = [];
        for (let k = i - 1; k >= 0 && nounToks.length < 2; k--) {
          const w = (toks[k] as Tok).w;
          if (!/^[a-z]/.test(w) || DETERMINERS.has(w) || VERB_SET.has(w) || CONNECTORS.some((cn) => cn[0] === w) || SUBJECT_SKIP.has(w) || w === 'and' || ACTOR_WORDS.has(w)) break;
          nounToks.unshift(w);
        }
        if (nounToks.length) this.declare(nounToks, t.inner ?? [], c, undefined);
      }
      return true;
    }
    // "Fleet fuel logs: every time a driver fills up a vehicle we record the plate, the liters, ...":
    // the occasion says when a record is made, the list after "we record" is what it holds
    const cw = wordsOf(toks);
    if (c.afterColon && prev && prev.sentence === c.sentence && ((['every', 'each'].includes(cw[0] ?? '') && cw[1] === 'time') || cw[0] === 'whenever')) {
      const at = toks.findIndex((t, k) => k > 2 && ['we', 'i', 'you'].includes(toks[k - 1]?.w ?? '') && (KEEP_VERBS.has(t.w) || ['note', 'write', 'enter', 'save'].includes(t.w)));
      const heading = stripDeterminers(wordsOf(prev.toks).filter((w) => !META_NOUNS.has(w)));
      if (at > 0 && heading.length >= 1 && heading.length <= 3 && isPluralForm(heading[heading.length - 1] as string)) {
        const ok = this.declare(heading, toks.slice(at + 1), c, prev);
        if (ok) {
          this.handled.add(prev);
          this.understood.push(`"${textOf(toks.slice(0, at - 1))}" says when a ${heading.join(' ')} is recorded`);
        }
        return ok;
      }
    }
    if (c.afterColon && prev && prev.sentence === c.sentence && this.connectorIndex(toks) < 0) {
      let subject = stripDeterminers(wordsOf(prev.toks).filter((w) => !META_NOUNS.has(w) && !TITLE_TAILS.has(w)));
      // "Our band needs a place to keep gigs: venue, city, ...": the things kept are named last
      const keptAt = Math.max(...[...KEEP_VERBS].map((v) => subject.lastIndexOf(v)));
      const kept = stripDeterminers(subject.slice(keptAt + 1));
      if (keptAt > 0 && subject[keptAt - 1] === 'to' && kept.length >= 1 && kept.length <= 3 && isPluralForm(kept[kept.length - 1] as string)) subject = kept;
      const first = toks[0]?.w ?? '';
      const startsWithVerb = verbLemma(first, VERB_SET) !== undefined && !TYPE_BY_WORD[first];
      if (subject.length >= 1 && subject.length <= 3 && !this.handledAsTitle(prev) && !startsWithVerb) {
        const ok = this.declare(subject, toks, c, prev);
        if (ok) this.handled.add(prev);
        return ok;
      }
    }
    // "contacts api. name, phone, email.": a bare list right after a heading
    if (!c.afterColon && prev && this.headings.has(prev) && this.titleWords.length > 0 && c.toks.some((t) => t.w === ',') && this.isBareList(c) && wordsOf(c.toks).every((w) => !VERB_SET.has(w) || TYPE_BY_WORD[w] !== undefined)) {
      const noun = this.titleNoun();
      if (noun) return this.declare(noun, toks, c, prev);
    }
    // "Our office has a few meeting rooms, each with a name, ...": the things listed after "each with"
    const eachAt = toks.findIndex((t, i) => t.w === ',' && toks[i + 1]?.w === 'each' && ['with', 'having', 'has'].includes(toks[i + 2]?.w ?? ''));
    if (eachAt > 0) {
      const noun: string[] = [];
      for (let k = eachAt - 1; k >= 0 && noun.length < 3; k--) {
        const w = (toks[k] as Tok).w;
        if (!/^[a-z]/.test(w) || DETERMINERS.has(w) || PREPOSITIONS.has(w) || ['few', 'couple', 'bunch', 'lot', 'lots', 'number', 'has', 'have', 'are', 'is', 'keep', 'with'].includes(w) || /^\d/.test(w)) break;
        noun.unshift(w);
      }
      if (noun.length > 0 && isPluralForm(noun[noun.length - 1] as string) && !noun.some((w) => META_NOUNS.has(w))) return this.declare(noun, toks.slice(eachAt + 3), c, undefined);
    }
    for (let i = 1; i < toks.length; i++) {
      // "for a store": a connector that is also a noun, after an article
      if (DETERMINERS.has(toks[i - 1]?.w ?? '') && ['store', 'stores', 'record', 'records', 'track', 'tracks', 'keep', 'keeps', 'need', 'needs', 'hold', 'holds'].includes(toks[i]?.w ?? '')) continue;
      const conn = CONNECTORS.find((cn) => cn.every((w, k) => toks[i + k]?.w === w));
      if (!conn) continue;
      let left = wordsOf(toks.slice(0, i));
      const rawLeft = left;
      let items = toks.slice(i + conn.length);
      // "Expenses belong to a trip and have a description, ...": the owner is one more field
      const belongAt = left.findIndex((w) => ['belong', 'belongs'].includes(w));
      if (belongAt > 0 && left[belongAt + 1] === 'to' && left[left.length - 1] === 'and' && left.length - belongAt <= 6) {
        const owner = stripDeterminers(left.slice(belongAt + 2, -1));
        if (owner.length > 0 && this.findResource(owner)) {
          items = [...owner.map((w): Tok => ({ raw: w, w })), { raw: ',', w: ',' }, ...items];
          left = left.slice(0, belongAt);
        }
      }
      if (items.length === 0) continue;
      // "Dentist appointments for patients, with a date ...": whom each is for is one more field
      const forAt = left.indexOf('for');
      const forWhom = forAt > 0 ? stripDeterminers(left.slice(forAt + 1)) : [];
      // only with the pause before "with": "books for kids with a title" names an audience, not a field
      if (forAt > 0 && forAt <= 3 && toks[i - 1]?.w === ',' && forWhom.length >= 1 && forWhom.length <= 2 && isPluralForm(forWhom[forWhom.length - 1] as string) && forWhom.every((w) => /^[a-z]+$/.test(w) && !VERB_SET.has(w) && !META_NOUNS.has(w))) {
        const whom = [...forWhom.slice(0, -1), singular(forWhom[forWhom.length - 1] as string)];
        items = [...whom.map((w): Tok => ({ raw: w, w })), { raw: ',', w: ',' }, ...items];
        left = left.slice(0, forAt);
      }
      // "needs a place to keep gigs": what is needed is a purpose, the things come after it
      if (['need', 'needs', 'want', 'wants'].includes(conn[0] as string) && wordsOf(items).some((w, k, ws) => w === 'to' && KEEP_VERBS.has(ws[k + 1] ?? ''))) return false;
      // "For each book we store", "Every member should"
      if (left[0] === 'for' && (left[1] === 'each' || left[1] === 'every')) left = left.slice(2);
      // "There are books, each with a title ..."
      const thereAre = left[0] === 'there' && ['are', 'is', 'will'].includes(left[1] ?? '');
      if (thereAre) left = left.slice(left[2] === 'be' ? 3 : 2).filter((w) => w !== 'each' && w !== 'every');
      // "Recipes: each has a name, ...": the heading names the thing
      if (c.afterColon && prev && prev.sentence === c.sentence && stripDeterminers(rawLeft).length === 0 && ['each', 'every', 'it', 'they', 'one'].includes(rawLeft[0] ?? '')) {
        left = stripDeterminers(wordsOf(prev.toks).filter((w) => !META_NOUNS.has(w) && !TITLE_TAILS.has(w)));
        this.handled.add(prev);
      }
      // "Recipes API where each recipe has ...", "a to-do app where a todo item has ..."
      const each = Math.max(left.lastIndexOf('each'), left.lastIndexOf('every'), left.lastIndexOf('where'));
      if (each > 0) left = left.slice(each + 1);
      // "a catalog of courses with ..."
      const of = left.indexOf('of');
      if (of > 0 && ['catalog', 'catalogue', 'list', 'set', 'collection', 'database', 'inventory', 'registry', 'directory', 'log', 'record', 'records', 'archive'].includes(left[of - 1] as string)) left = left.slice(of + 1);
      while (left.length && ['should', 'must', 'will', 'can', 'also', 'always', 'typically', 'usually', 'we', 'you', 'i', 'it', 'they', 'then', 'to', 'would', 'may', 'need', 'each', 'will'].includes(left[left.length - 1] as string)) left = left.slice(0, -1);
      let leadVerb: string | undefined;
      const lead = left[0] ? verbLemma(left[0], VERB_SET) : undefined;
      // "List vegetarian meals with under 600 calories": a list with a condition, not a declaration
      if (conn[0] === 'with' && lead && ['list', 'show', 'find', 'search', 'get'].includes(lead) && (this.findResource(left.slice(-1)) || COMPARATIVES.some((cmp) => cmp.words[0] === items[0]?.w))) return false;
      if (conn[0] === 'with' && lead && ['track', 'manage', 'store', 'keep', 'record', 'log', 'save', 'create', 'add', 'list', 'register', 'crud', 'maintain', 'administer'].includes(lead) && left.length >= 2) {
        leadVerb = lead;
        left = left.slice(1);
      }
      const subject = stripDeterminers(left);
      if (subject.length === 0 || subject.length > 3) return false;
      if (subject.some((w) => PREPOSITIONS.has(w) || DETERMINERS.has(w) || MODALS.has(w) || NEGATIONS.has(w) || POSSESSIVES.has(w) || w === 'you' || w === 'we' || /^\d/.test(w))) return false;
      if (subject.length >= 2 && VERB_SET.has(subject[0] as string) && !leadVerb) return false;
      if (subject.every((w) => META_NOUNS.has(w)) || subject.some((w) => CONNECTORS.some((cn) => cn.length === 1 && cn[0] === w))) return false;
      // "visitors subscribe with ...", "entries, list entries with ...": not a noun phrase
      if (subject.slice(0, -1).some((w) => isPluralForm(w) && !w.endsWith('ss'))) return false;
      // a comma right before the connector ("appointments for patients, with ...") is only a pause
      if (toks.slice(0, toks[i - 1]?.w === ',' ? i - 1 : i).some((t) => t.w === ',') && !['for', 'there'].includes(wordsOf(toks.slice(0, i))[0] ?? '')) return false;
      if (subject.some((w) => TALLY_NOUNS.has(w))) return false;
      // "A support chat needs conversations and messages": things, not fields
      if (['need', 'needs', 'require', 'requires'].includes(conn[0] as string) && splitList(items).every((it) => isPluralForm(wordsOf(it).pop() ?? '') && !DETERMINERS.has(wordsOf(it)[0] ?? ''))) {
        this.understood.push(`"${c.text}" describes the backend`);
        return true;
      }
      const ok = this.declare(subject, items, c, undefined);
      if (ok && leadVerb) {
        const res = this.findResource(subject);
        if (res) this.extraAction(leadVerb, res, c);
      }
      return ok;
    }
    return false;
  }

  private handledAsTitle(c: Clause): boolean {
    return this.handled.has(c);
  }

  private extraAction(verb: string, res: ResourceDraft, c: Clause): void {
    const cls = VERBS[verb];
    if (cls === 'crud') for (const kind of ['create', 'get', 'list', 'update', 'delete'] as const) this.pushAction({ kind, resource: keyOf(res.words), verb, description: c.text, filters: [], params: [], guards: [], effects: [] });
    else if (cls === 'list') this.pushAction({ kind: 'list', resource: keyOf(res.words), verb, description: c.text, filters: [], params: [], guards: [], effects: [] });
    else this.pushAction({ kind: 'create', resource: keyOf(res.words), verb, description: c.text, filters: [], params: [], guards: [], effects: [] });
    this.lastResource = res;
    if (cls !== 'list') {
      this.lastCreated = res;
      this.lastCreatedSentence = c.sentence;
    }
  }

  private declare(subjectWords: string[], items: Tok[], c: Clause, _heading: Clause | undefined): boolean {
    const sing = [...subjectWords.slice(0, -1), singular(subjectWords[subjectWords.length - 1] as string)];
    let list = items;
    while (list.length && ['the', 'following', 'fields', 'properties', 'attributes', ':', 'these', 'things', 'like', 'such', 'as'].includes(list[0]?.w ?? '')) list = list.slice(1);
    const prepared = prepareFieldList(list);
    const parts = splitList(prepared);
    const fieldItems: Tok[][] = [];
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k] as Tok[];
      const head = part[0]?.w ?? '';
      // "... and can borrow books": the rest of the clause is about actions
      const lemma = verbLemma(head, VERB_SET);
      const isAction = MODALS.has(head) && head !== 'and' && head !== 'or' ? part.length > 1 : lemma !== undefined && VERBS[lemma] !== undefined && !TYPE_BY_WORD[head] && (part[1] === undefined || DETERMINERS.has(part[1].w) || POSSESSIVES.has(part[1].w) || PRONOUNS.has(part[1].w)) && part.length > 1;
      const belongs = ['belong', 'belongs', 'linked', 'attached', 'assigned', 'tied'].includes(head) || (head === 'is' && ['for', 'linked'].includes(part[1]?.w ?? ''));
      if (belongs) {
        const idx = part.findIndex((t, n) => n > 0 && this.findResource([t.w]) !== undefined);
        const target = idx > 0 ? this.findResource([(part[idx] as Tok).w]) : undefined;
        if (target) {
          fieldItems.push(part.slice(idx));
          continue;
        }
      }
      // "..., and it cannot be overbooked": a statement about the thing, not a field
      const statement = (PRONOUNS.has(head) || head === 'it') && part.slice(1).some((t) => MODALS.has(t.w) || NEGATIONS.has(t.w) || BE_WORDS.has(t.w));
      if (statement) {
        const subjectTok: Tok[] = subjectWords.map((w) => ({ raw: w, w }));
        const restToks = [...subjectTok, ...part.slice(1)];
        this.extraClauses.push({ sentence: c.sentence, index: c.index + 100 + k, text: textOf(restToks), toks: restToks, afterColon: false });
        continue;
      }
      if (isAction) {
        const restToks = parts.slice(k).flatMap((p, n) => (n === 0 ? p : [{ raw: ',', w: ',' }, ...p]));
        const subjectTok: Tok[] = subjectWords.map((w) => ({ raw: w, w }));
        this.extraClauses.push({ sentence: c.sentence, index: c.index + 100, text: textOf([...subjectTok, ...restToks]), toks: [...subjectTok, ...restToks], afterColon: false });
        break;
      }
      fieldItems.push(part);
    }
    if (fieldItems.length === 0) return false;
    const res = this.ensureResource(sing, c.text, true);
    this.lastResource = res;
    this.pendingItems.push({ res, items: fieldItems, origin: c.text });
    return true;
  }

  /** "Comments belong to a post", "each task is linked to a project". */
  private readBelongsTo(c: Clause): boolean {
    const ws = wordsOf(c.toks);
    const idx = ws.findIndex((w) => ['belong', 'belongs', 'linked', 'attached', 'tied'].includes(w));
    if (idx < 1) return false;
    const child = this.findResource(stripDeterminers(ws.slice(0, idx).filter((w) => !MODALS.has(w) && w !== 'is' && w !== 'are')));
    const tail = stripDeterminers(ws.slice(idx + 1).filter((w) => w !== 'to' && w !== 'with' && w !== 'exactly' && w !== 'one'));
    const parent = this.findResource(tail);
    // "samples belong to a project" with no projects described: the project is named on each sample
    const described = (noun: string): boolean => this.clauses.some((o) => o !== c && singular(stripDeterminers(wordsOf(o.toks))[0] ?? '') === noun);
    if (child && !parent && tail.length >= 1 && tail.length <= 2 && tail.every((w) => /^[a-z]+$/.test(w) && !VERB_SET.has(w) && !META_NOUNS.has(w)) && !described(singular(tail[tail.length - 1] as string))) {
      const name = camelCase([...tail.slice(0, -1), singular(tail[tail.length - 1] as string)]);
      if (!this.fieldOf(child, name)) this.addField(child, { spec: { name, type: 'string', required: true }, words: [...tail.slice(0, -1), singular(tail[tail.length - 1] as string)] });
      this.understood.push(`${pascalCase(child.words)} names its ${splitIdentifier(name).join(' ')}`);
      return true;
    }
    if (!child || !parent) return false;
    this.addReference(child, parent, true);
    this.understood.push(`${pascalCase(child.words)} belongs to ${pascalCase(parent.words)}`);
    return true;
  }

  // ---------------------------------------------------------------- actions

  /**
   * The verb at `k`, if any: phrasal verbs are joined ("check out" -> check_out), also when the
   * particle comes after a short object ("check it in", "look a setting up").
   */
  private lemmaAt(toks: readonly Tok[], k: number): { lemma: string; len: number; particleAt?: number } | undefined {
    const t = toks[k];
    if (!t || !/^[a-z]/.test(t.w)) return undefined;
    // "Books for kids ...": a clause opening on an -s form has no subject for it, so it is a plural noun
    if (k === 0 && /[^s]s$/.test(t.w) && verbLemma(t.w, VERB_SET) !== undefined && verbLemma(t.w, VERB_SET) !== t.w && isPluralForm(t.w)) return undefined;
    const next = toks[k + 1]?.w;
    const head = verbLemma(t.w, PHRASAL_HEADS);
    if (head && next) {
      const phrasal = `${head}_${next}`;
      if (this.verbs.has(phrasal)) return { lemma: phrasal, len: 2 };
      for (let j = k + 1; j <= k + 4 && j < toks.length; j++) {
        const w = (toks[j] as Tok).w;
        const candidate = `${head}_${w}`;
        if (j > k + 1 && this.verbs.has(candidate) && PHRASAL.some(([h, p]) => h === head && p === w)) return { lemma: candidate, len: 1, particleAt: j };
        if (!/^[a-z]/.test(w) || SEPARATORS.has(w) || PREPOSITIONS.has(w)) break;
      }
    }
    if (t.w === 'crud') return { lemma: 'crud', len: 1 };
    const lemma = verbLemma(t.w, this.verbSet);
    return lemma ? { lemma, len: 1 } : undefined;
  }

  private isBaseOrGerund(tok: Tok, lemma: string): boolean {
    const base = lemma.split('_')[0] as string;
    return tok.w === base || tok.w.endsWith('ing') || tok.w === lemma;
  }

  private isParticiple(tok: Tok, lemma: string): boolean {
    const base = lemma.split('_')[0] as string;
    return tok.w !== base && !tok.w.endsWith('ing') && (tok.w.endsWith('ed') || tok.w === pastParticiple(base) || tok.w.endsWith('en'));
  }

  private segment(c: Clause): Segment[] {
    const toks = c.toks;
    let k = 0;
    const pre: Tok[] = [];
    let first: { lemma: string; len: number; particleAt?: number } | undefined;
    while (k < toks.length) {
      const t = toks[k] as Tok;
      const lv = this.lemmaAt(toks, k);
      const prev = toks[k - 1]?.w;
      const next = toks[k + 1]?.w;
      const nounUse = prev !== undefined && (DETERMINERS.has(prev) || POSSESSIVES.has(prev)) && !['all', 'them', 'it'].includes(prev);
      // "Bookings can be cancelled", "Orders have ...": a plural noun before a modal or copula
      const subjectNoun = lv !== undefined && t.w !== lv.lemma.split('_')[0] && t.w.endsWith('s') && !t.w.endsWith('ss') && next !== undefined && ((MODALS.has(next) && next !== 'and' && next !== 'or') || BE_WORDS.has(next) || next === 'have' || next === 'has' || NEGATIONS.has(next));
      const resourceNoun = lv !== undefined && k === 0 && this.resourceAt(toks, k) !== undefined && isPluralForm(t.w);
      // "I'd like to add ...": a wish, not the verb "like"
      const wish = lv !== undefined && next === 'to' && ['like', 'love', 'want', 'need', 'wish', 'prefer', 'hope', 'plan', 'try'].includes(lv.lemma);
      if (lv && !nounUse && !resourceNoun && !subjectNoun && !wish) {
        first = lv;
        break;
      }
      pre.push(t);
      k++;
    }
    // "Students can teleport to a class and list ...": an unknown verb before the first known one
    const particleStart = ['up', 'down', 'off', 'out'].includes(pre[1]?.w ?? '') && (DETERMINERS.has(pre[2]?.w ?? '') || POSSESSIVES.has(pre[2]?.w ?? ''));
    const imperativeStart = pre.length > 0 && (particleStart || DETERMINERS.has(pre[1]?.w ?? '') || POSSESSIVES.has(pre[1]?.w ?? '') || isPluralForm(pre[1]?.w ?? ''));
    const unknownLead = pre.find((t, n) => (n > 0 || imperativeStart) && /^[a-z]+$/.test(t.w) && !SUBJECT_SKIP.has(t.w) && !DETERMINERS.has(t.w) && !PREPOSITIONS.has(t.w) && !POSSESSIVES.has(t.w) && !ACTOR_WORDS.has(singular(t.w)) && !BE_WORDS.has(t.w) && !NEGATIONS.has(t.w) && !SEPARATORS.has(t.w) && (!this.findResource([t.w]) || (n === 0 && imperativeStart)) && !META_NOUNS.has(t.w) && !['only', 'already', 'then', 'later', 'first', 'also', 'each', 'every', 'we', 'i', "i'd", "i'm", 'you', 'me', 'us', 'would', 'like', 'love', 'wish', 'hope', 'plan', 'try', 'going', 'gonna', 'building', 'making', 'creating', 'writing', 'keep', 'keeps'].includes(t.w) && !t.w.endsWith('ly') && ((n === 0 && particleStart) || (n === 0 && (DETERMINERS.has(pre[1]?.w ?? '') || POSSESSIVES.has(pre[1]?.w ?? '')) && this.resourceAt(toks, 2) !== undefined) || ['can', 'could', 'should', 'must', 'may', 'will', 'cannot', "can't", 'to'].includes(pre[n - 1]?.w ?? '') || taggedAsVerb(c.text, t.w)));
    const leading: Segment[] = [];
    if (unknownLead) {
      // up to the first known verb, split again at any further unknown verb ("allocate ... and free ...")
      const at = pre.indexOf(unknownLead);
      const leadSubject = stripDeterminers(wordsOf(pre.slice(0, at)).filter((w) => !SUBJECT_SKIP.has(w)));
      let from = at;
      for (let m = at + 1; m <= k; m++) {
        const boundary = m === k || (SEPARATORS.has(toks[m]?.w ?? '') && this.unknownVerbAt(c, toks, m + 1, true));
        if (!boundary) continue;
        let end = m;
        while (end > from + 1 && SEPARATORS.has(toks[end - 1]?.w ?? '')) end--;
        const verbTok = toks[from] as Tok;
        leading.push({ lemma: `?${verbTok.w}`, cls: 'unknown', verbIndex: from, passive: false, rest: toks.slice(from + 1, end), verbTok, clause: c, subject: leadSubject, text: textOf(toks.slice(from, end)) });
        from = m + 1;
      }
    }
    // "Bake more of a product (adds to the quantity), sell ...": an unknown verb whose parenthesis
    // says what it does, before the first known verb, is an action of its own
    const explainedLead = !unknownLead && first !== undefined && /^[a-z]+$/.test(pre[0]?.w ?? '') && !this.findResource([pre[0]?.w ?? '']) && !DETERMINERS.has(pre[0]?.w ?? '') && !ACTOR_WORDS.has(singular(pre[0]?.w ?? '')) && (pre.some((t) => t.inner?.some((x) => INCREASE_WORDS.has(x.w) || DECREASE_WORDS.has(x.w) || ['records', 'sets', 'stamps'].includes(x.w))) || (pre.some((t) => t.w === ',') && taggedAsVerb(c.text, pre[0]?.w ?? '')));
    if (explainedLead) {
      let end = pre.length;
      while (end > 1 && SEPARATORS.has(pre[end - 1]?.w ?? '')) end--;
      const verbTok = pre[0] as Tok;
      leading.push({ lemma: `?${verbTok.w}`, cls: 'unknown', verbIndex: 0, passive: false, rest: pre.slice(1, end), verbTok, clause: c, subject: [], text: textOf(pre.slice(0, end)) });
    }
    if (!first) return leading;
    // "laptops that students can check out": the subject follows the relative pronoun
    const lastRel = pre.map((t) => t.w).lastIndexOf('that') >= 0 ? pre.map((t) => t.w).lastIndexOf('that') : pre.map((t) => t.w).lastIndexOf('where');
    const subjectToks = lastRel >= 0 ? pre.slice(lastRel + 1) : pre;
    const subject = stripDeterminers(wordsOf(subjectToks).filter((w) => !SUBJECT_SKIP.has(w) && !PREPOSITIONS.has(w) && !BE_WORDS.has(w) && !NEGATIONS.has(w) && !['already', 'then', 'only', 'later'].includes(w)));
    const preWords = wordsOf(pre).filter((w) => !['already', 'then', 'also', 'only', 'later', 'never', 'not'].includes(w));
    const passive = this.isParticiple(toks[k] as Tok, first.lemma) && BE_WORDS.has(preWords[preWords.length - 1] ?? '');
    const relIdx = pre.findIndex((t, n) => n > 0 && (t.w === 'that' || t.w === 'which'));
    const antecedent = relIdx > 0 ? pre.slice(Math.max(0, relIdx - 3), relIdx).filter((t) => /^[a-z]/.test(t.w) && !PREPOSITIONS.has(t.w)) : undefined;
    const segs: Segment[] = [...leading];
    let start = k;
    let cur = first;
    let j = k + first.len;
    const close = (end: number): void => {
      const verbTok = toks[start] as Tok;
      const rest = toks.slice(start + cur.len, end).filter((_, n) => cur.particleAt === undefined || start + cur.len + n !== cur.particleAt);
      segs.push({ lemma: cur.lemma, cls: this.verbs.get(cur.lemma) ?? 'unknown', verbIndex: start, passive, rest, verbTok, clause: c, subject, text: textOf(toks.slice(start, end)), ...(antecedent?.length ? { antecedent } : {}) });
    };
    while (j < toks.length) {
      const t = toks[j] as Tok;
      if (SEPARATORS.has(t.w)) {
        let m = j + 1;
        while (m < toks.length && (SEP_FILLERS.has((toks[m] as Tok).w) || ACTOR_WORDS.has(singular((toks[m] as Tok).w)) || (['a', 'an', 'the'].includes((toks[m] as Tok).w) && ['way', 'option', 'ability', 'endpoint'].includes(toks[m + 1]?.w ?? '')))) m++;
        const lv = this.lemmaAt(toks, m);
        const form = toks[m];
        // "another one that returns all quotes": a new action; "a habit, which increases ..." explains the last
        const relative = ['that', 'which', 'who'].includes(toks[m - 1]?.w ?? '') && ['one', 'ones', 'another', 'endpoint', 'endpoints', 'route', 'call'].includes(toks[m - 2]?.w ?? '');
        // "the doctor lists patients and marks a patient as seen": agreeing verb forms, with an object
        const after = toks[m + (lv?.len ?? 1)];
        const withObject = after !== undefined && (DETERMINERS.has(after.w) || POSSESSIVES.has(after.w) || PRONOUNS.has(after.w));
        const agreeing = form !== undefined && form.w.endsWith('s') && withObject && !['that', 'which', 'who'].includes(toks[m - 1]?.w ?? '');
        // "add movies with title, release year and genre": a field named by a verb and a type word
        const fieldInList = toks.slice(start, m).some((x) => x.w === 'with') && lv !== undefined && TYPE_BY_WORD[toks[m + lv.len]?.w ?? ''] !== undefined && !TYPE_BY_WORD[form?.w ?? ''];
        if (lv && form && !fieldInList && (this.isBaseOrGerund(form, lv.lemma) || (passive && this.isParticiple(form, lv.lemma)) || (relative && form.w.endsWith('s')) || agreeing) && !this.nounAfterSeparator(toks, m)) {
          close(j);
          start = m;
          cur = lv;
          j = m + lv.len;
          continue;
        }
        // "... and the office manager restocks them": a new subject, then its verb
        if (!lv && form && /^[a-z]/.test(form.w)) {
          let n = 1;
          while (n <= 3 && m + n < toks.length && /^[a-z]/.test((toks[m + n] as Tok).w) && !this.lemmaAt(toks, m + n) && !PREPOSITIONS.has((toks[m + n] as Tok).w)) n++;
          const sv = this.lemmaAt(toks, m + n);
          const svTok = toks[m + n];
          const obj = toks[m + n + (sv?.len ?? 1)];
          if (n <= 3 && sv && svTok && svTok.w.endsWith('s') && obj && (DETERMINERS.has(obj.w) || POSSESSIVES.has(obj.w) || PRONOUNS.has(obj.w)) && !toks.slice(m, m + n).some((t) => this.lemmaAt(toks, toks.indexOf(t)))) {
            close(j);
            start = m + n;
            cur = sv;
            j = m + n + sv.len;
            continue;
          }
        }
        // "..., and fire employees": a verb we do not know must not hide in the previous action
        if (!lv && form && this.unknownVerbAt(c, toks, m)) {
          close(j);
          start = m;
          cur = { lemma: `?${form.w}`, len: 1 };
          j = m + 1;
          continue;
        }
      }
      j++;
    }
    close(toks.length);
    return segs;
  }

  /** A word compromise tags as a verb, followed by what looks like its object. */
  private unknownVerbAt(c: Clause, toks: readonly Tok[], m: number, trustPosition = false): boolean {
    const t = toks[m] as Tok;
    const next = toks[m + 1];
    if (this.lemmaAt(toks, m)) return false;
    const particleVerb = ['up', 'down', 'off'].includes(next?.w ?? '') && (DETERMINERS.has(toks[m + 2]?.w ?? '') || this.resourceAt(toks, m + 2) !== undefined);
    if (particleVerb) return true;
    if (!/^[a-z]+$/.test(t.w) || !next || this.findResource([t.w]) || this.resources.some((r) => r.fields.some((f) => f.words.includes(t.w)))) return false;
    if (DETERMINERS.has(t.w) || POSSESSIVES.has(t.w) || PREPOSITIONS.has(t.w) || TYPE_BY_WORD[t.w] || NEGATIONS.has(t.w) || SEP_FILLERS.has(t.w)) return false;
    const objectLike = DETERMINERS.has(next.w) || POSSESSIVES.has(next.w) || PRONOUNS.has(next.w) || this.resourceAt(toks, m + 1) !== undefined || this.resources.some((r) => r.fields.some((f) => f.words.includes(next.w)));
    return objectLike && (trustPosition || taggedAsVerb(c.text, t.w));
  }

  /** "add posts and comments": a resource or field name after "and" is a noun, not a verb. */
  private nounAfterSeparator(toks: readonly Tok[], m: number): boolean {
    const t = toks[m] as Tok;
    const next = toks[m + 1];
    const isName = this.findResource([t.w]) !== undefined || this.resources.some((r) => r.fields.some((f) => f.spec.name === t.w || f.words.includes(t.w)));
    if (!isName) return false;
    return next === undefined || SEPARATORS.has(next.w) || PREPOSITIONS.has(next.w);
  }

  private objectOf(rest: readonly Tok[], context: ResourceDraft | undefined): ObjectRef {
    let i = 0;
    let all = false;
    while (i < rest.length) {
      const w = (rest[i] as Tok).w;
      if (w === 'all' || w === 'every' || w === 'any') all = true;
      if (['exactly', 'only', 'just'].includes(w)) {
        i++;
        continue;
      }
      if ((DETERMINERS.has(w) && !PRONOUNS.has(w) && !POSSESSIVES.has(w)) || w === 'me' || w === 'us' || (i === 0 && (w === 'which' || w === 'what') && rest[i + 1] !== undefined && isPluralForm(rest[i + 1]?.w ?? ''))) {
        if (w === 'which' || w === 'what') all = true;
        i++;
      }
      else if (w === 'of' && all) i++;
      else if (['list', 'set', 'collection', 'bunch', 'number'].includes(w) && rest[i + 1]?.w === 'of') {
        // "manage a list of conferences"
        all = true;
        i += 2;
      }
      else break;
    }
    const t = rest[i];
    if (!t) return { kind: 'none', end: i };
    if (PRONOUNS.has(t.w) && !(t.w === 'one' && rest[i + 1]?.w === 'of')) return { kind: 'pronoun', plural: t.w !== 'it' && t.w !== 'one', end: i + 1 };
    // "see the list sorted by rating": the records at hand, not a record called List
    if (COLLECTION_NOUNS.has(t.w) && i > 0 && this.resources.length > 0 && !this.findResource([t.w]) && !['of'].includes(rest[i + 1]?.w ?? '')) return { kind: 'pronoun', plural: true, end: i + 1 };
    // "delete spam", "remove duplicates": the records at hand
    if (['spam', 'junk', 'duplicates', 'everything', 'records', 'entries'].includes(t.w) && !this.findResource([t.w])) return { kind: 'pronoun', plural: true, end: i + 1 };
    if (t.w === 'back' && i === 0) return this.objectOf(rest.slice(1), context);
    // "start working on a bug", "stop waiting for a table": the object follows the gerund
    if (i === 0 && /^[a-z]{3,}ing$/.test(t.w) && ['on', 'with', 'at', 'for', 'in'].includes(rest[1]?.w ?? '') && !this.findResource([t.w])) {
      const inner = this.objectOf(rest.slice(2), context);
      return { ...inner, end: inner.end + 2 };
    }
    let possessive = false;
    if (POSSESSIVES.has(t.w)) {
      possessive = true;
      i++;
    }
    let r = this.resourceAt(rest, i);
    // "available vehicles", "waiting patients", "unclaimed items": a state word before the noun
    if (!r && rest[i + 1]) {
      const skipped = this.resourceAt(rest, i + 1);
      const w = rest[i]?.w ?? '';
      if (skipped && (skipped.res.fields.some((f) => (f.spec.type === 'boolean' && f.spec.name === w) || (f.spec.values ?? []).some((v) => v.toLowerCase() === w)) || /(ing|ed)$|^un/.test(w))) r = skipped;
    }
    const fieldOfContext = context ? this.fieldAt(context, rest, i) : undefined;
    if (r && !(possessive && fieldOfContext)) return { kind: 'resource', res: r.res, plural: r.plural || all, all, end: r.end };
    if (fieldOfContext && context) return { kind: 'field', res: context, field: fieldOfContext.field, end: fieldOfContext.end, possessive };
    for (const res of this.resources) {
      const f = this.fieldAt(res, rest, i);
      if (f && !(['name', 'title'].includes(f.field.spec.name) && rest[i]?.w !== f.field.spec.name)) return { kind: 'field', res, field: f.field, end: f.end, possessive };
    }
    const loose = rest[i] ? this.findResourceLoose([(rest[i] as Tok).w]) : undefined;
    if (loose) return { kind: 'resource', res: loose, plural: isPluralForm((rest[i] as Tok).w) || all, all, end: i + 1 };
    const nounWords: string[] = [];
    let e = i;
    while (e < rest.length) {
      const w = (rest[e] as Tok).w;
      if (!/^[a-z]/.test(w) || PREPOSITIONS.has(w) || SEPARATORS.has(w) || NEGATIONS.has(w) || MODALS.has(w) || DETERMINERS.has(w) || ['where', 'so', 'because', 'while', 'back', 'again', 'too', 'now', 'later', 'please', 'instantly', 'immediately'].includes(w)) break;
      if (nounWords.length > 0 && this.lemmaAt(rest, e) && !isPluralForm(w) && this.verbs.has(w) && rest[e + 1] !== undefined && DETERMINERS.has((rest[e + 1] as Tok).w)) break;
      if (nounWords.length > 0 && (w.endsWith('ed') || w.endsWith('ing')) && this.lemmaAt(rest, e)) break;
      if (nounWords.length > 0 && this.lemmaAt(rest, e) && rest[e + 1] !== undefined && DETERMINERS.has((rest[e + 1] as Tok).w)) break;
      nounWords.push(w);
      e++;
      if (nounWords.length >= 4) break;
    }
    if (nounWords.length === 0) return { kind: 'none', end: i };
    return { kind: 'noun', words: nounWords, plural: isPluralForm(nounWords[nounWords.length - 1] as string) || all, end: e };
  }

  private isFieldish(ws: string[]): boolean {
    const last = ws[ws.length - 1] as string;
    const hint = isPluralForm(last) ? undefined : TYPE_BY_WORD[last];
    return (hint !== undefined && hint.type !== 'stringList') || GENERATED_NOUNS.has(ws.join(' ')) || GENERATED_NOUNS.has(last) || ['name', 'title', 'address', 'money', 'cash', 'funds'].includes(last) || ws.some((w) => ['name', 'email'].includes(w));
  }

  /** Nouns that only appear as objects ("list all submissions") become resources without fields. */
  private collectCandidate(s: Segment): void {
    if (!['create', 'list', 'get', 'update', 'delete', 'crud', 'relation', 'take', 'state', 'mark', 'toggle', 'counter', 'release'].includes(s.cls)) return;
    const obj = s.passive ? this.objectOf(s.subject.map((w) => ({ raw: w, w })), undefined) : this.objectOf(s.rest, undefined);
    if (obj.kind !== 'noun') return;
    let ws = stripDeterminers(obj.words);
    // "waiting patients", "unclaimed items": a state, not part of the name
    while (ws.length > 1 && /(ing|ed)$|^un/.test(ws[0] as string) && !TYPE_BY_WORD[ws[0] as string]) ws = ws.slice(1);
    if (ws.length === 0 || ws.length > 3) return;
    const head = ws[ws.length - 1] as string;
    if (ws.length === 1 && COUNT_NOUNS.has(head) && ['create', 'get', 'increment', 'decrement'].includes(s.cls)) return;
    // "show the leaderboard": the records at hand, once they are known
    if (ws.length === 1 && COLLECTION_NOUNS.has(head) && !['waitlist', 'queue'].includes(head)) return;
    if (['how', 'what', 'which', 'who', 'when', 'where', 'why', 'many', 'much'].includes(ws[0] as string)) return;
    if (ws.some((w) => TALLY_NOUNS.has(w) || ['sum', 'average', 'avg', 'mean', 'median'].includes(w))) return;
    // "log their mood": fields of the record being created, not a record
    if (s.cls === 'create' && POSSESSIVES.has(s.rest[0]?.w ?? '')) return;
    // "create a mood tracker", "make a link shortener": the software, not a record
    if ((ws.length > 1 && TITLE_TAILS.has(ws[ws.length - 1] as string) && s.cls === 'create') || AGENT_NOUN_RESOURCES[ws[ws.length - 1] as string]) return;
    if (ACTOR_WORDS.has(singular(head)) || META_NOUNS.has(head) || TALLY_NOUNS.has(head) || this.isFieldish(ws) || FILLER_WORDS.has(head) || PRONOUNS.has(head)) return;
    if (this.resources.some((r) => r.fields.some((f) => f.words.includes(head) || f.words.includes(singular(head))))) return;
    if (s.rest.slice(obj.end).some((t) => t.w === ',') && s.cls === 'create' && !s.passive && s.rest[obj.end]?.w !== 'with') return;
    const sing = [...ws.slice(0, -1), singular(head)];
    // "book a class session" when sessions are declared: the same thing, not a new one
    if (sing.length > 1 && this.findResource([singular(head)])?.declared) return;
    if (!this.findResource(sing)) this.ensureResource(sing, s.text, false);
  }

  private readSegments(segs: Segment[]): void {
    const pre = segs[0] ? wordsOf(segs[0].clause.toks.slice(0, segs[0].verbIndex)) : [];
    // "Only one gardener can hold a plot at a time": what a take's guard already enforces
    const clauseWords = segs[0] ? wordsOf(segs[0].clause.toks) : [];
    const atATime = clauseWords.some((w, i) => (w === 'at' && clauseWords[i + 1] === 'a' && clauseWords[i + 2] === 'time') || (w === 'at' && clauseWords[i + 1] === 'once'));
    const heldOne = atATime && clauseWords.includes('one') ? this.actions.find((a) => a.kind === 'transition' && VERBS[a.verb] === 'take' && a.guards.some((g) => g.op === 'isNull') && clauseWords.some((w) => a.resource.split(' ').includes(singular(w)))) : undefined;
    if (heldOne) {
      this.understood.push(`"${segs[0]?.clause.text ?? ''}" restates that a ${heldOne.resource} already taken cannot be taken again`);
      return;
    }
    if (pre.includes('only') && pre.some((w) => ACTOR_WORDS.has(singular(w)) || this.findResource([w]) !== undefined)) {
      this.unmapped.push(`"${segs[0]?.clause.text ?? ''}" (who may do what cannot be restricted: every caller with the backend's key can call every action)`);
      return;
    }
    const objects = segs.map((s) => (s.passive ? this.objectOf(s.subject.map((w) => ({ raw: w, w })), this.lastResource) : this.objectOf(s.rest, this.lastResource)));
    segs.forEach((s, i) => {
      let obj = objects[i] as ObjectRef;
      if (obj.kind === 'none' && s.antecedent) {
        const ante = this.objectOf(s.antecedent.slice(-1), undefined);
        if (ante.kind === 'resource') obj = { ...ante, end: 0 };
      }
      if (obj.kind === 'none' && !['relation', 'tally'].includes(s.cls)) {
        // "Add, list by category, and delete expenses": the object is shared
        const later = objects.slice(i + 1).find((o) => o.kind === 'resource');
        if (later && later.kind === 'resource') obj = { ...later, end: obj.end, shared: true };
      }
      const more = s.passive ? [] : this.moreObjects(s.rest, obj);
      // a condition trailing the action ("..., and a task cannot be due on a weekend") is not dropped
      const tail = s.rest.slice(obj.end);
      // "a remote yes/no" names a yes/no field, it negates nothing
      const negAt = tail.findIndex((t, n) => (NEGATIONS.has(t.w) || REFUSALS.has(t.w)) && !(t.w === 'no' && tail[n - 1]?.w === '/'));
      const tailWords = tail.map((t) => t.w);
      if (negAt >= 0 && (tailWords.includes('negative') || tailWords.includes('enough') || (tailWords.includes('below') && (tailWords.includes('zero') || tailWords.includes('0'))))) {
        // "sell items, but don't allow the stock to go negative"
        const res = this.resourceFromObject(obj, s);
        const f = res ? (this.mentionedFields(res, tail).find((x) => x.spec.type === 'integer' || x.spec.type === 'number')) : undefined;
        if (f) f.spec.min = Math.max(f.spec.min ?? 0, 0);
        this.readSegment({ ...s, rest: s.rest.slice(0, obj.end + negAt) }, obj);
        return;
      }
      if (negAt >= 0 && s.cls !== 'list' && !s.passive) {
        this.unmapped.push(`"${textOf(tail.slice(Math.max(0, negAt - 3)))}" (a condition I cannot enforce)`);
        return;
      }
      const before = this.progress();
      this.readSegment(s, obj);
      for (const extra of more) this.readSegment({ ...s, rest: s.rest.slice(extra.end) }, { ...extra, end: 0 });
      // every verb phrase must end up somewhere: an action, a rule, a note, or a refusal
      if (this.progress() === before) this.unmapped.push(`"${s.text}" (I read the verb "${s.lemma.replace(/^\?/, '').replace('_', ' ')}" but could not tell what it should do)`);
      const hidden = this.hiddenVerb(tail, s.clause.text);
      if (hidden) this.unmapped.push(`"${s.text}" (what "${hidden}" does here is not understood)`);
    });
  }

  /** A count of everything a segment can produce; unchanged means the segment was dropped. */
  private progress(): number {
    return this.actions.length + this.rules.length + this.understood.length + this.unmapped.length + this.merges;
  }

  private merges = 0;

  /**
   * "logging a trip adds the distance to the mileage": an agreeing verb after the object, with an
   * object of its own, is a second statement the segment would otherwise swallow.
   */
  private hiddenVerb(tail: readonly Tok[], sentence: string): string | undefined {
    for (let i = 0; i < tail.length; i++) {
      const t = tail[i] as Tok;
      // "add songs, reorder nothing, ...": a verb after a comma that no segment took
      if (tail[i - 1]?.w === ',' && /^[a-z]{3,}$/.test(t.w) && !DETERMINERS.has(t.w) && !POSSESSIVES.has(t.w) && !PREPOSITIONS.has(t.w) && !SEP_FILLERS.has(t.w) && !this.findResource([t.w]) && !this.resources.some((r) => r.fields.some((f) => f.words.includes(t.w))) && !TYPE_BY_WORD[t.w] && !NEGATIONS.has(t.w) && taggedAsVerb(sentence, t.w)) return t.w;
      // the first word follows the object itself
      const prev = tail[i - 1] ?? { raw: 'thing', w: 'thing' };
      // "add points when a customer buys a coffee": a condition describing when, not a statement
      if (['when', 'whenever', 'after', 'once', 'if', 'until', 'while', 'before'].includes(prev.w)) return undefined;
      const next = tail[i + 1];
      if (['which', 'that', 'who', 'and', 'or', ','].includes(prev.w) || t.inner) continue;
      if (!/^[a-z]+s$/.test(t.w) || t.w.endsWith('ss') || !/^[a-z]/.test(prev.w) || DETERMINERS.has(prev.w) || POSSESSIVES.has(prev.w) || PREPOSITIONS.has(prev.w)) continue;
      if (!next || !(DETERMINERS.has(next.w) || POSSESSIVES.has(next.w))) continue;
      const lemma = verbLemma(t.w, this.verbSet) ?? verbLemma(t.w, new Set([...INCREASE_WORDS, ...DECREASE_WORDS]));
      if (lemma && lemma !== t.w) return t.w;
      if (INCREASE_WORDS.has(t.w) || DECREASE_WORDS.has(t.w)) return t.w;
    }
    return undefined;
  }

  /** "register owners and pets": further resources listed right after the object. */
  private moreObjects(rest: readonly Tok[], obj: ObjectRef): Extract<ObjectRef, { kind: 'resource' }>[] {
    if (obj.kind !== 'resource') return [];
    const out: Extract<ObjectRef, { kind: 'resource' }>[] = [];
    let i = obj.end;
    while (i < rest.length && (rest[i]?.w === ',' || rest[i]?.w === 'and')) {
      let j = i + 1;
      while (j < rest.length && (rest[j]?.w === 'and' || DETERMINERS.has((rest[j] as Tok).w))) j++;
      const r = this.resourceAt(rest, j);
      if (!r || r.res === obj.res) break;
      out.push({ kind: 'resource', res: r.res, plural: r.plural, all: false, end: r.end });
      i = r.end;
    }
    return out;
  }

  private resourceFromObject(obj: ObjectRef, s?: Segment): ResourceDraft | undefined {
    switch (obj.kind) {
      case 'resource':
        return obj.res;
      case 'field':
        return obj.res;
      case 'pronoun':
      case 'none':
        return this.lastResource ?? (this.resources.length === 1 ? this.resources[0] : undefined);
      case 'noun': {
        const found = this.findResourceLoose(obj.words);
        if (found) return found;
        // "deposit money into an account": the record is named later in the segment
        if (s && (s.cls === 'increment' || s.cls === 'decrement')) {
          const quantityRes = this.lastResource;
          for (let i = 0; i < s.rest.length; i++) {
            const r = this.resourceAt(s.rest, i);
            if (r) return r.res;
          }
          // "withdraw money (subtracts from the balance)": the record that owns the named field
          const words = s.rest.flatMap((t) => (t.inner ? t.inner : [t]));
          for (const res of this.resources) if (this.mentionedFields(res, words).length > 0) return res;
          // "selling removes from it": the record the sentence is about
          const why = this.explanation(s);
          if (s.rest.some((t) => PRONOUNS.has(t.w)) || why.some((w) => INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w))) return quantityRes;
        }
        return undefined;
      }
    }
  }

  private readSegment(s: Segment, obj: ObjectRef): void {
    const after = s.rest.slice(obj.end);
    const reject = (why: string): void => {
      this.unmapped.push(`"${s.text}" (${why})`);
    };
    if (this.readOccupancy(s, obj)) return;
    if (s.cls === 'unknown') {
      // "level up a character (increases the level by one)", "take snacks (decreases quantity by one)"
      const why = this.explanation(s);
      if (why.some((w) => INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w))) {
        const particle = ['up', 'down', 'out', 'in', 'off'].includes(s.rest[0]?.w ?? '') ? (s.rest[0] as Tok).w : undefined;
        const rest = particle ? s.rest.slice(1) : s.rest;
        const lemma = particle ? `${s.lemma.slice(1)}_${particle}` : s.lemma.slice(1);
        const o = this.objectOf(rest, this.lastResource);
        this.readQuantity({ ...s, lemma, rest, cls: why.some((w) => DECREASE_WORDS.has(w)) ? 'decrement' : 'increment' }, o);
        return;
      }
      if (this.readStamp(s) || this.readReset(s)) return;
      // "plant things in a bed (create a plant)": the parenthesis says which action it is
      const paren = s.rest.find((t) => t.inner && t.inner[0] && this.lemmaAt(t.inner, 0));
      if (paren?.inner) {
        const inner: Clause = { ...s.clause, text: textOf(paren.inner), toks: paren.inner };
        this.readSegments(this.segment(inner));
        return;
      }
      // "upgrade a customer to gold": an unknown verb that lands on a listed value
      const o = this.objectOf(s.rest, this.lastResource);
      const res = this.resourceFromObject(o, s);
      const target = res ? this.enumTarget(res, s.rest) : undefined;
      if (res && target) {
        this.setEnum(s, res, target, false);
        return;
      }
      reject(`I do not know what "${s.lemma.slice(1)}" should do; use add, list, show, update, delete, mark as, toggle, or say what changes`);
      return;
    }
    // "get a short code" right after a create: the create hands out a generated code
    if ((s.cls === 'get' || s.lemma === 'receive') && obj.kind !== 'resource' && this.lastCreated && this.isGeneratedAsk(s, obj)) {
      const res = this.lastCreated;
      const name = obj.kind === 'field' ? obj.field.spec.name : camelCase((obj.kind === 'noun' ? obj.words : ['code']).filter((w) => !NAME_NOISE.has(w)));
      const existing = this.fieldOf(res, name);
      if (existing) {
        existing.spec.generated = 'code';
        existing.spec.type = 'string';
        existing.spec.unique = true;
        existing.spec.required = false;
        delete existing.spec.default;
      } else this.addField(res, { spec: { name, type: 'string', required: false, unique: true, generated: 'code', min: 7 }, words: [name, ...splitIdentifier(name)] });
      this.understood.push(`creating a ${pascalCase(res.words)} hands out a generated ${name}`);
      return;
    }
    // "looking up a code gives you the URL and counts one visit"
    if (s.lemma === 'count' && ['one', 'a', 'an'].includes(s.rest[0]?.w ?? '') && s.rest[1]) {
      const prior = [...this.actions].reverse().find((a) => a.kind === 'get' || a.kind === 'transition');
      if (prior) {
        this.readRule({ ...s.clause, text: `each ${prior.verb.replace('_', ' ')} counts a ${s.rest[1].w}`, toks: [{ raw: 'each', w: 'each' }, { raw: prior.verb, w: prior.verb }, { raw: 'counts', w: 'counts' }, { raw: 'a', w: 'a' }, s.rest[1]] });
        return;
      }
    }
    const gainer = s.cls === 'get' && obj.kind !== 'resource' && s.subject.length > 0 ? (this.findResource(s.subject) ?? this.findResource(s.subject.slice(-1))) : undefined;
    const gained = obj.kind === 'noun' ? obj.words[obj.words.length - 1] : obj.kind === 'field' ? obj.field.spec.name : undefined;
    if (gainer && gained && COUNT_NOUNS.has(gained) && ['get', 'receive', 'earn'].includes(s.lemma)) {
      // "a team gets points": the team's count of them rises by a given amount
      if (!this.fieldOf(gainer, gained)) this.addField(gainer, { spec: { name: gained, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [gained, singular(gained)] });
      this.lastResource = gainer;
      this.readQuantity({ ...s, lemma: 'add', cls: 'increment' }, { kind: 'noun', words: [gained], plural: true, end: 0 });
      return;
    }
    const asksCount = s.subject.some((w) => TALLY_NOUNS.has(w)) || (obj.kind === 'resource' && ['results', 'tally', 'counts', 'totals', 'standings'].includes(s.rest[obj.end]?.w ?? '')) || s.rest.some((t, i) => t.w === 'how' && s.rest[i + 1]?.w === 'many');
    if (s.cls === 'tally' || ((s.cls === 'get' || s.cls === 'list') && ((obj.kind === 'noun' && obj.words.some((w) => TALLY_NOUNS.has(w))) || asksCount))) {
      this.readTally(s);
      return;
    }
    // "restocking (adds to the quantity)", "check in a habit, which increases the streak by one"
    const explained = this.explanation(s);
    if (explained.some((w) => INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w)) && ['create', 'delete', 'list', 'crud'].includes(s.cls)) {
      // "log a trip, which adds the distance to the mileage": a change to another record on create
      reject(`a ${s.cls} that also changes a number ("${explained.join(' ')}") is not supported; one action changes one record`);
      return;
    }
    if (explained.some((w) => INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w)) && ['state', 'release', 'get', 'take', 'mark', 'update', 'counter', 'relation'].includes(s.cls)) {
      const down = explained.some((w) => DECREASE_WORDS.has(w));
      this.readQuantity({ ...s, cls: down ? 'decrement' : 'increment' }, obj);
      return;
    }
    if (PRESENCE[s.lemma] && this.readPresence(s, obj)) return;
    // "report a machine broken", "flag a listing sold": a state after the object marks it
    const stateWord = after[0]?.w ?? '';
    if (['relation', 'create'].includes(s.cls) && obj.kind === 'resource' && after.length === 1 && (/^[a-z]{3,}(ed|en)$/.test(stateWord) || ['lost', 'missing', 'broken', 'sold', 'done', 'late'].includes(stateWord))) {
      this.readMark({ ...s, cls: 'mark' }, obj, after);
      return;
    }
    // "close a ticket" when tickets have a status (open, closed); "resolve tickets"
    if (['get', 'delete', 'create', 'release', 'update', 'take'].includes(s.cls)) {
      const res = this.resourceFromObject(obj, s);
      const st = res ? this.stateTarget(res, s.lemma) : undefined;
      if (res && st && !(st.field.spec.type === 'enum' && st.value === st.field.spec.default) && !(s.cls === 'update' && st.field.spec.type !== 'enum')) {
        this.lastResource = res;
        this.readState(s, res, s.rest);
        return;
      }
    }
    switch (s.cls) {
      case 'relation':
        this.readRelation(s, obj);
        return;
      case 'create': {
        const agent = obj.kind === 'noun' ? AGENT_NOUN_RESOURCES[obj.words[obj.words.length - 1] as string] : undefined;
        if (agent) {
          this.titleWords.push(...agent);
          this.titleAgent = true;
        }
        if (obj.kind === 'noun' && (agent || META_NOUNS.has(obj.words[obj.words.length - 1] as string) || (TITLE_TAILS.has(obj.words[obj.words.length - 1] as string) && obj.words.length > 1))) {
          this.understood.push(`"${s.text}" describes the backend`);
          return;
        }
        const countedOn = obj.kind === 'noun' && obj.words.length === 1 && COUNT_NOUNS.has(obj.words[0] as string) && ['add', 'award', 'grant', 'give'].includes(s.lemma) ? this.relationTarget(after, { words: [], fields: [], origin: '', declared: false }) : undefined;
        if (countedOn && obj.kind === 'noun') {
          // "add points to a team": a number kept on the team, raised by the given amount
          const name = obj.words[0] as string;
          if (!this.fieldOf(countedOn, name)) this.addField(countedOn, { spec: { name, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [name, singular(name)] });
          this.lastResource = countedOn;
          this.readQuantity({ ...s, lemma: 'add', cls: 'increment' }, { kind: 'noun', words: [name], plural: true, end: 0 });
          return;
        }
        if (['add', 'award', 'grant', 'give'].includes(s.lemma) && obj.kind === 'field' && (obj.field.spec.type === 'integer' || obj.field.spec.type === 'number')) {
          // "add points to a customer", "add stock": an increment of that number
          this.readQuantity({ ...s, cls: 'increment' }, obj);
          return;
        }
        // "submit their name, email and a message", "log their mood": the fields of what is created
        const possessive = POSSESSIVES.has(s.rest[0]?.w ?? '') && obj.kind !== 'resource';
        const listish = possessive || obj.kind === 'field' || (obj.kind === 'noun' && this.isFieldish(obj.words)) || (obj.kind === 'pronoun' && s.rest.some((t) => POSSESSIVES.has(t.w)));
        if (listish) {
          this.readFieldListCreate(s);
          return;
        }
        const res = this.resourceFromObject(obj, s);
        if (!res) return reject('I cannot tell what it creates');
        // "students submit assignments" when submissions are named elsewhere: a submission of one
        const nominal = NOMINALIZATION[s.lemma] ? this.findResource(NOMINALIZATION[s.lemma] as string[]) : undefined;
        if (nominal && nominal !== res && res.declared && res.fields.length > 0 && !nominal.declared) {
          this.readRelation({ ...s, cls: 'relation' }, obj);
          return;
        }
        const paren = after[0]?.inner;
        if (paren) {
          const bound = paren.find((t) => t.w === '#range') ?? paren.find((t) => /^\d+$/.test(t.w));
          if (bound && paren.some((t) => ['characters', 'chars', 'letters'].includes(t.w))) {
            // "short messages (max 280 characters)": a limit on the record's own text
            const max = bound.range?.max ?? Number(bound.w);
            this.addField(res, { spec: { name: 'text', type: 'text', required: true, max, ...(bound.range?.min !== undefined ? { min: bound.range.min } : {}) }, words: ['text', 'content', 'body'] });
          } else if (res.fields.length === 0 && paren.some((t) => /^[a-z]/.test(t.w))) {
            // "create quotes (text and author)"
            this.readItems(res, splitList(prepareFieldList(paren)), s.text);
          }
        }
        const withIdx = after.findIndex((t) => t.w === 'with');
        if (withIdx >= 0) {
          const items = after.slice(withIdx + 1);
          const parts = splitList(prepareFieldList(items.filter((t) => !POSSESSIVES.has(t.w))));
          this.readItems(res, parts, s.text);
        }
        const target = this.relationTarget(after, res);
        if (target) this.addReference(res, target, true);
        this.pushAction({ kind: 'create', resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
        this.lastResource = res;
        this.lastCreated = res;
        this.lastCreatedSentence = s.clause.sentence;
        return;
      }
      case 'crud': {
        const res = this.resourceFromObject(obj.kind === 'none' ? this.objectOf(after.filter((t) => t.w !== 'for' && t.w !== 'of' && t.w !== 'on'), undefined) : obj);
        if (!res) return reject('I cannot tell what it manages');
        for (const kind of ['create', 'get', 'list', 'update', 'delete'] as const) {
          this.pushAction({ kind, resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters: kind === 'list' ? this.readFilters(res, after, s) : [], params: [], guards: [], effects: [] });
        }
        this.lastResource = res;
        return;
      }
      case 'list':
      case 'get': {
        // "show a recipe's ratings": the records of another kind that point at it
        const owned = obj.kind === 'resource' ? this.resourceAt(s.rest, obj.end) : undefined;
        const ownerRef = owned && obj.kind === 'resource' && owned.plural && owned.res !== obj.res ? owned.res.fields.find((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(obj.res.words)) : undefined;
        if (owned && ownerRef) {
          this.pushAction({ kind: 'list', resource: keyOf(owned.res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [{ param: ownerRef.spec.name, field: ownerRef.spec.name, op: 'eq' }], params: [], guards: [], effects: [] });
          this.lastResource = owned.res;
          return;
        }
        // "show a vet's appointments" when appointments are not a kind of record: not a plain get
        const trailing = obj.kind === 'resource' && !obj.plural ? s.rest[obj.end] : undefined;
        if (trailing && obj.kind === 'resource' && /^[a-z]+s$/.test(trailing.w) && isPluralForm(trailing.w) && !this.fieldAt(obj.res, s.rest, obj.end) && !TALLY_NOUNS.has(trailing.w) && !PREPOSITIONS.has(trailing.w) && !SEPARATORS.has(trailing.w)) {
          reject(`I cannot tell what the ${trailing.w} of a ${obj.res.words.join(' ')} are; name them as records (e.g. "${trailing.w} have a ${obj.res.words.join(' ')}")`);
          return;
        }
        const resolved = s.lemma === 'resolve' ? this.resourceFromObject(obj, s) : undefined;
        if (resolved && !resolved.fields.some((f) => f.spec.unique && LOOKUP_KEYS.has(f.spec.name)) && !after.some((t) => t.w === 'by' || t.w === 'to')) {
          // "resolve a ticket" (no code to resolve): it becomes resolved
          this.lastResource = resolved;
          this.readState(s, resolved, after);
          return;
        }
        if (s.rest[0]?.w === 'who' && s.rest[1]) {
          const lemma = verbLemma(s.rest[1].w, VERB_SET);
          const made = lemma ? [...this.actions].reverse().find((a) => a.kind === 'create' && a.verb === lemma) : undefined;
          const madeRes = made ? this.resources.find((r) => keyOf(r.words) === made.resource) : undefined;
          if (madeRes) {
            this.pushAction({ kind: 'list', resource: keyOf(madeRes.words), verb: s.lemma, description: sentenceCase(s.text), filters: this.readFilters(madeRes, s.rest.slice(2), s), params: [], guards: [], effects: [] });
            this.lastResource = madeRes;
            return;
          }
        }
        const res = this.resourceFromObject(obj, s);
        if (!res) return reject('I cannot tell which records it reads');
        this.lastResource = res;
        const isList = s.cls === 'list' || (obj.kind === 'resource' && !obj.shared && (obj.plural || obj.all)) || (obj.kind === 'pronoun' && obj.plural && s.lemma !== 'resolve');
        if (isList) {
          // "sorting by title" orders; it does not filter
          const sorting = s.lemma === 'sort' || (s.lemma === 'order' && s.rest[0]?.w === 'by');
          const filters = sorting ? [] : this.readFilters(res, s.rest, s);
          if (obj.kind === 'field' && (obj.field.spec.type === 'boolean' || obj.field.spec.type === 'enum') && !filters.some((f) => f.field === obj.field.spec.name)) {
            filters.unshift({ param: obj.field.spec.name, field: obj.field.spec.name, op: 'eq' });
          }
          const orderBy = this.readOrder(res, sorting ? [{ raw: 'sorted', w: 'sorted' }, ...s.rest] : s.rest);
          // "list pending applications" when nothing is pending: a state word that filters nothing
          if (obj.kind === 'resource') {
            const lead = s.rest.slice(0, obj.end).filter((t) => /^[a-z]/.test(t.w) && !DETERMINERS.has(t.w) && !POSSESSIVES.has(t.w) && !res.words.includes(singular(t.w)) && this.findResource([t.w]) !== res && !['all', 'of', 'every', 'any', 'which', 'what', 'exactly', 'only', 'just', 'me', 'us', 'you', 'them', 'currently', 'recent', 'latest'].includes(t.w));
            const unread = lead.find((t) => this.readFilters(res, [t], s).length === 0 && !filters.some((f) => f.field === t.w));
            if (unread) {
              reject(`"${unread.w}" ${plural(res.words.join(' '))} are not something a ${res.words.join(' ')} records; add a status (e.g. "a status (${unread.w}, ...)") or a yes/no field`);
              return;
            }
          }
          // "games that work for a given number of players": a condition that became no filter
          const relAt = after.findIndex((t, n) => ['that', 'which', 'who', 'where', 'whose'].includes(t.w) || (n === 0 && ['are', 'is', 'were'].includes(t.w)));
          if (relAt >= 0 && filters.length === 0 && !orderBy && wordsOf(after.slice(relAt + 1)).length > 0) {
            reject(`the condition "${textOf(after.slice(relAt))}" is not a filter I can read; say "list ${plural(res.words.join(' '))} by <field>" or "with <field> at most a given value"`);
            return;
          }
          this.pushAction({ kind: 'list', resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters, params: [], guards: [], effects: [], ...(orderBy ? { orderBy } : {}) });
          return;
        }
        const by = this.lookupField(res, obj, after);
        const draft: ActionDraft = { kind: 'get', resource: keyOf(res.words), verb: s.lemma, by, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] };
        if (!['get', 'view', 'fetch', 'show', 'see', 'find', 'read', 'retrieve', 'look_up', 'lookup', 'check', 'access', 'inspect', 'load'].includes(s.lemma)) draft.name = camelCase([...s.lemma.split('_'), ...res.words]);
        this.pushAction(draft);
        return;
      }
      case 'update': {
        const res = this.resourceFromObject(obj, s);
        if (!res) return reject('I cannot tell what it changes');
        this.lastResource = res;
        // "set a task's status to done", "move a card to doing": a transition to that value
        const target = this.enumTarget(res, after);
        if (target) {
          this.setEnum(s, res, target, true);
          return;
        }
        // "set a todo to done": a yes/no field named after "to"
        const toAt = after.findIndex((t) => t.w === 'to');
        const flag = toAt >= 0 ? res.fields.find((f) => f.spec.type === 'boolean' && f.spec.name === after[toAt + 1]?.w) : undefined;
        if (flag) {
          this.pushTransition(res, s.text, { verb: s.lemma, name: camelCase(['mark', ...res.words, ...splitIdentifier(flag.spec.name)]), effects: [{ set: flag.spec.name, to: { literal: true } }] });
          return;
        }
        const mentioned = this.mentionedFields(res, obj.kind === 'field' ? s.rest : after).filter((f) => !f.spec.generated);
        if (obj.kind === 'field' && !mentioned.includes(obj.field)) mentioned.unshift(obj.field);
        if (s.lemma === 'rename') {
          const nameField = res.fields.find((f) => f.spec.name === 'name' || f.spec.name === 'title');
          if (nameField && !mentioned.includes(nameField)) mentioned.push(nameField);
        }
        const fields = mentioned.length ? mentioned.map((f) => f.spec.name) : undefined;
        this.pushAction({ kind: 'update', resource: keyOf(res.words), verb: s.lemma, updateFields: fields, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
        return;
      }
      case 'delete': {
        let res = this.resourceFromObject(obj, s);
        if (!res) return reject('I cannot tell what it deletes');
        // "students enroll in a course ... students can drop a course": the enrollment goes
        const made = s.subject.length ? this.relationsBySubject.get(keyOf([...s.subject.slice(0, -1), singular(s.subject[s.subject.length - 1] as string)])) : undefined;
        if (made && made.target === res) res = made.rel;
        this.lastResource = res;
        if (this.stateTarget(res, s.lemma)) {
          this.readState(s, res, after);
          return;
        }
        this.pushAction({ kind: 'delete', resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
        return;
      }
      case 'increment':
      case 'decrement': {
        // "give each application a score from 1 to 10": a mark on a scale, not an amount added
        const given = s.cls === 'increment' && (obj.kind === 'resource' || obj.kind === 'pronoun') ? s.rest.slice(obj.end, obj.end + 4).find((t, k, ws) => SCALE_NOUNS[t.w] !== undefined && ['a', 'an'].includes(ws[k - 1]?.w ?? ''))?.w : undefined;
        const scaleVerb = given ? SCALE_NOUNS[given] : undefined;
        if (scaleVerb && this.readRating({ ...s, lemma: scaleVerb }, obj)) return;
        this.readQuantity(s, obj);
        return;
      }
      case 'toggle': {
        const res = this.resourceFromObject(obj, s);
        if (!res) return reject('I cannot tell what it toggles');
        this.lastResource = res;
        const mentioned = this.mentionedFields(res, s.rest).find((f) => f.spec.type === 'boolean');
        const field = mentioned ?? res.fields.find((f) => f.spec.type === 'boolean');
        if (!field) return reject(`${pascalCase(res.words)} has no yes/no field to toggle`);
        this.pushTransition(res, s.text, { verb: s.lemma, name: camelCase([s.lemma, ...res.words]), effects: [{ toggle: field.spec.name }] });
        return;
      }
      case 'mark':
        this.readMark(s, obj, after);
        return;
      case 'state': {
        const res = this.resourceFromObject(obj, s);
        if (!res) return reject('I cannot tell what it changes');
        this.lastResource = res;
        this.readState(s, res, after);
        return;
      }
      case 'take':
        if (s.rest[0]?.w === 'new' && obj.kind === 'resource') {
          // "take new orders"
          this.pushAction({ kind: 'create', resource: keyOf(obj.res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
          this.lastResource = obj.res;
          return;
        }
        this.readTake(s, obj, after);
        return;
      case 'release':
        this.readRelease(s, obj);
        return;
      case 'counter': {
        const res = this.resourceFromObject(obj, s);
        if (!res) return reject('I cannot tell what it counts');
        this.lastResource = res;
        const name = plural(s.lemma);
        const field = this.fieldOf(res, name) ?? this.addField(res, { spec: { name, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [name, s.lemma] });
        field.spec.generated = 'managed';
        this.pushTransition(res, s.text, { verb: s.lemma, name: camelCase([s.lemma, ...res.words]), effects: [{ increment: field.spec.name, by: { literal: 1 } }] });
        return;
      }
    }
  }

  /**
   * "Cars park in a spot and leave it": a verb that goes in/into/at a record with an occupancy
   * yes/no field (occupied, taken, in use ...) sets it, refused when already set; leaving,
   * vacating or freeing it clears it, refused when not set.
   */
  private readOccupancy(s: Segment, obj: ObjectRef): boolean {
    const verb = s.lemma.replace(/^\?/, '');
    const occupancyOf = (res: ResourceDraft): FieldDraft | undefined => res.fields.find((f) => f.spec.type === 'boolean' && OCCUPANCY.has(f.spec.name));
    if (LEAVE_VERBS.has(verb)) {
      const res = this.resourceFromObject(obj, s);
      const field = res ? occupancyOf(res) : undefined;
      if (!res || !field || !this.actions.some((a) => a.resource === keyOf(res.words) && a.effects.some((e) => 'set' in e && e.set === field.spec.name))) return false;
      this.pushOccupancy(s, verb, res, field, false);
      return true;
    }
    if (s.cls !== 'unknown' || !['in', 'into', 'at', 'on', 'onto'].includes(s.rest[0]?.w ?? '')) return false;
    let j = 1;
    while (j < s.rest.length && DETERMINERS.has((s.rest[j] as Tok).w)) j++;
    const r = this.resourceAt(s.rest, j);
    const field = r ? occupancyOf(r.res) : undefined;
    if (!r || !field) return false;
    this.pushOccupancy({ ...s, rest: s.rest.slice(r.end) }, verb, r.res, field, true);
    return true;
  }

  private pushOccupancy(s: Segment, verb: string, res: ResourceDraft, field: FieldDraft, value: boolean): void {
    const thing = res.words.join(' ');
    const state = splitIdentifier(field.spec.name).join(' ');
    this.lastResource = res;
    this.pushTransition(res, s.text, {
      verb,
      name: camelCase([...verb.split('_'), ...res.words]),
      guards: [{ field: field.spec.name, op: 'ne', value: { literal: value }, message: value ? `This ${thing} is already ${state}` : `This ${thing} is not ${state}` }],
      effects: [{ set: field.spec.name, to: { literal: value } }],
    });
    this.understood.push(`${verb} ${value ? 'sets' : 'clears'} ${field.spec.name}`);
  }

  /**
   * "rate them from 1 to 10 once watched": a score on the record itself, set by a transition whose
   * param carries the scale; "once <state>" also marks the record so.
   */
  private readRating(s: Segment, obj: ObjectRef): boolean {
    let range = s.rest.find((t) => t.w === '#range')?.range ?? s.rest.flatMap((t) => t.inner ?? []).find((t) => t.w === '#range')?.range;
    let name = NOMINALIZATION[s.lemma]?.[0] ?? 'rating';
    let givenType: FieldSpec['type'] | undefined;
    const withAt = s.rest.findIndex((t) => t.w === 'with');
    if (withAt >= 0) {
      // "grade a submission with a score (0-100)": the one number it gives
      const items = splitList(prepareFieldList(s.rest.slice(withAt + 1)));
      const reading = items.length === 1 ? readFieldItem(items[0] as Tok[], this.lookup, []) : undefined;
      if (reading?.kind !== 'field' || !['integer', 'number'].includes(reading.field.spec.type)) return false;
      name = reading.field.spec.name;
      givenType = reading.field.spec.type;
      range ??= { ...(reading.field.spec.min !== undefined ? { min: reading.field.spec.min } : {}), ...(reading.field.spec.max !== undefined ? { max: reading.field.spec.max } : {}) };
    }
    if (!range) return false;
    if (obj.kind !== 'pronoun' && obj.kind !== 'resource') return false;
    const res = this.resourceFromObject(obj, s);
    if (!res || res.fields.length === 0) return false;
    const bounds = { ...(range.min !== undefined ? { min: range.min } : {}), ...(range.max !== undefined ? { max: range.max } : {}) };
    const integer = givenType ? givenType === 'integer' : Number.isInteger(range.min ?? 0) && Number.isInteger(range.max ?? 0);
    const existing = this.fieldOf(res, name);
    const field = existing ?? this.addField(res, { spec: { name, type: integer ? 'integer' : 'number', required: false, generated: 'managed', ...bounds }, words: [name, s.lemma, 'score'] });
    if (existing) {
      field.spec.generated = 'managed';
      field.spec.required = false;
      delete field.spec.default;
      Object.assign(field.spec, bounds);
    }
    const effects: ActionDraft['effects'] = [{ set: field.spec.name, to: { param: field.spec.name } }];
    const once = s.rest.findIndex((t) => t.w === 'once' || t.w === 'after' || t.w === 'when');
    const stateWord = once >= 0 ? s.rest.slice(once + 1).find((t) => /^[a-z]+(ed|en)$/.test(t.w))?.w : undefined;
    if (once >= 0 && !stateWord) return false;
    if (stateWord) {
      const flag = this.fieldOf(res, stateWord) ?? this.addField(res, { spec: { name: stateWord, type: 'boolean', required: false, default: false, generated: 'managed' }, words: [stateWord] });
      if (flag.spec.type !== 'boolean') return false;
      effects.push({ set: flag.spec.name, to: { literal: true } });
    }
    this.lastResource = res;
    this.pushTransition(res, s.text, {
      verb: s.lemma,
      name: camelCase([s.lemma, ...res.words]),
      params: [{ name: field.spec.name, type: field.spec.type, required: true, ...bounds }],
      effects,
    });
    this.understood.push(`${s.lemma} sets ${field.spec.name} (${range.min ?? ''} to ${range.max ?? ''})${stateWord ? ` and marks it ${stateWord}` : ''}`);
    return true;
  }

  /** "water a plant (records the last watered date)": the action stamps a date or time. */
  private readStamp(s: Segment): boolean {
    const verb = s.lemma.replace(/^\?/, '');
    const paren = s.rest.find((t) => t.inner && ['records', 'sets', 'updates', 'stamps', 'saves', 'stores', 'logs', 'record', 'set', 'update'].includes(t.inner[0]?.w ?? ''));
    if (!paren?.inner) return false;
    const words = wordsOf(paren.inner.slice(1)).filter((w) => !DETERMINERS.has(w) && !POSSESSIVES.has(w));
    const last = words[words.length - 1] ?? '';
    if (words.length === 0 || words.length > 4 || !['date', 'time', 'timestamp', 'day', 'at', 'on'].includes(last)) return false;
    const o = this.objectOf(s.rest, this.lastResource);
    const res = this.resourceFromObject(o, s);
    if (!res) return false;
    const name = camelCase(words);
    const type = last === 'date' || last === 'day' ? 'date' : 'datetime';
    const field = this.fieldOf(res, name) ?? this.addField(res, { spec: { name, type, required: false, generated: 'managed' }, words: [name, ...words] });
    field.spec.generated = 'managed';
    field.spec.required = false;
    this.lastResource = res;
    this.pushTransition(res, s.text, { verb, name: camelCase([verb, ...res.words]), effects: [{ set: name, to: { now: true } }] });
    this.understood.push(`${verb} sets ${name} to now`);
    return true;
  }

  /** "reset a habit's streak": a number back to zero (or its default), a yes/no back to false. */
  private readReset(s: Segment): boolean {
    if (s.lemma !== '?reset') return false;
    const o = this.objectOf(s.rest, this.lastResource);
    const res = this.resourceFromObject(o, s);
    if (!res) return false;
    const field = o.kind === 'field' ? o.field : this.mentionedFields(res, s.rest)[0];
    if (!field || !['integer', 'number', 'boolean'].includes(field.spec.type)) return false;
    const to = field.spec.type === 'boolean' ? false : typeof field.spec.default === 'number' ? field.spec.default : Math.max(0, field.spec.min ?? 0);
    this.lastResource = res;
    this.pushTransition(res, s.text, { verb: 'reset', name: camelCase(['reset', ...res.words, ...splitIdentifier(field.spec.name)]), effects: [{ set: field.spec.name, to: { literal: to } }] });
    this.understood.push(`reset sets ${field.spec.name} back to ${String(to)}`);
    return true;
  }

  /** "check dogs in and out": in sets a yes/no field, out clears it; each refused when already so. */
  private readPresence(s: Segment, obj: ObjectRef): boolean {
    const p = PRESENCE[s.lemma] as { field: string; value: boolean };
    const res = this.resourceFromObject(obj, s);
    if (!res) return false;
    const lending = this.actions.some((a) => a.resource === keyOf(res.words) && a.kind === 'transition' && VERBS[a.verb] === 'take');
    const existing = this.fieldOf(res, p.field);
    // a check-out that lends (libraries) or a check-in after a lending is handled as take/release
    if (lending || (!p.value && !existing && VERBS[s.lemma] === 'take')) return false;
    if (s.rest.some((t) => t.w === 'with')) return false;
    const field = existing ?? this.addField(res, { spec: { name: p.field, type: 'boolean', required: false, default: false, generated: 'managed' }, words: [p.field, ...splitIdentifier(p.field)] });
    const thing = res.words.join(' ');
    const state = splitIdentifier(p.field).join(' ');
    this.lastResource = res;
    this.pushTransition(res, s.text, {
      verb: s.lemma,
      name: camelCase([...s.lemma.split('_'), ...res.words]),
      guards: [{ field: field.spec.name, op: 'ne', value: { literal: p.value }, message: p.value ? `This ${thing} is already ${state}` : `This ${thing} is not ${state}` }],
      effects: [{ set: field.spec.name, to: { literal: p.value } }],
    });
    return true;
  }

  /** "to gold", "to in progress": a value of one of the resource's enums after "to". */
  private enumTarget(res: ResourceDraft, toks: readonly Tok[]): { field: FieldDraft; value: string } | undefined {
    for (let i = 0; i < toks.length; i++) {
      if (toks[i]?.w !== 'to' && toks[i]?.w !== 'as' && toks[i]?.w !== 'into') continue;
      let j = i + 1;
      while (j < toks.length && DETERMINERS.has((toks[j] as Tok).w)) j++;
      for (const f of res.fields.filter((x) => x.spec.type === 'enum')) {
        for (const v of f.spec.values ?? []) {
          const vw = v.toLowerCase().split(/\s+/);
          if (vw.every((w, k) => toks[j + k]?.w === w)) return { field: f, value: v };
        }
      }
    }
    return undefined;
  }

  private setEnum(s: Segment, res: ResourceDraft, target: { field: FieldDraft; value: string }, withValue: boolean): void {
    this.lastResource = res;
    this.pushTransition(res, s.text, {
      verb: s.lemma.replace(/^\?/, ''),
      name: camelCase([...s.lemma.replace(/^\?/, '').split('_'), ...res.words, ...(withValue ? ['to', ...target.value.split(/\s+/)] : [])]),
      effects: [{ set: target.field.spec.name, to: { literal: target.value } }],
    });
  }

  /** Words that explain what an action does: its parentheses and a "which ..." clause. */
  private explanation(s: Segment): string[] {
    const out: string[] = [];
    let relative = false;
    for (const t of s.rest) {
      if (t.inner) out.push(...t.inner.map((x) => x.w));
      if (t.w === 'which' || t.w === 'that') relative = true;
      else if (relative) out.push(t.w);
    }
    return withDirection(out);
  }

  private isGeneratedAsk(s: Segment, obj: ObjectRef): boolean {
    if (!['get', 'receive', 'fetch', 'obtain'].includes(s.lemma)) return false;
    const ws = obj.kind === 'noun' ? obj.words : obj.kind === 'field' ? splitIdentifier(obj.field.spec.name) : [];
    const clean = ws.filter((w) => !NAME_NOISE.has(w));
    // only right after a create in the same sentence ("submit a URL and get a short code")
    return clean.length > 0 && (GENERATED_NOUNS.has(clean.join(' ')) || GENERATED_NOUNS.has(clean[clean.length - 1] as string)) && this.lastCreatedSentence === s.clause.sentence;
  }

  /** Lookup field of a get: "by <unique field>", a unique field as the object, a natural key, or id. */
  private lookupField(res: ResourceDraft, obj: ObjectRef, after: readonly Tok[]): string {
    const byIdx = after.findIndex((t) => t.w === 'by');
    if (byIdx >= 0) {
      const f = this.fieldAt(res, after, byIdx + 1) ?? this.fieldAt(res, after, byIdx + 2);
      if (f) {
        f.field.spec.unique = true;
        f.field.spec.required = !f.field.spec.generated && f.field.spec.default === undefined;
        return f.field.spec.name;
      }
      if (after.slice(byIdx + 1).some((t) => t.w === 'id')) return 'id';
    }
    if (obj.kind === 'field' && obj.field.spec.unique) return obj.field.spec.name;
    const key = res.fields.find((f) => f.spec.unique && ['key', 'code', 'slug', 'handle', 'username', 'shortCode', 'token'].includes(f.spec.name));
    return key ? key.spec.name : 'id';
  }

  private mentionedFields(res: ResourceDraft, toks: readonly Tok[]): FieldDraft[] {
    const out: FieldDraft[] = [];
    for (let i = 0; i < toks.length; i++) {
      const w = (toks[i] as Tok).w;
      if (DETERMINERS.has(w) || PREPOSITIONS.has(w) || POSSESSIVES.has(w)) continue;
      const f = this.fieldAt(res, toks, i);
      if (f && !out.includes(f.field)) {
        out.push(f.field);
        i = f.end - 1;
      }
    }
    return out;
  }

  private relationTarget(after: readonly Tok[], self: ResourceDraft): ResourceDraft | undefined {
    for (let i = 0; i < after.length; i++) {
      if (!RELATION_PREPS.has((after[i] as Tok).w) || (after[i] as Tok).w === 'with') continue;
      let j = i + 1;
      while (j < after.length && (DETERMINERS.has((after[j] as Tok).w) || POSSESSIVES.has((after[j] as Tok).w))) j++;
      const r = this.resourceAt(after, j);
      if (r && r.res !== self) return r.res;
    }
    return undefined;
  }

  private readonly filterContext: FilterContext = {
    fieldAt: (res, toks, i) => this.fieldAt(res, toks, i),
    resourceAt: (toks, i) => this.resourceAt(toks, i),
    unmapped: this.unmapped,
  };

  private readFilters(res: ResourceDraft, toks: readonly Tok[], s: Segment): FilterSpec[] {
    return readFilters(this.filterContext, res, toks, { lemma: s.lemma, text: s.text, subject: s.subject });
  }

  private readOrder(res: ResourceDraft, toks: readonly Tok[]): ActionDraft['orderBy'] {
    return readOrder(this.filterContext, res, toks);
  }

  /** "visitors submit their name, email and a message", "submit a long URL". */
  private readFieldListCreate(s: Segment): void {
    const items = splitList(prepareFieldList(s.rest.filter((t) => !POSSESSIVES.has(t.w)).map((t) => (t.w === 'with' ? { raw: ',', w: ',' } : t))));
    let res = this.resources.find((r) => r.fields.length === 0 && !r.declared && (this.lastResource === undefined || this.lastResource.fields.length === 0 || r === this.lastResource));
    res ??= this.resources.find((r) => r.fields.length === 0);
    if (!res && this.titleWords.length) {
      const tw = this.titleNoun();
      if (tw) res = this.ensureResource(tw, s.text, true);
    }
    if (!res) {
      const noun = NOMINALIZATION[s.lemma];
      if (noun) res = this.ensureResource(noun, s.text, true);
    }
    const subject = s.subject.length ? this.findResource(s.subject) : undefined;
    if (!res && subject) res = subject;
    if (!res) {
      this.unmapped.push(`"${s.text}" (I cannot tell which kind of record this creates; name it, e.g. "messages have a name and an email")`);
      return;
    }
    res.declared = true;
    // "submit feedback with a message": the record named first is what is created, not a field of it
    const named = res;
    const own = items.filter((it, n) => !(n === 0 && keyOf(stripDeterminers(wordsOf(it)).map((w) => singular(w))) === keyOf(named.words) && items.length > 1));
    this.readItems(res, own, s.text);
    this.pushAction({ kind: 'create', resource: keyOf(res.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
    this.lastResource = res;
    this.lastCreated = res;
    this.lastCreatedSentence = s.clause.sentence;
  }

  private titleNoun(): string[] | undefined {
    if (this.titleAgent) return this.titleWords;
    const ws = this.titleWords.filter((w) => !META_NOUNS.has(w) && !TITLE_TAILS.has(w) && !FILLER_WORDS.has(w));
    if (ws.length === 0) return undefined;
    return [singular(ws[ws.length - 1] as string)];
  }

  private readQuantity(s: Segment, obj: ObjectRef): void {
    // "resolving the code ... increments a visit counter": a counter on the action before it
    if (s.cls === 'increment' && obj.kind === 'noun' && ['counter', 'count', 'tally'].includes(obj.words[obj.words.length - 1] as string) && obj.words.length > 1) {
      const prior = [...this.actions].reverse().find((a) => a.kind === 'get' || a.kind === 'transition');
      if (prior) {
        const counted = obj.words[obj.words.length - 2] as string;
        this.readRule({ ...s.clause, text: `each ${prior.verb} counts a ${counted}`, toks: [{ raw: 'each', w: 'each' }, { raw: prior.verb, w: prior.verb }, { raw: 'counts', w: 'counts' }, { raw: 'a', w: 'a' }, { raw: counted, w: counted }] });
        return;
      }
    }
    const res = this.resourceFromObject(obj, s);
    if (!res) {
      this.unmapped.push(`"${s.text}" (I cannot tell what it changes)`);
      return;
    }
    this.lastResource = res;
    // "(adds to the quantity)", "(subtracts, but never below zero)"
    const explained = s.rest.flatMap((t) => (t.inner ? t.inner : [t]));
    const inParens = s.rest.flatMap((t) => t.inner ?? []);
    const numeric0 = (f: FieldDraft): boolean => f.spec.type === 'integer' || f.spec.type === 'number';
    const mentioned = this.mentionedFields(res, inParens).find(numeric0) ?? this.mentionedFields(res, explained).find(numeric0);
    const numeric = res.fields.filter((f) => (f.spec.type === 'integer' || f.spec.type === 'number') && !f.spec.generated);
    const stockish = numeric.find((f) => ['quantity', 'stock', 'balance', 'count', 'units', 'inventory', 'points', 'credits', 'copies', 'seats', 'spots', 'amount', 'level', 'hours'].some((w) => f.words.includes(w)));
    // a price, a percentage or a year is a property, not a quantity that goes up and down: with
    // no field named, changing it would be a guess ("redeem a coupon" is not "lower its discount")
    const quantityLike = numeric[0] && !numeric[0].words.some((w) => DESCRIPTIVE_NUMBERS.has(w)) ? numeric[0] : undefined;
    const field = mentioned ?? stockish ?? quantityLike;
    if (!field && s.cls === 'decrement' && !s.passive && s.rest.some((t) => t.w === 'once')) {
      // "customers redeem a coupon once": with nothing to count down, a single use is a state kept
      // (409 after); "the token can be used once" names no action anyone takes, and stays refused
      const state = pastParticiple(s.lemma.split('_')[0] as string);
      const flag = this.fieldOf(res, state) ?? this.addField(res, { spec: { name: state, type: 'boolean', required: false, default: false, generated: 'managed' }, words: [state] });
      if (flag.spec.type === 'boolean') {
        this.pushTransition(res, s.text, {
          verb: s.lemma,
          name: camelCase([...s.lemma.split('_'), ...res.words]),
          guards: [{ field: flag.spec.name, op: 'ne', value: { literal: true }, message: `This ${res.words.join(' ')} is already ${state}` }],
          effects: [{ set: flag.spec.name, to: { literal: true } }],
        });
        this.understood.push(`${s.lemma} marks ${pascalCase(res.words)} ${state}, once`);
        return;
      }
    }
    if (!field) {
      this.unmapped.push(`"${s.text}" (${pascalCase(res.words)} has no number to change)`);
      return;
    }
    const ws = withDirection(explained.map((t) => t.w));
    let decrement = s.cls === 'decrement';
    if (ws.some((w) => ['subtracts', 'subtract', 'decreases', 'reduces', 'removes', 'lowers', 'minus'].includes(w))) decrement = true;
    if (ws.some((w) => ['adds', 'increases', 'raises', 'plus'].includes(w))) decrement = false;
    if (decrement && (ws.includes('below') || ws.includes('negative') || ws.includes('under')) && (ws.includes('zero') || ws.includes('0') || ws.includes('negative'))) {
      if (field.spec.min === undefined || field.spec.min < 0) field.spec.min = 0;
    }
    if (decrement && field.spec.min === undefined) field.spec.min = 0;
    const byIdx = ws.lastIndexOf('by');
    // "by one", "by 5", "(removes one item)"
    const oneAfterVerb = ws.findIndex((w, i) => (INCREASE_WORDS.has(w) || DECREASE_WORDS.has(w)) && (ws[i + 1] === 'one' || ws[i + 1] === 'a' || ws[i + 1] === 'an'));
    // "earns 10 points": a number right before the quantity's own word
    const counted = ws.findIndex((w, i) => /^\d+$/.test(w) && (field.words.includes(ws[i + 1] ?? '') || field.spec.name === ws[i + 1]));
    const literal = byIdx >= 0 ? (ws[byIdx + 1] === 'one' ? 1 : /^\d+$/.test(ws[byIdx + 1] ?? '') ? Number(ws[byIdx + 1]) : undefined) : oneAfterVerb >= 0 && ws[oneAfterVerb + 1] === 'one' ? 1 : counted >= 0 ? Number(ws[counted]) : undefined;
    const params = literal === undefined ? [{ name: 'amount', type: field.spec.type, required: true, min: field.spec.type === 'integer' ? 1 : 0 } satisfies FieldSpec] : [];
    const by = literal === undefined ? { param: 'amount' } : { literal };
    // "give a raise": the thing given names the action (giveRaiseEmployee)
    const objectWords = (obj.kind === 'noun' ? obj.words.filter((w) => !['more', 'less', 'extra', 'some'].includes(w)) : obj.kind === 'field' ? wordsOf(s.rest.slice(0, obj.end)).filter((w) => !DETERMINERS.has(w) && !POSSESSIVES.has(w)) : []).filter((w) => !INCREASE_WORDS.has(w) && !DECREASE_WORDS.has(w) && (verbLemma(w, VERB_SET) === undefined || verbLemma(w, VERB_SET) === w));
    const thing = objectWords.length > 0 && objectWords.length <= 2 && !['money', 'cash', 'funds', 'stock'].includes(objectWords[objectWords.length - 1] as string) && !(obj.kind === 'field' && objectWords.join('') === field.spec.name.toLowerCase() && ['quantity', 'stock', 'balance'].includes(field.spec.name)) ? objectWords : [];
    this.pushTransition(res, s.text, {
      verb: s.lemma,
      name: camelCase([...s.lemma.split('_'), ...thing, ...res.words]),
      params,
      effects: [decrement ? { decrement: field.spec.name, by } : { increment: field.spec.name, by }],
    });
    this.understood.push(`${s.lemma} ${decrement ? 'decreases' : 'increases'} ${field.spec.name}${decrement ? ` (never below ${field.spec.min ?? 0})` : ''}`);
  }

  /** Which boolean or enum value a state verb lands on ("close" -> status "closed"). */
  private stateTarget(res: ResourceDraft, lemma: string): { field: FieldDraft; value: string | boolean } | undefined {
    if (lemma === 'reopen') {
      // "resolve it and reopen it": reopening undoes whichever end state the record has
      const ended = res.fields.find((x) => x.spec.type === 'boolean' && ['closed', 'resolved', 'done', 'completed', 'finished', 'archived', 'fixed'].includes(x.spec.name));
      if (ended) return { field: ended, value: false };
    }
    const mapped = STATE_OF_VERB[lemma];
    const participle = pastParticiple(lemma.split('_')[0] as string);
    const boolNames = [mapped?.state, participle, lemma === 'complete' ? 'done' : undefined, lemma === 'finish' ? 'done' : undefined].filter((x): x is string => !!x);
    for (const n of boolNames) {
      const f = res.fields.find((x) => x.spec.type === 'boolean' && (x.spec.name === n || x.spec.name === camelCase(['is', n])));
      if (f) return { field: f, value: mapped && mapped.state === n ? mapped.value : true };
    }
    const targets = [...(ENUM_TARGETS[lemma] ?? []), participle, lemma];
    for (const f of res.fields.filter((x) => x.spec.type === 'enum')) {
      const v = (f.spec.values ?? []).find((val) => targets.includes(val.toLowerCase()));
      if (v !== undefined) return { field: f, value: v };
    }
    return undefined;
  }

  private readState(s: Segment, res: ResourceDraft, _after: readonly Tok[]): void {
    let target = this.stateTarget(res, s.lemma);
    if (!target) {
      if (VERBS[s.lemma] !== 'state' && !ENUM_TARGETS[s.lemma]) {
        this.unmapped.push(`"${s.text}" (I cannot tell what state it sets)`);
        return;
      }
      const mapped = STATE_OF_VERB[s.lemma];
      const name = camelCase([mapped?.state ?? pastParticiple(s.lemma)]);
      const field = this.addField(res, { spec: { name, type: 'boolean', required: false, default: false, generated: 'managed' }, words: [name] });
      target = { field, value: mapped ? mapped.value : true };
    }
    this.pushTransition(res, s.text, {
      verb: s.lemma,
      name: camelCase([...s.lemma.split('_'), ...res.words]),
      // taking (rent, borrow, claim) a record already in that state is refused, as for holders
      guards: VERBS[s.lemma] === 'take' ? [{ field: target.field.spec.name, op: 'ne', value: { literal: target.value }, message: `This ${res.words.join(' ')} is already ${String(target.value === true ? splitIdentifier(target.field.spec.name).join(' ') : target.value)}` }] : [],
      effects: [{ set: target.field.spec.name, to: { literal: target.value } }],
    });
    this.excludeOppositeDecision(res, s.lemma, target.field.spec.name);
  }

  /** "accept or reject each talk": a decided record cannot be decided the other way (409). */
  private excludeOppositeDecision(res: ResourceDraft, lemma: string, flag: string): void {
    const side = DECISION_SIDES[lemma];
    if (side === undefined) return;
    const key = keyOf(res.words);
    const mine = this.actions.find((a) => a.kind === 'transition' && a.resource === key && a.verb === lemma);
    const other = this.actions.find((a) => a.kind === 'transition' && a.resource === key && DECISION_SIDES[a.verb] === !side);
    if (!mine || !other) return;
    const otherFlag = other.effects.map((e) => ('set' in e ? e.set : undefined)).find((f): f is string => f !== undefined);
    const isFlag = (name: string): boolean => res.fields.some((f) => f.spec.name === name && f.spec.type === 'boolean');
    if (!otherFlag || otherFlag === flag || !isFlag(otherFlag) || !isFlag(flag)) return;
    const thing = res.words.join(' ');
    const guard = (f: string): GuardSpec => ({ field: f, op: 'ne', value: { literal: true }, message: `This ${thing} is already ${splitIdentifier(f).join(' ')}` });
    if (!mine.guards.some((g) => g.field === otherFlag)) mine.guards.push(guard(otherFlag));
    if (!other.guards.some((g) => g.field === flag)) other.guards.push(guard(flag));
  }

  private readMark(s: Segment, obj: ObjectRef, after: readonly Tok[]): void {
    // "mark tasks complete or incomplete": one transition per state
    const orAt = after.findIndex((t) => t.w === 'or');
    if (orAt > 0) {
      const lead = after.slice(0, orAt);
      const asAt = lead.findIndex((t) => t.w === 'as');
      this.readMark(s, obj, lead);
      this.readMark(s, obj, [...(asAt >= 0 ? [lead[asAt] as Tok] : []), ...after.slice(orAt + 1)]);
      return;
    }
    const res = this.resourceFromObject(obj, s);
    if (!res) {
      this.unmapped.push(`"${s.text}" (I cannot tell what it marks)`);
      return;
    }
    this.lastResource = res;
    let ws = after.map((t) => t.w).filter((w) => w !== 'as' && !DETERMINERS.has(w));
    // "tick them off when bought": the state follows the conjunction ("when they are bought")
    while (ws.length > 1 && ['when', 'once', 'after', 'if', 'they', 'it', 'are', 'is', 'been', 'have', 'has', 'get', 'gets'].includes(ws[0] as string)) ws = ws.slice(1);
    const negated = s.lemma === 'unmark' || ws[0] === 'not' || ws[0] === 'un' || (ws[0] ?? '').startsWith('un') || ws[0] === 'incomplete';
    let stateWords = ws.filter((w) => w !== 'not' && /^[a-z]/.test(w));
    if (stateWords[0]?.startsWith('un') && !this.fieldOf(res, stateWords[0])) stateWords = [stateWords[0].slice(2), ...stateWords.slice(1)];
    if (stateWords[0] === 'incomplete') stateWords = ['complete'];
    const state = stateWords.slice(0, 2);
    if (state.length === 0) {
      this.unmapped.push(`"${s.text}" (mark it as what?)`);
      return;
    }
    const name = camelCase(state.slice(0, 1));
    let field = res.fields.find((f) => f.spec.type === 'boolean' && (f.spec.name === name || f.spec.name === camelCase(['is', name]) || (name === 'complete' && f.spec.name === 'completed') || (name === 'completed' && f.spec.name === 'done') || (name === 'done' && f.spec.name === 'completed')));
    let value: string | boolean = !negated;
    if (!field) {
      const en = res.fields.find((f) => f.spec.type === 'enum' && (f.spec.values ?? []).some((v) => v.toLowerCase() === state.join(' ') || v.toLowerCase() === name.toLowerCase()));
      if (en) {
        field = en;
        value = (en.spec.values ?? []).find((v) => v.toLowerCase() === state.join(' ') || v.toLowerCase() === name.toLowerCase()) as string;
      }
    }
    // "report it broken ... mark it fixed": the opposite of a state already kept clears it
    const opposite = !field && ANTONYMS[name] ? res.fields.find((f) => f.spec.type === 'boolean' && f.spec.name === ANTONYMS[name]) : undefined;
    if (opposite) {
      field = opposite;
      value = negated;
    }
    if (!field) field = this.addField(res, { spec: { name, type: 'boolean', required: false, default: false, generated: 'managed' }, words: [name] });
    const actionName = camelCase(['mark', ...res.words, ...(negated ? ['not'] : []), ...splitIdentifier(name)]);
    this.pushTransition(res, s.text, { verb: s.lemma, name: actionName, effects: [{ set: field.spec.name, to: { literal: value } }] });
  }

  /** "a member can borrow a book": who holds it is recorded, and a held record cannot be taken again. */
  private readTake(s: Segment, obj: ObjectRef, after: readonly Tok[]): void {
    const res = this.resourceFromObject(obj, s);
    if (!res) {
      this.unmapped.push(`"${s.text}" (I cannot tell what is ${pastParticiple(s.lemma.split('_')[0] as string)})`);
      return;
    }
    this.lastResource = res;
    // "neighbours lend tools ... members borrow a tool": one lending seen from both sides, not
    // two independent holds that a single return could only half undo
    const sameLending = LENDING_VERBS.has(s.lemma) ? this.actions.find((a) => a.resource === keyOf(res.words) && a.kind === 'transition' && a.verb !== s.lemma && LENDING_VERBS.has(a.verb)) : undefined;
    if (sameLending) {
      this.understood.push(`"${s.text}" is the same lending as ${sameLending.name ?? sameLending.verb}`);
      return;
    }
    const subjectRes = s.subject.length ? this.findResource(s.subject) : undefined;
    const target = this.relationTarget(after, res);
    const actor = target ?? (subjectRes !== res ? subjectRes : undefined);
    const parts = s.lemma.split('_');
    const participle = camelCase([pastParticiple(parts[0] as string), ...parts.slice(1)]);
    const toActor = ['assign', 'lend', 'loan'].includes(s.lemma);
    const holderName = `${participle}${toActor ? 'To' : 'By'}`;
    const atName = `${participle}At`;
    const params: FieldSpec[] = [];
    const effects: ActionDraft['effects'] = [];
    let guardField = atName;
    const reflexive = after.some((t) => ['themselves', 'himself', 'herself', 'themself', 'yourself', 'myself'].includes(t.w));
    const subjectNoun = s.subject.length > 0 && !ACTOR_WORDS.has(singular(s.subject[s.subject.length - 1] as string)) ? singular(s.subject[s.subject.length - 1] as string) : undefined;
    if (!actor && reflexive) {
      // "agents assign a ticket to themselves": who took it is named by the caller
      const param = subjectNoun ?? 'assignee';
      this.addField(res, { spec: { name: holderName, type: 'string', required: false, generated: 'managed' }, words: [holderName] });
      params.push({ name: param, type: 'string', required: true, min: 1 });
      effects.push({ set: holderName, to: { param } });
      guardField = holderName;
    }
    if (actor) {
      const actorName = pascalCase(actor.words);
      this.addField(res, { spec: { name: holderName, type: 'reference', references: actorName, required: false, generated: 'managed' }, words: [holderName] });
      const param = `${camelCase(actor.words)}Id`;
      params.push({ name: param, type: 'reference', references: actorName, required: true });
      effects.push({ set: holderName, to: { param } });
      guardField = holderName;
    }
    this.addField(res, { spec: { name: atName, type: 'datetime', required: false, generated: 'managed' }, words: [atName] });
    effects.push({ set: atName, to: { now: true } });
    // "claim an item with their name and phone": what the taker gives is kept with the record
    const withAt = after.findIndex((t) => t.w === 'with');
    if (withAt >= 0) {
      for (const item of splitList(prepareFieldList(after.slice(withAt + 1).filter((t) => !POSSESSIVES.has(t.w))))) {
        const reading = readFieldItem(item, this.lookup, res.words);
        if (reading.kind !== 'field' || reading.field.spec.type === 'reference') {
          this.unmapped.push(`"${textOf(item)}" in "${s.text}" (not a detail I can keep with the ${res.words.join(' ')})`);
          continue;
        }
        const given = reading.field.spec;
        const kept = camelCase([participle, 'by', ...splitIdentifier(given.name)]);
        this.addField(res, { spec: { ...given, name: kept, required: false, generated: 'managed' }, words: [kept] });
        params.push({ ...given, required: true });
        effects.push({ set: kept, to: { param: given.name } });
      }
    }
    const thing = res.words.join(' ');
    this.pushTransition(res, s.text, {
      verb: s.lemma,
      name: camelCase([...parts, ...res.words]),
      params,
      guards: [{ field: guardField, op: 'isNull', message: `This ${thing} is already ${pastParticiple(parts[0] as string)}${parts[1] ? ` ${parts[1]}` : ''}` }],
      effects,
    });
  }

  private readRelease(s: Segment, obj: ObjectRef): void {
    const res = obj.kind === 'field' ? undefined : this.resourceFromObject(obj);
    if (obj.kind === 'field' || (obj.kind === 'noun' && this.isFieldish(obj.words))) {
      // "resolve a code and return its URL": a description of the answer, not an action
      this.understood.push(`"${s.text}" describes what is answered`);
      return;
    }
    const take = res ? [...this.actions].reverse().find((a) => a.resource === keyOf(res.words) && a.kind === 'transition' && VERBS[a.verb] === 'take') : undefined;
    if (!take && s.rest.some((t) => t.w === 'with')) {
      // "patients check in with their name and reason": arriving is creating a record
      this.readRelation({ ...s, cls: 'relation' }, obj);
      return;
    }
    if (!take && res && obj.kind === 'resource' && (obj.plural || obj.all) && s.lemma === 'return') {
      // "an endpoint that returns all quotes by a given author"
      this.pushAction({ kind: 'list', resource: keyOf(res.words), verb: 'list', description: sentenceCase(s.text), filters: this.readFilters(res, s.rest, s), params: [], guards: [], effects: [] });
      this.lastResource = res;
      return;
    }
    if (!res || !take) {
      this.unmapped.push(`"${s.text}" (${res ? `nothing takes a ${res.words.join(' ')} first` : 'I cannot tell what is given back'})`);
      return;
    }
    this.lastResource = res;
    const held = take.effects.map((e) => ('set' in e ? e.set : undefined)).filter((x): x is string => x !== undefined);
    const parts = s.lemma.split('_');
    // "rent a car and return it" when renting set status to rented: back to the first status
    const stateSet = take.effects.find((e): e is Extract<EffectSpec, { set: string }> => 'set' in e && 'literal' in e.to && typeof e.to.literal === 'string');
    const stateField = stateSet ? this.fieldOf(res, stateSet.set) : undefined;
    if (stateSet && stateField?.spec.type === 'enum' && 'literal' in stateSet.to) {
      const back = (stateField.spec.default as string | undefined) ?? stateField.spec.values?.[0];
      if (back !== undefined && back !== stateSet.to.literal) {
        this.lastResource = res;
        this.pushTransition(res, s.text, { verb: s.lemma, name: camelCase([...parts, ...res.words]), guards: [{ field: stateSet.set, op: 'eq', value: stateSet.to, message: `This ${res.words.join(' ')} is not ${typeof stateSet.to.literal === 'string' ? stateSet.to.literal : 'taken'}` }], effects: [{ set: stateSet.set, to: { literal: back } }] });
        return;
      }
    }
    this.pushTransition(res, s.text, {
      verb: s.lemma,
      name: camelCase([...parts, ...res.words]),
      guards: [{ field: held[0] as string, op: 'notNull', message: `This ${res.words.join(' ')} is not ${pastParticiple((take.verb.split('_')[0]) as string)}${take.verb.includes('_') ? ` ${take.verb.split('_')[1] ?? ''}` : ''}` }],
      effects: held.map((f) => ({ clear: f })),
    });
  }

  /**
   * "people vote for one option", "guests RSVP to an event with their name and email",
   * "members enroll in courses": a record of its own that points at what it is about.
   */
  private readRelation(s: Segment, obj: ObjectRef): void {
    const rest = s.rest;
    if (RATE_VERBS.has(s.lemma) && this.readRating(s, obj)) return;
    const subjectRes = s.subject.length ? this.findResource(s.subject) : undefined;
    const subjectWords = s.subject.length ? [...s.subject.slice(0, -1), singular(s.subject[s.subject.length - 1] as string)] : [];
    const givingAt = rest.findIndex((t, i) => t.w === 'by' && ['giving', 'providing', 'entering', 'submitting', 'supplying', 'leaving'].includes(rest[i + 1]?.w ?? ''));
    const withIdx = givingAt >= 0 ? givingAt + 1 : rest.findIndex((t) => t.w === 'with');
    let withItems = withIdx >= 0 ? splitList(prepareFieldList(rest.slice(withIdx + 1).filter((t) => !POSSESSIVES.has(t.w)))) : [];
    // "book an appointment for a pet with a vet at a given time": with a record is a reference
    const withRecords: ResourceDraft[] = [];
    withItems = withItems.flatMap((item) => {
      let j = 0;
      while (j < item.length && DETERMINERS.has((item[j] as Tok).w)) j++;
      const r = this.resourceAt(item, j);
      if (!r) return [item];
      withRecords.push(r.res);
      const tail = item.slice(r.end);
      const prep = tail.findIndex((t) => ['at', 'on', 'for'].includes(t.w));
      return prep === 0 ? [tail.slice(1).filter((t) => !['given', 'specific', 'chosen', 'certain'].includes(t.w))] : tail.length ? [tail] : [];
    });
    // what it is about: "to an event", "for one option" (a listed value), else the direct object
    let target: ResourceDraft | undefined;
    let listField: FieldDraft | undefined;
    for (let i = 1; i <= rest.length && !target; i++) {
      const prep = (rest[i - 1] as Tok).w;
      if (!RELATION_PREPS.has(prep) || prep === 'with' || (withIdx >= 0 && i - 1 > withIdx)) continue;
      let j = i;
      while (j < rest.length && (DETERMINERS.has((rest[j] as Tok).w) || POSSESSIVES.has((rest[j] as Tok).w))) j++;
      const r = this.resourceAt(rest, j);
      if (r && r.res !== subjectRes) {
        target = r.res;
        break;
      }
      for (const res of this.resources) {
        const f = this.fieldAt(res, rest, j);
        if (f && f.field.spec.type === 'stringList') {
          target = res;
          listField = f.field;
          break;
        }
      }
    }
    // "choose exactly one answer per survey": the direct object is one of a list
    if (!listField) {
      let j = 0;
      while (j < rest.length && (DETERMINERS.has((rest[j] as Tok).w) || ['exactly', 'a', 'single', 'one', 'only'].includes((rest[j] as Tok).w))) j++;
      for (const res of this.resources) {
        const f = this.fieldAt(res, rest, j);
        if (f && f.field.spec.type === 'stringList' && (target === undefined || target === res)) {
          target = res;
          listField = f.field;
          break;
        }
      }
    }
    // "answer a question by picking one of its choices"
    if (!listField) {
      for (let i = 0; i < rest.length && !listField; i++) {
        if (rest[i]?.w !== 'one' || rest[i + 1]?.w !== 'of') continue;
        let j = i + 2;
        while (j < rest.length && (DETERMINERS.has((rest[j] as Tok).w) || POSSESSIVES.has((rest[j] as Tok).w))) j++;
        const ownerAt = this.resourceAt(rest, j);
        if (ownerAt) j = ownerAt.end;
        const owner = target ?? ownerAt?.res ?? (obj.kind === 'resource' ? obj.res : undefined);
        const f = owner ? this.fieldAt(owner, rest, j) : undefined;
        if (owner && f?.field.spec.type === 'stringList') {
          target = owner;
          listField = f.field;
        }
      }
    }
    const noun = NOMINALIZATION[s.lemma];
    const nominal = noun ? this.findResource(noun) : undefined;
    const headRes = obj.kind === 'noun' ? this.findResourceLoose(obj.words) : undefined;
    if (!target && (obj.kind === 'resource' || headRes)) {
      const direct = obj.kind === 'resource' ? obj.res : (headRes as ResourceDraft);
      // "join the waitlist with their email": a list with no fields of its own keeps the entries
      if (!direct.declared && direct.fields.length === 0 && withItems.length > 0) {
        // "Patients book appointments with a date": the appointment is the patient's
        if (subjectRes && subjectRes !== direct && subjectRes.declared && subjectRes.fields.length > 0) this.addReference(direct, subjectRes, true);
        this.readItems(direct, withItems, s.text);
        direct.declared = true;
        this.pushAction({ kind: 'create', resource: keyOf(direct.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
        this.lastResource = direct;
        return;
      }
      // "book appointments", "register owners", "report bugs": the object is the record itself;
      // "pick parts", "vote for ..." never create what they act on
      const subjectKept = subjectRes !== undefined && subjectRes !== direct && subjectRes.declared && subjectRes.fields.length > 0;
      if ((!nominal || nominal === direct) && withItems.length === 0 && CREATES_OBJECT.has(s.lemma) && !subjectKept) {
        this.pushAction({ kind: 'create', resource: keyOf(direct.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
        this.lastResource = direct;
        this.lastCreated = direct;
        this.lastCreatedSentence = s.clause.sentence;
        return;
      }
      target = direct;
    }
    // "pick parts": choosing is only understood as one of a record's listed options
    if (!listField && ['pick', 'choose', 'select'].includes(s.lemma) && withItems.length === 0) {
      this.unmapped.push(`"${s.text}" (I cannot tell what "${s.lemma}" does: choosing is understood as picking one of a record's listed options, e.g. "people pick one of a poll's options"; or say what it changes, e.g. "(decreases the count)")`);
      return;
    }
    // "judges vote for a project": with no options to choose from, a vote counts on the project
    if (target && !listField && withItems.length === 0 && COUNTED_VOTES.has(s.lemma) && !nominal) {
      const name = plural(NOMINALIZATION[s.lemma]?.[0] ?? s.lemma);
      const field = this.fieldOf(target, name) ?? this.addField(target, { spec: { name, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [name, singular(name)] });
      field.spec.generated = 'managed';
      this.pushTransition(target, s.text, { verb: s.lemma, name: camelCase([s.lemma, ...target.words]), effects: [{ increment: field.spec.name, by: { literal: 1 } }] });
      this.understood.push(`${s.lemma} adds one to ${pascalCase(target.words)}.${name}`);
      this.lastResource = target;
      return;
    }
    if (!target && withItems.length === 0) {
      this.unmapped.push(`"${s.text}" (I cannot tell what the ${s.lemma.replace('_', ' ')} is for)`);
      return;
    }
    // the record: a resource named after the verb ("bookings"), the subject when the prompt acts
    // on it elsewhere ("list the guests"), a lone record without fields ("list all subscribers"),
    // else one named after the verb
    const fieldless = this.resources.filter((r) => r.fields.length === 0 && !r.declared && r !== target);
    const subjectIsActor = subjectWords.length === 0 || ACTOR_WORDS.has(subjectWords[subjectWords.length - 1] as string);
    // "Teams register with a team name": a group or role with details of its own is a record
    const subjectIsPerson = subjectWords.length === 0 || PERSON_WORDS.has(subjectWords[subjectWords.length - 1] as string);
    let rel: ResourceDraft;
    const namedObject = obj.kind === 'noun' && CREATES_OBJECT.has(s.lemma) && target !== undefined && !headRes && obj.words.length <= 2 && !obj.words.some((w) => DETERMINERS.has(w) || PREPOSITIONS.has(w)) ? [...obj.words.slice(0, -1), singular(obj.words[obj.words.length - 1] as string)] : undefined;
    // "book an appointment for a pet": the record is named by what is booked
    if (namedObject) rel = this.ensureResource(namedObject, s.text, true);
    else if (!target && nominal && withItems.length > 0) rel = nominal;
    // "Scholarship applications: students apply with ... each application": the prompt names the
    // record after the verb elsewhere, so the students are who applies, not the record
    else if (!target && noun && withItems.length > 0 && !subjectRes && this.clauses.some((c) => c !== s.clause && wordsOf(c.toks).some((w) => singular(w) === noun[noun.length - 1]))) rel = this.ensureResource(noun, s.text, true);
    else if (!target && !subjectIsPerson && !subjectRes && withItems.length > 0) rel = this.ensureResource(subjectWords, s.text, true);
    else if (!target && subjectRes && withItems.length > 0 && !subjectIsActor) rel = subjectRes;
    else if (nominal && nominal !== target) rel = nominal;
    else if (subjectRes && subjectRes !== target && !(subjectRes.declared && subjectRes.fields.length > 0)) rel = subjectRes;
    else if (fieldless.length === 1) rel = fieldless[0] as ResourceDraft;
    else if (noun) rel = this.ensureResource(noun, s.text, true);
    else if (!subjectIsActor && !subjectRes) rel = this.ensureResource(subjectWords, s.text, true);
    else rel = this.ensureResource([s.lemma.replace('_', '')], s.text, true);
    rel.declared = true;
    if (rel === target) {
      this.unmapped.push(`"${s.text}" (a ${s.lemma} cannot point at itself)`);
      return;
    }
    const via = target ? this.addReference(rel, target, true) : undefined;
    if (subjectRes && subjectRes !== rel && subjectRes !== target && subjectRes.declared && subjectRes.fields.length > 0) this.addReference(rel, subjectRes, true);
    if (listField && target && via) {
      const listWords = splitIdentifier(listField.spec.name);
      const fname = camelCase([...listWords.slice(0, -1), singular(listWords[listWords.length - 1] as string)]);
      const field = this.fieldOf(rel, fname) ?? this.addField(rel, { spec: { name: fname, type: 'string', required: true }, words: [fname, listField.spec.name] });
      field.spec.required = true;
      listField.spec.required = true;
      listField.spec.min = Math.max(listField.spec.min ?? 0, 2);
      delete listField.spec.default;
      this.addRule({ kind: 'membership', resource: keyOf(rel.words), via: via.spec.name, field: field.spec.name, listField: listField.spec.name, message: `This ${target.words.join(' ')} has no such ${fname}` });
    }
    // "rate a recipe from 1 to 5 stars with an optional comment": the score is on the record
    const rangeTok = rest.slice(0, withIdx >= 0 ? withIdx : rest.length).find((t) => t.w === '#range');
    if (rangeTok?.range) {
      if (!RATE_VERBS.has(s.lemma)) {
        this.unmapped.push(`"${s.text}" (I cannot tell what "${rangeTok.raw}" limits)`);
        return;
      }
      const name = NOMINALIZATION[s.lemma]?.[0] ?? 'rating';
      const bounds = { ...(rangeTok.range.min !== undefined ? { min: rangeTok.range.min } : {}), ...(rangeTok.range.max !== undefined ? { max: rangeTok.range.max } : {}) };
      if (rel.words.join(' ') === name) this.addField(rel, { spec: { name: 'score', type: 'integer', required: true, ...bounds }, words: ['score', 'stars', 'rating'] });
      else this.addField(rel, { spec: { name, type: 'integer', required: true, ...bounds }, words: [name, 'stars', 'score'] });
    }
    for (const other of withRecords) if (other !== rel && other !== target) this.addReference(rel, other, true);
    if (withItems.length) this.readItems(rel, withItems, s.text);
    // "reserve a room for a time slot": what else the record is for is a field of its own
    const extras = this.prepositionalFields(rest.slice(0, withIdx >= 0 ? withIdx : rest.length), listField);
    if (extras.length) this.readItems(rel, extras, s.text);
    this.pushAction({ kind: 'create', resource: keyOf(rel.words), verb: s.lemma, description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [] });
    this.understood.push(`${s.lemma.replace('_', ' ')} creates a ${pascalCase(rel.words)}${target ? ` for a ${pascalCase(target.words)}` : ''}`);
    if (target && subjectWords.length) this.relationsBySubject.set(keyOf(subjectWords), { rel, target });
    this.lastResource = target ?? rel;
    this.lastCreated = rel;
    this.lastCreatedSentence = s.clause.sentence;
  }

  /** Noun phrases after for/on/at that name neither a record nor a listed option. */
  private prepositionalFields(toks: readonly Tok[], listField: FieldDraft | undefined): Tok[][] {
    const out: Tok[][] = [];
    for (let i = 0; i < toks.length; i++) {
      if (!['for', 'on', 'at'].includes((toks[i] as Tok).w)) continue;
      let j = i + 1;
      while (j < toks.length && DETERMINERS.has((toks[j] as Tok).w)) j++;
      if (j === i + 1 || this.resourceAt(toks, j) || ['one', 'each', 'them', 'it', 'every', 'all'].includes(toks[i + 1]?.w ?? '')) continue;
      const phrase: Tok[] = [];
      let k = j;
      while (k < toks.length && /^[a-z]/.test((toks[k] as Tok).w) && !PREPOSITIONS.has((toks[k] as Tok).w) && !SEPARATORS.has((toks[k] as Tok).w) && phrase.length < 3) phrase.push(toks[k++] as Tok);
      if (phrase.length === 0 || (listField && this.resources.some((r) => this.fieldAt(r, phrase, 0)?.field === listField))) continue;
      out.push(phrase);
      i = k - 1;
    }
    return out;
  }

  private readTally(s: Segment): void {
    const rule = this.rules.find((r): r is Extract<RuleDraft, { kind: 'membership' }> => r.kind === 'membership');
    // "show the tally" of votes counted on the records themselves: the records, most votes first
    const counted = rule ? undefined : this.resources.map((r) => ({ r, f: r.fields.find((f) => f.spec.generated === 'managed' && f.spec.type === 'integer' && this.actions.some((a) => a.resource === keyOf(r.words) && COUNTED_VOTES.has(a.verb) && a.effects.some((e) => 'increment' in e && e.increment === f.spec.name))) })).find((x) => x.f !== undefined);
    if (counted?.f) {
      this.pushAction({ kind: 'list', resource: keyOf(counted.r.words), verb: 'tally', description: sentenceCase(s.text), filters: [], params: [], guards: [], effects: [], orderBy: { field: counted.f.spec.name, direction: 'desc' } });
      this.understood.push(`"${s.text}" lists ${plural(counted.r.words.join(' '))} by ${counted.f.spec.name}, highest first`);
      this.lastResource = counted.r;
      return;
    }
    if (!rule) {
      const aggregate = s.rest.some((t) => ['total', 'sum', 'average', 'avg', 'mean', 'median'].includes(t.w));
      this.unmapped.push(aggregate ? `"${s.text}" (totals, sums and averages are not supported; a backend can count votes per option)` : `"${s.text}" (results need votes for one of a list of options, e.g. "people vote for one option")`);
      return;
    }
    const rel = this.resources.find((r) => keyOf(r.words) === rule.resource) as ResourceDraft;
    const via = this.fieldOf(rel, rule.via);
    const parent = this.resources.find((r) => pascalCase(r.words) === via?.spec.references) as ResourceDraft;
    this.pushAction({
      kind: 'custom',
      resource: keyOf(parent.words),
      verb: 'tally',
      name: camelCase([...parent.words, 'results']),
      description: sentenceCase(s.text),
      filters: [],
      params: [],
      guards: [],
      effects: [],
      tally: { countResource: pascalCase(rel.words), via: rule.via, groupField: rule.field, optionsField: rule.listField },
    });
    this.understood.push(`results count ${plural(rel.words.join(' '))} per ${rule.field}`);
  }

  /** A state change of one record looked up by id: the shape of every transition a prompt names. */
  private pushTransition(res: { words: string[] }, text: string, t: { verb: string; name: string; params?: ParamSpec[]; guards?: GuardSpec[]; effects: EffectSpec[] }): void {
    this.pushAction({ kind: 'transition', resource: keyOf(res.words), verb: t.verb, name: t.name, by: 'id', description: sentenceCase(text), filters: [], params: t.params ?? [], guards: t.guards ?? [], effects: t.effects });
  }

  private pushAction(a: ActionDraft): void {
    const same = this.actions.find((x) => x.resource === a.resource && x.kind === a.kind && (a.kind === 'list' || a.kind === 'create' || a.kind === 'delete' || (a.kind === 'get' && x.by === a.by && x.name === a.name) || (a.kind === 'update' && keyOf(x.updateFields ?? []) === keyOf(a.updateFields ?? [])) || ((a.kind === 'transition' || a.kind === 'custom') && x.name === a.name)));
    if (same) {
      // a second verb folded into another verb's create or get is not evidence it was understood
      if (!(a.kind === 'create' && ['relation', 'take', 'state', 'mark', 'toggle', 'counter', 'increment', 'decrement', 'release'].includes(VERBS[a.verb] ?? ''))) this.merges++;
      for (const f of a.filters) if (!same.filters.some((x) => x.param === f.param)) same.filters.push(f);
      if (a.orderBy && !same.orderBy) same.orderBy = a.orderBy;
      return;
    }
    this.actions.push(a);
  }

  private addRule(r: RuleDraft): void {
    if (!this.rules.some((x) => JSON.stringify(x) === JSON.stringify(r))) this.rules.push(r);
  }

  // ---------------------------------------------------------------- rules

  private isRuleClause(c: Clause): boolean {
    const ws = wordsOf(c.toks);
    if (this.counterPattern(c)) return true;
    // "a workshop holds at most its max attendees"
    const limitPhrase = ws.some((w, i) => (w === 'at' && ws[i + 1] === 'most') || (w === 'no' && ws[i + 1] === 'more') || (w === 'limited' && ws[i + 1] === 'to'));
    if (limitPhrase && this.resources.some((r) => r.fields.some((f) => f.spec.type === 'integer' && ws.some((w) => f.words.includes(w))))) return true;
    const neg = ws.findIndex((w) => NEGATIONS.has(w) || REFUSALS.has(w));
    if (neg >= 0) {
      // "list animals that are not adopted" is an action whose filter is negated
      const first = this.segment(c)[0];
      const negTok = c.toks.findIndex((t) => NEGATIONS.has(t.w) || REFUSALS.has(t.w));
      return !(first && !first.passive && first.verbIndex < negTok && this.isBaseOrGerund(first.verbTok, first.lemma));
    }
    const firstVerbIdx = ws.findIndex((w) => ['must', 'should', 'is', 'are', 'has', 'needs'].includes(w));
    if (firstVerbIdx > 0 && ['be', 'unique', 'optional', 'required', 'mandatory', 'one', 'between', 'valid', 'an', 'a', 'to', 'at', 'positive'].includes(ws[firstVerbIdx + 1] ?? '')) {
      const left = stripDeterminers(ws.slice(0, firstVerbIdx));
      return left.length > 0 && this.fieldByWords(left) !== undefined;
    }
    const copulaUnique = ws.includes('unique') && ws.some((w) => ['is', 'are', 'be', 'must', 'should'].includes(w)) && !this.segment(c).some((sg) => this.isBaseOrGerund(sg.verbTok, sg.lemma) && !sg.passive);
    return ws.includes('already') || ws.includes('twice') || copulaUnique || (ws.includes('each') && ws.some((w) => COUNT_VERBS.has(w)));
  }

  private counterPattern(c: Clause): { trigger: string; counted: string } | undefined {
    const ws = wordsOf(c.toks);
    const ci = ws.findIndex((w, i) => i > 0 && COUNT_VERBS.has(w));
    if (ci < 0) return undefined;
    const lead = ws.slice(0, ci).filter((w) => !['each', 'every', 'per', 'whenever', 'when', 'a', 'an', 'the', 'time', 'someone', 'successful', 'and'].includes(w));
    if (!['each', 'every', 'per', 'whenever', 'when'].includes(ws[0] as string)) return undefined;
    const trigger = lead.map((w) => verbLemma(w, VERB_SET)).find((x): x is string => x !== undefined);
    const counted = stripDeterminers(ws.slice(ci + 1).filter((w) => w !== 'as' && w !== 'one' && w !== 'new'))[0];
    if (!trigger || !counted) return undefined;
    return { trigger, counted };
  }

  private fieldByWords(ws: string[]): { res: ResourceDraft; field: FieldDraft } | undefined {
    const toks: Tok[] = ws.map((w) => ({ raw: w, w }));
    for (const res of this.resources) {
      for (let i = 0; i < toks.length; i++) {
        const f = this.fieldAt(res, toks, i);
        if (f) return { res, field: f.field };
      }
    }
    return undefined;
  }

  private readRule(c: Clause): void {
    const ws = wordsOf(c.toks);
    const counter = this.counterPattern(c);
    if (counter) {
      const action = [...this.actions].reverse().find((a) => a.verb === counter.trigger);
      if (!action) {
        this.unmapped.push(`"${c.text}" (nothing in the prompt does "${counter.trigger}")`);
        return;
      }
      const res = this.resources.find((r) => keyOf(r.words) === action.resource) as ResourceDraft;
      const name = plural(singular(counter.counted));
      const field = this.fieldOf(res, name) ?? this.addField(res, { spec: { name, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [name, singular(name)] });
      field.spec.generated = 'managed';
      field.spec.required = false;
      field.spec.default ??= 0;
      if (action.kind === 'get') {
        action.kind = 'transition';
        action.name ??= camelCase([...action.verb.split('_'), ...res.words]);
        action.params = [];
        action.guards = [];
        action.effects = [];
      }
      if (action.kind !== 'transition') {
        this.unmapped.push(`"${c.text}" (only a lookup or a change can count ${name})`);
        return;
      }
      action.effects.push({ increment: field.spec.name, by: { literal: 1 } });
      this.understood.push(`each ${counter.trigger} adds one to ${name}`);
      return;
    }
    // "a book that is already borrowed cannot be borrowed again"
    if (ws.includes('already') || ws.includes('again') || ws.includes('twice') || ws.includes('once')) {
      const setsState = (a: ActionDraft, w: string): boolean => a.effects.some((e) => 'set' in e && 'literal' in e.to && (e.set === w || e.to.literal === w));
      const guarded = this.actions.find((a) => a.kind === 'transition' && ws.some((w) => verbLemma(w, new Set([a.verb.split('_')[0] as string])) !== undefined || w === pastParticiple(a.verb.split('_')[0] as string) || setsState(a, w)));
      if (guarded) {
        if (guarded.guards.length === 0) {
          const effect = guarded.effects[0];
          const state = effect && 'set' in effect && 'literal' in effect.to ? (typeof effect.to.literal === 'string' ? effect.to.literal : effect.set) : undefined;
          if (effect && 'set' in effect && 'literal' in effect.to) guarded.guards.push({ field: effect.set, op: 'ne', value: effect.to, message: `This ${guarded.resource} is already ${state ?? pastParticiple(guarded.verb.split('_')[0] as string)}` });
        }
        if (guarded.guards.length > 0) {
          this.understood.push(`${guarded.name ?? guarded.verb} is refused when it was already done`);
          return;
        }
      }
    }
    if (this.readStateGuard(c)) return;
    // "it must not be possible to borrow a book that is currently on loan": the take's own guard
    const takeVerb = this.actions.find((a) => a.kind === 'transition' && VERBS[a.verb] === 'take' && ws.some((w) => verbLemma(w, new Set([a.verb.split('_')[0] as string])) !== undefined));
    if (takeVerb && ws.some((w) => NEGATIONS.has(w)) && takeVerb.guards.length > 0) {
      this.understood.push(`${takeVerb.name ?? takeVerb.verb} is refused while it is taken`);
      return;
    }
    // capacity: "an event can't take more guests than its capacity"
    if (ws.some((w) => LIMIT_WORDS.has(w))) {
      for (const parent of this.resources) {
        const limit = parent.fields.find((f) => f.spec.type === 'integer' && ws.some((w) => f.words.includes(w) || f.spec.name === w));
        if (!limit) continue;
        const pointing = this.resources.filter((r) => r !== parent && r.fields.some((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(parent.words)));
        const named = pointing.find((r) => ws.some((w) => r.words.includes(singular(w)) || r.words.join('') === singular(w).replace(/-/g, '')));
        const child = named ?? (pointing.length === 1 ? pointing[0] : undefined);
        if (!child) continue;
        const via = child.fields.find((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(parent.words)) as FieldDraft;
        this.addRule({ kind: 'capacity', resource: keyOf(child.words), via: via.spec.name, limitField: limit.spec.name, message: `This ${parent.words.join(' ')} is full` });
        this.understood.push(`a ${parent.words.join(' ')} takes at most ${limit.spec.name} ${plural(child.words.join(' '))}`);
        return;
      }
    }
    // "extra sign-ups are rejected" once the capacity is known
    if (ws.some((w) => LIMIT_WORDS.has(w)) && ws.some((w) => REFUSALS.has(w) || NEGATIONS.has(w))) {
      const known = this.rules.find((r) => r.kind === 'capacity' && ws.some((w) => keyOf(r.resource.split(' ')).replace(/ /g, '') === singular(w).replace(/-/g, '') || r.resource.split(' ').includes(singular(w))));
      if (known) {
        this.understood.push(`"${c.text}" restates the capacity rule`);
        return;
      }
    }
    // "a screening can not be overbooked": the one capacity-like limit of the resource named
    if (ws.some((w) => /^over[a-z]+ed$/.test(w) || w === 'full' || w === 'overbook')) {
      for (const parent of this.resources.filter((r) => ws.some((w) => r.words.includes(singular(w))))) {
        const limits = parent.fields.filter((f) => f.spec.type === 'integer' && /capacity|seats|spots|slots|limit|max|places|tickets|size/i.test(f.spec.name));
        const pointing = this.resources.filter((r) => r !== parent && r.fields.some((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(parent.words)));
        const limit = limits[0];
        const child = pointing[0];
        if (limits.length === 1 && pointing.length === 1 && limit && child) {
          const via = child.fields.find((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(parent.words)) as FieldDraft;
          this.addRule({ kind: 'capacity', resource: keyOf(child.words), via: via.spec.name, limitField: limit.spec.name, message: `This ${parent.words.join(' ')} is full` });
          this.understood.push(`a ${parent.words.join(' ')} takes at most ${limit.spec.name} ${plural(child.words.join(' '))}`);
          return;
        }
      }
    }
    // "stock can never go below zero", "quantity cannot be negative"
    if ((ws.includes('below') || ws.includes('under') || ws.includes('negative') || ws.includes('less')) && (ws.includes('zero') || ws.includes('0') || ws.includes('negative'))) {
      const hit = this.fieldByWords(ws);
      if (hit && (hit.field.spec.type === 'integer' || hit.field.spec.type === 'number')) {
        hit.field.spec.min = Math.max(hit.field.spec.min ?? 0, 0);
        this.understood.push(`${hit.field.spec.name} never goes below zero`);
        return;
      }
    }
    // "no two books share an ISBN"
    // "... in same dates", "at the same time": two records over one period, not a unique value
    const samePeriod = ws.some((w, k) => w === 'same' && ['date', 'dates', 'day', 'days', 'time', 'times', 'period', 'night', 'nights', 'slot'].includes(ws[k + 1] ?? ''));
    const overlap = samePeriod || ws.some((w) => ['overlap', 'overlapping', 'conflict', 'clash', 'collide', 'double'].includes(w));
    const sharing = ws.includes('share') || ws.includes('duplicate') || ws.includes('unique') || (ws.includes('same') && ws.includes('two'));
    if (sharing && !overlap && this.fieldByWords(ws)) {
      const hit = this.fieldByWords(ws.filter((w) => !['same', 'share', 'duplicate'].includes(w)));
      if (hit && hit.field.spec.type !== 'boolean' && hit.field.spec.type !== 'stringList') {
        hit.field.spec.unique = true;
        this.understood.push(`${hit.field.spec.name} is unique`);
        return;
      }
    }
    // "books cannot be deleted": no such action
    const neg = ws.findIndex((w) => NEGATIONS.has(w));
    if (neg >= 0) {
      const verb = ws.slice(neg + 1).map((w) => verbLemma(w, VERB_SET)).find((x): x is string => x !== undefined);
      const res = this.resources.find((r) => ws.slice(0, neg).some((w) => r.words.includes(singular(w))));
      if (verb && res && ['delete', 'update'].includes(VERBS[verb] ?? '')) {
        const kind = VERBS[verb] as 'delete' | 'update';
        const i = this.actions.findIndex((a) => a.resource === keyOf(res.words) && a.kind === kind);
        if (i >= 0) this.actions.splice(i, 1);
        this.forbidden.add(`${keyOf(res.words)}:${kind}`);
        this.understood.push(`${plural(res.words.join(' '))} cannot be ${kind}d`);
        return;
      }
    }
    if (this.readFieldStatement(c)) return;
    this.unmapped.push(`"${c.text}" (a rule I cannot enforce)`);
  }

  private readonly forbidden = new Set<string>();
  /** "Students enroll in a course": what a subject's relation verb created, for "students drop a course". */
  private readonly relationsBySubject = new Map<string, { rel: ResourceDraft; target: ResourceDraft }>();

  /**
   * "A broken tool can't be borrowed", "a spot that's occupied can't take another car": a negated
   * rule naming a state of the record (an enum value or a yes/no field) guards the action it names,
   * or the one that sets that state.
   */
  private readStateGuard(c: Clause): boolean {
    const ws = wordsOf(c.toks);
    const neg = ws.findIndex((w) => NEGATIONS.has(w));
    if (neg < 0) return false;
    for (const res of this.resources) {
      if (!ws.some((w) => res.words.includes(singular(w)))) continue;
      const key = keyOf(res.words);
      let state: { field: FieldDraft; value: string | boolean } | undefined;
      // the state is named with the thing, before the negation ("a car in maintenance can't ...")
      const lead = ws.slice(0, neg);
      for (const f of res.fields) {
        if (f.spec.type === 'boolean' && lead.some((w) => w === f.spec.name.toLowerCase())) state = { field: f, value: true };
        if (f.spec.type === 'enum') {
          const v = (f.spec.values ?? []).find((val) => lead.includes(val.toLowerCase()));
          if (v !== undefined) state = { field: f, value: v };
        }
        if (state) break;
      }
      if (!state) continue;
      const own = this.actions.filter((a) => a.resource === key && a.kind === 'transition');
      // the action named after the negation ("can't be borrowed"), else the one that sets the state
      const named = own.find((a) => ws.slice(neg + 1).some((w) => verbLemma(w, new Set([a.verb.split('_')[0] as string])) !== undefined || w === pastParticiple(a.verb.split('_')[0] as string)));
      const setter = own.find((a) => a.effects.some((e) => 'set' in e && e.set === state.field.spec.name && 'literal' in e.to && e.to.literal === state.value));
      const guarded = named ?? setter;
      if (!guarded) continue;
      const thing = res.words.join(' ');
      const label = typeof state.value === 'string' ? state.value : splitIdentifier(state.field.spec.name).join(' ');
      if (!guarded.guards.some((g) => g.field === state.field.spec.name && g.op === 'ne' && JSON.stringify(g.value) === JSON.stringify({ literal: state.value }))) {
        guarded.guards.push({ field: state.field.spec.name, op: 'ne', value: { literal: state.value }, message: guarded === setter && !named ? `This ${thing} is already ${label}` : `A ${label} ${thing} cannot be ${pastParticiple(guarded.verb.split('_')[0] as string)}` });
      }
      this.understood.push(`${guarded.name ?? guarded.verb} is refused when the ${thing} is ${label}`);
      return true;
    }
    return false;
  }

  /** "the ISBN must be unique", "notes are optional", "difficulty is between 1 and 5". */
  private readFieldStatement(c: Clause): boolean {
    const ws = wordsOf(c.toks);
    const cop = ws.findIndex((w) => ['must', 'should', 'is', 'are', 'has', 'have', 'needs', 'can', 'may'].includes(w));
    if (cop <= 0) return false;
    const hit = this.fieldByWords(stripDeterminers(ws.slice(0, cop)));
    if (!hit) return false;
    const spec = hit.field.spec;
    const tail = ws.slice(cop + 1);
    let did = false;
    if (tail.includes('unique') && spec.type !== 'boolean' && spec.type !== 'stringList') {
      spec.unique = true;
      did = true;
    }
    if (tail.includes('optional') || (tail.includes('be') && tail.includes('empty'))) {
      spec.required = false;
      did = true;
    }
    if (tail.includes('required') || tail.includes('mandatory')) {
      spec.required = true;
      delete spec.default;
      did = true;
    }
    if (tail.includes('email')) {
      spec.type = 'email';
      did = true;
    }
    if (tail.includes('url') || tail.includes('link')) {
      spec.type = 'url';
      did = true;
    }
    if (tail.includes('positive') && (spec.type === 'integer' || spec.type === 'number')) {
      spec.min = spec.type === 'integer' ? 1 : 0;
      did = true;
    }
    const range = c.toks.find((t) => t.w === '#range' || (t.inner ?? []).some((x) => x.w === '#range'));
    const r = range?.range ?? range?.inner?.find((x) => x.w === '#range')?.range;
    if (r && (spec.type === 'integer' || spec.type === 'number' || spec.type === 'string')) {
      if (spec.type === 'string') spec.type = 'integer';
      if (r.min !== undefined) spec.min = r.min;
      if (r.max !== undefined) spec.max = r.max;
      did = true;
    }
    const paren = c.toks.find((t) => t.w === '#paren');
    const oneOf = ws.indexOf('of');
    if ((paren || (oneOf > 0 && ws[oneOf - 1] === 'one')) && !r) {
      const values = paren ? splitList(paren.inner ?? []).map(textOf) : splitList(c.toks.slice(c.toks.findIndex((t, i) => t.w === 'of' && c.toks[i - 1]?.w === 'one') + 1)).map(textOf);
      if (values.length >= 2) {
        spec.type = 'enum';
        spec.values = values;
        delete spec.min;
        delete spec.max;
        if (!spec.required || spec.default === undefined) spec.default = values[0];
        spec.required = false;
        did = true;
      }
    }
    const def = ws.findIndex((w) => w === 'default' || w === 'defaults' || w === 'starts');
    if (def >= 0) {
      const raw = ws.slice(def + 1).filter((w) => !['to', 'at', 'as', 'of', 'is', 'out', 'with'].includes(w))[0];
      if (raw !== undefined) {
        const value = spec.type === 'boolean' ? ['true', 'yes', 'on'].includes(raw) : spec.type === 'integer' || spec.type === 'number' ? Number(raw === 'zero' ? 0 : raw) : spec.type === 'enum' ? (spec.values ?? []).find((v) => v.toLowerCase() === raw) : raw;
        if (value !== undefined && !(typeof value === 'number' && Number.isNaN(value))) {
          spec.default = value;
          spec.required = false;
          did = true;
        }
      }
    }
    if (did) this.understood.push(`${spec.name}: ${c.text}`);
    return did;
  }

  /**
   * "A club can have at most 30 members", "each session has a maximum of 20 attendees": a limit
   * field on a record that exactly one kind of record points at is that record's capacity.
   */
  private addLimitRules(): void {
    for (const parent of this.resources) {
      for (const f of parent.fields) {
        if (!f.words.includes('#limit') || this.rules.some((r) => r.kind === 'capacity' && r.limitField === f.spec.name)) continue;
        const pointing = this.resources.filter((r) => r !== parent && r.fields.some((x) => x.spec.type === 'reference' && x.spec.references === pascalCase(parent.words)));
        if (pointing.length !== 1) continue;
        const child = pointing[0] as ResourceDraft;
        const via = child.fields.find((x) => x.spec.type === 'reference' && x.spec.references === pascalCase(parent.words)) as FieldDraft;
        this.addRule({ kind: 'capacity', resource: keyOf(child.words), via: via.spec.name, limitField: f.spec.name, message: `This ${parent.words.join(' ')} is full` });
        this.understood.push(`a ${parent.words.join(' ')} takes at most ${f.spec.name} ${plural(child.words.join(' '))}`);
      }
    }
  }

  // ---------------------------------------------------------------- defaults

  /**
   * A resource whose CRUD the prompt does not describe gets create, get and list (a library's
   * members must be registered before they borrow); one that is described keeps what was asked,
   * plus create, without which it would stay empty.
   */
  private addImplicitActions(): void {
    for (const res of this.resources) {
      const key = keyOf(res.words);
      const own = this.actions.filter((a) => a.resource === key);
      const crud = own.filter((a) => ['create', 'get', 'list', 'update', 'delete'].includes(a.kind));
      const kinds: ('create' | 'get' | 'list')[] = crud.length === 0 ? ['create', 'get', 'list'] : ['create'];
      for (const kind of kinds) {
        if (own.some((a) => a.kind === kind) || this.forbidden.has(`${key}:${kind}`)) continue;
        this.actions.push({ kind, resource: key, verb: kind, description: '', filters: [], params: [], guards: [], effects: [], implicit: true, ...(kind === 'get' ? { by: 'id' } : {}) });
      }
    }
  }
}

function describeField(f: FieldSpec): string {
  const bits: string[] = [f.type === 'reference' ? `reference to ${f.references ?? '?'}` : f.type];
  if (f.type === 'enum') bits.push(`one of ${(f.values ?? []).join('/')}`);
  if (f.unique) bits.push('unique');
  if (!f.required) bits.push('optional');
  if (f.min !== undefined) bits.push(`min ${f.min}`);
  if (f.max !== undefined) bits.push(`max ${f.max}`);
  return `${f.name} (${bits.join(', ')})`;
}

function sentenceCase(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** "count goes up" / "goes down": the direction as the verbs the quantity rules read. */
function withDirection(ws: string[]): string[] {
  const out = [...ws];
  ws.forEach((w, i) => {
    if (!['go', 'goes', 'going', 'went', 'move', 'moves'].includes(ws[i - 1] ?? '')) return;
    if (w === 'up') out.push('increases');
    if (w === 'down') out.push('decreases');
  });
  return out;
}
