import type * as TS from 'typescript';
import { loadOnFirstUse } from '../load-on-first-use.js';

/**
 * The TypeScript compiler, loaded on first use. Imported at module load it costs every process that
 * loads the generator about a second at start-up (ESM reading its 9 MB CommonJS file for its export
 * names), though only the checks use it.
 */
export const typescript = loadOnFirstUse<typeof TS>('typescript');
