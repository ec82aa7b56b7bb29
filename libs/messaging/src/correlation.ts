import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { isValidCorrelationId } from '@backforge/contracts';

/** What travels with one unit of work: from an HTTP request through NATS into event metadata and logs. */
export interface CorrelationContext {
  readonly correlationId: string;
}

const storage = new AsyncLocalStorage<CorrelationContext>();

export function newCorrelationId(): string {
  return randomUUID();
}

/** A valid incoming id is kept; anything else (missing, too long, odd characters) gets a fresh UUID. */
export function correlationIdFrom(candidate: unknown): string {
  const value = Array.isArray(candidate) ? candidate[0] : candidate;
  return isValidCorrelationId(value) ? value : newCorrelationId();
}

/** Runs `fn` with `correlationId` as the current correlation (for everything `fn` awaits). */
export function runWithCorrelation<T>(correlationId: string, fn: () => T): T {
  // Already current (the HTTP edge's second entry, an in-process handler of this request): no new context.
  if (storage.getStore()?.correlationId === correlationId) return fn();
  return storage.run({ correlationId }, fn);
}

export function currentCorrelation(): CorrelationContext | undefined {
  return storage.getStore();
}

export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}
