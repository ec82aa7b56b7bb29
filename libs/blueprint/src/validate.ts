import type { Blueprint } from './blueprint.js';
import { semanticIssues } from './semantics.js';
import { structuralIssues, type BlueprintIssue } from './structure.js';

export type BlueprintValidation = { ok: true; blueprint: Blueprint } | { ok: false; errors: BlueprintIssue[] };

/**
 * Checks a value claimed to be a Blueprint: first its shape (the JSON Schema), then, when the shape
 * holds, its meaning (names, references, type fit, examples). Semantic checks need a sound shape to
 * read, so a value with shape problems reports only those. Issues are sorted by path.
 */
export function validateBlueprint(value: unknown): BlueprintValidation {
  const structural = structuralIssues(value);
  if (structural.length > 0) return { ok: false, errors: structural };
  const blueprint = value as Blueprint;
  const semantic = semanticIssues(blueprint);
  if (semantic.length > 0) return { ok: false, errors: semantic };
  return { ok: true, blueprint };
}

/** Issues as lines for a person or an LLM: "/actions/2/by: action getBook looks records up by ...". */
export function formatBlueprintIssues(issues: readonly BlueprintIssue[]): string[] {
  return issues.map((i) => `${i.path}: ${i.message}`);
}
