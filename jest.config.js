// One jest run for the whole workspace, in ESM mode (Nest 12 is ESM-only).
// *.spec.ts are unit tests, *.int.spec.ts talk to real servers, *.e2e.spec.ts drive the whole platform.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    keepClassNames: true,
    target: 'es2022',
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
  swcrc: false,
};

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^@backforge/app-([^/]+)$': '<rootDir>/apps/$1/src/index.ts',
    '^@backforge/([^/]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/{apps,libs}/*/src/**/*.spec.ts', '<rootDir>/tools/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  maxWorkers: 2,
  // A generous bound: these suites must pass on a loaded 2-core machine (they wait on conditions, not on time).
  testTimeout: 300_000,
  globalSetup: '<rootDir>/libs/testing/jest/global-setup.js',
  testSequencer: '<rootDir>/libs/testing/jest/sequencer.js',
  globalTeardown: '<rootDir>/libs/testing/jest/global-teardown.js',
  reporters: ['default', '<rootDir>/libs/testing/jest/summary-reporter.js'],
};
