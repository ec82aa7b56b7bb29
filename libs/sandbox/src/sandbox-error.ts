export type SandboxErrorCode =
  | 'CPU_TIME_EXCEEDED'
  | 'WALL_TIME_EXCEEDED'
  | 'MEMORY_EXCEEDED'
  | 'OUTPUT_TOO_LARGE'
  | 'STORE_LIMIT_EXCEEDED'
  | 'NOT_LOADED'
  | 'LOAD_FAILED'
  | 'HANDLER_FAILED'
  | 'INVALID_RESPONSE'
  | 'SANDBOX_UNAVAILABLE'
  /** The backend has as many invocations running and waiting as it may: refuse (HTTP 429/503), retry later. */
  | 'OVERLOADED';

const CODES: ReadonlySet<string> = new Set<SandboxErrorCode>([
  'CPU_TIME_EXCEEDED',
  'WALL_TIME_EXCEEDED',
  'MEMORY_EXCEEDED',
  'OUTPUT_TOO_LARGE',
  'STORE_LIMIT_EXCEEDED',
  'NOT_LOADED',
  'LOAD_FAILED',
  'HANDLER_FAILED',
  'INVALID_RESPONSE',
  'SANDBOX_UNAVAILABLE',
  'OVERLOADED',
]);

export function isSandboxErrorCode(value: unknown): value is SandboxErrorCode {
  return typeof value === 'string' && CODES.has(value);
}

/** Why an invocation or a load did not produce a backend response. */
export class SandboxError extends Error {
  constructor(
    readonly code: SandboxErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'SandboxError';
  }
}
