import type { FieldDraft } from '../fields.js';
import { COUNT_VERBS, LIMIT_WORDS, NEGATIONS, REFUSALS, VERB_SET, VERBS } from '../lexicon.js';
import { type ActionDraft, keyOf, type ResourceDraft } from '../model.js';
import { camelCase, pascalCase, pastParticiple, plural, singular, splitIdentifier, verbLemma } from '../text.js';
import { type Clause, splitList, textOf, words as wordsOf } from '../tokens.js';
import { stripDeterminers } from './reading.js';
import { addField, fieldByWords, fieldOf } from './resolve.js';
import { isBaseOrGerund, segment } from './segment.js';
import { addRule } from './actions.js';
import type { Analyzer } from '../analyze.js';

/** Rules: rule clauses read into guards, capacity, uniqueness, counters and field constraints. */
export function isRuleClause(ctx: Analyzer, c: Clause): boolean {
  const ws = wordsOf(c.toks);
  if (counterPattern(ctx, c)) return true;
  // "a workshop holds at most its max attendees"
  const limitPhrase = ws.some((w, i) => (w === 'at' && ws[i + 1] === 'most') || (w === 'no' && ws[i + 1] === 'more') || (w === 'limited' && ws[i + 1] === 'to'));
  if (limitPhrase && ctx.resources.some((r) => r.fields.some((f) => f.spec.type === 'integer' && ws.some((w) => f.words.includes(w))))) return true;
  const neg = ws.findIndex((w) => NEGATIONS.has(w) || REFUSALS.has(w));
  if (neg >= 0) {
    // "list animals that are not adopted" is an action whose filter is negated
    const first = segment(ctx, c)[0];
    const negTok = c.toks.findIndex((t) => NEGATIONS.has(t.w) || REFUSALS.has(t.w));
    return !(first && !first.passive && first.verbIndex < negTok && isBaseOrGerund(ctx, first.verbTok, first.lemma));
  }
  const firstVerbIdx = ws.findIndex((w) => ['must', 'should', 'is', 'are', 'has', 'needs'].includes(w));
  if (firstVerbIdx > 0 && ['be', 'unique', 'optional', 'required', 'mandatory', 'one', 'between', 'valid', 'an', 'a', 'to', 'at', 'positive'].includes(ws[firstVerbIdx + 1] ?? '')) {
    const left = stripDeterminers(ws.slice(0, firstVerbIdx));
    return left.length > 0 && fieldByWords(ctx, left) !== undefined;
  }
  const copulaUnique = ws.includes('unique') && ws.some((w) => ['is', 'are', 'be', 'must', 'should'].includes(w)) && !segment(ctx, c).some((sg) => isBaseOrGerund(ctx, sg.verbTok, sg.lemma) && !sg.passive);
  return ws.includes('already') || ws.includes('twice') || copulaUnique || (ws.includes('each') && ws.some((w) => COUNT_VERBS.has(w)));
}

