/** Example derivation is not rules-specific (the LLM path uses it too); it lives in src/examples. */
export { deriveExamples } from '../../examples/index.js';
