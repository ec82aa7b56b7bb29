import type { BackendResponse, JsonValue } from '@backforge/contracts';
import { isSandboxErrorCode, SandboxError } from './sandbox-error.js';

const STATUSES = new Set([200, 400, 404, 409]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks that what a handler answered is a BackendResponse; returns a reason when it is not.
 * The value comes from JSON.parse of the isolate's output, so it holds only JSON.
 */
export function checkBackendResponse(value: unknown): { ok: true; response: BackendResponse } | { ok: false; reason: string } {
  if (!isPlainObject(value)) return { ok: false, reason: 'the response is not an object' };
  const { status, body } = value;
  if (typeof status !== 'number' || !STATUSES.has(status)) return { ok: false, reason: `status must be one of 200, 400, 404, 409 (got ${JSON.stringify(status) ?? 'nothing'})` };
  if (!isPlainObject(body)) return { ok: false, reason: 'body must be an object' };
  if (body.ok === true) {
    if (!('result' in body)) return { ok: false, reason: 'a successful body needs a result' };
    return { ok: true, response: { status: status as BackendResponse['status'], body: { ok: true, result: body.result as JsonValue } } };
  }
  if (body.ok === false) {
    const error = body.error;
    if (!isPlainObject(error) || typeof error.code !== 'string' || typeof error.message !== 'string') {
      return { ok: false, reason: 'a failed body needs error.code and error.message strings' };
    }
    const out: BackendResponse = { status: status as BackendResponse['status'], body: { ok: false, error: { code: error.code, message: error.message } } };
    if ('details' in error && out.body.ok === false) out.body.error.details = error.details as JsonValue;
    return { ok: true, response: out };
  }
  return { ok: false, reason: 'body.ok must be true or false' };
}

/** What a worker's reply to an invocation means: the backend's checked response, or the sandbox error it reports. */
export function outcomeOfReply(reply: { ok: boolean; code?: string; message?: string; response?: string }): BackendResponse | SandboxError {
  if (!reply.ok) return new SandboxError(isSandboxErrorCode(reply.code) ? reply.code : 'HANDLER_FAILED', reply.message ?? 'the invocation failed');
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.response ?? '');
  } catch {
    return new SandboxError('INVALID_RESPONSE', 'the response is not JSON');
  }
  const checked = checkBackendResponse(parsed);
  return checked.ok ? checked.response : new SandboxError('INVALID_RESPONSE', checked.reason);
}
