import { SECTION_LABELS } from '../lexicon.js';
import { stepNote } from './endpoints.js';
import { sideSteps } from './field-states.js';
import type { Line } from './normalise.js';

/**
 * Stage 1c: a lifecycle written as a section of its own. A spec often gives a record's states
 * under a label ("Campaign lifecycle", "Workflow", "## Status flow") as arrows, one chain or a
 * step a line, with the verb of a step beside the state it reaches ("received -> consultation
 * (publish) -> granted (grant) or refused (refuse)", "- draft -> live (launch)"). The section
 * says a record's status and its steps, so it is written as the lines the next stages read for
 * them: "<record> status: a -> b; b -> c" and, per named verb, "<verb> a <record> (a -> b)".
 */
const LIFECYCLE_LABEL = /^(?:(?:the\s+)?([A-Za-z][A-Za-z ]{0,30}?)(?:'s)?\s+)?(?:lifecycle|life cycle|workflow|flows?|status flow|status workflow|state machine|transitions|states|statuses|status|stages)$|^(?:lifecycle|workflow|flows?|transitions|steps|states|stages)\s+(?:on|for|of)\s+(?:an?\s+|the\s+|each\s+)?([A-Za-z][A-Za-z ]{0,30})$/i;
/** "Status lifecycle", "State machine": a label naming the field, not the record, whose states follow. */
const FIELD_LABEL = /^(?:status|state|stage|statuses|states|stages)$/i;
const ARROW = /\s*(?:->|→|=>)\s*/;
/** "Buttons: Forge, Finish", "Actions on a repair: start (open -> in repair), ...": the verbs of the steps. */
const VERB_LIST = /^(?:buttons?|actions?|steps|verbs|transitions|moves)(?:\s+(?:on|for|of)\s+(?:a|an|the|each)\s+[a-z]+)?\s*:\s*(.+?)\.?$/i;

interface Step {
  from: string;
  to: string;
  verb?: string;
}

/** "received -> consultation (publish) -> granted (grant) or refused (refuse)": the steps in order, each with its verb. */
export function chainSteps(text: string): Step[] | undefined {
  // ("bake: pending -> baked": a step named by its verb before a colon)
  // ("pay      clamped -> paid", "pay (clamped -> paid)", "release: paid -> released   (so ...)": so is one in columns or parentheses, a note after it a note)
  const named = /^\s*([a-z]+)\s*(?::|\s{2,}|\s*\()\s*([a-z][a-z -]*?)\s*(?:->|→|=>)\s*([a-z][a-z -]*?)\s*\)?\s*(?:\([^()]*\))?\s*\.?$/i.exec(text.replace(/[`*]/g, ''));
  if (named && !FIELD_LABEL.test(named[1] as string)) return [{ from: named[2] as string, to: named[3] as string, verb: (named[1] as string).toLowerCase() }];
  // ("lodged -> scheduled -> upheld | dismissed; a lodged or scheduled appeal can also be withdrawn")
  const [chain, ...told] = text.replace(/[`*]/g, '').replace(/[.;]$/, '').split(/\s*;\s*/);
  const sides = told.map((t) => sideSteps(t));
  if (sides.some((st) => st === undefined)) return undefined;
  const parts = (chain as string).split(ARROW);
  if (parts.length < 2) return undefined;
  const steps: Step[] = [];
  let from: string[] = [];
  for (const part of parts) {
    const states = part.split(/\s+or\s+|\s*\|\s*|\s*\/\s*/).map((s) => /^([a-z][a-z -]*?)\s*(?:\(\s*([a-z]+)\s*\))?$/i.exec(s.trim()));
    if (states.some((s) => s === null || (s[1] as string).split(/\s+/).length > 3)) return undefined;
    const reached = states.map((s) => ({ state: (s as RegExpExecArray)[1] as string, verb: (s as RegExpExecArray)[2] }));
    for (const f of from) for (const r of reached) steps.push({ from: f, to: r.state, ...(r.verb ? { verb: r.verb } : {}) });
    from = reached.map((r) => r.state);
  }
  return [...steps, ...sides.flatMap((st) => st ?? [])];
}

/** The record whose states a lifecycle section gives: the latest one listed with a status, else the latest one listed. */
function recordBefore(lines: readonly Line[]): string | undefined {
  const text = (l: Line): string => (l.kind === 'row' ? '' : l.text);
  const withStatus = lines.findLast((l) => l.kind !== 'heading' && /^[A-Za-z]+(?: [A-Za-z]+){0,2}\s*:\s.*\b(?:status|state|stage)\b/i.test(text(l)));
  if (withStatus) return /^([A-Za-z]+(?: [A-Za-z]+){0,2})\s*:/.exec(text(withStatus))?.[1];
  const headings = lines.flatMap((l, k) => (l.kind === 'heading' && lines[k + 1]?.kind === 'bullet' && !SECTION_LABELS.has(l.text.toLowerCase()) ? [k] : []));
  const listed = headings.findLast((k) => lines.slice(k + 1).findIndex((l) => l.kind !== 'bullet') !== 0);
  return listed === undefined ? undefined : (lines[listed] as { text: string }).text;
}

export function readLifecycles(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    // ("Case lifecycle: open -> in progress -> resolved; ...": the label and its chain on one line)
    // (a bare "status: a -> b" is read where it stands, by the list or the status line)
    const inline = line.kind === 'sentence' ? /^([^:]{1,40}):\s+(\S.*)$/.exec(line.text) : null;
    const inlineLabel = inline && /lifecycle|life cycle|workflow|flow|transitions|state machine/i.test(inline[1] as string) ? LIFECYCLE_LABEL.exec((inline[1] as string).trim()) : null;
    const inlineSteps = inlineLabel ? chainSteps((inline as RegExpExecArray)[2] as string) : undefined;
    const label = inlineSteps ? inlineLabel : line.kind !== 'row' && line.text.split(/\s+/).length <= 4 ? LIFECYCLE_LABEL.exec(line.text.replace(/:$/, '').trim()) : null;
    const chains: Step[][] = inlineSteps ? [inlineSteps] : [];
    let j = i + 1;
    for (; label && !inlineSteps && j < lines.length; j++) {
      const next = lines[j] as Line;
      const steps = next.kind === 'row' || next.kind === 'heading' ? undefined : chainSteps(next.text);
      if (!steps) break;
      chains.push(steps);
    }
    // ("Status flow: open -> ..." on its line names no record: the status line reader finds it)
    // ("Status lifecycle: received -> booked -> ...": the states of the record listed before it)
    const named = label?.[2] ?? (label?.[1] !== undefined && !FIELD_LABEL.test(label[1]) ? label[1] : undefined);
    const record = label ? (named ?? (inlineSteps && label[1] === undefined ? undefined : recordBefore(out))) : undefined;
    if (!label || chains.length === 0 || !record) {
      out.push(line);
      continue;
    }
    const steps = chains.flat();
    // ("Buttons: Forge, Finish, Deliver" after "ordered -> forging -> finished -> delivered": one verb per step, in order)
    // ("Actions on a repair: start (open -> in repair), finish (in repair -> ready)": each verb with the step it makes)
    const said = lines[j]?.kind === 'sentence' || lines[j]?.kind === 'bullet' ? (lines[j] as { text: string }).text : '';
    const list = VERB_LIST.exec(said)?.[1];
    const stepVerbs = list?.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((v) => /^([a-z]+)\s*\(\s*([a-z][a-z -]*?)\s*(?:->|→|=>)\s*([a-z][a-z -]*?)\s*\)$/i.exec(v));
    if (stepVerbs?.every((m) => m !== null) && stepVerbs.every((m) => steps.some((st) => st.from === m?.[2] && st.to === m?.[3]))) {
      for (const m of stepVerbs) for (const st of steps) if (st.from === m[2] && st.to === m[3]) st.verb = (m[1] as string).toLowerCase();
      j++;
    }
    // ("Transitions: book, scan, report (each only from the previous status)": what is said of them after is a note)
    const verbs = stepVerbs?.every((m) => m !== null) ? undefined : list?.replace(/\s*\([^()]*\)/g, '').split(/\s*,\s*(?:and\s+)?|\s+and\s+/);
    if (verbs?.length === steps.length && verbs.every((v) => /^[a-z]+$/i.test(v)) && steps.every((s) => !s.verb)) {
      steps.forEach((s, k) => (s.verb = (verbs[k] as string).toLowerCase()));
      j++;
    }
    const one = record.trim().replace(/s$/i, '');
    // ("state: clamped | paid | released" listed before: the steps move that field, not a second one named status)
    const before = out.map((l) => (l.kind === 'row' ? l.cells.join(' ') : l.text)).join('\n');
    // (the steps below find that field by its values)
    if (/\bstatus\b/i.test(before) || !/\b(?:state|stage)\b/i.test(before)) out.push({ kind: 'sentence', text: `${one} status: ${steps.map((s) => `${s.from} -> ${s.to}`).join('; ')}` });
    // (each step said with its states, read as that move whatever the verb: "start a repair (from open to in repair)")
    const article = /^[aeiou]/i.test(one) ? 'an' : 'a';
    // (the steps are requests: under the record's own bullets they would read as more of its fields)
    if (out.at(-1)?.kind === 'bullet' && steps.some((st) => st.verb)) out.push({ kind: 'heading', text: 'Actions', level: 2 });
    for (const s of steps) if (s.verb) out.push({ kind: 'bullet', text: `${s.verb} ${article} ${one.toLowerCase()} ${stepNote(s.from, s.to)}`, depth: 0 });
    i = j - 1;
  }
  return out;
}