export function counterPattern(ctx: Analyzer, c: Clause): { trigger: string; counted: string } | undefined {
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

export function readRule(ctx: Analyzer, c: Clause): void {
  const ws = wordsOf(c.toks);
  const counter = counterPattern(ctx, c);
  if (counter) {
    const action = [...ctx.actions].reverse().find((a) => a.verb === counter.trigger);
    if (!action) {
      ctx.unmapped.push(`"${c.text}" (nothing in the prompt does "${counter.trigger}")`);
      return;
    }
    const res = ctx.resources.find((r) => keyOf(r.words) === action.resource) as ResourceDraft;
    const name = plural(singular(counter.counted));
    const field = fieldOf(ctx, res, name) ?? addField(ctx, res, { spec: { name, type: 'integer', required: false, default: 0, min: 0, generated: 'managed' }, words: [name, singular(name)] });
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
      ctx.unmapped.push(`"${c.text}" (only a lookup or a change can count ${name})`);
      return;
    }
    action.effects.push({ increment: field.spec.name, by: { literal: 1 } });
    ctx.understood.push(`each ${counter.trigger} adds one to ${name}`);
    return;
  }
  // "a book that is already borrowed cannot be borrowed again"
  if (ws.includes('already') || ws.includes('again') || ws.includes('twice') || ws.includes('once')) {
    const setsState = (a: ActionDraft, w: string): boolean => a.effects.some((e) => 'set' in e && 'literal' in e.to && (e.set === w || e.to.literal === w));
    const guarded = ctx.actions.find((a) => a.kind === 'transition' && ws.some((w) => verbLemma(w, new Set([a.verb.split('_')[0] as string])) !== undefined || w === pastParticiple(a.verb.split('_')[0] as string) || setsState(a, w)));
    if (guarded) {
      if (guarded.guards.length === 0) {
        const effect = guarded.effects[0];
        const state = effect && 'set' in effect && 'literal' in effect.to ? (typeof effect.to.literal === 'string' ? effect.to.literal : effect.set) : undefined;
        if (effect && 'set' in effect && 'literal' in effect.to) guarded.guards.push({ field: effect.set, op: 'ne', value: effect.to, message: `This ${guarded.resource} is already ${state ?? pastParticiple(guarded.verb.split('_')[0] as string)}` });
      }
      if (guarded.guards.length > 0) {
        ctx.understood.push(`${guarded.name ?? guarded.verb} is refused when it was already done`);
        return;
      }
    }
  }
  if (readStateGuard(ctx, c)) return;
  // "it must not be possible to borrow a book that is currently on loan": the take's own guard
  const takeVerb = ctx.actions.find((a) => a.kind === 'transition' && VERBS[a.verb] === 'take' && ws.some((w) => verbLemma(w, new Set([a.verb.split('_')[0] as string])) !== undefined));
  if (takeVerb && ws.some((w) => NEGATIONS.has(w)) && takeVerb.guards.length > 0) {
    ctx.understood.push(`${takeVerb.name ?? takeVerb.verb} is refused while it is taken`);
    return;
  }
  // capacity: "an event can't take more guests than its capacity"
  if (ws.some((w) => LIMIT_WORDS.has(w))) {
    for (const parent of ctx.resources) {
      const limit = parent.fields.find((f) => f.spec.type === 'integer' && ws.some((w) => f.words.includes(w) || f.spec.name === w));
      if (!limit) continue;
      const pointing = ctx.resources.filter((r) => r !== parent && r.fields.some((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(parent.words)));
      const named = pointing.find((r) => ws.some((w) => r.words.includes(singular(w)) || r.words.join('') === singular(w).replace(/-/g, '')));
      const child = named ?? (pointing.length === 1 ? pointing[0] : undefined);
      if (!child) continue;
      const via = child.fields.find((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(parent.words)) as FieldDraft;
      addRule(ctx, { kind: 'capacity', resource: keyOf(child.words), via: via.spec.name, limitField: limit.spec.name, message: `This ${parent.words.join(' ')} is full` });
      ctx.understood.push(`a ${parent.words.join(' ')} takes at most ${limit.spec.name} ${plural(child.words.join(' '))}`);
      return;
    }
  }
  // "extra sign-ups are rejected" once the capacity is known
  if (ws.some((w) => LIMIT_WORDS.has(w)) && ws.some((w) => REFUSALS.has(w) || NEGATIONS.has(w))) {
    const known = ctx.rules.find((r) => r.kind === 'capacity' && ws.some((w) => keyOf(r.resource.split(' ')).replace(/ /g, '') === singular(w).replace(/-/g, '') || r.resource.split(' ').includes(singular(w))));
    if (known) {
      ctx.understood.push(`"${c.text}" restates the capacity rule`);
      return;
    }
  }
  // "a screening can not be overbooked": the one capacity-like limit of the resource named
  if (ws.some((w) => /^over[a-z]+ed$/.test(w) || w === 'full' || w === 'overbook')) {
    for (const parent of ctx.resources.filter((r) => ws.some((w) => r.words.includes(singular(w))))) {
      const limits = parent.fields.filter((f) => f.spec.type === 'integer' && /capacity|seats|spots|slots|limit|max|places|tickets|size/i.test(f.spec.name));
      const pointing = ctx.resources.filter((r) => r !== parent && r.fields.some((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(parent.words)));
      const limit = limits[0];
      const child = pointing[0];
      if (limits.length === 1 && pointing.length === 1 && limit && child) {
        const via = child.fields.find((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(parent.words)) as FieldDraft;
        addRule(ctx, { kind: 'capacity', resource: keyOf(child.words), via: via.spec.name, limitField: limit.spec.name, message: `This ${parent.words.join(' ')} is full` });
        ctx.understood.push(`a ${parent.words.join(' ')} takes at most ${limit.spec.name} ${plural(child.words.join(' '))}`);
        return;
      }
    }
  }
  // "stock can never go below zero", "quantity cannot be negative"
  if ((ws.includes('below') || ws.includes('under') || ws.includes('negative') || ws.includes('less')) && (ws.includes('zero') || ws.includes('0') || ws.includes('negative'))) {
    const hit = fieldByWords(ctx, ws);
    if (hit && (hit.field.spec.type === 'integer' || hit.field.spec.type === 'number')) {
      hit.field.spec.min = Math.max(hit.field.spec.min ?? 0, 0);
      ctx.understood.push(`${hit.field.spec.name} never goes below zero`);
      return;
    }
  }
  // "no two books share an ISBN"
  // "... in same dates", "at the same time": two records over one period, not a unique value
  const samePeriod = ws.some((w, k) => w === 'same' && ['date', 'dates', 'day', 'days', 'time', 'times', 'period', 'night', 'nights', 'slot'].includes(ws[k + 1] ?? ''));
  const overlap = samePeriod || ws.some((w) => ['overlap', 'overlapping', 'conflict', 'clash', 'collide', 'double'].includes(w));
  const sharing = ws.includes('share') || ws.includes('duplicate') || ws.includes('unique') || (ws.includes('same') && ws.includes('two'));
  if (sharing && !overlap && fieldByWords(ctx, ws)) {
    const hit = fieldByWords(ctx, ws.filter((w) => !['same', 'share', 'duplicate'].includes(w)));
    if (hit && hit.field.spec.type !== 'boolean' && hit.field.spec.type !== 'stringList') {
      hit.field.spec.unique = true;
      ctx.understood.push(`${hit.field.spec.name} is unique`);
      return;
    }
  }
  // "books cannot be deleted": no such action
  const neg = ws.findIndex((w) => NEGATIONS.has(w));
  if (neg >= 0) {
    const verb = ws.slice(neg + 1).map((w) => verbLemma(w, VERB_SET)).find((x): x is string => x !== undefined);
    const res = ctx.resources.find((r) => ws.slice(0, neg).some((w) => r.words.includes(singular(w))));
    if (verb && res && ['delete', 'update'].includes(VERBS[verb] ?? '')) {
      const kind = VERBS[verb] as 'delete' | 'update';
      const i = ctx.actions.findIndex((a) => a.resource === keyOf(res.words) && a.kind === kind);
      if (i >= 0) ctx.actions.splice(i, 1);
      ctx.forbidden.add(`${keyOf(res.words)}:${kind}`);
      ctx.understood.push(`${plural(res.words.join(' '))} cannot be ${kind}d`);
      return;
    }
  }
  if (readFieldStatement(ctx, c)) return;
  ctx.unmapped.push(`"${c.text}" (a rule I cannot enforce)`);
}

/**
 * "A broken tool can't be borrowed", "a spot that's occupied can't take another car": a negated
 * rule naming a state of the record (an enum value or a yes/no field) guards the action it names,
 * or the one that sets that state.
 */
export function readStateGuard(ctx: Analyzer, c: Clause): boolean {
  const ws = wordsOf(c.toks);
  const neg = ws.findIndex((w) => NEGATIONS.has(w));
  if (neg < 0) return false;
  for (const res of ctx.resources) {
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
    const own = ctx.actions.filter((a) => a.resource === key && a.kind === 'transition');
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
    ctx.understood.push(`${guarded.name ?? guarded.verb} is refused when the ${thing} is ${label}`);
    return true;
  }
  return false;
}

/** "the ISBN must be unique", "notes are optional", "difficulty is between 1 and 5". */
export function readFieldStatement(ctx: Analyzer, c: Clause): boolean {
  const ws = wordsOf(c.toks);
  const cop = ws.findIndex((w) => ['must', 'should', 'is', 'are', 'has', 'have', 'needs', 'can', 'may'].includes(w));
  if (cop <= 0) return false;
  const hit = fieldByWords(ctx, stripDeterminers(ws.slice(0, cop)));
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
  if (did) ctx.understood.push(`${spec.name}: ${c.text}`);
  return did;
}

/**
 * "A club can have at most 30 members", "each session has a maximum of 20 attendees": a limit
 * field on a record that exactly one kind of record points at is that record's capacity.
 */
export function addLimitRules(ctx: Analyzer): void {
  for (const parent of ctx.resources) {
    for (const f of parent.fields) {
      if (!f.words.includes('#limit') || ctx.rules.some((r) => r.kind === 'capacity' && r.limitField === f.spec.name)) continue;
      const pointing = ctx.resources.filter((r) => r !== parent && r.fields.some((x) => x.spec.type === 'reference' && x.spec.references === pascalCase(parent.words)));
      if (pointing.length !== 1) continue;
      const child = pointing[0] as ResourceDraft;
      const via = child.fields.find((x) => x.spec.type === 'reference' && x.spec.references === pascalCase(parent.words)) as FieldDraft;
      addRule(ctx, { kind: 'capacity', resource: keyOf(child.words), via: via.spec.name, limitField: f.spec.name, message: `This ${parent.words.join(' ')} is full` });
      ctx.understood.push(`a ${parent.words.join(' ')} takes at most ${f.spec.name} ${plural(child.words.join(' '))}`);
    }
  }
}
