import { createHash } from 'node:crypto';
import type { SandboxError } from './sandbox-error.js';

/** The sandbox host's tuning constants and per-backend bookkeeping (sandbox.ts). */

export const MAX_RESPAWN_DELAY_MS = 5000;
export const MAX_COOL_DOWN_MS = 60_000;
/** The watchdog looks at every worker this often. */
export const WATCH_INTERVAL_MS = 20;
/** Worker memory is read every this many watchdog ticks. */
export const MEMORY_EVERY_TICKS = 5;
/** Invocations ended by the host whose unwinding in the worker may still need blaming. */
export const ENDED_KEPT = 1024;
/** Attempts of an invocation whose worker died before it made any store call (so re-running it is safe). */
export const ATTEMPTS = 3;

/** Errors of invocations whose worker died before they touched the store: invoke runs them again. */
export const retryable = new WeakSet<SandboxError>();

export interface BackendEntry {
  id: string;
  code: string;
  hash: string;
  worker: number;
  /** Fatal worker crashes this code caused, and until when it is refused because of them. */
  crashes: number;
  coolUntil: number;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
