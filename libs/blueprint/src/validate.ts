import type { Blueprint } from './blueprint.js';
import { semanticIssues } from './semantics.js';
import { structuralIssues, type BlueprintIssue } from './structure.js';

export type BlueprintValidation = { ok: true; blueprint: Blueprint } | { ok: false; errors: BlueprintIssue[] };

/**
 * Checks a value claimed to be a Blueprint: its shape (the JSON Schema), then its meaning (names,
 * references, type fit, examples). When the shape is wrong, the semantic checks still run, best
 * effort, on the parts that are well formed, so that one repair round can fix everything at once;
 * a shape too broken for them to read yields the shape issues alone.
 */
export function validateBlueprint(value: unknown): BlueprintValidation {
  const structural = structuralIssues(value);
  if (structural.issues.length > 0) {
    return { ok: false, errors: [...structural.issues, ...semanticIssuesOutside(value, structural.anchors)] };
  }
  const blueprint = value as Blueprint;
  const semantic = semanticIssues(blueprint);
  if (semantic.length > 0) return { ok: false, errors: semantic };
  return { ok: true, blueprint };
}

/** Issues as lines for a person or an LLM: "/actions/2/by: action getBook looks records up by ...". */
export function formatBlueprintIssues(issues: readonly BlueprintIssue[]): string[] {
  return issues.map((i) => `${i.path}: ${i.message}`);
}

function isUnder(path: string, anchor: string): boolean {
  return anchor === '' || path === anchor || path.startsWith(`${anchor}/`);
}

/**
 * The part a malformed spot spoils for semantic checks: the object holding it (a bad status makes
 * the whole expectation unreadable), except at the top level where that would be everything.
 */
function scopeOf(anchor: string): string {
  const parts = anchor.split('/');
  return parts.length > 2 ? parts.slice(0, -1).join('/') : anchor;
}

function semanticIssuesOutside(value: unknown, anchors: string[]): BlueprintIssue[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  // A missing top-level list is the commonest slip; read it as empty so the rest is still checked.
  const v = value as Record<string, unknown>;
  const list = (key: string): unknown[] => (Array.isArray(v[key]) ? (v[key] as unknown[]) : []);
  const readable = { ...v, resources: list('resources'), actions: list('actions'), rules: list('rules') };
  let issues: BlueprintIssue[];
  try {
    issues = semanticIssues(readable as unknown as Blueprint);
  } catch {
    // The checks met a shape they cannot read; the shape issues say what to fix first.
    return [];
  }
  // Drop findings inside a spoiled part, and findings about a whole that contains one (an action
  // "without a success example" when an example's status is malformed).
  return issues.filter((issue) => !anchors.some((anchor) => isUnder(issue.path, scopeOf(anchor)) || isUnder(anchor, issue.path)));
}
