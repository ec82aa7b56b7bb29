export type { Interpreter, InterpretRequest, InterpretResult, PromptNotUnderstood } from './interpreters/interpreter.js';
