import type { ConfigOf, interpreterSettings } from '@backforge/config';
import type { InterpretRequest, InterpretResult, Interpreter } from './interpreter.js';
import { LlmConfigError, LlmInterpreter, type LlmConfig } from './llm/index.js';
import { resolveLlmConfig } from './llm/llm-config.js';
import { RulesInterpreter } from './rules/index.js';

export type InterpreterMode = 'rules' | 'llm' | 'auto';

/**
 * The interpreter settings as @backforge/config validates them once at boot (its
 * `interpreterSettings`: BACKFORGE_INTERPRETER, LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). The
 * generation service passes its config object; the CLI loads the same schema from its env.
 */
export type InterpreterSettings = ConfigOf<typeof interpreterSettings>;

/** A setting that cannot work; `setting` is the environment variable to fix. */
export class InterpreterConfigError extends Error {
  override readonly name = 'InterpreterConfigError';
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `auto`: the rules interpreter first (offline, deterministic). When an LLM is configured it is
 * asked when the rules refuse (PROMPT_NOT_UNDERSTOOD) or accept with warnings, and it receives the
 * rules' draft and warnings as context. If the LLM then refuses, the rules' own answer stands when
 * it was an accepted one (a backend with named gaps beats none). Without an LLM the rules' answer
 * stands. An unavailable LLM is reported as such (LlmUnavailableError), not hidden behind the
 * rules' answer: the prompt may be fine and the generation worth retrying.
 */
export class AutoInterpreter implements Interpreter {
  /** The interpreter asked first; each result names the one that answered. */
  readonly kind = 'rules' as const;

  constructor(
    private readonly rules: Interpreter,
    private readonly llm: Interpreter | undefined,
  ) {}

  async interpret(request: InterpretRequest): Promise<InterpretResult> {
    const first = await this.rules.interpret(request);
    if (!this.llm || (first.ok && first.warnings.length === 0)) return first;
    request.signal?.throwIfAborted();
    const context = { draft: first.draft, warnings: first.ok ? first.warnings : first.error.missing };
    const second = await this.llm.interpret({ ...request, context });
    return !second.ok && first.ok ? first : second;
  }
}

/**
 * The interpreter the settings ask for. A combination the schema cannot rule out on its own
 * (a model without an endpoint, an endpoint without a model) throws an InterpreterConfigError
 * naming the variable; the key is never part of a message.
 */
export function createInterpreter(settings: InterpreterSettings): Interpreter {
  const llmConfig = llmConfigOf(settings);
  const llm = (): LlmInterpreter | undefined => (llmConfig ? withEnvNames(() => new LlmInterpreter(llmConfig)) : undefined);
  switch (settings.interpreter) {
    case 'rules':
      return new RulesInterpreter();
    case 'llm': {
      const interpreter = llm();
      if (!interpreter) throw new InterpreterConfigError('LLM_BASE_URL', 'BACKFORGE_INTERPRETER=llm needs an LLM endpoint: set LLM_BASE_URL and LLM_MODEL');
      return interpreter;
    }
    case 'auto':
      return new AutoInterpreter(new RulesInterpreter(), llm());
  }
}

const ENV_OF_SETTING: Record<string, string> = {
  baseUrl: 'LLM_BASE_URL',
  apiKey: 'LLM_API_KEY',
  model: 'LLM_MODEL',
};

/** Runs `build`, turning an LlmConfigError into an InterpreterConfigError that names the variable. */
function withEnvNames<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof LlmConfigError) {
      const setting = ENV_OF_SETTING[error.setting] ?? error.setting;
      throw new InterpreterConfigError(setting, `${setting}: ${error.message}`);
    }
    throw error;
  }
}

function llmConfigOf(settings: InterpreterSettings): LlmConfig | undefined {
  const { llmBaseUrl: baseUrl, llmApiKey: apiKey, llmModel: model } = settings;
  if (baseUrl === undefined) {
    if (settings.interpreter === 'llm') throw new InterpreterConfigError('LLM_BASE_URL', 'LLM_BASE_URL is required when BACKFORGE_INTERPRETER=llm');
    if (model !== undefined || apiKey !== undefined) {
      throw new InterpreterConfigError('LLM_BASE_URL', `LLM_BASE_URL is required when ${model !== undefined ? 'LLM_MODEL' : 'LLM_API_KEY'} is set`);
    }
    return undefined;
  }
  if (model === undefined) throw new InterpreterConfigError('LLM_MODEL', 'LLM_MODEL is required when LLM_BASE_URL is set');
  const llm: LlmConfig = { baseUrl, model, ...(apiKey !== undefined ? { apiKey } : {}) };
  // checked whatever the mode, so a bad endpoint stops the service at boot, not at the first generation
  withEnvNames(() => resolveLlmConfig(llm));
  return llm;
}
