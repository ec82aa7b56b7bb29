import { ACTOR_WORDS, AGENT_NOUN_RESOURCES, BE_WORDS, COLLECTION_NOUNS, COUNT_NOUNS, DECREASE_WORDS, DETERMINERS, FILLER_WORDS, GENERATED_NOUNS, INCREASE_WORDS, META_NOUNS, MODALS, NEGATIONS, PHRASAL, PHRASAL_HEADS, POSSESSIVES, PREPOSITIONS, PRONOUNS, REFUSALS, SEP_FILLERS, SEPARATORS, SUBJECT_SKIP, TALLY_NOUNS, TITLE_TAILS, TYPE_BY_WORD, VERB_SET, VERBS, CONDITION_OPENERS } from '../lexicon.js';
import { isPluralForm, pastParticiple, singular, taggedAsVerb, verbLemma } from '../text.js';
import { type Clause, textOf, type Tok, words as wordsOf } from '../tokens.js';
import { type ObjectRef, type Segment, stripDeterminers } from './reading.js';
import { ensureResource, findResource, mentionedFields, moreObjects, objectOf, resourceAt, resourceFromObject } from './resolve.js';
import { readSegment } from './actions.js';
import type { ReadingState } from './reading-state.js';

/** Typed action clauses: a clause cut into verb segments, each with its subject and the words it acts on. */
/**
 * The verb at `k`, if any: phrasal verbs are joined ("check out" -> check_out), also when the
 * particle comes after a short object ("check it in", "look a setting up").
 */
export function lemmaAt(ctx: ReadingState, toks: readonly Tok[], k: number): { lemma: string; len: number; particleAt?: number } | undefined {
  const t = toks[k];
  if (!t || !/^[a-z]/.test(t.w)) return undefined;
  // "Books for kids ...": a clause opening on an -s form has no subject for it, so it is a plural noun
  if (k === 0 && /[^s]s$/.test(t.w) && verbLemma(t.w, VERB_SET) !== undefined && verbLemma(t.w, VERB_SET) !== t.w && isPluralForm(t.w)) return undefined;
  const next = toks[k + 1]?.w;
  const head = verbLemma(t.w, PHRASAL_HEADS);
  if (head && next) {
    const phrasal = `${head}_${next}`;
    if (ctx.verbs.has(phrasal)) return { lemma: phrasal, len: 2 };
    for (let j = k + 1; j <= k + 4 && j < toks.length; j++) {
      const w = (toks[j] as Tok).w;
      const candidate = `${head}_${w}`;
      if (j > k + 1 && ctx.verbs.has(candidate) && PHRASAL.some(([h, p]) => h === head && p === w)) return { lemma: candidate, len: 1, particleAt: j };
      if (!/^[a-z]/.test(w) || SEPARATORS.has(w) || PREPOSITIONS.has(w)) break;
    }
  }
  if (t.w === 'crud') return { lemma: 'crud', len: 1 };
  const lemma = verbLemma(t.w, ctx.verbSet);
  return lemma ? { lemma, len: 1 } : undefined;
}

export function isBaseOrGerund(ctx: ReadingState, tok: Tok, lemma: string): boolean {
  const base = lemma.split('_')[0] as string;
  return tok.w === base || tok.w.endsWith('ing') || tok.w === lemma;
}

export function isParticiple(ctx: ReadingState, tok: Tok, lemma: string): boolean {
  const base = lemma.split('_')[0] as string;
  return tok.w !== base && !tok.w.endsWith('ing') && (tok.w.endsWith('ed') || tok.w === pastParticiple(base) || tok.w.endsWith('en'));
}

