export type { Interpreter, InterpretRequest, InterpretResult, InterpretAccepted, InterpretRefused, PromptNotUnderstood } from './interpreters/interpreter.js';
export { renderDraft, emptyDraft } from './interpreters/draft.js';
// Each room of the generator has its own door; this file only gathers them.
export * from './interpreters/rules/index.js';
export * from './interpreters/llm/index.js';
export * from './interpreters/select.js';
export * from './synth/index.js';
export * from './checks/index.js';
