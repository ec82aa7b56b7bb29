export interface SandboxLimits {
  /** CPU time one invocation may spend inside its isolate, across all its synchronous segments. */
  cpuTimeMs: number;
  /** Wall-clock time of one invocation, store I/O included; also ends never-settling promises. */
  wallTimeMs: number;
  /** Heap limit of one backend's isolate (isolated-vm minimum: 8). Fixed when the backend loads. */
  memoryMb: number;
  /** Largest response (UTF-8 bytes of its JSON), also the largest single store call's arguments. */
  outputBytes: number;
  /** Store operations one invocation may make. */
  storeOps: number;
  /**
   * Largest result of one store call (bytes of its JSON). A `list` over bigger records is refused
   * with an error the handler can catch, before the rows are built (see `forInvocation` stores).
   */
  storeResultBytes: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = Object.freeze({
  cpuTimeMs: 100,
  wallTimeMs: 2000,
  memoryMb: 32,
  outputBytes: 1024 * 1024,
  storeOps: 200,
  storeResultBytes: 2 * 1024 * 1024,
});

const MINIMUMS: SandboxLimits = { cpuTimeMs: 1, wallTimeMs: 1, memoryMb: 8, outputBytes: 64, storeOps: 0, storeResultBytes: 64 };

/** Merges overrides onto a base and refuses nonsense (a typo here must not mean "unlimited"). */
export function resolveLimits(base: SandboxLimits, overrides: Partial<SandboxLimits> | undefined): SandboxLimits {
  const merged: SandboxLimits = { ...base };
  for (const key of Object.keys(MINIMUMS) as (keyof SandboxLimits)[]) {
    const value = overrides?.[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < MINIMUMS[key]) {
      throw new RangeError(`sandbox limit ${key} must be a finite number >= ${MINIMUMS[key]}, got ${String(value)}`);
    }
    merged[key] = value;
  }
  return merged;
}
