import { blueprintJsonSchema, validateBlueprint, type BlueprintIssue } from '@backforge/blueprint';
import type { InterpretRequest, InterpretResult, Interpreter, PromptNotUnderstood } from '../interpreter.js';
import { postChatCompletion, type ChatMessage, type ChatReply } from './chat-client.js';
import { LlmUnavailableError } from './llm-errors.js';
import { resolveLlmConfig, type LlmConfig, type ResolvedLlmConfig } from './llm-config.js';
import { describePartialBlueprint } from './partial-blueprint.js';
import { repairMessages, systemPrompt, userPrompt } from './prompt.js';
import { emptyDraft, renderDraft } from '../draft.js';

type Parsed = { ok: true; value: unknown } | { ok: false; issue: BlueprintIssue };

/**
 * Asks an OpenAI-compatible chat-completions endpoint for a Blueprint (structured output with the
 * Blueprint JSON Schema), validates the answer, and sends the issues back for a bounded number of
 * repair rounds. A blueprint that is still invalid becomes PROMPT_NOT_UNDERSTOOD, never half a
 * backend. Endpoint failures throw {@link LlmUnavailableError}.
 */
export class LlmInterpreter implements Interpreter {
  readonly kind = 'llm' as const;
  // A private field: the key (inside the config) stays out of JSON.stringify and util.inspect.
  readonly #config: ResolvedLlmConfig;
  /** Downgraded to `json_object` once the endpoint says it has no structured output (the schema is in the prompt too). */
  #responseFormat: 'json_schema' | 'json_object' = 'json_schema';

  constructor(config: LlmConfig) {
    this.#config = resolveLlmConfig(config);
  }

  /** Where requests go and with which model; safe to log (no key). */
  get endpoint(): { url: string; model: string } {
    return { url: this.#config.url.href, model: this.#config.model };
  }

  async interpret(request: InterpretRequest): Promise<InterpretResult> {
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt() },
      { role: 'user', content: userPrompt(request.name, request.prompt, request.context) },
    ];
    let lastValue: unknown;
    let issues: BlueprintIssue[] = [];
    for (let round = 0; round <= this.#config.repairRounds; round++) {
      const reply = await this.ask(messages, request.signal);
      if (reply.content === null) {
        return refused(request, notUnderstood(`The LLM declined: ${reply.refusal ?? 'it sent no answer'}`, [], [reply.refusal ?? 'no answer']));
      }
      const parsed = parseJsonAnswer(reply.content);
      if (parsed.ok) {
        lastValue = parsed.value;
        if (isDecline(parsed.value)) {
          const reason = (parsed.value as { description?: unknown }).description;
          return refused(request, notUnderstood('The description does not say enough to design a backend.', [], [typeof reason === 'string' ? reason : 'no resources or actions were described']));
        }
        const result = validateBlueprint(parsed.value);
        if (result.ok) return { ok: true, blueprint: result.blueprint, interpreter: 'llm', warnings: [], ignored: [], draft: renderDraft(result.blueprint, []) };
        issues = result.errors;
      } else {
        issues = [parsed.issue];
      }
      messages.push(...repairMessages(reply.content, issues, reply.finishReason === 'length'));
    }
    const rounds = this.#config.repairRounds;
    return refused(
      request,
      notUnderstood(
        `The LLM's design still had ${issues.length} problem(s) after ${rounds} repair round${rounds === 1 ? '' : 's'}; no backend was generated from it.`,
        describePartialBlueprint(lastValue),
        issues.slice(0, 30).map((i) => `${i.path}: ${i.message}`),
      ),
    );
  }

  private async ask(messages: ChatMessage[], signal: AbortSignal | undefined): Promise<ChatReply> {
    try {
      return await postChatCompletion(this.#config, this.body(messages), signal);
    } catch (error) {
      if (this.#responseFormat === 'json_schema' && refusesStructuredOutput(error)) {
        this.#responseFormat = 'json_object';
        return postChatCompletion(this.#config, this.body(messages), signal);
      }
      throw error;
    }
  }

  private body(messages: ChatMessage[]): object {
    const responseFormat =
      this.#responseFormat === 'json_schema'
        ? { type: 'json_schema', json_schema: { name: 'blueprint', schema: blueprintJsonSchema, strict: false } }
        : { type: 'json_object' };
    return { model: this.#config.model, messages, response_format: responseFormat };
  }
}

/** Reads the JSON object out of an answer, tolerating Markdown fences and prose around it. */
export function parseJsonAnswer(content: string): Parsed {
  let text = content.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text);
  if (fenced?.[1] !== undefined) text = fenced[1];
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0) return { ok: false, issue: { path: '/', message: 'the answer contains no JSON object; answer with the blueprint as one JSON object' } };
  if (end < start) return { ok: false, issue: { path: '/', message: 'the answer is not valid JSON (the object never closes); answer with the complete blueprint as one JSON object' } };
  try {
    return { ok: true, value: JSON.parse(text.slice(start, end + 1)) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'unreadable';
    return { ok: false, issue: { path: '/', message: `the answer is not valid JSON (${detail}); answer with the blueprint as one JSON object` } };
  }
}

/**
 * Some OpenAI-compatible endpoints (DeepSeek, older local servers) answer 400/422 to a `json_schema`
 * response format; they still take `json_object`, and the prompt carries the schema anyway.
 */
function refusesStructuredOutput(error: unknown): boolean {
  return (
    error instanceof LlmUnavailableError &&
    error.reason === 'http-status' &&
    (error.status === 400 || error.status === 422) &&
    /response_format|json_schema|structured output/i.test(error.message)
  );
}

/** The model's way of saying "this is not a backend": no resources and no actions. */
function isDecline(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const v = value as { resources?: unknown; actions?: unknown };
  return Array.isArray(v.resources) && v.resources.length === 0 && Array.isArray(v.actions) && v.actions.length === 0;
}

function notUnderstood(message: string, understood: string[], missing: string[]): PromptNotUnderstood {
  return { code: 'PROMPT_NOT_UNDERSTOOD', message, understood, missing, example: '' };
}

/** A refusal whose example is the draft of the prompt: the one given as context, else the gaps to fill. */
function refused(request: InterpretRequest, error: PromptNotUnderstood): InterpretResult {
  const draft = request.context?.draft ?? emptyDraft(request.name, request.prompt, error.missing);
  return { ok: false, error: { ...error, example: draft }, ignored: [], draft };
}
