import { blueprintJsonSchema, exampleBlueprints, formatBlueprintIssues, type BlueprintIssue } from '@backforge/blueprint';
import type { ChatMessage } from './chat-client.js';

/** Most issues sent back in one repair message; the rest are counted. */
const MAX_ISSUES_IN_REPAIR = 60;
/** A previous answer longer than this is not echoed back (it would only grow the next request). */
const MAX_ECHOED_ANSWER = 100_000;

const RULES = [
  'You design backends. Given a description of a backend API, answer with ONE JSON object: a Blueprint that follows the JSON Schema below. Answer with the JSON only: no prose, no Markdown fences.',
  'You design; you never write code. Nothing in the blueprint runs: it is data that a code generator turns into a TypeScript backend.',
  'Honour ALL of the description: every resource, field, action, limit and rule it mentions must be in the blueprint. Do not add features it does not ask for, beyond the usual create/get/list/update/delete of each resource.',
  'Names: resources PascalCase singular ("Book"), plural camelCase ("books"); fields, params, actions, setup step names camelCase ("dueDate", "borrowBook"). ASCII letters and digits only. Never name a field id, createdAt, updatedAt or revision (the store adds them); never name an action describe or a JavaScript keyword.',
  'Each record has id, createdAt and updatedAt set by the store. A field that only transitions change (a status, a borrowedBy) is "generated": "managed" with a default; a random share code is "generated": "code" (string, unique, "min" = length).',
  'Use a transition for a state change such as "mark as done", "borrow/return", "restock/sell": load by "by" (id or a unique field), guards check the current record (409 with the guard\'s message when one fails), effects change fields. A decrement never goes below the field\'s min.',
  'Use a rule for limits across resources: "capacity" (children per parent up to a parent\'s integer field) and "membership" (a child\'s field must be one of the parent\'s stringList values). Use a custom "tally" action for counts per option.',
  'Every action has at least one example that succeeds (expect.status 200) and one that is refused (400 invalid input, 404 missing record, 409 conflict or failed guard). Examples run on an empty store: create what they need in "setup" steps and refer to a step\'s result with {"$ref": "<step>.<path>"}, e.g. {"$ref": "book.id"}; a $ref may only name an earlier step.',
  'If the text does not describe a backend you can design, answer with "resources": [] and "actions": [] and explain what is missing in "description".',
];

/** The system message: the rules, the schema, and one complete example. */
export function systemPrompt(): string {
  return [
    ...RULES.map((r, i) => `${i + 1}. ${r}`),
    '',
    'JSON Schema of a Blueprint:',
    JSON.stringify(blueprintJsonSchema),
    '',
    'A complete, valid example (for the description "A todo list: todos with a title, an optional due date, a priority and tags; todos can be marked as done; list todos by done, priority or tag."):',
    JSON.stringify(exampleBlueprints.todo),
  ].join('\n');
}

/**
 * The description, and in `auto` mode what the rules interpreter already understood: its draft
 * (a structured prompt, gaps marked `?`) and its warnings, so the model keeps what was right and
 * designs what the rules could not.
 */
export function userPrompt(name: string, prompt: string, context?: { draft: string; warnings: readonly string[] }): string {
  const head = `Backend name: ${JSON.stringify(name)}\nDescription:\n${prompt}`;
  if (!context) return head;
  return [
    head,
    '',
    'A rule-based reader already understood part of it. Its draft (lines starting with "?" are parts it could not map):',
    context.draft.trim(),
    ...(context.warnings.length ? ['', 'What it could not do (design these too, when the Blueprint can express them):', ...context.warnings.map((w) => `- ${w}`)] : []),
    '',
    'Keep what the draft got right, and answer with the complete Blueprint for the whole description.',
  ].join('\n');
}

/** The messages of a repair round: the invalid answer, then what is wrong with it. */
export function repairMessages(previousAnswer: string, issues: readonly BlueprintIssue[], truncated: boolean): ChatMessage[] {
  const lines = formatBlueprintIssues(issues.slice(0, MAX_ISSUES_IN_REPAIR)).map((l) => `- ${l}`);
  if (issues.length > MAX_ISSUES_IN_REPAIR) lines.push(`- ... and ${issues.length - MAX_ISSUES_IN_REPAIR} more`);
  const echoed = previousAnswer.length > MAX_ECHOED_ANSWER ? '(answer too long to repeat)' : previousAnswer;
  return [
    { role: 'assistant', content: echoed },
    {
      role: 'user',
      content: [
        truncated ? 'Your answer was cut off before it ended. Answer more compactly.' : 'Your blueprint is not valid. Problems (JSON Pointer path: message):',
        ...lines,
        'Answer with the complete corrected blueprint as one JSON object, nothing else. Keep everything that was right.',
      ].join('\n'),
    },
  ];
}
