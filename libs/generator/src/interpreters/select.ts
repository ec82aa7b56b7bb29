import type { InterpretRequest, InterpretResult, Interpreter } from './interpreter.js';
import { LlmConfigError, LlmInterpreter, type LlmConfig } from './llm/index.js';
import { resolveLlmConfig } from './llm/llm-config.js';
import { RulesInterpreter } from './rules/index.js';

export type InterpreterMode = 'rules' | 'llm' | 'auto';

export interface InterpreterConfig {
  mode: InterpreterMode;
  /** The LLM endpoint; required for `llm`, optional for `auto` (rules only without it). */
  llm?: LlmConfig;
}

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
 * `auto`: the rules interpreter first (offline, deterministic); only when it answers
 * PROMPT_NOT_UNDERSTOOD and an LLM is configured, the LLM. Without an LLM the rules' answer stands.
 * An unavailable LLM is reported as such (LlmUnavailableError), not hidden behind the rules' refusal:
 * the prompt may be fine and the generation worth retrying.
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
    if (first.ok || !this.llm) return first;
    request.signal?.throwIfAborted();
    return this.llm.interpret(request);
  }
}

export function createInterpreter(config: InterpreterConfig): Interpreter {
  const llmConfig = config.llm;
  const llm = (): LlmInterpreter | undefined => (llmConfig ? withEnvNames(() => new LlmInterpreter(llmConfig)) : undefined);
  switch (config.mode) {
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

const MODES: readonly InterpreterMode[] = ['rules', 'llm', 'auto'];

/**
 * Reads BACKFORGE_INTERPRETER (rules | llm | auto; default rules, as in @backforge/config), LLM_BASE_URL, LLM_API_KEY and
 * LLM_MODEL. A bad or inconsistent value throws an {@link InterpreterConfigError} whose one-line
 * message names the variable. The key is never part of a message.
 */
export function interpreterConfigFromEnv(env: Readonly<Record<string, string | undefined>>): InterpreterConfig {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const rawMode = read('BACKFORGE_INTERPRETER') ?? 'rules';
  if (!MODES.includes(rawMode as InterpreterMode)) {
    throw new InterpreterConfigError('BACKFORGE_INTERPRETER', `BACKFORGE_INTERPRETER must be one of rules, llm, auto; got ${JSON.stringify(rawMode.slice(0, 40))}`);
  }
  const mode = rawMode as InterpreterMode;
  const baseUrl = read('LLM_BASE_URL');
  const apiKey = read('LLM_API_KEY');
  const model = read('LLM_MODEL');

  if (baseUrl === undefined) {
    if (mode === 'llm') throw new InterpreterConfigError('LLM_BASE_URL', 'LLM_BASE_URL is required when BACKFORGE_INTERPRETER=llm');
    if (model !== undefined || apiKey !== undefined) {
      throw new InterpreterConfigError('LLM_BASE_URL', `LLM_BASE_URL is required when ${model !== undefined ? 'LLM_MODEL' : 'LLM_API_KEY'} is set`);
    }
    return { mode };
  }
  if (model === undefined) throw new InterpreterConfigError('LLM_MODEL', 'LLM_MODEL is required when LLM_BASE_URL is set');
  const llm: LlmConfig = { baseUrl, model, ...(apiKey !== undefined ? { apiKey } : {}) };
  // Checked now, so a bad URL stops the service at boot rather than failing the first generation.
  withEnvNames(() => resolveLlmConfig(llm));
  return { mode, llm };
}
