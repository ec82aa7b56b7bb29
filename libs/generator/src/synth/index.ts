export { GENERATOR_VERSION, synthesize, writeProject, packProject, packageName, projectFile, PROJECT_COMPILER_OPTIONS } from './project.js';
export type { GeneratedFile, GeneratedProject, SynthesizeOptions } from './project.js';
export { SynthesisError, literal, canonicalJson } from './literals.js';
export { BundleError } from './bundle.js';
export { curlFor } from './readme.js';
