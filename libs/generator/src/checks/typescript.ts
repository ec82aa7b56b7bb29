import { createRequire } from 'node:module';
import type * as TS from 'typescript';

/**
 * The TypeScript compiler, loaded on first use. Imported at module load it costs every process that
 * loads the generator about a second at start-up (ESM reading its 9 MB CommonJS file for its export
 * names), though only the checks use it.
 */
let loaded: typeof TS | undefined;

export function typescript(): typeof TS {
  return (loaded ??= createRequire(import.meta.url)('typescript') as typeof TS);
}
