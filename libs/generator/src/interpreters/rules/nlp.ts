import type nlpType from 'compromise';
import { loadOnFirstUse } from '../../load-on-first-use.js';

/**
 * compromise, loaded on first use from its one-file CommonJS build. Imported at module load, its
 * ESM sources cost every process that loads the generator most of a second at start-up, though
 * most never read a prompt.
 */
export const compromise = loadOnFirstUse<typeof nlpType>('compromise');
