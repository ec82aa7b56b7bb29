import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded the first time it is used, not when the generator is imported: most
 * processes that load the generator (the deploy and validation services, the CLI's token commands)
 * never use its heavy parts at start-up.
 */
export function loadOnFirstUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
