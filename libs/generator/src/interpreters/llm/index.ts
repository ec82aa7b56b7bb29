// The LLM interpreter's door.
export { LlmInterpreter } from './llm-interpreter.js';
export { LlmUnavailableError, type LlmUnavailableCause } from './llm-errors.js';
export { LLM_DEFAULTS, LLM_LIMITS, LlmConfigError, type LlmConfig } from './llm-config.js';
