import type { FieldSpec } from '@backforge/blueprint';
import type { FieldDraft } from '../fields.js';
import { DETERMINERS, NAME_NOISE, type VerbClass } from '../lexicon.js';
import type { ResourceDraft } from '../model.js';
import type { Clause, Tok } from '../tokens.js';

/** Shapes and small helpers shared by the sentence reader's stages. */
export interface Segment {
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

export type ObjectRef =
  | { kind: 'resource'; res: ResourceDraft; plural: boolean; all: boolean; end: number; shared?: boolean }
  | { kind: 'field'; res: ResourceDraft; field: FieldDraft; end: number; possessive: boolean }
  | { kind: 'pronoun'; plural: boolean; end: number }
  | { kind: 'noun'; words: string[]; plural: boolean; end: number }
  | { kind: 'none'; end: number };

export const stripDeterminers = (ws: string[]): string[] => {
  let out = ws;
  while (out.length && (DETERMINERS.has(out[0] as string) || NAME_NOISE.has(out[0] as string) || out[0] === 'for' || out[0] === 'of')) out = out.slice(1);
  return out;
};

export function describeField(f: FieldSpec): string {
  const bits: string[] = [f.type === 'reference' ? `reference to ${f.references ?? '?'}` : f.type];
  if (f.type === 'enum') bits.push(`one of ${(f.values ?? []).join('/')}`);
  if (f.unique) bits.push('unique');
  if (!f.required) bits.push('optional');
  if (f.min !== undefined) bits.push(`min ${f.min}`);
  if (f.max !== undefined) bits.push(`max ${f.max}`);
  return `${f.name} (${bits.join(', ')})`;
}

export function sentenceCase(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** "count goes up" / "goes down": the direction as the verbs the quantity rules read. */
export function withDirection(ws: string[]): string[] {
  const out = [...ws];
  ws.forEach((w, i) => {
    if (!['go', 'goes', 'going', 'went', 'move', 'moves'].includes(ws[i - 1] ?? '')) return;
    if (w === 'up') out.push('increases');
    if (w === 'down') out.push('decreases');
  });
  return out;
}
