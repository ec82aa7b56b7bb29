import type { Blueprint } from '@backforge/blueprint';

/**
 * An interpreter turns a prompt into a Blueprint. It designs; it never writes code that runs.
 * `rules` is built in, offline and deterministic; `llm` asks an OpenAI-compatible endpoint.
 */
export interface Interpreter {
  readonly kind: 'rules' | 'llm';
  interpret(request: InterpretRequest): Promise<InterpretResult>;
}

export interface InterpretRequest {
  /** The backend's name as the client gave it (e.g. "library"). */
  name: string;
  prompt: string;
  /** Aborts a slow interpretation (the LLM's HTTP call). */
  signal?: AbortSignal;
}

export type InterpretResult = { ok: true; blueprint: Blueprint; interpreter: 'rules' | 'llm' } | { ok: false; error: PromptNotUnderstood };

/**
 * The prompt could not be turned into a backend that honours all of it. Never answered with a
 * backend that ignores half the prompt.
 */
export interface PromptNotUnderstood {
  code: 'PROMPT_NOT_UNDERSTOOD';
  message: string;
  /** What was understood, in plain words (e.g. "resource Book with fields title, author"). */
  understood: string[];
  /** What is missing or could not be read (e.g. "no action on Member was described"). */
  missing: string[];
  /** A prompt the interpreter would accept, to show the user the shape. */
  example: string;
}
