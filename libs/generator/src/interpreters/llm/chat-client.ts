import type { ResolvedLlmConfig } from './llm-config.js';
import { LlmUnavailableError } from './llm-errors.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatReply {
  /** The assistant's text, or null when it sent none (e.g. a refusal). */
  content: string | null;
  refusal: string | null;
  finishReason: string | null;
}

/**
 * One POST to `<baseUrl>/chat/completions`, bounded in every way the endpoint could hurt us:
 * a timeout over the whole exchange (headers and body), redirects refused rather than followed
 * (the API key must not travel to a host we did not name), the body read as a stream and dropped
 * at `maxResponseBytes`. Every failure is an {@link LlmUnavailableError}; an abort by the caller
 * rethrows the caller's reason.
 */
export async function postChatCompletion(config: ResolvedLlmConfig, body: object, callerSignal?: AbortSignal): Promise<ChatReply> {
  callerSignal?.throwIfAborted();
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (config.apiKey !== undefined) headers['authorization'] = `Bearer ${config.apiKey}`;

  let status = 0;
  let text: string;
  try {
    const response = await fetch(config.url, { method: 'POST', headers, body: JSON.stringify(body), redirect: 'manual', signal });
    status = response.status;
    if (status >= 300 && status < 400) {
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location');
      throw new LlmUnavailableError(
        'redirect',
        `LLM endpoint answered ${status} redirect${location ? ` to ${clip(location, 200)}` : ''}; redirects are not followed (check LLM_BASE_URL)`,
        status,
      );
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > config.maxResponseBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw oversize(config.maxResponseBytes, status);
    }
    text = await readCapped(response, config.maxResponseBytes, status);
  } catch (error) {
    if (error instanceof LlmUnavailableError) throw error;
    if (callerSignal?.aborted) throw callerSignal.reason;
    if (timeout.aborted) {
      throw new LlmUnavailableError('timeout', `LLM endpoint did not answer within ${config.timeoutMs} ms`, status || undefined);
    }
    throw new LlmUnavailableError('network', `LLM endpoint ${config.url.origin} could not be reached: ${networkCause(error)}`);
  }

  if (status < 200 || status >= 300) {
    throw new LlmUnavailableError('http-status', `LLM endpoint answered ${status}${errorDetail(text, config.apiKey)}`, status);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new LlmUnavailableError('bad-response', `LLM endpoint answered ${status} with a body that is not JSON (${clip(text.trim(), 80) || 'empty'})`, status);
  }
  return toReply(parsed, status);
}

function oversize(cap: number, status: number): LlmUnavailableError {
  return new LlmUnavailableError('oversize', `LLM endpoint's response is larger than the ${cap}-byte limit; it was not read`, status);
}

/** Reads the body up to `cap` bytes, cancelling the stream (and so the connection) beyond it. */
async function readCapped(response: Response, cap: number, status: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      throw oversize(cap, status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** fetch wraps the socket error in `cause`; duck-typed because errors may come from another realm. */
function networkCause(error: unknown): string {
  const outer = error as { message?: unknown; cause?: { message?: unknown; code?: unknown } } | null;
  const cause = outer?.cause ?? outer;
  const message = typeof cause?.message === 'string' ? cause.message : 'unknown error';
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? `${code} (${clip(message, 120)})` : clip(message, 160);
}

/** The endpoint's own error message, shortened and with anything key-like removed. */
function errorDetail(text: string, apiKey: string | undefined): string {
  let detail = text.trim();
  try {
    const body = JSON.parse(detail) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (typeof message === 'string') detail = message;
  } catch {
    // Not JSON: keep the text.
  }
  detail = redact(detail, apiKey);
  return detail ? `: ${clip(detail.replace(/\s+/g, ' '), 200)}` : '';
}

export function redact(text: string, apiKey: string | undefined): string {
  let out = apiKey ? text.split(apiKey).join('[redacted]') : text;
  // Endpoints echo keys, partly masked, in their errors: drop OpenAI-shaped ones and anything
  // that starts like ours.
  out = out.replace(/\bsk-[A-Za-z0-9_*.-]{4,}/g, '[redacted]');
  if (apiKey && apiKey.length >= 12) out = out.split(apiKey.slice(0, 8)).map((part, i) => (i === 0 ? part : part.replace(/^\S*/, ''))).join('[redacted]');
  return out;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

function toReply(body: unknown, status: number): ChatReply {
  const choice = (body as { choices?: unknown })?.choices;
  const first: unknown = Array.isArray(choice) ? choice[0] : undefined;
  const message = (first as { message?: unknown } | undefined)?.message as { content?: unknown; refusal?: unknown } | undefined;
  if (!message || typeof message !== 'object') {
    throw new LlmUnavailableError('bad-response', `LLM endpoint answered ${status} without choices[0].message; is it a chat-completions endpoint?`, status);
  }
  const finish = (first as { finish_reason?: unknown }).finish_reason;
  return {
    content: typeof message.content === 'string' ? message.content : null,
    refusal: typeof message.refusal === 'string' ? message.refusal : null,
    finishReason: typeof finish === 'string' ? finish : null,
  };
}