export function segment(ctx: ReadingState, c: Clause): Segment[] {
  const toks = c.toks;
  let k = 0;
  const pre: Tok[] = [];
  let first: { lemma: string; len: number; particleAt?: number } | undefined;
  while (k < toks.length) {
    const t = toks[k] as Tok;
    const lv = lemmaAt(ctx, toks, k);
    const prev = toks[k - 1]?.w;
    const next = toks[k + 1]?.w;
    const nounUse = prev !== undefined && (DETERMINERS.has(prev) || POSSESSIVES.has(prev)) && !['all', 'them', 'it'].includes(prev);
    // "Bookings can be cancelled", "Orders have ...": a plural noun before a modal or copula
    const subjectNoun = lv !== undefined && t.w !== lv.lemma.split('_')[0] && t.w.endsWith('s') && !t.w.endsWith('ss') && next !== undefined && ((MODALS.has(next) && next !== 'and' && next !== 'or') || BE_WORDS.has(next) || next === 'have' || next === 'has' || NEGATIONS.has(next));
    const resourceNoun = lv !== undefined && k === 0 && resourceAt(ctx, toks, k) !== undefined && isPluralForm(t.w);
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
  const unknownLead = pre.find((t, n) => (n > 0 || imperativeStart) && /^[a-z]+$/.test(t.w) && !SUBJECT_SKIP.has(t.w) && !DETERMINERS.has(t.w) && !PREPOSITIONS.has(t.w) && !POSSESSIVES.has(t.w) && !ACTOR_WORDS.has(singular(t.w)) && !BE_WORDS.has(t.w) && !NEGATIONS.has(t.w) && !SEPARATORS.has(t.w) && (!findResource(ctx, [t.w]) || (n === 0 && imperativeStart)) && !META_NOUNS.has(t.w) && !['only', 'already', 'then', 'later', 'first', 'also', 'each', 'every', 'we', 'i', "i'd", "i'm", 'you', 'me', 'us', 'would', 'like', 'love', 'wish', 'hope', 'plan', 'try', 'going', 'gonna', 'building', 'making', 'creating', 'writing', 'keep', 'keeps'].includes(t.w) && !t.w.endsWith('ly') && ((n === 0 && particleStart) || (n === 0 && (DETERMINERS.has(pre[1]?.w ?? '') || POSSESSIVES.has(pre[1]?.w ?? '')) && resourceAt(ctx, toks, 2) !== undefined) || ['can', 'could', 'should', 'must', 'may', 'will', 'cannot', "can't", 'to'].includes(pre[n - 1]?.w ?? '') || taggedAsVerb(c.text, t.w)));
  const leading: Segment[] = [];
  if (unknownLead) {
    // up to the first known verb, split again at any further unknown verb ("allocate ... and free ...")
    const at = pre.indexOf(unknownLead);
    const leadSubject = stripDeterminers(wordsOf(pre.slice(0, at)).filter((w) => !SUBJECT_SKIP.has(w)));
    let from = at;
    for (let m = at + 1; m <= k; m++) {
      const boundary = m === k || (SEPARATORS.has(toks[m]?.w ?? '') && unknownVerbAt(ctx, c, toks, m + 1, true));
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
  const explainedLead = !unknownLead && first !== undefined && /^[a-z]+$/.test(pre[0]?.w ?? '') && !findResource(ctx, [pre[0]?.w ?? '']) && !DETERMINERS.has(pre[0]?.w ?? '') && !ACTOR_WORDS.has(singular(pre[0]?.w ?? '')) && (pre.some((t) => t.inner?.some((x) => INCREASE_WORDS.has(x.w) || DECREASE_WORDS.has(x.w) || ['records', 'sets', 'stamps'].includes(x.w))) || (pre.some((t) => t.w === ',') && taggedAsVerb(c.text, pre[0]?.w ?? '')));
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
  const passive = isParticiple(ctx, toks[k] as Tok, first.lemma) && BE_WORDS.has(preWords[preWords.length - 1] ?? '');
  const relIdx = pre.findIndex((t, n) => n > 0 && (t.w === 'that' || t.w === 'which'));
  const antecedent = relIdx > 0 ? pre.slice(Math.max(0, relIdx - 3), relIdx).filter((t) => /^[a-z]/.test(t.w) && !PREPOSITIONS.has(t.w)) : undefined;
  const segs: Segment[] = [...leading];
  let start = k;
  let cur = first;
  let j = k + first.len;
  const close = (end: number): void => {
    const verbTok = toks[start] as Tok;
    const rest = toks.slice(start + cur.len, end).filter((_, n) => cur.particleAt === undefined || start + cur.len + n !== cur.particleAt);
    segs.push({ lemma: cur.lemma, cls: ctx.verbs.get(cur.lemma) ?? 'unknown', verbIndex: start, passive, rest, verbTok, clause: c, subject, text: textOf(toks.slice(start, end)), ...(antecedent?.length ? { antecedent } : {}) });
  };
  while (j < toks.length) {
    const t = toks[j] as Tok;
    if (SEPARATORS.has(t.w)) {
      let m = j + 1;
      while (m < toks.length && (SEP_FILLERS.has((toks[m] as Tok).w) || ACTOR_WORDS.has(singular((toks[m] as Tok).w)) || (['a', 'an', 'the'].includes((toks[m] as Tok).w) && ['way', 'option', 'ability', 'endpoint'].includes(toks[m + 1]?.w ?? '')))) m++;
      const lv = lemmaAt(ctx, toks, m);
      const form = toks[m];
      // "another one that returns all quotes": a new action; "a habit, which increases ..." explains the last
      const relative = ['that', 'which', 'who'].includes(toks[m - 1]?.w ?? '') && ['one', 'ones', 'another', 'endpoint', 'endpoints', 'route', 'call'].includes(toks[m - 2]?.w ?? '');
      // "the doctor lists patients and marks a patient as seen": agreeing verb forms, with an object
      const after = toks[m + (lv?.len ?? 1)];
      const withObject = after !== undefined && (DETERMINERS.has(after.w) || POSSESSIVES.has(after.w) || PRONOUNS.has(after.w));
      // ("... lists the defect reports per van and lists vans by MOT due date": the same verb form again, on records)
      const parallel = form !== undefined && form.w.endsWith('s') && (toks[start]?.w ?? '').endsWith('s') && after !== undefined && isPluralForm(after.w) && resourceAt(ctx, toks, m + (lv?.len ?? 1)) !== undefined;
      const agreeing = form !== undefined && form.w.endsWith('s') && (withObject || parallel) && !['that', 'which', 'who'].includes(toks[m - 1]?.w ?? '');
      // "add movies with title, release year and genre": a field named by a verb and a type word
      const fieldInList = toks.slice(start, m).some((x) => x.w === 'with') && lv !== undefined && TYPE_BY_WORD[toks[m + lv.len]?.w ?? ''] !== undefined && !TYPE_BY_WORD[form?.w ?? ''];
      if (lv && form && !fieldInList && (isBaseOrGerund(ctx, form, lv.lemma) || (passive && isParticiple(ctx, form, lv.lemma)) || (relative && form.w.endsWith('s')) || agreeing) && !nounAfterSeparator(ctx, toks, m)) {
        close(j);
        start = m;
        cur = lv;
        j = m + lv.len;
        continue;
      }
      // "... and the office manager restocks them": a new subject, then its verb
      if (!lv && form && /^[a-z]/.test(form.w)) {
        let n = 1;
        while (n <= 3 && m + n < toks.length && /^[a-z]/.test((toks[m + n] as Tok).w) && !lemmaAt(ctx, toks, m + n) && !PREPOSITIONS.has((toks[m + n] as Tok).w)) n++;
        const sv = lemmaAt(ctx, toks, m + n);
        const svTok = toks[m + n];
        const obj = toks[m + n + (sv?.len ?? 1)];
        if (n <= 3 && sv && svTok && svTok.w.endsWith('s') && obj && (DETERMINERS.has(obj.w) || POSSESSIVES.has(obj.w) || PRONOUNS.has(obj.w)) && !toks.slice(m, m + n).some((t) => lemmaAt(ctx, toks, toks.indexOf(t)))) {
          close(j);
          start = m + n;
          cur = sv;
          j = m + n + sv.len;
          continue;
        }
      }
      // "..., and fire employees": a verb we do not know must not hide in the previous action
      if (!lv && form && unknownVerbAt(ctx, c, toks, m)) {
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
export function unknownVerbAt(ctx: ReadingState, c: Clause, toks: readonly Tok[], m: number, trustPosition = false): boolean {
  const t = toks[m];
  const next = toks[m + 1];
  // (a separator that ends the clause has no word after it)
  if (!t || lemmaAt(ctx, toks, m)) return false;
  const particleVerb = ['up', 'down', 'off'].includes(next?.w ?? '') && (DETERMINERS.has(toks[m + 2]?.w ?? '') || resourceAt(ctx, toks, m + 2) !== undefined);
  if (particleVerb) return true;
  if (!/^[a-z]+$/.test(t.w) || !next || findResource(ctx, [t.w]) || ctx.resources.some((r) => r.fields.some((f) => f.words.includes(t.w)))) return false;
  if (DETERMINERS.has(t.w) || POSSESSIVES.has(t.w) || PREPOSITIONS.has(t.w) || TYPE_BY_WORD[t.w] || NEGATIONS.has(t.w) || SEP_FILLERS.has(t.w)) return false;
  const objectLike = DETERMINERS.has(next.w) || POSSESSIVES.has(next.w) || PRONOUNS.has(next.w) || resourceAt(ctx, toks, m + 1) !== undefined || ctx.resources.some((r) => r.fields.some((f) => f.words.includes(next.w)));
  return objectLike && (trustPosition || taggedAsVerb(c.text, t.w));
}

/** "add posts and comments": a resource or field name after "and" is a noun, not a verb. */
export function nounAfterSeparator(ctx: ReadingState, toks: readonly Tok[], m: number): boolean {
  const t = toks[m] as Tok;
  const next = toks[m + 1];
  const isName = findResource(ctx, [t.w]) !== undefined || ctx.resources.some((r) => r.fields.some((f) => f.spec.name === t.w || f.words.includes(t.w)));
  if (!isName) return false;
  return next === undefined || SEPARATORS.has(next.w) || PREPOSITIONS.has(next.w);
}

export function isFieldish(ctx: ReadingState, ws: string[]): boolean {
  const last = ws[ws.length - 1] as string;
  const hint = isPluralForm(last) ? undefined : TYPE_BY_WORD[last];
  return (hint !== undefined && hint.type !== 'stringList') || GENERATED_NOUNS.has(ws.join(' ')) || GENERATED_NOUNS.has(last) || ['name', 'title', 'address', 'money', 'cash', 'funds'].includes(last) || ws.some((w) => ['name', 'email'].includes(w));
}

/** Nouns that only appear as objects ("list all submissions") become resources without fields. */
export function collectCandidate(ctx: ReadingState, s: Segment): void {
  if (!['create', 'list', 'get', 'update', 'delete', 'crud', 'relation', 'take', 'state', 'mark', 'toggle', 'counter', 'release'].includes(s.cls)) return;
  const obj = s.passive ? objectOf(ctx, s.subject.map((w) => ({ raw: w, w })), undefined) : objectOf(ctx, s.rest, undefined);
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
  // "Bookings must stop once a clinic is full": the condition after the verb names no record
  if (CONDITION_OPENERS.has(ws[0] as string)) return;
  if (ws.some((w) => TALLY_NOUNS.has(w) || ['sum', 'average', 'avg', 'mean', 'median'].includes(w))) return;
  // "log their mood": fields of the record being created, not a record
  if (s.cls === 'create' && POSSESSIVES.has(s.rest[0]?.w ?? '')) return;
  // "create a mood tracker", "make a link shortener": the software, not a record
  if ((ws.length > 1 && TITLE_TAILS.has(ws[ws.length - 1] as string) && s.cls === 'create') || AGENT_NOUN_RESOURCES[ws[ws.length - 1] as string]) return;
  if (ACTOR_WORDS.has(singular(head)) || META_NOUNS.has(head) || TALLY_NOUNS.has(head) || isFieldish(ctx, ws) || FILLER_WORDS.has(head) || PRONOUNS.has(head)) return;
  if (ctx.resources.some((r) => r.fields.some((f) => f.words.includes(head) || f.words.includes(singular(head))))) return;
  if (s.rest.slice(obj.end).some((t) => t.w === ',') && s.cls === 'create' && !s.passive && s.rest[obj.end]?.w !== 'with') return;
  const sing = [...ws.slice(0, -1), singular(head)];
  // "book a class session" when sessions are declared: the same thing, not a new one
  if (sing.length > 1 && findResource(ctx, [singular(head)])?.declared) return;
  if (!findResource(ctx, sing)) ensureResource(ctx, sing, s.text, false);
}

export function readSegments(ctx: ReadingState, segs: Segment[]): void {
  const pre = segs[0] ? wordsOf(segs[0].clause.toks.slice(0, segs[0].verbIndex)) : [];
  // "Only one gardener can hold a plot at a time": what a take's guard already enforces
  const clauseWords = segs[0] ? wordsOf(segs[0].clause.toks) : [];
  const atATime = clauseWords.some((w, i) => (w === 'at' && clauseWords[i + 1] === 'a' && clauseWords[i + 2] === 'time') || (w === 'at' && clauseWords[i + 1] === 'once'));
  const heldOne = atATime && clauseWords.includes('one') ? ctx.actions.find((a) => a.kind === 'transition' && VERBS[a.verb] === 'take' && a.guards.some((g) => g.op === 'isNull') && clauseWords.some((w) => a.resource.split(' ').includes(singular(w)))) : undefined;
  if (heldOne) {
    ctx.understood.push(`"${segs[0]?.clause.text ?? ''}" restates that a ${heldOne.resource} already taken cannot be taken again`);
    return;
  }
  if (pre.includes('only') && pre.some((w) => ACTOR_WORDS.has(singular(w)) || findResource(ctx, [w]) !== undefined)) {
    ctx.unmapped.push(`"${segs[0]?.clause.text ?? ''}" (who may do what cannot be restricted: every caller with the backend's key can call every action)`);
    return;
  }
  const objects = segs.map((s) => (s.passive ? objectOf(ctx, s.subject.map((w) => ({ raw: w, w })), ctx.lastResource) : objectOf(ctx, s.rest, ctx.lastResource)));
  segs.forEach((s, i) => {
    let obj = objects[i] as ObjectRef;
    if (obj.kind === 'none' && s.antecedent) {
      const ante = objectOf(ctx, s.antecedent.slice(-1), undefined);
      if (ante.kind === 'resource') obj = { ...ante, end: 0 };
    }
    if (obj.kind === 'none' && !['relation', 'tally'].includes(s.cls)) {
      // "Add, list by category, and delete expenses": the object is shared
      const later = objects.slice(i + 1).find((o) => o.kind === 'resource');
      if (later && later.kind === 'resource') obj = { ...later, end: obj.end, shared: true };
    }
    const more = s.passive ? [] : moreObjects(ctx, s.rest, obj);
    // a condition trailing the action ("..., and a task cannot be due on a weekend") is not dropped
    const tail = s.rest.slice(obj.end);
    // "a remote yes/no" names a yes/no field, it negates nothing
    // ("mark a claim as rejected": a state it is put in refuses nothing)
    const negAt = tail.findIndex((t, n) => (NEGATIONS.has(t.w) || (REFUSALS.has(t.w) && tail[n - 1]?.w !== 'as')) && !(t.w === 'no' && tail[n - 1]?.w === '/'));
    const tailWords = tail.map((t) => t.w);
    if (negAt >= 0 && (tailWords.includes('negative') || tailWords.includes('enough') || (tailWords.includes('below') && (tailWords.includes('zero') || tailWords.includes('0'))))) {
      // "sell items, but don't allow the stock to go negative"
      const res = resourceFromObject(ctx, obj, s);
      const f = res ? (mentionedFields(ctx, res, tail).find((x) => x.spec.type === 'integer' || x.spec.type === 'number')) : undefined;
      if (f) f.spec.min = Math.max(f.spec.min ?? 0, 0);
      readSegment(ctx, { ...s, rest: s.rest.slice(0, obj.end + negAt) }, obj);
      return;
    }
    if (negAt >= 0 && s.cls !== 'list' && !s.passive) {
      ctx.unmapped.push(`"${textOf(tail.slice(Math.max(0, negAt - 3)))}" (a condition I cannot enforce)`);
      return;
    }
    const before = progress(ctx);
    readSegment(ctx, s, obj);
    for (const extra of more) readSegment(ctx, { ...s, rest: s.rest.slice(extra.end) }, { ...extra, end: 0 });
    // every verb phrase must end up somewhere: an action, a rule, a note, or a refusal
    if (progress(ctx) === before) ctx.unmapped.push(`"${s.text}" (I read the verb "${s.lemma.replace(/^\?/, '').replace('_', ' ')}" but could not tell what it should do)`);
    const hidden = hiddenVerb(ctx, tail, s.clause.text);
    if (hidden) ctx.unmapped.push(`"${s.text}" (what "${hidden}" does here is not understood)`);
  });
}

/** A count of everything a segment can produce; unchanged means the segment was dropped. */
export function progress(ctx: ReadingState): number {
  return ctx.actions.length + ctx.rules.length + ctx.understood.length + ctx.unmapped.length + ctx.merges;
}

/**
 * "logging a trip adds the distance to the mileage": an agreeing verb after the object, with an
 * object of its own, is a second statement the segment would otherwise swallow.
 */
export function hiddenVerb(ctx: ReadingState, tail: readonly Tok[], sentence: string): string | undefined {
  for (let i = 0; i < tail.length; i++) {
    const t = tail[i] as Tok;
    // "add songs, reorder nothing, ...": a verb after a comma that no segment took
    if (tail[i - 1]?.w === ',' && /^[a-z]{3,}$/.test(t.w) && !DETERMINERS.has(t.w) && !POSSESSIVES.has(t.w) && !PREPOSITIONS.has(t.w) && !SEP_FILLERS.has(t.w) && !findResource(ctx, [t.w]) && !ctx.resources.some((r) => r.fields.some((f) => f.words.includes(t.w))) && !TYPE_BY_WORD[t.w] && !NEGATIONS.has(t.w) && taggedAsVerb(sentence, t.w)) return t.w;
    // the first word follows the object itself
    const prev = tail[i - 1] ?? { raw: 'thing', w: 'thing' };
    // "add points when a customer buys a coffee": a condition describing when, not a statement
    if (['when', 'whenever', 'after', 'once', 'if', 'until', 'while', 'before'].includes(prev.w)) return undefined;
    const next = tail[i + 1];
    if (['which', 'that', 'who', 'and', 'or', ','].includes(prev.w) || t.inner) continue;
    if (!/^[a-z]+s$/.test(t.w) || t.w.endsWith('ss') || !/^[a-z]/.test(prev.w) || DETERMINERS.has(prev.w) || POSSESSIVES.has(prev.w) || PREPOSITIONS.has(prev.w)) continue;
    if (!next || !(DETERMINERS.has(next.w) || POSSESSIVES.has(next.w))) continue;
    const lemma = verbLemma(t.w, ctx.verbSet) ?? verbLemma(t.w, new Set([...INCREASE_WORDS, ...DECREASE_WORDS]));
    if (lemma && lemma !== t.w) return t.w;
    if (INCREASE_WORDS.has(t.w) || DECREASE_WORDS.has(t.w)) return t.w;
  }
  return undefined;
}
