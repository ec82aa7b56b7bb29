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
  /**
   * What another interpreter already understood (`auto` passes the rules' draft and warnings to
   * the LLM), so the answer can keep what was right and fill the gaps.
   */
  context?: { draft: string; warnings: readonly string[] };
}

/**
 * Every result, accepted or refused, carries `draft`: what was understood as an editable
 * structured prompt (docs/prompts.md), each gap a line marked `?`, so one edit and a resubmit
 * gets the user what they meant; and `ignored`: the user's words read as context (greetings,
 * "we're a small bakery") and deliberately left out. An accepted result also carries `warnings`,
 * one per part of the prompt the blueprint does not do, quoting the user's words and saying what
 * was not done. Nothing in a prompt is dropped silently: each clause ends in the blueprint, a
 * warning (or, refused, `error.missing`), or `ignored`.
 */
export type InterpretResult = InterpretAccepted | InterpretRefused;

export interface InterpretAccepted {
  ok: true;
  blueprint: Blueprint;
  interpreter: 'rules' | 'llm';
  /** One per unmapped part, e.g. `not done: "a bid must beat the best bid so far" (a rule I cannot enforce)`. */
  warnings: string[];
  ignored: string[];
  draft: string;
}

export interface InterpretRefused {
  ok: false;
  error: PromptNotUnderstood;
  ignored: string[];
  /** The same text as `error.example`. */
  draft: string;
}

/**
 * No resource with fields could be read from the prompt, so there is nothing to generate. A
 * prompt with at least one such resource is accepted, its gaps named in `warnings`.
 */
export interface PromptNotUnderstood {
  code: 'PROMPT_NOT_UNDERSTOOD';
  message: string;
  /** What was understood, in plain words (e.g. "resource Book with fields title, author"). */
  understood: string[];
  /** What is missing or could not be read (e.g. "no action on Member was described"). */
  missing: string[];
  /**
   * The draft of the user's own prompt: what was understood as a structured prompt, with each gap
   * a line marked `?` to fill in. Never a generic example about something else.
   */
  example: string;
}
