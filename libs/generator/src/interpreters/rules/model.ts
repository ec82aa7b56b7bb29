import type { ActionKind, CompareRule, EffectSpec, FilterSpec, GuardSpec, ParamSpec, ParentGuardRule } from '@backforge/blueprint';
import type { FieldDraft } from './fields.js';
import { pascalCase } from './text.js';

/** What the analyzer reads from a prompt, before names and examples are settled. */
export interface ResourceDraft {
  /** Singular lower-case words, e.g. ["short", "link"]; the key of the resource. */
  words: string[];
  fields: FieldDraft[];
  /** Where the prompt introduced it (for messages). */
  origin: string;
  /** Declared with fields ("Books have ..."), or only named as the object of an action. */
  declared: boolean;
  /** Combinations of fields no two records share ("one enrolment per student and course"). */
  uniqueTogether?: string[][];
}

export interface ActionDraft {
  kind: ActionKind;
  resource: string;
  verb: string;
  /** Explicit action name (transitions); CRUD names are derived from the kind. */
  name?: string;
  description: string;
  by?: string;
  filters: FilterSpec[];
  orderBy?: { field: string; direction: 'asc' | 'desc' };
  updateFields?: string[];
  params: ParamSpec[];
  guards: GuardSpec[];
  effects: EffectSpec[];
  tally?: { countResource: string; via: string; groupField: string; optionsField: string };
  /** Added because the prompt described no CRUD for the resource (see docs/prompts.md). */
  implicit?: boolean;
}

/** Rules as the blueprint has them, `resource` being the record's key (its words). */
export type RuleDraft =
  | { kind: 'capacity'; resource: string; via: string; limitField: string; message: string }
  | { kind: 'membership'; resource: string; via: string; field: string; listField: string; message: string }
  | CompareRule
  | ParentGuardRule;

export interface Analysis {
  resources: ResourceDraft[];
  actions: ActionDraft[];
  rules: RuleDraft[];
  /** Plain-words account of what was read, clause by clause. */
  understood: string[];
  /** Clauses or parts that could not be mapped; any entry fails the prompt. */
  unmapped: string[];
  titleWords: string[];
}

export const keyOf = (words: readonly string[]): string => words.join(' ');

/** A record the prompt describes: at least one field the user gives (not only fields the store keeps). */
export const isDescribed = (r: ResourceDraft): boolean => r.fields.some((f) => f.spec.generated === undefined);

/** The reference of `child` to `parent`, if it has one. */
export const referenceTo = (child: ResourceDraft, parent: ResourceDraft): FieldDraft | undefined =>
  child.fields.find((f) => f.spec.type === 'reference' && f.spec.references === pascalCase(parent.words));
