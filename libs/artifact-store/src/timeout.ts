import { ArtifactStoreTimeoutError } from './errors.js';

/**
 * Rejects with ArtifactStoreTimeoutError after `ms`. The losing promise keeps running (the clients
 * we wrap take no AbortSignal); the adapters' socket idle timeout is what frees its resources.
 */
export async function withTimeout<T>(operation: string, ms: number, work: Promise<T>, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new ArtifactStoreTimeoutError(operation, ms));
    }, ms);
  });
  // A late rejection of the abandoned work must not surface as an unhandled rejection.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
