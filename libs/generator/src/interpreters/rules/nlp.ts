import { createRequire } from 'node:module';
import type nlpType from 'compromise';

/**
 * compromise, loaded on first use from its one-file CommonJS build. Imported at module load, its
 * ESM sources cost every process that loads the generator most of a second at start-up, though
 * most never read a prompt (the deploy and validation services, the CLI's token commands).
 */
let loaded: typeof nlpType | undefined;

export function compromise(): typeof nlpType {
  return (loaded ??= createRequire(import.meta.url)('compromise') as typeof nlpType);
}
