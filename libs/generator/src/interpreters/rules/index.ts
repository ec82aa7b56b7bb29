import type { Interpreter, InterpretRequest, InterpretResult } from '../interpreter.js';
import { interpretPrompt } from './interpret.js';

/** The built-in interpreter: offline, deterministic, no network (see docs/prompts.md). */
export class RulesInterpreter implements Interpreter {
  readonly kind = 'rules' as const;

  async interpret(request: InterpretRequest): Promise<InterpretResult> {
    return interpretPrompt(request.name, request.prompt);
  }
}

export { interpretPrompt, MAX_PROMPT_LENGTH } from './interpret.js';
export { deriveExamples } from './examples.js';
