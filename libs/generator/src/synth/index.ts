export { GENERATOR_VERSION, synthesize, writeProject, packProject, unpackProject, packageName, projectFile, PROJECT_COMPILER_OPTIONS } from './project.js';
export type { GeneratedFile, GeneratedProject, SynthesizeOptions } from './project.js';
export { SynthesisError, literal, canonicalJson } from './literals.js';
export { BundleError } from './bundle.js';
export { ArchiveError, MAX_UNPACKED_BYTES } from './tar.js';
export { curlFor } from './readme.js';
// The hand-written golden blueprints of the public prompts (reference for interpreters and tests).
export { fixtureNames as goldenBlueprintNames, loadFixture as loadGoldenBlueprint } from '../fixtures/index.js';
