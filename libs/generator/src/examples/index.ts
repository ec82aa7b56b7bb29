export { deriveExamples } from './derive.js';
