// @ts-check
/**
 * Which limit fired when a run inside an isolate failed (sandbox-worker.js): codes come from the
 * isolate's state and the time the run took, never from the text of an error the handler threw.
 */

/** An allocation failure counts as a memory breach only when the isolate is this full. */
const FULL_HEAP_RATIO = 0.75;
export const ALLOCATION_FAILURE = /Array buffer allocation failed|Invalid typed array length|Invalid array buffer length/;

/** @param {unknown} e */
export function messageOf(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Maps an error thrown out of an isolate call to a sandbox error code by the limit that fired:
 * isolated-vm disposes an isolate that hit its heap limit, and its timeout only fires once the run
 * has lasted its budget. The error's text is never consulted (the handler chooses it).
 * @param {import('isolated-vm').Isolate} isolate @param {number} elapsedMs @param {number} budgetMs
 */
export function classify(isolate, elapsedMs, budgetMs) {
  if (isolate.isDisposed) return 'MEMORY_EXCEEDED';
  if (elapsedMs >= budgetMs - 1) return 'CPU_TIME_EXCEEDED';
  return 'HANDLER_FAILED';
}

/** Is the isolate's heap (with its ArrayBuffers) really near its limit? @param {{ memoryMb: number }} backend @param {import('isolated-vm').Isolate} isolate */
export function heapIsFull(backend, isolate) {
  try {
    const s = isolate.getHeapStatisticsSync();
    return s.used_heap_size + s.externally_allocated_size >= FULL_HEAP_RATIO * backend.memoryMb * 1024 * 1024;
  } catch {
    return false;
  }
}

/** Why an instantiation failed, by the limit that fired (or LOAD_FAILED for the bundle's own error). */
export class InstantiateError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}
