import { withTimeout } from '@backforge/resilience';
import { ArtifactStoreTimeoutError } from './errors.js';

/**
 * Bounds one store operation: rejects with ArtifactStoreTimeoutError after `ms`, `cancel` first. The
 * losing work keeps running when it cannot be cancelled (the clients we wrap take no AbortSignal);
 * the adapters' socket idle timeout is what frees its resources.
 */
export function timed<T>(operation: string, ms: number, work: Promise<T>, cancel?: () => void): Promise<T> {
  return withTimeout(work, ms, () => new ArtifactStoreTimeoutError(operation, ms), cancel ? { cancel } : {});
}
