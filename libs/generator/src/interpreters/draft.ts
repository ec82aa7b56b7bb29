import { BLUEPRINT_SCHEMA_VERSION, renderStructuredPrompt, type Blueprint } from '@backforge/blueprint';

/**
 * The editable draft of what was understood: the structured prompt of docs/prompts.md
 * (@backforge/blueprint's renderStructuredPrompt, example cases left out since they are derived),
 * each gap a `- [ ] <what was not done>` line the user can replace and send again. The rules
 * interpreter reads a draft back exactly, so an accepted prompt's draft gives the same blueprint.
 */
export function renderDraft(blueprint: Blueprint, gaps: readonly string[]): string {
  return renderStructuredPrompt(blueprint, { examples: false, gaps: gaps.map((text) => ({ text })) });
}

/** What the user writes in place of the first gap line of a prompt in which no record was found. */
export const FIRST_GAP = 'a kind of record and its fields, e.g. "## Book" then "- title: string" and "- author: string"';

/** The draft of a prompt in which nothing was understood: the shape to fill in, and what is missing. */
export function emptyDraft(name: string, description: string, gaps: readonly string[]): string {
  const title = name.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ') || 'Backend';
  const empty: Blueprint = { schemaVersion: BLUEPRINT_SCHEMA_VERSION, name: title, description: description.replace(/\s+/g, ' ').trim().slice(0, 2000) || title, resources: [], actions: [], rules: [] };
  return renderDraft(empty, [FIRST_GAP, ...gaps]);
}
