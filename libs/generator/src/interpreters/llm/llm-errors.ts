/** Why the LLM endpoint could not be used; distinct from a prompt the LLM could not design. */
export type LlmUnavailableCause = 'timeout' | 'network' | 'redirect' | 'http-status' | 'oversize' | 'bad-response';

/**
 * Talking to the LLM endpoint failed (no answer in time, refused connection, a redirect, a non-2xx
 * status, a body over the size cap, a body that is not a chat completion). The generation can be
 * retried later; the prompt itself may be fine. Never carries the API key.
 */
export class LlmUnavailableError extends Error {
  override readonly name = 'LlmUnavailableError';
  readonly code = 'LLM_UNAVAILABLE' as const;
  constructor(
    readonly reason: LlmUnavailableCause,
    message: string,
    /** The HTTP status, when the endpoint answered one. */
    readonly status?: number,
  ) {
    super(message);
  }
}
