/** How to reach an OpenAI-compatible chat-completions endpoint. */
export interface LlmConfig {
  /** Base URL including the API prefix, e.g. "https://api.openai.com/v1"; `/chat/completions` is appended. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`; optional because local endpoints often take none. Never logged. */
  apiKey?: string;
  model: string;
  /** Bound on one HTTP exchange, body included. Default 60 s. */
  timeoutMs?: number;
  /** Largest response body read; a bigger one is cut off and refused. Default 2 MiB. */
  maxResponseBytes?: number;
  /** How many times an invalid blueprint is sent back with its issues. Default 1. */
  repairRounds?: number;
}

export const LLM_DEFAULTS = Object.freeze({
  timeoutMs: 60_000,
  maxResponseBytes: 2 * 1024 * 1024,
  repairRounds: 1,
});

/** Upper bounds, so a typo in configuration cannot make one generation hang for an hour. */
export const LLM_LIMITS = Object.freeze({
  timeoutMs: 10 * 60_000,
  maxResponseBytes: 64 * 1024 * 1024,
  repairRounds: 3,
});

export type ResolvedLlmConfig = Required<Omit<LlmConfig, 'apiKey'>> & { apiKey: string | undefined; url: URL };

/** A setting that cannot work; the message names it. */
export class LlmConfigError extends Error {
  override readonly name = 'LlmConfigError';
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(message);
  }
}

function bounded(setting: string, value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new LlmConfigError(setting, `${setting} must be a whole number from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

/** Checks a config and fills in the defaults. */
export function resolveLlmConfig(config: LlmConfig): ResolvedLlmConfig {
  let url: URL;
  try {
    url = new URL(config.baseUrl);
  } catch {
    throw new LlmConfigError('baseUrl', `LLM base URL must be an absolute http(s) URL, got ${JSON.stringify(config.baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LlmConfigError('baseUrl', `LLM base URL must use http or https, got ${url.protocol}`);
  }
  if (url.username || url.password) throw new LlmConfigError('baseUrl', 'LLM base URL must not carry credentials; use the API key setting');
  if (typeof config.model !== 'string' || config.model.trim() === '') throw new LlmConfigError('model', 'LLM model must be a non-empty name');
  const apiKey = config.apiKey === undefined || config.apiKey === '' ? undefined : config.apiKey;
  if (apiKey !== undefined && /[\r\n]/.test(apiKey)) throw new LlmConfigError('apiKey', 'LLM API key must be a single line');
  // Keep the query (some gateways put an api-version there); only the path grows.
  const endpoint = new URL(url);
  endpoint.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  endpoint.hash = '';
  return {
    baseUrl: config.baseUrl,
    url: endpoint,
    apiKey,
    model: config.model.trim(),
    timeoutMs: bounded('timeoutMs', config.timeoutMs, LLM_DEFAULTS.timeoutMs, 1, LLM_LIMITS.timeoutMs),
    maxResponseBytes: bounded('maxResponseBytes', config.maxResponseBytes, LLM_DEFAULTS.maxResponseBytes, 1024, LLM_LIMITS.maxResponseBytes),
    repairRounds: bounded('repairRounds', config.repairRounds, LLM_DEFAULTS.repairRounds, 0, LLM_LIMITS.repairRounds),
  };
}
